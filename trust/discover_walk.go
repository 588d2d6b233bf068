package trust

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

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
	// lang is the dialect of the shell reading src.
	lang Dialect
	// pos are the positional parameters $0, $1, … that `sh -c TEXT ARG0
	// ARGS…` binds (unknownVar for a computed one); nil: not bound here.
	pos []string
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
	if s.pos != nil && !slices.Equal(s.pos, other.pos) {
		s.pos = unknownPositionals(max(len(s.pos), len(other.pos)))
	}
}

// unknownPositionals are n positional parameters no longer known (after
// shift, set -- …, or a branch that may have changed them).
func unknownPositionals(n int) []string {
	pos := make([]string, n)
	for i := range pos {
		pos[i] = unknownVar
	}
	return pos
}

// changesPositionals: the command may change the positional parameters
// of the shell it runs in (shift; set with words; source or . of a file,
// which shares them).
func changesPositionals(name string, args []cmdWord) bool {
	switch name {
	case "shift", "source", ".":
		return true
	case "set":
		for _, a := range args {
			if !a.v.ok || a.v.text == "--" || !strings.HasPrefix(a.v.text, "-") && !strings.HasPrefix(a.v.text, "+") {
				return true
			}
		}
	}
	return false
}

// text is the source of a node, clipped.
func (s *scope) text(n syntax.Node) string {
	if isNilNode(n) {
		t := strings.TrimSpace(s.src)
		if len(t) > 200 {
			t = t[:197] + "..."
		}
		return t
	}
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
			if a.Naked && a.Name == nil && a.Value != nil {
				if f := a.Value.Lit(); strings.HasPrefix(f, "-") && strings.ContainsRune(f, 'n') {
					// declare -n: a name that assigns another variable
					d.incomplete(sc, st, ReasonShell, "a nameref ("+c.Variant.Value+" -n) assigns variables by another name, which Hookwarden does not follow")
				}
			}
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
		names := c.Names
		if c.Name != nil {
			names = append(names, c.Name)
		}
		if len(names) == 0 {
			// A function with no name (the parser's reading of forms
			// such as "()0"): read its body as run here and now.
			d.stmt(c.Body, sc, pipeFrom)
			break
		}
		body := sc.clone()
		body.pos = nil // a function's $1… are its own arguments
		d.stmt(c.Body, body, nil)
		// Its assignments are the caller's once it is called (bash
		// functions share their caller's variables), which may be at any
		// point from here on: what it assigns is unknown now and after
		// every call by name (assignedVars).
		if d.funcVars == nil {
			d.funcVars = map[string][]string{}
		}
		for _, name := range names {
			d.funcVars[name.Value] = d.assignedIn(c.Body)
			d.forget(sc, name.Value, map[string]bool{})
		}
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
	words := make([]cmdWord, 0, len(c.Args))
	for _, w := range c.Args {
		expanded := []*syntax.Word{w}
		if mayBrace(w, sc.lang) {
			if expanded = braceWords(w, sc.lang); expanded == nil {
				d.incomplete(sc, w, ReasonLimit, fmt.Sprintf("a brace expansion into more than %d words", maxBraceWords))
				return
			}
		}
		for _, bw := range expanded {
			n := len(words)
			var ok bool
			if words, ok = d.appendFields(words, cmdWord{w: bw, v: d.expand(bw, sc)}, sc); !ok {
				d.incomplete(sc, w, ReasonComputed, "word splitting with an IFS the script sets")
				return
			}
			for i := n; i < len(words); i++ {
				words[i].w = w // positions and texts stay the written word's
			}
		}
	}
	d.assignsOf(words, sc)
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
	wrapped := false // a wrapper (command, exec, env, xargs) runs a program, never a shell function
	for len(words) > 0 {
		first := words[0]
		if rc.placeholder != "" && strings.Contains(first.w.Lit(), rc.placeholder) {
			d.unresolved(sc, st, "the program comes from the input of xargs or find")
			return
		}
		if !first.v.ok {
			if file := catOf(first.w); file != nil {
				d.addResolved(sc, file, d.expand(file, sc), "$(cat)", FoundCat, true, false) // its words are a command: read as one
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
			words, wrapped = next, true
			continue
		}
		d.commandWrites(st, name, words[1:], sc)
		if sc.pos != nil && changesPositionals(name, words[1:]) {
			defer func() { sc.pos = unknownPositionals(len(sc.pos)) }()
		}
		if d.taskRunner(st, name, words, sc) {
			return
		}
		switch name {
		case "cd", "pushd", "popd":
			d.cd(words, sc)
			return
		case "source", ".":
			if name == "source" && sc.lang == DialectPOSIX {
				return // sh has no source builtin: "source: not found"
			}
			d.source(st, words, sc)
			return
		case "hash":
			d.hashBuiltin(st, words, sc)
			return
		case "enable":
			for _, a := range words[1:] {
				if !a.v.ok || strings.HasPrefix(a.v.text, "-") && strings.Contains(a.v.text, "f") {
					d.incomplete(sc, st, ReasonLoads, "enable -f loads a builtin from a shared library")
					return
				}
			}
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
		if name == "busybox" && len(words) > 1 && words[1].v.ok && !strings.HasPrefix(words[1].v.text, "-") {
			words, wrapped = words[1:], true // busybox sh x.sh: the applet runs as if called by its name
			continue
		}
		if ip, ok := interpreterFor(name); ok {
			if !ip.shell && !(len(words) > 1 && words[1].v.ok && versionOnly(name, words[1].v.text)) && !((name == "sed" || name == "gsed") && inertSed(words)) {
				d.foreign(sc, name)
			}
			d.runtimeConfig(st, name, sc, rc)
			if name == "py" || name == "pyw" {
				d.pyLauncher(st, name, words[1:], sc)
			}
			if !ip.shell && strings.ContainsRune(prog, '/') {
				d.projectInterpreter(st, prog, name, sc)
			}
			d.interpret(st, name, ip, words[1:], sc, pipeFrom, rc)
			return
		}
		if name == "git" {
			d.gitRuns(st, words[1:], sc, rc)
			d.gitConfig(st, words[1:], sc)
		}
		if d.loadsProjectCode(st, name, words[1:], sc) {
			return
		}
		if next, ok := d.foreignRunner(st, name, words[1:], sc); ok {
			rc.via = strings.TrimSpace(rc.via + " " + name)
			words, wrapped = next, true
			continue
		}
		d.optionPrograms(st, name, words[1:], sc)
		if !strings.ContainsRune(prog, '/') {
			d.handedProjectFile(st, name, words[1:], sc)
		}
		d.foreignProgram(st, first, name, sc, !wrapped)
		return
	}
}

// cd follows a change of folder.
func (d *discoverer) cd(words []cmdWord, sc *scope) {
	args := words[1:]
	phys := false
	for len(args) > 0 && args[0].v.ok && strings.HasPrefix(args[0].v.text, "-") && args[0].v.text != "-" {
		phys = phys || strings.Contains(args[0].v.text, "P")
		args = args[1:]
	}
	if len(args) > 0 && args[0].v.ok && !filepath.IsAbs(args[0].v.text) && !strings.HasPrefix(args[0].v.text, ".") {
		if cdpath, set := sc.vars["CDPATH"]; set && cdpath != "" {
			// cd NAME looks in CDPATH's folders first
			sc.cwds = nil
			return
		}
	}
	defer func() {
		if phys {
			for i, c := range sc.cwds {
				if real, err := filepath.EvalSymlinks(c); err == nil {
					sc.cwds[i] = real
				}
			}
		}
	}()
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
	if a.v.ok && !a.v.glob && a.v.text != "" && !strings.ContainsRune(a.v.text, '/') {
		d.sourceFromPath(st, a, words[0].v.text, sc)
	}
	d.addResolved(sc, a.w, a.v, words[0].v.text, FoundSourced, true, true)
}

// sourceFromPath lists the files ". NAME" may read through a PATH the
// command set: the shell looks a name without a slash up in PATH first
// (bash then falls back to the folder, sh does not). Every match in the
// project is listed, so a file added earlier in PATH later reads as new.
func (d *discoverer) sourceFromPath(st *syntax.Stmt, a cmdWord, via string, sc *scope) {
	value, set := sc.vars["PATH"]
	if !set {
		return // the inherited PATH: the machine's folders, not the project's
	}
	if value == unknownVar {
		d.incomplete(sc, st, ReasonComputed, via+" "+a.v.text+" is looked up in a PATH set at run time")
		return
	}
	for _, dir := range strings.Split(value, ":") {
		if strings.Contains(dir, inheritedPath) {
			continue
		}
		if dir == "" {
			dir = "."
		}
		for _, p := range d.resolve(sc, a.w, filepath.Join(dir, a.v.text)) {
			if !d.followable(filepath.Dir(p)) {
				continue
			}
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				d.add(sc, a.w, p, via, FoundSourced, true, true)
			}
		}
	}
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
	f, err := d.cache.parse(code, sc.lang)
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

// programOptions are options whose value is a program the program runs
// for its own work — a compressor, a preprocessor, a pager, a remote
// shell — even when it only reads its other arguments (sort, rg, tar
// are inert to the files they are handed, not to these).
var programOptions = map[string][]string{
	"sort":   {"--compress-program"},
	"rg":     {"--pre"},
	"tar":    {"-I", "--use-compress-program", "--to-command", "--info-script", "--new-volume-script", "--rsh-command"},
	"gtar":   {"-I", "--use-compress-program", "--to-command", "--info-script", "--new-volume-script", "--rsh-command"},
	"bsdtar": {"--use-compress-program"},
	"man":    {"-P", "--pager"},
	"rsync":  {"-e", "--rsh", "--rsync-path"},
	"fzf":    {"--preview"},
	"zip":    {"--unzip-command"},
}

// optionPrograms follows the program an option of programOptions names:
// a file of the project there is run (a script, followed), one known only
// at run time leaves discovery incomplete.
func (d *discoverer) optionPrograms(st *syntax.Stmt, name string, args []cmdWord, sc *scope) {
	opts := programOptions[name]
	if opts == nil {
		return
	}
	for i, a := range args {
		if !a.v.ok {
			continue
		}
		opt, val, hasVal := strings.Cut(a.v.text, "=")
		if !slices.Contains(opts, opt) {
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				continue
			}
			if !args[i+1].v.ok {
				d.unresolved(sc, st, name+" runs the program its "+opt+" names, known only at run time")
				continue
			}
			val = args[i+1].v.text
		}
		prog := strings.Fields(val + " ")
		if len(prog) == 0 || !strings.ContainsRune(prog[0], '/') {
			continue
		}
		for _, p := range d.resolve(sc, a.w, prog[0]) {
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				d.add(sc, a.w, p, name+" "+opt, FoundProgram, false, false)
			}
		}
	}
}

