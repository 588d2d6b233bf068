package trust

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// pyRunners are Python's builtins that run code given as text or load a
// module by a name given as text.
var pyRunners = map[string]bool{"eval": true, "exec": true, "compile": true, "execfile": true, "__import__": true}

// pyReflection are builtins that reach any name by a value: understood
// only with a literal name that is not a runner and not a dunder.
var pyReflection = map[string]bool{"getattr": true, "setattr": true, "delattr": true}

// pyNamespaces are builtins that hand out a namespace (from which any
// name, a runner too, is reached by a computed key).
var pyNamespaces = map[string]bool{"globals": true, "locals": true, "vars": true, "__builtins__": true, "__loader__": true, "__spec__": true}

// pySafeDunders are the dunder names that reach no namespace and no code.
var pySafeDunders = setOf("__name__", "__file__", "__doc__", "__version__", "__module__", "__qualname__", "__init__",
	"__enter__", "__exit__", "__aenter__", "__aexit__", "__str__", "__repr__", "__len__", "__iter__", "__next__",
	"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__contains__", "__getitem__", "__setitem__",
	"__post_init__", "__slots__", "__all__", "__annotations__", "__author__", "__main__", "__bool__", "__format__", "__new__")

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// pyModule is what the reader knows of a module of the standard library
// (or a common package) that can load or run code or start programs.
type pyModule struct {
	// programs: every use starts programs (subprocess, pty).
	programs bool
	// known are the members understood (the rest, for a module that
	// loads code, are incomplete); nil with programs.
	known map[string]bool
	// programMembers start programs; cwdMembers change the working
	// folder; readers open the file named by their first argument.
	programMembers func(string) bool
	cwdMembers     map[string]bool
	readers        map[string]bool
	// computed are members of an open module that reach code by a name
	// given at run time (operator.methodcaller).
	computed map[string]bool
	// open: members not in known are understood (a large module of which
	// only programMembers, cwdMembers and readers matter).
	open bool
	// why is said of a member not understood.
	why string
}

