package trust

import (
	"os"
	"path/filepath"
	"strconv"
)

// Python's most common way to name a file beside the script:
// os.path.join(os.path.dirname(__file__), "x.json"),
// Path(__file__).parent / "x.json", .resolve().parent, abspath,
// realpath — and names bound once to such a value (HERE =
// os.path.dirname(os.path.abspath(__file__))). The reader evaluates these
// to the absolute path they name, so the file is fingerprinted like a
// literal one instead of leaving the script incomplete.
//
// __file__ is the script's path as Python sees it: for the main script
// the path it was started by, made absolute and not normalised — a
// symbolic link to the script stays the link (python3 checked: a linked
// hooks/x.py has __file__ hooks/x.py, and sys.path[0] the link's target's
// folder). Discovery's path is that path with ".." resolved as the kernel
// resolves it (physical), which names the same files as long as no
// folder on the way is a symbolic link; where one is, __file__ is not
// evaluated (the read stays a computed one, which a trace covers).

// pyPathFuncs are the functions of a path that the reader evaluates, by
// what an import binds them to.
var pyPathFuncs = map[string]string{
	"os.path.dirname": "dirname", "os.path.abspath": "same", "os.path.normpath": "same", "os.path.realpath": "real",
	"os.path.join": "join", "os.fspath": "same", "str": "same", "os.path.expanduser": "same",
	"pathlib.Path": "path", "pathlib.PurePath": "path", "pathlib.PosixPath": "path", "pathlib.PurePosixPath": "path",
}

// pyPathVal is a value the evaluator knows: a text (a string literal, or
// a path) and whether it is an absolute path derived from __file__.
type pyPathVal struct {
	s   string
	abs bool
}

// pyFile is __file__'s value ("" when it is not evaluated).
func (r *pyReader) pyFile() string {
	if r.file != nil {
		return *r.file
	}
	f := ""
	if fi, err := os.Lstat(r.path); err == nil && !fi.IsDir() && filepath.IsAbs(r.path) {
		dir := filepath.Dir(r.path)
		if real, err := filepath.EvalSymlinks(dir); err == nil && real == dir {
			f = r.path
		}
	}
	r.file = &f
	return f
}

// pathValue is the absolute path an expression derived from __file__
// names (ok false for anything else).
func (r *pyReader) pathValue(toks []langToken) (string, bool) {
	v, next, ok := r.pyPathExpr(toks, 0, 0)
	if !ok || next != len(toks) || !v.abs {
		return "", false
	}
	return filepath.Clean(v.s), true
}

// receiverPath is the path of the receiver of a method at toks[i] (toks[i-1]
// is "."): the longest postfix chain ending at toks[i-2] that evaluates.
func (r *pyReader) receiverPath(toks []langToken, i int) (string, bool) {
	if i < 2 {
		return "", false
	}
	best, found := "", false
	for k := i - 2; k >= 0 && toks[k].kind != tokNewline && !toks[k].is(";"); k-- {
		v, next, ok := r.pyPostfix(toks[:i-1], k, 0)
		if ok && next == i-1 && v.abs {
			best, found = filepath.Clean(v.s), true
		}
	}
	return best, found
}

// pyPathExpr reads a / b / c (pathlib's join) from toks[i].
func (r *pyReader) pyPathExpr(toks []langToken, i, depth int) (pyPathVal, int, bool) {
	v, i, ok := r.pyPostfix(toks, i, depth)
	for ok && i < len(toks) && toks[i].is("/") {
		var w pyPathVal
		w, i, ok = r.pyPostfix(toks, i+1, depth)
		if ok {
			v, ok = pyJoin(v, w)
		}
	}
	return v, i, ok
}

func pyJoin(a, b pyPathVal) (pyPathVal, bool) {
	if b.abs || filepath.IsAbs(b.s) {
		return b, b.abs // an absolute part starts over
	}
	if !a.abs {
		return pyPathVal{}, false
	}
	return pyPathVal{s: filepath.Join(a.s, b.s), abs: true}, true
}

