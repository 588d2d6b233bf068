package trust

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

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
	// Line is its line in File (or in the command).
	Line int `json:"line,omitempty"`
}

// String is "TEXT (WHY) at FILE:LINE".
func (u UnresolvedCode) String() string {
	s := u.Text + " (" + u.Why + ")"
	if u.File != "" {
		s += fmt.Sprintf(" at %s:%d", u.File, u.Line)
	}
	return s
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
	// writes are the files the command and its scripts write.
	writes []writeRef
}

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
	found  map[string]Discovery
	langs  map[string]string
	parser *syntax.Parser
}

func newFollowCache() *followCache {
	return &followCache{found: map[string]Discovery{}, langs: map[string]string{}}
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
// whose scripts are followed like the project's (a Claude Code plugin's
// root), and a cache shared by the commands of one audit.
func discoverWith(command, projectDir string, env map[string]string, roots []string, cache *followCache) (Discovery, error) {
	f, err := cache.parse(command)
	if err != nil {
		return Discovery{}, fmt.Errorf("parsing the hook command: %w", err)
	}
	d := newDiscoverer(filepath.Clean(projectDir), cache)
	d.roots = roots
	sc := &scope{cwds: []string{d.project}, vars: make(map[string]string, len(env)), src: command}
	for k, v := range env {
		sc.vars[k] = v
	}
	d.stmts(f.Stmts, sc)
	d.checkWrites()
	return d.out, nil
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

// parse parses shell code as bash, with one parser per cache.
func (c *followCache) parse(src string) (*syntax.File, error) {
	if c.parser == nil {
		c.parser = syntax.NewParser(syntax.Variant(syntax.LangBash))
	}
	return c.parser.Parse(strings.NewReader(src), "")
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
}

// followKey identifies following a script: what reads it, where, how
// deep, with which extra roots.
func followKey(kind, path string, sc *scope, roots []string) string {
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
	return b.String()
}

// followable reports whether discovery reads a file to follow what it
// runs: it lies in the project (or another root) and no symbolic link
// takes it out.
func (d *discoverer) followable(path string) bool {
	for _, root := range append([]string{d.project}, d.roots...) {
		if within(path, root) && !resolvesOutside(path, root) {
			return true
		}
	}
	return false
}

// merge adds what another discovery found, each once.
func (d *discoverer) merge(found Discovery) {
	d.writes = append(d.writes, found.writes...)
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

// scope is the shell state discovery tracks.
type scope struct {
	// cwds are the folders the shell may be in; nil: unknown (a cd to a
	// computed folder).
	cwds []string
	// vars are the variables assigned literal values; a name mapped to
	// "\x00" was assigned something computed.
	vars map[string]string
	// file is the script being read ("" = the hook command), self its
	// path for $0 and BASH_SOURCE, src its text, depth its nesting.
	file, self, src string
	depth           int
}

const unknownVar = "\x00"

func (s *scope) clone() *scope {
	c := *s
	c.cwds = append([]string(nil), s.cwds...)
	if s.cwds == nil {
		c.cwds = nil
	}
	c.vars = make(map[string]string, len(s.vars))
	for k, v := range s.vars {
		c.vars[k] = v
	}
	return &c
}

// merge widens s to also cover the folders of other (after a branch that
// may or may not have run).
func (s *scope) merge(other *scope) {
	if s.cwds == nil || other.cwds == nil {
		s.cwds = nil
	} else {
		for _, c := range other.cwds {
			if !slices.Contains(s.cwds, c) {
				s.cwds = append(s.cwds, c)
			}
		}
		if len(s.cwds) > maxCwds {
			s.cwds = nil
		}
	}
	for k, v := range other.vars {
		if old, ok := s.vars[k]; !ok || old != v {
			s.vars[k] = unknownVar
		}
	}
}

// text is the source of a node, clipped.
func (s *scope) text(n syntax.Node) string {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || end > len(s.src) || start >= end {
		return ""
	}
	t := strings.TrimSpace(s.src[start:end])
	if len(t) > 200 {
		t = t[:197] + "..."
	}
	return t
}

func (d *discoverer) unresolved(sc *scope, n syntax.Node, why string) {
	u := UnresolvedCode{Text: sc.text(n), Why: why, File: sc.file, Line: int(n.Pos().Line())}
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
	path = filepath.Clean(path)
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
	}
	lang := ""
	switch {
	case how == FoundProgram || how == FoundGlob && via == "":
		lang = d.cache.programLang(path)
		shell = lang == "shell"
	case !shell:
		lang = scriptLang(path, via)
	}
	switch {
	case shell:
		d.follow(sc, w, path, sourced)
	case lang == "python" || lang == "js":
		d.followImports(sc, path, lang, func(why string) { d.unresolved(sc, w, why) })
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
		return []string{filepath.Clean(p)}
	}
	if sc.cwds == nil {
		d.unresolved(sc, w, "a relative path after a cd to a folder known only at run time")
		return nil
	}
	out := make([]string, 0, len(sc.cwds))
	for _, c := range sc.cwds {
		out = append(out, filepath.Join(c, p))
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
func (d *discoverer) follow(sc *scope, w *syntax.Word, path string, sourced bool) {
	var key string
	if !sourced {
		key = followKey("run", path, sc, d.roots)
		if found, ok := d.cache.found[key]; ok {
			d.merge(found)
			return
		}
	}
	if !d.followable(path) {
		return // outside the project: fingerprinted, not followed
	}
	if sc.depth+1 > MaxFollowDepth {
		d.unresolved(sc, w, fmt.Sprintf("nested more than %d scripts deep; not followed", MaxFollowDepth))
		return
	}
	text, err := readScriptText(path, maxFollowTotal-d.read)
	if errors.Is(err, errTooLarge) {
		d.unresolved(sc, w, "too large to follow into what it runs")
		return
	}
	if err != nil {
		return // missing or unreadable: its own fingerprint says so
	}
	d.read += len(text)
	f, err := d.cache.parse(text)
	if err != nil {
		d.unresolved(sc, w, "a shell script Hookwarden cannot parse ("+err.Error()+"); what it runs is not known")
		return
	}
	inner := &scope{cwds: sc.cwds, vars: sc.vars, file: path, self: path, src: text, depth: sc.depth + 1}
	if sourced {
		d.stmts(f.Stmts, inner)
		sc.cwds = inner.cwds
		return
	}
	// Run: a shell of its own (fresh variables, the caller's folder),
	// discovered on its own so that the result can be kept for the next
	// command that runs the same script.
	inner.vars = map[string]string{}
	inner.cwds = append([]string(nil), sc.cwds...)
	if sc.cwds == nil {
		inner.cwds = nil
	}
	sub := newDiscoverer(d.project, d.cache)
	sub.read, sub.roots = d.read, d.roots
	sub.stmts(f.Stmts, inner)
	d.read = sub.read
	sub.out.writes = sub.writes
	d.cache.found[key] = sub.out
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

// programLang says how a program file is run: "shell" for a shebang
// naming sh, bash, dash, zsh, ksh (directly or through env) or no shebang
// at all (the shell runs a text file it cannot exec), "python" or "js"
// for those interpreters, "" otherwise.
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
		if ip, ok := interpreterFor(base); ok && ip.shell {
			return "shell"
		}
		return scriptLang("", base)
	}
	return ""
}

// stmts walks a list of statements in order.
func (d *discoverer) stmts(list []*syntax.Stmt, sc *scope) {
	for _, st := range list {
		d.stmt(st, sc, nil)
	}
}

// stmt walks one statement; pipeFrom is the statement whose output is its
// input, if any.
func (d *discoverer) stmt(st *syntax.Stmt, sc *scope, pipeFrom *syntax.Stmt) {
	for _, r := range st.Redirs {
		d.substs(r, sc)
	}
	d.redirWrites(st, sc)
	switch c := st.Cmd.(type) {
	case nil:
	case *syntax.CallExpr:
		d.call(st, c, sc, pipeFrom)
	case *syntax.DeclClause:
		d.substs(c, sc)
		for _, a := range c.Args {
			d.assign(a, sc)
		}
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.Pipe, syntax.PipeAll:
			d.stmt(c.X, sc.clone(), pipeFrom)
			d.stmt(c.Y, sc.clone(), c.X)
		case syntax.AndStmt:
			before := sc.clone()
			d.stmt(c.X, sc, pipeFrom)
			d.stmt(c.Y, sc, nil)
			sc.merge(before)
		default: // ||: Y runs when X failed (and X's cd may not have happened)
			before := sc.clone()
			d.stmt(c.X, sc, pipeFrom)
			d.stmt(c.Y, before, nil)
			if !exits(c.Y) {
				sc.merge(before)
			}
		}
	case *syntax.Subshell:
		d.stmts(c.Stmts, sc.clone())
	case *syntax.Block:
		d.stmts(c.Stmts, sc)
	case *syntax.IfClause:
		d.ifClause(c, sc)
	case *syntax.WhileClause:
		d.stmts(c.Cond, sc)
		body := sc.clone()
		d.stmts(c.Do, body)
		sc.merge(body)
	case *syntax.ForClause:
		d.substs(c.Loop, sc)
		d.forLoop(c, sc)
	case *syntax.CaseClause:
		d.substs(c.Word, sc)
		after := sc.clone()
		for _, it := range c.Items {
			branch := sc.clone()
			d.stmts(it.Stmts, branch)
			after.merge(branch)
		}
		*sc = *after
	case *syntax.FuncDecl:
		d.stmt(c.Body, sc.clone(), nil)
	case *syntax.TimeClause:
		if c.Stmt != nil {
			d.stmt(c.Stmt, sc, pipeFrom)
		}
	case *syntax.CoprocClause:
		d.stmt(c.Stmt, sc.clone(), nil)
	default: // [[ ]], (( )), let: only their substitutions run code
		d.substs(c, sc)
	}
}

// maxLoopValues bounds the values a for loop is followed with.
const maxLoopValues = 64

// forLoop walks a loop's body once per value when the loop is over
// literal words and globs (for f in hooks/*.sh; do bash "$f"; done), so
// that the variable is known; otherwise once with it unknown.
func (d *discoverer) forLoop(c *syntax.ForClause, sc *scope) {
	var values []string
	iter, ok := c.Loop.(*syntax.WordIter)
	known := ok && iter.Name != nil && iter.InPos.IsValid()
	for i := 0; known && i < len(iter.Items); i++ {
		v := d.expand(iter.Items[i], sc)
		switch {
		case !v.ok:
			known = false
		case v.glob && filepath.IsAbs(v.pattern):
			matches, _ := filepath.Glob(v.pattern)
			values = append(values, matches...)
		case v.glob && sc.cwds == nil:
			known = false
		case v.glob:
			// the shell gives the matches as written: relative stays relative
			for _, cwd := range sc.cwds {
				matches, _ := filepath.Glob(filepath.Join(cwd, v.pattern))
				for _, m := range matches {
					if rel, err := filepath.Rel(cwd, m); err == nil {
						values = append(values, rel)
					}
				}
			}
		default:
			values = append(values, strings.Fields(v.text)...)
		}
	}
	if !known || len(values) > maxLoopValues {
		if ok && iter.Name != nil {
			sc.vars[iter.Name.Value] = unknownVar
		}
		body := sc.clone()
		d.stmts(c.Do, body)
		sc.merge(body)
		return
	}
	after := sc.clone()
	for _, v := range values {
		body := sc.clone()
		body.vars[iter.Name.Value] = v
		d.stmts(c.Do, body)
		after.merge(body)
	}
	*sc = *after
}

func (d *discoverer) ifClause(c *syntax.IfClause, sc *scope) {
	d.stmts(c.Cond, sc)
	then := sc.clone()
	d.stmts(c.Then, then)
	if c.Else != nil {
		els := sc.clone()
		if len(c.Else.Cond) == 0 && c.Else.ThenPos == (syntax.Pos{}) {
			d.stmts(c.Else.Then, els)
		} else {
			d.ifClause(c.Else, els)
		}
		then.merge(els)
		*sc = *then
		return
	}
	sc.merge(then)
}

// substs walks the command and process substitutions inside n, which run
// wherever they stand.
func (d *discoverer) substs(n syntax.Node, sc *scope) {
	if n == nil {
		return
	}
	syntax.Walk(n, func(x syntax.Node) bool {
		switch s := x.(type) {
		case *syntax.CmdSubst:
			d.stmts(s.Stmts, sc.clone())
			return false
		case *syntax.ProcSubst:
			d.stmts(s.Stmts, sc.clone())
			return false
		}
		return true
	})
}

func (d *discoverer) assign(a *syntax.Assign, sc *scope) {
	if a.Name == nil {
		return
	}
	if a.Value == nil || a.Append || a.Index != nil || a.Array != nil {
		if !a.Naked {
			sc.vars[a.Name.Value] = unknownVar
		}
		return
	}
	expand := d.expand
	if a.Name.Value == "PATH" {
		expand = d.expandPath
	}
	if v := expand(a.Value, sc); v.ok && !v.glob {
		sc.vars[a.Name.Value] = v.text
		return
	}
	sc.vars[a.Name.Value] = unknownVar
}

// call handles a simple command.
func (d *discoverer) call(st *syntax.Stmt, c *syntax.CallExpr, sc *scope, pipeFrom *syntax.Stmt) {
	d.substs(c, sc)
	if len(c.Args) == 0 {
		for _, a := range c.Assigns {
			d.assign(a, sc)
		}
		return
	}
	words := make([]cmdWord, len(c.Args))
	for i, w := range c.Args {
		words[i] = cmdWord{w: w, v: d.expand(w, sc)}
	}
	rc := runCtx{}
	for _, a := range c.Assigns {
		if a.Name != nil {
			// NAME=value cmd: for this command only (PATH=dir cmd is
			// looked up there, BASH_ENV=x bash … reads x)
			only := sc.clone()
			d.assign(a, only)
			rc.setEnv(a.Name.Value, only.vars[a.Name.Value])
		}
	}
	d.run(st, words, sc, pipeFrom, rc)
}

func (rc *runCtx) setEnv(name, value string) {
	if rc.env == nil {
		rc.env = map[string]string{}
	}
	rc.env[name] = value
}

// getEnv is a variable as the command sees it: its own assignment, or
// the shell's.
func (rc runCtx) getEnv(sc *scope, name string) (string, bool) {
	if v, ok := rc.env[name]; ok {
		return v, true
	}
	v, ok := sc.vars[name]
	return v, ok
}

// envCode lists the files that variables make a program load before its
// own code: LD_PRELOAD and DYLD_INSERT_LIBRARIES for any program,
// BASH_ENV for bash, the -r/--require/--import of NODE_OPTIONS for node.
func (d *discoverer) envCode(st *syntax.Stmt, prog string, sc *scope, rc runCtx) {
	each := func(name, sep string, shell bool) {
		value, set := rc.getEnv(sc, name)
		if !set || value == "" {
			return
		}
		if value == unknownVar || strings.Contains(value, inheritedPath) {
			d.unresolved(sc, st, name+" is set at run time, and "+prog+" loads what it names")
			return
		}
		for _, p := range strings.FieldsFunc(value, func(r rune) bool { return strings.ContainsRune(sep, r) }) {
			for _, abs := range d.resolve(sc, st, p) {
				d.add(sc, nil, abs, name, FoundPreload, shell, false)
			}
		}
	}
	each("LD_PRELOAD", ": ", false)
	each("DYLD_INSERT_LIBRARIES", ":", false)
	switch base := filepath.Base(prog); {
	case base == "bash":
		each("BASH_ENV", "", true)
	case base == "node" || base == "nodejs":
		value, set := rc.getEnv(sc, "NODE_OPTIONS")
		if !set {
			return
		}
		if value == unknownVar {
			d.unresolved(sc, st, "NODE_OPTIONS is set at run time, and node loads what it names")
			return
		}
		opts := strings.Fields(value)
		for i := 0; i < len(opts); i++ {
			k, v, hasValue := strings.Cut(opts[i], "=")
			if !nodeInterp.preload[k] {
				continue
			}
			if !hasValue && i+1 < len(opts) {
				i++
				v = opts[i]
			}
			if strings.HasPrefix(v, ".") || filepath.IsAbs(v) {
				for _, abs := range d.resolve(sc, st, v) {
					d.add(sc, nil, abs, "NODE_OPTIONS "+k, FoundPreload, false, false)
				}
			}
		}
	}
}

// inheritedPath stands for $PATH as the hook inherits it (the user's,
// not the project's) in a PATH assigned by the command.
const inheritedPath = "\x01PATH\x01"

// shellBuiltins are the commands bash runs without a PATH lookup.
var shellBuiltins = set("cd", "pushd", "popd", "source", ".", "eval", "exec", "command", "builtin", "echo", "printf", "read", "test", "[", "[[",
	"true", "false", ":", "exit", "return", "set", "unset", "export", "local", "declare", "typeset", "readonly", "shift", "trap", "alias",
	"unalias", "wait", "jobs", "kill", "type", "hash", "shopt", "getopts", "let", "ulimit", "umask", "break", "continue", "times", "dirs")

// pathLookup finds a bare program name in the folders of a PATH the
// command set itself (PATH=./bin:$PATH tool), which may be the project's:
// found, the project's file runs instead of the program the name usually
// means, and is fingerprinted; stop says no other program can be meant.
// A PATH set to something computed leaves the program unresolved.
func (d *discoverer) pathLookup(st *syntax.Stmt, w cmdWord, sc *scope, rc runCtx) (stop bool) {
	value, set := rc.getEnv(sc, "PATH")
	if !set || shellBuiltins[w.v.text] {
		return false
	}
	if value == unknownVar {
		d.unresolved(sc, st, "the program "+w.v.text+" is looked up in a PATH set at run time")
		return true
	}
	beforeInherited := true
	for _, dir := range strings.Split(value, ":") {
		if dir == inheritedPath {
			beforeInherited = false
			continue
		}
		if strings.Contains(dir, inheritedPath) {
			continue
		}
		if dir == "" {
			dir = "."
		}
		for _, p := range d.resolve(sc, w.w, filepath.Join(dir, w.v.text)) {
			if !d.followable(filepath.Dir(p)) {
				continue // the machine's own programs
			}
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				d.add(sc, w.w, p, "PATH", FoundProgram, false, false)
				if beforeInherited {
					return true
				}
			}
		}
	}
	return false
}

// cmdWord is a word of a command with its value.
type cmdWord struct {
	w *syntax.Word
	v wordv
}

// runCtx carries what wrappers told about the command they run.
type runCtx struct {
	// moreArgs: xargs or find add arguments the text does not show.
	moreArgs bool
	// placeholder is the word xargs -I or find -exec replaces ("{}").
	placeholder string
	// via names the wrapper chain for the report ("npx", "uv run").
	via string
	// env are the variables assignments before the command (or env's)
	// give it alone (a computed value is unknownVar).
	env map[string]string
}

// run looks at a command: wrappers, builtins that run code, programs
// given by path and interpreters.
func (d *discoverer) run(st *syntax.Stmt, words []cmdWord, sc *scope, pipeFrom *syntax.Stmt, rc runCtx) {
	for len(words) > 0 {
		first := words[0]
		if rc.placeholder != "" && strings.Contains(first.w.Lit(), rc.placeholder) {
			d.unresolved(sc, st, "the program comes from the input of xargs or find")
			return
		}
		if !first.v.ok {
			if file := catOf(first.w); file != nil {
				d.addResolved(sc, file, d.expand(file, sc), "$(cat)", FoundCat, false, false)
				return
			}
			d.unresolved(sc, st, "the program is "+first.v.why)
			return
		}
		if first.v.glob && strings.ContainsRune(first.v.text, '/') {
			d.addGlob(sc, first.w, first.v, "", false, false)
			return
		}
		prog := first.v.text
		if strings.ContainsRune(prog, '/') {
			for _, p := range d.resolve(sc, first.w, prog) {
				d.add(sc, first.w, p, rc.via, FoundProgram, false, false)
			}
		}
		if !strings.ContainsRune(prog, '/') && d.pathLookup(st, first, sc, rc) {
			return
		}
		name := strings.TrimSuffix(filepath.Base(prog), ".exe")
		if next, ok := d.wrapper(st, name, words, sc, &rc); ok {
			if next == nil {
				return
			}
			words = next
			continue
		}
		d.commandWrites(st, name, words[1:], sc)
		if d.taskRunner(st, name, words, sc) {
			return
		}
		switch name {
		case "cd", "pushd", "popd":
			d.cd(words, sc)
			return
		case "source", ".":
			d.source(st, words, sc)
			return
		case "eval":
			d.eval(st, words[1:], sc)
			return
		case "find":
			d.findExec(st, words, sc, pipeFrom)
			return
		case "alias":
			for _, a := range words[1:] {
				if _, code, ok := strings.Cut(a.v.text, "="); ok && a.v.ok {
					d.inline(a.w, code, sc, false) // the alias's text runs where it is used
				} else if !a.v.ok {
					d.unresolved(sc, st, "an alias "+a.v.why)
				}
			}
			return
		case "trap":
			args := words[1:]
			for len(args) > 0 && args[0].v.ok && strings.HasPrefix(args[0].v.text, "-") {
				args = args[1:]
			}
			if len(args) > 1 {
				d.shellCode(st, args[0], sc, "trap")
			}
			return
		}
		if !shellBuiltins[name] {
			d.envCode(st, prog, sc, rc)
		}
		if ip, ok := interpreterFor(name); ok {
			d.interpret(st, name, ip, words[1:], sc, pipeFrom, rc)
		}
		return
	}
}

// cd follows a change of folder.
func (d *discoverer) cd(words []cmdWord, sc *scope) {
	args := words[1:]
	for len(args) > 0 && args[0].v.ok && strings.HasPrefix(args[0].v.text, "-") && args[0].v.text != "-" {
		args = args[1:]
	}
	if filepath.Base(words[0].v.text) == "popd" || len(args) == 0 || !args[0].v.ok || args[0].v.glob || args[0].v.text == "-" {
		sc.cwds = nil
		return
	}
	if filepath.IsAbs(args[0].v.text) {
		sc.cwds = []string{filepath.Clean(args[0].v.text)}
		return
	}
	if sc.cwds == nil {
		return
	}
	moved := make([]string, len(sc.cwds))
	for i, c := range sc.cwds {
		moved[i] = filepath.Join(c, args[0].v.text)
	}
	sc.cwds = moved
}

// exits reports whether a statement ends the shell or the function
// (exit, return), so that nothing after it runs on that path.
func exits(st *syntax.Stmt) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 {
		return false
	}
	switch c.Args[0].Lit() {
	case "exit", "return":
		return true
	}
	return false
}

