package agents

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// An agent's shell, declared as data: the program, the variable that
// names it instead, its flag, and what it is on Windows.
func TestShellArgvIsWhatTheAgentDeclares(t *testing.T) {
	codex := Shell{Program: "/bin/sh", Var: "SHELL", Flag: "-c", Windows: &Shell{Program: "cmd.exe", Var: "COMSPEC", Flag: "/C"}}
	claude := Shell{Program: "/bin/sh", Flag: "-c", Windows: &Shell{Program: "bash", Flag: "-c"}}
	for _, c := range []struct {
		sh         Shell
		env        settingsio.Env
		goos, prog string
		args       []string
	}{
		{codex, settingsio.Env{"PATH=/bin"}, "linux", "/bin/sh", []string{"-c", "x"}},
		{codex, settingsio.Env{"SHELL=/bin/zsh"}, "darwin", "/bin/zsh", []string{"-c", "x"}},
		{codex, settingsio.Env{`COMSPEC=C:\cmd.exe`}, "windows", `C:\cmd.exe`, []string{"/C", "x"}},
		{codex, nil, "windows", "cmd.exe", []string{"/C", "x"}},
		{claude, settingsio.Env{"SHELL=/bin/zsh"}, "linux", "/bin/sh", []string{"-c", "x"}},
		{claude, nil, "windows", "bash", []string{"-c", "x"}},
	} {
		prog, args := c.sh.Argv(c.env, c.goos, "x")
		if prog != c.prog || !slices.Equal(args, c.args) {
			t.Errorf("%+v on %s: %s %q, want %s %q", c.env, c.goos, prog, args, c.prog, c.args)
		}
	}
}

// The kit's one start of a command hook: what was started, its streams
// and exit; a start the gate's check refuses starts nothing (an attacker's
// script swapped after approval never runs).
func TestHookCommandRunsOrIsRefused(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("needs /bin/sh")
	}
	dir := t.TempDir()
	h := &hooks.Hook{ID: "h", Type: "command", Command: "echo out; echo err >&2; touch ran; exit 3"}
	env := settingsio.Env{"PATH=" + os.Getenv("PATH")}
	c := HookCommand{Hook: h, Program: "/bin/sh", Args: []string{"-c", h.Command}, Env: env, Dir: dir, Stdin: "{}", Timeout: 20e9}
	end := c.Run(context.Background())
	if !slices.Equal(end.Argv, []string{"/bin/sh", "-c", h.Command}) || end.Out != "out\n" || end.Err != "err\n" || !end.Exited || end.Code != 3 || end.Refused() {
		t.Fatalf("%+v", end)
	}
	if err := os.Remove(filepath.Join(dir, "ran")); err != nil {
		t.Fatal("the hook did not run")
	}
	c.Check = func(*hooks.Hook) error { return errors.New("its script changed since approval") }
	end = c.Run(context.Background())
	if !end.Refused() || end.Exited {
		t.Fatalf("refused: %+v", end)
	}
	if _, err := os.Stat(filepath.Join(dir, "ran")); err == nil {
		t.Fatal("a hook the check refused ran")
	}
}