var pyModules = map[string]pyModule{
	"subprocess": {programs: true},
	"pty":        {programs: true},
	"commands":   {programs: true},
	"popen2":     {programs: true},
	"os": {open: true, programMembers: func(m string) bool {
		return m == "system" || m == "popen" || m == "fork" || m == "forkpty" || m == "startfile" ||
			strings.HasPrefix(m, "exec") || strings.HasPrefix(m, "spawn") || strings.HasPrefix(m, "posix_spawn")
	}, cwdMembers: setOf("chdir", "fchdir"), readers: setOf("open")},
	"asyncio": {open: true, programMembers: func(m string) bool { return strings.HasPrefix(m, "create_subprocess") }},
	"sys": {known: setOf("argv", "stdin", "stdout", "stderr", "exit", "platform", "version", "version_info", "executable",
		"maxsize", "byteorder", "getdefaultencoding", "getfilesystemencoding", "getrecursionlimit", "setrecursionlimit",
		"exc_info", "exception", "flags", "hexversion", "implementation", "getsizeof", "__stdin__", "__stdout__", "__stderr__",
		"prefix", "base_prefix", "exec_prefix", "float_info", "maxunicode", "orig_argv", "dont_write_bytecode",
		"excepthook", "stdlib_module_names", "builtin_module_names", "set_int_max_str_digits", "intern", "api_version", "warnoptions", "is_finalizing", "getrefcount"),
		why: "decides what a later import loads or reaches code by reflection"},
	"importlib":   {known: setOf("import_module", "metadata", "invalidate_caches"), why: "loads modules chosen at run time"},
	"runpy":       {known: setOf("run_path", "run_module"), why: "runs code chosen at run time"},
	"imp":         {why: "loads modules chosen at run time"},
	"zipimport":   {why: "loads modules from an archive"},
	"pkgutil":     {known: setOf("iter_modules"), why: "loads modules chosen at run time"},
	"site":        {known: setOf("getsitepackages", "getusersitepackages", "ENABLE_USER_SITE"), why: "adds folders modules are imported from"},
	"builtins":    {why: "reaches the builtins (exec, eval, __import__) by name"},
	"code":        {why: "runs code given as text"},
	"codeop":      {why: "compiles code given as text"},
	"marshal":     {known: setOf("dumps", "dump"), why: "loads code objects"},
	"pickle":      {known: setOf("dump", "dumps", "PickleError", "PicklingError", "UnpicklingError", "HIGHEST_PROTOCOL", "DEFAULT_PROTOCOL", "Pickler"), why: "runs code a pickle names when it loads one"},
	"cPickle":     {known: setOf("dump", "dumps"), why: "runs code a pickle names when it loads one"},
	"_pickle":     {known: setOf("dump", "dumps"), why: "runs code a pickle names when it loads one"},
	"shelve":      {why: "runs code a pickle names when it loads one"},
	"dill":        {known: setOf("dump", "dumps"), why: "runs code a pickle names when it loads one"},
	"cloudpickle": {known: setOf("dump", "dumps"), why: "runs code a pickle names when it loads one"},
	"joblib":      {known: setOf("dump", "Parallel", "delayed", "cpu_count"), why: "runs code a pickle names when it loads one"},
	"jsonpickle":  {known: setOf("encode", "dumps"), why: "runs code its input names when it decodes"},
	"yaml": {known: setOf("safe_load", "safe_load_all", "safe_dump", "safe_dump_all", "dump", "dump_all", "YAMLError",
		"SafeLoader", "CSafeLoader", "BaseLoader", "CBaseLoader", "SafeDumper", "CSafeDumper", "Dumper", "CDumper", "add_representer", "MarkedYAMLError", "scanner", "parser", "constructor", "representer"),
		why: "constructs objects its input names (an unsafe Loader)"},
	"ctypes":   {why: "loads native code"},
	"_ctypes":  {why: "loads native code"},
	"cffi":     {why: "loads native code"},
	"types":    {known: setOf("SimpleNamespace", "MappingProxyType", "NoneType", "GenericAlias", "UnionType", "GeneratorType", "ModuleType", "TracebackType"), why: "builds functions or code at run time"},
	"inspect":  {known: setOf("signature", "isfunction", "iscoroutinefunction", "isclass", "ismethod", "getdoc", "cleandoc", "Parameter", "isawaitable", "getmembers"), why: "reaches frames, globals and code by reflection"},
	"operator": {open: true, computed: setOf("attrgetter", "methodcaller")},
	"timeit":   {known: setOf("default_timer"), why: "runs code given as text"},
	"doctest":  {why: "runs code found in text"},
	"unittest": {known: setOf("TestCase", "mock", "skip", "skipIf", "skipUnless", "expectedFailure", "SkipTest"), why: "loads tests chosen at run time"},
	"pdb":      {why: "runs code given as text"},
	"multiprocessing": {open: true, programMembers: func(m string) bool {
		return m == "Process" || m == "Pool" || m == "get_context" || m == "set_start_method"
	}},
	"io":           {open: true, readers: setOf("open", "FileIO", "open_code")},
	"codecs":       {open: true, readers: setOf("open")},
	"fileinput":    {open: true, readers: setOf("input", "FileInput")},
	"dbm":          {open: true, readers: setOf("open")},
	"tarfile":      {open: true, readers: setOf("open")},
	"zipfile":      {open: true, readers: setOf("ZipFile")},
	"configparser": {open: true},
	"numpy":        {open: true, readers: setOf("load", "loadtxt", "genfromtxt", "fromfile")},
	"torch":        {open: true, computed: setOf("load")},
	"pandas":       {open: true, computed: setOf("read_pickle")},
}

