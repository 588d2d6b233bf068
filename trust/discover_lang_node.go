package trust

import (
	"path/filepath"
	"strings"
)

// jsModule is what the reader knows of a Node module (or a runtime's
// global: Bun, Deno, process) that loads or runs code, starts programs
// or reads files.
type jsModule struct {
	// programs: every use starts programs.
	programs bool
	// why: every use is incomplete for this reason (vm, module).
	why string
	// known, when not nil, are the only members understood.
	known map[string]bool
	// programMembers start programs, readers read the file named by their
	// first argument, loaders load code (incomplete), others reach code by
	// reflection or move the working folder (incomplete).
	programMembers, readers, loaders, computed map[string]bool
}

var jsFSReaders = setOf("readFileSync", "readFile", "createReadStream", "openSync", "open", "openAsBlob")

var jsModules = map[string]jsModule{
	"child_process":  {programs: true},
	"cluster":        {programs: true},
	"vm":             {why: "runs code given as text"},
	"module":         {why: "loads modules by rules Hookwarden does not follow"},
	"repl":           {why: "runs code given as text"},
	"inspector":      {why: "runs code given as text"},
	"wasi":           {why: "runs native code"},
	"worker_threads": {known: setOf("isMainThread", "parentPort", "workerData", "threadId"), loaders: setOf("Worker")},
	"fs":             {readers: jsFSReaders},
	"fs/promises":    {readers: jsFSReaders},
	"process": {known: setOf("env", "argv", "exit", "exitCode", "stdin", "stdout", "stderr", "cwd", "platform", "pid", "ppid",
		"on", "once", "off", "nextTick", "hrtime", "memoryUsage", "uptime", "version", "versions", "arch", "title", "kill",
		"emitWarning", "argv0", "execPath", "execArgv", "umask", "getuid", "getgid", "geteuid", "getegid", "release", "features",
		"removeListener", "removeAllListeners", "emit", "config", "resourceUsage", "cpuUsage", "abort", "exitCode", "listenerCount"),
		computed: setOf("chdir", "binding", "_linkedBinding", "mainModule", "dlopen", "setSourceMapsEnabled")},
	"Bun": {programMembers: setOf("spawn", "spawnSync", "$", "openInEditor"), readers: setOf("file", "mmap"), loaders: setOf("plugin", "Transpiler", "build"),
		computed: setOf("dlopen", "FFI", "main", "resolveSync", "resolve")},
	"Deno": {programMembers: setOf("run", "Command"), readers: setOf("readTextFile", "readTextFileSync", "readFile", "readFileSync", "open", "openSync"),
		computed: setOf("dlopen", "chdir", "core", "internal")},
}

// jsGlobalRunners run code given as text or load modules chosen by a
// value when they are reached other than by a known form.
var jsGlobalRunners = setOf("eval", "Function", "require", "import", "importScripts", "Reflect", "WebAssembly", "Worker", "SharedWorker", "AsyncFunction", "GeneratorFunction")

// jsGlobalObjects hand out every global by name (eval too).
var jsGlobalObjects = setOf("globalThis", "global", "window", "self")

// jsReader reads one JavaScript / TypeScript file's tokens for the three
// rules of discover_lang.go.
type jsReader struct {
	d    *discoverer
	sc   *scope
	path string
	text string
	// alias maps a local name to the module ("fs") or member ("fs.readFileSync")
	// a require or an import binds it to.
	alias map[string]string
	// binding marks the tokens of require and import bindings (the names
	// they bind are not uses).
	binding  map[int]bool
	programs bool
}

// jsSound reads a JavaScript or TypeScript file whole and adds the
// reasons its static reading is not complete, fingerprinting the files it
// reads by literal paths.
func (d *discoverer) jsSound(sc *scope, path, text string) {
	toks, fields := jsTokens(text, 0)
	r := &jsReader{d: d, sc: sc, path: path, text: text, alias: map[string]string{}, binding: map[int]bool{}}
	r.bindings(toks)
	r.read(toks)
	for _, f := range fields {
		r.read(f)
	}
}

func (r *jsReader) reason(off int, kind ReasonKind, why string) {
	r.d.reasonAt(r.sc, r.text, off, kind, why)
}

func (r *jsReader) startsPrograms(off int, what string) {
	if !r.programs {
		r.programs = true
		r.reason(off, ReasonPrograms, filepath.Base(r.path)+" starts programs ("+what+") whose files Hookwarden does not follow")
	}
}

// moduleName is a specifier without node: (a built-in's other name).
func moduleName(spec string) string { return strings.TrimPrefix(spec, "node:") }