// pyPostfix reads a primary with its .parent, .resolve(), .absolute(),
// .joinpath(…), .parents[N] from toks[i].
func (r *pyReader) pyPostfix(toks []langToken, i, depth int) (pyPathVal, int, bool) {
	if depth > 8 || i >= len(toks) {
		return pyPathVal{}, i, false
	}
	v, i, ok := r.pyPrimary(toks, i, depth)
	for ok && i+1 < len(toks) && toks[i].is(".") && toks[i+1].kind == tokName {
		name := toks[i+1].text
		call := i+2 < len(toks) && toks[i+2].is("(")
		switch {
		case name == "parent" && !call && v.abs:
			v.s = filepath.Dir(v.s)
			i += 2
		case name == "parents" && !call && v.abs && i+4 < len(toks) && toks[i+2].is("[") && toks[i+3].kind == tokNumber && toks[i+4].is("]"):
			n, err := strconv.Atoi(toks[i+3].text)
			if err != nil || n < 0 {
				return pyPathVal{}, i, false
			}
			for ; n >= 0; n-- {
				v.s = filepath.Dir(v.s)
			}
			i += 5
		case (name == "resolve" || name == "absolute") && call && v.abs:
			args, close := callArgs(toks, i+2)
			if len(args) > 0 || close >= len(toks) {
				return pyPathVal{}, i, false
			}
			if name == "resolve" {
				real, err := filepath.EvalSymlinks(v.s)
				if err != nil {
					return pyPathVal{}, i, false
				}
				v.s = real
			}
			i = close + 1
		case name == "joinpath" && call && v.abs:
			args, close := callArgs(toks, i+2)
			if close >= len(toks) {
				return pyPathVal{}, i, false
			}
			for _, a := range args {
				w, ok := r.pyArg(a, depth)
				if !ok {
					return pyPathVal{}, i, false
				}
				if v, ok = pyJoin(v, w); !ok {
					return pyPathVal{}, i, false
				}
			}
			i = close + 1
		default:
			return v, i, true // a member the evaluator does not read ends the chain here
		}
	}
	return v, i, ok
}

// pyArg evaluates one call argument whole.
func (r *pyReader) pyArg(a callArg, depth int) (pyPathVal, bool) {
	if a.kw != "" || len(a.toks) == 0 {
		return pyPathVal{}, false
	}
	v, next, ok := r.pyPathExpr(a.toks, 0, depth+1)
	return v, ok && next == len(a.toks)
}

// pyPrimary reads __file__, a string literal, a name bound once to one of
// these, a call of a function of pyPathFuncs, or a parenthesised
// expression at toks[i].
func (r *pyReader) pyPrimary(toks []langToken, i, depth int) (pyPathVal, int, bool) {
	t := toks[i]
	switch {
	case t.kind == tokString:
		if !t.lit {
			return pyPathVal{}, i, false
		}
		return pyPathVal{s: t.val}, i + 1, true
	case t.is("("):
		args, close := callArgs(toks, i)
		if len(args) != 1 || close >= len(toks) {
			return pyPathVal{}, i, false
		}
		v, ok := r.pyArg(args[0], depth)
		return v, close + 1, ok
	case t.kind != tokName:
		return pyPathVal{}, i, false
	case t.text == "__file__":
		if f := r.pyFile(); f != "" {
			return pyPathVal{s: f, abs: true}, i + 1, true
		}
		return pyPathVal{}, i, false
	}
	// a dotted name: a function when a call follows, else a bound name
	name, next := dotted(toks, i)
	if next < len(toks) && toks[next].is("(") {
		fn := r.pyFunc(name)
		if fn == "" {
			return pyPathVal{}, i, false
		}
		args, close := callArgs(toks, next)
		if close >= len(toks) || len(args) == 0 {
			return pyPathVal{}, i, false
		}
		vals := make([]pyPathVal, len(args))
		for k, a := range args {
			v, ok := r.pyArg(a, depth)
			if !ok {
				return pyPathVal{}, i, false
			}
			vals[k] = v
		}
		v := vals[0]
		switch fn {
		case "dirname":
			if len(vals) != 1 || !v.abs {
				return pyPathVal{}, i, false
			}
			v.s = filepath.Dir(v.s)
		case "same", "path":
			if len(vals) != 1 && fn == "same" {
				return pyPathVal{}, i, false
			}
			for _, w := range vals[1:] {
				var ok bool
				if v, ok = pyJoin(v, w); !ok {
					return pyPathVal{}, i, false
				}
			}
		case "real":
			if len(vals) != 1 || !v.abs {
				return pyPathVal{}, i, false
			}
			real, err := filepath.EvalSymlinks(v.s)
			if err != nil {
				return pyPathVal{}, i, false
			}
			v.s = real
		case "join":
			for _, w := range vals[1:] {
				var ok bool
				if v, ok = pyJoin(v, w); !ok {
					return pyPathVal{}, i, false
				}
			}
		}
		return v, close + 1, true
	}
	if next != i+1 {
		return pyPathVal{}, i, false
	}
	if s, ok := r.consts[t.text]; ok {
		return pyPathVal{s: s}, i + 1, true
	}
	if rhs, ok := r.pathExprs[t.text]; ok && depth < 8 {
		v, end, ok := r.pyPathExpr(rhs, 0, depth+1)
		if ok && end == len(rhs) && v.abs {
			return v, i + 1, true
		}
	}
	return pyPathVal{}, i, false
}

