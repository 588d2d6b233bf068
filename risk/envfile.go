package risk

import (
	"path"
	"strings"
)

// The agent's env file (its name is vocabulary: vocab.Outputs.EnvFiles)
// is sourced before every later command of the session. Its documented
// use is to put the project's and the user's tool folders on PATH (nvm,
// node_modules/.bin, ~/.local/bin): that is no finding. PATH entries
// elsewhere (/tmp), preloads (LD_PRELOAD, BASH_ENV, NODE_OPTIONS) and
// aliases change what every later command runs.

// envFileNames are the variables that name the agent's env file.
func (a *analyzer) envFileNames() []string {
	if a.hook.Outputs != nil {
		return a.hook.Outputs.EnvFiles
	}
	return a.opt.Agents.EnvFileVars
}

// mentionsEnvFile: the text names the agent's env file.
func (a *analyzer) mentionsEnvFile(text string) bool {
	for _, n := range a.envFileNames() {
		if strings.Contains(text, n) {
			return true
		}
	}
	return false
}

var (
	envLineVarRe = lazyRe(`(?:^|[\s;&|])(?:export\s+)?([A-Z_][A-Z0-9_]*)=("[^"]*"|'[^']*'|\S*)`)
	envPathVarRe = lazyRe(`^\$\{?PATH\}?$`)
)

// envFileRisk judges lines written to the env file: "" when they only set
// up tools, else the line that changes what later commands run.
func (a *analyzer) envFileRisk(content string) string {
	line, _ := a.envFileRiskEntry(content)
	return line
}

// envFileRiskEntry is envFileRisk with the PATH entry that made the line
// risky ("" when it was not a PATH entry: an alias, a preload).
func (a *analyzer) envFileRiskEntry(content string) (line, entry string) {
	// set are the variables the lines set, so that a PATH entry written
	// through one (PYENV_ROOT="$HOME/.pyenv"; PATH="$PYENV_ROOT/shims:…")
	// is judged by the folder it names.
	if a.envSet == nil {
		a.envSet = map[string]string{}
	}
	// what earlier writes of this hook set is in the file before these
	// lines (one echo per line is the usual way to write it)
	set := a.envSet
	for _, line := range strings.Split(content, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if aliasRe.MatchString(line) || envFuncRe.MatchString(line) {
			// an alias or a function redefines a command for every
			// later command (pyenv() { …; } shadows "$(pyenv root)")
			return line, ""
		}
		if !envFilePreloadRe.MatchString(line) {
			for _, m := range envLineVarRe.FindAllStringSubmatch(line, -1) {
				val := strings.Trim(m[2], `"'`)
				if old, ok := set[m[1]]; ok && old != val {
					// set twice to different folders: which one a later
					// line sees depends on an order not read here
					val = "$" + m[1]
				}
				set[m[1]] = val
				if toolRootVars[m[1]] {
					// a manager's root moved: its shims and programs
					// are looked up there by every later command
					if dir := codeEnvRef(expandSet(val, set)); dir != "" && !a.toolFolder(dir) && !a.toolFolder(dir+"/bin") && !inProject(dir+"/bin", a.hook.ProjectDir) && !inProjectTree(dir, a.hook.ProjectDir) {
						return line, dir
					}
				}
			}
			continue
		}
		for _, m := range envLineVarRe.FindAllStringSubmatch(line, -1) {
			name, val := m[1], strings.Trim(m[2], `"'`)
			if name != "PATH" {
				if envFilePreloadRe.MatchString(name + "=") {
					return line, ""
				}
				continue
			}
			for _, entry := range strings.Split(val, ":") {
				entry = codeEnvRef(expandSet(entry, set))
				if entry != "" && !envPathVarRe.MatchString(entry) && !a.toolFolder(entry) && !inProject(entry, a.hook.ProjectDir) && !inProjectTree(entry, a.hook.ProjectDir) && !toolRootEntry(entry, set) {
					return line, entry
				}
			}
		}
	}
	return "", ""
}

// projectToolRel: rel is, below a project's root, a package manager's
// folder of programs (node_modules/.bin, vendor/bin, bin, a virtual
// environment's bin), as inProject judges it.
func projectToolRel(rel string) bool {
	return rel != "" && !strings.HasPrefix(rel, "/") && inProject("/p/"+rel, "/p")
}

// unknownRootToolEntry: a PATH entry the shell folded from a root known
// only at run time followed by a project's tool folder ("$CWD/node_modules/.bin"
// with CWD read from somewhere): the unknown part folds to nothing, so
// the entry reads as that folder at the root of the file system.
func unknownRootToolEntry(entry string) bool {
	rel, ok := strings.CutPrefix(path.Clean(entry), "/")
	return ok && projectToolRel(rel)
}

