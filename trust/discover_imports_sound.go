package trust

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

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

// jsPackage resolves a bare specifier (require('hook-utils')) the way
// Node does, through the node_modules folders from the script's folder
// up, within the project: a package found there is the project's code, so
// its package.json, entry file and folder listing are fingerprinted and, since its own
// modules are not followed, discovery is incomplete. A name found in no
// node_modules of the project is a built-in or the machine's.
func (d *discoverer) jsPackage(sc *scope, from, text string, offset int, spec string) {
	switch {
	case strings.HasPrefix(spec, "node:") || strings.HasPrefix(spec, "bun:"):
		return
	case strings.Contains(spec, "://") || strings.HasPrefix(spec, "npm:") || strings.HasPrefix(spec, "jsr:"):
		d.reasonAt(sc, text, offset, ReasonDownload, "imports "+spec+", code fetched from a registry or the network")
		return
	case strings.Contains(spec, ":") && len(spec) > 2 && spec[1] != ':':
		d.reasonAt(sc, text, offset, ReasonComputed, "imports "+spec+", a URL (data:, file:) whose code Hookwarden does not follow")
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
			if isDir(pkgDir) {
				d.addListing(sc, pkgDir, "node_modules") // a module a pull adds to the package reads as a change
			}
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

// inlineForeign follows the inline code of a Python or JavaScript
// interpreter (python3 -c 'import helper', node -e "require('./x')") into
// the modules it imports, as a script in the working folder, with the
// language readers. Inline code of a language Hookwarden does not read
// (perl -e, ruby -e, php -r, lua -e, pwsh -c, …) is a reason whatever it
// says: a list of the words with which it loads code (require, do, use,
// load, system) is never complete (perl's do FILE, ruby's
// require_relative, -M modules), so only a reader may call it complete.
func (d *discoverer) inlineForeign(st *syntax.Stmt, w cmdWord, sc *scope, via string) {
	code := w.v.text
	name := via
	if f := strings.Fields(via); len(f) > 0 {
		name = filepath.Base(f[len(f)-1])
	}
	lang := ""
	switch {
	case versioned().MatchString(name):
		lang = "python"
	case name == "node" || name == "nodejs" || name == "bun" || name == "deno":
		lang = "js"
	}
	if lang == "" && (name == "sed" || name == "gsed") && sedInline(code) {
		return // s/…/…/, y, p, d …: edits the stream, opens and runs nothing
	}
	if lang == "" {
		d.incomplete(sc, st, ReasonLoads, name+" runs inline code in a language Hookwarden does not read: what it loads or runs (do, require, use, its -M/-r modules, system) is not followed")
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
