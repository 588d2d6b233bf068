package agents

import (
	"os"
	"path/filepath"
	"testing"
)

// Protected covers a file written by any name (relative, through a link
// to its folder), everything inside a protected folder, and a file that
// does not exist yet; a shell command is judged by the protected names in
// it, the longest first.
func TestProtectedCoversEveryNameOfAFile(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	project := filepath.Join(root, "p")
	hooksDir := filepath.Join(project, ".claude", "hooks")
	if err := os.MkdirAll(hooksDir, 0o755); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(hooksDir, "check.sh")
	os.WriteFile(script, []byte("exit 0\n"), 0o755)
	os.Symlink(hooksDir, filepath.Join(project, "h"))
	plugins := filepath.Join(root, "home", ".claude", "plugins")
	p := NewProtected([]string{script, filepath.Join(project, ".claude", "settings.local.json"), plugins + string(filepath.Separator)})
	for _, w := range []string{script, ".claude/hooks/check.sh", "./.claude/../.claude/hooks/check.sh", "h/check.sh",
		".claude/settings.local.json", filepath.Join(plugins, "m", "p", "hooks", "hooks.json")} {
		if _, ok := p.Covers(project, w); !ok {
			t.Errorf("writing %s is not covered", w)
		}
	}
	for _, w := range []string{"src/main.go", ".claude/hooks/other.sh", filepath.Join(root, "home", ".claude", "pluginsx")} {
		if f, ok := p.Covers(project, w); ok {
			t.Errorf("writing %s is covered (as %s)", w, f)
		}
	}
	if f, ok := p.Named("sed -i 1d .claude/hooks/check.sh", project, filepath.Join(root, "home")); !ok || f != script {
		t.Errorf("a command naming the script: %q %v", f, ok)
	}
	if f, ok := p.Named("rm -rf ~/.claude/plugins", project, filepath.Join(root, "home")); !ok || f != plugins {
		t.Errorf("a command naming the plugin folder: %q %v", f, ok)
	}
	if f, ok := p.Named("go test ./...", project, filepath.Join(root, "home")); ok {
		t.Errorf("a command naming nothing protected matched %s", f)
	}
}
