package trust

import (
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Python's project runners (uv run, poetry run, pipenv run, pdm run,
// hatch run, rye run, pixi run, uvx --from .) are code loaders of the
// project (atk's probable HOLE 10): before the command they read the
// project's manifest and settings, and several install the project first —
// uv run locks and syncs the project (docs: "when uv run is used, the
// project is locked and synced before invoking the requested command"),
// building it through the build backend its pyproject.toml names, which
// runs arbitrary code (setup.py; a backend-path backend is a file of the
// project); a .python-version may name any interpreter by its path; pdm,
// rye, hatch, pixi and pipenv run a script or task of the manifest by its
// name before a command of that name. Every such file found from the
// shell's folder up to the project's root is fingerprinted (one a pull
// adds later is new to the approval), a local build backend is followed
// as Python, and what the build or the manifest runs makes the discovery
// incomplete (a trace covers it).

// pyRunnerFiles are, per runner, the files it reads from the project.
var pyRunnerFiles = map[string][]string{
	"uv":     {"pyproject.toml", "uv.lock", "uv.toml", "setup.py", "setup.cfg", ".python-version"},
	"uvx":    {"uv.toml", ".python-version"},
	"poetry": {"pyproject.toml", "poetry.lock", "poetry.toml", ".python-version"},
	"pipenv": {"Pipfile", "Pipfile.lock", ".env", ".python-version"},
	"pdm":    {"pyproject.toml", "pdm.lock", "pdm.toml", ".pdm-python", ".pdm.toml", ".env", ".python-version"},
	"rye":    {"pyproject.toml", "requirements.lock", "requirements-dev.lock", ".python-version"},
	"hatch":  {"pyproject.toml", "hatch.toml", "hatch_build.py", ".python-version"},
	"pixi":   {"pixi.toml", "pyproject.toml", "pixi.lock"},
}

// pyManifestRuns are, per runner, why a manifest it finds makes what runs
// the project's to decide (beyond the command).
var pyManifestRuns = map[string]string{
	"poetry": "runs in the project's environment with the project installed in it (its scripts, and the plugins its pyproject.toml requires)",
	"pipenv": "loads the project's .env and runs a script of its Pipfile by the command's name",
	"pdm":    "runs a script of the project's pyproject.toml by the command's name, and loads the .env files its scripts name",
	"rye":    "syncs the project (building it) and runs a script of its pyproject.toml by the command's name",
	"hatch":  "creates the project's environment, installs the project (its build hooks run) and runs its scripts by name",
	"pixi":   "installs the project's environment and runs a task of its manifest by the command's name",
}

// pyManifestCommand is why a runner's command other than run (poetry
// install, pdm sync, hatch build, pipenv install) makes what runs the
// project's to decide.
const pyManifestCommand = "reads the project's manifest and may install or build the project (its build backend, setup.py, build hooks, plugins)"

// pyInertCommands are the project runners' commands that neither read
// the project's manifest nor build or install it; any other command (uv
// sync, uv lock, uv pip install -e ., poetry install) may (cover2:
// 00derek/amelia's setup hook ran `uv sync`, which builds the project
// through hatchling, and read complete with only the script listed).
var pyInertCommands = set("", "--version", "-V", "help", "--help", "-h", "cache", "self", "generate-shell-completion", "completions")

// pyProjectCommand handles a Python project runner's command other than
// run: args are the words after the runner's name. Its project files are
// fingerprinted and what the command may build or run is a reason, as for
// run.
func (d *discoverer) pyProjectCommand(st *syntax.Stmt, runner string, args []cmdWord, sc *scope) {
	verb := ""
	for _, a := range args {
		if !a.v.ok {
			d.incomplete(sc, st, ReasonComputed, runner+" is given a command known only at run time")
			return
		}
		if !strings.HasPrefix(a.v.text, "-") {
			verb = a.v.text
			break
		}
	}
	if verb == "" && len(args) > 0 {
		verb = args[0].v.text // uv --version
	}
	if pyInertCommands[verb] {
		return
	}
	if verb == "pip" || verb == "tool" {
		// uv pip install, uv tool install: the project only when handed a
		// local package or a requirements file (which can name one)
		for _, a := range args {
			if t := a.v.text; t == "." || t == ".." || t == "-e" || t == "--editable" || t == "-r" || t == "--requirement" || t == "--with-editable" ||
				strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") || strings.HasPrefix(t, "/") || strings.HasPrefix(t, "file:") || strings.HasPrefix(t, "-e") {
				d.incomplete(sc, st, ReasonLoads, runner+" "+verb+" installs a local package (its build backend runs code) or a requirements file's packages, which Hookwarden does not follow")
				return
			}
		}
		return
	}
	d.pythonProject(st, runner, verb, nil, nil, sc)
}

