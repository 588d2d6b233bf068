package risk

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookwarden/hookwarden/risk/vocab"
)

// What the hook tells the agent: a hook's output goes into the model's
// context or decides for it. The analyser reads what a hook prints —
// the text a shell's echo, printf, heredoc, cat of a file or jq -n
// writes, and the literal dictionaries and objects of Python, JavaScript
// and PowerShell scripts — and looks for three things:
//
//   - a permission decision that is always "allow" on an event that asks
//     the user (the agent will never ask again);
//   - text that reaches the model (additionalContext, a Stop block's
//     reason, a rewritten prompt or tool input) and tells it to run
//     something the analyser rates critical, or to hide from the user or
//     skip the project's checks;
//   - the field names are vocabulary (vocab.Outputs), never an agent's
//     name in code.

// printed is one piece of text a hook writes where the agent reads it.
type printed struct {
	text string
	src  Source
	// cond: written only on some paths (inside an if, a case, after &&).
	cond bool
	// code: the raw text of a script (Python, JavaScript, PowerShell),
	// whose literals are read by pattern rather than evaluated.
	code bool
	// stderr: written to stderr, which the agents pass to the model only
	// with a blocking exit (2); otherwise the user or a log reads it.
	stderr bool
}

// outputRes are the patterns built from one Outputs vocabulary.
type outputRes struct {
	// decAfter reads `: "VALUE"` after a decision key, ctxAfter the
	// string literal or { … } after a context key (keys are found by
	// strings.Index: a pattern that starts with an alternation cannot
	// skip ahead and is slow on long scripts).
	decAfter, ctxAfter *regexp.Regexp
	ctxKeys            []string
	allow              map[string]bool
	refuse             map[string]bool
	voc                *vocab.Outputs
	permEvent          map[string]bool
	contEvent          map[string]bool
	ctxEvent           map[string]bool
	// userReason: reason keys shown to the user beside a userDecision.
	userReason, userDecision map[string]bool
	// userOnly: keys only the user reads (systemMessage).
	userOnly map[string]bool
}

// outputVocab is the vocabulary of the hook's agent, or the union of the
// agents' (vocab.DefaultOutputs with the agents' events and env files).
func (a *analyzer) outputVocab() *vocab.Outputs {
	if a.hook.Outputs != nil {
		return a.hook.Outputs
	}
	v := vocab.DefaultOutputs()
	ag := a.opt.Agents
	v.PermissionEvents, v.ContinueEvents, v.ContextEvents, v.EnvFiles = ag.PermissionEvents, ag.ContinueEvents, ag.ContextEvents, ag.EnvFileVars
	own := a.ownOutputs()
	v.Context = append(v.Context, own.Context...)
	v.Rewrite = append(v.Rewrite, own.Rewrite...)
	return v
}

// ownOutputs are the hook's agent's own output facts (none for an agent
// the registry does not know).
func (a *analyzer) ownOutputs() AgentOutputs {
	return a.opt.Agents.Outputs[a.hook.Agent]
}

// vocabKey keys the cached vocabulary of the hook: its own, or the
// default with its agent's own fields (by the agent's name).
func (a *analyzer) vocabKey() any {
	if a.hook.Outputs != nil {
		return a.hook.Outputs
	}
	if own := a.ownOutputs(); len(own.Context)+len(own.Rewrite) > 0 {
		return a.hook.Agent
	}
	return ""
}

// outputSep is what stands between a key and its value; decAfterRe and
// ctxAfterRe read the value (they name no key, so they are compiled once).
const outputSep = `^\\?["']?\]?\s*(?::|=>|=)\s*`

var (
	decAfterRe = lazyRe(outputSep + `(?:\\?["']([A-Za-z]+)\\?["']|[A-Za-z_]\w*\b)`)
	// ( opens a value a filter computes (jq's llm_request: (.llm_request |
	// .messages += [{…}])): built elsewhere, its literals are read
	ctxAfterRe = lazyRe(outputSep + `(?:[fFrRbBuU]{0,2})(["'{\[` + "`" + `]|[A-Za-z_$.(])`)
)

func compileOutputs(v *vocab.Outputs) *outputRes {
	ctxKeys := append(append(append([]string{}, v.Context...), v.Rewrite...), v.UserOnly...)
	return &outputRes{
		decAfter:     decAfterRe.get(),
		ctxAfter:     ctxAfterRe.get(),
		ctxKeys:      ctxKeys,
		allow:        set(v.Allow...),
		userReason:   set(v.UserReasons...),
		userOnly:     set(v.UserOnly...),
		userDecision: set(v.UserReasonDecisions...),
		refuse:       set(v.Refuse...),
		voc:          v,
		permEvent:    set(v.PermissionEvents...),
		contEvent:    set(v.ContinueEvents...),
		ctxEvent:     set(v.ContextEvents...),
	}
}

// print records text the hook writes to the agent.
func (a *analyzer) print(p printed) {
	if a.sub || strings.TrimSpace(p.text) == "" || len(a.printed) > 400 {
		return
	}
	a.printed = append(a.printed, p)
}

