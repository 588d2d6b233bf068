package agents

import (
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Project is what one agent reads for one project folder: a snapshot
// value, read by Agent.Open. Its methods that write files (Approve,
// Toggle, SetFolderTrust, …) do not change the snapshot; open the project
// again to see their effect.
type Project interface {
	// Agent is the agent that read it.
	Agent() Info
	// Dir is the project folder (absolute) as the agent keys it.
	Dir() string
	// Summary is the project as a whole: folder trust, global switches,
	// what the agent says about it.
	Summary() Summary
	// Layers are the files the hooks come from, in the agent's precedence
	// order (lowest first), each with its state; Unreadable are those that
	// exist but cannot be read or parsed.
	Layers() []Layer
	Unreadable() []settingsio.FileError
	// Hooks are every hook of every layer in the neutral model, valid or
	// not, with status and reason; hooks Hookwarden disabled by moving them
	// out of a file are listed with status disabled.
	Hooks() []*hooks.Hook
	// Diagnostics are the findings about files and hooks, with file,
	// line and column (those of a hook also sit in its Diagnostics).
	Diagnostics() []hooks.Diagnostic
	// Details are the facts of a hook that only this agent has (an "if"
	// rule, a trust key, a plugin), for the detail pane and the JSON
	// documents, in display order.
	Details(h *hooks.Hook) []Field
	// Watch are the files and folders whose change calls for opening
	// the project again.
	Watch() []string

	Planner
	Reviewer
	Switch
	FolderTruster
	DryRunner
}

// Layer is one file an agent reads hooks from.
type Layer struct {
	// Layer names the layer ("user", "project", "extension", "plugin", …).
	Layer settingsio.Layer `json:"layer"`
	// Label says it in words ("user settings", "plugin foo@market").
	Label string `json:"label"`
	// Owner is the extension or plugin the file belongs to ("" for none).
	Owner string `json:"owner,omitempty"`
	// File is the file with its state (missing, read, parse error).
	File *settingsio.File `json:"-"`
	// Path is File's path; Exists, Error its state for JSON documents.
	Path   string `json:"path"`
	Exists bool   `json:"exists"`
	Error  string `json:"error,omitempty"`
	// Note says what the agent does with the file beyond reading it
	// ("ignored: the folder is not trusted").
	Note string `json:"note,omitempty"`
	// Reviewed says whether Hookwarden reviews this layer's hooks before
	// they run (project-controlled layers).
	Reviewed bool `json:"reviewed"`
}

// Summary is a project as a whole.
type Summary struct {
	// RepoRoot is the root of the git work tree holding the project ("" if none).
	RepoRoot string `json:"repo_root,omitempty"`
	// FolderTrust is the agent's own trust of the folder, in the neutral
	// form (Supported false when the agent has none).
	FolderTrust FolderTrust `json:"folder_trust"`
	// HooksOff says the agent runs no hook at all here, and why ("" when
	// hooks run).
	HooksOff string `json:"hooks_off,omitempty"`
	// Facts are further agent-specific facts of the project as a whole
	// (managed policy, plugins, redirected homes), in display order.
	Facts []Field `json:"facts,omitempty"`
	// Document holds the agent-specific members of the list document
	// (JSON), merged into it at the top level.
	Document map[string]any `json:"-"`
}

// Field is one labelled fact for a view or a document.
type Field struct {
	// Key is the JSON member name ("if", "trust_key").
	Key string `json:"key"`
	// Label is the name in the views ("If rule", "Trust key").
	Label string `json:"label"`
	// Value is the fact in words, as shown; JSON is the value for a
	// document (nil: Value).
	Value string `json:"value"`
	JSON  any    `json:"-"`
	// Code says the value is code or a path (shown monospaced, escaped).
	Code bool `json:"code,omitempty"`
}