// pyCodingRE is a source encoding declaration (PEP 263), on one of the
// first two lines.
var pyCodingRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?m)^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)`) })

// pyPlainCodings are encodings in which ASCII text reads as itself.
var pyPlainCodings = setOf("utf-8", "utf8", "ascii", "us-ascii", "latin-1", "latin1", "iso-8859-1", "iso8859-1", "cp1252", "utf-8-sig", "iso-8859-15", "l1")

func firstLines(text string, n int) string {
	end := 0
	for k := 0; k < n; k++ {
		i := strings.IndexByte(text[end:], '\n')
		if i < 0 {
			return text
		}
		end += i + 1
	}
	return text[:end]
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// pyReaderMethods are methods that read the file their receiver names
// (a pathlib.Path, a config parser), understood only on a literal path.
var pyReaderMethods = setOf("read_text", "read_bytes")

// pyReader reads one Python script's tokens for the three rules of
// discover_lang.go.
type pyReader struct {
	d     *discoverer
	sc    *scope
	path  string
	text  string
	roots []string
	// alias maps a local name to what an import binds it to ("os",
	// "os.path", "pickle.loads", "." for a module of the project).
	alias map[string]string
	// consts are names assigned exactly one string literal in the file.
	consts map[string]string
	// inImport marks the tokens of import statements.
	inImport map[int]bool
	// programs: the "starts programs" reason was given.
	programs bool
	// pathExprs are the names bound once, to their expressions
	// (pathBindings); file is __file__'s value once known (pyFile).
	pathExprs map[string][]langToken
	file      *string
}

// pythonSound reads a Python script (or inline code) whole and adds the
// reasons its static reading is not complete; it fingerprints the files
// it reads by literal paths and follows the modules it loads by literal
// names (importlib.import_module("x"), runpy.run_path("y.py")).
func (d *discoverer) pythonSound(sc *scope, path, text string, roots []string) {
	if m := pyCodingRE().FindStringSubmatch(firstLines(text, 2)); m != nil && !pyPlainCodings[strings.ReplaceAll(strings.ToLower(m[1]), "_", "-")] {
		d.reasonAt(sc, text, 0, ReasonComputed, "the source declares the encoding "+m[1]+", in which its bytes may read as other code (a comment may hold code)")
	}
	toks, fields := pyTokens(text, 0)
	r := &pyReader{d: d, sc: sc, path: path, text: text, roots: roots, alias: map[string]string{}, consts: map[string]string{}, inImport: map[int]bool{}}
	r.imports(toks)
	r.constants(toks)
	r.pathBindings(toks)
	r.read(toks)
	for _, f := range fields {
		r.read(f)
	}
	if _, set := d.env["PYTHONPATH"]; set {
		d.reasonAt(sc, text, 0, ReasonLoads, "PYTHONPATH is set, and Python imports modules from it first")
	}
}

func (r *pyReader) reason(off int, kind ReasonKind, why string) {
	r.d.reasonAt(r.sc, r.text, off, kind, why)
}

func (r *pyReader) startsPrograms(off int, what string) {
	if !r.programs {
		r.programs = true
		r.reason(off, ReasonPrograms, filepath.Base(r.path)+" starts programs ("+what+") whose files Hookwarden does not follow")
	}
}

// stmtStart reports whether toks[i] begins a simple statement.
func stmtStart(toks []langToken, i int) bool {
	return i == 0 || toks[i-1].kind == tokNewline || toks[i-1].is(";") || toks[i-1].is(":")
}

// imports binds the names of import statements and checks what they
// import from a module that loads code.
func (r *pyReader) imports(toks []langToken) {
	for i := 0; i < len(toks); i++ {
		if !stmtStart(toks, i) {
			continue
		}
		switch {
		case toks[i].is("import"):
			j := i + 1
			for j < len(toks) {
				mod, next := dotted(toks, j)
				if mod == "" {
					break
				}
				local := strings.SplitN(mod, ".", 2)[0]
				bound := local
				if next+1 < len(toks) && toks[next].is("as") && toks[next+1].kind == tokName {
					local, bound = toks[next+1].text, mod
					next += 2
				}
				r.alias[local] = bound
				r.checkImported(toks[j].off, mod, "")
				j = next
				if j < len(toks) && toks[j].is(",") {
					j++
					continue
				}
				break
			}
			r.mark(i, j)
		case toks[i].is("from"):
			j := i + 1
			dots := ""
			for j < len(toks) && (toks[j].is(".") || toks[j].is("...")) {
				dots += toks[j].text
				j++
			}
			mod, next := dotted(toks, j)
			j = next
			if j >= len(toks) || !toks[j].is("import") {
				continue
			}
			j++
			if j < len(toks) && toks[j].is("(") {
				j++
			}
			for j < len(toks) {
				if toks[j].is("*") {
					if dots == "" {
						r.checkImported(toks[j].off, mod, "*")
					}
					j++
					break
				}
				if toks[j].kind != tokName {
					break
				}
				name, local := toks[j].text, toks[j].text
				j++
				if j+1 < len(toks) && toks[j].is("as") && toks[j+1].kind == tokName {
					local = toks[j+1].text
					j += 2
				}
				if dots != "" {
					r.alias[local] = "."
				} else {
					r.alias[local] = mod + "." + name
					r.checkImported(toks[j-1].off, mod, name)
				}
				if j < len(toks) && toks[j].is(",") {
					j++
					continue
				}
				break
			}
			r.mark(i, j)
		}
	}
}

func (r *pyReader) mark(from, to int) {
	for k := from; k < to; k++ {
		r.inImport[k] = true
	}
}

// dotted reads a.b.c starting at toks[i]; next is the index after it.
func dotted(toks []langToken, i int) (string, int) {
	var parts []string
	for i < len(toks) && toks[i].kind == tokName {
		parts = append(parts, toks[i].text)
		if i+2 < len(toks) && toks[i+1].is(".") && toks[i+2].kind == tokName {
			i += 2
			continue
		}
		i++
		break
	}
	return strings.Join(parts, "."), i
}

// checkImported checks `import mod` (member "") or `from mod import
// member` ("*": everything) against what the reader knows of mod.
func (r *pyReader) checkImported(off int, mod, member string) {
	parts := strings.Split(mod, ".")
	m, ok := pyModules[parts[0]]
	if !ok {
		return
	}
	if len(parts) > 1 {
		member = parts[1] // import a.b, from a.b import c: a's member b
	}
	if m.programs {
		r.startsPrograms(off, parts[0])
		return
	}
	if member == "" {
		return
	}
	r.member(off, parts[0], m, member, -1, nil)
}