// pythonProject handles a Python project runner: opts are its options
// (before the command), rest the command it runs, verb its command (run,
// or sync, install, build … for pyProjectCommand).
func (d *discoverer) pythonProject(st *syntax.Stmt, runner, verb string, opts, rest []cmdWord, sc *scope) {
	cwds := sc.cwds
	noProject, noSync, local := false, false, ""
	for i := 0; i < len(opts); i++ {
		a := opts[i]
		if !a.v.ok {
			d.incomplete(sc, st, ReasonComputed, runner+" is given an option known only at run time")
			return
		}
		k, v, hasV := strings.Cut(a.v.text, "=")
		if k == "-p" && (runner == "uv" || runner == "uvx") {
			k = "--python"
		}
		if runner == "uv" && !uvRunFlags[k] && !projectRunners["uv"].withArg[k] && !uvShortFlags(k) {
			// an option of a later uv, or one taking a value: where the
			// command starts is not known
			d.incomplete(sc, st, ReasonComputed, "uv run is given an option Hookwarden does not know ("+clip(k, 40)+"): what it runs is not known")
			return
		}
		if k == "-C" && runner == "uv" {
			k = "--config-setting" // uv's -C is not a folder
		}
		if !hasV && i+1 < len(opts) && (k == "--project" || k == "--directory" || k == "-C" || k == "--from" || k == "--with" || k == "--python" || k == "-p" ||
			projectRunners[runner].withArg[k]) {
			if opts[i+1].v.ok {
				v = opts[i+1].v.text
			} else {
				v = unknownVar
			}
			i++
		}
		switch k {
		case "--no-project", "--no-workspace", "--script", "--gui-script", "--isolated":
			noProject = true
		case "-s":
			noProject = noProject || runner == "uv"
		case "--env-file":
			d.uvEnvFile(st, sc, cwds, v)
		case "--no-sync", "--no-config":
			noSync = true
		case "--project", "--directory", "-C", "-p":
			if v == unknownVar {
				d.incomplete(sc, st, ReasonComputed, runner+" runs in a project folder known only at run time")
				return
			}
			var next []string
			for _, c := range cwds {
				p := v
				if !filepath.IsAbs(p) {
					p = filepath.Join(c, p)
				}
				next = append(next, filepath.Clean(p))
			}
			cwds = next
		case "--python":
			if strings.ContainsRune(v, '/') || v == unknownVar {
				d.incomplete(sc, st, ReasonLoads, runner+" runs the interpreter "+clip(strings.ReplaceAll(v, unknownVar, "known at run time"), 60)+", whose code Hookwarden does not follow")
			}
		case "--from", "--with", "--with-editable", "--with-requirements":
			if v == unknownVar || strings.HasPrefix(v, ".") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "file:") || strings.HasPrefix(v, "-e") {
				local = v
			}
		}
	}
	if runner == "uv" && len(rest) > 0 && rest[0].v.ok && (strings.HasSuffix(rest[0].v.text, ".py") || uvScriptFlag(opts)) {
		for _, p := range d.resolve(sc, rest[0].w, rest[0].v.text) {
			if text, err := readScriptText(p, maxFollowTotal); err == nil && strings.Contains(text, "# /// script") {
				noProject = true // a script with inline metadata runs in an environment of its own
				if strings.Contains(text, "tool.uv.sources") || strings.Contains(text, "backend-path") {
					d.projectReason(sc, st, ReasonLoads, "uv run installs the sources its inline metadata names (a local path is built), which Hookwarden does not follow")
				}
			}
		}
	}
	if local != "" {
		d.incomplete(sc, st, ReasonLoads, runner+" builds and installs "+clip(strings.ReplaceAll(local, unknownVar, "a value known at run time"), 60)+", a local package, through its build backend, which runs code Hookwarden does not follow")
	}
	files := pyRunnerFiles[runner]
	manifest := ""
	for _, start := range cwds {
		for _, name := range files {
			for dir := start; within(dir, d.project); dir = filepath.Dir(dir) {
				p := filepath.Join(dir, name)
				if exists(p) {
					d.addData(sc, p, runner+" project", FoundConfig)
					if manifest == "" && (name == "pyproject.toml" || name == "Pipfile" || name == "pixi.toml" || name == "hatch.toml" || name == "setup.py") {
						manifest = p
					}
					break
				}
				if dir == d.project || filepath.Dir(dir) == dir {
					break
				}
			}
		}
	}
	if manifest == "" && runner == "pipenv" {
		// pipenv run loads the .env of its folder even without a Pipfile
		// (it makes one): its variables change what the command runs
		for _, start := range cwds {
			if p := filepath.Join(start, ".env"); within(start, d.project) && exists(p) {
				manifest = p
				break
			}
		}
	}
	if manifest == "" || noProject && runner == "uv" {
		return
	}
	if runner != "uv" {
		if why := pyManifestRuns[runner]; why != "" {
			if verb != "run" {
				why = pyManifestCommand
			}
			d.projectReason(sc, st, ReasonLoads, runner+" "+verb+" "+why+" ("+manifest+"), which Hookwarden does not follow")
		}
		return
	}
	if noSync {
		return
	}
	if build := d.uvBuild(sc, manifest); build != "" {
		what := "uv run syncs the project first and "
		if verb != "run" {
			what = "uv " + verb + " may sync the project, which "
		}
		d.projectReason(sc, st, ReasonLoads, what+build+", which Hookwarden does not follow")
	}
}

