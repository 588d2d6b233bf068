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
	// Title is how the agent names a hook in lists: Gemini's name or
	// command, a Claude Code handler's command, URL, MCP tool or prompt.
	Title(h *hooks.Hook) string
	// Details are the facts of a hook that only this agent has (an "if"
	// rule, hydrated values, a plugin), in display order, for the detail
	// pane: fields of one Label form one row.
	Details(h *hooks.Hook) []Field
	// HookDocument are the members of a hook's object in the list
	// document, in order; members every agent has are Slot fields the
	// face fills in (see Document).
	HookDocument(h *hooks.Hook) Document
	// Watch are the files and folders whose change calls for opening
	// the project again.
	Watch() []string

	Planner
	Reviewer
	Switch
	DryRunner
}

// ListNoter is a Project that says more about some hooks under their row
// of the list (optional).
type ListNoter interface {
	// ListNotes are the lines under the hook's row ("" lines are not
	// printed; nil for none).
	ListNotes(h *hooks.Hook) []string
}

// FileNoter is a Project with findings about its files that neither its
// Diagnostics nor its Layers' notes hold (optional): a store it cannot
// use, what a skipped file means in Hookwarden's demo project.
type FileNoter interface {
	// FileNotes are those findings in display order; demo says the
	// project is a copy of the demo (assets.Demo).
	FileNotes(demo bool) []hooks.Diagnostic
}

// Layer is one file an agent reads hooks, or their trust, from.
type Layer struct {
	// Layer names the settings layer ("user", "project", "extension",
	// "plugin", …); "" for a file that holds no hooks (a trust file, .env).
	Layer settingsio.Layer `json:"layer"`
	// Kind is the badge of the row in the views: the layer, or "trust",
	// "env"; Label tells files of one kind apart (an extension's or a
	// plugin's name, a trust file's role; "" for none).
	Kind  string `json:"kind"`
	Label string `json:"label,omitempty"`
	// Owner is the extension or plugin the file belongs to ("" for none).
	Owner string `json:"owner,omitempty"`
	// File is the settings or hooks file with its state, for the list
	// document's layers; nil for a row that is not a hooks file of its
	// own (a trust file, .env, a plugin's inline hooks, a missing plugin).
	File *settingsio.File `json:"-"`
	// Path is the file shown (the manifest or folder when there is no
	// hooks file); Exists whether it is on disk.
	Path   string `json:"path"`
	Exists bool   `json:"exists"`
	// State is the file's condition and Note the reason or the error with
	// line and column ("" when there is nothing to say).
	State FileState `json:"state"`
	Note  string    `json:"note,omitempty"`
	// Hooks is the number of hooks configured in the file.
	Hooks int `json:"hooks"`
	// Reviewed says whether Hookwarden reviews this layer's hooks before
	// they run (project-controlled layers).
	Reviewed bool `json:"reviewed"`
}

// FileState is the condition of a Layer's file.
type FileState string

// File states.
const (
	// FileOK: read (Note may say what it holds).
	FileOK FileState = "ok"
	// FileMissing: not on disk; the agent treats it as empty (Note may
	// say more).
	FileMissing FileState = "missing"
	// FileIgnored: on disk, but the agent does not read it (Note says why).
	FileIgnored FileState = "ignored"
	// FileBroken: cannot be read or parsed, or is a fault (Note says what).
	FileBroken FileState = "broken"
	// FileAbsent: the layer has no file at all here (Note says why).
	FileAbsent FileState = "absent"
)

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
	// Heading are the facts a face shows above the hooks, in order: the
	// project ("project"), the folder trust ("folder_trust"), whether hooks
	// run ("hooks").
	Heading []Fact `json:"heading"`
	// Sources are what brings hook files besides the settings layers (the
	// extensions, the plugins, a .env file), for the list's table.
	Sources []Source `json:"sources,omitempty"`
	// Files says in a sentence which files Layers lists, for the views.
	Files string `json:"files"`
	// Facts are further agent-specific facts of the project as a whole
	// (managed policy, plugins, redirected homes), in display order.
	Facts []Field `json:"facts,omitempty"`
	// Document are the members of the list document, in order: the
	// agent's own, and Slot fields for those every agent has ("project",
	// "layers", "hooks", "diagnostics"), which the face fills in.
	Document Document `json:"-"`
}

