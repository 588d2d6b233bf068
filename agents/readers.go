package agents

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"

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
	// hooks are the statuses the agent gives the file's hooks, by their
	// place (the handler object's line and column in the file); only for
	// the files Readers was asked about.
	hooks *hookUses
}

// hookUses are the statuses one agent gives the hooks of one file, by
// place, kept compact: a file of 100,000 hooks read by two agents held
// two maps of 100,000 HookUse values (27 MB of a list --json); this is
// 12 bytes a hook and each distinct status, reason and event once.
type hookUses struct {
	agent, title string
	at           []placedUse // sorted by place, the first hook of a place
	uses         []useOf     // the distinct values, by index
	// far holds the places past an int32 (a file of 2 GiB), the first
	// hook of each.
	far map[HookPlace]uint32
	// index finds a use in uses while they are collected.
	index map[useOf]uint32
}

// placedUse is the index of a hook's use in hookUses.uses, at its place.
type placedUse struct {
	line, column int32
	use          uint32
}

// useOf is what a HookUse holds beyond the agent's names.
type useOf struct {
	status hooks.Status
	reason string
	event  hooks.Event
}

// newHookUses collects the uses of an agent (named by agent and title)
// one hook at a time (add), then sorts them (done).
func newHookUses(agent, title string) *hookUses {
	return &hookUses{agent: agent, title: title}
}

// add records h's use at its place unless one was recorded there.
func (u *hookUses) add(h *hooks.Hook) {
	v := useOf{status: h.Status, reason: h.Reason, event: h.Event}
	if u.index == nil {
		u.index = map[useOf]uint32{}
	}
	i, ok := u.index[v]
	if !ok {
		i = uint32(len(u.uses))
		u.index[v] = i
		u.uses = append(u.uses, v)
	}
	p := placeOf(h)
	if !fits32(p) {
		if u.far == nil {
			u.far = map[HookPlace]uint32{}
		}
		if _, dup := u.far[p]; !dup {
			u.far[p] = i
		}
		return
	}
	u.at = append(u.at, placedUse{line: int32(p.Line), column: int32(p.Column), use: i})
}

// fits32 reports whether both numbers of p fit an int32.
func fits32(p HookPlace) bool {
	return p.Line >= math.MinInt32 && p.Line <= math.MaxInt32 && p.Column >= math.MinInt32 && p.Column <= math.MaxInt32
}

// done sorts the uses by place, keeping the first of each place (in hook
// order: the stable sort keeps it first).
func (u *hookUses) done() {
	u.index = nil
	slices.SortStableFunc(u.at, func(a, b placedUse) int {
		return cmp.Or(cmp.Compare(a.line, b.line), cmp.Compare(a.column, b.column))
	})
	u.at = slices.CompactFunc(u.at, func(a, b placedUse) bool { return a.line == b.line && a.column == b.column })
	u.at = slices.Clip(u.at)
}

// lookup is the use at place p.
func (u *hookUses) lookup(p HookPlace) (HookUse, bool) {
	if u == nil {
		return HookUse{}, false
	}
	var use uint32
	if fits32(p) {
		i, ok := slices.BinarySearchFunc(u.at, placedUse{line: int32(p.Line), column: int32(p.Column)}, func(a, b placedUse) int {
			return cmp.Or(cmp.Compare(a.line, b.line), cmp.Compare(a.column, b.column))
		})
		if !ok {
			return HookUse{}, false
		}
		use = u.at[i].use
	} else {
		i, ok := u.far[p]
		if !ok {
			return HookUse{}, false
		}
		use = i
	}
	v := u.uses[use]
	return HookUse{Agent: u.agent, Title: u.title, Status: v.status, Reason: v.reason, Event: v.event}, true
}

// HookPlace is where a hook's handler object starts in its file.
type HookPlace struct{ Line, Column int }

// placeOf is h's place in its file.
func placeOf(h *hooks.Hook) HookPlace { return HookPlace{Line: h.Origin.Line, Column: h.Origin.Column} }

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
// agent gives each hook of the files asked about (the hooks of an agent's
// other files are not kept: a folder whose other agents' files hold
// 100,000 hooks each would keep them all). An agent that cannot open the
// folder is left out, with its error in errs. Files are keyed by FileKey.
func Readers(ctx context.Context, r *Registry, env Env, dir string, files []string) (map[string][]FileReader, []error) {
	return readers(ctx, r, env, dir, files)
}

