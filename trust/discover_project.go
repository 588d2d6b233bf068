package trust

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/tailscale/hujson"
	"mvdan.cc/sh/v3/syntax"
)

// What a command reaches of the project's own code beyond the scripts it
// names: a package binary of the project's node_modules that a package
// runner picks first, the configuration files a tool loads as code
// (eslint.config.js, conftest.py), the project's tests a test runner
// imports, a project file handed to a program Hookwarden does not know.
// For a hook of the project these are more of what it runs; for a hook of
// the user's own settings (`make -s format`, `npx prettier --write`) they
// are what makes it the project's to decide (Discovery.ProjectCode).

// FoundLocalBin: a program of the project's node_modules/.bin that a
// package runner (npx, pnpm exec, …) runs before any other of the name.
const FoundLocalBin Found = "local-bin"

// FoundToolConfig: a configuration file a tool reads from the project
// and loads as code (a JavaScript or Python config, a conftest.py) or
// that names code it loads (plugins).
const FoundToolConfig Found = "tool-config"

// FoundArgument: a project file handed to a program Hookwarden does not
// know, which may run it.
const FoundArgument Found = "argument"

// localBin is the project's node_modules/.bin/NAME that a package runner
// finds first from the shell's folders (walking up, within the project),
// each that exists.
func (d *discoverer) localBin(sc *scope, w *syntax.Word, name, via string) {
	if name == "" || strings.HasPrefix(name, "-") || strings.ContainsAny(name, "/\\") && !scopedPackage(name) {
		return
	}
	// npx prettier@3 runs the local one only when it fits; both are the
	// project's to decide. npx @scope/pkg runs the bin of its name, or
	// the one bin of the package installed under node_modules/@scope/pkg.
	pkg, bin := packageName(name), packageBin(name)
	for _, start := range sc.cwds {
		for dir := start; within(dir, d.project); dir = filepath.Dir(dir) {
			found := false
			if fi, err := os.Stat(filepath.Join(dir, "node_modules", ".bin", bin)); err == nil && fi.Mode().IsRegular() {
				d.add(sc, w, filepath.Join(dir, "node_modules", ".bin", bin), via, FoundLocalBin, false, false)
				found = true
			}
			if manifest := filepath.Join(dir, "node_modules", filepath.FromSlash(pkg), "package.json"); exists(manifest) {
				d.addData(sc, manifest, via+" package", FoundConfig)
				found = true
			}
			if found || dir == d.project || filepath.Dir(dir) == dir {
				break
			}
		}
	}
}

// codeLoader is a tool that loads code of the project it runs in: the
// configuration files it looks for (nearest first, walking up from its
// folder within the project), and whether it always runs the project's
// own code besides (a test runner imports the tests).
type codeLoader struct {
	configs []string
	// runsProject: it runs the project's code whatever the configs say
	// (tests, build scripts, task files).
	runsProject string
	// sub: only these subcommands load code (go run); nil: any. Only for
	// a tool whose subcommands are a closed set (go fails on one it does
	// not know).
	sub map[string]bool
	// inert: the tool's subcommands are open, and these are the ones known
	// to run none of the project's code; any other loads it. Cargo runs an
	// alias of the project's .cargo/config.toml or a cargo-NAME program
	// (cargo harness: `[alias] harness = "run --bin harness --"` builds
	// and runs the project), dotnet a local tool or MSBuild (pack,
	// publish, restore), and every bundle command evaluates the Gemfile.
	inert map[string]bool
	// aliasFiles are the files, found like configs, where the tool's
	// aliases live; an alias can shadow an inert subcommand that is not
	// built in (cargo's fmt is the program cargo-fmt: `[alias] fmt = "run
	// --bin evil"` runs the project, cargo 1.95 checked). Each is listed,
	// so one a pull adds reads as new; where one exists, the subcommands
	// of aliasable load the project's code too.
	aliasFiles []string
	aliasable  map[string]bool
}

