package trust

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestForeignPrograms: discovery names the programs a command runs in the
// project's folder whose opens there it cannot know (mytool, an
// interpreter running code, a binary by path), and none for programs it
// reads to the end or that only read what they are handed.
func TestForeignPrograms(t *testing.T) {
	root := t.TempDir()
	project, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, "hooks", "notify.sh"), "#!/bin/sh\njq -r .x | head -c 9\nnotify-send done\n")
	write(filepath.Join(home, "hooks", "lint.sh"), "#!/bin/sh\nmytool check\n")
	write(filepath.Join(home, "hooks", "log.py"), "import sys\nprint(sys.stdin.read())\n")
	bin, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Skip("no /bin/true to stand for a binary")
	}
	write(filepath.Join(home, "bin", "tool"), string(bin))
	for _, tc := range []struct {
		command string
		want    []string
	}{
		{"mytool check", []string{"mytool"}},
		{"jq -r .session_id >/dev/null; notify-send 'done'", nil},
		{"node --version", nil},
		{"echo hi | tee -a /tmp/x.log", nil},
		{"sh " + filepath.Join(home, "hooks", "notify.sh"), nil},
		{"sh " + filepath.Join(home, "hooks", "lint.sh"), []string{"mytool"}},
		{"python3 " + filepath.Join(home, "hooks", "log.py"), []string{"python3"}},
		{"node -e 'require(\"./x\")'", []string{"node"}},
		{filepath.Join(home, "bin", "tool") + " --fix", []string{"tool"}},
		{"cd /tmp && mytool check", nil}, // runs outside the project
		{"timeout 5 mytool check", []string{"mytool"}},
	} {
		d, err := DiscoverHook(tc.command, project, nil, []string{home}, Runtime{})
		if err != nil {
			t.Fatalf("%s: %v", tc.command, err)
		}
		if !slices.Equal(d.Foreign, tc.want) {
			t.Errorf("%s: Foreign %q, want %q", tc.command, d.Foreign, tc.want)
		}
	}
}
