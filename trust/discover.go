package trust

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookwarden/hookwarden/settingsio"
)

// Found says how discovery found a script a hook runs.
type Found string

// How a script was found.
const (
	// FoundProgram: the word is the program itself (./x.sh, $GEMINI_PROJECT_DIR/x).
	FoundProgram Found = "program"
	// FoundInterpreter: the script argument of an interpreter (bash x.sh,
	// python3 -u x.py, npx tsx x.ts, uv run x.py).
	FoundInterpreter Found = "interpreter"
	// FoundSourced: read by the shell itself (. x.sh, source x.sh).
	FoundSourced Found = "sourced"
	// FoundStdin: an interpreter reads it as its program on standard input
	// (bash < x.sh, cat x.sh | sh, python3 - < x.py).
	FoundStdin Found = "stdin"
	// FoundCat: code taken from the file's text by a command substitution
	// (bash -c "$(cat x)", eval "$(cat x)", $(cat x), <(cat x)).
	FoundCat Found = "cat"
	// FoundModule: python -m pkg, resolved to pkg/__main__.py (with the
	// package's __init__.py files) or pkg.py in the working folder.
	FoundModule Found = "module"
	// FoundPreload: loaded before the program (node -r ./pre.js, bash --rcfile x).
	FoundPreload Found = "preload"
	// FoundGlob: one of the files a glob matches now (bash hooks/*.sh);
	// a file added or removed later changes the set and needs review.
	FoundGlob Found = "glob"
)

// UnresolvedCode is code a hook runs that Hookwarden cannot see from the
// files: a program or script named by a variable or by a command's output,
// eval of computed text, code read from a pipe or a download, a package
// fetched by a runner, a script too deep or too large to follow.
//
// The text of every such part is fingerprinted (it stands in the hook
// command, which is part of the approval key, or in a script whose content
// is fingerprinted), so a change to the text itself shows as a changed
// hook or script. What it refers to can change without any fingerprinted
// text changing; see HookReview.Unresolved for the rule that follows.
type UnresolvedCode struct {
	// Text is the code as written (clipped to 200 characters).
	Text string `json:"text"`
	// Why says why it cannot be resolved, in words.
	Why string `json:"why"`
	// File is the script it stands in ("" = the hook command itself).
	File string `json:"file,omitempty"`
	// Line and Column are where it stands in File (or in the command).
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Kind says what sort of reason it is; Traceable whether a sandboxed
	// run of the hook (a trace, which records every file the process tree
	// opens and executes) can stand in for reading it: true where the
	// files are fixed but Hookwarden does not read the language that names
	// them, false where what runs is chosen at run time (a variable, a
	// command's output, a download), so another run may differ.
	Kind      ReasonKind `json:"kind,omitempty"`
	Traceable bool       `json:"traceable,omitempty"`
	// Project says the code it stands for is the project's own (the tests
	// a test runner imports, a project file handed to an unknown program),
	// though no file of it is named: see Discovery.ProjectCode.
	Project bool `json:"project,omitempty"`
	// Program is the program a reason stands for when it is one the
	// command runs (ReasonUnknown: "mytool"): a traced run covers the
	// reason only if that program really started in it.
	Program string `json:"program,omitempty"`
}

// StartsKey is the name a traced run's "never started" list gives reason
// u (TraceShortMarker): its Program when it names one; for a script that
// starts programs Hookwarden does not follow (ReasonPrograms in a file)
// "a program started by FILE", since one run stands in for them only when
// the script really started one in it; "" when the reason needs no
// program to have started.
func (u UnresolvedCode) StartsKey() string {
	switch {
	case u.Program != "":
		return u.Program
	case u.Kind == ReasonPrograms && u.File != "":
		return "a program started by " + u.File
	}
	return ""
}

// String is "TEXT (WHY) at FILE:LINE".
func (u UnresolvedCode) String() string {
	// one concatenation: every merge of a followed script's reasons keys
	// them by this
	if u.File == "" {
		return u.Text + " (" + u.Why + ")"
	}
	return u.Text + " (" + u.Why + ") at " + u.File + ":" + strconv.Itoa(u.Line)
}