// constants binds names assigned exactly once, to one string literal.
func (r *pyReader) constants(toks []langToken) {
	count := map[string]int{}
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].kind != tokName || !toks[i+1].is("=") && !toks[i+1].is(":=") && !toks[i+1].is("+=") || i > 0 && toks[i-1].is(".") {
			continue
		}
		count[toks[i].text]++
		if i+3 < len(toks) && toks[i+2].kind == tokString && toks[i+2].lit && (toks[i+3].kind == tokNewline || toks[i+3].is(";")) && stmtStart(toks, i) {
			r.consts[toks[i].text] = toks[i+2].val
		} else if i+2 == len(toks)-1 && toks[i+2].kind == tokString && toks[i+2].lit {
			r.consts[toks[i].text] = toks[i+2].val
		}
	}
	for name, n := range count {
		if n != 1 {
			delete(r.consts, name)
		}
	}
}

// read applies the three rules to a token stream.
func (r *pyReader) read(toks []langToken) {
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.is("(") && i > 0 && (toks[i-1].is(")") || toks[i-1].is("]")) {
			r.reason(t.off, ReasonComputed, "calls a value computed at run time, which may be any code")
			continue
		}
		if t.kind != tokName || r.inImport[i] {
			continue
		}
		if !isASCII(t.text) {
			r.reason(t.off, ReasonComputed, "the name "+t.text+" is not ASCII: Python reads it normalised (NFKC), and it may be exec or open")
			continue
		}
		if i > 0 && toks[i-1].is(".") {
			// a member of a value: only its name can matter here
			if strings.HasPrefix(t.text, "__") && strings.HasSuffix(t.text, "__") && !pySafeDunders[t.text] {
				r.reason(t.off, ReasonComputed, "reaches "+t.text+", the code or namespace behind a value, by reflection")
			} else if pyReaderMethods[t.text] && i+1 < len(toks) && toks[i+1].is("(") {
				r.readerMethod(toks, i)
			} else if t.text == "open" && i+1 < len(toks) && toks[i+1].is("(") && !r.moduleChain(toks, i) {
				r.openMethod(toks, i)
			}
			continue
		}
		if i > 0 && (toks[i-1].is("def") || toks[i-1].is("class")) || i+1 < len(toks) && toks[i+1].is("=") {
			continue // a name being defined, or a keyword argument
		}
		r.reference(toks, i)
	}
}

