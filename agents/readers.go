package agents

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/hookwarden/hookwarden/hooks"
)

// FileSharer is an Agent that reads settings files another agent owns
// (optional): GitHub Copilot CLI runs the hooks of Claude Code's
// .claude/settings.json with its own semantics. SharesFile says, from the
// path alone, whether the agent may read the file at path for the
// project folder dir, so that the faces open the agent only for such
// files; Readers then asks the agent's own Project (Layers, Hooks) what it
// makes of the file. An agent that is not a FileSharer is asked about
// every file (its Layers are authoritative either way).
type FileSharer interface {
	SharesFile(dir, path string) bool
}

// FileReader is one agent that reads a settings file, with the file's
// state and what the agent does with each of its hooks.
type FileReader struct {
	// Agent and Title name the agent.
	Agent string `json:"agent"`
	Title string `json:"title"`
	// State is the file's state in the agent's eyes and Note why (a file
	// it does not load in an untrusted folder reads "ignored").
	State FileState `json:"state"`
	Note  string    `json:"note,omitempty"`
	// Hooks are the statuses the agent gives the file's hooks, by their
	// place "line:column" (the handler object's place in the file).
	Hooks map[string]HookUse `json:"-"`
}

// HookUse is what one agent does with one hook of a shared file.
type HookUse struct {
	Agent  string       `json:"agent"`
	Title  string       `json:"title"`
	Status hooks.Status `json:"status"`
	Reason string       `json:"reason,omitempty"`
	Event  hooks.Event  `json:"event"`
}

// Readers says, for a project folder, which registered agents read each
// settings file: every agent of r opens dir (read only) and each file of
// its Layers that holds hooks counts, with its state and the status the
// agent gives each hook. An agent that cannot open the folder is left
// out, with its error in errs. Files are keyed by FileKey.
func Readers(ctx context.Context, r *Registry, env Env, dir string, files []string) (map[string][]FileReader, []error) {
	out := map[string][]FileReader{}
	var errs []error
	if r == nil {
		return out, nil
	}
	keys := FileKeys{}
	for _, a := range r.All() {
		if fs, ok := a.(FileSharer); ok {
			any := false
			for _, f := range files {
				if fs.SharesFile(dir, f) {
					any = true
					break
				}
			}
			if !any {
				continue
			}
		}
		p, err := a.Open(ctx, env, dir)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", a.Info().Title, err))
			continue
		}
		info := a.Info()
		byFile := map[string]map[string]HookUse{}
		for _, h := range p.Hooks() {
			if !h.IsHook() {
				continue
			}
			f := keys.Of(h.Origin.File)
			if byFile[f] == nil {
				byFile[f] = map[string]HookUse{}
			}
			place := fmt.Sprintf("%d:%d", h.Origin.Line, h.Origin.Column)
			if _, dup := byFile[f][place]; !dup {
				byFile[f][place] = HookUse{Agent: info.Name, Title: info.Title, Status: h.Status, Reason: h.Reason, Event: h.Event}
			}
		}
		for _, l := range DocumentLayers(p.Layers()) {
			if !l.Exists {
				continue
			}
			f := keys.Of(l.Path)
			out[f] = append(out[f], FileReader{Agent: info.Name, Title: info.Title, State: l.State, Note: l.Note, Hooks: byFile[f]})
		}
	}
	return out, errs
}

// HookReaders are the agents of readers that run the hook h of a shared
// file: each with its status of the hook at h's place (the file's state
// when the agent has no hook there).
func HookReaders(readers map[string][]FileReader, h *hooks.Hook) []HookUse {
	return FileKeys{}.HookReaders(readers, h)
}

// FileKeys remembers the FileKey of each path, so that the hooks of one
// file resolve its links once, not once per hook (a list of 100,000
// hooks spent a fifth of its time in EvalSymlinks).
type FileKeys map[string]string

// Of is FileKey(path), once per path.
func (k FileKeys) Of(path string) string {
	key, ok := k[path]
	if !ok {
		key = FileKey(path)
		k[path] = key
	}
	return key
}

// HookReaders is HookReaders with the keys remembered in k.
func (k FileKeys) HookReaders(readers map[string][]FileReader, h *hooks.Hook) []HookUse {
	out := []HookUse{}
	place := fmt.Sprintf("%d:%d", h.Origin.Line, h.Origin.Column)
	for _, fr := range readers[k.Of(h.Origin.File)] {
		if u, ok := fr.Hooks[place]; ok {
			out = append(out, u)
			continue
		}
		out = append(out, HookUse{Agent: fr.Agent, Title: fr.Title, Status: hooks.Status(fr.State), Reason: fr.Note})
	}
	return out
}

// FileKey is the key of a file in Readers: its path with links resolved
// (agents that resolve the project folder and those that do not name the
// same file), else cleaned.
func FileKey(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	return filepath.Clean(path)
}
