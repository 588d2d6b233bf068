package risk

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/hookwarden/hookwarden/hooks"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/risk/vocab"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Hook is what the analyser reads: one hook of any agent.
type Hook struct {
	Agent   string // the agent's name (agents.Info.Name)
	Event   string
	Matcher string
	// Command is the shell command; Args the exec-form arguments (the
	// program is Command, or Args[0] when Command is empty).
	Command string
	Args    []string
	// URL is the endpoint of an HTTP hook (Claude Code "type": "http").
	URL string
	Env map[string]string
	// ProjectDir is the folder the agent runs the hook in.
	ProjectDir string
	// Scripts are the files the hook runs, when the caller has read them
	// already; nil means the analyser finds and reads them itself.
	Scripts []Script
	// Files are the files the caller's approval gate fingerprints for
	// this hook: what its discovery resolved (with the agent's own
	// runtime) and the files a traced run recorded in the approval. Each
	// is analysed as well as what the analyser finds itself (a file once),
	// so the analysis reads at least what approving the hook vouches for.
	// A traced file that is not code (a configuration it read) is
	// fingerprinted by the gate and not analysed here.
	Files []Script
	// Outputs is the vocabulary of the output fields the hook's agent
	// acts on (nil: vocab.DefaultOutputs with Options.Agents' events,
	// every agent's).
	Outputs *vocab.Outputs
	// Floors are what the hook's agent knows of the entry that no
	// reading of what it runs says (a key the agent's version does not
	// know, a setting that loosens its sandbox, a file it cannot read):
	// each is a finding of the report, whose level is at least theirs.
	Floors []Finding
}

// Script is a file a hook runs, as read (or why it could not be).
type Script struct {
	Path    string // absolute
	Via     string // interpreter ("" for the program itself)
	Content []byte
	// Err says why the content could not be read (missing, too big…).
	Err error
}

// Options tune an analysis.
type Options struct {
	// ReadFile reads a script; when nil, only regular files are read (a
	// named pipe or device where a script should be is refused, never
	// waited on) and no more than MaxScriptBytes+1 bytes of them.
	ReadFile func(path string) ([]byte, error)
	// MaxScriptBytes is the size above which a script is not read
	// (1 MiB when 0).
	MaxScriptBytes int
	// MaxDepth bounds how deep scripts that run scripts are followed
	// (4 when 0).
	MaxDepth int
	// Cache, when set, shares script reads and analyses between calls
	// (made with one Agents).
	Cache *Cache
	// Agents are the agents' own files and variables (the registry's
	// facts): the analysis knows no agent but through them.
	Agents Agents
}

const defaultMaxScript = 1 << 20

// Analyze reads a hook and says what it would do.
func Analyze(h Hook, opt Options) (rep Report) {
	a := newAnalyzer(h, opt)
	defer func() {
		// Fail closed: a bug in the analyser must not read as a clean hook.
		if p := recover(); p != nil {
			a.add(Finding{Category: Unreadable, Severity: LevelReview, Source: Source{Text: shortText(h.Command, 80)},
				Summary: fmt.Sprintf("Hookwarden's risk analysis failed on this hook (%v); read it yourself", p)})
			rep = a.report()
		}
	}()
	a.run()
	return a.report()
}

