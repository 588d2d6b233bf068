package trust

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// FoundManifest: a project file that defines the commands a task runner
// runs (package.json for npm run, a Makefile for make); what those
// commands run is discovered in turn.
const FoundManifest Found = "manifest"

// taskRunner handles npm/yarn/pnpm/bun run NAME, deno task NAME and make:
// ok is false when the command is none of them.
func (d *discoverer) taskRunner(st *syntax.Stmt, name string, words []cmdWord, sc *scope) bool {
	args := words[1:]
	dir := ""
	skip := func(withArg ...string) {
		for len(args) > 0 && args[0].v.ok && strings.HasPrefix(args[0].v.text, "-") {
			k, v, hasValue := strings.Cut(args[0].v.text, "=")
			takes := slices.Contains(withArg, k)
			if takes && !hasValue && len(args) > 1 {
				v = args[1].v.text
				args = args[1:]
			}
			if takes && (k == "--prefix" || k == "-C" || k == "--dir" || k == "--cwd" || k == "--directory") {
				dir = v
			}
			args = args[1:]
		}
	}
	switch name {
	case "npm", "yarn", "pnpm", "bun":
		skip("--prefix", "-C", "--dir", "--cwd", "--workspace", "-w", "--filter", "-F")
		if len(args) == 0 || !args[0].v.ok {
			return name != "bun"
		}
		sub := args[0].v.text
		switch {
		case sub == "run" || sub == "run-script":
			args = args[1:]
			skip("--workspace", "-w", "--filter", "-F")
			if len(args) == 0 {
				return true
			}
			if name == "bun" && args[0].v.ok && (strings.ContainsRune(args[0].v.text, '/') || scriptLang(args[0].v.text, "") != "") {
				return false // bun run x.ts: a file, for the interpreter
			}
		case sub == "test" || sub == "start" || sub == "stop" || sub == "restart" || sub == "t":
			if sub == "t" {
				args[0].v.text = "test"
			}
		case sub == "install" || sub == "i" || sub == "ci" || sub == "add" || sub == "update" || sub == "exec" || sub == "dlx" || sub == "x":
			if sub == "exec" || sub == "x" {
				rest := args[1:]
				for len(rest) > 0 && rest[0].v.ok && strings.HasPrefix(rest[0].v.text, "-") {
					rest = rest[1:] // npm exec -- eslint, pnpm exec --silent eslint
				}
				if len(rest) > 0 && rest[0].v.ok {
					d.localBin(sc, rest[0].w, rest[0].v.text, name+" "+sub)
				}
			}
			d.unresolved(sc, st, name+" "+sub+" runs code of packages (their install scripts or programs), which Hookwarden does not read")
			return true
		case name == "yarn" || name == "pnpm":
			// yarn NAME, pnpm NAME run a script of package.json
		default:
			return name != "bun"
		}
		if !args[0].v.ok {
			d.unresolved(sc, st, name+" runs a package.json script "+args[0].v.why)
			return true
		}
		d.packageScript(st, sc, name, dir, args[0].v.text)
		return true
	case "deno":
		if len(args) == 0 || !args[0].v.ok || args[0].v.text != "task" {
			return false
		}
		args = args[1:]
		skip("--cwd", "--config", "-c")
		if len(args) == 0 {
			return true
		}
		d.denoTask(st, sc, dir, args[0])
		return true
	case "make", "gmake":
		file := ""
		for i := 0; i < len(args); i++ {
			t := args[i].v.text
			switch {
			case !args[i].v.ok:
			case (t == "-C" || t == "--directory") && i+1 < len(args):
				dir = args[i+1].v.text
				i++
			case (t == "-f" || t == "--file" || t == "--makefile") && i+1 < len(args):
				file = args[i+1].v.text
				i++
			case strings.HasPrefix(t, "-C") && len(t) > 2:
				dir = t[2:]
			case strings.HasPrefix(t, "-f") && len(t) > 2:
				file = t[2:]
			}
		}
		d.makefile(st, sc, dir, file)
		return true
	}
	return false
}

// taskDirs are the folders a task runner starts in (its -C or the shell's).
func (d *discoverer) taskDirs(st *syntax.Stmt, sc *scope, dir string) []string {
	if dir == "" {
		dir = "."
	}
	return d.resolve(sc, st, dir)
}