// source handles . FILE and source FILE: the shell itself reads the file.
func (d *discoverer) source(st *syntax.Stmt, words []cmdWord, sc *scope) {
	args := words[1:]
	if len(args) > 0 && args[0].v.ok && args[0].v.text == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return
	}
	a := args[0]
	if file := catOf(a.w); file != nil {
		d.addResolved(sc, file, d.expand(file, sc), words[0].v.text, FoundCat, true, true)
		return
	}
	if a.v.ok && isStdinPath(a.v.text) {
		d.stdinCode(st, sc, words[0].v.text, true, nil)
		return
	}
	d.addResolved(sc, a.w, a.v, words[0].v.text, FoundSourced, true, true)
}

// eval parses literal arguments as code; eval "$(cat x)" reads x.
func (d *discoverer) eval(st *syntax.Stmt, args []cmdWord, sc *scope) {
	var code []string
	for _, a := range args {
		if file := catOf(a.w); file != nil && len(args) == 1 {
			d.addResolved(sc, file, d.expand(file, sc), "eval", FoundCat, true, true)
			return
		}
		if !a.v.ok {
			d.unresolved(sc, st, "eval of text "+a.v.why)
			return
		}
		code = append(code, a.v.text)
	}
	d.inline(st, strings.Join(code, " "), sc, true)
}