// reference checks a name read at toks[i] with the members after it.
func (r *pyReader) reference(toks []langToken, i int) {
	t := toks[i]
	var members []string
	j := i + 1
	for j+1 < len(toks) && toks[j].is(".") && toks[j+1].kind == tokName {
		members = append(members, toks[j+1].text)
		j += 2
	}
	call := j < len(toks) && toks[j].is("(")
	bound, imported := r.alias[t.text]
	if !imported {
		switch {
		case pyRunners[t.text]:
			r.runner(toks, i, j, call)
		case pyReflection[t.text]:
			r.reflection(toks, j, call, t)
		case pyNamespaces[t.text]:
			r.reason(t.off, ReasonComputed, t.text+" hands out a namespace, from which any name (exec, eval too) is reached at run time")
		case strings.HasPrefix(t.text, "__") && strings.HasSuffix(t.text, "__") && !pySafeDunders[t.text]:
			r.reason(t.off, ReasonComputed, "reaches "+t.text+" by reflection")
		case t.text == "open":
			if call {
				r.opener(toks, j, t)
			} else {
				r.reason(t.off, ReasonReads, "open used as a value: which files it reads is not followed")
			}
		case t.text == "breakpoint":
			r.reason(t.off, ReasonComputed, "breakpoint runs a debugger that runs code given as text")
		}
		return
	}
	if bound == "." {
		return // a module of the project, followed as an import
	}
	parts := append(strings.Split(bound, "."), members...)
	m, known := pyModules[parts[0]]
	if !known {
		return
	}
	if m.programs {
		r.startsPrograms(t.off, parts[0])
		return
	}
	if len(parts) == 1 {
		if i >= 2 && toks[i-1].is("(") && (toks[i-2].is("getattr") || toks[i-2].is("hasattr")) {
			return // getattr(module, "name"): checked as module.name
		}
		if compared(toks, i) {
			return // if yaml is None: a test, not a use
		}
		r.reason(t.off, ReasonComputed, "the module "+parts[0]+" used as a value: which of its members run is not followed")
		return
	}
	if call && len(parts) == 3 && parts[0] == "sys" && parts[1] == "path" && (parts[2] == "insert" || parts[2] == "append") {
		if r.sysPathOwnFolder(toks, j, parts[2]) {
			return // the folder imports already come from first
		}
		// sys.path.insert(0, os.path.join(os.path.dirname(__file__),
		// "utils")): the file's imports may load modules of that folder
		// too (from utils import x is utils/utils.py); they are followed
		// there as well, and the reason below still says the imports
		// depend on it
		r.sysPathFolder(toks, j, parts[2])
	}
	open := -1
	if call && len(parts) == 2 {
		open = j
	}
	r.member(t.off, parts[0], m, parts[1], open, toks)
}

// compared reports whether the name at toks[i] is only tested (x is
// None, not x, x == y, if x:), which hands it to nothing.
func compared(toks []langToken, i int) bool {
	if i+1 < len(toks) {
		switch n := toks[i+1]; {
		case n.is("is") || n.is("==") || n.is("!=") || n.is("and") || n.is("or") || n.is(":") || n.kind == tokNewline:
			return i > 0 && (toks[i-1].is("not") || toks[i-1].is("if") || toks[i-1].is("elif") || toks[i-1].is("while") || toks[i-1].is("and") || toks[i-1].is("or")) || !n.is(":") && n.kind != tokNewline
		}
	}
	return i > 0 && (toks[i-1].is("is") || toks[i-1].is("==") || toks[i-1].is("!="))
}

