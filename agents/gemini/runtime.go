package gemini

import (
	"path/filepath"

	"github.com/hookwarden/hookwarden/trust"
)

// projectVars are the variables Gemini CLI sets to the project folder for
// a hook, and replaces in the command's text (unbraced) before bash sees it.
var projectVars = []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"}

// scriptRuntime is how Gemini CLI runs a hook command, for discovery: bash
// -c, its project variables, and the .env files of the project it loads
// into its environment (every hook inherits them): .gemini/.env and .env
// in the project folder, present or not, and the file it loads now when
// that is in the project, with the variables it applies; the hooks' git
// commands read the user's git configuration too.
func scriptRuntime(snap *Snapshot) trust.Runtime {
	rt := trust.Runtime{Dialect: trust.DialectBash, ProjectVars: projectVars, TextVars: projectVars}
	if snap == nil {
		return rt
	}
	rt.Git = snap.Git
	rt.EnvFiles = []string{filepath.Join(snap.ProjectDir, ".gemini", ".env"), filepath.Join(snap.ProjectDir, ".env")}
	if e := snap.EnvFile; e != nil && e.InProject {
		rt.EnvFiles = append(rt.EnvFiles, e.Path)
		rt.Env = map[string]string{}
		for _, a := range e.Applied {
			rt.Env[a.Key] = a.Value
		}
	}
	return rt
}