// assignedIn is every variable a function body assigns: by assignment,
// by a builtin that assigns (assignedBy), and by the functions it calls.
func (d *discoverer) assignedIn(body *syntax.Stmt) []string {
	// A name declared local (local, or declare/typeset without -g: local
	// in a function) is the function's own from its declaration on; an
	// assignment before that declaration is the caller's.
	local := map[string]uint{}
	syntax.Walk(body, func(n syntax.Node) bool {
		if dc, ok := n.(*syntax.DeclClause); ok && dc.Variant != nil && (dc.Variant.Value == "local" || dc.Variant.Value == "declare" || dc.Variant.Value == "typeset") {
			global := false
			for _, a := range dc.Args {
				if a.Naked && a.Name == nil && a.Value != nil && strings.HasPrefix(a.Value.Lit(), "-") && strings.ContainsRune(a.Value.Lit(), 'g') {
					global = true
				}
			}
			for _, a := range dc.Args {
				if !global && a.Name != nil {
					if at, seen := local[a.Name.Value]; !seen || a.Pos().Offset() < at {
						local[a.Name.Value] = a.Pos().Offset()
					}
				}
			}
		}
		return true
	})
	// NAME=value cmd sets NAME for that command only.
	prefix := map[*syntax.Assign]bool{}
	syntax.Walk(body, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			for _, a := range c.Assigns {
				prefix[a] = true
			}
		}
		return true
	})
	var names []string
	syntax.Walk(body, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Assign:
			if x.Name != nil && !prefix[x] {
				if at, ok := local[x.Name.Value]; ok && x.Pos().Offset() >= at {
					return true // the function's own variable
				}
				names = append(names, x.Name.Value)
			}
		case *syntax.CallExpr:
			var words []string
			for _, w := range x.Args {
				words = append(words, w.Lit())
			}
			if len(words) > 0 {
				names = append(names, assignedBy(words)...)
				names = append(names, words[0]+"()") // a call: its function's variables too (forget)
			}
		}
		return true
	})
	return names
}