// member checks mod.name (a call when open >= 0, toks[open] its "(").
func (r *pyReader) member(off int, mod string, m pyModule, name string, open int, toks []langToken) {
	switch {
	case m.programMembers != nil && m.programMembers(name):
		r.startsPrograms(off, mod+"."+name)
	case m.cwdMembers[name]:
		r.reason(off, ReasonComputed, mod+"."+name+" changes the folder later code reads and loads from at run time")
	case m.computed[name]:
		r.reason(off, ReasonComputed, mod+"."+name+" reaches a member by a name given at run time")
	case m.readers[name]:
		if open >= 0 {
			r.opener(toks, open, toks[open-1])
		} else if name != "*" {
			r.reason(off, ReasonReads, mod+"."+name+" reads a file chosen at run time")
		}
	case m.open && name != "*":
	case mod == "importlib" && name == "import_module" || mod == "runpy":
		if open >= 0 {
			r.loadLiteral(toks, open, mod+"."+name)
		} else {
			r.reason(off, ReasonComputed, mod+"."+name+" used as a value: what it loads is chosen at run time")
		}
	case mod == "yaml" && name == "load" || mod == "yaml" && name == "load_all":
		if open >= 0 {
			args, _ := callArgs(toks, open)
			if l, ok := positional(args, 1, "Loader"); ok && safeYAMLLoader(l) {
				return
			}
		}
		r.reason(off, ReasonComputed, "yaml."+name+" without a safe Loader "+m.why)
	case m.known[name]:
	default:
		why := m.why
		if why == "" {
			why = "loads or runs code"
		}
		r.literalArgs(toks, open)
		r.reason(off, ReasonComputed, mod+"."+name+" "+why+"; Hookwarden does not follow it")
	}
}

// literalArgs fingerprints the project files named by the literal
// arguments of a call (ctypes.CDLL("./x.so"), shelve.open("db")) that the
// reader does not follow: what it loads from them changes with them.
func (r *pyReader) literalArgs(toks []langToken, open int) {
	if open < 0 {
		return
	}
	args, _ := callArgs(toks, open)
	for _, a := range args {
		if lit, ok := a.literal(r.consts); ok && (strings.Contains(lit, "/") || strings.Contains(lit, ".")) {
			r.d.readLiteral(r.sc, r.text, toks[open-1].off, lit, "")
		} else if p, ok := r.pathValue(a.toks); ok {
			r.d.readLiteral(r.sc, r.text, toks[open-1].off, p, "")
		}
	}
}

func safeYAMLLoader(a callArg) bool {
	last := a.toks[len(a.toks)-1]
	return last.kind == tokName && (last.text == "SafeLoader" || last.text == "CSafeLoader" || last.text == "BaseLoader" || last.text == "CBaseLoader")
}

// runner checks eval/exec/compile/__import__ at toks[i] (the call's "("
// at toks[j] when call).
func (r *pyReader) runner(toks []langToken, i, j int, call bool) {
	t := toks[i]
	if !call {
		r.reason(t.off, ReasonComputed, t.text+" used as a value: what it runs is not followed")
		return
	}
	args, close := callArgs(toks, j)
	a, ok := positional(args, 0, "source")
	code, lit := a.literal(r.consts)
	switch {
	case ok && lit && t.text == "__import__":
		r.importName(toks, close, t.off, code)
	case ok && lit && t.text != "execfile":
		// code given as a literal is in the fingerprinted text: read it too
		inner := &scope{cwds: r.sc.cwds, vars: map[string]string{}, file: r.sc.file, self: r.sc.self, src: code, depth: r.sc.depth + 1}
		if inner.depth <= MaxFollowDepth {
			r.d.pythonImports(inner, r.path, code)
		} else {
			r.reason(t.off, ReasonLimit, t.text+" of code nested more than "+strconv.Itoa(MaxFollowDepth)+" deep")
		}
	default:
		r.reason(t.off, ReasonComputed, t.text+" runs code chosen at run time")
	}
}

