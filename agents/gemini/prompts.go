package gemini

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

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
	cmds, files := claudeschema.Commands{Agent: Name, Templates: []string{".toml"}, Inject: "@{", Args: "{{args}}", Workspace: s.ProjectDir, InjectDirs: r.includeDirectories()}.PromptTemplates(settingsio.LayerWorkspace,
		filepath.Join(s.ProjectDir, ".gemini", "commands"), "!{",
		"when you type its /command (observed, 0.61.0): Gemini CLI asks first showing the command line, not what a script it names holds; with --yolo, or a policy that allows the command, it runs it without asking", off)
	for _, h := range cmds {
		h.Ext = &HookFacts{Source: sourceProject, Unwatched: claudeschema.InjectUnwatched(h)}
		if h.Status == hooks.StatusRuns {
			h.Gate = "Gemini CLI's confirmation of the command line (none with --yolo)"
		}
		r.Commands = append(r.Commands, h)
	}
	r.promptFiles = files
	r.collectReachingPromptCommands(trusted)
}

// collectReachingPromptCommands adds the custom commands of the user's own
// (<home>/.gemini/commands, loaded in every folder) and of the active
// extensions (their commands/, loaded in a trusted folder), as Gemini CLI
// 0.61.0's FileCommandLoader lists them, that inject a relative @{path}
// and run the shell step: Gemini looks the path up in the project's
// workspace folders, and the !{…} written in the project's file runs
// (observed: TestLiveGeminiUserCommandRunsAProjectFilesShell, a user's
// `Explain @{README.md} with a focus on {{args}}` ran the README's
// !{touch …}). The project decides what such a command runs: it is
// reviewed for the project like a hook of the user's that reaches the
// project's code, the files it injects its value.
func (r *Registry) collectReachingPromptCommands(trusted bool) {
	s := r.Snapshot
	if s.ProjectDir == "" || s.Paths.GeminiDir == "" {
		return
	}
	type place struct {
		layer    settingsio.Layer
		dir, ext string
	}
	places := []place{{settingsio.LayerUser, filepath.Join(s.Paths.GeminiDir, "commands"), ""}}
	if trusted {
		for _, e := range s.Extensions {
			if e.Active {
				places = append(places, place{settingsio.LayerExtension, filepath.Join(e.Path, "commands"), e.Name})
			}
		}
	}
	kit := claudeschema.Commands{Agent: Name, Templates: []string{".toml"}, Inject: "@{", Args: "{{args}}", Workspace: s.ProjectDir, InjectDirs: r.includeDirectories()}
	for _, pl := range places {
		if pl.layer == settingsio.LayerUser && s.Paths.Workspace != "" && filepath.Join(s.ProjectDir, geminiDirName, "commands") == pl.dir {
			continue
		}
		cmds, files := kit.ReachingTemplates(pl.layer, pl.dir, "!{",
			"when you type its /command in this project (observed, 0.61.0): Gemini CLI asks first showing the command line, not what a script it names holds; with --yolo, or a policy that allows the command, it runs it without asking")
		for i, h := range cmds {
			h.Origin.Extension = pl.ext
			h.Ext = &HookFacts{Source: sourceProject, Unwatched: claudeschema.InjectUnwatched(h),
				ProjectControlled: "a custom command of your own that injects " + strings.Join(claudeschema.Reaches(h), ", ") + " from the project's folders: the !{…} written there run"}
			if h.Status == hooks.StatusRuns {
				h.Gate = "Gemini CLI's confirmation of the command line (none with --yolo)"
			}
			r.Commands = append(r.Commands, h)
			if !slices.Contains(r.promptFiles, files[i]) {
				r.promptFiles = append(r.promptFiles, files[i])
			}
		}
	}
}

// includeDirectories are the workspace folders Gemini CLI 0.61.0 adds
// after the project from its merged settings' context.includeDirectories
// (CONCAT, in merge order: system defaults, user, workspace, system; a
// workspace file Gemini ignores is left out), each as its resolvePath
// makes it (~ and %userprofile% are its home, then normalized; relative
// to the project). It looks a custom command's relative @{path} up in the
// project first, then in these, then in the folders it is given when it
// starts (--include-directories, an IDE's workspace folders), the last
// of which Hookwarden cannot know.
func (r *Registry) includeDirectories() []string {
	return claudeschema.IncludeDirectories(r.Snapshot.Settings, r.Snapshot.Paths.Home, r.Snapshot.ProjectDir, nil)
}