var (
	exitTwoRe = lazyRe(`\bexit\s*\(?\s*2\b|exit\(2\)|exitCode\s*=\s*2\b|\bExit\(2\)`)
	// instructionVerbRe: where a command follows in prose ("run: curl …").
	instructionVerbRe = lazyRe(`(?i)\b(?:run|execute|exec|invoke|type|call|use|with)\b:?\s+`)
	backtickRe        = lazyRe("`([^`\n]{3,400})`")
	// negatedRe: the sentence is about what not to do (a guard's reason).
	negatedRe = lazyRe(`(?i)\b(never|not|don'?t|avoid|blocked|block|denied|deny|refused?|instead|dangerous|destructive|forbidden|prohibited|unsafe|prevent(ed)?|disallowed|warning|cannot|can't)\b`)
	// hideRe: an instruction to hide what is done from the user, or to
	// ignore the rules the model was given.
	hideRe = lazyRe(`(?i)\b(?:ignore|disregard|forget|override) (?:all |any )?(?:the |of the |your )?(?:(?:previous|prior|earlier|above|system|safety|security|your|any|existing|original)\s+){1,3}(?:instructions|rules|guidelines|guidance|guardrails|policies|policy|restrictions|constraints|prompts?)|\b(?:do not|don'?t|never) (?:tell|mention|inform|show|reveal|report)\b[^.\n]{0,40}\b(?:user|human|anyone)\b|\bwithout (?:telling|asking|informing) the user\b|\b(?:do not|don'?t|never) (?:ask|consult|check with|wait for|prompt)\b[^.\n]{0,20}\b(?:user|human|me)\b[^.\n]{0,20}\b(?:confirm\w*|permission|approv\w*)`)
	// quietRe: softer ways of keeping something out of sight ("do not
	// mention it in the summary", "do this silently"): context hooks say
	// them of their own reminders, so they count only in a text that
	// also orders an act.
	quietRe = lazyRe(`(?i)\b(?:do not|don'?t|never) (?:tell|mention|inform|show|reveal|report|surface|disclose|list)\b[^.\n]{0,40}\b(?:summary|reply|response|answer|changelog|commit message|pull request|PR description)\b|\b(?:do not|don'?t|never) (?:surface|disclose) (?:this|it)\b|\bkeep (?:this|it) (?:hidden|secret) from\b|\bdo (?:this|it|so) (?:silently|quietly|secretly)\b`)
	// skipChecksRe: an instruction to switch the project's own checks off.
	skipChecksRe = lazyRe(`(?i)--no-verify\b|\b(?:disable|skip|bypass|turn off|switch off)\b[ -](?:all |the |any )?(?:git )?(?:hooks?|pre-commit|checks?|tests?|linters?|lint|safety|sandbox|permission(?: prompt)?s?|security|approvals?|confirmations?|verification|review)\b`)
	stringLitRe  = lazyRe(`"((?:[^"\\\n]|\\.){12,})"|'((?:[^'\\\n]|\\.){12,})'|` + "`((?:[^`\\\\]|\\\\.){12,})`")
)

// textFacts are what one printed text says, as far as it does not depend
// on the hook (cached per listing: many hooks print the same script).
type textFacts struct {
	allows  []int  // offsets of allow decisions
	conds   []bool // for code: whether each allow is on some paths only
	refuse  bool   // a deny, block or ask decision
	exitTwo bool   // exit 2 (a blocking exit), reached or not
	// blocks: a refusal or a blocking exit that an unconditional allow
	// before it does not make unreachable
	blocks bool
	hasKey bool // a context or rewrite key with a value
	// userOnly: a field only the user reads (the text is the agent's
	// JSON, not plain stdout, even when no field reaches the model)
	userOnly bool
	keyed    []string
	strs     []string // every long string literal (code only)
	// errStrs: the long literals of a script's lines that write to
	// stderr, when it also exits 2: the agent hands them to the model
	errStrs []string
	// elsewhere: a key whose value is built elsewhere in a printed text
	// (its literals are read as a script's are)
	elsewhere bool
	// viaParam: decisions whose value is a parameter of the function
	// that prints them (def output_decision(decision, …): …
	// "permissionDecision": decision): the callers' literals decide
	viaParam []paramRef
}

// paramRef is a function's parameter, by the function's name and the
// parameter's position.
type paramRef struct {
	fn  string
	idx int
}

func (re *outputRes) mayDecide(text string) bool {
	for _, k := range re.voc.Decision {
		if strings.Contains(text, k) {
			return true
		}
	}
	return false
}

func (re *outputRes) mayKey(text string) bool {
	for _, list := range [][]string{re.voc.Context, re.voc.Rewrite} {
		for _, k := range list {
			if strings.Contains(text, k) {
				return true
			}
		}
	}
	return false
}

