package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUnknownProgramsMakeTheHookIncomplete: a program Hookwarden does not
// know, run in a folder of the project, may load a file of that folder by
// a rule of its own (mytool loading ./.mytoolrc.js), which a pull can
// change without changing the hook: the discovery is incomplete for it,
// with a traceable reason naming the program. Builtins, programs known to
// read only what they are handed, version probes of interpreters,
// scripts discovery reads to the end, shell functions, the machine's
// known programs by path, missing programs and programs run outside the
// project stay complete.
func TestUnknownProgramsMakeTheHookIncomplete(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	project, home := filepath.Join(root, "proj"), filepath.Join(root, "home")
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin, err := os.ReadFile("/bin/true")
	if err != nil {
		t.Skip("no /bin/true to stand for a binary")
	}
	write(filepath.Join(root, "opt", "bin", "tool"), string(bin))
	write(filepath.Join(home, "bin", "tool"), string(bin))
	write(filepath.Join(project, "hooks", "lint.sh"), "#!/bin/sh\nmytool check\n")
	write(filepath.Join(project, "hooks", "main.sh"), "#!/bin/bash\nmain() {\n  report \"$1\"\n}\nreport() {\n  printf '%s\\n' \"$1\" | jq -R .\n}\nmain \"$@\"\n")
	write(filepath.Join(project, "hooks", "log.py"), "import sys\nprint(sys.stdin.read())\n")
	// mytool() written where bash declares no function — a comment, a
	// here-document, a quoted string — does not make mytool a function.
	write(filepath.Join(project, "hooks", "mention.sh"), "#!/bin/bash\n# mytool() is the team's linter\ncat <<'EOF' >/dev/null\nmytool() { :; }\nEOF\necho 'function mytool' >/dev/null\nmytool check\n")
	write(filepath.Join(project, "hooks", "later.sh"), "#!/bin/bash\nmain() {\n  mytool check\n}\nmytool() {\n  jq -r .x\n}\nmain \"$@\"\n")
	for _, tc := range []struct {
		command, program string // "" = complete
	}{
		{"mytool check", "mytool"},
		{"timeout 5 mytool check", "mytool"},
		{"cd \"$CLAUDE_PROJECT_DIR\" && mytool check", "mytool"},
		{"sh " + filepath.Join(project, "hooks", "lint.sh"), "mytool"},
		{filepath.Join(root, "opt", "bin", "tool") + " --fix", "tool"},
		{filepath.Join(home, "bin", "tool") + " --fix", "tool"},
		{"jq -r .session_id >/dev/null; notify-send 'done'", ""},
		{"node --version", ""},
		{"python3 --version", ""},
		{"echo hi | tee -a /tmp/x.log", ""},
		{"python3 " + filepath.Join(project, "hooks", "log.py"), ""},
		{"bash " + filepath.Join(project, "hooks", "main.sh"), ""},
		{"f() { jq -r .x; }; f", ""},
		{"mytool() { jq -r .x; }; command mytool check", "mytool"}, // command, exec, env run the program, not the function
		{"mytool() { jq -r .x; }; exec mytool check", "mytool"},
		{"/bin/echo hi", ""},
		{"/usr/bin/env jq -r .x", ""},
		{"ps -o ppid= -p $$", ""},
		{"cd /tmp && mytool check", ""}, // runs outside the project
		{filepath.Join(root, "missing", "tool") + " x", ""},
		{"mapfile -t lines < /dev/null", ""},
		{"bash " + filepath.Join(project, "hooks", "mention.sh"), "mytool"},
		{"bash " + filepath.Join(project, "hooks", "later.sh"), ""}, // declared further down, called by main: the function runs
	} {
		d, err := DiscoverHook(tc.command, project, map[string]string{"CLAUDE_PROJECT_DIR": project}, []string{home}, Runtime{})
		if err != nil {
			t.Fatalf("%s: %v", tc.command, err)
		}
		var unknown []UnresolvedCode
		for _, u := range d.Unresolved {
			if u.Kind == ReasonUnknown {
				unknown = append(unknown, u)
			}
		}
		if tc.program == "" {
			if !d.Complete() {
				t.Errorf("%s: incomplete, want complete: %v", tc.command, d.Unresolved)
			}
			continue
		}
		if d.Complete() || len(unknown) != 1 {
			t.Errorf("%s: complete %v, reasons %v; want one unknown-program reason for %s", tc.command, d.Complete(), d.Unresolved, tc.program)
			continue
		}
		u := unknown[0]
		if !u.Traceable || u.Program != tc.program || !strings.Contains(u.Why, "runs "+tc.program+", which Hookwarden does not know") || !strings.Contains(u.Why, "trust --trace") {
			t.Errorf("%s: reason %+v", tc.command, u)
		}
	}
	// A Python or JavaScript file of the machine, outside the project and
	// the folders discovery follows, is not read: the same reason.
	write(filepath.Join(root, "opt", "tool", "cli.js"), "require('fs').readFileSync('.toolrc.json')\n")
	for _, c := range []string{"node " + filepath.Join(root, "opt", "tool", "cli.js"), "cd \"$CLAUDE_PROJECT_DIR\" && node " + filepath.Join(root, "opt", "tool", "cli.js")} {
		d, err := DiscoverHook(c, project, map[string]string{"CLAUDE_PROJECT_DIR": project}, []string{home}, Runtime{})
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Unresolved) != 1 || d.Unresolved[0].Kind != ReasonUnknown || !d.Unresolved[0].Traceable || !strings.Contains(d.Unresolved[0].Why, "a script outside the project that Hookwarden does not read") {
			t.Errorf("%s: reasons %v, want one: a script outside the project Hookwarden does not read", c, d.Unresolved)
		}
	}
}
