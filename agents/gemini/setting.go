package gemini

import (
	"strings"

	"github.com/hookwarden/hookwarden/settingsio"
)

// Setting returns the merged value of a settings key (path of object
// keys) the way Gemini CLI's deep merge gives it to a scalar: the last of
// system-defaults, user, workspace (only when the folder is trusted) and
// system that sets it wins, a JSON null included. A layer that sets a
// parent key to a non-object hides the values before it. The result is nil
// when no layer sets the key; File is the layer it came from.
//
// Used for hooksConfig.enabled, security.folderTrust.enabled,
// security.environmentVariableRedaction.*; defaults are the caller's.
func (s *Project) Setting(path ...string) (*settingsio.Node, *settingsio.File) {
	return mergedSetting(s.mergeLayers(s.FolderTrust.Trusted()), path)
}

// mergeLayers lists the layers Gemini merges, in order; the workspace only
// when trusted.
func (s *Project) mergeLayers(includeWorkspace bool) []*settingsio.File {
	var out []*settingsio.File
	for _, f := range s.Settings {
		if f.Root == nil || (f.Layer == settingsio.LayerWorkspace && !includeWorkspace) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// mergedSetting replays mergeRecursively along one path.
func mergedSetting(layers []*settingsio.File, path []string) (*settingsio.Node, *settingsio.File) {
	if len(path) == 0 {
		return nil, nil
	}
	for _, k := range path {
		if k == "__proto__" || k == "constructor" || k == "prototype" {
			return nil, nil // mergeRecursively skips these keys
		}
	}
	var value *settingsio.Node
	var from *settingsio.File
	for _, f := range layers {
		cur := f.Root
		for i, key := range path {
			next := cur.Get(key)
			if next == nil {
				break
			}
			if i == len(path)-1 {
				value, from = next, f
				break
			}
			if next.Kind != settingsio.Object {
				value, from = nil, nil // a scalar parent replaces the subtree
				break
			}
			cur = next
		}
	}
	return value, from
}

// coerceBool is the boolean Gemini CLI sees for a boolean setting: the
// settings schema turns the strings "true"/"false" (any case) into
// booleans (when the file otherwise validates); other values count by
// JavaScript truthiness. A nil node is false; for settings read with
// "?? default", test for nil or null first.
func coerceBool(n *settingsio.Node) bool {
	if n.Is(settingsio.String) {
		switch strings.ToLower(n.Str) {
		case "true":
			return true
		case "false":
			return false
		}
	}
	return n.Truthy()
}

// settingOr is `value ?? def` for a boolean setting.
func settingOr(n *settingsio.Node, def bool) bool {
	if n == nil || n.Kind == settingsio.Null {
		return def
	}
	return coerceBool(n)
}
