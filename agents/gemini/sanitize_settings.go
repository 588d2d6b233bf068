package gemini

import "github.com/hookwarden/hookwarden/settingsio"

// sanitizationFor reads security.environmentVariableRedaction from the
// merged settings (enabled, allowed, blocked), as Gemini CLI passes it to
// its hook runner.
func sanitizationFor(snap *Project) sanitization {
	var s sanitization
	if n, _ := snap.Setting("security", "environmentVariableRedaction", "enabled"); n != nil && !n.Is(settingsio.Null) {
		s.Enabled = coerceBool(n)
	}
	list := func(key string) []string {
		n, _ := snap.Setting("security", "environmentVariableRedaction", key)
		if !n.Is(settingsio.Array) {
			return nil
		}
		var out []string
		for _, it := range n.Items {
			if it.Is(settingsio.String) {
				out = append(out, it.Str)
			}
		}
		return out
	}
	s.Allowed, s.Blocked = list("allowed"), list("blocked")
	return s
}
