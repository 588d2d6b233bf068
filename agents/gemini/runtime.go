package gemini

import (
	"path/filepath"
	"slices"

	"github.com/hookwarden/hookwarden/trust"
)

// projectVars are the variables Gemini CLI sets to the project folder for
// a hook, and replaces in the command's text (unbraced) before bash sees it.
var projectVars = []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"}

// quoteProjectDir is how Gemini CLI writes the project folder into a
// hook's command text (expandCommand, bash): a folder named
// `p $(bash x.sh) q` becomes '…/p $(bash x.sh) q', which "$GEMINI_PROJECT_DIR/h.sh"
// then runs (observed with the oracle, Gemini CLI 0.61.0).
func quoteProjectDir(dir string) string { return escapeShellArg(dir, shellBash) }

// scriptRuntime is how Gemini CLI runs a hook command, for discovery: bash
// -c, its project variables, and the .env files it may load into its
// environment (every hook inherits them): .gemini/.env and .env of every
// folder from the project up to the one whose file it loads now, else up
// to the home, present or not (findEnvFile walks up, so a file a pull adds
// to a monorepo's root is loaded when Gemini starts in a subfolder), with
// the variables the file it loads now applies when it is not the user's
// own; the hooks' git commands read the user's git configuration too.
func scriptRuntime(snap *Project) trust.Runtime {
	rt := trust.Runtime{Dialect: trust.DialectBash, ProjectVars: projectVars, TextVars: projectVars, TextQuote: quoteProjectDir}
	if snap == nil {
		return rt
	}
	rt.Git = snap.Git
	e := snap.EnvFile
	for dir := filepath.Clean(snap.ProjectDir); snap.Paths.Home == "" || dir != filepath.Clean(snap.Paths.Home); dir = filepath.Dir(dir) {
		here := []string{filepath.Join(dir, geminiDirName, ".env"), filepath.Join(dir, ".env")}
		rt.EnvFiles = append(rt.EnvFiles, here...)
		if e != nil && slices.Contains(here, filepath.Clean(e.Path)) || filepath.Dir(dir) == dir {
			break
		}
	}
	if e != nil && !e.UserOwned {
		rt.Env = map[string]string{}
		for _, a := range e.Applied {
			rt.Env[a.Key] = a.Value
		}
	}
	return rt
}