type analyzer struct {
	hook     Hook
	opt      Options
	findings []Finding
	seen     map[string]bool // finding identity
	scripts  map[string]bool // script paths analysed
	budget   int             // nested analyses left (against blow-ups)
	// funcCalls counts shell function bodies analysed at their calls.
	funcCalls int
	// stashMade: a git stash push was read (git_stash.go).
	stashMade bool
	// codeStashBack: the code file being read puts a stash back (its
	// string literals say git stash pop/apply and never drop or clear):
	// its own stash is a checkpoint (git_stash.go).
	codeStashBack bool
	// envSet are the variables the lines this hook wrote into the
	// agent's env file set, in order (envfile.go).
	envSet  map[string]string
	pkgDeps map[string]bool // the project's own npm dependencies
	pyDeps  map[string]bool // the project's own Python dependencies
	pyTools map[string]bool // the tools pyproject.toml configures ([tool.NAME])
	// makeTargets are the targets the hook's make commands name, by
	// Makefile path ("" the default goal; nil: named at run time).
	makeTargets map[string][]string
	// printed is what the hook writes where the agent reads it, rawTexts
	// the raw text of its command and scripts (see output.go).
	printed  []printed
	rawTexts []string
	// ownText is the hook's own command among rawTexts: read without the
	// cache (textscan.go), which keeps the texts many hooks share.
	ownText string
	// diags are what makes the hook fail rather than what it does.
	diags []Finding
	// sub: an analysis of a command line found in the hook's output,
	// whose own output is not judged again.
	sub bool
	// followed are the shell scripts a discovery of this analysis
	// already followed into what they run (see discover).
	followed map[string]bool
	// resolved are the words (as written) that a discovery resolved to a
	// file: a program path it found is no program chosen at run time.
	resolved map[string]bool
	// defaulted are the project programs named through a variable's
	// default (${DIR:-.}/x.sh) that discovery leaves unresolved.
	defaulted []string
	// secretTextRe is secretTextRe with the agents' credential files
	// (secretText builds it).
	secretTextRe *regexp.Regexp
	// wrappers are the functions of the hook's code files that run a
	// parameter as a command, by name (see wrappers.go)
	wrappers       map[string]wrapper
	wrapperScanned map[string]bool // files learnWrappers read
	// trees are discovery's syntax trees of the texts it read for this
	// analysis (see parsed): a few (the command, a script's text).
	trees []parsedText
}

func newAnalyzer(h Hook, opt Options) *analyzer {
	if opt.MaxScriptBytes == 0 {
		opt.MaxScriptBytes = defaultMaxScript
	}
	if opt.MaxDepth == 0 {
		opt.MaxDepth = 4
	}
	return &analyzer{hook: h, opt: opt, seen: map[string]bool{}, scripts: map[string]bool{}, budget: 200, followed: map[string]bool{}, resolved: map[string]bool{}}
}

func (a *analyzer) run() {
	h := a.hook
	for _, f := range h.Floors {
		a.add(f)
	}
	a.env()
	if h.URL != "" {
		a.httpHook()
	}
	cmd := h.Command
	if len(h.Args) > 0 {
		parts := make([]string, 0, len(h.Args)+1)
		if cmd != "" {
			parts = append(parts, shellQuote(cmd))
		}
		for _, arg := range h.Args {
			parts = append(parts, shellQuote(arg))
		}
		cmd = strings.Join(parts, " ")
	}
	if strings.TrimSpace(cmd) == "" {
		return
	}
	for ph, with := range vocab.Placeholders() {
		cmd = strings.ReplaceAll(cmd, ph, with)
	}
	a.rawTexts = append(a.rawTexts, cmd)
	a.ownText = cmd
	var found *discovered
	if h.Scripts == nil {
		// Discovery first: the shell scripts it followed need not be
		// discovered again from their own text when the walk reaches them.
		found = a.discover(cmd)
		if found != nil {
			// the wrappers of every code file, before a caller is read
			a.learnWrappers(found)
		}
	}
	sh := a.newShell("", cmd, 0)
	sh.run()
	for _, s := range h.Scripts {
		a.script(s, 1)
	}
	if found != nil {
		a.analyseDiscovered(found, 1)
	}
	a.readDefaulted(1)
	a.gateFiles()
	a.agentOutput()
	a.textFallback()
}