// importName follows a module imported by a literal name at run time
// (__import__("x"), importlib.import_module("x")), the call's ")" at
// toks[close]: a module of the project like an import; one the reader
// knows (it loads code or starts programs) only when a member of it is
// taken at once (__import__("os").getcwd()), which is then checked as
// that member; otherwise how it is used is not followed.
func (r *pyReader) importName(toks []langToken, close, off int, name string) {
	parts := strings.Split(name, ".")
	if m, ok := pyModules[parts[0]]; ok {
		switch {
		case m.programs:
			r.startsPrograms(off, parts[0])
		case len(parts) > 1:
			r.member(off, parts[0], m, parts[1], -1, nil)
		case close+2 < len(toks) && toks[close+1].is(".") && toks[close+2].kind == tokName:
			open := -1
			if close+3 < len(toks) && toks[close+3].is("(") {
				open = close + 3
			}
			r.member(off, parts[0], m, toks[close+2].text, open, toks)
		default:
			r.reason(off, ReasonComputed, "imports "+name+" at run time, and how it is used is not followed")
		}
		return
	}
	if strings.HasPrefix(name, ".") {
		r.reason(off, ReasonComputed, "a relative import by name at run time")
		return
	}
	r.d.pythonModule(r.sc, r.text, off, r.roots, name, nil)
}

// loadLiteral follows importlib.import_module / runpy.run_path /
// runpy.run_module of a literal; anything else is computed.
func (r *pyReader) loadLiteral(toks []langToken, open int, what string) {
	args, close := callArgs(toks, open)
	a, ok := positional(args, 0, "")
	lit, isLit := a.literal(r.consts)
	if p, isPath := r.pathValue(a.toks); ok && !isLit && isPath && what == "runpy.run_path" {
		lit, isLit = p, true
	}
	off := toks[open-1].off
	switch {
	case !ok || !isLit:
		r.reason(off, ReasonComputed, what+" loads code chosen at run time")
	case what == "runpy.run_path":
		found := false
		for _, p := range r.literalPaths(lit) {
			if exists(p) && !isDir(p) {
				found = true
				r.d.importAt(r.sc, r.text, off, lit, p)
			} else if isDir(p) || strings.HasSuffix(p, ".zip") {
				r.reason(off, ReasonLoads, what+" runs the __main__ of "+lit+", which Hookwarden does not follow")
				found = true
			}
		}
		if !found {
			r.reason(off, ReasonComputed, what+" of "+lit+", which is not a file of the project")
		}
	default: // import_module, run_module
		if lit == "__main__" || strings.HasPrefix(lit, ".") {
			r.reason(off, ReasonComputed, what+" of "+lit+" is resolved at run time")
			return
		}
		r.importName(toks, close, off, lit)
	}
}

// literalPaths are the files a literal path may name: absolute, or in
// each working folder.
func (r *pyReader) literalPaths(lit string) []string {
	if filepath.IsAbs(lit) {
		return []string{filepath.Clean(lit)}
	}
	var out []string
	for _, c := range r.sc.cwds {
		out = append(out, filepath.Join(c, lit))
	}
	return out
}

// reflection checks getattr/setattr/delattr: understood with a literal
// name that is not a runner and not a dunder.
func (r *pyReader) reflection(toks []langToken, j int, call bool, t langToken) {
	if call {
		args, _ := callArgs(toks, j)
		if a, ok := positional(args, 1, ""); ok {
			if name, lit := a.literal(r.consts); lit && !pyRunners[name] && !strings.HasPrefix(name, "__") {
				// getattr(module, "name") is module.name
				if obj, ok := positional(args, 0, ""); ok && len(obj.toks) == 1 && obj.toks[0].kind == tokName {
					if bound, ok := r.alias[obj.toks[0].text]; ok {
						root := strings.SplitN(bound, ".", 2)[0]
						if m, ok := pyModules[root]; ok && !strings.Contains(bound, ".") {
							if m.programs {
								r.startsPrograms(t.off, root)
							} else {
								r.member(t.off, root, m, name, -1, nil)
							}
						} else if ok && strings.Contains(bound, ".") {
							r.reason(t.off, ReasonComputed, t.text+" of "+bound+" reaches a member the reader does not follow")
						}
					}
				}
				return
			}
		}
	}
	r.reason(t.off, ReasonComputed, t.text+" reaches a name chosen at run time (exec, eval too)")
}