// bindings reads what requires and imports bind local names to.
func (r *jsReader) bindings(toks []langToken) {
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		// NAME = require('m'), {…} = require('m') (after const, let, var,
		// a comma of a declaration, or none)
		case t.is("=") && i+4 < len(toks) && toks[i+1].is("require") && toks[i+2].is("(") && toks[i+3].kind == tokString && toks[i+3].lit && toks[i+4].is(")") && i > 0:
			var names [][2]string
			first := i - 1
			switch {
			case toks[i-1].kind == tokName && (i < 2 || !toks[i-2].is(".") && !toks[i-2].is("?.")):
				names = append(names, [2]string{toks[i-1].text, ""})
			case toks[i-1].is("}"):
				o := i - 1
				for o > 0 && !toks[o].is("{") {
					o--
				}
				names, _ = jsDestructure(toks, o)
				first = o
			default:
				continue
			}
			mod := moduleName(toks[i+3].val)
			for k := first; k < i; k++ {
				r.binding[k] = true
			}
			if m, ok := jsModules[mod]; ok && m.programs {
				r.startsPrograms(toks[i+1].off, mod)
			}
			for _, n := range names {
				if n[1] == "" {
					r.alias[n[0]] = mod
				} else {
					r.alias[n[0]] = mod + "." + n[1]
				}
			}
		// import X, {a as b}, * as ns from 'm'
		case t.is("import") && (i == 0 || !toks[i-1].is(".")) && i+1 < len(toks) && !toks[i+1].is("("):
			j := i + 1
			var names [][2]string
			for j < len(toks) && !toks[j].is("from") && toks[j].kind != tokString && !toks[j].is(";") {
				switch {
				case toks[j].is("*") && j+2 < len(toks) && toks[j+1].is("as"):
					names = append(names, [2]string{toks[j+2].text, ""})
					j += 3
				case toks[j].is("{"):
					var more [][2]string
					more, j = jsDestructure(toks, j)
					names = append(names, more...)
				case toks[j].kind == tokName && !toks[j].is("type"):
					names = append(names, [2]string{toks[j].text, "default"})
					j++
				default:
					j++
				}
			}
			if j < len(toks) && toks[j].is("from") {
				j++
			}
			if j < len(toks) && toks[j].kind == tokString {
				for k := i; k < j; k++ {
					r.binding[k] = true
				}
				mod := moduleName(toks[j].val)
				for _, n := range names {
					switch n[1] {
					case "":
						r.alias[n[0]] = mod
					case "default":
						r.alias[n[0]] = mod // a built-in's default export is the module
					default:
						r.alias[n[0]] = mod + "." + n[1]
					}
				}
				if m, ok := jsModules[mod]; ok && m.programs {
					r.startsPrograms(t.off, mod)
				}
			}
		}
	}
}

// jsDestructure reads { a, b: c, d as e } at toks[i]; next is after "}".
func jsDestructure(toks []langToken, i int) (names [][2]string, next int) {
	j := i + 1
	for j < len(toks) && !toks[j].is("}") {
		if toks[j].kind == tokName && !toks[j].is("type") {
			member, local := toks[j].text, toks[j].text
			if j+2 < len(toks) && (toks[j+1].is(":") || toks[j+1].is("as")) && toks[j+2].kind == tokName {
				local = toks[j+2].text
				j += 2
			}
			names = append(names, [2]string{local, member})
		}
		j++
	}
	return names, j + 1
}

// read applies the three rules to a token stream.
func (r *jsReader) read(toks []langToken) {
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.is("(") && i > 0 && (toks[i-1].is(")") || toks[i-1].is("]")) && !jsIIFE(toks, i-1) {
			r.reason(t.off, ReasonComputed, "calls a value computed at run time, which may be any code")
			continue
		}
		if t.is("[") && i > 0 && jsValueEnd(toks[i-1]) {
			// obj["name"]: the member by a literal name; by a computed
			// name on a global object or a module that loads code, any
			r.subscript(toks, i)
			continue
		}
		if t.is("\\") {
			r.reason(t.off, ReasonComputed, "a \\u escape in a name: JavaScript reads \\u0065val as eval")
			continue
		}
		if t.kind == tokName && !isASCII(t.text) {
			r.reason(t.off, ReasonComputed, "the name "+t.text+" is not ASCII, which the reader does not match against eval, require and the rest")
			continue
		}
		if t.kind != tokName || r.binding[i] {
			continue
		}
		if i > 0 && (toks[i-1].is(".") || toks[i-1].is("?.")) {
			r.memberName(toks, i)
			continue
		}
		if i+1 < len(toks) && toks[i+1].is(":") && i > 0 && (toks[i-1].is("{") || toks[i-1].is(",")) {
			continue // an object key
		}
		if i > 0 && (toks[i-1].is("function") || toks[i-1].is("class")) {
			continue
		}
		r.reference(toks, i)
	}
}