// pyFunc is the evaluator's name for the function a dotted name calls
// through the script's imports ("" none).
func (r *pyReader) pyFunc(name string) string {
	head, rest := name, ""
	for k := 0; k < len(name); k++ {
		if name[k] == '.' {
			head, rest = name[:k], name[k:]
			break
		}
	}
	if bound, ok := r.alias[head]; ok {
		if bound == "." {
			return ""
		}
		return pyPathFuncs[bound+rest]
	}
	if name == "str" {
		return "same"
	}
	return ""
}

// pathBindings records the names assigned exactly once, at the start of
// a statement, by NAME = EXPR, and bound nowhere else (no parameter, loop,
// with or except target, global, lambda, import as): their EXPR tokens
// (pathValue evaluates them when they are paths).
func (r *pyReader) pathBindings(toks []langToken) {
	count := map[string]int{}
	exprs := map[string][]langToken{}
	other := map[string]bool{}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tokName && i+1 < len(toks) && (toks[i+1].is("=") || toks[i+1].is(":=") || toks[i+1].is("+=") || toks[i+1].is(":")) && (i == 0 || !toks[i-1].is(".")):
			if toks[i+1].is(":") && !stmtStart(toks, i) {
				continue // a dict key or a slice, not an annotation
			}
			count[t.text]++
			if toks[i+1].is("=") && stmtStart(toks, i) {
				end := i + 2
				for end < len(toks) && toks[end].kind != tokNewline && !toks[end].is(";") {
					end++
				}
				exprs[t.text] = toks[i+2 : end]
			} else {
				other[t.text] = true
			}
		case t.is("for") || t.is("global") || t.is("nonlocal") || t.is("lambda") || t.is("del"):
			for k := i + 1; k < len(toks) && toks[k].kind != tokNewline && !toks[k].is("in") && !toks[k].is(":"); k++ {
				if toks[k].kind == tokName {
					other[toks[k].text] = true
				}
			}
		case t.is("as") && i+1 < len(toks) && toks[i+1].kind == tokName:
			other[toks[i+1].text] = true
		case t.is("def") || t.is("class"):
			k := i + 2
			if k < len(toks) && toks[k].is("(") {
				_, close := callArgs(toks, k)
				for ; k < close && k < len(toks); k++ {
					if toks[k].kind == tokName {
						other[toks[k].text] = true
					}
				}
			}
		}
		if stmtStart(toks, i) {
			// a, b = … and (a, b) = …, x[0] = …: every name of a target
			// that is not one plain name is bound otherwise
			depth := 0
			for k := i; k < len(toks) && toks[k].kind != tokNewline && !toks[k].is(";"); k++ {
				switch {
				case toks[k].is("(") || toks[k].is("["):
					depth++
				case toks[k].is(")") || toks[k].is("]"):
					depth--
				case depth == 0 && toks[k].is("=") && k > i+1:
					for _, n := range toks[i:k] {
						if n.kind == tokName {
							other[n.text] = true
						}
					}
				}
				if depth == 0 && toks[k].is("=") {
					break
				}
			}
		}
	}
	r.pathExprs = map[string][]langToken{}
	for name, e := range exprs {
		if count[name] == 1 && !other[name] {
			r.pathExprs[name] = e
		}
	}
}

// sysPathOwnFolder reports whether sys.path.insert(…)/append(…), its
// "(" at toks[open], adds the folder Python already imports the script's
// modules from first (the script's folder with links resolved,
// sys.path[0]): then nothing changes what an import finds.
func (r *pyReader) sysPathOwnFolder(toks []langToken, open int, method string) bool {
	args, _ := callArgs(toks, open)
	n := 0
	if method == "insert" {
		n = 1
	}
	a, ok := positional(args, n, "")
	if !ok || len(args) != n+1 {
		return false
	}
	p, ok := r.pathValue(a.toks)
	if !ok {
		return false
	}
	real, err := filepath.EvalSymlinks(filepath.Dir(r.path))
	if err != nil {
		return false
	}
	if rp, err := filepath.EvalSymlinks(p); err != nil || rp != p || p != real {
		return false // another folder, or one reached through a link: the imports may differ
	}
	return r.sc.depth <= 1 // the main script (a module's folder is not sys.path[0])
}

// sysPathFolder follows the file's imports in the folder that
// sys.path.insert(…)/append(…), its "(" at toks[open], adds, when the
// folder is a path derived from __file__ that exists.
func (r *pyReader) sysPathFolder(toks []langToken, open int, method string) {
	args, _ := callArgs(toks, open)
	n := 0
	if method == "insert" {
		n = 1
	}
	a, ok := positional(args, n, "")
	if !ok || len(args) != n+1 {
		return
	}
	p, ok := r.pathValue(a.toks)
	if !ok || !filepath.IsAbs(p) {
		return
	}
	if fi, err := os.Stat(p); err != nil || !fi.IsDir() {
		return
	}
	r.d.pythonImportsFrom(r.sc, r.path, r.text, []string{p})
}
