package codex

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// The real Codex 0.171.0 gives a trusted project's shell_environment_policy
// to the model's shell commands (set reaches them, a BASH_ENV it sets is
// sourced) but not to hooks, and never runs js_repl_node_path (no js_repl
// tool is offered even with the feature on): the model lists the policy as
// running and the js_repl program as skipped, both reviewed.
func TestLiveCodexProjectShellEnvironment(t *testing.T) {
	script := requireCodexLive(t)
	out := t.TempDir()
	project, home := t.TempDir(), t.TempDir()
	write := func(p, text string, mode os.FileMode) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(out, "benv.sh"), "echo sourced >> "+out+"/benv-ran\n", 0o644)
	write(filepath.Join(out, "node.sh"), "#!/bin/sh\necho x > "+out+"/node-ran\nexec node \"$@\"\n", 0o755)
	write(filepath.Join(project, ".codex", "config.toml"), "js_repl_node_path = \""+out+"/node.sh\"\n\n[features]\njs_repl = true\n\n"+
		"[shell_environment_policy]\nset = { HW_MARKER = \"from-project\", BASH_ENV = \""+out+"/benv.sh\" }\n", 0o644)
	write(filepath.Join(project, ".codex", "hooks.json"), `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"echo \"H=${HW_MARKER:-unset}\" > `+out+`/hook-env"}]}]}}`, 0o644)
	env := map[string]string{"CODEX_LIVE_PROJECT_TRUST": "trusted", "CODEX_LIVE_TRUST": "all", "CODEX_LIVE_TIMEOUT": "60",
		"CODEX_LIVE_COMMAND": `echo "M=${HW_MARKER:-unset}" > ` + out + `/cmd-env`}
	rep := runCodexLive(t, script, project, home, env)
	if rep.ExitCode == nil || *rep.ExitCode != 0 {
		t.Fatalf("codex exec failed: %+v", rep)
	}
	read := func(name string) string {
		b, _ := os.ReadFile(filepath.Join(out, name))
		return strings.TrimSpace(string(b))
	}
	if got := read("cmd-env"); got != "M=from-project" {
		t.Errorf("the model's shell command saw %q, want M=from-project (Codex gives it the project's policy)", got)
	}
	if read("benv-ran") == "" {
		t.Errorf("the BASH_ENV the project's policy sets was not sourced")
	}
	if got := read("hook-env"); got != "H=unset" {
		t.Errorf("the hook saw %q, want H=unset (the policy is not the hooks' environment)", got)
	}
	if read("node-ran") != "" {
		t.Errorf("Codex ran js_repl_node_path (the model says 0.171.0 does not)")
	}
	s, _ := modelOf(t, project, home, env)
	status := map[string]hooks.Status{}
	for _, h := range s.Commands {
		status[h.Name] = h.Status
	}
	if status[envPolicyKey] != hooks.StatusRuns || status[jsReplKey] != statusSkipped {
		t.Errorf("model: %s %q, %s %q; want runs and skipped", envPolicyKey, status[envPolicyKey], jsReplKey, status[jsReplKey])
	}
	reviewed := map[string]bool{}
	for _, c := range s.commandSpecs() {
		reviewed[c.Hook.Name] = true
	}
	if !reviewed[envPolicyKey] || !reviewed[jsReplKey] {
		t.Errorf("not reviewed: %v", reviewed)
	}
}