// Discovery is what a hook command runs, as far as its text and the
// project's files tell.
type Discovery struct {
	// Scripts are the files it runs, each once (by path and how it is
	// run), in the order found: the command's own first, then what the
	// shell scripts among them run and source, recursively.
	Scripts []ScriptRef `json:"scripts"`
	// Unresolved is the code it runs that cannot be resolved to a file.
	Unresolved []UnresolvedCode `json:"unresolved"`
	// Foreign are the programs the command runs in a folder of the
	// project (or one known only at run time) whose code Hookwarden does
	// not read to the end, so that what they open by themselves there is
	// not known (ForeignReach): a program of the machine it does not know
	// (mytool, not one that only reads what it is handed), an interpreter
	// running code (its opens are computed), a binary given by its path.
	// They leave the discovery Complete (what runs is the program, and its
	// fingerprint or the machine's) and matter for a user hook, whose reach
	// into the project only a run can show.
	Foreign []string `json:"foreign,omitempty"`
	// writes are the files the command and its scripts write.
	writes []writeRef
	// followed are the shell scripts it read and followed.
	followed []string
}

// Followed are the shell scripts the discovery read and followed into
// what they run and source (what they run is among Scripts and
// Unresolved): a caller need not discover their text again.
func (d Discovery) Followed() []string { return d.followed }

// Limits of following shell scripts into what they run and source.
const (
	// MaxFollowDepth is how many scripts deep discovery follows.
	MaxFollowDepth = 8
	// maxFollowTotal bounds the bytes of scripts read for one command.
	maxFollowTotal = 4 << 20
	// maxScripts bounds the scripts listed for one command.
	maxScripts = 256
	// maxCwds bounds the working folders tracked through cd.
	maxCwds = 8
)

// DiscoverScripts finds the script files a hook command runs and the code
// it runs that no file shows, parsing the command as the POSIX shell the
// agent hands it to (bash -c on Linux and macOS). Relative paths and
// $GEMINI_PROJECT_DIR, $GEMINI_CWD, $CLAUDE_PROJECT_DIR are resolved against
// the project folder, where the agents run hooks.
//
// Every simple command is looked at: lists, pipelines, subshells,
// conditionals, loops, functions, command and process substitutions.
// Wrappers (env, exec, timeout, xargs, nice, sudo, …), package runners
// (npx, bunx, uv run, …) and interpreters with their options are seen
// through; cd and literal variable assignments are followed; inline code
// (bash -c '…', eval '…', here-strings fed to a shell) is parsed in turn.
// Shell scripts inside the project are read and followed into what they
// run and source, up to MaxFollowDepth deep.
//
// Only a command that does not parse is an error; everything else that
// cannot be resolved is listed in Unresolved.
func DiscoverScripts(command, projectDir string) (Discovery, error) {
	return discoverWith(command, projectDir, nil, nil, newFollowCache())
}

// DiscoverScriptsWithEnv is DiscoverScripts for a command that runs with
// extra environment variables (a hook's own "env"): they resolve $NAME in
// the command, and BASH_ENV, NODE_OPTIONS, LD_PRELOAD and a PATH among
// them load or run files the same way as when the command sets them.
func DiscoverScriptsWithEnv(command, projectDir string, env map[string]string) (Discovery, error) {
	return discoverWith(command, projectDir, env, nil, newFollowCache())
}

