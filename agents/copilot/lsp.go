package copilot

import (
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
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
// git root: the farther ones fail closed.

const lspWhen = "when the model calls Copilot CLI's lsp tool on a file of its fileExtensions (observed: without asking, even in a folder Copilot does not trust)"

// loadLSP adds the language servers of the .github/lsp.json files of dirs
// to p.Commands.
func (p *project) loadLSP(dirs []string) {
	// $VAR, ${VAR} and ${VAR:-default} in the file are Copilot's own
	// (observed: "${HOME}/srv.sh" ran the home's srv.sh): expanded here
	// from the environment, and a $ left over is a variable set at run time
	kit := claudeschema.Commands{Agent: Name, Key: "lspServers", Kind: hooks.KindLanguageServer, Script: "bash",
		Expand: claudeschema.Expander(p.env.Lookup), LiveVars: true}
	for _, dir := range dirs {
		f := claudeschema.ReadSettings(layerRepository, filepath.Join(dir, ".github", "lsp.json"))
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
