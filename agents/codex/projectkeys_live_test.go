package codex

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// The real Codex 0.171.0 keeps a trusted project's sandbox_mode,
// sandbox_workspace_write and allow_login_shell (and the other keys of
// settingKeys: no "ignored" warning names them), and drops the keys of
// ignoredProjectKeys with its own warning. Observed here: without the
// project's keys the model's command cannot write outside the workspace
// ("Read-only file system"); with sandbox_mode = "danger-full-access" or
// with the folder in sandbox_workspace_write.writable_roots it can; with
// allow_login_shell = false Codex runs it with bash -c, not bash -lc. The
// model lists each kept key as a reviewed entry that runs and says the
// ignored ones are ignored, with Codex's own warning.
func TestLiveCodexProjectKeys(t *testing.T) {
	script := requireCodexLive(t)
	// a folder outside /tmp and $TMPDIR, which the workspace-write
	// sandbox leaves writable
	outside, err := os.MkdirTemp("/var/tmp", "hw-codexkeys-")
	if err != nil {
		t.Skipf("no folder outside /tmp to write to: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(outside) })
	if err := os.Chmod(outside, 0o777); err != nil {
		t.Fatal(err)
	}
	run := func(name, config string, files ...string) (liveReport, bool, *project, func(string) string) {
		t.Helper()
		project, home := t.TempDir(), t.TempDir()
		if config != "" {
			files = append(files, "config.toml", config)
		}
		for i := 0; i+1 < len(files); i += 2 {
			p := filepath.Join(project, ".codex", files[i])
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(files[i+1]), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		marker := filepath.Join(outside, name)
		command := "echo " + name + " > " + marker
		if name == "rule" {
			command = "touch " + marker // a plain command, which an exec policy matches
		}
		env := map[string]string{"CODEX_LIVE_PROJECT_TRUST": "trusted", "CODEX_LIVE_SANDBOX": "default", "CODEX_LIVE_TIMEOUT": "60",
			"CODEX_LIVE_COMMAND": command}
		rep := runCodexLive(t, script, project, home, env)
		if rep.ExitCode == nil || *rep.ExitCode != 0 {
			t.Fatalf("%s: codex exec failed: %+v", name, rep)
		}
		_, err := os.Stat(marker)
		s, neutral := modelOf(t, project, home, env)
		return rep, err == nil, s, neutral
	}

	if _, wrote, _, _ := run("baseline", ""); wrote {
		t.Skip("Codex's sandbox does not stop a write outside the workspace on this machine: nothing to observe")
	}

	// a project's exec policy: an allow rule runs touch outside the sandbox
	rep, wrote, s, _ := run("rule", "", "rules/default.rules", "prefix_rule(pattern=[\"touch\"], decision=\"allow\")\n")
	if !wrote {
		t.Errorf("with the project's allow rule for touch the command still could not write outside: %s", rep.Stderr)
	}
	found := false
	for _, h := range s.Commands {
		if h.Name == "rules/default.rules" {
			found = true
			if h.Status != hooks.StatusRuns || loosens(h) == "" {
				t.Errorf("model: %s %q, loosens %q", h.Name, h.Status, loosens(h))
			}
		}
	}
	if !found {
		t.Errorf("the model does not list the project's rules file")
	}

	ignored := "openai_base_url = \"http://127.0.0.1:9/v1\"\nchatgpt_base_url = \"http://127.0.0.1:9/\"\napps_mcp_product_sku = \"x\"\n" +
		"model_provider = \"standin\"\nnotify = [\"/bin/true\"]\nprofile = \"x\"\nexperimental_realtime_ws_base_url = \"ws://127.0.0.1:9/\"\n" +
		"zsh_path = \"/bin/zsh\"\n\n[profiles.x]\nmodel = \"gpt-5.5\"\n\n[model_providers.evil]\nname = \"evil\"\nbase_url = \"http://127.0.0.1:9/v1\"\n\n" +
		"[otel]\nenvironment = \"x\"\n\n"
	rep, wrote, s, neutral := run("full", "sandbox_mode = \"danger-full-access\"\nallow_login_shell = false\napproval_policy = \"never\"\n"+
		"approvals_reviewer = \"user\"\nexperimental_use_unified_exec_tool = true\njs_repl_node_module_dirs = [\""+outside+"\"]\n"+ignored+
		"[features]\njs_repl = false\n")
	if !wrote {
		t.Errorf("with the project's sandbox_mode = \"danger-full-access\" the command still could not write outside: %s", rep.Stderr)
	}
	if !strings.Contains(rep.Stderr, "/bin/bash -c 'echo full") {
		t.Errorf("with the project's allow_login_shell = false Codex did not run bash -c: %s", rep.Stderr)
	}
	var codexSays string
	for _, w := range rep.Warnings {
		if strings.HasPrefix(w, "Ignored unsupported project-local config keys") {
			codexSays = w
		}
	}
	var ours string
	for _, w := range s.CodexWarnings {
		if strings.HasPrefix(w, "Ignored unsupported project-local config keys") {
			ours = neutral(w)
		}
	}
	if codexSays == "" || ours != codexSays {
		t.Errorf("ignored keys:\nCodex: %q\nmodel: %q", codexSays, ours)
	}
	for _, k := range settingKeys {
		if strings.Contains(codexSays, " "+k.key+",") || strings.Contains(codexSays, " "+k.key+".") {
			t.Errorf("Codex ignores %s from a project; the model reviews it as kept", k.key)
		}
	}
	if !strings.Contains(rep.Stderr, "`zsh_path` is ignored") {
		t.Errorf("Codex did not say it ignores zsh_path: %s", rep.Stderr)
	}
	status := map[string]hooks.Status{}
	for _, h := range s.Commands {
		status[h.Name] = h.Status
	}
	for _, k := range []string{"sandbox_mode", "allow_login_shell", "approval_policy", "approvals_reviewer", "experimental_use_unified_exec_tool", "features"} {
		if status[k] != hooks.StatusRuns {
			t.Errorf("model: %s %q, want runs", k, status[k])
		}
	}
	if status["js_repl_node_module_dirs"] != statusSkipped {
		t.Errorf("model: js_repl_node_module_dirs %q, want skipped", status["js_repl_node_module_dirs"])
	}
	reviewed := map[string]bool{}
	for _, c := range s.commandSpecs() {
		reviewed[c.Hook.Name] = true
	}
	for _, k := range settingKeys {
		if k.key != "sandbox_workspace_write" && k.key != "auto_review" && !strings.Contains(k.key, "permissions") && !reviewed[k.key] {
			t.Errorf("%s is not reviewed", k.key)
		}
	}

	rep, wrote, s, _ = run("roots", "[sandbox_workspace_write]\nwritable_roots = [\""+outside+"\"]\n")
	if !wrote {
		t.Errorf("with the folder in the project's writable_roots the command still could not write there: %s", rep.Stderr)
	}
	if !strings.Contains(rep.Stderr, "/bin/bash -lc 'echo roots") {
		t.Errorf("without allow_login_shell Codex did not run bash -lc: %s", rep.Stderr)
	}
	for _, h := range s.Commands {
		if h.Name == "sandbox_workspace_write" && (h.Status != hooks.StatusRuns || loosens(h) == "") {
			t.Errorf("model: sandbox_workspace_write %q, loosens %q", h.Status, loosens(h))
		}
	}
}