// packageScript lists package.json (the nearest one up from the folder,
// as npm finds it, within the project) and discovers what the script and
// its pre/post scripts run, in the package's folder.
func (d *discoverer) packageScript(st *syntax.Stmt, sc *scope, runner, dir, script string) {
	for _, start := range d.taskDirs(st, sc, dir) {
		pkgDir := start
		for !exists(filepath.Join(pkgDir, "package.json")) && within(filepath.Dir(pkgDir), d.project) && pkgDir != d.project {
			pkgDir = filepath.Dir(pkgDir)
		}
		manifest := filepath.Join(pkgDir, "package.json")
		if !exists(manifest) {
			continue
		}
		d.add(sc, nil, manifest, runner+" run", FoundManifest, false, false)
		d.runnerConfig(st, sc, runner, pkgDir)
		text, err := readScriptText(manifest, maxFollowTotal-d.read)
		if err != nil {
			d.unresolved(sc, st, "package.json cannot be read to follow its scripts")
			continue
		}
		var pkg struct {
			Scripts map[string]json.RawMessage `json:"scripts"`
		}
		if err := json.Unmarshal([]byte(text), &pkg); err != nil {
			d.unresolved(sc, st, "package.json does not parse, so its scripts are not followed")
			continue
		}
		binPath := d.nodeBinPath(pkgDir)
		if _, ok := pkg.Scripts[script]; !ok && runner != "npm" {
			// yarn NAME, pnpm NAME, bun run NAME with no such script run
			// the package binary NAME from node_modules/.bin
			d.inManifest(st, sc, manifest, pkgDir, syntaxQuote(script), binPath)
			continue
		}
		for _, name := range []string{"pre" + script, script, "post" + script} {
			var code string
			if raw, ok := pkg.Scripts[name]; !ok || json.Unmarshal(raw, &code) != nil {
				continue
			}
			d.inManifest(st, sc, manifest, pkgDir, code, binPath)
		}
	}
}

// nodeBinPath is the PATH npm, yarn, pnpm and bun give a package.json
// script: the node_modules/.bin of the package's folder and of every
// folder above it (within the project) first, then the inherited PATH. A
// package binary there ("lint": "eslint .") is the project's file, so it
// is found, fingerprinted and followed like any script.
func (d *discoverer) nodeBinPath(pkgDir string) string {
	var dirs []string
	for dir := pkgDir; ; dir = filepath.Dir(dir) {
		dirs = append(dirs, filepath.Join(dir, "node_modules", ".bin"))
		if dir == d.project || !within(filepath.Dir(dir), d.project) || filepath.Dir(dir) == dir {
			break
		}
	}
	return strings.Join(append(dirs, inheritedPath), ":")
}

// syntaxQuote quotes s as one shell word.
func syntaxQuote(s string) string {
	if q, err := syntax.Quote(s, syntax.LangBash); err == nil {
		return q
	}
	return "''"
}

// denoTask discovers what a deno.json(c) task runs.
func (d *discoverer) denoTask(st *syntax.Stmt, sc *scope, dir string, task cmdWord) {
	if !task.v.ok {
		d.unresolved(sc, st, "deno task runs a task "+task.v.why)
		return
	}
	for _, base := range d.taskDirs(st, sc, dir) {
		for _, name := range []string{"deno.json", "deno.jsonc"} {
			manifest := filepath.Join(base, name)
			if !exists(manifest) {
				continue
			}
			d.add(sc, nil, manifest, "deno task", FoundManifest, false, false)
			text, err := readScriptText(manifest, maxFollowTotal-d.read)
			var cfg struct {
				Tasks map[string]json.RawMessage `json:"tasks"`
			}
			if err != nil || json.Unmarshal([]byte(text), &cfg) != nil {
				d.unresolved(sc, st, name+" cannot be read as JSON, so its tasks are not followed")
				continue
			}
			var code string
			var obj struct {
				Command string `json:"command"`
			}
			raw := cfg.Tasks[task.v.text]
			if json.Unmarshal(raw, &code) != nil && json.Unmarshal(raw, &obj) == nil {
				code = obj.Command
			}
			if code != "" {
				d.inManifest(st, sc, manifest, base, code, "")
			}
		}
	}
}

// makefile lists the Makefile make reads and discovers what every recipe
// line runs (each line is a shell command in make's folder); make's own
// $(VARIABLES) are left as they are, so a program named by one reads as
// unresolved.
func (d *discoverer) makefile(st *syntax.Stmt, sc *scope, dir, file string) {
	d.incomplete(sc, st, ReasonLoads, "make reads its own language (variables, functions, implicit rules, $(shell …)), which Hookwarden follows only in part")
	if v, set := d.env["MAKEFILES"]; set && v != "" {
		d.incomplete(sc, st, ReasonLoads, "MAKEFILES is set, and make reads those makefiles first")
		for _, f := range strings.Fields(v) {
			for _, p := range d.resolve(sc, st, f) {
				d.addData(sc, p, "MAKEFILES", FoundConfig)
			}
		}
	}
	for _, base := range d.taskDirs(st, sc, dir) {
		var manifest string
		if file != "" {
			manifest = file
			if !filepath.IsAbs(manifest) {
				manifest = filepath.Join(base, manifest)
			}
		} else {
			for _, name := range []string{"GNUmakefile", "makefile", "Makefile"} {
				if exists(filepath.Join(base, name)) {
					manifest = filepath.Join(base, name)
					break
				}
			}
		}
		if manifest == "" || !exists(manifest) {
			continue
		}
		d.add(sc, nil, manifest, "make", FoundManifest, false, false)
		if !d.followable(manifest) {
			continue
		}
		text, err := readScriptText(manifest, maxFollowTotal-d.read)
		if err != nil {
			d.unresolved(sc, st, "the Makefile cannot be read to follow its recipes")
			continue
		}
		d.read += len(text)
		d.makeIncludes(st, sc, base, text)
		for _, line := range recipeLines(text) {
			d.inManifest(st, sc, manifest, base, line, "")
		}
	}
}