// factsOf reads a text once (per Cache, for the default vocabulary).
func (a *analyzer) factsOf(re *outputRes, text string, code bool) *textFacts {
	vk, _ := a.vocabKey().(string)
	cacheable := a.opt.Cache != nil && a.hook.Outputs == nil
	key := text
	if code {
		key = "\x00code\x00" + text
	}
	if vk != "" {
		key = "\x00agent\x00" + vk + "\x00" + key
	}
	if cacheable {
		if f, ok := a.opt.Cache.outputFacts(key); ok {
			return f
		}
	}
	f := &textFacts{}
	var decisions []decisionAt
	var reasons []reasonAt
	var refusals, exits []int // offsets of refusals and blocking exits
	defer func() { f.keyed = dropUserReasons(re, f.keyed, decisions, reasons) }()
	// The patterns run only on the lines that name a key (most lines of
	// a script name none, and the patterns cannot skip ahead by a prefix).
	for off := 0; off < len(text); {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		line := text[off:end]
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "#") || strings.HasPrefix(t, "//") {
			off = end + 1 // a comment decides nothing (a decoy "deny" or "exit 2" there hides nothing)
			continue
		}
		for _, c := range []string{" #", "\t#", " //"} {
			if i := strings.Index(line, c); i >= 0 && !strings.ContainsAny(line[i:], `"'`) {
				line = line[:i] // a trailing comment, outside any quotes
			}
		}
		if re.mayDecide(line) {
			for _, m := range keyed(line, re.voc.Decision, re.decAfter) {
				v := ""
				if m[4] >= 0 {
					v = line[m[4]:m[5]]
				}
				if m[4] < 0 {
					// KEY: NAME — the value of NAME = "…" in the same text
					if id := identAfter(line[m[3]:]); id != "" {
						if vm := regexp.MustCompile(`(?m)\b` + regexp.QuoteMeta(id) + `\s*=\s*["']([A-Za-z]+)["']`).FindStringSubmatch(text); vm != nil {
							v = vm[1]
						} else if code {
							if r, ok := enclosingParam(text, off+m[0], id); ok {
								f.viaParam = append(f.viaParam, r)
							}
						}
					}
				}
				decisions = append(decisions, decisionAt{off + m[0], v})
				switch {
				case re.allow[v]:
					f.allows = append(f.allows, off+m[0])
					f.conds = append(f.conds, code && codeCond(text, off+m[0]))
				case re.refuse[v]:
					refusals = append(refusals, off+m[0])
				}
			}
		}
		if strings.Contains(line, "xit") && exitTwoRe.MatchString(line) {
			exits = append(exits, off)
		}
		if re.mayKey(line) {
			for _, loc := range keyed(line, re.ctxKeys, re.ctxAfter) {
				if re.userOnly[line[loc[2]:loc[3]]] {
					f.userOnly = true // the user reads it, the model does not
					continue
				}
				f.hasKey = true
				start := off + loc[4]
				if open := text[start : off+loc[5]]; open == "{" || open == "[" {
					for _, m := range stringLitRe.FindAllStringSubmatch(balanced(text[start:]), -1) {
						f.keyed = append(f.keyed, unquoteLit(m[1]+m[2]+m[3]))
					}
					continue
				}
				if open := text[start : off+loc[5]]; open != "\"" && open != "'" && open != "`" {
					f.elsewhere = true
					continue // KEY: name — a value built elsewhere: the script's literals are read
				}
				if s, ok := literalAt(text[start:]); ok {
					if re.userReason[line[loc[2]:loc[3]]] {
						reasons = append(reasons, reasonAt{off + loc[0], len(f.keyed)})
					}
					f.keyed = append(f.keyed, s)
				}
			}
		}
		off = end + 1
	}
	// a refusal after an unconditional allow that ends its block
	// (return, exit) is never reached: it refuses nothing. Reading code
	// by its indentation can be wrong (an unindented case arm), so that
	// reading only ever makes the hook look more permissive: a blocking
	// exit still hands its stderr to the model, reached or not.
	f.exitTwo = len(exits) > 0
	if len(refusals)+len(exits) > 0 {
		dead := deadAfterAllow(text, f.allows)
		for _, o := range refusals {
			live := !dead(o)
			f.refuse = f.refuse || live
			f.blocks = f.blocks || live
		}
		for _, o := range exits {
			f.blocks = f.blocks || !dead(o)
		}
	}
	if code || f.elsewhere {
		// a printed filter or template (jq '.llm_request.messages += [{…}]
		// | {llm_request: .llm_request}') builds the value from its own
		// literals as a script does
		// (a script's comments and docstrings say nothing to the model)
		if code {
			f.strs = codeStrings(userLinesOut(codeLines(text)))
			if f.exitTwo {
				f.errStrs = codeStrings(errLinesOnly(codeLines(text)))
			}
		} else {
			for _, m := range stringLitRe.FindAllStringSubmatch(text, -1) {
				f.strs = append(f.strs, unquoteLit(m[1]+m[2]+m[3]))
			}
		}
	}
	if cacheable {
		a.opt.Cache.storeOutputFacts(key, f)
	}
	return f
}

// userSinkRe: a line of code whose text goes to the person at the
// terminal or to a log, never to the model: stderr, a logger, an
// exception or an error.
var userSinkRe = lazyRe(`\b(?:sys\.stderr|process\.stderr|console\.(?:error|warn|debug|trace)|logging\.\w+|logger\.\w+|log\.(?:debug|info|warn|warning|error|fatal|exception)|\$stderr|STDERR|warn)\b|\b(?:raise|throw)\b|(?:Error|Exception)\(`)

// errStreamRe: a line of code that writes to stderr (not a logger or an
// exception, which go to a log or a trace).
var errStreamRe = lazyRe(`\b(?:sys\.stderr|process\.stderr|console\.error|\$stderr|STDERR|io\.stderr|os\.Stderr|\[Console\]::Error)\b|^\s*warn\b`)