// followCache keeps what following a script (run, not sourced) found, by
// script, working folders and depth, for the commands of one audit.
// The languages of program files are kept too.
type followCache struct {
	found map[string]Discovery
	// deps are, by the key of a run script's entry in found, the scripts
	// its result was read from with their keys then: a result is reused
	// only while each still has its key.
	deps map[string][]fileDep
	// texts are the shell scripts read for following, by path
	// (scriptText).
	texts map[string]*scriptText
	// revalidate: a kept result is reused only while the scripts it was
	// read from keep their keys (deps). Off for a DiscoveryCache, whose
	// listing nothing is approved from and which, like one audit, takes
	// the files not to change while it is used.
	revalidate bool
	// sitePackages are the project's virtual environments' site-packages
	// folders, per project (projectSitePackages).
	sitePackages map[string][]string
	// real are the folders' paths with symbolic links resolved ("" when
	// they cannot be), for resolvesOutside.
	real    map[string]string
	langs   map[string]string
	parsers map[Dialect]*syntax.Parser
	// rt is how the agent runs the commands of this cache.
	rt Runtime
	// gitFiles are the git configuration files read (with their
	// includes), by path and home.
	gitFiles map[string][]gitEntry
	// data are rt's env files and watched files that exist (envData),
	// looked up once: every hook's discovery lists them all.
	data     []dataFile
	dataRead bool
	// exist are the configuration files looked for above the working
	// folders (loadsProjectCode, runtimeConfig), by path: every script
	// that runs npx or python looks for the same ones.
	exist map[string]bool
}

// exists is the package's exists, once per path and cache.
func (c *followCache) exists(p string) bool {
	e, ok := c.exist[p]
	if !ok {
		e = exists(p)
		if c.exist == nil {
			c.exist = map[string]bool{}
		}
		c.exist[p] = e
	}
	return e
}

// dataFile is a file that changes what runs without being run (addData).
type dataFile struct {
	path, via string
	how       Found
}

// envData is rt's EnvFiles and the files its Watch patterns match that
// exist, looked up once per cache: like everything the cache keeps, it
// holds for one listing or one approval (a hundred thousand hooks each
// stat'ed every .env file above the project before).
func (c *followCache) envData() []dataFile {
	if c.dataRead {
		return c.data
	}
	c.dataRead = true
	for _, p := range c.rt.EnvFiles {
		if p = filepath.Clean(p); exists(p) {
			c.data = append(c.data, dataFile{p, "agent env", FoundEnvFile})
		}
	}
	for _, pat := range c.rt.Watch {
		matches, _ := filepath.Glob(pat)
		for _, p := range matches {
			if p = filepath.Clean(p); exists(p) {
				c.data = append(c.data, dataFile{p, "agent file", FoundConfig})
			}
		}
	}
	return c.data
}

func newFollowCache() *followCache { return newFollowCacheFor(Runtime{}) }

func newFollowCacheFor(rt Runtime) *followCache {
	return &followCache{found: map[string]Discovery{}, deps: map[string][]fileDep{}, texts: map[string]*scriptText{}, revalidate: true, real: map[string]string{}, langs: map[string]string{}, parsers: map[Dialect]*syntax.Parser{}, rt: rt}
}

// programLang is programLang(path), once per path.
func (c *followCache) programLang(path string) string {
	lang, ok := c.langs[path]
	if !ok {
		lang = programLang(path)
		c.langs[path] = lang
	}
	return lang
}

// discoverWith is DiscoverScripts with the hook's env, extra folders
// whose scripts are followed like the project's (the folder a hook's
// package was installed in), and a cache shared by the commands of one audit.
func discoverWith(command, projectDir string, env map[string]string, roots []string, cache *followCache) (Discovery, error) {
	return discoverFrom(command, projectDir, "", env, roots, cache)
}

// discoverFrom is discoverWith for a command the agent starts in the folder
// cwd ("" or the project: the project; a hook's own working folder
// otherwise): its relative paths, and the BASH_ENV the agent's shell
// sources before it, are found from there.
func discoverFrom(command, projectDir, cwd string, env map[string]string, roots []string, cache *followCache) (Discovery, error) {
	d, _, err := discoverTree(command, projectDir, cwd, env, roots, cache)
	return d, err
}