var jsConfig = func(base ...string) []string {
	var out []string
	for _, b := range base {
		for _, ext := range []string{".js", ".cjs", ".mjs", ".ts", ".cts", ".mts"} {
			out = append(out, b+ext)
		}
	}
	return out
}

// codeLoaders are tools, by program name, that load the project's code
// from their configuration (facts about the tools, not about an agent).
var codeLoaders = map[string]codeLoader{
	"prettier": {configs: append(jsConfig("prettier.config", ".prettierrc"),
		".prettierrc", ".prettierrc.json", ".prettierrc.json5", ".prettierrc.yaml", ".prettierrc.yml", ".prettierrc.toml", "package.json")},
	"eslint":      {configs: append(jsConfig("eslint.config", ".eslintrc"), ".eslintrc", ".eslintrc.json", ".eslintrc.yaml", ".eslintrc.yml", "package.json")},
	"stylelint":   {configs: append(jsConfig("stylelint.config", ".stylelintrc"), ".stylelintrc", ".stylelintrc.json", ".stylelintrc.yaml", ".stylelintrc.yml", "package.json")},
	"lint-staged": {configs: append(jsConfig("lint-staged.config", ".lintstagedrc"), ".lintstagedrc", ".lintstagedrc.json", ".lintstagedrc.yaml", ".lintstagedrc.yml", "package.json")},
	"commitlint":  {configs: append(jsConfig("commitlint.config", ".commitlintrc"), ".commitlintrc", ".commitlintrc.json", ".commitlintrc.yaml", ".commitlintrc.yml", "package.json")},
	"tsc":         {configs: []string{"tsconfig.json"}},
	"jest":        {configs: append(jsConfig("jest.config"), "jest.config.json", "package.json"), runsProject: "runs the project's tests"},
	"vitest":      {configs: jsConfig("vitest.config", "vite.config", "vitest.workspace"), runsProject: "runs the project's tests"},
	"mocha":       {configs: append(jsConfig(".mocharc"), ".mocharc.json", ".mocharc.yaml", ".mocharc.yml", "package.json"), runsProject: "runs the project's tests"},
	"vite":        {configs: jsConfig("vite.config")},
	"webpack":     {configs: jsConfig("webpack.config")},
	"rollup":      {configs: jsConfig("rollup.config")},
	"babel":       {configs: append(jsConfig("babel.config", ".babelrc"), ".babelrc", "babel.config.json", "package.json")},
	"pytest":      {configs: []string{"conftest.py", "pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"}, runsProject: "imports the project's tests and their conftest.py files"},
	"py.test":     {configs: []string{"conftest.py", "pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg"}, runsProject: "imports the project's tests and their conftest.py files"},
	"mypy":        {configs: []string{"mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg"}},
	"pylint":      {configs: []string{".pylintrc", "pylintrc", "pyproject.toml", "setup.cfg", "tox.ini"}},
	"flake8":      {configs: []string{".flake8", "setup.cfg", "tox.ini"}},
	"tox":         {configs: []string{"tox.ini", "pyproject.toml", "setup.cfg"}, runsProject: "installs and tests the project"},
	"nox":         {configs: []string{"noxfile.py"}, runsProject: "runs the project's noxfile.py"},
	"pre-commit":  {configs: []string{".pre-commit-config.yaml"}, runsProject: "runs the hooks of the project's .pre-commit-config.yaml (local hooks are the project's code)"},
	"cargo": {configs: []string{"Cargo.toml", "build.rs", ".cargo/config.toml", ".cargo/config"}, runsProject: "builds the project (build.rs, procedural macros) or runs an alias or cargo-NAME program",
		// cargo --list (1.95): the built-in commands that build nothing; a
		// built-in command cannot be aliased. fmt is the program cargo-fmt.
		inert: set("", "add", "clean", "config", "fetch", "generate-lockfile", "help", "info", "init", "locate-project", "login", "logout", "metadata",
			"new", "owner", "pkgid", "read-manifest", "remove", "rm", "report", "search", "tree", "uninstall", "update", "vendor", "verify-project",
			"version", "yank", "fmt"),
		aliasFiles: []string{".cargo/config.toml", ".cargo/config"}, aliasable: set("fmt")},
	"go":      {configs: []string{"go.mod"}, runsProject: "builds and runs the project's code", sub: set("run", "test", "generate", "build", "install", "vet", "tool")},
	"gradle":  {configs: []string{"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"}, runsProject: "runs the project's build scripts"},
	"mvn":     {configs: []string{"pom.xml", ".mvn/maven.config", ".mvn/jvm.config"}, runsProject: "runs the project's build (plugins)"},
	"rake":    {configs: []string{"Rakefile", "rakefile", "Rakefile.rb"}, runsProject: "runs the project's Rakefile"},
	"just":    {configs: []string{"justfile", "Justfile", ".justfile"}, runsProject: "runs the project's justfile recipes"},
	"task":    {configs: []string{"Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml"}, runsProject: "runs the project's Taskfile tasks"},
	"bundle":  {configs: []string{"Gemfile", ".bundle/config"}, runsProject: "loads the project's Gemfile", inert: set("", "version", "help")},
	"rspec":   {configs: []string{".rspec", "spec/spec_helper.rb"}, runsProject: "runs the project's specs"},
	"phpunit": {configs: []string{"phpunit.xml", "phpunit.xml.dist"}, runsProject: "runs the project's tests"},
	"dotnet": {configs: []string{"Directory.Build.props", "Directory.Build.targets", ".config/dotnet-tools.json"}, runsProject: "builds the project (MSBuild targets) or runs a local tool",
		inert: set("", "help", "nuget", "sdk")},
	// Linters and formatters that load their configuration as code, or run
	// plugins and rules it names (atk's HOLE 1: a .markdownlint-cli2.cjs a
	// pull adds ran under a trusted hook).
	"markdownlint-cli2": {configs: append(jsConfig(".markdownlint-cli2", ".markdownlint"), ".markdownlint-cli2.jsonc", ".markdownlint-cli2.yaml",
		".markdownlint.jsonc", ".markdownlint.json", ".markdownlint.yaml", ".markdownlint.yml", "package.json"),
		runsProject: "reads the configuration (JavaScript too) and custom rules of every folder it lints"},
	"markdownlint": {configs: append(jsConfig(".markdownlint"), ".markdownlint.jsonc", ".markdownlint.json", ".markdownlint.yaml", ".markdownlint.yml", ".markdownlintrc")},
	"cspell": {configs: append(jsConfig("cspell.config", ".cspell.config"), "cspell.json", ".cspell.json", "cSpell.json", ".cSpell.json", "cspell.jsonc", ".cspell.jsonc",
		"cspell.yaml", ".cspell.yaml", "cspell.yml", ".cspell.yml", "cspell.config.json", "cspell.config.yaml", "cspell.config.yml", ".config/cspell.json", "package.json")},
	"dprint": {configs: []string{"dprint.json", ".dprint.json", "dprint.jsonc", ".dprint.jsonc", ".config/dprint.json", ".config/dprint.jsonc"},
		runsProject: "runs the plugins its configuration names (downloaded, process plugins too)"},
	"vale":  {configs: []string{".vale.ini", "_vale.ini", "vale.ini"}, runsProject: "runs the script rules of the styles its configuration names"},
	"biome": {configs: []string{"biome.json", "biome.jsonc", ".biome.json", ".biome.jsonc"}},
}