// errLinesOnly keeps the lines of code that write to stderr.
func errLinesOnly(text string) string {
	if !errStreamRe.MatchString(text) {
		return ""
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if !errStreamRe.MatchString(l) {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

// userLinesOut blanks the lines of code whose strings go to the user or a
// log (an error message that says how to fix a setup is no order to the
// model): the model reads stdout and the fields it carries.
func userLinesOut(text string) string {
	if !userSinkRe.MatchString(text) {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if userSinkRe.MatchString(l) {
			lines[i] = ""
		}
	}
	return strings.Join(lines, "\n")
}

// codeStrings are a script's string literals of 12 characters or more,
// read by the code tokenizer (a short literal does not shift the pairing
// of quotes), adjacent literals and literals joined with + taken as one
// (Python's ("a " "b"), JavaScript's "a " + "b").
func codeStrings(text string) []string {
	l := langJS
	if strings.Contains(text, "def ") || strings.Contains(text, "import ") && !strings.Contains(text, " from '") && !strings.Contains(text, "require(") {
		l = langPython
	}
	var out []string
	var cur strings.Builder
	joinable := false
	flush := func() {
		if cur.Len() >= 12 {
			out = append(out, cur.String())
		}
		cur.Reset()
		joinable = false
	}
	for _, t := range tokenize(text, l) {
		switch {
		case t.kind == tokString:
			if !joinable {
				flush()
			}
			cur.WriteString(t.text)
			joinable = true
		case t.kind == tokPunct && (t.text == "+" || t.text == "\n") && cur.Len() > 0:
			// "a" + "b", or ("a "⏎ "b"): the next literal continues this one
		default:
			flush()
		}
	}
	flush()
	return out
}

// agentOutput judges what the hook prints, once every piece is known.
func (a *analyzer) agentOutput() {
	if a.sub || len(a.printed) == 0 {
		return
	}
	re := a.opt.Cache.outputs(a.vocabKey(), func() *outputRes { return compileOutputs(a.outputVocab()) })
	facts := make([]*textFacts, len(a.printed))
	var allows []printed
	refuses, exitTwo, blocks := false, false, false
	own := a.ownOutputs()
	// an agent that reads JSON on stderr as the answer of a blocking exit
	stderrAnswers := slices.Contains(own.StderrAnswers, a.hook.Event)
	for i, p := range a.printed {
		f := a.factsOf(re, p.text, p.code)
		facts[i] = f
		for k, off := range f.allows {
			if p.stderr && !stderrAnswers {
				break // a decision is read from stdout only
			}
			q := p
			if p.code {
				q.cond = f.conds[k]
				q.src.Line = strings.Count(p.text[:off], "\n") + 1
				q.src.Col = off - strings.LastIndexByte(p.text[:off], '\n')
				q.src.Text = lineAt(p.text, off)
			}
			allows = append(allows, q)
		}
		refuses = refuses || f.refuse
		exitTwo = exitTwo || f.exitTwo
		blocks = blocks || f.blocks
	}
	for _, t := range a.rawTexts {
		f := a.factsOf(re, t, false)
		refuses = refuses || f.refuse
		exitTwo = exitTwo || f.exitTwo
		blocks = blocks || f.blocks
	}
	if stderrAnswers {
		// stderr is the answer only of a blocking exit, which then
		// blocks nothing when it carries an allow
		allows = slices.DeleteFunc(allows, func(p printed) bool { return p.stderr && !exitTwo })
		if slices.ContainsFunc(allows, func(p printed) bool { return p.stderr }) {
			blocks = refuses
		}
	}
	permEvent := re.permEvent[a.hook.Event]
	if permEvent {
		// decisions a helper prints for its callers: each call's literal
		// (output_decision("allow", …) in the hook, the helper in a
		// module it imports)
		for _, f := range facts {
			for _, r := range f.viaParam {
				for _, p := range a.printed {
					if !p.code || p.stderr {
						continue
					}
					for _, c := range literalCalls(p.text, r) {
						switch {
						case re.allow[c.value]:
							q := p
							q.cond = codeCond(p.text, c.off)
							q.src.Line = strings.Count(p.text[:c.off], "\n") + 1
							q.src.Col = c.off - strings.LastIndexByte(p.text[:c.off], '\n')
							q.src.Text = lineAt(p.text, c.off)
							allows = append(allows, q)
						case re.refuse[c.value]:
							refuses = true
						}
					}
				}
			}
		}
	}
	if permEvent && len(allows) > 0 {
		blanket := false
		if !refuses && !blocks {
			for _, p := range allows {
				if !p.cond {
					a.blanketAllow(p, own)
					blanket = true
					break
				}
			}
		}
		if !blanket {
			// it decides for the user on some calls: an auto-approval
			// (of the calls it checks) that replaces the agent's prompt
			a.add(Finding{Category: AgentOutput, Severity: LevelReview, Source: allows[0].src,
				Summary: "answers allow to some of the calls it checks, so the agent does not ask you before it runs those" + a.allowIgnored(own)})
		}
	}
	a.redirects(re)
	cands := 0
	for i, p := range a.printed {
		if p.stderr && !exitTwo {
			continue
		}
		// on an event where a block makes the agent go on (Stop), the
		// block's reason is the model's next order, not a guard's refusal
		guard := (refuses || blocks) && !re.contEvent[a.hook.Event]
		texts := a.contextTexts(re, p, facts[i], guard)
		if exitTwo {
			// a blocking exit: the agent hands the hook's stderr to the
			// model (as the block's reason, or as feedback after a tool
			// or at a stop), so what it says there is read like a context
			switch {
			case p.stderr && !p.code && !facts[i].hasKey && len(texts) == 0:
				texts = []string{p.text}
			case p.code:
				texts = append(texts[:len(texts):len(texts)], facts[i].errStrs...)
			}
		}
		for _, c := range texts {
			if cands++; cands > 60 {
				return
			}
			a.instruction(c, p.src, guard)
		}
	}
}

// blanketAllow: the hook answers allow to every call its matcher covers.
func (a *analyzer) blanketAllow(p printed, own AgentOutputs) {
	m := strings.TrimSpace(a.hook.Matcher)
	note := a.allowIgnored(own)
	switch {
	case m == "" || m == "*" || m == ".*" || m == "^.*$":
		a.add(Finding{Category: AgentOutput, Severity: LevelCritical, Source: p.src,
			Summary: "answers allow to every tool call: the agent will never ask you before it runs a command or edits a file" + note})
	case broadMatcher(m):
		a.add(Finding{Category: AgentOutput, Severity: LevelCritical, Source: p.src,
			Summary: fmt.Sprintf("answers allow to every %s call: the agent will never ask you before it runs them", m) + note})
	default:
		a.add(Finding{Category: AgentOutput, Severity: LevelReview, Source: p.src,
			Summary: fmt.Sprintf("answers allow to every %s call, so the agent does not ask you first", m) + note})
	}
}

// allowIgnored says so when the hook's agent does not act on an allow
// for its event today. The risk stays: the approval outlives the agent's
// version, and one that honours the answer (as the other agents do)
// stops asking, with nothing in the hook changed.
func (a *analyzer) allowIgnored(own AgentOutputs) string {
	if !slices.Contains(own.AllowIgnored, a.hook.Event) {
		return ""
	}
	return fmt.Sprintf(" (%s's observed version does not act on this allow: the hook fails and the call is asked as usual; a version that does act on it would not ask)", a.hook.Agent)
}

// broadToolRe: a tool name that runs commands or writes files.
var broadToolRe = lazyRe(`(?i)bash|shell|command|exec|run|write|edit|terminal|patch|notebook|task|agent`)

// broadMatcher: one of the matcher's alternatives names a tool that runs
// commands or writes files, or is a pattern that matches such names
// (.*, Bash.*, mcp__.*); a list of only reading tools (Read|Glob|Grep) is
// not.
func broadMatcher(m string) bool {
	for _, alt := range strings.Split(strings.Trim(m, "^$()"), "|") {
		alt = strings.TrimSpace(alt)
		if alt == "Task" || alt == "Agent" {
			// starting a subagent is not asked about; its own calls are
			continue
		}
		if alt == "" || broadToolRe.MatchString(alt) || strings.ContainsAny(alt, "*+?[.\\") {
			return true
		}
	}
	return false
}

// contextTexts are the pieces of a printed text that reach the model.
func (a *analyzer) contextTexts(re *outputRes, p printed, f *textFacts, refuses bool) []string {
	if !f.hasKey && !re.ctxEvent[a.hook.Event] {
		return nil
	}
	if p.code && (f.hasKey && !refuses || re.ctxEvent[a.hook.Event]) {
		// A script's literals: every long string when the script says
		// something to the model and never refuses (the text is often
		// built in a variable first).
		return f.strs
	}
	if !f.hasKey {
		if f.userOnly && !p.code {
			return nil // JSON for the user alone: not plain stdout
		}
		return []string{p.text} // plain stdout on an event that adds it to the context
	}
	if f.elsewhere && !refuses {
		return append(append([]string{}, f.keyed...), f.strs...)
	}
	return f.keyed
}

// balanced returns the {…} or […] that starts s (or s up to 4 KiB).
func balanced(s string) string {
	depth := 0
	var quote byte
	for i := 0; i < len(s) && i < 4096; i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if depth == 0 {
				return s[:i+1]
			}
		}
	}
	if len(s) > 4096 {
		return s[:4096]
	}
	return s
}

// literalAt reads the string literal that starts s.
func literalAt(s string) (string, bool) {
	if s == "" {
		return "", false
	}
	q := s[0]
	for i := 1; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		if s[i] == q {
			return unquoteLit(s[1:i]), true
		}
	}
	return "", false
}

