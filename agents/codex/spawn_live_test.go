package codex

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLiveCodexStartsAServerAsItsCommandAndArgs: the real Codex 0.171.0
// (codex-live, offline, project trusted) starts a project's stdio MCP
// servers as their command and args, as written, in the project: execve's
// argv is ["sh", ".codex/srv.sh", "a b"] (not resolved to /usr/bin/sh),
// and a server whose command is a script path is run by that path as
// written ("./.codex/tools/srv2.sh", which the kernel hands its #!
// interpreter). CommandSpawn, which exec --enforce holds a server's
// processes by, matches the first as seen, and tells the second by the
// same rule. If a Codex version starts them otherwise, a held server
// would run as Codex's own process: this test is what pins the form.
func TestLiveCodexStartsAServerAsItsCommandAndArgs(t *testing.T) {
	script := requireCodexLive(t)
	out := t.TempDir()
	project, home := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, ".codex", "tools"), 0o755); err != nil {
		t.Fatal(err)
	}
	// each server writes its argv (NUL-separated, as /proc has it) and
	// its working folder, then serves nothing
	srv := "#!/bin/sh\nn=$(basename \"$0\")\ncat /proc/$$/cmdline > '" + out + "'/argv-$n\npwd > '" + out + "'/cwd-$n\nexec cat >/dev/null\n"
	for _, rel := range []string{".codex/srv.sh", ".codex/tools/srv2.sh"} {
		if err := os.WriteFile(filepath.Join(project, rel), []byte(srv), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	config := "[mcp_servers.probe]\ncommand = \"sh\"\nargs = [\".codex/srv.sh\", \"a b\"]\n\n[mcp_servers.probe2]\ncommand = \"./.codex/tools/srv2.sh\"\n"
	if err := os.WriteFile(filepath.Join(project, ".codex", "config.toml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"CODEX_LIVE_PROJECT_TRUST": "trusted", "CODEX_LIVE_TOOL": "none", "CODEX_LIVE_TIMEOUT": "60"}
	rep := runCodexLive(t, script, project, home, env)
	if rep.ExitCode == nil || *rep.ExitCode != 0 {
		t.Fatalf("codex exec failed: %+v", rep)
	}
	read := func(name string) []string {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatalf("Codex did not start the server that writes %s: %v", name, err)
		}
		return strings.Split(strings.TrimSuffix(string(data), "\x00"), "\x00")
	}
	argv, argv2 := read("argv-srv.sh"), read("argv-srv2.sh")
	if want := []string{"sh", ".codex/srv.sh", "a b"}; strings.Join(argv, "|") != strings.Join(want, "|") {
		t.Fatalf("Codex started the server as %q, want %q", argv, want)
	}
	if want := []string{"/bin/sh", "./.codex/tools/srv2.sh"}; strings.Join(argv2, "|") != strings.Join(want, "|") {
		t.Fatalf("Codex started the script server as %q (after its #! line), want %q", argv2, want)
	}
	for _, name := range []string{"cwd-srv.sh", "cwd-srv2.sh"} {
		if cwd := strings.TrimSpace(strings.Join(read(name), "")); filepath.Base(cwd) != "project" {
			t.Errorf("%s: Codex started the server in %s, want the project (the session's folder)", name, cwd)
		}
	}

	p, _ := modelOf(t, project, home, env)
	held := map[string][]string{"probe": argv, "probe2": {"./.codex/tools/srv2.sh"}}
	for _, h := range p.Commands {
		want, ok := held[h.Name]
		if !ok {
			continue
		}
		delete(held, h.Name)
		match, ok := p.CommandSpawn(h)
		if !ok || !match(want) {
			t.Errorf("CommandSpawn does not tell server %s by the argv Codex starts it with, %q", h.Name, want)
		}
		if ok && match(append(want, "more")) {
			t.Errorf("CommandSpawn takes another argv for server %s", h.Name)
		}
	}
	if len(held) > 0 {
		t.Errorf("the model has no server %v", held)
	}
}