// pyLauncher handles what the Python launcher (py, pyw) chooses beyond
// the script: the launcher of Unix (python-launcher) runs the
// interpreter of a .venv in the folder or any folder above it, so each
// such folder of the project is watched by its listing (a .venv a pull
// adds reads as a change) and one there now is a reason; Windows's runs a
// script whose shebang names another program (#!/usr/bin/env node) with
// that program, found in PATH, so such a shebang is a reason.
func (d *discoverer) pyLauncher(st *syntax.Stmt, name string, args []cmdWord, sc *scope) {
	for _, start := range sc.cwds {
		for dir := start; within(dir, d.project); dir = filepath.Dir(dir) {
			venv := filepath.Join(dir, ".venv")
			if isDir(venv) || exists(venv) {
				d.projectReason(sc, st, ReasonLoads, name+" (the Python launcher) runs the interpreter of "+venv+", whose code and packages Hookwarden does not follow")
			} else {
				d.addListing(sc, venv, name+" launcher's environment")
			}
			if dir == d.project || filepath.Dir(dir) == dir {
				break
			}
		}
	}
	for _, a := range args {
		if !a.v.ok || strings.HasPrefix(a.v.text, "-") {
			if a.v.ok && (a.v.text == "-c" || a.v.text == "-m") {
				return
			}
			continue
		}
		for _, p := range d.resolve(sc, a.w, a.v.text) {
			text, err := readScriptText(p, 4096)
			if err != nil || !strings.HasPrefix(text, "#!") {
				continue
			}
			line, _, _ := strings.Cut(text[2:], "\n")
			f := strings.Fields(line)
			prog := ""
			if len(f) > 0 {
				prog = filepath.Base(f[0])
			}
			if prog == "env" && len(f) > 1 {
				prog = f[len(f)-1]
				for _, w := range f[1:] {
					if !strings.HasPrefix(w, "-") {
						prog = w
						break
					}
				}
			}
			if !versioned().MatchString(strings.TrimSuffix(filepath.Base(prog), ".exe")) {
				d.projectReason(sc, st, ReasonLoads, name+" (the Python launcher) runs "+filepath.Base(p)+" with the program its first line names ("+clip(strings.TrimSpace(line), 60)+"), which Hookwarden does not read as Python")
			}
		}
		return
	}
}

// uvRunFlags are uv run's options that take no value.
var uvRunFlags = set("--no-project", "--no-workspace", "--script", "-s", "--gui-script", "--module", "-m", "--isolated", "--no-sync",
	"--locked", "--frozen", "--no-config", "--no-env-file", "--all-extras", "--all-groups", "--all-packages", "--no-dev", "--dev", "--only-dev",
	"--no-default-groups", "--no-editable", "--exact", "--inexact", "--active", "--no-active", "--no-cache", "-n", "--offline", "--no-progress",
	"--native-tls", "--quiet", "--verbose", "--upgrade", "-U", "--reinstall", "--refresh", "--no-build-isolation", "--no-build",
	"--no-binary", "--compile-bytecode", "--no-sources", "--managed-python", "--no-managed-python", "--no-python-downloads", "--preview",
	"--no-preview", "--show-resolution", "--no-index", "--no-installer-metadata", "--no-color")

// uvShortFlags reports whether k is a run of uv's repeatable short flags
// (-q, -qq, -v, -vvv).
func uvShortFlags(k string) bool {
	return len(k) > 1 && k[0] == '-' && strings.Trim(k[1:], "qv") == ""
}

// uvScriptFlag reports whether uv run's options say its command is a
// Python script whatever its name (--script, -s, --gui-script).
func uvScriptFlag(opts []cmdWord) bool {
	for _, o := range opts {
		if o.v.ok && (o.v.text == "--script" || o.v.text == "-s" || o.v.text == "--gui-script") {
			return true
		}
	}
	return false
}

