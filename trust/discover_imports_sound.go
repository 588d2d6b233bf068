package trust

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

var (
	// pyLiteralImportRE: importlib.import_module("x") / __import__("x").
	pyLiteralImportRE = regexp.MustCompile(`\b(?:importlib\s*\.\s*)?(?:import_module|__import__)\(\s*(?:'([\w.]+)'|"([\w.]+)")\s*\)`)
	// pyLoaderRE: any other use of Python's import machinery or of the
	// module search path, which decides what a later import loads.
	pyLoaderRE = regexp.MustCompile(`\b(import_module|__import__|spec_from_file_location|SourceFileLoader|SourcelessFileLoader|ExtensionFileLoader|module_from_spec|sys\s*\.\s*path|sys\s*\.\s*meta_path|site\s*\.\s*addsitedir|imp\s*\.\s*load_source|zipimport)\b`)
	// pyProgramRE: calls that start other programs.
	pyProgramRE = regexp.MustCompile(`\b(subprocess|os\s*\.\s*(?:system|popen|exec\w*|spawn\w*|posix_spawn\w*)|pty\s*\.\s*spawn|commands\s*\.\s*getoutput|asyncio\s*\.\s*create_subprocess_\w+)\b`)
	// jsLoaderRE: require or import of anything but one string literal
	// (require('./x' + '.js'), require(`./${x}`), createRequire, vm).
	jsConcatRE  = regexp.MustCompile(`\b(?:require|import)\s*\(\s*(?:'[^'\n]*'|"[^"\n]*"|` + "`[^`]*`" + `)\s*[^)\s]`)
	jsTemplRE   = regexp.MustCompile(`\b(?:require|import)\s*\(\s*` + "`[^`]*\\$\\{")
	jsLoaderRE  = regexp.MustCompile(`\b(createRequire|require\s*\.\s*resolve|module\s*\.\s*_load|Module\s*\.\s*_load|vm\s*\.\s*run\w*|new\s+Function|eval\s*\(|process\s*\.\s*dlopen|NODE_PATH)`)
	jsProgramRE = regexp.MustCompile(`\b(child_process|execSync|execFileSync|spawnSync|execa|Bun\s*\.\s*spawn\w*|Deno\s*\.\s*(?:run|Command))\b`)

	// pyRunsRE: Python that runs code the import reader does not follow
	// (atk's HOLE 3): runpy, exec/eval/compile reached by another name or
	// through the builtins, deserialisers that run code, native loads.
	pyRunsRE = regexp.MustCompile(`(?m)\b(runpy|getattr\s*\(\s*(?:builtins|__builtins__)|builtins\s*\.\s*(?:exec|eval|compile|__import__)|__builtins__|globals\s*\(\s*\)\s*\[|vars\s*\(\s*\w*\s*\)\s*\[|` +
		`(?:exec|eval|compile)\b[ \t]*(?:$|[^\s(])|pickle|cPickle|shelve|dill|joblib|cloudpickle|marshal|yaml\s*\.\s*(?:load|load_all|unsafe_load|full_load)\b|ctypes|cffi|CDLL|LoadLibrary|` +
		`code\s*\.\s*(?:interact|InteractiveInterpreter|InteractiveConsole)|types\s*\.\s*(?:FunctionType|CodeType))`)
	// jsRunsRE: JavaScript that runs code the reader does not follow (atk's
	// HOLE 4): eval named but not called (an alias, Reflect.apply), the
	// Function constructor reached through any function, computed lookups
	// on the global object, workers started from a file, WebAssembly.
	jsRunsRE = regexp.MustCompile(`(\beval\b|\bFunction\s*\(|\.\s*constructor\b|\b(?:globalThis|global|window|self)\s*\[|\bReflect\s*\.\s*(?:apply|construct)|\bWorker\b|worker_threads|\bWebAssembly\b)`)
)