// inline discovers what a piece of shell code given as text runs (bash -c
// '…', eval '…', a here-string fed to a shell). sameShell: the code runs
// in the current shell (eval), so its cd and assignments stay.
func (d *discoverer) inline(at syntax.Node, code string, sc *scope, sameShell bool) {
	f, err := d.cache.parse(code)
	if err != nil {
		d.unresolved(sc, at, "inline shell code Hookwarden cannot parse")
		return
	}
	inner := sc
	if !sameShell {
		inner = sc.clone()
	}
	saved := inner.src
	inner.src = code
	// Lines and texts of what the inline code holds refer to the code.
	d.stmts(f.Stmts, inner)
	inner.src = saved
}

// catOf returns FILE when a word is exactly $(cat FILE), "$(cat FILE)",
// $(< FILE), `cat FILE` or <(cat FILE): code taken from a file's text.
func catOf(w *syntax.Word) *syntax.Word {
	if w == nil || len(w.Parts) != 1 {
		return nil
	}
	part := w.Parts[0]
	if dq, ok := part.(*syntax.DblQuoted); ok {
		if len(dq.Parts) != 1 {
			return nil
		}
		part = dq.Parts[0]
	}
	var stmts []*syntax.Stmt
	switch s := part.(type) {
	case *syntax.CmdSubst:
		stmts = s.Stmts
	case *syntax.ProcSubst:
		if s.Op != syntax.CmdIn {
			return nil
		}
		stmts = s.Stmts
	default:
		return nil
	}
	if len(stmts) != 1 {
		return nil
	}
	return catFile(stmts[0])
}

