package gemini

import (
	"fmt"

	"github.com/hookwarden/hookwarden/settingsio"
)

// lock is a hooksConfig.disabled entry Hookwarden cannot remove: it is in
// a file Gemini CLI only reads (system or system-defaults settings).
type lock struct {
	Layer  settingsio.Layer `json:"layer"`
	File   string           `json:"file"`
	Line   int              `json:"line"`
	Column int              `json:"column"`
	Value  string           `json:"value"`
	Reason string           `json:"reason"`
}

func (l lock) String() string {
	return fmt.Sprintf("%s:%d:%d lists %q in hooksConfig.disabled: %s", l.File, l.Line, l.Column, l.Value, l.Reason)
}

// layer returns the snapshot's file of a settings layer.
func (t *toggler) layer(l settingsio.Layer) *settingsio.File {
	for _, f := range t.Snapshot.Settings {
		if f != nil && f.Layer == l {
			return f
		}
	}
	return nil
}

// writableFile returns the workspace or user file, the two Gemini CLI
// writes. The workspace of a project that is the home folder has none.
func (t *toggler) writableFile(scope settingsio.Layer) (*settingsio.File, error) {
	if scope != settingsio.LayerWorkspace && scope != settingsio.LayerUser {
		return nil, fmt.Errorf("scope %q: Gemini CLI keeps hooksConfig.disabled in the workspace or the user settings", scope)
	}
	f := t.layer(scope)
	if f == nil || f.Path == "" {
		why := ""
		if f != nil && f.Ignored != "" {
			why = ": " + f.Ignored
		}
		return nil, fmt.Errorf("this project has no %s settings file%s; use the user scope", scope, why)
	}
	return f, nil
}

// otherScope is the other writable file (user for workspace and back).
func (t *toggler) otherScope(scope settingsio.Layer) *settingsio.File {
	other := settingsio.LayerUser
	if scope == settingsio.LayerUser {
		other = settingsio.LayerWorkspace
	}
	f, err := t.writableFile(other)
	if err != nil {
		return nil
	}
	return f
}

// locks lists the entries for name in the read-only files Gemini loads.
func (t *toggler) locks(name string) []lock {
	var out []lock
	for _, l := range []settingsio.Layer{settingsio.LayerSystemDefaults, settingsio.LayerSystem} {
		f := t.layer(l)
		for _, it := range listedIn(f, name) {
			out = append(out, lock{Layer: l, File: f.Path, Line: it.Pos.Line, Column: it.Pos.Column, Value: it.Raw,
				Reason: fmt.Sprintf("the %s settings file is read-only to Gemini CLI (only its administrator can change it), so the hook stays disabled", l)})
		}
	}
	return out
}

// notes explains what else decides about the hook: an untrusted folder
// (the workspace file is ignored), hooks switched off, a read-only file
// that disables it too.
func (t *toggler) notes(scope settingsio.Layer, name string) []string {
	var out []string
	if scope == settingsio.LayerWorkspace && !t.Snapshot.FolderTrust.Trusted() {
		n := "the project folder is not trusted, so Gemini CLI ignores its workspace settings file (this list included) until it is trusted"
		if r := t.Snapshot.FolderTrust.Reason; r != "" {
			n += " (" + r + ")"
		}
		out = append(out, n)
	}
	if !t.Registry.HooksEnabled {
		n := "hooksConfig.enabled is false"
		if t.Registry.HooksEnabledBy != "" {
			n += " in " + t.Registry.HooksEnabledBy
		}
		out = append(out, n+": Gemini CLI starts no hook system, so no hook runs at all")
	}
	if name != "" && scope != "" {
		for _, l := range t.locks(name) {
			out = append(out, fmt.Sprintf("also disabled by %s:%d:%d (%s settings, read-only to Gemini CLI)", l.File, l.Line, l.Column, l.Layer))
		}
	}
	return out
}