// loadsProjectCode handles a tool that loads the project's code (see
// codeLoaders): each configuration file it would find is listed (a
// JavaScript or Python one followed into its imports), and discovery is
// incomplete for what the tool loads beyond them (plugins its config
// names, the project's tests). ok is false when name is no such tool.
func (d *discoverer) loadsProjectCode(st *syntax.Stmt, name string, args []cmdWord, sc *scope) bool {
	if name == "gradlew" || name == "mvnw" {
		name = strings.TrimSuffix(name, "w")
	}
	l, ok := codeLoaders[name]
	if !ok {
		return false
	}
	if l.sub != nil || l.inert != nil {
		sub, known := "", true
		for _, a := range args {
			if !a.v.ok {
				known = false // a subcommand known only at run time
				break
			}
			if !strings.HasPrefix(a.v.text, "-") && !strings.HasPrefix(a.v.text, "+") {
				sub = a.v.text
				break
			}
		}
		if l.sub != nil && known && !l.sub[sub] {
			return true // go version: none of the project's code runs
		}
		if l.inert != nil && known && l.inert[sub] && !(l.aliasable[sub] && d.aliased(sc, l.aliasFiles, name)) {
			return true // cargo tree, bundle version: none of the project's code runs
		}
	}
	if sc.cwds == nil {
		d.incomplete(sc, st, ReasonComputed, name+" loads the configuration of a folder known only at run time")
		return true
	}
	found := false
	for _, start := range sc.cwds {
		for _, cfg := range l.configs {
			for dir := start; within(dir, d.project); dir = filepath.Dir(dir) {
				p := filepath.Join(dir, cfg)
				if d.cache.exists(p) {
					found = true
					if scriptLang(p, "") != "" {
						d.add(sc, nil, p, name+" config", FoundToolConfig, false, false) // followed into its imports
					} else {
						d.addData(sc, p, name+" config", FoundToolConfig)
					}
					break
				}
				if dir == d.project || filepath.Dir(dir) == dir {
					break
				}
			}
		}
	}
	// The project files it is handed (go run harness.go, pytest
	// tests/test_x.py) are its input and, for these tools, often code.
	for _, a := range args {
		if !a.v.ok || a.v.glob || a.v.text == "" || strings.HasPrefix(a.v.text, "-") {
			continue
		}
		for _, p := range d.resolve(sc, a.w, a.v.text) {
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && within(p, d.project) && d.followable(p) {
				d.addData(sc, physical(p), "argument of "+name, FoundArgument)
			}
		}
	}
	why := ""
	switch {
	case l.runsProject != "":
		why = name + " " + l.runsProject + ", which Hookwarden does not follow"
	case found:
		why = name + " loads the project's configuration as code (and the plugins and files it names), which Hookwarden follows only in part"
	}
	if why != "" {
		u := UnresolvedCode{Why: why, File: sc.file, Kind: ReasonLoads, Traceable: true, Project: true, Text: sc.text(st)}
		if !isNilNode(st) {
			u.Line, u.Column = int(st.Pos().Line()), int(st.Pos().Col())
		}
		if k := u.String(); !d.unseen[k] {
			d.unseen[k] = true
			d.out.Unresolved = append(d.out.Unresolved, u)
		}
	}
	return true
}