// catFile returns FILE when a statement is `cat FILE` or `< FILE`.
func catFile(st *syntax.Stmt) *syntax.Word {
	if st.Cmd == nil && len(st.Redirs) == 1 && st.Redirs[0].Op == syntax.RdrIn {
		return st.Redirs[0].Word
	}
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Assigns) > 0 || len(st.Redirs) > 0 {
		return nil
	}
	args := c.Args
	if len(args) < 2 || args[0].Lit() != "cat" {
		return nil
	}
	args = args[1:]
	if args[0].Lit() == "--" {
		args = args[1:]
	}
	if len(args) != 1 {
		return nil
	}
	return args[0]
}

func isStdinPath(p string) bool {
	return p == "/dev/stdin" || p == "/dev/fd/0" || p == "/proc/self/fd/0"
}

// stdinCode finds the code an interpreter reads on standard input: a
// redirected file, a here-document or here-string, or the output of the
// command piped into it. shell: the interpreter is a shell (inline code is
// parsed in turn).
func (d *discoverer) stdinCode(st *syntax.Stmt, sc *scope, via string, shell bool, pipeFrom *syntax.Stmt) {
	var in *syntax.Redirect
	for _, r := range st.Redirs {
		if (r.N == nil || r.N.Value == "0") && (r.Op == syntax.RdrIn || r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc) {
			in = r
		}
	}
	switch {
	case in != nil && in.Op == syntax.RdrIn:
		d.addResolved(sc, in.Word, d.expand(in.Word, sc), via, FoundStdin, shell, false)
	case in != nil:
		body := in.Hdoc
		if in.Op == syntax.WordHdoc {
			body = in.Word
		}
		if file := catOf(body); file != nil {
			d.addResolved(sc, file, d.expand(file, sc), via, FoundCat, shell, false)
			return
		}
		if !shell {
			return // inline code of another language, visible in the text
		}
		v := d.expandHdoc(body, sc, in.Op == syntax.WordHdoc)
		if !v.ok {
			d.unresolved(sc, st, "code fed to "+via+" is "+v.why)
			return
		}
		d.inline(st, v.text, sc, false)
	case pipeFrom != nil:
		d.pipedCode(st, pipeFrom, sc, via, shell)
	default:
		// The hook's standard input is the agent's JSON payload.
		d.unresolved(sc, st, via+" reads its program from standard input (the hook's JSON input, or what its caller pipes)")
	}
}