// OpenReaders is Readers for the files of own's list document, with own
// (an agent of r) opened by it and its project returned with them (or
// own.Open's error): list --json opens the agent it lists through it, so
// that each file is parsed once and no other agent's project is held in
// memory beside its own (two projects of 100,000 hooks each). The agents
// that are no FileSharer are opened first, each keeping its status of
// the hooks of every file it reads (compact: 12 bytes a hook), then own,
// whose files are the ones asked about; a FileSharer that reads one of
// them is opened after own's project is let go, and own is opened again
// after it (the only case where own's files are parsed twice).
func OpenReaders(ctx context.Context, r *Registry, env Env, dir string, own Agent) (map[string][]FileReader, Project, []error, error) {
	var errs []error
	if r == nil {
		p, err := own.Open(ctx, env, dir)
		return map[string][]FileReader{}, p, nil, err
	}
	all := r.All()
	ownAt := slices.IndexFunc(all, func(a Agent) bool { return a.Info().Name == own.Info().Name })
	if ownAt < 0 {
		p, err := own.Open(ctx, env, dir)
		if err != nil {
			return map[string][]FileReader{}, nil, nil, err
		}
		out, errs := readers(ctx, r, env, dir, DocumentPaths(p))
		return out, p, errs, nil
	}
	keys := FileKeys{}
	byAgent := make([][]fileReaderOf, len(all))
	var sharers []int
	for i, a := range all {
		if i == ownAt {
			continue
		}
		if _, ok := a.(FileSharer); ok {
			sharers = append(sharers, i)
			continue
		}
		p, err := a.Open(ctx, env, dir)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", a.Info().Title, err))
			continue
		}
		byAgent[i] = fileReaders(keys, nil, a.Info(), p)
	}
	p, err := own.Open(ctx, env, dir)
	if err != nil {
		return nil, nil, errs, err
	}
	files := DocumentPaths(p)
	asked := make(map[string]bool, len(files))
	for _, f := range files {
		asked[keys.Of(f)] = true
	}
	var shared []int
	for _, i := range sharers {
		if readsAny(all[i], dir, files) {
			shared = append(shared, i)
		}
	}
	if len(shared) > 0 {
		p = nil // let go of own's project while a sharer opens its files
		for _, i := range shared {
			a := all[i]
			sp, err := a.Open(ctx, env, dir)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", a.Info().Title, err))
				continue
			}
			byAgent[i] = fileReaders(keys, asked, a.Info(), sp)
		}
		if p, err = own.Open(ctx, env, dir); err != nil {
			return nil, nil, errs, err
		}
	}
	if readsAny(own, dir, files) {
		byAgent[ownAt] = fileReaders(keys, asked, own.Info(), p)
	}
	out := map[string][]FileReader{}
	for _, frs := range byAgent {
		for _, fr := range frs {
			if !asked[fr.key] {
				fr.reader.hooks = nil // only own's files are asked about
			}
			out[fr.key] = append(out[fr.key], fr.reader)
		}
	}
	return out, p, errs, nil
}

// DocumentPaths are the files of p's list document: its layers that are
// files (DocumentLayers), in order.
func DocumentPaths(p Project) []string {
	var out []string
	for _, l := range DocumentLayers(p.Layers()) {
		out = append(out, l.Path)
	}
	return out
}

// readers is Readers: every agent of r, in r's order.
func readers(ctx context.Context, r *Registry, env Env, dir string, files []string) (map[string][]FileReader, []error) {
	out := map[string][]FileReader{}
	var errs []error
	if r == nil {
		return out, nil
	}
	keys := FileKeys{}
	asked := make(map[string]bool, len(files))
	for _, f := range files {
		asked[keys.Of(f)] = true
	}
	for _, a := range r.All() {
		if !readsAny(a, dir, files) {
			continue
		}
		p, err := a.Open(ctx, env, dir)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", a.Info().Title, err))
			continue
		}
		for _, fr := range fileReaders(keys, asked, a.Info(), p) {
			out[fr.key] = append(out[fr.key], fr.reader)
		}
	}
	return out, errs
}

// fileReaderOf is one file an agent reads, by its FileKey.
type fileReaderOf struct {
	key    string
	reader FileReader
}

// readsAny reports whether Readers asks agent a about files: every agent
// but a FileSharer that shares none of them.
func readsAny(a Agent, dir string, files []string) bool {
	fs, ok := a.(FileSharer)
	if !ok {
		return true
	}
	for _, f := range files {
		if fs.SharesFile(dir, f) {
			return true
		}
	}
	return false
}

// fileReaders are the files of p (the project of the agent info names)
// with its state of each and, for the files asked about (every file when
// asked is nil), the status it gives each of their hooks.
func fileReaders(keys FileKeys, asked map[string]bool, info Info, p Project) []fileReaderOf {
	byFile := map[string]*hookUses{}
	for _, h := range p.Hooks() {
		if !h.IsHook() {
			continue
		}
		f := keys.Of(h.Origin.File)
		if asked != nil && !asked[f] {
			continue
		}
		u := byFile[f]
		if u == nil {
			u = newHookUses(info.Name, info.Title)
			byFile[f] = u
		}
		u.add(h)
	}
	for _, u := range byFile {
		u.done()
	}
	var out []fileReaderOf
	for _, l := range DocumentLayers(p.Layers()) {
		if !l.Exists {
			continue
		}
		f := keys.Of(l.Path)
		out = append(out, fileReaderOf{key: f, reader: FileReader{Agent: info.Name, Title: info.Title, State: l.State, Note: l.Note, hooks: byFile[f]}})
	}
	return out
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
	place := placeOf(h)
	for _, fr := range readers[k.Of(h.Origin.File)] {
		if u, ok := fr.hooks.lookup(place); ok {
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
