package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const toggleWorkspace = `{
  // the project's hooks
  "hooks": {
    "AfterTool": [
      {"hooks": [
        {"type": "command", "name": "fmt", "command": "./fmt.sh"},
        {"type": "command", "command": "./lint.sh --all"}
      ]}
    ]
  }
}
`

func TestToggleCommands(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{"project/.gemini/settings.json": toggleWorkspace})
	ws := filepath.Join(f.project, ".gemini", "settings.json")
	user := filepath.Join(f.home, ".gemini", "settings.json")
	steps := []struct {
		args     []string
		code     int
		out, err string // substrings; "" checks nothing
		file     string // substring of the workspace file afterwards
	}{
		{[]string{"disable", "fmt"}, 0,
			`Hook "fmt" disabled by adding it to the disabled list in workspace (` + ws + `) settings.` + "\n" + ws + `:13: added "fmt" to hooksConfig.disabled`,
			"", "\"disabled\": [\n      \"fmt\"\n    ]"},
		{[]string{"disable", "fmt"}, 0, `Hook "fmt" is already disabled.`, "", ""},
		{[]string{"disable", "--scope", "user", "./lint.sh --all"}, 0,
			"created " + user + " (user settings)\n" + user + `:4: added "./lint.sh --all" to hooksConfig.disabled`, "", ""},
		{[]string{"enable", "./lint.sh --all"}, 0,
			`Hook "./lint.sh --all" enabled by removing it from the disabled list in user (` + user + `) settings.` + "\n", "", ""},
		{[]string{"enable", "--scope", "user", "fmt"}, 0, `Hook "fmt" is already enabled.`, "", "\"fmt\""},
		{[]string{"enable", "nope"}, 1, "", `no hook has the name or command "nope"`, ""},
		{[]string{"disable", "./fmt.sh"}, 1, "", `use "fmt"`, ""},
		{[]string{"disable"}, 2, "", "no hook name given", ""},
		{[]string{"disable", "a", "b"}, 2, "", "one hook name at a time", ""},
		{[]string{"disable", "--scope", "system", "fmt"}, 2, "", "use workspace or user", ""},
		{[]string{"enable-all", "extra"}, 2, "", `unexpected argument "extra"`, ""},
		{[]string{"disable-all"}, 0, "Disabled 1 hook(s) successfully.\n" + ws + `:14: added "./lint.sh --all" to hooksConfig.disabled`,
			"", "\"fmt\",\n      \"./lint.sh --all\"\n"},
		{[]string{"disable-all"}, 0, "All hooks are already disabled.", "", ""},
		// Everything Hookwarden disabled is enabled again: the file is put
		// back byte for byte (no "hooksConfig": {"disabled": []} left).
		{[]string{"enable-all"}, 0, "Enabled 2 hook(s) successfully.\nrestored " + ws + " (workspace file) byte for byte", "", "// the project's hooks"},
		{[]string{"enable-all"}, 0, "All hooks are already enabled.", "", ""},
	}
	for _, s := range steps {
		out, errOut, code := f.run(t, s.args...)
		if code != s.code || !strings.Contains(out, s.out) || !strings.Contains(errOut, s.err) {
			t.Fatalf("hookwarden %q: exit %d, want %d\nstdout:\n%s\nwant in it: %s\nstderr:\n%s\nwant in it: %s",
				s.args, code, s.code, out, s.out, errOut, s.err)
		}
		if s.file != "" {
			data, err := os.ReadFile(ws)
			if err != nil || !strings.Contains(string(data), s.file) {
				t.Fatalf("after %q the workspace file is:\n%s\nwant in it: %s", s.args, data, s.file)
			}
		}
	}
	if data, _ := os.ReadFile(ws); string(data) != toggleWorkspace {
		t.Errorf("after disable and enable the workspace file is not what it was:\n%s", data)
	}
	if _, err := os.Stat(user); err == nil {
		t.Errorf("%s, which disable created, is still there", user)
	}
}

func TestEnableIgnoresASystemFileGeminiSkips(t *testing.T) {
	t.Parallel()
	// Gemini skips a system file below a folder others can write (the
	// test's temp folder), so its disabled list locks nothing.
	f := newFixture(t, map[string]string{
		"project/.gemini/settings.json": toggleWorkspace,
		"etc/settings.json":             `{"hooksConfig": {"disabled": ["fmt"]}}`,
	})
	out, errOut, code := f.run(t, "enable", "fmt")
	if code != 0 || strings.Contains(out, "locked:") || !strings.Contains(out, `Hook "fmt" is already enabled.`) {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
}