// pipedCode is the code an interpreter reads from the command piped into it.
func (d *discoverer) pipedCode(st, from *syntax.Stmt, sc *scope, via string, shell bool) {
	if c, ok := from.Cmd.(*syntax.CallExpr); ok && len(c.Args) > 0 {
		name := c.Args[0].Lit()
		switch {
		case name == "cat" && len(c.Args) > 1:
			for _, a := range c.Args[1:] {
				if a.Lit() == "--" || strings.HasPrefix(a.Lit(), "-") && a.Lit() != "-" {
					continue
				}
				d.addResolved(sc, a, d.expand(a, sc), via, FoundStdin, shell, false)
			}
			return
		case name == "echo" || name == "printf":
			if !shell {
				return
			}
			var parts []string
			for _, a := range c.Args[1:] {
				v := d.expand(a, sc)
				if !v.ok {
					d.unresolved(sc, from, "code piped into "+via+" is "+v.why)
					return
				}
				parts = append(parts, v.text)
			}
			if name == "printf" && len(parts) > 0 && strings.Contains(parts[0], "%") || strings.Contains(strings.Join(parts, " "), `\`) {
				d.unresolved(sc, from, "code piped into "+via+" is built by "+name)
				return
			}
			d.inline(st, strings.Join(parts, " "), sc, false)
			return
		}
	}
	why := "reads its code from the output of another command"
	if downloads(sc.text(from)) {
		why = "downloads code and runs it"
	}
	d.unresolved(sc, from, via+" "+why)
}

func downloads(s string) bool {
	for _, k := range []string{"curl", "wget", "fetch", "http://", "https://", "nc ", "/dev/tcp/", "Invoke-WebRequest", "iwr "} {
		if strings.Contains(s, k) {
			return true
		}
	}
	return false
}
