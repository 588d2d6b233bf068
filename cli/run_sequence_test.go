//go:build linux

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
)

// TestSandboxedSequenceSaysWhatALaterHookDidNotSee is issue 28's isolation
// guard for the hooks of one event, per agent, as a project would write it
// to make a dry run say less than the agent does. Hook 1 writes a file in
// the project, leaves a background process and changes its working
// folder; hook 2 blocks the tool when that file is there and prints its
// working folder. Copilot CLI always runs an event's hooks one after
// another, Gemini CLI and Qwen Code when a definition says sequential
// (conformance: copilot-live, qwen-live; Gemini CLI's reference): under the
// agent hook 2 sees the file and blocks, as the direct run (--yes
// --no-sandbox) shows. In the sandbox each hook's writes and processes end
// with its own sandbox, so hook 2 saw the project as it was and the tool
// goes ahead: the dry run must say so (a note on the run, a warning on
// hook 2) rather than show a verdict the agent would not reach without a
// word. A working folder is each process's own: hook 2 starts in the
// project in both modes. Claude Code runs an event's hooks in parallel
// (claude-live): no hook waits for another, so there is nothing to say.
func TestSandboxedSequenceSaysWhatALaterHookDidNotSee(t *testing.T) {
	sandboxtest.Require(t)
	first := `echo one > marker.txt; cd /tmp; (sleep 5 >/dev/null 2>&1 &)`
	second := `pwd >&2; if [ -f marker.txt ]; then echo %s; fi`
	for _, c := range seqCases() {
		t.Run(c.agent, func(t *testing.T) {
			project, run := seqRun(t, c, first, second)
			boxed := run("--sandbox")
			if _, err := os.Stat(filepath.Join(project, "marker.txt")); err == nil {
				t.Fatalf("the sandboxed hook's file reached the project")
			}
			real := run("--yes", "--no-sandbox")
			for mode, text := range map[string]string{"sandboxed": boxed, "direct": real} {
				if strings.Count(text, project+"\n") < 1 || strings.Contains(text, "\n/tmp\n") {
					t.Errorf("%s: hook 2 did not start in the project:\n%s", mode, text)
				}
			}
			if c.sequential && !strings.Contains(real, "BLOCKED") {
				t.Fatalf("direct: hook 2 did not see hook 1's file, as the agent's hook would:\n%s", real)
			}
			says := strings.Contains(boxed, "did not see what the earlier ones wrote") &&
				strings.Contains(boxed, "! ran without what hook 1 (") && strings.Contains(boxed, "; its report shows changed files or processes left running) wrote")
			switch {
			case c.sequential && strings.Contains(boxed, "BLOCKED"):
				// the sandbox showed hook 2 hook 1's file: as the agent does
			case c.sequential && !says:
				t.Errorf("sandboxed: hook 2 saw the project as it was and the dry run does not say so:\n%s", boxed)
			case !c.sequential && says:
				t.Errorf("sandboxed, hooks in parallel: a note about an order the agent does not keep:\n%s", boxed)
			}
		})
	}
}

// TestSandboxedSequenceSaysSoWhenTheWriteIsInTmp: hook 1 writes only
// under /tmp, which the sandbox gives each hook empty and its report does
// not list; Copilot CLI's hook 2 would see the file there and deny. The run
// must still say that its later hook did not see what the earlier one
// wrote (it cannot name the file).
func TestSandboxedSequenceSaysSoWhenTheWriteIsInTmp(t *testing.T) {
	sandboxtest.Require(t)
	root := t.TempDir()
	project, home := filepath.Join(root, "p"), filepath.Join(root, "h")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(project, 0o755))
	project, _ = filepath.EvalSymlinks(project)
	mark := "/tmp/hookwarden-seq-" + filepath.Base(root)
	t.Cleanup(func() { os.Remove(mark) })
	writeFile(t, filepath.Join(project, ".github", "hooks", "hooks.json"), `{"version": 1, "hooks": {"preToolUse": [
  {"type": "command", "bash": "echo one > `+mark+`"},
  {"type": "command", "bash": "if [ -f `+mark+` ]; then echo '{\"permissionDecision\":\"deny\",\"permissionDecisionReason\":\"saw it\"}'; fi"}]}}`, 0o644)
	writeFile(t, filepath.Join(home, ".copilot", "config.json"), `{"trustedFolders": [`+q(project)+`]}`, 0o644)
	var out bytes.Buffer
	cio := &IO{Agents: testAgents(), Dir: project, GOOS: runtime.GOOS, Init: sandboxtest.Init(t), Stdout: &out, Stderr: &out,
		Env: []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "store"), "PATH=" + os.Getenv("PATH")}}
	if code := Main(context.Background(), []string{"run", "--agent", "copilot", "--event", "preToolUse", "--tool", "x", "--sandbox"}, cio); code != 0 {
		t.Fatalf("exit %d\n%s", code, out.String())
	}
	if _, err := os.Stat(mark); err == nil {
		t.Fatalf("the sandboxed hook's /tmp file reached the real /tmp")
	}
	if text := out.String(); !strings.Contains(text, "BLOCKED") && !strings.Contains(text, "did not see what the earlier ones wrote") {
		t.Errorf("hook 2 ran without hook 1's /tmp file and the dry run does not say so:\n%s", text)
	}
	// run --json, which a CI reads: Copilot CLI's document has no notes,
	// so hook 2's own warnings must say it
	out.Reset()
	if code := Main(context.Background(), []string{"run", "--agent", "copilot", "--event", "preToolUse", "--tool", "x", "--sandbox", "--json"}, cio); code != 0 {
		t.Fatalf("--json: exit %d\n%s", code, out.String())
	}
	var doc struct {
		Hooks []struct {
			Warnings []string `json:"warnings"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil || len(doc.Hooks) != 2 {
		t.Fatalf("--json: %v\n%s", err, out.String())
	}
	if !strings.Contains(strings.Join(doc.Hooks[1].Warnings, "\n"), "hook 1") {
		t.Errorf("--json: hook 2 has no warning that it ran without what hook 1 wrote: %q", doc.Hooks[1].Warnings)
	}
}

// q is s as a JSON string.
func q(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
	return `"` + r.Replace(s) + `"`
}