// jsValueEnd reports whether t can end a value (so "[" after it is a
// member access, not an array).
func jsValueEnd(t langToken) bool {
	if t.kind == tokName {
		switch t.text {
		case "return", "typeof", "in", "of", "new", "delete", "void", "throw", "case", "yield", "await", "else", "do", "instanceof", "export", "const", "let", "var":
			return false
		}
		return true
	}
	return t.kind == tokString || t.is(")") || t.is("]")
}

// jsIIFE reports whether the ")" at toks[c] closes a parenthesised
// function expression, ((function () {…}) or (async () => {…})): calling
// it runs code that is right there.
func jsIIFE(toks []langToken, c int) bool {
	depth := 0
	for o := c; o >= 0; o-- {
		switch {
		case toks[o].is(")") || toks[o].is("]") || toks[o].is("}"):
			depth++
		case toks[o].is("(") || toks[o].is("[") || toks[o].is("{"):
			depth--
			if depth == 0 {
				if !toks[o].is("(") || o > 0 && jsValueEnd(toks[o-1]) {
					return false // f(…)(…): a call's result is called
				}
				if o+1 < c && (toks[o+1].is("function") || toks[o+1].is("async")) {
					return true
				}
				d := 0
				for k := o + 1; k < c; k++ {
					switch {
					case toks[k].is("(") || toks[k].is("[") || toks[k].is("{"):
						d++
					case toks[k].is(")") || toks[k].is("]") || toks[k].is("}"):
						d--
					case d == 0 && toks[k].is("=>"):
						return true
					}
				}
				return false
			}
		}
	}
	return false
}

// subscript checks x[...] at toks[i] ("[").
func (r *jsReader) subscript(toks []langToken, i int) {
	prev := toks[i-1]
	mod := ""
	if prev.kind == tokName && (i < 2 || !toks[i-2].is(".") && !toks[i-2].is("?.")) {
		if bound, ok := r.alias[prev.text]; ok {
			mod = bound
		} else if prev.text == "process" || prev.text == "Bun" || prev.text == "Deno" {
			mod = prev.text
		}
	}
	if i+2 < len(toks) && toks[i+1].kind == tokString && toks[i+1].lit && toks[i+2].is("]") {
		r.memberCheck(toks, i+1, toks[i+1].val, i-1)
		if mod != "" {
			// fs["readFileSync"](…): the member by its literal name
			r.module(toks, prev, append(strings.Split(mod, "."), toks[i+1].val), i+3, i+3 < len(toks) && toks[i+3].is("("), false)
		}
		return
	}
	if prev.kind == tokName && jsGlobalObjects[prev.text] {
		r.reason(prev.off, ReasonComputed, prev.text+"[…] reaches a name chosen at run time (eval too)")
	} else if mod != "" {
		if _, known := jsModules[strings.SplitN(mod, ".", 2)[0]]; known {
			r.reason(prev.off, ReasonComputed, prev.text+"[…] reaches a member of "+mod+" chosen at run time")
		}
	}
}

// loads reports whether a module binding reaches code by its members.
func (r *jsReader) loads(bound string) bool {
	m, ok := jsModules[strings.SplitN(bound, ".", 2)[0]]
	return ok && (m.programs || m.why != "" || m.known != nil || len(m.computed) > 0 || len(m.loaders) > 0)
}

// memberName checks .name at toks[i].
func (r *jsReader) memberName(toks []langToken, i int) {
	r.memberCheck(toks, i, toks[i].text, i-2)
}

// memberCheck checks a member name reached on any value (the value's own
// checks are its reference's): the members that reach code whatever
// they are taken of.
func (r *jsReader) memberCheck(toks []langToken, i int, name string, recv int) {
	switch name {
	case "constructor", "__proto__", "__defineGetter__", "__lookupGetter__":
		r.reason(toks[i].off, ReasonComputed, "."+name+" reaches the constructor behind a value (Function too) by reflection")
	case "require", "_load", "_compile", "_resolveFilename", "createRequire", "runInThisContext", "runInNewContext", "runInContext", "compileFunction", "dlopen":
		r.reason(toks[i].off, ReasonLoads, "."+name+" loads or runs code by rules Hookwarden does not follow")
	case "eval", "Function":
		r.reason(toks[i].off, ReasonComputed, "."+name+" reached as a member runs code given as text")
	}
}