func unquoteLit(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	if u, err := strconv.Unquote(`"` + s + `"`); err == nil {
		return u // its double quotes escaped already (\")
	}
	if u, err := strconv.Unquote(`"` + strings.ReplaceAll(s, `"`, `\"`) + `"`); err == nil {
		return u
	}
	return strings.NewReplacer(`\"`, `"`, `\'`, "'", `\\`, `\`, `\n`, "\n", `\t`, "\t").Replace(s)
}

// instruction judges one text the model reads (once per Cache). refusal:
// the hook refuses the call the text comes with (a deny, a block that
// stops a tool, exit 2), so the text is why: what it names bare (a
// guard's pattern, "matches dangerous pattern 'curl | sh'") is what was
// refused, and only a command it marks as one (in backticks, after "run")
// is read as an order.
func (a *analyzer) instruction(text string, src Source, refusal bool) {
	if len(text) > 8192 {
		text = text[:8192]
	}
	key := a.hook.ProjectDir + "\x00" + text
	if refusal {
		key = "\x01" + key
	}
	if a.opt.Cache != nil {
		if fs, ok := a.opt.Cache.instructionFindings(key); ok {
			for _, f := range fs {
				f.Source = src
				a.add(f)
			}
			return
		}
		before := len(a.findings)
		defer func() {
			var fs []Finding
			for _, f := range a.findings[before:] {
				f.Source = Source{}
				fs = append(fs, f)
			}
			a.opt.Cache.storeInstructionFindings(key, fs)
		}()
	}
	m := ""
	if loc := hideRe.FindStringIndex(text); loc != nil && !onlyGoesOn(text, loc[1]) {
		m = text[loc[0]:loc[1]]
	}
	if m == "" {
		if q := quietRe.FindString(text); q != "" && ordersAction(text) {
			m = q
		}
	}
	if m != "" {
		a.add(Finding{Category: AgentOutput, Severity: LevelCritical, Source: src,
			Summary: fmt.Sprintf("tells the model %q", shortText(m, 80))})
	}
	for _, sent := range sentences(text) {
		a.intents(sent, src, refusal)
		// (a help text's table row, "FLAG=1      skip hook auto-install",
		// describes an option; --no-verify is a command's word anywhere)
		if loc := skipChecksRe.FindStringIndex(sent); loc != nil && !negated(sent, loc[0], loc[1]) && (!refusal || insideCommand(sent, loc, true)) &&
			(strings.HasPrefix(sent[loc[0]:], "--") || !columnsRe.MatchString(sent)) {
			a.add(Finding{Category: AgentOutput, Severity: LevelCritical, Source: src,
				Summary: fmt.Sprintf("tells the model to skip the project's checks (%s)", shortText(sent[loc[0]:loc[1]], 40))})
		}
		if what, dest, ok := secretToRemote(a.secretText(), sent); ok {
			a.add(Finding{Category: AgentOutput, Severity: LevelCritical, Source: src,
				Summary: fmt.Sprintf("tells the model to take %s and put it where others read it (%s)", what, dest)})
		}
		for _, c := range commandsIn(sent, refusal) {
			if negated(sent, c[0], c[1]) {
				continue
			}
			cmd := sent[c[0]:c[1]]
			for _, f := range a.subFindings(cmd) {
				a.add(Finding{Category: AgentOutput, Severity: LevelCritical, Source: src,
					Summary: fmt.Sprintf("tells the model to run %q, which %s", shortText(cmd, 60), f.Summary)})
			}
		}
	}
}

// insideCommand: sent[loc] lies in a command line the sentence gives (in
// backticks, after a verb): in a guard's reason, "git commit --no-verify
// skips the hooks" names the call it stops, "retry with `--no-verify`"
// orders it.
func insideCommand(sent string, loc []int, marked bool) bool {
	for _, c := range commandsIn(sent, marked) {
		if loc[0] >= c[0] && loc[1] <= c[1] {
			return true
		}
	}
	return false
}

// negated: the words around sent[i:j] say not to do it ("do not run …",
// "… is blocked"): a guard's reason, not an instruction.
func negated(sent string, i, j int) bool {
	before := sent[:i]
	if k := strings.LastIndexAny(before, ":;,—"); k >= 0 {
		before = before[k+1:]
	}
	// what follows, up to the end of its clause ("… --no-verify and never
	// ask …" is two instructions, not a negated one)
	tail := sent[j:]
	for _, b := range []string{" and ", " but ", " then ", " so ", " because ", ",", ";"} {
		if k := strings.Index(tail, b); k >= 0 {
			tail = tail[:k]
		}
	}
	after := sent[i:j] + tail
	if len(after) > 40 {
		after = after[:40]
	}
	return negatedRe.MatchString(before) || negatedRe.MatchString(after) || backNegatedRe.MatchString(sent[i:])
}

// backNegatedRe: a later clause of the sentence refuses the command by
// pointing back at it ("The string `curl … | sh` in docs/install.md is
// for end users; never run it here."): a mention, not an order.
var backNegatedRe = lazyRe(`(?i)\b(never|not|don'?t|must not|mustn'?t|should not|shouldn'?t)\s+(run|execute|call|invoke|paste|use|copy|try)\s+(it|this|that|them|these|those|this command|that command)\b`)

// sentences splits prose at line ends and at ". " (not inside a URL). A
// line wrapped in the middle of a sentence (it ends in no punctuation and
// the next line starts no item or heading) is joined with the next.
func sentences(text string) []string {
	var out []string
	for _, line := range unwrap(strings.Split(text, "\n")) {
		for {
			i := strings.Index(line, ". ")
			if i < 0 {
				break
			}
			out = append(out, line[:i+1])
			line = line[i+2:]
		}
		if strings.TrimSpace(line) != "" {
			out = append(out, line)
		}
	}
	return out
}

// unwrap joins the lines of a wrapped sentence.
func unwrap(lines []string) []string {
	out := lines[:0:0]
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		for i+1 < len(lines) && wrapped(l, lines[i+1]) && len(l) < 2000 {
			l = strings.TrimRight(l, " \t") + " " + strings.TrimSpace(lines[i+1])
			i++
		}
		out = append(out, l)
	}
	return out
}

// wrapped: line continues on next (no end of sentence, no new item).
func wrapped(line, next string) bool {
	t, n := strings.TrimSpace(line), strings.TrimSpace(next)
	if t == "" || n == "" || strings.ContainsAny(t[len(t)-1:], ".!?:;|`") {
		return false
	}
	// a next line that starts with a value put in at run time (a
	// template's ${name}, a shell's $VAR) is text of its own: the
	// literal line before it ended where its author broke it
	if strings.ContainsAny(n[:1], "-*#>|+•{}[]$") || n[0] >= '0' && n[0] <= '9' || n[0] >= 'A' && n[0] <= 'Z' {
		return false
	}
	return true
}

// commandsIn finds where command lines may be in a sentence: quoted in
// backticks, after a verb ("run: …"), or the whole sentence.
func commandsIn(sent string, marked bool) [][2]int {
	var out [][2]int
	for _, m := range backtickRe.FindAllStringSubmatchIndex(sent, -1) {
		out = append(out, [2]int{m[2], m[3]})
	}
	for _, loc := range instructionVerbRe.FindAllStringIndex(sent, -1) {
		end := len(strings.TrimRight(sent, ". \t"))
		if end > loc[1] {
			out = append(out, [2]int{loc[1], end})
		}
	}
	// the whole sentence, when it reads as a command line rather than a
	// label ("format filesystem" in a guard's table is prose: no shell
	// punctuation, no path, no option)
	if marked {
		return out
	}
	// a command after a label ("Install the helper: wget -qO- … | sh"):
	// the words before the colon name it, the rest is the command line
	if i := strings.Index(sent, ": "); i > 0 {
		if end := len(strings.TrimRight(sent, ". \t")); end > i+2 {
			out = append(out, [2]int{i + 2, end})
		}
	}
	if end := len(strings.TrimRight(sent, ". \t")); end > 0 && (len(out) > 0 || strings.ContainsAny(sent[:end], "|;&$/<>=`'\"~") || strings.Contains(sent[:end], " -")) {
		out = append(out, [2]int{0, end})
	}
	return out
}

// subFindings analyses a command line the model is told to run, alone,
// and keeps what is critical.
func (a *analyzer) subFindings(cmd string) []Finding {
	if strings.TrimSpace(cmd) == "" || a.budget <= 0 {
		return nil
	}
	a.budget--
	h := Hook{Agent: a.hook.Agent, Command: cmd, ProjectDir: a.hook.ProjectDir, Scripts: []Script{}}
	sub := newAnalyzer(h, Options{ReadFile: a.opt.ReadFile, MaxScriptBytes: a.opt.MaxScriptBytes, MaxDepth: 1, Agents: a.opt.Agents})
	sub.secretTextRe = a.secretTextRe
	sub.sub = true
	sub.budget = 20
	func() {
		defer func() { _ = recover() }()
		sub.newShell("", cmd, 0).run()
	}()
	var out []Finding
	for _, f := range sub.findings {
		if f.Severity == LevelCritical && f.Category != Unreadable && f.Category != Obfuscation {
			out = append(out, f)
			break
		}
	}
	if len(out) == 0 {
		// code that evaluates what it downloads, read as text as in the
		// files the hook runs (node -e "fetch(…).then(eval)"); a pipe into
		// a shell the shell reading above already judges
		if m := evalFetchRe.FindString(cmd) + fetchThenEvalRe.FindString(cmd); m != "" {
			out = append(out, Finding{Category: DownloadExec, Severity: LevelCritical, Summary: fmt.Sprintf("runs code it downloads (%s)", shortText(m, 60))})
		}
	}
	return out
}

// printFile records a project file that cat prints (a JSON answer kept
// next to the hook).
// projectText is the text of a file of the project (false when the path
// is outside it or cannot be read).
func (sh *shell) projectText(name string) (string, bool) {
	p := normPath(name, sh.a.hook.ProjectDir)
	d := sh.a.hook.ProjectDir
	if d == "" || !strings.HasPrefix(p, "$PROJECT/") || strings.HasPrefix(p, "$PROJECT/..") {
		return "", false
	}
	s := sh.a.readScript(filepath.Join(d, filepath.FromSlash(strings.TrimPrefix(p, "$PROJECT/"))), "")
	if s.Err != nil || len(s.Content) == 0 {
		return "", false
	}
	return string(s.Content), true
}

func (sh *shell) printFile(v value, n syntax.Node) {
	if !v.known || sh.a.sub {
		return
	}
	p := normPath(v.s, sh.a.hook.ProjectDir)
	d := sh.a.hook.ProjectDir
	if d == "" || !strings.HasPrefix(p, "$PROJECT/") {
		return
	}
	s := sh.a.readScript(filepath.Join(d, filepath.FromSlash(strings.TrimPrefix(p, "$PROJECT/"))), "")
	if s.Err != nil || len(s.Content) == 0 {
		return
	}
	sh.printed(string(s.Content), n)
}

// condHeaderRe: a line that opens a branch (if, else, case, a loop, an
// exception handler) in Python, JavaScript, PowerShell, Ruby or Perl.
var condHeaderRe = lazyRe(`^\s*(?:\}\s*)?(?:if|elif|else|elsif|unless|for|foreach|while|until|except|catch|case|switch|when|match|rescue)\b`)

// sameLineCondRe: a branch on the line itself (x ? a : b, a && b, if …:).
var sameLineCondRe = lazyRe(`\?|&&|\|\||\bif\b|\belse\b|\bor\b|\band\b`)

// endsBlockRe: what ends a block on every path: a return, an exit.
var endsBlockRe = lazyRe(`^(?:return\b[^{}]*|(?:process|sys|os|Deno)\.exit\s*\([^()]*\)|exit(?:\s+\d+)?|exit\s*\([^()]*\))\s*;?\s*$`)

// blockStartRe: a definition that starts code of its own at the same
// indentation (a function is reached by its calls, not by falling through).
var blockStartRe = lazyRe(`^\s*(?:export\s+)?(?:async\s+)?(?:function\b|def\b|class\b|sub\b|[A-Za-z_][\w-]*\s*\(\)\s*\{)`)

// lineEnd is the offset of the end of the line of text that starts at off
// (its newline, or the end of text).
func lineEnd(text string, off int) int {
	if e := strings.IndexByte(text[off:], '\n'); e >= 0 {
		return off + e
	}
	return len(text)
}

// deadAfterAllow says which offsets of text are never reached because an
// unconditional allow before them ends its block (…allow…); return;):
// the rest of that block, up to a line that is less indented or starts
// a definition of its own.
func deadAfterAllow(text string, allows []int) func(int) bool {
	type span struct{ from, to int }
	var spans []span
	for _, a := range allows {
		if codeCond(text, a) {
			continue
		}
		start := strings.LastIndexByte(text[:a], '\n') + 1
		ind := indentOf(text[start:])
		end := strings.IndexByte(text[a:], '\n')
		if end < 0 {
			continue
		}
		end += a
		// the terminator: after the allow on its own line (…; return;),
		// or the next statement at the allow's indentation
		term := -1
		rest := strings.TrimRight(text[a:end], "; \t\r")
		if i := strings.LastIndexAny(rest, ";)"); i >= 0 && endsBlockRe.MatchString(strings.TrimSpace(rest[i+1:])) {
			term = end
		} else {
			for off := end + 1; off < len(text); {
				e := lineEnd(text, off)
				l := strings.TrimSpace(text[off:e])
				if l == "" || strings.Trim(l, "})];,") == "" && indentOf(text[off:e]) >= ind {
					off = e + 1
					continue
				}
				if indentOf(text[off:e]) == ind && endsBlockRe.MatchString(l) {
					term = e
				}
				break
			}
		}
		if term < 0 || term >= len(text) {
			continue
		}
		to := len(text)
		for off := term + 1; off < len(text); {
			e := lineEnd(text, off)
			l := text[off:e]
			if strings.TrimSpace(l) != "" && (indentOf(l) < ind || indentOf(l) == ind && blockStartRe.MatchString(l)) {
				to = off
				break
			}
			off = e + 1
		}
		spans = append(spans, span{term, to})
	}
	return func(o int) bool {
		for _, s := range spans {
			if o > s.from && o < s.to {
				return true
			}
		}
		return false
	}
}

// codeCond: the text at off is written only on some paths, judged by the
// lines that enclose it (by indentation) and the line itself.
func codeCond(text string, off int) bool {
	start := strings.LastIndexByte(text[:off], '\n') + 1
	if sameLineCondRe.MatchString(text[start:off]) {
		return true
	}
	ind := indentOf(text[start:])
	lines := strings.Split(text[:start], "\n")
	for i := len(lines) - 1; i >= 0 && ind > 0; i-- {
		l := lines[i]
		if strings.TrimSpace(l) == "" {
			continue
		}
		if n := indentOf(l); n < ind {
			ind = n
			if condHeaderRe.MatchString(l) {
				return true
			}
		}
	}
	return false
}

func indentOf(l string) int {
	n := 0
	for _, c := range l {
		switch c {
		case ' ':
			n++
		case '\t':
			n += 4
		default:
			return n
		}
	}
	return n
}

func lineAt(text string, off int) string {
	start := strings.LastIndexByte(text[:off], '\n') + 1
	end := strings.IndexByte(text[off:], '\n')
	if end < 0 {
		return strings.TrimSpace(text[start:])
	}
	return strings.TrimSpace(text[start : off+end])
}

// keyed finds KEY<after> in a line for each key, as the submatch indexes
// of one pattern (whole match, the key, after's group).
func keyed(line string, keys []string, after *regexp.Regexp) [][]int {
	var out [][]int
	for _, k := range keys {
		for from := 0; from < len(line); {
			i := strings.Index(line[from:], k)
			if i < 0 {
				break
			}
			p := from + i
			from = p + len(k)
			if p > 0 && wordByte(line[p-1]) || from < len(line) && wordByte(line[from]) {
				continue
			}
			if g := after.FindStringSubmatchIndex(line[from:]); g != nil {
				m := []int{p, from + g[1], p, from, -1, -1}
				if g[2] >= 0 {
					m[4], m[5] = from+g[2], from+g[3]
				}
				out = append(out, m)
			}
		}
	}
	return out
}

func wordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

var identAfterRe = lazyRe(`^\\?["']?\s*(?::|=>|=)\s*([A-Za-z_]\w*)`)

// identAfter is the variable a key's value is taken from (KEY: NAME).
func identAfter(s string) string {
	if m := identAfterRe.FindStringSubmatch(s); m != nil && m[1] != "true" && m[1] != "false" && m[1] != "None" && m[1] != "null" {
		return m[1]
	}
	return ""
}

// enclosingParam: name is a parameter of the function whose body holds
// text[off].
func enclosingParam(text string, off int, name string) (paramRef, bool) {
	heads := funcHeaderRe.FindAllStringSubmatchIndex(text[:off], -1)
	if len(heads) == 0 {
		return paramRef{}, false
	}
	h := heads[len(heads)-1]
	fn := ""
	for g := 1; g <= 4; g++ {
		if h[2*g] >= 0 {
			fn = text[h[2*g]:h[2*g+1]]
		}
	}
	if fn == "" {
		return paramRef{}, false
	}
	for i, p := range paramNames(text[h[10]:h[11]]) {
		if p == name {
			return paramRef{fn: fn, idx: i}, true
		}
	}
	return paramRef{}, false
}

// literalCalls are the calls of r.fn in text whose argument at r.idx is a
// word in quotes (output_decision("allow", "…")), with its offset.
func literalCalls(text string, r paramRef) []decisionAt {
	var out []decisionAt
	for off := 0; ; {
		i := strings.Index(text[off:], r.fn+"(")
		if i < 0 {
			return out
		}
		at := off + i
		off = at + len(r.fn) + 1
		if at > 0 && wordByte(text[at-1]) || strings.HasSuffix(strings.TrimRight(text[:at], " \t"), "def") || strings.HasSuffix(strings.TrimRight(text[:at], " \t"), "function") {
			continue // another name that ends in fn, or fn's own header
		}
		args := text[off:]
		for k := 0; k < r.idx && args != ""; k++ {
			j := strings.IndexByte(args, ',')
			if j < 0 {
				args = ""
				break
			}
			args = args[j+1:]
		}
		if m := quotedWordRe.FindStringSubmatch(args); m != nil {
			out = append(out, decisionAt{at, m[1]})
		}
		if len(out) > 200 {
			return out
		}
	}
}

// quotedWordRe: a word in quotes at the start of an argument.
var quotedWordRe = lazyRe(`^\s*["']([A-Za-z]+)["']\s*[,)]`)

type decisionAt struct {
	off   int
	value string
}

type reasonAt struct {
	off, keyed int
}

// dropUserReasons leaves out of keyed the reasons that go to the user,
// not to the model: a reason whose nearest decision in the text (the one
// of its object) is one the agent shows the user ("ask": the user is asked
// and reads why; it is no instruction to the model).
func dropUserReasons(re *outputRes, keyed []string, decisions []decisionAt, reasons []reasonAt) []string {
	if len(reasons) == 0 || len(decisions) == 0 {
		return keyed
	}
	drop := map[int]bool{}
	for _, r := range reasons {
		best, dist := "", -1
		for _, d := range decisions {
			x := d.off - r.off
			if x < 0 {
				x = -x
			}
			if dist < 0 || x < dist {
				best, dist = d.value, x
			}
		}
		if re.userDecision[best] && dist < 400 {
			drop[r.keyed] = true
		}
	}
	out := keyed[:0:0]
	for i, k := range keyed {
		if !drop[i] {
			out = append(out, k)
		}
	}
	return out
}

var (
	// envFileWordRe: a project's .env file named in prose (not .env.example).
	envFileWordRe = lazyRe(`(?:^|[\s'"(/])\.env(?:\.local|\.production|\.prod)?\b(?:[^.\w-]|$)`)
	// takeVerbRe: a verb that makes the model read or move a file's text.
	takeVerbRe = lazyRe(`(?i)\b(?:read|cat|open|load|include|append|embed|attach|paste|copy|send|upload|post|print|output|dump|encode|urlencode)\b`)
	// carryRe: where the text then goes, beyond the model: a fetch, a
	// message or an artefact others read.
	// The conversation itself counts: what the model prints there is sent
	// to the model's provider and kept in the transcript.
	carryRe = lazyRe(`(?i)\b(?:WebFetch|web_fetch|fetch|curl|wget|upload|send|post|e-?mail|gist|webhook|commit message|commit messages|pull request|PR description|issue|comment|query string|url|(?:in|into|to) (?:the|this) (?:chat|conversation)|in your (?:reply|response|answer))\b`)
)

// secretToRemote: a sentence telling the model to read a secret (a
// credential file, a .env) and carry it somewhere others read (a URL, a
// fetch, a commit message, a post): the secret leaves the machine through
// the model's own tools. A sentence that says not to is a guard's.
func secretToRemote(secretText *regexp.Regexp, sent string) (what, dest string, ok bool) {
	loc := secretText.FindStringIndex(sent)
	if loc == nil {
		loc = envFileWordRe.FindStringIndex(sent)
	}
	if loc == nil || negated(sent, loc[0], loc[1]) || negatedRe.MatchString(sent) {
		return "", "", false
	}
	if !takeVerbRe.MatchString(sent) {
		return "", "", false
	}
	what = strings.Trim(sent[loc[0]:loc[1]], " '\"(/")
	for _, ep := range hostsIn(sent) {
		if !loopback(ep.Host) && !namespaceHost(ep.Host) {
			return what, ep.String(), true
		}
	}
	if m := carryRe.FindString(sent); m != "" {
		return what, m, true
	}
	return "", "", false
}

// redirects: the hook answers with a rewritten tool call or model request
// (updatedInput, tool_input, llm_request…) that names an address of its
// own: what the agent fetches, sends or runs goes to that host instead,
// with what the agent meant for the original.
func (a *analyzer) redirects(re *outputRes) {
	for _, p := range a.printed {
		if p.code {
			continue // a script's every line is not what it prints
		}
		key := ""
		for _, k := range re.voc.Rewrite {
			if strings.Contains(p.text, k) {
				key = k
				break
			}
		}
		if key == "" {
			continue
		}
		for _, ep := range hostsIn(p.text) {
			if ep.Dynamic || loopback(ep.Host) || docHost(ep.Host) || privateAddr(ep.Host) {
				continue
			}
			a.add(Finding{Category: AgentOutput, Severity: LevelCritical, Source: p.src,
				Summary: fmt.Sprintf("rewrites what the agent runs or fetches (%s) to go through %s: the agent's request and what it carries reach that host", key, ep)})
			return
		}
	}
}