// aliased lists the alias files of a tool (found from the scope's folders
// up to the project's root, like its configs; one that appears after the
// approval is listed then and reads as new) and reports whether one
// exists, or the folder is known only at run time.
func (d *discoverer) aliased(sc *scope, files []string, name string) bool {
	if sc.cwds == nil {
		return true
	}
	found := false
	for _, start := range sc.cwds {
		for _, f := range files {
			for dir := start; within(dir, d.project); dir = filepath.Dir(dir) {
				if p := filepath.Join(dir, f); d.cache.exists(p) {
					d.addData(sc, p, name+" aliases", FoundToolConfig)
					found = true
				}
				if dir == d.project || filepath.Dir(dir) == dir {
					break
				}
			}
		}
	}
	return found
}

// inertPrograms are programs that do not run a file they are handed
// (they read, copy, print, compare, hash, format or send it): a project
// file among their arguments is data to them.
var inertPrograms = set("cat", "tac", "head", "tail", "less", "more", "wc", "sort", "uniq", "cut", "tr", "grep", "egrep", "fgrep", "rg", "ag", "ack",
	"diff", "cmp", "comm", "stat", "file", "ls", "cp", "mv", "rm", "ln", "mkdir", "rmdir", "touch", "chmod", "chown", "chgrp", "dirname", "basename",
	"realpath", "readlink", "tee", "date", "sleep", "true", "false", "yes", "md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum",
	"shasum", "b2sum", "cksum", "md5", "base64", "base32", "xxd", "od", "hexdump", "strings", "tar", "gzip", "gunzip", "zcat", "bzip2", "bunzip2", "xz",
	"unxz", "zstd", "zip", "unzip", "jq", "yq", "gojq", "jaq", "git", "mktemp", "du", "df", "fold", "fmt", "nl", "paste", "join", "split", "csplit",
	"column", "iconv", "dos2unix", "unix2dos", "patch", "install", "truncate", "shred", "sync", "printenv", "which", "whereis", "curl", "wget",
	"notify-send", "say", "afplay", "paplay", "aplay", "pbcopy", "pbpaste", "xclip", "xsel", "wl-copy", "terminal-notifier", "tput", "logger",
	"shellcheck", "shfmt", "black", "ruff", "isort", "autopep8", "yapf", "gofmt", "goimports", "rustfmt", "clang-format", "yamllint",
	"taplo", "actionlint", "hadolint", "codespell", "typos",
	"sha256", "gpg", "envsubst", "awk", "test", "[", "expr", "seq", "printf", "echo", "stty", "tty", "id", "whoami", "uname",
	"hostname", "pwd", "nproc", "basenc", "numfmt", "look", "rev", "shuf", "tsort", "ptx", "pr", "expand", "unexpand", "sum", "mkfifo",
	"mknod", "chattr", "lsattr", "setfacl", "getfacl", "lsof",
	// they read the process table or convert a path: no file of their
	// working folder is loaded (tree is not here: -o writes a file)
	"ps", "cygpath")

