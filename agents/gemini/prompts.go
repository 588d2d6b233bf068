package gemini

import (
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// collectPromptCommands adds the shell commands of the project's custom
// commands to r.Commands. Gemini CLI 0.61.0 (FileCommandLoader) loads
// every <project>/.gemini/commands/**/*.toml (dot folders and links
// included) in a trusted folder, unless the project is the home folder;
// the !{…} commands of a command's "prompt" (braces balanced) run with
// its shell in the project folder when the user types the /command.
// Observed with the kit's bundle: `gemini -p /sub:go --yolo` ran them
// without asking; without --yolo headless Gemini refuses ("Blocked by
// policy") and the terminal UI asks, showing the command line, not the
// script it runs. The whole file is the approved value (any change needs
// review) and the scripts the commands run are fingerprinted. A prompt
// that injects files (@{path}) and runs the shell step (it holds !{ or
// {{args}}) runs the !{…} commands written in those files too (observed:
// `@{docs/notes.md} for {{args}}` ran the notes' !{touch …}): each such
// file's text is part of the value.
func (r *Registry) collectPromptCommands(trusted bool) {
	s := r.Snapshot
	if s.ProjectDir == "" || s.Paths.Workspace == "" {
		return
	}
	off := ""
	if !trusted {
		off = "the folder is not trusted: Gemini CLI loads no custom command of the project"
	}
	cmds, files := claudeschema.Commands{Agent: Name, Templates: []string{".toml"}, Inject: "@{", Args: "{{args}}", Workspace: s.ProjectDir}.PromptTemplates(settingsio.LayerWorkspace,
		filepath.Join(s.ProjectDir, ".gemini", "commands"), "!{",
		"when you type its /command (observed, 0.61.0): Gemini CLI asks first showing the command line, not what a script it names holds; with --yolo, or a policy that allows the command, it runs it without asking", off)
	for _, h := range cmds {
		h.Ext = &HookFacts{Source: sourceProject}
		if h.Status == hooks.StatusRuns {
			h.Gate = "Gemini CLI's confirmation of the command line (none with --yolo)"
		}
		r.Commands = append(r.Commands, h)
	}
	r.promptFiles = files
}