// expandSet replaces a leading $NAME or ${NAME} of entry with the value
// an earlier line of the env file gave it (once: no recursion).
func expandSet(entry string, set map[string]string) string {
	m := envLeadVarRe.FindStringSubmatch(entry)
	if m == nil {
		return entry
	}
	name := m[1] + m[2]
	if v, ok := set[name]; ok && !strings.Contains(v, "$"+name) {
		return v + entry[len(m[0]):]
	}
	return entry
}

// envFuncRe: a shell function definition.
var envFuncRe = lazyRe(`^(?:function\s+[A-Za-z_][\w.:-]*|[A-Za-z_][\w.:-]*\s*\(\s*\))\s*(?:\{|\(|$)`)

var envLeadVarRe = lazyRe(`^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))`)

// inProject: dir is a package manager's folder of programs in the
// project (node_modules/.bin, vendor/bin, bin, or the bin folder of a
// virtual environment, a folder named for one: .venv, venv, .adk_env),
// written with the project's path the hook expanded before writing the
// line ("scripts/.." taken out first: the folder it names counts).
func inProject(dir, projectDir string) bool {
	if projectDir == "" || !strings.HasPrefix(dir, "/") {
		return false
	}
	dir = path.Clean(dir)
	rel, ok := strings.CutPrefix(dir, strings.TrimSuffix(path.Clean(projectDir), "/")+"/")
	if !ok || strings.Contains(rel, "..") {
		return false
	}
	switch rel {
	case "node_modules/.bin", "vendor/bin", "bin", ".bin":
		return true
	}
	env, ok := strings.CutSuffix(rel, "/bin")
	return ok && !strings.Contains(env, "/") && strings.Contains(strings.ToLower(env), "env")
}

// inProjectTree: dir is a folder below the project's, none of it hidden, written
// with the project's path the hook expanded before writing the line: the
// project's own programs, as "$CLAUDE_PROJECT_DIR/scripts" written
// unexpanded is (toolFolder). No ".." out of it.
func inProjectTree(dir, projectDir string) bool {
	if projectDir == "" || !strings.HasPrefix(dir, "/") || strings.Contains(dir, "..") {
		return false
	}
	root := strings.TrimSuffix(path.Clean(projectDir), "/")
	d := path.Clean(dir)
	rel, ok := strings.CutPrefix(d, root+"/")
	if root == "" || !ok {
		return false
	}
	// a hidden folder (.claude/bin, .git/x) is no folder of the project's
	// programs but one that shadows them out of sight
	for _, seg := range strings.Split(rel, "/") {
		if strings.HasPrefix(seg, ".") {
			return false
		}
	}
	return true
}

// toolHomeRe: a tool's own folder in the home folder, where its installer
// puts its programs (~/.dotnet, ~/.fly, ~/.foundry): one hidden folder,
// not one that holds other things (caches, settings, credentials).
var toolHomeRe = lazyRe(`^\.(?:[a-z][a-z0-9_-]*)$`)

var notToolHome = map[string]bool{".cache": true, ".config": true, ".ssh": true, ".aws": true, ".gnupg": true, ".tmp": true, ".local": true, ".kube": true, ".docker": true}

// agentHome: ~/rest is an agent's own folder (it holds one of the
// agents' files): its settings and credentials, never a tool's programs.
func (a *analyzer) agentHome(rest string) bool {
	for _, files := range [][]AgentFile{a.opt.Agents.Config, a.opt.Agents.Credentials} {
		for _, f := range files {
			if p, ok := strings.CutPrefix(f.Path, "~/"); ok && (p == rest || strings.HasPrefix(p, rest+"/")) {
				return true
			}
		}
	}
	return false
}

// toolFolder: a folder of the project's or the user's tools (the
// project's through the agents' project variables, $PWD or ".").
func (a *analyzer) toolFolder(dir string) bool {
	d := strings.TrimSuffix(dir, "/")
	projectDirs := []string{"$PWD", "${PWD}", "$(pwd)", "."}
	for _, v := range a.opt.Agents.ProjectVars {
		projectDirs = append(projectDirs, "$"+v, "${"+v+"}")
	}
	for _, p := range projectDirs {
		if d == p || strings.HasPrefix(d, p+"/") {
			return !strings.Contains(d, "..")
		}
	}
	if !strings.HasPrefix(d, "/") && !strings.HasPrefix(d, "$") && !strings.HasPrefix(d, "~") {
		return !strings.Contains(d, "..") // relative: in the project
	}
	for _, p := range []string{"~", "$HOME", "${HOME}"} {
		if strings.HasPrefix(d, p+"/") {
			rest := d[len(p)+1:]
			return !strings.Contains(rest, "..") && (strings.HasSuffix(rest, "bin") || strings.HasSuffix(rest, "shims") ||
				strings.HasPrefix(rest, ".nvm/") || strings.HasPrefix(rest, ".local/") || strings.HasPrefix(rest, ".cargo/") ||
				strings.HasPrefix(rest, "go/") || strings.HasPrefix(rest, ".volta/") || strings.HasPrefix(rest, ".bun/") ||
				strings.HasPrefix(rest, ".deno/") || strings.HasPrefix(rest, ".pyenv/") || strings.HasPrefix(rest, ".rbenv/") ||
				strings.HasPrefix(rest, ".asdf/") || strings.HasPrefix(rest, ".sdkman/") || toolHomeRe.MatchString(rest) && !notToolHome[rest] && !a.agentHome(rest))
		}
	}
	for _, p := range []string{"/usr/local/", "/usr/", "/opt/", "/bin", "/sbin", "/nix/", "/snap/", "/home/linuxbrew/"} {
		if strings.HasPrefix(d, p) {
			return !strings.Contains(d, "..")
		}
	}
	return false
}

