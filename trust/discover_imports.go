package trust

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// FoundImport: a module of the project that a Python or JavaScript /
// TypeScript script imports or requires (import helper, from . import x,
// require('./lib'), import x from './lib.js'), recursively.
const FoundImport Found = "import"

// scriptLang is the language a script is read in, for following its
// imports: "python", "js", or "" (shell scripts are followed as shell).
func scriptLang(path, via string) string {
	runner := via
	if i := strings.LastIndexByte(runner, ' '); i >= 0 {
		runner = runner[i+1:]
	}
	switch {
	case versioned().MatchString(runner) || runner == "run" && strings.HasSuffix(path, ".py"):
		return "python"
	case runner == "node" || runner == "nodejs" || runner == "deno" || runner == "bun" || runner == "tsx" || runner == "ts-node" || runner == "esno":
		return "js"
	case runner == "import":
		if strings.HasSuffix(path, ".py") {
			return "python"
		}
		return "js"
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".py":
		return "python"
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return "js"
	}
	return ""
}

var (
	pyImportRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)(?:^|[;:])[ \t]*import[ \t]+([\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*)`)
	})
	pyFromRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)(?:^|[;:])[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+\(?([^\n#]*)`)
	})
	jsRequireRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:require|import)\s*\(\s*(?:'([^']+)'|"([^"]+)"|` + "`([^`$]+)`" + `)\s*\)`)
	})
	jsFromRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?m)(?:^|[;\s])(?:import|export)\s+(?:[^'";]*?\s+from\s+)?(?:'([^']+)'|"([^"]+)")`)
	})
)

var jsExtensions = []string{"", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".tsx", ".jsx", ".json"}

// followImports reads a Python or JavaScript script of the project and
// lists the project's modules it imports (by literal name), recursively;
// imports chosen at run time are unresolved. Modules that are not files
// of the project (the standard library, installed packages) are not
// Hookwarden's to fingerprint.
func (d *discoverer) followImports(sc *scope, path, lang string, unresolved func(why string)) {
	key := followKey("import "+lang, path, sc, d.roots, nil)
	if found, ok := d.cache.found[key]; ok {
		d.merge(found)
		return
	}
	if !d.followable(path) {
		d.unreadScript(sc, path)
		return
	}
	if installedPackage(path) {
		unresolved("the code of an installed package (" + path + "), whose modules Hookwarden does not follow")
		return
	}
	if sc.depth+1 > MaxFollowDepth {
		unresolved(fmt.Sprintf("nested more than %d modules deep; not followed", MaxFollowDepth))
		return
	}
	text, err := readScriptText(path, maxFollowTotal-d.read)
	if err == errTooLarge {
		unresolved("too large to follow into what it imports")
		return
	}
	if err != nil {
		return
	}
	d.read += len(text)
	sub := newDiscoverer(d.project, d.cache)
	sub.read, sub.roots, sub.env = d.read, d.roots, d.env
	inner := &scope{cwds: sc.cwds, vars: map[string]string{}, file: path, self: path, src: text, depth: sc.depth + 1}
	if lang == "python" {
		sub.pythonImports(inner, path, text)
	} else {
		sub.jsImports(inner, path, text)
	}
	d.read = sub.read
	sub.out.writes = sub.writes
	d.cache.found[key] = sub.out
	d.merge(sub.out)
}