// env looks at the hook's own environment: variables that load code into
// every process it starts.
func (a *analyzer) env() {
	keys := make([]string, 0, len(a.hook.Env))
	for k := range a.hook.Env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := a.hook.Env[k]
		src := Source{Text: k + "=" + v}
		switch k {
		case "BASH_ENV", "ENV", "LD_PRELOAD", "LD_LIBRARY_PATH", "DYLD_INSERT_LIBRARIES", "PYTHONSTARTUP", "PERL5OPT", "RUBYOPT", "PROMPT_COMMAND", "ZDOTDIR", "GIT_SSH_COMMAND":
			a.add(Finding{Category: Obfuscation, Severity: LevelCritical, Source: src,
				Summary: fmt.Sprintf("sets %s in the hook's environment, which loads %s into the programs it starts without it showing in the command", k, shortText(v, 60))})
		case "GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER", "GIT_EDITOR", "EDITOR", "VISUAL", "GIT_SEQUENCE_EDITOR", "GIT_ASKPASS", "SSH_ASKPASS",
			"GIT_PROXY_COMMAND", "GIT_SSH", "LESSOPEN", "LESSCLOSE", "MANPAGER", "SUDO_ASKPASS":
			// a command the programs the hook starts run for it (less
			// runs LESSOPEN's pipe on every file it shows): read as the
			// hook's own, as the same assignment in its command is
			cmd := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), "|"))
			if cmd != "" && a.budget > 0 {
				a.budget--
				a.newShell("", cmd, 0).run()
			}
		case "NODE_OPTIONS", "PYTHONPATH", "PYTHONHOME", "NODE_PATH":
			if strings.Contains(v, "--require") || strings.Contains(v, "-r ") || strings.Contains(v, "--import") || k != "NODE_OPTIONS" {
				a.add(Finding{Category: Obfuscation, Severity: LevelReview, Source: src,
					Summary: fmt.Sprintf("sets %s in the hook's environment, which changes what code the interpreter loads", k)})
			}
		case "PATH":
			first := strings.SplitN(v, ":", 2)[0]
			if first != "" && !strings.HasPrefix(first, "/usr") && !strings.HasPrefix(first, "/bin") && !strings.HasPrefix(first, "$PATH") {
				a.add(Finding{Category: Obfuscation, Severity: LevelReview, Source: src,
					Summary: fmt.Sprintf("puts %s first on PATH, so the programs the command names may be replaced by files there", first)})
			}
		}
		if a.homeVar(k) {
			a.add(Finding{Category: SelfTampering, Severity: LevelCritical, Source: src,
				Summary: fmt.Sprintf("moves the agent's home to %s through %s", shortText(v, 60), k)})
		} else if a.baseURLVar(k) {
			for _, ep := range hostsIn(v) {
				if !loopback(ep.Host) {
					a.add(Finding{Category: Exfiltration, Severity: LevelCritical, Source: src,
						Summary: fmt.Sprintf("sends the agent's API traffic with its key to %s through %s", ep, k)})
				}
			}
		}
	}
}

// httpHook: Claude Code posts the hook's input to the URL.
func (a *analyzer) httpHook() {
	ep := bareHost(a.hook.URL)
	if ep.Dynamic {
		ep = endpoint{Host: a.hook.URL, Dynamic: true}
	}
	if loopback(ep.Host) {
		return
	}
	if a.hook.Event == string(hooks.KindMCPServer) {
		// A remote MCP server gets what the model passes to its tools,
		// not every event's input.
		a.add(Finding{Category: Exfiltration, Severity: LevelReview, Source: Source{Text: a.hook.URL},
			Summary: fmt.Sprintf("a remote MCP server: what the model passes to its tools goes to %s", ep)})
		return
	}
	a.add(Finding{Category: Exfiltration, Severity: LevelCritical, Source: Source{Text: a.hook.URL},
		Summary: fmt.Sprintf("posts the tool input of every matching event to %s", ep)})
}

func (a *analyzer) add(f Finding) {
	f.Summary = strings.TrimSpace(f.Summary)
	f.Source.Text = shortText(f.Source.Text, 200)
	key := string(f.Category) + "\x00" + f.Summary + "\x00" + f.Source.String()
	if a.seen[key] {
		return
	}
	a.seen[key] = true
	a.findings = append(a.findings, f)
}

func (a *analyzer) report() Report {
	fs := a.findings
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].Severity != fs[j].Severity {
			return fs[i].Severity > fs[j].Severity
		}
		return catRank(fs[i].Category) < catRank(fs[j].Category)
	})
	r := Report{Findings: fs, Diagnostics: a.diags}
	for _, f := range fs {
		if f.Severity > r.Level {
			r.Level = f.Severity
		}
	}
	return r
}