// uvEnvFile fingerprints the file uv run --env-file loads: its variables
// (PYTHONPATH, PYTHONSTARTUP …) change what the command runs, so it is a
// reason too. One named at run time is a reason alone.
func (d *discoverer) uvEnvFile(st *syntax.Stmt, sc *scope, cwds []string, v string) {
	if v == unknownVar || v == "" {
		d.incomplete(sc, st, ReasonComputed, "uv run loads an env file named at run time, whose variables change what it runs")
		return
	}
	for _, c := range cwds {
		p := v
		if !filepath.IsAbs(p) {
			p = filepath.Join(c, p)
		}
		if within(p, d.project) {
			d.addData(sc, filepath.Clean(p), "uv env file", FoundConfig)
		}
		d.projectReason(sc, st, ReasonLoads, "uv run loads the variables of "+filepath.Clean(p)+" (--env-file), which change what the command runs (PYTHONPATH and the like) and are not followed")
	}
}

// uvBuild says how uv's sync of the project at manifest runs the
// project's code ("" when it builds nothing: a virtual project, whose
// dependencies come from the index): its build backend, setup.py, a
// local source or a workspace member. A local build backend
// (backend-path) is followed as Python.
func (d *discoverer) uvBuild(sc *scope, manifest string) string {
	dir := filepath.Dir(manifest)
	if filepath.Base(manifest) == "setup.py" {
		return "runs setup.py to build and install the project"
	}
	text, err := readScriptText(manifest, maxFollowTotal)
	if err != nil {
		return "reads a pyproject.toml Hookwarden cannot read"
	}
	tables := tomlTables(text)
	var why []string
	if bs, ok := tables["build-system"]; ok {
		backend := tomlString(bs["build-backend"])
		why = append(why, "builds and installs it through its build backend ("+cmpOr(backend, "setuptools")+")")
		for _, p := range tomlStrings(bs["backend-path"]) {
			folder := filepath.Join(dir, p)
			if !within(folder, d.project) {
				continue
			}
			mod := strings.ReplaceAll(strings.SplitN(backend, ":", 2)[0], ".", string(filepath.Separator))
			for _, f := range []string{filepath.Join(folder, mod+".py"), filepath.Join(folder, mod, "__init__.py")} {
				if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() {
					d.add(sc, nil, f, "uv build backend", FoundModule, false, false)
				}
			}
		}
	}
	if exists(filepath.Join(dir, "setup.py")) {
		why = append(why, "runs setup.py")
	}
	uv := tables["tool.uv"]
	if tomlString(uv["package"]) == "true" {
		why = append(why, "builds the project as a package (tool.uv.package)")
	}
	if _, ok := tables["tool.uv.sources"]; ok {
		why = append(why, "installs the sources of tool.uv.sources (local paths and git are built)")
	}
	if _, ok := tables["tool.uv.workspace"]; ok {
		why = append(why, "installs the members of its workspace")
	}
	return strings.Join(why, "; ")
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// projectReason records a traceable reason standing for the project's
// own code (see UnresolvedCode.Project).
func (d *discoverer) projectReason(sc *scope, st *syntax.Stmt, kind ReasonKind, why string) {
	u := UnresolvedCode{Why: why, File: sc.file, Kind: kind, Traceable: kind.Traceable(), Project: true, Text: sc.text(st)}
	if !isNilNode(st) {
		u.Line, u.Column = int(st.Pos().Line()), int(st.Pos().Col())
	}
	if k := u.String(); !d.unseen[k] {
		d.unseen[k] = true
		d.out.Unresolved = append(d.out.Unresolved, u)
	}
}

// tomlTables reads the key = value lines of a TOML text by table (a
// reading enough for the keys above: a value spanning lines is kept from
// its first line on, up to a closing bracket).
func tomlTables(text string) map[string]map[string]string {
	out := map[string]map[string]string{"": {}}
	table := ""
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if l == "" || l[0] == '#' {
			continue
		}
		if strings.HasPrefix(l, "[") {
			table = strings.Trim(strings.TrimSpace(strings.SplitN(l, "#", 2)[0]), "[] ")
			if out[table] == nil {
				out[table] = map[string]string{}
			}
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		if !ok {
			continue
		}
		v = strings.TrimSpace(v)
		if strings.HasPrefix(v, "[") && !strings.Contains(v, "]") {
			for i+1 < len(lines) && !strings.Contains(v, "]") {
				i++
				v += " " + strings.TrimSpace(lines[i])
			}
		}
		out[table][strings.Trim(strings.TrimSpace(k), `"'`)] = v
	}
	return out
}

// tomlString is a TOML string value's text (a bare value as written).
func tomlString(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') {
		if end := strings.IndexByte(v[1:], v[0]); end >= 0 {
			return v[1 : 1+end]
		}
	}
	return strings.TrimSpace(strings.SplitN(v, "#", 2)[0])
}

// tomlStrings are the strings of a TOML array value.
func tomlStrings(v string) []string {
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, "[") {
		return nil
	}
	var out []string
	for _, part := range strings.Split(strings.Trim(v, "[] "), ",") {
		if s := tomlString(part); s != "" {
			out = append(out, s)
		}
	}
	return out
}