// Not in inertPrograms, though they were once taken to read only what
// they are handed: markdownlint, markdownlint-cli2, cspell, dprint, vale
// and biome load configuration of the project as code or run plugins it
// names (codeLoaders); openssl loads engines a -config file names; code,
// cursor and subl open the folder with its workspace settings and tasks.

// handedProjectFile: a program Hookwarden does not know, handed an
// existing file of the project (devbox run -- ./scripts/x.sh, with
// ./scripts/x.sh a word after "--", or any other argument), may run it:
// the file is fingerprinted, and discovery is incomplete for what the
// program does with it. A program known to only read its arguments
// (inertPrograms) is not.
func (d *discoverer) handedProjectFile(st *syntax.Stmt, name string, args []cmdWord, sc *scope) {
	if inertPrograms[name] || shellBuiltins[name] || sc.cwds == nil {
		return
	}
	for _, a := range args {
		if !a.v.ok || a.v.glob || a.v.text == "" || a.v.text == "--" {
			continue
		}
		t := a.v.text
		if strings.HasPrefix(t, "-") {
			_, v, ok := strings.Cut(t, "=")
			if !ok || !strings.ContainsRune(v, '/') {
				continue
			}
			t = v // --config=./x.js
		}
		for _, p := range d.resolve(sc, a.w, t) {
			if !d.followable(p) || !within(p, d.project) {
				continue
			}
			if fi, err := os.Stat(p); err != nil || !fi.Mode().IsRegular() {
				continue
			}
			p = physical(p)
			key := p + "\x00argument of " + name
			if !d.seen[key] {
				d.seen[key] = true
				d.out.Scripts = append(d.out.Scripts, ScriptRef{Word: sc.text(a.w), Path: p, Via: "argument of " + name, How: FoundArgument, From: sc.file})
			}
			u := UnresolvedCode{Why: name + " is handed " + p + ", a file of the project, and Hookwarden does not know whether " + name + " runs it",
				File: sc.file, Kind: ReasonPrograms, Traceable: true, Project: true, Text: sc.text(st)}
			if !isNilNode(st) {
				u.Line, u.Column = int(st.Pos().Line()), int(st.Pos().Col())
			}
			if k := u.String(); !d.unseen[k] {
				d.unseen[k] = true
				d.out.Unresolved = append(d.out.Unresolved, u)
			}
		}
	}
}