// discoverTree is discoverFrom that also returns the syntax tree it read
// the command from.
func discoverTree(command, projectDir, cwd string, env map[string]string, roots []string, cache *followCache) (Discovery, *syntax.File, error) {
	lang := cache.rt.dialect()
	command = cache.rt.replaceTextVars(command, filepath.Clean(projectDir))
	f, err := cache.parse(command, lang)
	if err != nil {
		return Discovery{}, nil, fmt.Errorf("parsing the hook command: %w", err)
	}
	if len(cache.rt.Env) > 0 {
		merged := make(map[string]string, len(cache.rt.Env)+len(env))
		for k, v := range cache.rt.Env {
			merged[k] = v
		}
		for k, v := range env {
			merged[k] = v // the hook's own env wins over the agent's
		}
		env = merged
	}
	d := newDiscoverer(filepath.Clean(projectDir), cache)
	d.roots, d.env = roots, env
	start := d.project
	if cwd != "" {
		start = filepath.Clean(cwd)
	}
	sc := &scope{cwds: []string{start}, vars: make(map[string]string, len(env)), src: command, lang: lang}
	for k, v := range env {
		sc.vars[k] = v
	}
	if cache.rt.ShellNote != "" {
		d.incomplete(sc, nil, ReasonShell, cache.rt.ShellNote)
	}
	// The agent's own shell is a program the hook's environment reaches
	// like any other: bash -c sources BASH_ENV before the command, and
	// LD_PRELOAD loads into it (the hook's env and the agent's env files
	// set them for that process, not only for the programs it starts).
	// Whatever runs the command (another shell, or none: an MCP server's
	// program is started directly), BASH_ENV is sourced by every bash it
	// may start, which no reading of the command rules out: the file it
	// names is followed all the same.
	d.envCode(nil, "bash", sc, runCtx{})
	d.stmts(f.Stmts, sc)
	d.envFiles(sc)
	d.checkWrites()
	return d.out, f, nil
}

func newDiscoverer(project string, cache *followCache) *discoverer {
	d := &discoverer{project: project, seen: map[string]bool{}, unseen: map[string]bool{}, cache: cache}
	d.out.Scripts, d.out.Unresolved = []ScriptRef{}, []UnresolvedCode{}
	return d
}

// FindScripts lists the script files a hook command runs (DiscoverScripts
// without the unresolved parts).
func FindScripts(command, projectDir string) ([]ScriptRef, error) {
	d, err := DiscoverScripts(command, projectDir)
	if err != nil || len(d.Scripts) == 0 {
		return nil, err
	}
	return d.Scripts, nil
}

// parse parses shell code in a dialect, with one parser per dialect and
// cache.
func (c *followCache) parse(src string, lang Dialect) (*syntax.File, error) {
	if lang == "" {
		lang = DialectBash
	}
	p := c.parsers[lang]
	if p == nil {
		p = syntax.NewParser(syntax.Variant(lang.variant()))
		c.parsers[lang] = p
	}
	return p.Parse(strings.NewReader(src), "")
}

type discoverer struct {
	project string
	out     Discovery
	seen    map[string]bool // path + via of listed scripts
	unseen  map[string]bool // listed unresolved parts
	read    int             // bytes of scripts read
	cache   *followCache
	writes  []writeRef // files the commands write
	// roots are folders besides the project whose scripts are followed.
	roots []string
	// env is the hook's own environment (DiscoverScriptsWithEnv).
	env map[string]string
	// funcVars are, by function name, the variables a function's body
	// assigns (bash functions share their caller's variables).
	funcVars map[string][]string
	// declared are, by script text, the functions it declares anywhere
	// (isFunction).
	declared map[string]map[string]bool
	// deps are the shell scripts this discovery read and followed, with
	// the keys of the files then (followCache.deps).
	deps []fileDep
}

