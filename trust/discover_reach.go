package trust

import (
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// What a command may open of the project by itself. A program whose code
// Hookwarden reads to the end (a shell script it follows, a builtin) or
// that only reads the files it is handed (inertPrograms) opens nothing of
// the folder it runs in unless the command line says so; a tool known to
// load the project's code (codeLoaders, make, npm run) is followed where
// it does. Any other program — one of the machine Hookwarden does not
// know, an interpreter running code (its opens are computed), a binary —
// may read a file of its folder by a rule of its own (mytool loading
// ./.mytoolrc.js): discovery cannot list that, so it names the program
// (Discovery.Foreign) and only a run can show what it opens.

// foreign notes a program run in a folder of the project whose code
// Hookwarden does not read to the end.
func (d *discoverer) foreign(sc *scope, name string) {
	if name == "" || !d.runsInProject(sc) || slices.Contains(d.out.Foreign, name) {
		return
	}
	d.out.Foreign = append(d.out.Foreign, name)
}

// runsInProject reports whether sc's folder may be the project's (or is
// known only at run time).
func (d *discoverer) runsInProject(sc *scope) bool {
	if sc.cwds == nil {
		return true
	}
	for _, c := range sc.cwds {
		if within(c, d.project) {
			return true
		}
	}
	return false
}

// foreignProgram notes the program a command ends in when Hookwarden
// neither knows it nor read it: by name, one that is not a builtin and
// not known to read only its arguments; by path, one outside the project
// that is not a shell script discovery followed (a program of the
// project is the project's code already). direct says no wrapper
// (command, exec, env, xargs) stands before it: only then may a shell
// function of that name be what runs. Each unknown one is also a reason
// (unknownProgram).
func (d *discoverer) foreignProgram(st *syntax.Stmt, first cmdWord, name string, sc *scope, direct bool) {
	prog := first.v.text
	if !strings.ContainsRune(prog, '/') {
		if !shellBuiltins[name] && !inertPrograms[name] && !moreBuiltins[name] && !(direct && d.isFunction(name, sc)) {
			d.foreign(sc, name)
			d.unknownProgram(st, sc, name)
		}
		return
	}
	paths := d.resolve(sc, first.w, prog)
	for _, p := range paths {
		p = physical(p)
		if within(p, d.project) || slices.Contains(d.out.followed, p) {
			return
		}
	}
	d.foreign(sc, filepath.Base(prog))
	if shellBuiltins[name] || inertPrograms[name] {
		return // /bin/echo, /usr/bin/jq: the machine's program of that name
	}
	for _, p := range paths {
		if !exists(p) {
			continue // a missing program runs nothing; its fingerprint says it is missing
		}
		if d.followable(p) && d.cache.programLang(p) != "" {
			continue // a script discovery read (or gave its own reason for)
		}
		d.unknownProgram(st, sc, name)
		return
	}
}

// ReasonUnknown: the command runs a program Hookwarden does not know (not
// a builtin, not one known to read only what it is handed, not a tool
// whose loads it follows, not a script it read): what that program opens
// of the project by a rule of its own (mytool loading ./.mytoolrc.js) is
// not listed. A traced run records what it opened, so it is traceable.
const ReasonUnknown ReasonKind = "unknown-program"

// unknownProgram makes the discovery incomplete for a program Hookwarden
// does not know, run in a folder that may be the project's: it may load a
// file of its folder by its own rule (a config searched for, a plugin it
// names), and a pull may change that file without changing the hook. A
// traced run covers it (it records what the program opened), as long as
// the program really ran in it (UnresolvedCode.Program).
func (d *discoverer) unknownProgram(st *syntax.Stmt, sc *scope, name string) {
	if name == "" || !d.runsInProject(sc) {
		return
	}
	switch filepath.Base(sc.file) {
	case "GNUmakefile", "makefile", "Makefile":
		// make's recipes are read as shell with make's $(VARIABLES) left
		// as written (a "program" there may be a variable), and the hook
		// is already incomplete for what make reads (its own reason)
		return
	}
	u := UnresolvedCode{Why: "runs " + name + ", which Hookwarden does not know: what it opens of the project is not watched; a traced run (trust --trace) covers it",
		File: sc.file, Kind: ReasonUnknown, Traceable: true, Program: name, Text: sc.text(st)}
	if !isNilNode(st) {
		u.Line, u.Column = int(st.Pos().Line()), int(st.Pos().Col())
	}
	if k := u.String(); !d.unseen[k] {
		d.unseen[k] = true
		d.out.Unresolved = append(d.out.Unresolved, u)
	}
}

// isFunction reports whether name is a shell function the command or
// its script defined (its body is walked where it is defined), or one its
// script declares further down (called from a function declared before
// it, main "$@" at the end: bash calls the function). Only a declaration
// the shell parses counts: "mytool()" in a comment, a here-document or a
// string declares nothing, and the program of that name runs.
func (d *discoverer) isFunction(name string, sc *scope) bool {
	if _, ok := d.funcVars[name]; ok {
		return true
	}
	if !strings.Contains(sc.src, name) {
		return false
	}
	declared, ok := d.declared[sc.src]
	if !ok {
		declared = map[string]bool{}
		if f, err := d.cache.parse(sc.src, sc.lang); err == nil {
			syntax.Walk(f, func(n syntax.Node) bool {
				if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil {
					declared[fd.Name.Value] = true
				}
				return true
			})
		}
		if d.declared == nil {
			d.declared = map[string]map[string]bool{}
		}
		d.declared[sc.src] = declared
	}
	return declared[name]
}

// unreadScript: a Python or JavaScript file outside the project and the
// folders discovery follows (a tool of the machine: node
// /opt/tool/cli.js) runs, and Hookwarden does not read it: like a program
// it does not know, what it opens of the project is not watched.
func (d *discoverer) unreadScript(sc *scope, path string) {
	if !exists(path) || !d.runsInProject(sc) {
		return
	}
	u := UnresolvedCode{Why: "runs " + path + ", a script outside the project that Hookwarden does not read: what it opens of the project is not watched; a traced run (trust --trace) covers it",
		File: sc.file, Kind: ReasonUnknown, Traceable: true, Text: sc.text(nil)}
	if k := u.String(); !d.unseen[k] {
		d.unseen[k] = true
		d.out.Unresolved = append(d.out.Unresolved, u)
	}
}

// moreBuiltins are bash builtins that run no program (besides
// shellBuiltins, which discovery follows or reads in other places).
var moreBuiltins = set("mapfile", "readarray", "disown", "fg", "bg", "caller", "compgen", "complete", "compopt", "help",
	"history", "logout", "suspend", "bind", "fc", "enable", "printf", "pwd", "echo")

// ForeignReach is what of the project a command may open that discovery
// cannot list: the programs of Foreign, in words ("mytool, python3"), or
// "" when there are none.
func (d Discovery) ForeignReach() string {
	return strings.Join(d.Foreign, ", ")
}

// ReachLeftToTrace is reasons, for a hook of the user's own settings,
// without those that stand only for what a program it runs may open of
// the project by itself (ReasonUnknown, not in a file of the project):
// for such a hook that reach is settled per folder by a trace of it
// (Discovery.Foreign: the gate holds it until traced there), not by its
// approval, which is the user's for every folder.
func ReachLeftToTrace(reasons []UnresolvedCode, project string) []UnresolvedCode {
	return slices.DeleteFunc(slices.Clone(reasons), func(u UnresolvedCode) bool {
		return u.Kind == ReasonUnknown && !u.Project && (u.File == "" || !within(u.File, project))
	})
}