// opener checks a call of open (or a reader like it) whose "(" is
// toks[open]: a literal path is fingerprinted, a computed one read is
// incomplete, a file opened only to write is neither.
func (r *pyReader) opener(toks []langToken, open int, callee langToken) {
	args, _ := callArgs(toks, open)
	if mode, ok := positional(args, 1, "mode"); ok {
		if m, lit := mode.literal(r.consts); lit && strings.ContainsAny(m, "wax") && !strings.Contains(m, "+") {
			return
		}
	}
	a, ok := positional(args, 0, "file")
	if !ok {
		return
	}
	if lit, isLit := a.literal(r.consts); isLit {
		r.d.readLiteral(r.sc, r.text, callee.off, lit, "")
		return
	}
	if p, ok := r.pathValue(a.toks); ok {
		r.d.readLiteral(r.sc, r.text, callee.off, p, "") // beside the script (__file__)
		return
	}
	r.reason(callee.off, ReasonReads, callee.text+" reads a file chosen at run time; a trace records which")
}

// readerMethod checks p.read_text() / p.read_bytes() at toks[i]: a
// literal Path("x") receiver is fingerprinted, any other is incomplete.
func (r *pyReader) readerMethod(toks []langToken, i int) {
	// Path("lit").read_text(): toks[i-1] is ".", toks[i-2] is ")"
	if i >= 5 && toks[i-2].is(")") && toks[i-3].kind == tokString && toks[i-3].lit && toks[i-4].is("(") && toks[i-5].kind == tokName && strings.HasSuffix(toks[i-5].text, "Path") {
		r.d.readLiteral(r.sc, r.text, toks[i].off, toks[i-3].val, "")
		return
	}
	if p, ok := r.receiverPath(toks, i); ok {
		r.d.readLiteral(r.sc, r.text, toks[i].off, p, "")
		return
	}
	r.reason(toks[i].off, ReasonReads, toks[i].text+" reads a file chosen at run time; a trace records which")
}

// moduleChain reports whether the member at toks[i] is taken of an
// imported module (io.open, tarfile.open: checked as the module's
// member), not of a value.
func (r *pyReader) moduleChain(toks []langToken, i int) bool {
	k := i
	for k >= 2 && toks[k-1].is(".") && toks[k-2].kind == tokName {
		k -= 2
	}
	if k > 0 && toks[k-1].is(".") {
		return false // the chain starts at a call or a subscript: a value
	}
	_, ok := r.alias[toks[k].text]
	return ok && k != i
}

// openMethod checks x.open(…) on a value (a pathlib.Path, an archive): a
// literal Path("x") receiver is fingerprinted, an open to write is
// neither, anything else reads a file chosen at run time.
func (r *pyReader) openMethod(toks []langToken, i int) {
	args, _ := callArgs(toks, i+1)
	if mode, ok := positional(args, 0, "mode"); ok {
		if m, lit := mode.literal(r.consts); lit && strings.ContainsAny(m, "wax") && !strings.Contains(m, "+") {
			return
		}
	}
	if i >= 5 && toks[i-2].is(")") && toks[i-3].kind == tokString && toks[i-3].lit && toks[i-4].is("(") && toks[i-5].kind == tokName && strings.HasSuffix(toks[i-5].text, "Path") {
		r.d.readLiteral(r.sc, r.text, toks[i].off, toks[i-3].val, "")
		return
	}
	if p, ok := r.receiverPath(toks, i); ok {
		r.d.readLiteral(r.sc, r.text, toks[i].off, p, "")
		return
	}
	r.reason(toks[i].off, ReasonReads, "open reads a file chosen at run time; a trace records which")
}