func catRank(c Category) int {
	for i, k := range Categories() {
		if k == c {
			return i
		}
	}
	return len(Categories())
}

// readDefaulted analyses the project files that programs named through a
// variable's default run, which no discovery followed.
func (a *analyzer) readDefaulted(depth int) {
	ps := a.defaulted
	a.defaulted = nil
	for _, p := range ps {
		p = filepath.Clean(p)
		if a.scripts[p] || a.hook.ProjectDir == "" || !strings.HasPrefix(p, filepath.Clean(a.hook.ProjectDir)+string(filepath.Separator)) || !regularFile(p) {
			continue
		}
		a.script(a.readScript(p, ""), depth)
	}
}

// script analyses one file a hook runs, by its language.
func (a *analyzer) script(s Script, depth int) {
	if a.scripts[s.Path] || depth > a.opt.MaxDepth || a.budget <= 0 {
		return
	}
	a.scripts[s.Path] = true
	a.budget--
	name := a.display(s.Path)
	if s.Err != nil {
		if s.Err == errMissing && !a.builtAtRunTime(s.Path) {
			// nothing runs: the shell says "not found" and exits 127
			a.diags = append(a.diags, Finding{Category: Unreadable, Severity: LevelNone, Source: Source{File: name, Text: s.Path},
				Summary: fmt.Sprintf("runs %s, which does not exist: the hook fails (exit 127, not found) until it is there", name)})
			return
		}
		a.add(Finding{Category: Unreadable, Severity: LevelReview, Source: Source{File: name, Text: s.Path},
			Summary: fmt.Sprintf("runs %s, which Hookwarden could not read (%v)", name, s.Err)})
		return
	}
	content := s.Content
	var key [32]byte
	// a Makefile is read for the targets the hook names: not cached by
	// its content alone
	_, madeFor := a.makeTargets[s.Path]
	cacheable := a.opt.Cache != nil && len(a.hook.Env) == 0 && !madeFor
	if cacheable {
		// A script many hooks run is analysed once: looked up before it
		// is checked and copied again.
		key = a.opt.Cache.scriptKeyOf(s.Path, s.Via, a.hook.ProjectDir, content)
		if an, ok := a.opt.Cache.analysis(key); ok {
			for _, f := range an.findings {
				a.add(f)
			}
			a.printed = append(a.printed, an.printed...)
			a.rawTexts = append(a.rawTexts, an.raw...)
			return
		}
	}
	if bytes.IndexByte(content, 0) >= 0 || !utf8.Valid(content) {
		a.add(Finding{Category: Unreadable, Severity: LevelReview, Source: Source{File: name, Text: s.Path},
			Summary: fmt.Sprintf("runs %s, a binary file Hookwarden cannot read", name)})
		return
	}
	text := string(content)
	if cacheable {
		before, printedBefore, rawBefore := len(a.findings), len(a.printed), len(a.rawTexts)
		defer func() {
			a.opt.Cache.store(key, cachedAnalysis{findings: a.findings[before:], printed: a.printed[printedBefore:], raw: a.rawTexts[rawBefore:]})
		}()
	}
	if !a.sub {
		a.rawTexts = append(a.rawTexts, text)
		if l := langOf(s.Path, s.Via, text); l != langShell && l != langMake {
			a.print(printed{text: text, code: true, src: Source{File: name, Text: s.Path}})
		}
	}
	switch langOf(s.Path, s.Via, text) {
	case langShell:
		// discovery before the walk, so that the program paths it
		// resolves are known when the walk meets them
		var found *discovered
		if !a.followed[s.Path] && depth+1 <= a.opt.MaxDepth {
			found = a.discover(text)
		}
		sh := a.newShell(name, text, depth)
		sh.path = s.Path
		sh.run()
		if found != nil {
			a.analyseDiscovered(found, depth+1)
		}
		a.readDefaulted(depth + 1)
	case langMake:
		recipes := makeRecipes(text)
		if targets, ok := a.makeTargets[s.Path]; ok && targets != nil {
			if r, ok := makeRecipesFor(text, targets); ok {
				recipes = r
			}
		}
		sh := a.newShell(name, recipes, depth)
		sh.path = s.Path
		sh.run()
	case langPython:
		a.scriptCode(name, text, langPython, nil, depth)
	case langJS, langRuby, langPerl, langPHP, langLua, langGo:
		a.scriptCode(name, text, langOf(s.Path, s.Via, text), nil, depth)
	case langPowerShell:
		a.powerShell(name, text)
	default:
		a.add(Finding{Category: Unreadable, Severity: LevelReview, Source: Source{File: name, Text: s.Path},
			Summary: fmt.Sprintf("runs %s, written in a language Hookwarden does not read", name)})
	}
}

