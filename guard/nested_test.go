package guard

import "testing"

func TestNestedFolder(t *testing.T) {
	for _, c := range []struct {
		file, marker, want string
		ok                 bool
	}{
		{"pkg/.agent/settings.json", ".agent/settings.json", "pkg", true},
		{"a/b/.agent/skills/x/SKILL.md", ".agent/skills/", "a/b", true},
		{".agent/settings.json", ".agent/settings.json", "", false},
		{"pkg/.agent/settings.json.bak", ".agent/settings.json", "", false},
		{"pkg/x.agent/settings.json", ".agent/settings.json", "", false},
		{"a/.agent/settings.json/b/.agent/settings.json", ".agent/settings.json", "a/.agent/settings.json/b", true},
		{"pkg/.mcp.json", ".mcp.json", "pkg", true},
	} {
		got, ok := nestedFolder(c.file, c.marker)
		if got != c.want || ok != c.ok {
			t.Errorf("nestedFolder(%q, %q) = %q %v, want %q %v", c.file, c.marker, got, ok, c.want, c.ok)
		}
	}
}
