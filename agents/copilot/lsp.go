package copilot

import (
	"path/filepath"
	"regexp"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Copilot CLI 1.0.102 also starts the language servers a project names in
// .github/lsp.json ({"lspServers": {name: {command, args | bash, cwd, env,
// fileExtensions, …}}}). Observed with copilot-live (a server that writes
// a marker): it starts one when the model calls its lsp tool on a file of
// the server's extensions, without asking, and in a folder it does not
// trust as well (no trustedFolders, no --trust-folder); "bash" runs as
// bash -c in "cwd", taken from the project folder; from a subfolder of a
// git work tree the subfolder's file was read and the root's was not; a
// plain .lsp.json was not read. Each server is reviewed like an MCP server
// of the project, from every folder between the session folder and the
// git root: the farther ones fail closed. Copilot starts a server in the
// git root (the session folder outside git) joined with its "rootUri",
// its "cwd" relative to that (observed: "rootUri": "sub" ran in sub/, with
// "cwd": "x" in sub/x/; the server of sub2/.github/lsp.json, started in
// sub2/, ran in the git root), so its scripts are followed from there.

const lspWhen = "when the model calls Copilot CLI's lsp tool on a file of its fileExtensions (observed: without asking, even in a folder Copilot does not trust)"

// loadLSP adds the language servers of the user's own
// ~/.copilot/lsp-config.json and of the .github/lsp.json files of dirs to
// p.Commands. Copilot starts a user's server in the git root too
// (observed: TestLiveStartsAUserLanguageServerInTheProject, "sh srv.sh"
// ran the project's srv.sh): it is reviewed for the project when it
// reaches the project's code (reachingHooks).
func (p *project) loadLSP(dirs []string) {
	// $VAR, ${VAR} and ${VAR:-default} in the file are Copilot's own
	// (observed: "${HOME}/srv.sh" ran the home's srv.sh): expanded here
	// from the environment, and a $ left over is a variable set at run time
	kit := claudeschema.Commands{Agent: Name, Key: "lspServers", Kind: hooks.KindLanguageServer, Script: "bash",
		Expand: lspExpander(p.env.Lookup), LiveVars: true}
	files := []*settingsio.File{claudeschema.ReadSettings(layerUser, filepath.Join(p.Paths.CopilotHome, "lsp-config.json"))}
	for _, dir := range dirs {
		files = append(files, claudeschema.ReadSettings(layerRepository, filepath.Join(dir, ".github", "lsp.json")))
	}
	for _, f := range files {
		if !f.Exists && f.Err == nil {
			continue
		}
		p.mcp.lsp = append(p.mcp.lsp, f)
		for _, h := range kit.Running(f, lspWhen, "") {
			p.diags = append(p.diags, h.Diagnostics...)
			p.Commands = append(p.Commands, h)
		}
	}
}

// varDefault is ${VAR:-default} with a default that names no variable.
var varDefault = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*):-([^}$]*)\}`)

// lspExpander expands $VAR, ${VAR} and ${VAR:-default} as Copilot does in
// lsp.json (observed: "rb-${HWX:-dflt}.txt" with HWX unset made
// rb-dflt.txt, "rb2-$HWY.txt" rb2-.txt): a variable set in the
// environment (not empty, for the default form) takes its value; one
// that is not is left as written, so what it names stays unwatched (it
// may be set where Copilot runs), as claudeschema.Expander leaves $VAR.
func lspExpander(lookup func(string) (string, bool)) func(string) string {
	rest := claudeschema.Expander(lookup)
	return func(s string) string {
		s = varDefault.ReplaceAllStringFunc(s, func(m string) string {
			if v, ok := lookup(varDefault.FindStringSubmatch(m)[1]); ok && v != "" {
				return v
			}
			return m
		})
		return rest(s)
	}
}

// lspRoot is the folder Copilot starts the language server h in before
// its "cwd": the git root (else the session folder) joined with its
// rootUri, expanded as the file is (path.join: an absolute rootUri stays
// below the root).
func (p *project) lspRoot(h *hooks.Hook) string {
	root := p.Paths.RepoRoot
	if uri := h.Node.Get("rootUri"); uri.Is(settingsio.String) && uri.Str != "" && uri.Str != "." {
		return agents.RunFolder(root, "."+string(filepath.Separator)+lspExpander(p.env.Lookup)(uri.Str))
	}
	return root
}
