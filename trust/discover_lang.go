package trust

import (
	"path/filepath"
	"strings"
)

// The language readers (Python: discover_lang_python.go; JavaScript and
// TypeScript: discover_lang_node.go) decide whether a script's static
// reading is complete the other way round from a list of dangerous
// calls: the script is complete only when everything in it that can load
// code or read a file is understood. They read tokens (lang_tokens.go),
// so a word in a string or a comment is never code, and they hold to
// three rules:
//
//  1. Every file the script can read or load is known. A read of a
//     literal path of the project (open(".claude/x.json"),
//     fs.readFileSync("./cfg.json"), runpy.run_path("y.py")) is
//     fingerprinted (FoundRead): a pull that changes it is named. A read
//     of a path computed at run time makes the hook incomplete
//     (ReasonReads, traceable: the approval's trace fingerprints what it
//     really read).
//  2. Dynamic dispatch the reader cannot resolve is incomplete: a call of
//     a computed value (f(x)(y), obj[k](…)), a code runner used as a
//     value rather than called by its name (e = eval; getattr(builtins,
//     …); require passed along), reflection on globals, builtins,
//     constructors and namespaces, workers, native code (ctypes, FFI,
//     dlopen).
//  3. A module that loads or runs code (importlib, runpy, pickle, sys, vm,
//     module, worker_threads, …) is understood only through the members
//     the reader knows: any other member of it is incomplete, never
//     complete.

// FoundRead: a file of the project a script reads or loads by a literal
// path (open("x.json"), runpy.run_path("y.py"), readFileSync("./c.json")):
// its content changes what the hook does, so it is fingerprinted with it.
const FoundRead Found = "read"

// ReasonReads: a script reads or loads a file whose path is computed at
// run time; a trace records which.
const ReasonReads ReasonKind = "reads"

// callArg is one argument of a call: its keyword (Python) and tokens.
type callArg struct {
	kw   string
	toks []langToken
}

// callArgs splits the arguments of the call whose "(" is toks[open];
// close is the index of its ")" (len(toks) when it is not closed).
func callArgs(toks []langToken, open int) (args []callArg, close int) {
	depth := 0
	start := open + 1
	for i := open; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tokOp {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				if start < i {
					args = append(args, newCallArg(toks[start:i]))
				}
				return args, i
			}
		case ",":
			if depth == 1 {
				args = append(args, newCallArg(toks[start:i]))
				start = i + 1
			}
		}
	}
	return args, len(toks)
}

func newCallArg(toks []langToken) callArg {
	if len(toks) >= 2 && toks[0].kind == tokName && toks[1].is("=") {
		return callArg{kw: toks[0].text, toks: toks[2:]}
	}
	return callArg{toks: toks}
}

// literal is the value of an argument that is a string literal (adjacent
// literals joined, as Python joins them) or a name bound once to one.
func (a callArg) literal(consts map[string]string) (string, bool) {
	if len(a.toks) == 1 && a.toks[0].kind == tokName {
		v, ok := consts[a.toks[0].text]
		return v, ok
	}
	if len(a.toks) == 0 {
		return "", false
	}
	var b strings.Builder
	for _, t := range a.toks {
		if t.kind != tokString || !t.lit {
			return "", false
		}
		b.WriteString(t.val)
	}
	return b.String(), true
}

// positional is the n-th positional argument (0-based), or the one with
// keyword kw.
func positional(args []callArg, n int, kw string) (callArg, bool) {
	k := 0
	for _, a := range args {
		if a.kw == "" {
			if k == n {
				return a, true
			}
			k++
		} else if a.kw == kw {
			return a, true
		}
	}
	return callArg{}, false
}

// readLiteral fingerprints the project file a script reads by a literal
// path, resolved against the folders the script runs in (relative paths
// are the process's working folder's, as open() and readFileSync take
// them) or against dir when it is not "" (a path relative to the script's
// own folder). A path outside the project and its roots is the machine's.
func (d *discoverer) readLiteral(sc *scope, text string, off int, lit, dir string) {
	if lit == "" || strings.ContainsRune(lit, 0) || strings.Contains(lit, "\n") {
		return
	}
	var bases []string
	switch {
	case filepath.IsAbs(lit):
		bases = []string{""}
	case dir != "":
		bases = []string{dir}
	case sc.cwds == nil:
		d.reasonAt(sc, text, off, ReasonReads, "reads "+lit+" in a folder known only at run time")
		return
	default:
		bases = sc.cwds
	}
	for _, b := range bases {
		p := lit
		if b != "" {
			p = filepath.Join(b, lit)
		}
		p = filepath.Clean(p)
		if d.followable(p) && !isDir(p) {
			d.addData(sc, p, "read by "+filepath.Base(sc.file), FoundRead)
		}
	}
}

// awkOption reports whether an awk option is one that loads no code: -F
// (the separator), -v (a variable; each consumes its value or holds it),
// -f (a program file, which is followed as the script), "--".
func awkOption(t string) bool {
	return t == "--" || strings.HasPrefix(t, "-F") || strings.HasPrefix(t, "-v") || strings.HasPrefix(t, "-f")
}

// awkProgram reads an awk program given as text: it is understood when it
// can start no program and read no file beyond its input — no system(),
// no getline (from a file or a command), no pipe to or from a command
// ("|" outside a string; "||" is a test), no @include or @load. Regular
// expressions are not told apart from code here, so a "|" inside one
// also makes it incomplete: the reading errs on the side of not knowing.
func (d *discoverer) awkProgram(w cmdWord, sc *scope, name string) {
	if !w.v.ok {
		d.incomplete(sc, w.w, ReasonComputed, name+" runs a program "+w.v.why)
		return
	}
	prog := strings.ReplaceAll(awkCode(w.v.text), "||", "")
	for _, bad := range []string{"system", "getline", "|", "@"} {
		if strings.Contains(prog, bad) {
			d.incomplete(sc, w.w, ReasonLoads, name+" program uses "+bad+": the programs it starts or the files it reads are not followed")
			return
		}
	}
}

// awkCode is an awk program without its string literals and comments.
func awkCode(prog string) string {
	var b strings.Builder
	for i := 0; i < len(prog); i++ {
		switch c := prog[i]; c {
		case '"':
			for i++; i < len(prog) && prog[i] != '"' && prog[i] != '\n'; i++ {
				if prog[i] == '\\' {
					i++
				}
			}
			b.WriteString(`""`)
		case '#':
			for i < len(prog) && prog[i] != '\n' {
				i++
			}
			b.WriteByte('\n')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// sedInline reports whether inline sed code only edits its stream: every
// command, split at ";" and line ends, is one inertSed knows (a split
// inside a command leaves a part that is not, which errs on the side of
// not knowing).
func sedInline(code string) bool {
	for _, line := range strings.Split(code, "\n") {
		for _, part := range strings.Split(line, ";") {
			if strings.TrimSpace(part) != "" && !sedCommand().MatchString(part) {
				return false
			}
		}
	}
	return true
}
