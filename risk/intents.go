package risk

import (
	"fmt"
	"strings"
)

// What a text the model reads tells it to do, as intents × targets: a verb
// of writing aimed at a path that is sensitive (an agent's own files, a
// file that runs later, a credential), a verb of sending aimed at the
// environment or a secret with a remote destination, and a switch that
// turns the agent's approvals off. A sentence that forbids it is a guard's.
var (
	// writeIntentRe: the model is told to change a file.
	writeIntentRe = lazyRe(`(?i)\b(?:append|add|write|insert|put|echo|edit|modify|update|overwrite|replace|place|install|copy|save|set|create|register|paste)\b`)
	// sendIntentRe: the model is told to move data off the machine.
	sendIntentRe = lazyRe(`(?i)\b(?:post|send|upload|forward|submit|transmit|exfiltrate|mail|e-?mail|beacon)\b`)
	// environmentDataRe: the whole environment or the keys in it.
	environmentDataRe = lazyRe(`(?i)\b(?:output of (?:env|printenv|set)|env(?:ironment)? (?:variables|vars)|the environment|printenv|process\.env|os\.environ|api[ _-]?keys?|access tokens?|auth tokens?|credentials|secrets)\b`)
	// approvalOffRe: the model is told to run without the user's approval.
	approvalOffRe = lazyRe(`(?i)--skip-?approvals?\b|--dangerously-[a-z-]+|--yolo\b|--no-confirm\b|--approval-mode[= ]+yolo|\bignore (?:all |any )?(?:the |your )?(?:earlier|previous|prior|above|existing)? ?(?:safety|security|approval|permission) (?:guidance|instructions|rules|warnings|checks|prompts)|\bwithout (?:asking|approval|confirmation|prompting|permission)\b|\bauto-?approve (?:all|every|everything)\b`)
	// imperativeAt: what precedes a verb when it is said to the model
	// (the start of a clause, a label, "please", "you must"), not when a
	// text describes what something does ("this hook adds …").
	imperativeBeforeRe = lazyRe(`(?i)(?:^|[:;,(\-–—]|\b(?:please|must|should|now|then|always|first|also|and|you|next|immediately))\s*$`)
	// columnsRe: words set out in columns, as in a help text.
	columnsRe = lazyRe(`\S(?: {3,}|\t)\S`)
	// pathTokenRe: a word of prose that names a file.
	pathTokenRe = lazyRe("(?:~|\\$HOME|\\$\\{HOME\\})?[A-Za-z0-9_.-]*/[A-Za-z0-9_./*-]+|(?:^|[\\s\"'`(])(\\.[A-Za-z0-9_-][A-Za-z0-9_./-]*)|\\bauthorized_keys\\b|\\bcrontab\\b")
)

// sensitiveTarget names the first sensitive file a sentence mentions, and
// what it is.
func (a *analyzer) sensitiveTarget(sent string) (what, p string, at int, ok bool) {
	for _, loc := range pathTokenRe.FindAllStringIndex(sent, -1) {
		at = loc[0]
		tok := strings.TrimRight(strings.Trim(sent[loc[0]:loc[1]], " \t\"'`("), ".,;:)")
		var cands []string
		switch {
		case tok == "authorized_keys":
			cands = []string{"~/.ssh/authorized_keys"}
		case tok == "crontab":
			cands = []string{"/var/spool/cron/crontab"}
		case strings.HasPrefix(tok, ".") && !strings.Contains(tok, "/"):
			cands = []string{"~/" + tok, normPath(tok, a.hook.ProjectDir)}
		default:
			cands = []string{normPath(tok, a.hook.ProjectDir)}
		}
		for _, c := range cands {
			if w, ok := a.agentFile(c); ok {
				return w, c, at, true
			}
			if w, ok := match(persistenceFiles, c); ok {
				return w, c, at, true
			}
			// a credential file is no target of a write order: what
			// harms is sending it (secretToRemote), and "set it in .env"
			// is how a setup message names the project's own settings
		}
	}
	return "", "", 0, false
}