// forget makes unknown the variables the function name assigns (and the
// functions it calls, each once).
func (d *discoverer) forget(sc *scope, name string, seen map[string]bool) {
	if seen[name] {
		return
	}
	seen[name] = true
	for _, v := range d.funcVars[name] {
		if f, ok := strings.CutSuffix(v, "()"); ok {
			d.forget(sc, f, seen)
			continue
		}
		sc.vars[v] = unknownVar
	}
}

// assignsOf makes unknown what a command assigns without an assignment:
// a builtin that sets variables (read, mapfile, printf -v, getopts,
// unset), or a function defined earlier.
func (d *discoverer) assignsOf(words []cmdWord, sc *scope) {
	if len(words) == 0 || !words[0].v.ok {
		return
	}
	lits := make([]string, len(words))
	for i, w := range words {
		if w.v.ok {
			lits[i] = w.v.text
		}
	}
	for _, v := range assignedBy(lits) {
		sc.vars[v] = unknownVar
	}
	if _, ok := d.funcVars[lits[0]]; ok {
		d.forget(sc, lits[0], map[string]bool{})
	}
}

// assignedBy is what the builtin words run assigns (over-approximated:
// every operand that may be a name).
func assignedBy(words []string) []string {
	var out []string
	operands := func(from int) {
		for _, w := range words[from:] {
			if w != "" && !strings.HasPrefix(w, "-") {
				out = append(out, w)
			}
		}
	}
	switch words[0] {
	case "read":
		out = append(out, "REPLY")
		operands(1)
	case "mapfile", "readarray":
		out = append(out, "MAPFILE")
		operands(1)
	case "printf":
		for i, w := range words {
			if w == "-v" && i+1 < len(words) {
				out = append(out, words[i+1])
			}
		}
	case "getopts":
		out = append(out, "OPTARG", "OPTIND")
		operands(1)
	case "unset":
		operands(1)
	}
	return out
}