// pythonSound adds the reasons a Python script's imports are not all
// known, and resolves importlib.import_module / __import__ of a literal
// name like an import.
func (d *discoverer) pythonSound(sc *scope, path, text string, roots []string) {
	literal := map[int]bool{}
	for _, m := range pyLiteralImportRE.FindAllStringSubmatchIndex(text, -1) {
		name := ""
		for g := 2; g+1 < len(m); g += 2 {
			if m[g] >= 0 {
				name = text[m[g]:m[g+1]]
			}
		}
		literal[m[0]] = true
		for i := m[0]; i < m[1]; i++ {
			literal[i] = true
		}
		d.pythonModule(sc, text, m[0], roots, name, nil)
	}
	for _, m := range pyLoaderRE.FindAllStringSubmatchIndex(text, -1) {
		if literal[m[0]] || commentedPy(text, m[0]) {
			continue
		}
		if w := text[m[2]:m[3]]; w == "import_module" || w == "__import__" {
			rest := strings.TrimLeft(text[m[3]:], " \t")
			qualified := strings.HasSuffix(strings.TrimRight(text[:m[2]], " \t"), "importlib.")
			if strings.HasPrefix(rest, "(") && (w == "__import__" || qualified) {
				continue // a call pyDynamicRE reports (or a literal, followed above)
			}
		}
		d.reasonAt(sc, text, m[0], ReasonComputed, text[m[2]:m[3]]+" decides at run time which module an import loads")
	}
	for _, m := range pyRunsRE.FindAllStringSubmatchIndex(text, -1) {
		if commentedPy(text, m[0]) || inStringLiteral(text, m[0], false) {
			continue
		}
		d.reasonAt(sc, text, m[0], ReasonLoads, strings.TrimSpace(text[m[2]:m[3]])+" runs code Hookwarden does not follow (a file it runs, loads or deserialises, or exec reached by another name)")
	}
	for _, m := range pyProgramRE.FindAllStringSubmatchIndex(text, -1) {
		if commentedPy(text, m[0]) {
			continue
		}
		d.reasonAt(sc, text, m[0], ReasonPrograms, filepath.Base(path)+" starts programs ("+text[m[2]:m[3]]+") whose files Hookwarden does not follow")
		break
	}
	if _, set := d.env["PYTHONPATH"]; set {
		d.reasonAt(sc, text, 0, ReasonLoads, "PYTHONPATH is set, and Python imports modules from it first")
	}
}

// commentedPy reports whether offset is in a # comment of its line.
func commentedPy(text string, offset int) bool {
	start := strings.LastIndexByte(text[:offset], '\n') + 1
	return strings.Contains(text[start:offset], "#")
}

// reasonAt records a reason at a byte offset of sc.file's text.
func (d *discoverer) reasonAt(sc *scope, text string, offset int, kind ReasonKind, why string) {
	end := strings.IndexByte(text[offset:], '\n')
	if end < 0 {
		end = len(text) - offset
	}
	snippet := strings.TrimSpace(text[offset : offset+end])
	if len(snippet) > 200 {
		snippet = snippet[:197] + "..."
	}
	lineStart := strings.LastIndexByte(text[:offset], '\n') + 1
	u := UnresolvedCode{Text: snippet, Why: why, File: sc.file, Line: strings.Count(text[:offset], "\n") + 1,
		Column: offset - lineStart + 1, Kind: kind, Traceable: kind.Traceable()}
	if k := u.String(); !d.unseen[k] {
		d.unseen[k] = true
		d.out.Unresolved = append(d.out.Unresolved, u)
	}
}