// followKey identifies following a script: what reads it, where, how
// deep, with which extra roots.
func followKey(kind, path string, sc *scope, roots []string, env map[string]string) string {
	var b strings.Builder
	b.WriteString(kind)
	b.WriteByte(0)
	b.WriteString(path)
	for _, c := range sc.cwds {
		b.WriteByte(0)
		b.WriteString(c)
	}
	if sc.cwds == nil {
		b.WriteString("\x00?")
	}
	b.WriteString("\x00\x01")
	b.WriteString(strconv.Itoa(sc.depth))
	for _, r := range roots {
		b.WriteByte(0)
		b.WriteString(r)
	}
	b.WriteString("\x00\x02")
	for _, k := range slices.Sorted(maps.Keys(env)) {
		b.WriteString(k + "=" + env[k] + "\x00")
	}
	return b.String()
}

// followable reports whether discovery reads a file to follow what it
// runs: it lies in the project (or another root) and no symbolic link
// takes it out.
func (d *discoverer) followable(path string) bool {
	for _, root := range append([]string{d.project}, d.roots...) {
		if within(path, root) && !d.cache.resolvesOutside(path, root) {
			return true
		}
	}
	return false
}

// merge adds what another discovery found, each once.
func (d *discoverer) merge(found Discovery) {
	d.writes = append(d.writes, found.writes...)
	d.out.followed = append(d.out.followed, found.followed...)
	for _, f := range found.Foreign {
		if !slices.Contains(d.out.Foreign, f) {
			d.out.Foreign = append(d.out.Foreign, f)
		}
	}
	for _, ref := range found.Scripts {
		if key := ref.Path + "\x00" + ref.Via; !d.seen[key] && len(d.out.Scripts) < maxScripts {
			d.seen[key] = true
			d.out.Scripts = append(d.out.Scripts, ref)
		}
	}
	for _, u := range found.Unresolved {
		if k := u.String(); !d.unseen[k] {
			d.unseen[k] = true
			d.out.Unresolved = append(d.out.Unresolved, u)
		}
	}
}

func (d *discoverer) unresolved(sc *scope, n syntax.Node, why string) {
	d.incomplete(sc, n, classify(why), why)
}

// incomplete records a reason discovery is not complete, of a kind (see
// UnresolvedCode.Kind), at node n of sc's text (nil: the whole of it).
func (d *discoverer) incomplete(sc *scope, n syntax.Node, kind ReasonKind, why string) {
	u := UnresolvedCode{Why: why, File: sc.file, Kind: kind, Traceable: kind.Traceable()}
	if isNilNode(n) {
		u.Text = sc.text(nil)
	} else {
		u.Text, u.Line, u.Column = sc.text(n), int(n.Pos().Line()), int(n.Pos().Col())
	}
	k := u.String()
	if d.unseen[k] {
		return
	}
	d.unseen[k] = true
	d.out.Unresolved = append(d.out.Unresolved, u)
}

// add lists a script (each path and runner once) and, when shell reads
// it, follows it.
func (d *discoverer) add(sc *scope, w *syntax.Word, path, via string, how Found, shell bool, sourced bool) {
	path = physical(path)
	key := path + "\x00" + via
	if !d.seen[key] {
		if len(d.out.Scripts) >= maxScripts {
			d.unresolved(sc, w, fmt.Sprintf("more than %d scripts; the rest are not followed", maxScripts))
			return
		}
		d.seen[key] = true
		ref := ScriptRef{Path: path, Via: via, How: how, From: sc.file}
		if w != nil {
			ref.Word = sc.text(w)
		}
		if ref.Word == "" {
			ref.Word = path
		}
		d.out.Scripts = append(d.out.Scripts, ref)
		if how == FoundModule && strings.HasSuffix(path, ".py") {
			d.pythonCompiled(sc, path)
		}
	}
	lang, dialect := "", sc.lang
	switch {
	case how == FoundProgram || how == FoundLocalBin || how == FoundGlob && via == "":
		lang = d.cache.programLang(path)
		shell = strings.HasPrefix(lang, "shell")
		switch lang {
		case "shell-posix":
			dialect = DialectPOSIX
		case "shell-bash":
			dialect = DialectBash
		}
	case shell && !sourced:
		dialect = viaDialect(via, sc.lang)
	case !shell:
		lang = scriptLang(path, via)
	}
	switch {
	case shell:
		d.follow(sc, w, path, sourced, dialect)
	case lang == "python" || lang == "js":
		d.followImports(sc, path, lang, func(why string) { d.unresolved(sc, w, why) })
	default:
		d.unfollowedCode(sc, w, path, via, how, lang)
	}
}