// ProjectCode lists what of project's own code the command runs or loads,
// as the paths of its project files and the reasons that stand for
// project code no file names ("pytest imports the project's tests"):
// empty for a command that runs nothing of the project. The agent's env
// files and watched files, which every hook of the agent gets, are not
// counted (they are the project's hold on the agent, not on this hook).
func (d Discovery) ProjectCode(project string) []string {
	project = filepath.Clean(project)
	var out []string
	seen := map[string]bool{}
	for _, s := range d.Scripts {
		if s.How == FoundEnvFile || s.Via == "agent file" || seen[s.Path] {
			continue
		}
		if within(s.Path, project) {
			seen[s.Path] = true
			out = append(out, s.Path)
		}
	}
	for _, u := range d.Unresolved {
		if u.Project || u.File != "" && within(u.File, project) {
			if !seen["\x00"+u.Why] {
				seen["\x00"+u.Why] = true
				out = append(out, u.Why)
			}
		}
	}
	return out
}

// runtimeConfigs are, per interpreter, the project files it reads on its
// own before the script (found from the shell's folder up to the
// project's root) and that change what it loads: Bun's bunfig.toml
// (preload), Deno's deno.json (an import map can point any import, even
// a relative one, elsewhere).
var runtimeConfigs = map[string][]string{
	"bun":  {"bunfig.toml"},
	"deno": {"deno.json", "deno.jsonc"},
}

// importPathVars are, per interpreter family, the variables that add
// folders its imports are looked up in before its own.
var importPathVars = map[string][]string{
	"python": {"PYTHONPATH", "PYTHONHOME", "PYTHONUSERBASE"},
	"js":     {"NODE_PATH"},
}

// runtimeConfig fingerprints the configuration an interpreter reads from
// the project by itself, and makes the discovery incomplete where it
// exists (what it preloads or remaps is not followed) or where a
// variable adds import folders.
func (d *discoverer) runtimeConfig(st *syntax.Stmt, name string, sc *scope, rc runCtx) {
	for _, cfg := range runtimeConfigs[name] {
		for _, start := range sc.cwds {
			for dir := start; within(dir, d.project); dir = filepath.Dir(dir) {
				p := filepath.Join(dir, cfg)
				if d.cache.exists(p) {
					d.addData(sc, p, name+" config", FoundConfig)
					if !denoConfigInert(p) {
						d.incomplete(sc, st, ReasonLoads, p+" configures "+name+" (what it preloads, how it maps imports), which Hookwarden does not follow")
					}
					break
				}
				if dir == d.project || filepath.Dir(dir) == dir {
					break
				}
			}
		}
	}
	lang := scriptLang("", name)
	if name == "bun" || name == "deno" {
		lang = "" // they read no NODE_PATH
	}
	for _, v := range importPathVars[lang] {
		if value, set := rc.getEnv(sc, v); set && value != "" {
			d.incomplete(sc, st, ReasonLoads, v+" makes "+name+" import from folders Hookwarden does not follow")
		}
	}
}

// denoInertKeys are deno.json members that do not change what deno run
// loads.
var denoInertKeys = set("$schema", "name", "version", "exports", "tasks", "fmt", "lint", "test", "bench", "lock", "publish", "exclude", "include")

// denoConfigInert reports whether a deno.json(c) holds only members that
// do not change what a script loads (a file of another name, or one that
// cannot be read, is not).
func denoConfigInert(path string) bool {
	if base := filepath.Base(path); base != "deno.json" && base != "deno.jsonc" {
		return false
	}
	text, err := readScriptText(path, maxFollowTotal)
	if err != nil {
		return false
	}
	std, err := hujson.Standardize([]byte(text))
	if err != nil {
		return false
	}
	var doc map[string]json.RawMessage
	if json.Unmarshal(std, &doc) != nil {
		return false
	}
	for k := range doc {
		if !denoInertKeys[k] {
			return false
		}
	}
	return true
}

