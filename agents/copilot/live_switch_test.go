package copilot

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// TestLiveDisableEnable: switching a hook off writes its key into
// disabledHooks of ~/.copilot/settings.json, keeping every other byte, and
// the real Copilot CLI then skips it (and its identical copy in the
// repository layer: one key); switching it on puts the file back byte for
// byte and Copilot runs it again.
func TestLiveDisableEnable(t *testing.T) {
	requireCopilotLive(t)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home, project := filepath.Join(root, "home"), filepath.Join(root, "project")
	settings := "{\n    \"model\": \"gpt-5.4\",\n\n    \"disabledHooks\": [ \"0000\" ],\n    \"beep\": false\n}\n"
	files := map[string]string{
		filepath.Join(home, ".copilot", "settings.json"): settings,
		filepath.Join(home, ".copilot", "hooks", "a.json"): `{"version": 1, "hooks": {"preToolUse": [` +
			`{"type": "command", "bash": "copilot-live-log switched"}, {"type": "command", "bash": "copilot-live-log other"}]}}`,
		filepath.Join(project, ".github", "hooks", "repo.json"): `{"version": 1, "hooks": {"preToolUse": [{"bash": "copilot-live-log switched", "type": "command"}]}}`,
	}
	for p, c := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := agents.Env{Vars: []string{"HOME=" + home, "COPILOT_ALLOW_ALL=true", "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hw")}, GOOS: "linux", Home: home}
	p, err := open(env, project)
	if err != nil {
		t.Fatal(err)
	}
	hs, err := p.Find("copilot-live-log switched")
	if err != nil || len(hs) != 2 {
		t.Fatalf("Find: %v %v", hs, err)
	}
	res, err := p.Toggle(context.Background(), agents.ToggleRequest{Hooks: hs[:1]})
	if err != nil || !res.Changed {
		t.Fatalf("disable: %v %+v", err, res)
	}
	key := handlerOf(hs[0]).Key
	after, _ := os.ReadFile(filepath.Join(home, ".copilot", "settings.json"))
	if want := strings.Replace(settings, `[ "0000" ]`, `[ "0000", "`+key+`" ]`, 1); string(after) != want {
		t.Errorf("settings.json after disable:\n%s\nwant\n%s", after, want)
	}
	rep := runLive(t, project, home, map[string]string{"COPILOT_LIVE_OBSERVE": "0", "COPILOT_LIVE_HOOKS_LIST": "0"})
	if tags := rep.tags(); slices.Contains(tags, "switched") || !slices.Contains(tags, "other") {
		t.Errorf("after disable Copilot fired %v (want other, not switched)", tags)
	}
	p, _ = open(env, project)
	if plan, _ := p.Plan("preToolUse", agents.Query{Tool: "bash"}); len(plan.Hooks) != 1 || !strings.Contains(plan.Hooks[0].Command, "other") {
		t.Errorf("plan after disable: %v", plan.Hooks)
	}
	hs, _ = p.Find(key)
	if res, err := p.Toggle(context.Background(), agents.ToggleRequest{Hooks: hs, Enable: true}); err != nil || !res.Changed {
		t.Fatalf("enable: %v %+v", err, res)
	}
	if back, _ := os.ReadFile(filepath.Join(home, ".copilot", "settings.json")); string(back) != settings {
		t.Errorf("settings.json after enable:\n%s\nwant it byte for byte as before:\n%s", back, settings)
	}
	rep = runLive(t, project, home, map[string]string{"COPILOT_LIVE_OBSERVE": "0", "COPILOT_LIVE_HOOKS_LIST": "0"})
	if tags := rep.tags(); !slices.Equal(sorted(tags), []string{"other", "switched", "switched"}) {
		t.Errorf("after enable Copilot fired %v (want switched twice, other)", tags)
	}
}