// codeEnvRefRe: a script's own spelling, inside a template literal or an
// f-string, of a variable, the working folder or the home folder
// (`${process.env.CLAUDE_PROJECT_DIR}`, {os.environ["HOME"]},
// ${process.cwd()}, {Path.home()}) at the start of a PATH entry.
var codeEnvRefRe = lazyRe(`^\$?\{\s*(?:process\.env\.([A-Za-z_][A-Za-z0-9_]*)|process\.env\[['"]([A-Za-z_][A-Za-z0-9_]*)['"]\]|os\.environ\[['"]([A-Za-z_][A-Za-z0-9_]*)['"]\]|os\.(?:environ\.get|getenv)\(\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*\)|(process\.cwd\(\)|os\.getcwd\(\)|Path\.cwd\(\))|((?:os\.)?homedir\(\)|Path\.home\(\)|os\.path\.expanduser\(['"]~['"]\)))\s*\}`)

// codeEnvRef rewrites such a start as the shell spells it ($NAME, $PWD,
// $HOME), so the folder is judged as the same line written by echo.
func codeEnvRef(entry string) string {
	m := codeEnvRefRe.FindStringSubmatchIndex(entry)
	if m == nil {
		return entry
	}
	repl := ""
	for g := 1; g <= 4; g++ {
		if m[2*g] >= 0 {
			repl = "$" + entry[m[2*g]:m[2*g+1]]
		}
	}
	if m[10] >= 0 {
		repl = "$PWD"
	}
	if m[12] >= 0 {
		repl = "$HOME"
	}
	return repl + entry[m[1]:]
}

// toolRootQueries are the commands a tool manager answers with the
// folder it installs programs under, with the variable that moves that
// folder ("" when none does): "$(pyenv root)/shims" on PATH is the
// user's tools, as "$HOME/.pyenv/shims" is.
var toolRootQueries = map[string]string{
	"pyenv root": "PYENV_ROOT", "rbenv root": "RBENV_ROOT", "nodenv root": "NODENV_ROOT", "goenv root": "GOENV_ROOT",
	"brew --prefix": "HOMEBREW_PREFIX", "go env GOPATH": "GOPATH", "go env GOBIN": "GOBIN",
	"npm prefix -g": "NPM_CONFIG_PREFIX", "npm config get prefix": "NPM_CONFIG_PREFIX", "npm bin -g": "NPM_CONFIG_PREFIX",
	"yarn global bin": "PREFIX", "pnpm bin -g": "PNPM_HOME", "python3 -m site --user-base": "PYTHONUSERBASE",
	"python -m site --user-base": "PYTHONUSERBASE", "gem env gemdir": "GEM_HOME", "rustup which cargo": "CARGO_HOME",
}

// toolRootVars are the variables of toolRootQueries: a line that sets
// one moves where that manager's programs are found.
var toolRootVars = func() map[string]bool {
	m := map[string]bool{}
	for _, v := range toolRootQueries {
		if v != "" && v != "PREFIX" {
			m[v] = true
		}
	}
	return m
}()

// toolRootQueryRe: a PATH entry that starts with a command's output.
var toolRootQueryRe = lazyRe(`^\$\(\s*([^()$;&|<>` + "`" + `]+?)\s*\)(/[^$]*)?$`)

// brewFormulaRe: brew --prefix of one formula (its own keg).
var brewFormulaRe = lazyRe(`^brew --prefix [a-z0-9][a-z0-9@._+-]*$`)

// toolRootEntry: entry is a folder below a tool manager's own root, as
// the manager prints it (toolRootQueries), with no ".." and the root not
// moved by a variable the same lines set.
func toolRootEntry(entry string, set map[string]string) bool {
	m := toolRootQueryRe.FindStringSubmatch(entry)
	if m == nil || strings.Contains(m[2], "..") {
		return false
	}
	q := strings.Join(strings.Fields(m[1]), " ")
	if brewFormulaRe.MatchString(q) {
		q = "brew --prefix"
	}
	v, ok := toolRootQueries[q]
	if !ok {
		return false
	}
	_, moved := set[v]
	return v == "" || !moved
}
