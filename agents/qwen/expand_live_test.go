package qwen_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/settingsio"
)

// TestQwenLiveLeavesItsSessionAndTokensInTheText: the real Qwen Code
// 0.24.4 expands $VAR in a hook's command at load, but leaves
// $SESSION_ID and its internal tokens as written though its environment
// sets them (its hook_runs name the hook by the text it runs); the
// plan's command, what list and audit show, is that text, when
// Hookwarden's environment sets the same variables. On main it held
// their values.
func TestQwenLiveLeavesItsSessionAndTokensInTheText(t *testing.T) {
	requireQwenLive(t)
	fixture := t.TempDir()
	command := `qwen-live-log kept; : $SESSION_ID ${QWEN_SERVER_TOKEN} $qwen_daemon_token $HW_SET`
	settings := `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "` + command + `"}]}]}}`
	for _, d := range []string{"project/.qwen", "home"} {
		if err := os.MkdirAll(filepath.Join(fixture, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(fixture, "project", ".qwen", "settings.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	vars := []string{"SESSION_ID=sess-1", "QWEN_SERVER_TOKEN=tok-2", "qwen_daemon_token=tok-3", "HW_SET=set-4"}
	rep := runLive(t, fixture, noTool, "QWEN_LIVE_OBSERVE=0", "QWEN_LIVE_ENV=QWEN_CODE_NO_RELAUNCH=true "+strings.Join(vars, " "))
	ran := rep.runs("SessionStart")
	if want := strings.ReplaceAll(command, "$HW_SET", "set-4"); !slices.Contains(ran, want) {
		t.Fatalf("Qwen Code ran %q, want %q (the kit's assumption about its expansion is wrong)", ran, want)
	}
	root := localCopy(t, fixture)
	env := settingsio.Env{"HOME=" + filepath.Join(root, "home"), "PATH=/usr/bin:/bin",
		"QWEN_CODE_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "system", "settings.json"),
		"QWEN_CODE_SYSTEM_DEFAULTS_PATH=" + filepath.Join(root, "system", "system-defaults.json"),
		"HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hookwarden")}
	a, _ := all.Registry().Get("qwen")
	p, err := a.Open(context.Background(), agents.Env{Vars: append(env, vars...), GOOS: "linux", Home: filepath.Join(root, "home")}, filepath.Join(root, "project"))
	if err != nil {
		t.Fatal(err)
	}
	plan, err := p.Plan("SessionStart", agents.Query{Trigger: "startup"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range plan.Hooks {
		got = append(got, h.Command)
	}
	if !slices.Equal(got, ran) {
		t.Errorf("Qwen Code ran %q, the plan's command is %q", ran, got)
	}
}