// display names a script relative to the project when it is inside it.
func (a *analyzer) display(p string) string {
	if d := a.hook.ProjectDir; d != "" {
		if rel, err := filepath.Rel(d, p); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return p
}

// readScript reads a script with the size limit.
func (a *analyzer) readScript(path, via string) Script {
	s := Script{Path: path, Via: via}
	read := func() ([]byte, error) {
		if a.opt.ReadFile != nil {
			return a.opt.ReadFile(path)
		}
		return readRegular(path, a.opt.MaxScriptBytes)
	}
	var b []byte
	var err error
	if a.opt.Cache != nil {
		b, err = a.opt.Cache.file(path, read)
	} else {
		b, err = read()
	}
	switch {
	case err != nil:
		s.Err = err
		if os.IsNotExist(err) {
			s.Err = errMissing
		}
	case len(b) > a.opt.MaxScriptBytes:
		s.Err = fmt.Errorf("%d bytes, over the %d-byte limit", len(b), a.opt.MaxScriptBytes)
	default:
		s.Content = b
	}
	return s
}

func shortText(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}

// shellQuote quotes a word for the shell when it needs it.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`|&;<>()*?[]{}~#!") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// readRegular reads at most max+1 bytes of a regular file: enough to tell
// that it is over the limit without reading a huge file whole.
func readRegular(path string, max int) ([]byte, error) {
	f, err := settingsio.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	if err != nil {
		return nil, err
	}
	if len(b) > max {
		return nil, fmt.Errorf("over the %d-byte limit", max)
	}
	return b, nil
}

// errMissing: a script the hook runs does not exist.
var errMissing = errors.New("it does not exist")

// builtAtRunTime: the missing file is what the hook's command builds
// before running it (npm run build && node dist/x.js): its code exists
// when the hook runs, and cannot be read now.
func (a *analyzer) builtAtRunTime(p string) bool {
	s := filepath.ToSlash(p)
	// A bin folder outside the project (~/.local/bin, /usr/local/bin) is
	// where programs are installed, not built: one missing there is not
	// installed on this machine, and the hook fails with 127.
	installed := filepath.IsAbs(p) && !within(p, a.hook.ProjectDir)
	for _, d := range []string{"/dist/", "/build/", "/out/", "/target/", "/.next/", "/lib/", "/bin/"} {
		if d == "/bin/" && installed {
			continue
		}
		if strings.Contains(s, d) {
			return true
		}
	}
	if builtRe.MatchString(a.hook.Command) {
		return true
	}
	// a redirect writes it (> x.sh): one that writes another file (a
	// log of the failure) does not make it
	for _, m := range redirectTargetRe.FindAllStringSubmatch(a.hook.Command, -1) {
		if path.Base(strings.Trim(m[1], `"'`)) == path.Base(s) {
			return true
		}
	}
	return false
}

// within: p is dir or below it.
func within(p, dir string) bool {
	if dir == "" {
		return false
	}
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

var (
	builtRe          = lazyRe(`\b(build|compile|tsc|make|go\s+build|cargo\s+build|esbuild|webpack|rollup|vite|bun\s+build|npm\s+run|pnpm\s+run|yarn\s+run|curl|wget|git\s+clone|cp|mv|ln|tee|cat\s*>)\b`)
	redirectTargetRe = lazyRe(`>>?\|?\s*("[^"]*"|'[^']*'|[^\s;&|<>()]+)`)
)