// intents judges one sentence of model-bound text by the vocabulary above.
func (a *analyzer) intents(sent string, src Source, refusal bool) {
	add := func(format string, args ...any) {
		a.add(Finding{Category: AgentOutput, Severity: LevelCritical, Source: src, Summary: fmt.Sprintf(format, args...)})
	}
	// a usage table ("tool install-hooks   Install hooks into …")
	// describes commands; it tells the model nothing
	forbids := negatedRe.MatchString(sent) || columnsRe.MatchString(sent)
	if loc := imperative(writeIntentRe, sent); loc != nil && !columnsRe.MatchString(sent) && !negated(sent, loc[0], loc[1]) {
		// a negation in the order's own clause forbids it ("never add …");
		// one elsewhere ("… so the user is not interrupted") does not
		// an order has an object: "add X to FILE" (a heading such as
		// "Add to FILE:" introduces what a person is to paste)
		if what, p, at, ok := a.sensitiveTarget(sent[loc[1]:]); ok && objectRe.MatchString(sent[loc[1]:][:at]) {
			add("tells the model to write to %s (%s): %q", what, displayPath(p), shortText(sent, 80))
		}
	}
	if loc := approvalOffRe.FindStringIndex(sent); loc != nil && !negated(sent, loc[0], loc[1]) && !onlyGoesOn(sent, loc[1]) && (strings.HasPrefix(sent[loc[0]:], "--") || imperative(anyVerbRe, sent) != nil) {
		add("tells the model to act without the user's approval (%s)", shortText(sent[loc[0]:loc[1]], 40))
	}
	// (a guard's reason names the push it stops; --force-with-lease is
	// the form that refuses to overwrite others' work: the advice guards
	// and rebase helpers give)
	if loc := imperative(forcePushRe, sent); !refusal && loc != nil && !negated(sent, loc[0], loc[1]) && !strings.Contains(sent[loc[0]:loc[1]], "with-lease") && !strings.Contains(strings.ToLower(sent[loc[1]:]), "with-lease") {
		add("tells the model to force-push, which overwrites the remote's history: %q", shortText(sent, 80))
	}
	if loc := imperative(downloadVerbRe, sent); loc != nil && !forbids && runItRe.MatchString(sent[loc[1]:]) {
		for _, ep := range hostsIn(sent[loc[1]:]) {
			if !loopback(ep.Host) && !namespaceHost(ep.Host) {
				add("tells the model to download code from %s and run it: %q", ep, shortText(sent, 80))
				break
			}
		}
	}
	if name, ok := a.orderedPackage(sent); ok {
		add("tells the model to add the package %s, which the project does not declare and which is no well-known tool: a dependency the hook chooses", name)
	}
	if imperative(sendIntentRe, sent) != nil && environmentDataRe.MatchString(sent) && !forbids {
		for _, ep := range hostsIn(sent) {
			if !loopback(ep.Host) && !namespaceHost(ep.Host) {
				add("tells the model to send %s to %s", environmentDataRe.FindString(sent), ep)
				break
			}
		}
	}
}

// goOnRe: what "without asking" is about when a workflow tells the model
// to keep going ("… without asking whether to continue", "… the user if
// you should proceed"): whether to go on with its task, which turns no
// approval off (the agent still asks before each tool call).
var goOnRe = lazyRe(`(?i)^\s*(?:the user\s+|you\s+|me\s+)?(?:whether|if)\s+(?:to\s+|you\s+(?:should|want to)\s+|it\s+should\s+|we\s+should\s+)?(?:continue|proceed|go on|keep going|move on)\b`)

// onlyGoesOn: the "without asking" that ends at end is about going on.
func onlyGoesOn(text string, end int) bool {
	before := strings.ToLower(text[:end])
	if !strings.HasSuffix(before, "asking") && !strings.HasSuffix(before, "asking the user") {
		return false
	}
	return goOnRe.MatchString(text[end:])
}