// Fact returns the heading fact of a key (the zero Fact when none).
func (s Summary) Fact(key string) Fact {
	for _, f := range s.Heading {
		if f.Key == key {
			return f
		}
	}
	return Fact{}
}

// Fact is one fact of a project's heading, as the list prints it and as
// the window's header says it.
type Fact struct {
	Key string `json:"key"`
	// Label and Cells are the list's line: the label, then the columns
	// ("Folder", "trusted", "the rule …"); More are lines under it.
	Label string `json:"label"`
	// Title names the fact in the window's header when that differs from
	// the list's Label ("Folder trust" for the list's "Folder"; "" = Label).
	Title string   `json:"-"`
	Cells []string `json:"cells"`
	More  []string `json:"more,omitempty"`
	// Text is the fact in a sentence for the views; the files it names
	// in full are Paths, which a view may shorten.
	Text  string   `json:"text"`
	Paths []string `json:"paths,omitempty"`
	// OK is true when the fact is good news (hooks are reviewed and run
	// as configured).
	OK bool `json:"ok"`
}

// Source is an extension, a plugin or another file that brings hooks or
// their values, as the list's table names it.
type Source struct {
	// Kind and Name name it ("extension", "lint"); Path is its folder or
	// file ("" when there is none) and State its state in the agent's
	// words ("active", "disabled", "missing: not installed").
	Kind  string `json:"kind"`
	Name  string `json:"name,omitempty"`
	Path  string `json:"path"`
	State string `json:"state"`
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
	// Code says the value is code or a path (shown monospaced, escaped);
	// Lines that its line breaks are kept (a multi-line command), where
	// otherwise they are shown escaped.
	Code  bool `json:"code,omitempty"`
	Lines bool `json:"lines,omitempty"`
	// Slot marks a member of a Document that the face fills in.
	Slot bool `json:"-"`
}

// ProjectFact is a summary heading's project: the folder, with the agent
// that reads it ("Codex CLI 0.171.0").
func ProjectFact(dir, agent string) Fact {
	return Fact{Key: "project", Label: "Project", Cells: []string{dir + " (" + agent + ")"}, Text: dir, OK: true}
}

// TrustFact is a summary heading's folder trust ("Folder", titled "Folder
// trust"): ft, read from paths, good news when ok.
func TrustFact(ft FolderTrust, ok bool, paths ...string) Fact {
	return Fact{Key: "folder_trust", Label: "Folder", Title: "Folder trust", Cells: []string{ft.State, ft.Reason}, Text: ft.State + " — " + ft.Reason,
		Paths: paths, OK: ok}
}

// HooksFact is a summary heading's hooks: on, as on says how they run;
// or, when off says why ("" when they are on), off, switched off in
// paths.
func HooksFact(on, off string, paths ...string) Fact {
	if off != "" {
		return Fact{Key: "hooks", Label: "Hooks", Cells: []string{"off (" + off + ")"}, Text: "off — " + off, Paths: paths}
	}
	return Fact{Key: "hooks", Label: "Hooks", Cells: []string{"on"}, Text: "on — " + on, OK: true}
}

// SummaryDocument is an agent's summary document: the agent, the project,
// the agent's own members, then the layers, hooks and diagnostics.
func SummaryDocument(agent string, own ...Field) Document {
	d := Document{Member("agent", agent), Slot("project")}
	d = append(d, own...)
	return append(d, Slot("layers"), Slot("hooks"), Slot("diagnostics"))
}

// HookSlots is a hook's object in the list document (HookDocument): the
// members every agent has, which the face fills in, then the agent's own.
func HookSlots(own ...Field) Document {
	d := Document{Slot("id"), Slot("event"), Slot("matcher"), Slot("type"), Slot("command"), Slot("origin"), Slot("file"),
		Slot("line"), Slot("column"), Slot("json_path"), Slot("status"), Slot("reason")}
	return append(d, own...)
}