// addResolved resolves a script word in every folder the shell may be in.
func (d *discoverer) addResolved(sc *scope, w *syntax.Word, v wordv, via string, how Found, shell, sourced bool) {
	switch {
	case !v.ok:
		d.unresolved(sc, w, v.why)
		return
	case v.text == "":
		return
	case strings.HasPrefix(v.text, "/dev/") || strings.HasPrefix(v.text, "/proc/"):
		d.unresolved(sc, w, "code read from a device or a file descriptor")
		return
	case v.glob:
		d.addGlob(sc, w, v, via, shell, sourced)
		return
	}
	for _, p := range d.resolve(sc, w, v.text) {
		d.add(sc, w, p, via, how, shell, sourced)
	}
}

// resolve makes a path absolute in each folder the shell may be in.
func (d *discoverer) resolve(sc *scope, w syntax.Node, p string) []string {
	if filepath.IsAbs(p) {
		return []string{physical(p)}
	}
	if sc.cwds == nil {
		d.unresolved(sc, w, "a relative path after a cd to a folder known only at run time")
		return nil
	}
	out := make([]string, 0, len(sc.cwds))
	for _, c := range sc.cwds {
		out = append(out, physical(c+string(filepath.Separator)+p))
	}
	return out
}

// addGlob lists every file a glob matches now, in each working folder.
func (d *discoverer) addGlob(sc *scope, w *syntax.Word, v wordv, via string, shell, sourced bool) {
	for _, pat := range d.resolve(sc, w, v.pattern) {
		if !d.followable(filepath.Dir(pat)) {
			d.unresolved(sc, w, "a glob outside the project")
			continue
		}
		matches, err := filepath.Glob(pat)
		if err != nil {
			d.unresolved(sc, w, "a glob Hookwarden cannot expand")
			continue
		}
		sort.Strings(matches)
		for _, m := range matches {
			d.add(sc, w, m, via, FoundGlob, shell, sourced)
		}
	}
}

// follow reads a shell script of the project and discovers what it runs:
// sourced, in the caller's scope; run, in a fresh one with the caller's
// folder.
func (d *discoverer) follow(sc *scope, w *syntax.Word, path string, sourced bool, lang Dialect) {
	var key string
	if !sourced {
		key = followKey("run "+string(lang), path, sc, d.roots, d.env)
		if found, ok := d.cache.found[key]; ok && (!d.cache.revalidate || depsUnchanged(d.cache.deps[key])) {
			d.merge(found)
			d.deps = append(d.deps, d.cache.deps[key]...)
			return
		}
	}
	if !d.followable(path) {
		if exists(path) {
			d.incomplete(sc, w, ReasonLoads, path+" is outside the project: fingerprinted, but what it runs and sources is not followed")
		}
		return
	}
	if sc.depth+1 > MaxFollowDepth {
		d.unresolved(sc, w, fmt.Sprintf("nested more than %d scripts deep; not followed", MaxFollowDepth))
		return
	}
	t, err := d.cache.scriptText(path, maxFollowTotal-d.read)
	if errors.Is(err, errTooLarge) {
		d.unresolved(sc, w, "too large to follow into what it runs")
		return
	}
	if err != nil {
		return // missing or unreadable: its own fingerprint says so
	}
	text := t.text
	d.read += len(text)
	f, err := d.cache.parseText(t, lang)
	if err != nil {
		d.unresolved(sc, w, "a shell script Hookwarden cannot parse ("+err.Error()+"); what it runs is not known")
		return
	}
	inner := &scope{cwds: sc.cwds, vars: sc.vars, file: path, self: path, src: text, depth: sc.depth + 1, lang: lang}
	if sourced {
		d.deps = append(d.deps, fileDep{path, t.key})
		d.out.followed = append(d.out.followed, path)
		d.stmts(f.Stmts, inner)
		sc.cwds = inner.cwds
		return
	}
	// Run: a shell of its own (fresh variables, the caller's folder),
	// discovered on its own so that the result can be kept for the next
	// command that runs the same script.
	inner.vars = make(map[string]string, len(d.env))
	for k, v := range d.env {
		inner.vars[k] = v // the hook's environment reaches the scripts it runs
	}
	inner.cwds = append([]string(nil), sc.cwds...)
	if sc.cwds == nil {
		inner.cwds = nil
	}
	sub := newDiscoverer(d.project, d.cache)
	sub.read, sub.roots, sub.env = d.read, d.roots, d.env
	sub.out.followed = []string{path}
	sub.deps = []fileDep{{path, t.key}}
	sub.stmts(f.Stmts, inner)
	d.read = sub.read
	sub.out.writes = sub.writes
	d.cache.found[key] = sub.out
	d.cache.deps[key] = sub.deps
	d.deps = append(d.deps, sub.deps...)
	d.merge(sub.out)
}