// collectAgentServers adds the MCP servers of the project's subagents to
// r.Commands. Gemini CLI 0.61.0 (AgentRegistry.loadAgents) reads every
// <project>/.gemini/agents/*.md (a file, not starting with "_") in a
// trusted folder; a subagent registers once the user acknowledged the
// file (its sha256 in ~/.gemini/acknowledgments/agents.json), and the
// servers of its frontmatter "mcp_servers" start when the model invokes
// it (observed with the kit's bundle: invoke_agent ran the server's
// `bash .gemini/srv.sh`). The acknowledgement covers the file, not the
// scripts its servers run: each server is reviewed like a settings MCP
// server, the scripts fingerprinted; a frontmatter Hookwarden cannot read
// is an invalid entry whose value is the file's text.
func (r *Registry) collectAgentServers(trusted bool) {
	s := r.Snapshot
	if s.ProjectDir == "" || s.Paths.Workspace == "" {
		return
	}
	r.agentServersIn(settingsio.LayerWorkspace, filepath.Join(s.ProjectDir, ".gemini", "agents"), trusted,
		"when the model invokes the subagent (observed, 0.61.0): Gemini CLI asks you to acknowledge the agent file once (its sha256), not the scripts its servers run")
	// The user's own subagents (<home>/.gemini/agents) start their servers
	// in the project folder too (observed:
	// TestLiveGeminiStartsAUserSubagentsServerInTheProject, `bash srv.sh`
	// ran the project's srv.sh, no acknowledgement asked): reviewed for the
	// project when they reach its code (reachingHooks).
	if user := filepath.Join(s.Paths.GeminiDir, "agents"); s.Paths.GeminiDir != "" && user != filepath.Join(s.ProjectDir, ".gemini", "agents") {
		r.agentServersIn(settingsio.LayerUser, user, true, "when the model invokes your subagent, in the project folder (observed, 0.61.0)")
	}
}

// agentServersIn adds the MCP servers of the subagent files of dir (a
// file, not starting with "_"), of layer, to r.Commands.
func (r *Registry) agentServersIn(layer settingsio.Layer, dir string, trusted bool, when string) {
	ents, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		f := &settingsio.File{Layer: layer, Path: dir, Exists: true, Err: &settingsio.ParseError{Path: dir, Line: 1, Column: 1, Msg: "cannot read the subagents folder: " + err.Error()}}
		r.addAgentServers(f, claudeschema.Commands{Agent: Name}.Unreadable(f, hooks.KindMCPServer, "MCP servers"), trusted)
		return
	}
	kit := claudeschema.Commands{Agent: Name, Key: "mcp_servers"}
	for _, e := range ents {
		path := filepath.Join(dir, e.Name())
		if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() || strings.HasPrefix(e.Name(), "_") || !strings.HasSuffix(e.Name(), ".md") {
			continue
		}
		f := claudeschema.ReadFrontmatter(layer, path)
		if f == nil {
			continue
		}
		if f.Err != nil {
			r.addAgentServers(f, kit.Unreadable(f, hooks.KindMCPServer, "MCP servers"), trusted)
			continue
		}
		hs := kit.Servers(f, when, false)
		for _, h := range hs {
			r.addAgentServers(f, h, trusted)
		}
	}
}

// addAgentServers adds h, a server of the subagent file f, with Gemini's
// gate, and keeps f for the approval's unchanged-on-disk check.
func (r *Registry) addAgentServers(f *settingsio.File, h *hooks.Hook, trusted bool) {
	h.Ext = &HookFacts{Source: sourceProject}
	switch {
	case h.Status != "":
	case !trusted:
		h.Status, h.Reason = hooks.StatusBlockedUntrustedFolder, "the folder is not trusted: Gemini CLI loads no subagent of the project"
	default:
		h.Status, h.Reason = hooks.StatusRuns, "runs "+h.When
		if f.Layer == settingsio.LayerWorkspace {
			h.Gate = "Gemini CLI's acknowledgement of the agent file (its hash), not of what its servers run"
		}
	}
	r.Commands = append(r.Commands, h)
	if !slices.Contains(r.promptFiles, f) {
		r.promptFiles = append(r.promptFiles, f)
	}
}