// pythonCompiled lists what Python may load instead of an imported
// module's source: its __pycache__/NAME.*.pyc (used without reading the
// source when the cache says so, e.g. an unchecked-hash pyc) and an
// extension module NAME.*.so / NAME.pyd beside it (which wins over the
// .py). Each is fingerprinted as it is now; one that appears later reads
// as new.
func (d *discoverer) pythonCompiled(sc *scope, path string) {
	dir, base := filepath.Dir(path), strings.TrimSuffix(filepath.Base(path), ".py")
	var found []string
	for _, pat := range []string{
		filepath.Join(dir, "__pycache__", base+".*.pyc"),
		filepath.Join(dir, base+".*.so"), filepath.Join(dir, base+".so"), filepath.Join(dir, base+".*.pyd"), filepath.Join(dir, base+".pyd"),
	} {
		m, _ := filepath.Glob(pat)
		found = append(found, m...)
	}
	sort.Strings(found)
	for _, p := range found {
		d.addData(sc, p, "python (compiled)", FoundCompiled)
	}
}

// jsSound adds the reasons a JavaScript file's loads are not all known.
func (d *discoverer) jsSound(sc *scope, path, text string) {
	for _, re := range []*regexp.Regexp{jsConcatRE, jsTemplRE} {
		for _, m := range re.FindAllStringIndex(text, -1) {
			d.reasonAt(sc, text, m[0], ReasonComputed, "a module path computed at run time")
		}
	}
	for _, m := range jsLoaderRE.FindAllStringSubmatchIndex(text, -1) {
		d.reasonAt(sc, text, m[0], ReasonComputed, text[m[2]:m[3]]+" loads or runs code chosen at run time")
	}
	for _, m := range jsRunsRE.FindAllStringSubmatchIndex(text, -1) {
		if inStringLiteral(text, m[0], true) {
			continue
		}
		d.reasonAt(sc, text, m[0], ReasonLoads, strings.TrimSpace(text[m[2]:m[3]])+" runs code Hookwarden does not follow (eval by another name, the Function constructor, a global looked up by a computed name, a worker's file)")
	}
	for _, m := range jsProgramRE.FindAllStringSubmatchIndex(text, -1) {
		d.reasonAt(sc, text, m[0], ReasonPrograms, filepath.Base(path)+" starts programs ("+text[m[2]:m[3]]+") whose files Hookwarden does not follow")
		break
	}
}

// jsPackage resolves a bare specifier (require('hook-utils')) the way
// Node does, through the node_modules folders from the script's folder
// up, within the project: a package found there is the project's code, so
// its package.json and entry file are fingerprinted and, since its own
// modules are not followed, discovery is incomplete. A name found in no
// node_modules of the project is a built-in or the machine's.
func (d *discoverer) jsPackage(sc *scope, from, text string, offset int, spec string) {
	switch {
	case strings.HasPrefix(spec, "node:") || strings.HasPrefix(spec, "bun:"):
		return
	case strings.Contains(spec, "://") || strings.HasPrefix(spec, "npm:") || strings.HasPrefix(spec, "jsr:"):
		d.reasonAt(sc, text, offset, ReasonDownload, "imports "+spec+", code fetched from a registry or the network")
		return
	case strings.HasPrefix(spec, "#"):
		d.reasonAt(sc, text, offset, ReasonLoads, "imports "+spec+" through package.json's imports map, which Hookwarden does not follow")
		return
	case strings.HasPrefix(spec, "@/") || strings.HasPrefix(spec, "~/") || strings.HasPrefix(spec, "~"):
		d.reasonAt(sc, text, offset, ReasonLoads, "imports "+spec+" through a path alias (tsconfig paths, a bundler's alias), which Hookwarden does not follow")
		return
	}
	name := spec
	if parts := strings.SplitN(spec, "/", 3); strings.HasPrefix(spec, "@") && len(parts) >= 2 {
		name = parts[0] + "/" + parts[1]
	} else {
		name = parts[0]
	}
	for dir := filepath.Dir(from); d.followable(dir); dir = filepath.Dir(dir) {
		pkgDir := filepath.Join(dir, "node_modules", name)
		if isDir(pkgDir) || exists(pkgDir+".js") {
			manifest := filepath.Join(pkgDir, "package.json")
			d.addData(sc, manifest, "node_modules", FoundManifest)
			entry := resolveJS(filepath.Join(dir, "node_modules", spec))
			if entry == "" && spec == name {
				entry = packageMain(pkgDir)
			}
			if entry != "" {
				d.addData(sc, entry, "node_modules", FoundImport)
			}
			d.reasonAt(sc, text, offset, ReasonLoads, "the package "+name+" from the project's node_modules, whose own modules Hookwarden does not follow")
			return
		}
		if filepath.Dir(dir) == dir {
			return
		}
	}
}