// recipeLines are a Makefile's recipe lines (tab-indented, continuations
// joined, @ - + prefixes and $$ unescaped).
func recipeLines(text string) []string {
	var out []string
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "\t") {
			continue
		}
		line := lines[i]
		for strings.HasSuffix(line, `\`) && i+1 < len(lines) {
			i++
			line = strings.TrimSuffix(line, `\`) + " " + strings.TrimPrefix(lines[i], "\t")
		}
		line = strings.TrimLeft(strings.TrimSpace(line), "@-+")
		out = append(out, strings.ReplaceAll(line, "$$", "$"))
	}
	return out
}

// inManifest discovers what a command line defined in a manifest runs,
// in the manifest's folder, as found in that file.
func (d *discoverer) inManifest(st *syntax.Stmt, sc *scope, manifest, dir, code, pathVar string) {
	if sc.depth+1 > MaxFollowDepth {
		d.unresolved(sc, st, "nested too deep; the commands of "+manifest+" are not followed")
		return
	}
	f, err := d.cache.parse(code, DialectPOSIX) // npm, yarn, make and deno run each line with sh -c
	if err != nil {
		d.unresolved(sc, st, "a command in "+manifest+" Hookwarden cannot parse")
		return
	}
	inner := &scope{cwds: []string{dir}, vars: map[string]string{}, file: manifest, src: code, depth: sc.depth + 1, lang: DialectPOSIX}
	if pathVar != "" {
		inner.vars["PATH"] = pathVar
	}
	d.stmts(f.Stmts, inner)
}

// makeIncludes fingerprints the makefiles a Makefile includes (include,
// -include, sinclude), present or not, by literal name in make's folder;
// a name with a variable or a wildcard is a reason.
func (d *discoverer) makeIncludes(st *syntax.Stmt, sc *scope, base, text string) {
	for _, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || (f[0] != "include" && f[0] != "-include" && f[0] != "sinclude") {
			continue
		}
		for _, name := range f[1:] {
			if strings.HasPrefix(name, "#") {
				break
			}
			if strings.ContainsAny(name, "$*?[") {
				d.incomplete(sc, st, ReasonLoads, "the Makefile includes "+name+", a name make computes")
				continue
			}
			p := name
			if !filepath.IsAbs(p) {
				p = filepath.Join(base, p)
			}
			d.addData(sc, p, "make include", FoundConfig)
		}
	}
}

// npmSafeKeys are .npmrc settings that do not change what a script runs.
var npmSafeKeys = set("registry", "save-exact", "save-prefix", "engine-strict", "fund", "audit", "loglevel", "package-lock",
	"legacy-peer-deps", "strict-peer-dependencies", "auto-install-peers", "progress", "update-notifier", "lockfile-version", "save")

// runnerConfig fingerprints the configuration files of a package manager
// in the package's folder and the project's (present or not: one added
// later reads as new) and says why discovery is incomplete where they
// change what a script runs: npm's script-shell, node-options and the
// like; yarn's and pnpm's own settings (yarnPath, plugins) are not read.
func (d *discoverer) runnerConfig(st *syntax.Stmt, sc *scope, runner, pkgDir string) {
	dirs := []string{pkgDir}
	if pkgDir != d.project {
		dirs = append(dirs, d.project)
	}
	for _, dir := range dirs {
		npmrc := filepath.Join(dir, ".npmrc")
		d.addData(sc, npmrc, runner+" config", FoundConfig)
		if text, err := readScriptText(npmrc, maxFollowTotal); err == nil {
			for _, line := range strings.Split(text, "\n") {
				line = strings.TrimSpace(line)
				if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";") {
					continue
				}
				k, _, _ := strings.Cut(line, "=")
				if k = strings.TrimSpace(k); !npmSafeKeys[k] && !strings.Contains(k, "registry") && !strings.HasPrefix(k, "//") {
					d.incomplete(sc, st, ReasonLoads, npmrc+" sets "+k+", which changes how "+runner+" runs scripts; Hookwarden does not follow it")
				}
			}
		}
		if runner == "yarn" || runner == "pnpm" || runner == "bun" {
			for _, name := range []string{".yarnrc.yml", ".yarnrc", "bunfig.toml", "pnpm-workspace.yaml"} {
				d.addData(sc, filepath.Join(dir, name), runner+" config", FoundConfig)
			}
		}
	}
	if runner == "yarn" || runner == "pnpm" || runner == "bun" {
		for _, dir := range dirs {
			for _, name := range []string{".yarnrc.yml", ".yarnrc", "bunfig.toml", "pnpm-workspace.yaml"} {
				if p := filepath.Join(dir, name); exists(p) {
					d.incomplete(sc, st, ReasonLoads, p+" holds settings of "+runner+" (yarnPath, plugins, its shell) that Hookwarden does not follow")
				}
			}
		}
	}
}
