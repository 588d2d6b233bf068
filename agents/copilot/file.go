package copilot

import (
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

// fileKind says what a file is to Copilot.
type fileKind string

// File kinds.
const (
	kindHooksFile fileKind = "hooks file"
	kindSettings  fileKind = "settings"
	kindConfig    fileKind = "config"
	// kindNotRead: a file people expect Copilot to read hooks from that
	// it does not (observed).
	kindNotRead fileKind = "not read"
	// kindUnmodelled: a file Copilot reads hooks from that Hookwarden
	// does not model (policy hooks, installed plugins; never observed):
	// it counts as not read in full.
	kindUnmodelled fileKind = "not modelled"
)

// file is one file Copilot may read hooks, switches or folder trust from.
type file struct {
	Path  string
	Kind  fileKind
	Layer settingsio.Layer
	// Exists: the file is on disk; Raw its bytes, Root the parsed JSON.
	Exists bool
	Raw    []byte
	Root   *settingsio.Node
	// Err is a read or parse error, or the first reason Copilot rejects
	// the file (or the hooks field of a settings file) as a whole, with
	// its place.
	Err *settingsio.ParseError
	// Loaded: Copilot reads the file's hooks here; NotLoaded says why not.
	Loaded    bool
	NotLoaded string
	// DisableAll is the file's "disableAllHooks": true.
	DisableAll bool
	// Warnings are what Copilot says about the file (hooks.discover and
	// its debug log), in its words.
	Warnings []string
}

// Broken reports whether the file exists but was not read in full.
func (f *file) Broken() bool { return f.Err != nil }

func fileErrorText(f *file) string {
	switch {
	case f.Kind == kindUnmodelled:
		return f.Err.Msg
	case f.Root == nil && f.Raw == nil:
		return f.Err.Msg + " (not read)"
	case f.Kind == kindSettings && f.Root == nil:
		return f.Err.Msg + ": Copilot CLI ignores this settings file"
	case f.Kind == kindSettings:
		return f.Err.Msg + ": Copilot CLI drops every hook of this settings file"
	case f.Kind == kindConfig:
		return f.Err.Msg + ": Copilot CLI cannot read the folder trust"
	}
	return f.Err.Msg + ": Copilot CLI loads none of this file's hooks"
}

func (p *project) layerOf(f *file, n int) agents.Layer {
	switch f.Kind {
	case kindConfig:
		l := agents.TrustFileLayer("folder trust (trustedFolders)", f.Path)
		if f.Err != nil {
			l.State, l.Note = agents.FileBroken, agents.PlaceOfError(f.Err)
		} else {
			l.Note = f.NotLoaded
		}
		return l
	case kindNotRead:
		return agents.Layer{Kind: "not read", Path: f.Path, Exists: true, State: agents.FileIgnored, Note: f.NotLoaded}
	case kindUnmodelled:
		return agents.Layer{Kind: "not modelled", Path: f.Path, Exists: true, State: agents.FileBroken, Note: f.NotLoaded}
	}
	sf := &settingsio.File{Layer: f.Layer, Path: f.Path, Exists: f.Exists, Raw: f.Raw, Root: f.Root, Err: f.Err}
	if !f.Loaded {
		sf.Ignored = f.NotLoaded
	}
	l := agents.FileLayer(sf)
	l.Label, l.Hooks = string(f.Kind), n
	l.Reviewed = f.Layer == layerRepository
	if l.State == agents.FileOK {
		switch {
		case f.DisableAll && f.Kind == kindSettings && f.Layer == layerRepository:
			l.Note = "disableAllHooks: true — Copilot runs no hook at all (user, repository, plugin)"
		case f.DisableAll:
			l.Note = "disableAllHooks: true — Copilot skips this file's hooks"
		case strings.HasPrefix(filepath.Base(filepath.Dir(f.Path)), ".claude"):
			l.Note = "Claude Code's settings file: Copilot CLI runs its hooks too, with its own semantics"
		}
	}
	return l
}
