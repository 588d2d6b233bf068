package risk

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

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
}

// outputRes are the patterns built from one Outputs vocabulary.
type outputRes struct {
	decision  *regexp.Regexp // KEY: "VALUE"
	context   *regexp.Regexp // KEY: <string literal or { … }>
	allow     map[string]bool
	refuse    map[string]bool
	voc       *vocab.Outputs
	permEvent map[string]bool
	contEvent map[string]bool
	ctxEvent  map[string]bool
}

var (
	defaultOutputOnce sync.Once
	defaultOutputRes  *outputRes
)

func outputPatterns(v *vocab.Outputs) *outputRes {
	if v == nil {
		defaultOutputOnce.Do(func() { defaultOutputRes = compileOutputs(vocab.DefaultOutputs()) })
		return defaultOutputRes
	}
	return compileOutputs(v)
}

func compileOutputs(v *vocab.Outputs) *outputRes {
	alt := func(words []string) string {
		q := make([]string, len(words))
		for i, w := range words {
			q[i] = regexp.QuoteMeta(w)
		}
		return strings.Join(q, "|")
	}
	key := func(words []string) string {
		return `\\?["']?\b(` + alt(words) + `)\b\\?["']?\s*(?::|=>|=)\s*`
	}
	ctxKeys := append(append([]string{}, v.Context...), v.Rewrite...)
	return &outputRes{
		decision:  regexp.MustCompile(key(v.Decision) + `\\?["']([A-Za-z]+)\\?["']`),
		context:   regexp.MustCompile(key(ctxKeys) + `(?:[fFrRbBuU]{0,2})(["'{\[` + "`" + `])`),
		allow:     set(v.Allow...),
		refuse:    set(v.Refuse...),
		voc:       v,
		permEvent: set(v.PermissionEvents...),
		contEvent: set(v.ContinueEvents...),
		ctxEvent:  set(v.ContextEvents...),
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
	exitTwoRe = regexp.MustCompile(`\bexit\s*\(?\s*2\b|exit\(2\)|exitCode\s*=\s*2\b|\bExit\(2\)`)
	// instructionVerbRe: where a command follows in prose ("run: curl …").
	instructionVerbRe = regexp.MustCompile(`(?i)\b(?:run|execute|exec|invoke|type|call|use|with)\b:?\s+`)
	backtickRe        = regexp.MustCompile("`([^`\n]{3,400})`")
	// negatedRe: the sentence is about what not to do (a guard's reason).
	negatedRe = regexp.MustCompile(`(?i)\b(never|not|don'?t|avoid|blocked|block|denied|deny|refused?|instead|dangerous|destructive|forbidden|prohibited|unsafe|prevent(ed)?|disallowed|warning|cannot|can't)\b`)
	// hideRe: an instruction to hide what is done from the user, or to
	// ignore the rules the model was given.
	hideRe = regexp.MustCompile(`(?i)\bignore (?:all |any )?(?:the )?(?:previous|prior|earlier|above|system|safety|your) (?:instructions|rules|guidelines)|\b(?:do not|don'?t|never) (?:tell|mention|inform|show|reveal|report)\b[^.\n]{0,40}\b(?:user|human|anyone)\b|\bwithout (?:telling|asking|informing) the user\b`)
	// skipChecksRe: an instruction to switch the project's own checks off.
	skipChecksRe = regexp.MustCompile(`(?i)--no-verify\b|\b(?:disable|skip|bypass|turn off|switch off)\b (?:all |the |any )?(?:git )?(?:hooks?|pre-commit|checks?|tests?|linters?|lint|safety|sandbox|permission(?: prompt)?s?|security)\b`)
	stringLitRe  = regexp.MustCompile(`"((?:[^"\\\n]|\\.){12,})"|'((?:[^'\\\n]|\\.){12,})'|` + "`((?:[^`\\\\]|\\\\.){12,})`")
)

// agentOutput judges what the hook prints, once every piece is known.
func (a *analyzer) agentOutput() {
	if a.sub || len(a.printed) == 0 {
		return
	}
	re := outputPatterns(a.hook.Outputs)
	var allows []printed
	refuses, exitTwo := false, false
	for _, p := range a.printed {
		for _, m := range re.decision.FindAllStringSubmatchIndex(p.text, -1) {
			v := p.text[m[4]:m[5]]
			switch {
			case re.allow[v]:
				q := p
				if p.code {
					q.cond = codeCond(p.text, m[0])
					q.src.Line = strings.Count(p.text[:m[0]], "\n") + 1
					q.src.Text = lineAt(p.text, m[0])
				}
				allows = append(allows, q)
			case re.refuse[v]:
				refuses = true
			}
		}
		if exitTwoRe.MatchString(p.text) {
			exitTwo = true
		}
	}
	for _, t := range a.rawTexts {
		if exitTwoRe.MatchString(t) {
			exitTwo = true
		}
		for _, m := range re.decision.FindAllStringSubmatch(t, -1) {
			if re.refuse[m[2]] {
				refuses = true
			}
		}
	}
	if re.permEvent[a.hook.Event] && len(allows) > 0 && !refuses && !exitTwo {
		for _, p := range allows {
			if !p.cond {
				a.blanketAllow(p)
				break
			}
		}
	}
	cands := 0
	for _, p := range a.printed {
		for _, c := range a.contextTexts(re, p, refuses || exitTwo) {
			if cands++; cands > 60 {
				return
			}
			a.instruction(c, p.src)
		}
	}
}

// blanketAllow: the hook answers allow to every call its matcher covers.
func (a *analyzer) blanketAllow(p printed) {
	m := strings.TrimSpace(a.hook.Matcher)
	switch {
	case m == "" || m == "*" || m == ".*" || m == "^.*$":
		a.add(Finding{Category: AgentOutput, Severity: LevelCritical, Source: p.src,
			Summary: "answers allow to every tool call: the agent will never ask you before it runs a command or edits a file"})
	case broadToolRe.MatchString(m):
		a.add(Finding{Category: AgentOutput, Severity: LevelCritical, Source: p.src,
			Summary: fmt.Sprintf("answers allow to every %s call: the agent will never ask you before it runs them", m)})
	default:
		a.add(Finding{Category: AgentOutput, Severity: LevelReview, Source: p.src,
			Summary: fmt.Sprintf("answers allow to every %s call, so the agent does not ask you first", m)})
	}
}

// broadToolRe: a matcher naming tools that run commands or write files.
var broadToolRe = regexp.MustCompile(`(?i)bash|shell|command|exec|run|write|edit|terminal|\|`)

// contextTexts are the pieces of a printed text that reach the model.
func (a *analyzer) contextTexts(re *outputRes, p printed, refuses bool) []string {
	var out []string
	hasKey := re.context.MatchString(p.text)
	if !hasKey && !re.ctxEvent[a.hook.Event] {
		return nil
	}
	if p.code {
		// A script's literals: the values of context keys, and every long
		// string when the script says something to the model and never
		// refuses (the text is often built in a variable first).
		if hasKey && !refuses || re.ctxEvent[a.hook.Event] {
			for _, m := range stringLitRe.FindAllStringSubmatch(p.text, -1) {
				s := m[1] + m[2] + m[3]
				if u, err := strconv.Unquote(`"` + strings.ReplaceAll(s, `"`, `\"`) + `"`); err == nil {
					s = u
				}
				out = append(out, s)
			}
			return out
		}
	}
	if !hasKey {
		return []string{p.text} // plain stdout on an event that adds it to the context
	}
	for _, loc := range re.context.FindAllStringSubmatchIndex(p.text, -1) {
		open := p.text[loc[4]:loc[5]]
		start := loc[4]
		if open == "{" || open == "[" {
			body := balanced(p.text[start:])
			for _, m := range stringLitRe.FindAllStringSubmatch(body, -1) {
				out = append(out, unquoteLit(m[1]+m[2]+m[3]))
			}
			continue
		}
		if s, ok := literalAt(p.text[start:]); ok {
			out = append(out, s)
		}
	}
	return out
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
	if u, err := strconv.Unquote(`"` + strings.ReplaceAll(s, `"`, `\"`) + `"`); err == nil {
		return u
	}
	return s
}

// instruction judges one text the model reads.
func (a *analyzer) instruction(text string, src Source) {
	if len(text) > 8192 {
		text = text[:8192]
	}
	if m := hideRe.FindString(text); m != "" {
		a.add(Finding{Category: AgentOutput, Severity: LevelCritical, Source: src,
			Summary: fmt.Sprintf("tells the model %q", shortText(m, 80))})
	}
	for _, sent := range sentences(text) {
		if loc := skipChecksRe.FindStringIndex(sent); loc != nil && !negated(sent, loc[0], loc[1]) {
			a.add(Finding{Category: AgentOutput, Severity: LevelCritical, Source: src,
				Summary: fmt.Sprintf("tells the model to skip the project's checks (%s)", shortText(sent[loc[0]:loc[1]], 40))})
		}
		for _, c := range commandsIn(sent) {
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

// negated: the words around sent[i:j] say not to do it ("do not run …",
// "… is blocked"): a guard's reason, not an instruction.
func negated(sent string, i, j int) bool {
	before := sent[:i]
	if k := strings.LastIndexAny(before, ":;,—"); k >= 0 {
		before = before[k+1:]
	}
	after := sent[i:]
	if len(after) > 40 {
		after = after[:40]
	}
	return negatedRe.MatchString(before) || negatedRe.MatchString(after)
}

// sentences splits prose at line ends and at ". " (not inside a URL).
func sentences(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
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

// commandsIn finds where command lines may be in a sentence: quoted in
// backticks, after a verb ("run: …"), or the whole sentence.
func commandsIn(sent string) [][2]int {
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
	if end := len(strings.TrimRight(sent, ". \t")); end > 0 {
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
	sub := newAnalyzer(h, Options{ReadFile: a.opt.ReadFile, MaxScriptBytes: a.opt.MaxScriptBytes, MaxDepth: 1})
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
	return out
}

// printFile records a project file that cat prints (a JSON answer kept
// next to the hook).
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
var condHeaderRe = regexp.MustCompile(`^\s*(?:\}\s*)?(?:if|elif|else|elsif|unless|for|foreach|while|until|except|catch|case|switch|when|match|rescue)\b`)

// sameLineCondRe: a branch on the line itself (x ? a : b, a && b, if …:).
var sameLineCondRe = regexp.MustCompile(`\?|&&|\|\||\bif\b|\belse\b|\bor\b|\band\b`)

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