var errTooLarge = errors.New("too large")

// readScriptText reads a regular file of at most limit bytes (and at most
// MaxStoredScript).
func readScriptText(path string, limit int) (string, error) {
	limit = min(limit, MaxStoredScript)
	f, err := settingsio.OpenRegular(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return "", err
	}
	if len(data) > limit {
		return "", errTooLarge
	}
	return string(data), nil
}

// programLang says how a program file is run: "shell-bash" or
// "shell-posix" for a shebang naming bash or sh, dash, ash (directly or
// through env), "shell" for another shell read as bash (zsh, ksh) or no
// shebang at all (the calling shell runs a text file it cannot exec),
// "python" or "js" for those interpreters, "other:NAME" for a script of
// another interpreter, "" for a binary or a file that cannot be read.
func programLang(path string) string {
	f, err := settingsio.OpenRegular(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if !bytes.HasPrefix(head, []byte("#!")) {
		if n > 0 && !bytes.ContainsRune(head, 0) {
			return "shell"
		}
		return ""
	}
	line, _, _ := bytes.Cut(head[2:], []byte("\n"))
	fields := strings.Fields(string(line))
	for len(fields) > 0 {
		base := filepath.Base(fields[0])
		if base == "env" || strings.HasPrefix(fields[0], "-") || strings.Contains(fields[0], "=") {
			fields = fields[1:]
			continue
		}
		if lang, ok := dialectOf(base); ok {
			return "shell-" + string(lang)
		}
		if ip, ok := interpreterFor(base); ok && ip.shell {
			return "shell"
		}
		if lang := scriptLang("", base); lang != "" {
			return lang
		}
		return "other:" + base
	}
	return "other:"
}

// DiscoveryCache shares discovery between the commands of one listing: a
// script many hooks run is read, parsed and followed once. Like one audit,
// it assumes the files do not change while it is used; make a new one per
// listing (nothing is approved from it: approvals fingerprint anew). It is
// safe for concurrent use.
type DiscoveryCache struct {
	mu sync.Mutex
	// byProject: following depends on the project folder.
	byProject map[string]*followCache
}

// NewDiscoveryCache returns an empty cache.
func NewDiscoveryCache() *DiscoveryCache {
	return &DiscoveryCache{byProject: map[string]*followCache{}}
}

// DiscoverScripts is the package's DiscoverScripts sharing what this
// cache followed before; a nil cache shares nothing.
func (c *DiscoveryCache) DiscoverScripts(command, projectDir string) (Discovery, error) {
	if c == nil {
		return DiscoverScripts(command, projectDir)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return discoverWith(command, projectDir, nil, nil, c.follow(projectDir))
}

// DiscoverParsed is the cache's DiscoverScripts that also returns the
// syntax tree, in bash, it read the command from, for a caller that reads
// the command too: one parse of it serves both. The tree is nil when the
// command was read as another text or in another dialect, or did not
// parse. It is shared: read it, never change it.
func (c *DiscoveryCache) DiscoverParsed(command, projectDir string) (Discovery, *syntax.File, error) {
	var fc *followCache
	if c == nil {
		fc = newFollowCache()
	} else {
		c.mu.Lock()
		defer c.mu.Unlock()
		fc = c.follow(projectDir)
	}
	d, f, err := discoverTree(command, projectDir, "", nil, nil, fc)
	if fc.rt.dialect() != DialectBash || fc.rt.replaceTextVars(command, filepath.Clean(projectDir)) != command {
		f = nil
	}
	return d, f, err
}

// ParsedScript is the syntax tree, in bash, of the shell script at path
// that this cache's discovery read for projectDir, when what it read was
// text (nil otherwise: not read, read with another text, or not parsable
// in bash). A script discovery read in another dialect is parsed in bash
// once, here. The tree is shared: read it, never change it.
func (c *DiscoveryCache) ParsedScript(projectDir, path, text string) *syntax.File {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	fc := c.byProject[projectDir]
	if fc == nil {
		return nil
	}
	t := fc.texts[path]
	if t == nil || t.text != text {
		return nil
	}
	f, err := fc.parseText(t, DialectBash)
	if err != nil {
		return nil
	}
	return f
}

// follow is the cache's followCache for projectDir (made on first use);
// the caller holds c.mu.
func (c *DiscoveryCache) follow(projectDir string) *followCache {
	fc := c.byProject[projectDir]
	if fc == nil {
		fc = newFollowCache()
		fc.revalidate = false
		c.byProject[projectDir] = fc
	}
	return fc
}

// DiscoverHook is DiscoverScripts for a command the agent runs as rt
// says, with the hook's own environment, following the scripts of roots
// (folders besides the project) like the project's.
func DiscoverHook(command, projectDir string, env map[string]string, roots []string, rt Runtime) (Discovery, error) {
	return discoverWith(command, projectDir, env, roots, newFollowCacheFor(rt))
}

// DiscoverHookIn is DiscoverHook for a command the agent starts in the
// folder cwd ("": the project; a hook's own working folder otherwise).
func DiscoverHookIn(command, projectDir, cwd string, env map[string]string, roots []string, rt Runtime) (Discovery, error) {
	return discoverFrom(command, projectDir, cwd, env, roots, newFollowCacheFor(rt))
}

// DiscoverScriptsFor is DiscoverScripts for a command the agent runs as rt
// says (its shell dialect, project variables and env files).
func DiscoverScriptsFor(command, projectDir string, rt Runtime) (Discovery, error) {
	return discoverWith(command, projectDir, nil, nil, newFollowCacheFor(rt))
}

// resolvesOutside is the package's resolvesOutside with the folders'
// real paths kept for the commands of this cache (one Lstat for the file
// itself; its folder and the root are resolved once).
func (c *followCache) resolvesOutside(path, root string) bool {
	if !within(path, root) {
		return false
	}
	dir := c.realDir(filepath.Dir(path))
	if dir == "" {
		return false // as EvalSymlinks of the path fails
	}
	st, err := os.Lstat(path)
	if err != nil {
		return false
	}
	real := filepath.Join(dir, filepath.Base(path))
	if st.Mode()&os.ModeSymlink != 0 {
		if real, err = filepath.EvalSymlinks(path); err != nil {
			return false
		}
	}
	realRoot := c.realDir(root)
	if realRoot == "" {
		realRoot = root
	}
	return !within(real, realRoot)
}

// realDir is filepath.EvalSymlinks(dir), once per folder ("" when it fails).
func (c *followCache) realDir(dir string) string {
	r, ok := c.real[dir]
	if !ok {
		var err error
		if r, err = filepath.EvalSymlinks(dir); err != nil {
			r = ""
		}
		c.real[dir] = r
	}
	return r
}