// installedPackage reports whether a file belongs to installed packages
// (node_modules, a virtual environment): their code changes with an
// install, not with the project's text, and is too large to list.
func installedPackage(path string) bool {
	for _, dir := range []string{"node_modules", ".venv", "venv", "site-packages", "dist-packages"} {
		if strings.Contains(path, string(filepath.Separator)+dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// importAt lists a module found in the text of sc.file at byte offset.
func (d *discoverer) importAt(sc *scope, text string, offset int, word, path string) {
	key := path + "\x00import"
	if !d.seen[key] {
		if len(d.out.Scripts) >= maxScripts {
			return
		}
		d.seen[key] = true
		d.out.Scripts = append(d.out.Scripts, ScriptRef{Word: word, Path: path, Via: "import", How: FoundImport, From: sc.file})
		if strings.HasSuffix(path, ".py") {
			d.pythonCompiled(sc, path)
		}
	}
	d.followImports(sc, path, scriptLang(path, "import"), func(why string) { d.unresolvedAt(sc, text, offset, word, why) })
}

func (d *discoverer) unresolvedAt(sc *scope, text string, offset int, snippet, why string) {
	line := strings.Count(text[:offset], "\n") + 1
	if len(snippet) > 200 {
		snippet = snippet[:197] + "..."
	}
	u := UnresolvedCode{Text: snippet, Why: why, File: sc.file, Line: line}
	if k := u.String(); !d.unseen[k] {
		d.unseen[k] = true
		d.out.Unresolved = append(d.out.Unresolved, u)
	}
}

// pythonImports follows import a.b, from a.b import c, from .m import x:
// modules are looked up beside the script (sys.path[0]) and in the working
// folder.
func (d *discoverer) pythonImports(sc *scope, path, text string) {
	roots := []string{filepath.Dir(path)}
	for _, c := range sc.cwds {
		if !slices.Contains(roots, c) {
			roots = append(roots, c)
		}
	}
	d.pythonImportsFrom(sc, path, text, roots)
	d.pythonSound(sc, path, text, roots)
}

// pythonImportsFrom resolves the file's import statements against roots
// (relative imports against the file's own package).
func (d *discoverer) pythonImportsFrom(sc *scope, path, text string, roots []string) {
	for _, m := range pyImportRE().FindAllStringSubmatchIndex(text, -1) {
		for _, part := range strings.Split(text[m[2]:m[3]], ",") {
			name := strings.Fields(part)
			if len(name) > 0 {
				d.pythonModule(sc, text, m[0], roots, name[0], nil)
			}
		}
	}
	for _, m := range pyFromRE().FindAllStringSubmatchIndex(text, -1) {
		dots, mod := text[m[2]:m[3]], text[m[4]:m[5]]
		var names []string
		for _, n := range strings.Split(strings.Trim(text[m[6]:m[7]], "()\\ \t"), ",") {
			if f := strings.Fields(n); len(f) > 0 && f[0] != "*" {
				names = append(names, f[0])
			}
		}
		base := roots
		if dots != "" {
			dir := filepath.Dir(path)
			for i := 1; i < len(dots); i++ {
				dir = filepath.Dir(dir)
			}
			base = []string{dir}
		}
		d.pythonModule(sc, text, m[0], base, mod, names)
	}
}

// pythonModule lists the files of module mod (dotted, "" = the package
// of a relative import) found under roots, with the package __init__.py
// files on the way, and the submodules names may be.
func (d *discoverer) pythonModule(sc *scope, text string, offset int, roots []string, mod string, names []string) {
	var parts []string
	if mod != "" {
		parts = strings.Split(mod, ".")
	}
	for _, root := range roots {
		dir := root
		found, pkg := false, true
		for i, p := range parts {
			next := filepath.Join(dir, p)
			if i == len(parts)-1 && exists(next+".py") && !isDir(next) {
				d.importAt(sc, text, offset, mod, next+".py")
				found, pkg = true, false
				break
			}
			if !isDir(next) {
				break
			}
			if init := filepath.Join(next, "__init__.py"); exists(init) {
				d.importAt(sc, text, offset, mod, init)
			}
			dir = next
			if i == len(parts)-1 {
				found = true
			}
		}
		if len(parts) == 0 {
			found = true
		}
		if found && pkg && isDir(dir) {
			for _, n := range names {
				if sub := filepath.Join(dir, n+".py"); exists(sub) {
					d.importAt(sc, text, offset, mod+"."+n, sub)
				} else if init := filepath.Join(dir, n, "__init__.py"); exists(init) {
					d.importAt(sc, text, offset, mod+"."+n, init)
				}
			}
		}
		if found {
			return // the first root that has it is the one Python uses
		}
	}
	if len(parts) > 0 && parts[0] != "" {
		d.pythonVenvModule(sc, text, offset, parts[0])
	}
}

// jsImports follows relative require(), import() and import/export …
// from: resolved beside the script with Node's extensions and index files.
func (d *discoverer) jsImports(sc *scope, path, text string) {
	for _, re := range []*regexp.Regexp{jsRequireRE(), jsFromRE()} {
		for _, m := range re.FindAllStringSubmatchIndex(text, -1) {
			spec := ""
			for g := 2; g+1 < len(m); g += 2 {
				if m[g] >= 0 {
					spec = text[m[g]:m[g+1]]
					break
				}
			}
			if !strings.HasPrefix(spec, "./") && !strings.HasPrefix(spec, "../") && !strings.HasPrefix(spec, "/") && spec != "." && spec != ".." {
				d.jsPackage(sc, path, text, m[0], spec)
				continue
			}
			target := spec
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(path), spec)
			}
			if file := resolveJS(target); file != "" {
				d.importAt(sc, text, m[0], spec, file)
			}
		}
	}
	d.jsSound(sc, path, text)
}

// resolveJS finds the file Node (or a TypeScript runner) loads for a
// relative specifier.
func resolveJS(target string) string {
	for _, ext := range jsExtensions {
		if p := target + ext; exists(p) && !isDir(p) {
			return p
		}
	}
	// ./lib.js written for ./lib.ts (TypeScript's ESM convention)
	if base := strings.TrimSuffix(target, filepath.Ext(target)); base != target {
		for _, ext := range []string{".ts", ".mts", ".cts", ".tsx"} {
			if p := base + ext; exists(p) && !isDir(p) {
				return p
			}
		}
	}
	for _, ext := range jsExtensions[1:] {
		if p := filepath.Join(target, "index"+ext); exists(p) {
			return p
		}
	}
	return ""
}