// gitNoHookCommands are git's subcommands known to run no client-side
// hook: they read the repository and update no ref and no index. Every
// other one may (pre-commit, post-checkout, pre-push, post-index-change,
// sendemail-validate, and reference-transaction on any ref update: fetch,
// tag, branch, update-ref, …), so the list is of those that do not, and a
// subcommand Hookwarden does not know — or one chosen at run time — counts
// as running hooks (gitRunsHooks).
var gitNoHookCommands = set("status", "log", "diff", "show", "rev-parse", "ls-files", "ls-tree", "ls-remote", "cat-file", "blame",
	"annotate", "describe", "grep", "shortlog", "rev-list", "for-each-ref", "show-ref", "config", "version", "help", "var",
	"check-ignore", "check-attr", "check-ref-format", "diff-files", "diff-index", "diff-tree", "name-rev", "merge-base",
	"hash-object", "count-objects", "whatchanged", "format-patch", "range-diff", "cherry", "archive", "verify-commit", "verify-tag")

// gitRunsHooks reports whether git's subcommand sub ("" = chosen at run
// time) may run a client-side hook.
func gitRunsHooks(sub string) bool { return !gitNoHookCommands[sub] }

// gitSafeConfig are configuration keys (lower case, or a prefix ending in
// ".") that `git -c` may set without naming a program git runs or a file
// it reads as configuration.
var gitSafeConfig = []string{"color.", "advice.", "core.quotepath", "core.autocrlf", "core.safecrlf", "user.name", "user.email", "log.", "status.",
	"diff.renames", "diff.noprefix", "init.defaultbranch", "safe.directory", "pager.status=false", "column.", "i18n.", "format.pretty"}

// gitConfig: git reads configuration that names programs it runs
// (core.fsmonitor on every status, core.pager, diff.external, filters,
// textconv, aliases with !, core.sshCommand, gpg.program) from the
// repository's .git/config and every file its include.path and
// includeIf.*.path name — which may be a tracked file of the work tree,
// so a pull can change it (atk's HOLE 5). Each such file of the project
// is fingerprinted (one that appears later is named); `git -c` setting
// anything but a known harmless key makes the hook incomplete.
func (d *discoverer) gitConfig(st *syntax.Stmt, args []cmdWord, sc *scope) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !a.v.ok {
			break
		}
		if a.v.text != "-c" && !strings.HasPrefix(a.v.text, "--config-env") {
			if !strings.HasPrefix(a.v.text, "-") {
				break
			}
			continue
		}
		val := ""
		if i+1 < len(args) && args[i+1].v.ok {
			val = strings.ToLower(args[i+1].v.text)
		}
		safe := false
		for _, k := range gitSafeConfig {
			if strings.HasPrefix(val, k) {
				safe = true
			}
		}
		if !safe {
			d.incomplete(sc, st, ReasonPrograms, "git -c sets configuration ("+clip(val, 60)+") that may name a program or a file git runs, which Hookwarden does not follow")
		}
		i++
	}
	for _, cwd := range sc.cwds {
		for dir := cwd; ; dir = filepath.Dir(dir) {
			gitDir := filepath.Join(dir, ".git")
			if isDir(gitDir) {
				if within(dir, d.project) || within(d.project, dir) {
					d.gitIncludes(sc, filepath.Join(gitDir, "config"), 0)
				}
				break
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
}

// gitIncludes fingerprints the files of the project a git configuration
// file includes (include.path, includeIf.*.path; relative to the file's
// folder), and what they include in turn.
func (d *discoverer) gitIncludes(sc *scope, cfg string, depth int) {
	if depth > 10 {
		return
	}
	text, err := readScriptText(cfg, maxFollowTotal)
	if err != nil {
		return
	}
	section := ""
	for _, line := range strings.Split(text, "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "[") {
			section = strings.ToLower(strings.TrimSpace(strings.Trim(l, "[]")))
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "path") || !strings.HasPrefix(section, "include") {
			continue
		}
		p := strings.Trim(strings.TrimSpace(v), `"`)
		if p == "" || strings.HasPrefix(p, "~") {
			continue // the home's: not the project's
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(cfg), p)
		}
		p = filepath.Clean(p)
		if !within(p, d.project) {
			continue
		}
		d.addData(sc, p, "git config include", FoundConfig)
		d.gitIncludes(sc, p, depth+1)
	}
}

// clip shortens s to n bytes for a message.
func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
