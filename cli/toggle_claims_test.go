package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// An enable claims no write that did not happen: with the hook disabled
// only in the workspace and no user settings file, it names only the
// workspace file, and the user file is still not there.
func TestEnableClaimsOnlyItsWrites(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{"project/.gemini/settings.json": `{"hooks": {"BeforeTool": [{"hooks": [{"name": "fmt", "type": "command", "command": "echo fmt"}]}]},
 "hooksConfig": {"disabled": ["fmt"]}}`})
	user := filepath.Join(f.home, ".gemini", "settings.json")
	out, errOut, code := f.run(t, "enable", "fmt")
	if code != ExitOK || strings.Contains(out, user) || !strings.Contains(out, "workspace (") {
		t.Fatalf("exit %d; the report names %s, which does not exist:\n%s%s", code, user, out, errOut)
	}
	if _, err := os.Stat(user); !os.IsNotExist(err) {
		t.Errorf("user settings: %v, want still missing", err)
	}
}

var absPath = regexp.MustCompile(`/[^\s:()"']+`)

// Each agent's switch report: every file it names exists afterwards
// (unless the line says it was removed), and a hook file is labelled
// with whose it is where the line does not say so.
func TestToggleReportsNameRealFilesAndWhoseTheyAre(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{
		"project/.gemini/settings.json": `{"hooks": {"BeforeTool": [{"hooks": [{"name": "fmt", "type": "command", "command": "echo fmt"}]}]}}`,
		"project/.claude/settings.json": `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo stop"}]}]}}`,
		"home/.claude/settings.json":    `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo user"}]}]}}`,
		"home/.codex/config.toml":       "[projects.\"PROJECT\"]\ntrust_level = \"trusted\"\n",
		"project/.codex/hooks.json":     `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo cx"}]}]}}`,
		"project/.git/HEAD":             "ref: refs/heads/main\n",
	})
	cfg := filepath.Join(f.home, ".codex", "config.toml")
	data, _ := os.ReadFile(cfg)
	if err := os.WriteFile(cfg, []byte(strings.ReplaceAll(string(data), "PROJECT", f.project)), 0o600); err != nil {
		t.Fatal(err)
	}
	root := filepath.Dir(f.home)
	for _, c := range []struct {
		agent, ref, whose string
	}{
		{"gemini", "fmt", ""},
		{"claude", "echo stop", "(project file"},
		{"claude", "echo user", "(user file"},
		{"codex", "echo cx", "(user file)"},
	} {
		for _, verb := range []string{"disable", "enable"} {
			out, errOut, code := f.run(t, verb, "--agent", c.agent, c.ref)
			if code != ExitOK {
				t.Fatalf("%s --agent %s %q: exit %d\n%s%s", verb, c.agent, c.ref, code, out, errOut)
			}
			if c.whose != "" && !strings.Contains(out, c.whose) {
				t.Errorf("%s --agent %s %q: no %q:\n%s", verb, c.agent, c.ref, c.whose, out)
			}
			for _, line := range strings.Split(out, "\n") {
				for _, p := range absPath.FindAllString(line, -1) {
					if !strings.HasPrefix(p, root) || strings.HasPrefix(line, "removed ") {
						continue
					}
					if _, err := os.Stat(p); err != nil {
						t.Errorf("%s --agent %s: the report names %s, which is not there: %q", verb, c.agent, p, line)
					}
				}
			}
		}
	}
	if out, _, _ := f.run(t, "folder-trust", "--agent", "codex"); !strings.Contains(out, cfg+" (user file)") {
		t.Errorf("folder-trust does not say the config.toml is the user's:\n%s", out)
	}
}