// reference checks a name read at toks[i] with the members after it.
func (r *jsReader) reference(toks []langToken, i int) {
	t := toks[i]
	var members []string
	j := i + 1
	for j+1 < len(toks) && (toks[j].is(".") || toks[j].is("?.")) && toks[j+1].kind == tokName {
		members = append(members, toks[j+1].text)
		j += 2
	}
	call := j < len(toks) && toks[j].is("(")
	typeTest := i > 0 && (toks[i-1].is("typeof") || toks[i-1].is("instanceof"))
	if bound, ok := r.alias[t.text]; ok {
		parts := append(strings.Split(bound, "."), members...)
		r.module(toks, t, parts, j, call, typeTest)
		return
	}
	switch {
	case t.text == "require":
		switch {
		case call:
			args, close := callArgs(toks, j)
			if len(args) != 1 || len(args[0].toks) != 1 || args[0].toks[0].kind != tokString || !args[0].toks[0].lit {
				r.reason(t.off, ReasonComputed, "require() of a module chosen at run time")
				return
			}
			mod := moduleName(args[0].toks[0].val)
			var after []string
			k := close + 1
			for k+1 < len(toks) && (toks[k].is(".") || toks[k].is("?.")) && toks[k+1].kind == tokName {
				after = append(after, toks[k+1].text)
				k += 2
			}
			bound := len(after) == 0 && i > 0 && toks[i-1].is("=")                                                                // x = require('fs'): a binding
			alone := len(after) == 0 && (i == 0 || toks[i-1].is(";") || toks[i-1].is("}")) && (k >= len(toks) || toks[k].is(";")) // require('m'); for its effects
			if _, known := jsModules[mod]; known && !bound && !alone {
				r.module(toks, t, append([]string{mod}, after...), k, k < len(toks) && toks[k].is("("), false)
			}
		case len(members) > 0 && members[0] == "main":
		case typeTest:
		default:
			r.reason(t.off, ReasonLoads, "require used other than as require('literal'): what it loads is not followed")
		}
	case t.text == "import":
		if call {
			args, _ := callArgs(toks, j)
			if len(args) == 0 || len(args[0].toks) != 1 || args[0].toks[0].kind != tokString || !args[0].toks[0].lit {
				r.reason(t.off, ReasonComputed, "import() of a module chosen at run time")
			} else if _, known := jsModules[moduleName(args[0].toks[0].val)]; known && r.loads(moduleName(args[0].toks[0].val)) {
				r.reason(t.off, ReasonComputed, "import() of "+args[0].toks[0].val+" at run time, whose use is not followed")
			}
		}
	case t.text == "eval":
		if typeTest {
			return
		}
		if call {
			args, _ := callArgs(toks, j)
			if len(args) == 1 && len(args[0].toks) == 1 && args[0].toks[0].kind == tokString && args[0].toks[0].lit {
				inner := &scope{cwds: r.sc.cwds, vars: map[string]string{}, file: r.sc.file, self: r.sc.self, src: args[0].toks[0].val, depth: r.sc.depth + 1}
				if inner.depth <= MaxFollowDepth {
					r.d.jsImports(inner, r.path, args[0].toks[0].val)
					return
				}
			}
			r.reason(t.off, ReasonComputed, "eval runs code chosen at run time")
			return
		}
		r.reason(t.off, ReasonComputed, "eval used as a value: what it runs is not followed")
	case t.text == "Worker" || t.text == "SharedWorker":
		r.worker(toks, t, j, call)
	case jsGlobalRunners[t.text]:
		if !typeTest {
			r.reason(t.off, ReasonComputed, t.text+" runs or loads code chosen at run time")
		}
	case jsGlobalObjects[t.text]:
		if typeTest {
			return
		}
		if len(members) == 0 {
			if j < len(toks) && toks[j].is("[") {
				return // checked as a subscript
			}
			r.reason(t.off, ReasonComputed, t.text+" used as a value hands out every global (eval too)")
			return
		}
		switch {
		case jsGlobalRunners[members[0]] || members[0] == "module":
			r.reason(t.off, ReasonComputed, t.text+"."+members[0]+" runs or loads code chosen at run time")
		case members[0] == "process" || members[0] == "Bun" || members[0] == "Deno":
			r.module(toks, t, members, j, call, typeTest) // globalThis.process.binding is process.binding
		case jsGlobalObjects[members[0]]:
			r.reason(t.off, ReasonComputed, t.text+"."+members[0]+" hands out every global (eval too)")
		}
	case t.text == "process" || t.text == "Bun" || t.text == "Deno":
		r.module(toks, t, append([]string{t.text}, members...), j, call, typeTest)
	case t.text == "module":
		if len(members) > 0 && members[0] != "exports" && members[0] != "id" && members[0] != "filename" && members[0] != "loaded" && members[0] != "path" {
			r.reason(t.off, ReasonLoads, "module."+members[0]+" loads code by rules Hookwarden does not follow")
		}
	}
}