// packageMain is the entry file of a package folder (package.json's main,
// else index.js).
func packageMain(pkgDir string) string {
	var pkg struct {
		Main string `json:"main"`
	}
	if data, err := os.ReadFile(filepath.Join(pkgDir, "package.json")); err == nil && json.Unmarshal(data, &pkg) == nil && pkg.Main != "" {
		if p := resolveJS(filepath.Join(pkgDir, pkg.Main)); p != "" {
			return p
		}
	}
	return resolveJS(filepath.Join(pkgDir, "index"))
}

// foreignLoadRE: words with which inline code of another language loads
// or runs other code.
var foreignLoadRE = regexp.MustCompile(`\b(require|use|import|load|include|dofile|loadfile|system|exec|eval|spawn|popen|open)\b|` + "`")

// inlineForeign follows the inline code of a Python or JavaScript
// interpreter (python3 -c 'import helper', node -e "require('./x')") into
// the modules it imports, as a script in the working folder; inline code
// of another language that loads or runs anything is a reason.
func (d *discoverer) inlineForeign(st *syntax.Stmt, w cmdWord, sc *scope, via string) {
	code := w.v.text
	name := via
	if f := strings.Fields(via); len(f) > 0 {
		name = filepath.Base(f[len(f)-1])
	}
	lang := ""
	switch {
	case versioned.MatchString(name):
		lang = "python"
	case name == "node" || name == "nodejs" || name == "bun" || name == "deno":
		lang = "js"
	}
	if lang == "" {
		if foreignLoadRE.MatchString(code) {
			d.incomplete(sc, st, ReasonLoads, name+" runs inline code that loads or runs other code, which Hookwarden does not follow")
		}
		return
	}
	if sc.cwds == nil {
		d.incomplete(sc, st, ReasonComputed, name+" runs inline code in a folder known only at run time")
		return
	}
	inner := &scope{cwds: sc.cwds, vars: map[string]string{}, file: sc.file, src: code, depth: sc.depth + 1, lang: sc.lang}
	for _, cwd := range sc.cwds {
		if lang == "python" {
			d.pythonImports(inner, filepath.Join(cwd, "-c"), code)
		} else {
			d.jsImports(inner, filepath.Join(cwd, "[eval]"), code)
		}
	}
}

// inStringLiteral reports whether offset is inside a string literal of its
// line or, for JavaScript, inside a regular expression literal or a //
// comment: a word there is text ("eval" in a guard's list of dangerous
// patterns), not a name the code uses. A string that reaches code through
// a lookup is caught by the lookup (getattr(builtins, …), globalThis[…]).
// Only the line is read: a string spanning lines is not seen (the word
// then counts as code: fail closed).
func inStringLiteral(text string, offset int, js bool) bool {
	start := strings.LastIndexByte(text[:offset], '\n') + 1
	line := text[start:offset]
	var quote byte // the open string's quote, or '/' for a regular expression
	inClass := false
	prev := byte(0) // the last non-space byte outside literals
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == '\\':
			i++
		case quote == '/' && c == '[':
			inClass = true
		case quote == '/' && c == ']':
			inClass = false
		case quote != 0 && c == quote && !inClass:
			quote, prev = 0, c
		case quote != 0:
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case js && c == '/' && i+1 < len(line) && line[i+1] == '/':
			return true // a // comment
		case js && c == '/' && (prev == 0 || strings.IndexByte("([,=:!&|?{};", prev) >= 0):
			quote, inClass = '/', false
		case c != ' ' && c != '\t':
			prev = c
		}
	}
	return quote != 0
}