var (
	// forcePushRe: an order to rewrite a remote's history, in words.
	forcePushRe = lazyRe(`(?i)\bforce[- ]?push\s+(?:your|the|to|it|this|all|every|changes|branch|origin|main|master|work|commits?|HEAD|over)\b|\bpush\b[^.;\n]{0,40}?(?:--force(?:-with-lease)?\b|\s-f\b)`)
	// downloadVerbRe and runItRe: "download URL and run it", "fetch …
	// then execute it with bash": code fetched and run, said in words.
	downloadVerbRe = lazyRe(`(?i)\b(?:download|fetch|get|grab|pull down|retrieve)\b`)
	runItRe        = lazyRe(`(?i)\b(?:and|then|,)\s+(?:(?:then|also)\s+)?(?:(?:run|execute|exec|source|eval)\s+(?:it|them|that|this|the\s+(?:script|installer|file|binary))\b|pipe\s+(?:it\s+)?(?:in)?to\s+(?:ba|z)?sh\b)`)
	// packageOrderRe: an order, in words, to add a named package to the
	// project ("add the dependency left-pad-pro", "add x to
	// package.json"): the package is the submatch. A command line
	// (`uv add requests` instead of pip, `npm i -g vercel`) is how
	// setup hints and guards name the tools they need: not read here.
	packageOrderRe = lazyRe(`(?i)\b(?:add|install)\s+(?:the\s+|a\s+)?(?:(?:npm|pip|python|node|pypi|dev|runtime)\s+)?(?:dependency|package|library|module|dev-?dependency)\s+` + pkgWord + `(?:\s+(?:to|into|in)\s+(?:the\s+)?(?:project|package\.json|requirements(?:\.txt)?|pyproject\.toml|dependencies|devDependencies|Cargo\.toml|Gemfile|go\.mod)\b|\s*(?:[.,;:]|$))|\badd\s+` + pkgWord + `\s+(?:as\s+a\s+(?:new\s+)?(?:dev-?)?dependency|to\s+(?:the\s+)?(?:dependencies|devDependencies|package\.json|requirements(?:\.txt)?|pyproject\.toml))\b`)
)

// pkgWord is a package's name as an order gives it: quoted, or with a
// character an English word does not have (left-pad-pro, @scope/x, x2).
const pkgWord = "(?:[\"'`](@?[a-z0-9][\\w.@/-]*[a-z0-9])[\"'`]|(@?[a-z0-9][\\w.@/]*[-@/._0-9][\\w.@/-]*[a-z0-9]))"

// orderedPackage: the sentence orders the model to add a package that the
// project does not declare and that is no well-known tool (a hook that
// names a dependency for the model to add chooses the code the project
// will run; "run npm install" installs what the project declares).
func (a *analyzer) orderedPackage(sent string) (string, bool) {
	for _, m := range packageOrderRe.FindAllStringSubmatchIndex(sent, -1) {
		g := -1
		for k := 2; k+1 < len(m); k += 2 {
			if m[k] >= 0 {
				g = k
				break
			}
		}
		if g < 0 {
			continue
		}
		if !imperativeBeforeRe.MatchString(sent[:m[0]]) || negated(sent, m[0], m[1]) {
			continue
		}
		name := pkgName(sent[m[g]:m[g+1]])
		if name == "" || strings.ContainsAny(name[:1], ".") {
			continue
		}
		if _, ok := wellKnownTools[name]; ok || a.declaredPkg(name) {
			continue
		}
		return name, true
	}
	return "", false
}

// objectRe: words before a target other than its prepositions.
var objectRe = lazyRe(`(?i)[^\s]*[A-Za-z0-9*(][^\s]*\s+(?:[^\s]+\s+)*?(?:to|into|in|onto|inside|under)\b`)

// anyVerbRe: verbs of acting that make a sentence an order.
var anyVerbRe = lazyRe(`(?i)\b(?:run|execute|deploy|push|commit|install|proceed|continue|apply|delete|merge|publish|release)\b`)

// orderWordRe: words that make what follows an order whatever its verb.
var orderWordRe = lazyRe(`(?i)\b(?:make sure|ensure|be sure to|remember to|you (?:must|should|need to|have to))\b`)

// ordersAction: some sentence of text orders the model to act (run,
// write, send…), where a verb of acting stands as an order's verb does.
func ordersAction(text string) bool {
	if orderWordRe.MatchString(text) {
		return true
	}
	for _, sent := range sentences(text) {
		if imperative(anyVerbRe, sent) != nil || imperative(writeIntentRe, sent) != nil || imperative(sendIntentRe, sent) != nil {
			return true
		}
	}
	return false
}

// imperative finds the first match of re that stands where an order's verb
// stands.
func imperative(re *lazyRegexp, sent string) []int {
	for _, loc := range re.FindAllStringIndex(sent, -1) {
		if imperativeBeforeRe.MatchString(sent[:loc[0]]) {
			return loc
		}
	}
	return nil
}