// worker checks new Worker(…): its file is fingerprinted when literal,
// and the worker is incomplete either way (it may be handed code as text
// with eval: true, and what it loads is read as a script of its own only
// when literal).
func (r *jsReader) worker(toks []langToken, t langToken, j int, call bool) {
	if call {
		args, _ := callArgs(toks, j)
		if len(args) > 0 {
			if lit, ok := args[0].literal(nil); ok {
				r.d.readLiteral(r.sc, r.text, t.off, lit, "")
			}
		}
	}
	r.reason(t.off, ReasonLoads, t.text+" runs a script in a thread of its own, which Hookwarden does not follow")
}

// module checks a use of a module (or a runtime global) the reader
// knows: parts[0] the module, parts[1] the member taken; toks[j] is the
// "(" of a call when call.
func (r *jsReader) module(toks []langToken, t langToken, parts []string, j int, call, typeTest bool) {
	m, ok := jsModules[parts[0]]
	if !ok {
		return
	}
	switch {
	case m.programs:
		r.startsPrograms(t.off, parts[0])
		return
	case m.why != "":
		r.reason(t.off, ReasonComputed, parts[0]+" "+m.why)
		return
	}
	if len(parts) == 1 {
		if !typeTest && !(j < len(toks) && toks[j].is("[")) {
			r.reason(t.off, ReasonComputed, parts[0]+" used as a value: which of its members run is not followed")
		}
		return
	}
	name := parts[1]
	if parts[0] == "fs" && name == "promises" && len(parts) > 2 {
		name = parts[2]
	}
	switch {
	case m.programMembers[name]:
		r.startsPrograms(t.off, parts[0]+"."+name)
	case m.readers[name]:
		if !call || len(parts) > 3 {
			r.reason(t.off, ReasonReads, parts[0]+"."+name+" reads a file chosen at run time; a trace records which")
			return
		}
		r.reader(toks, t, j, parts[0]+"."+name)
	case m.loaders[name]:
		r.worker(toks, t, j, call)
	case m.computed[name]:
		r.reason(t.off, ReasonComputed, parts[0]+"."+name+" loads code or moves what later code reads, at run time")
	case m.known != nil && !m.known[name]:
		r.reason(t.off, ReasonComputed, parts[0]+"."+name+" is not a member Hookwarden knows to load no code")
	}
}

// reader checks a file read whose call's "(" is toks[j].
func (r *jsReader) reader(toks []langToken, t langToken, j int, what string) {
	args, _ := callArgs(toks, j)
	if len(args) == 0 {
		return
	}
	if lit, ok := args[0].literal(nil); ok {
		r.d.readLiteral(r.sc, r.text, t.off, lit, "")
		return
	}
	if a := args[0].toks; len(a) == 1 && a[0].kind == tokNumber || len(a) == 5 && a[0].is("process") && a[2].is("stdin") && a[4].is("fd") {
		return // a file descriptor: 0 is the hook's input
	}
	if dir, lit, ok := jsDirnameJoin(args[0].toks); ok {
		r.d.readLiteral(r.sc, r.text, t.off, lit, dir(r.path))
		return
	}
	r.reason(t.off, ReasonReads, what+" reads a file chosen at run time; a trace records which")
}

// jsDirnameJoin reads path.join(__dirname, 'a', 'b') and
// path.resolve(__dirname, 'a'): a path relative to the script's folder.
func jsDirnameJoin(toks []langToken) (func(string) string, string, bool) {
	if len(toks) < 6 || !toks[0].is("path") || !toks[1].is(".") || !toks[2].is("join") && !toks[2].is("resolve") || !toks[3].is("(") || !toks[4].is("__dirname") {
		return nil, "", false
	}
	args, close := callArgs(toks, 3)
	if close != len(toks)-1 || len(args) < 2 {
		return nil, "", false
	}
	var parts []string
	for _, a := range args[1:] {
		lit, ok := a.literal(nil)
		if !ok || filepath.IsAbs(lit) {
			return nil, "", false
		}
		parts = append(parts, lit)
	}
	return filepath.Dir, filepath.Join(parts...), true
}
