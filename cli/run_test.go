//go:build unix

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// runFixture is a temporary home and project.
type runFixture struct {
	home, project string
}

func newRunFixture(t *testing.T, trusted bool) *runFixture {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
	root := t.TempDir()
	f := &runFixture{home: filepath.Join(root, "home"), project: filepath.Join(root, "proj")}
	for _, d := range []string{filepath.Join(f.home, ".gemini"), filepath.Join(f.project, ".gemini")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if trusted {
		f.write(t, filepath.Join(f.home, ".gemini", "trustedFolders.json"), `{"`+f.project+`": "TRUST_FOLDER"}`)
	}
	return f
}

func (f *runFixture) write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func (f *runFixture) userSettings(t *testing.T, s string) {
	f.write(t, filepath.Join(f.home, ".gemini", "settings.json"), s)
}

func (f *runFixture) workspaceSettings(t *testing.T, s string) {
	f.write(t, filepath.Join(f.project, ".gemini", "settings.json"), s)
}

func (f *runFixture) run(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	return f.mainIn(t, stdin, append([]string{"run"}, args...)...)
}

// main runs any hookwarden command in the fixture.
func (f *runFixture) main(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	return f.mainIn(t, "", args...)
}

func (f *runFixture) mainIn(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	io := &IO{Agents: testAgents(), Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, Dir: f.project, GOOS: runtime.GOOS,
		Env: isolated(t, settingsio.Env{"HOME=" + f.home, "PATH=" + os.Getenv("PATH"),
			"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(f.home, "no-system", "settings.json")})}
	code := Main(context.Background(), args, io)
	return out.String(), errb.String(), code
}

const guardSettings = `{
  // a user-level guard
  "hooks": {"BeforeTool": [{"matcher": "write_file|replace", "hooks": [
    {"type": "command", "name": "guard", "command": "echo '{\"decision\":\"deny\",\"reason\":\"no writes\"}'"},
    {"type": "command", "name": "logger", "command": "echo logged; echo \"$GEMINI_SESSION_ID\" > \"$GEMINI_CWD/session.txt\""}
  ]}]}
}`

func TestRunSaysWhatGeminiWouldDo(t *testing.T) {
	t.Parallel()
	f := newRunFixture(t, true)
	f.userSettings(t, guardSettings)
	out, errOut, code := f.run(t, "", "--event", "BeforeTool", "--tool", "write_file")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	first := strings.SplitN(out, "\n", 2)[0]
	if first != "BeforeTool write_file: BLOCKED by guard — reason: no writes" {
		t.Fatalf("headline %q\n%s", first, out)
	}
	for _, want := range []string{"Tool execution blocked: no writes", "1. guard", "2. logger", "stdout: logged"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if _, err := os.Stat(filepath.Join(f.project, "session.txt")); err != nil {
		t.Errorf("hook did not run in the project folder: %v", err)
	}
	out, _, _ = f.run(t, "", "--event", "BeforeTool", "--tool", "read_file")
	if !strings.HasPrefix(out, "BeforeTool read_file: no hook runs") {
		t.Errorf("unmatched tool: %s", out)
	}
}

func TestRunJSONDocument(t *testing.T) {
	t.Parallel()
	f := newRunFixture(t, true)
	f.userSettings(t, guardSettings)
	out, errOut, code := f.run(t, "", "--event", "BeforeTool", "--tool", "replace", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct {
		Plan    struct{ Hooks []struct{ Name string } }
		Input   map[string]any
		Verdict struct{ Effect string }
		Results []struct {
			Name     string `json:"label"`
			ExitCode *int   `json:"exit_code"`
			Stdin    string
		} `json:"hooks"`
		Agent struct {
			Aggregated struct {
				Success     bool
				FinalOutput map[string]any `json:"final_output"`
			}
		}
		DurationMS float64 `json:"duration_ms"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(doc.Plan.Hooks) != 2 || len(doc.Results) != 2 || doc.Results[0].ExitCode == nil || *doc.Results[0].ExitCode != 0 {
		t.Fatalf("doc %+v", doc)
	}
	if doc.Verdict.Effect != "BLOCKED" || doc.Agent.Aggregated.FinalOutput["decision"] != "deny" || !doc.Agent.Aggregated.Success {
		t.Fatalf("verdict %+v aggregated %+v", doc.Verdict, doc.Agent.Aggregated)
	}
	if doc.Input["tool_name"] != "replace" || doc.Input["cwd"] != f.project || !strings.HasPrefix(doc.Results[0].Stdin, `{"session_id":`) {
		t.Fatalf("input %+v stdin %q", doc.Input, doc.Results[0].Stdin)
	}
}

func TestRunWorkspaceHooksNeedApproval(t *testing.T) {
	t.Parallel()
	f := newRunFixture(t, true)
	f.workspaceSettings(t, `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "setup", "command": "touch ran.txt; echo hi"}]}]}}`)
	marker := filepath.Join(f.project, "ran.txt")
	out, errOut, code := f.run(t, "", "--event", "SessionStart", "--trigger", "startup")
	if code != ExitNeedsReview || !strings.Contains(errOut, "not approved") || !strings.Contains(out, "Not run: setup") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("an unapproved workspace hook ran")
	}
	// trusted in trusted_hooks.json only (as Gemini CLI itself approves):
	// approved outside Hookwarden, nothing fingerprinted, still held back
	f.write(t, filepath.Join(f.home, ".gemini", "trusted_hooks.json"), `{"`+f.project+`": ["setup:touch ran.txt; echo hi"]}`)
	out, errOut, code = f.run(t, "", "--event", "SessionStart", "--trigger", "startup")
	if code != ExitNeedsReview || !strings.Contains(out, "Not run: setup") {
		t.Fatalf("approved outside Hookwarden: exit %d\n%s\n%s", code, out, errOut)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("a hook approved outside Hookwarden ran")
	}
	// approved in Hookwarden: runs without --yes
	if _, errOut, code := f.main(t, "trust", "setup"); code != 0 {
		t.Fatalf("trust setup: exit %d\n%s", code, errOut)
	}
	out, errOut, code = f.run(t, "", "--event", "SessionStart", "--trigger", "startup")
	if code != 0 {
		t.Fatalf("approved: exit %d\n%s\n%s", code, out, errOut)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("the approved hook did not run")
	}
	os.Remove(marker)
	f.write(t, filepath.Join(f.home, ".gemini", "trusted_hooks.json"), `{}`)
	if _, _, code = f.run(t, "", "--event", "SessionStart", "--trigger", "startup", "--yes"); code != 0 {
		t.Fatalf("--yes: exit %d", code)
	}
	if _, err := os.Stat(marker); err != nil {
		t.Fatal("--yes did not run the hook")
	}
}

func TestRunUntrustedFolder(t *testing.T) {
	t.Parallel()
	f := newRunFixture(t, false)
	f.userSettings(t, guardSettings)
	out, _, code := f.run(t, "", "--event", "BeforeTool", "--tool", "write_file")
	if code != 0 || !strings.HasPrefix(out, "BeforeTool write_file: no hook runs") || !strings.Contains(out, "--as-trusted") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	out, _, code = f.run(t, "", "--event", "BeforeTool", "--tool", "write_file", "--as-trusted")
	if code != 0 || !strings.HasPrefix(out, "BeforeTool write_file: BLOCKED by guard") {
		t.Fatalf("--as-trusted: exit %d\n%s", code, out)
	}
}

func TestRunInputAndHookSelection(t *testing.T) {
	t.Parallel()
	f := newRunFixture(t, true)
	f.userSettings(t, `{"hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [
		{"type": "command", "name": "no-rm", "command": "grep -q 'rm -rf' && { echo 'rm -rf refused' >&2; exit 2; } || true"},
		{"type": "command", "name": "other", "command": "echo other"}]}]}}`)
	input := `{"tool_name": "run_shell_command", "tool_input": {"command": "rm -rf /"}}`
	out, errOut, code := f.run(t, input, "--event", "BeforeTool", "--input", "-", "--hook", "no-rm")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.HasPrefix(out, "BeforeTool run_shell_command: BLOCKED by no-rm — reason: rm -rf refused") || strings.Contains(out, "2. other") {
		t.Fatalf("%s", out)
	}
	if !strings.Contains(out, "Only 1 of the 2 planned hooks ran") {
		t.Errorf("no note about the selection:\n%s", out)
	}
	_, errOut, code = f.run(t, input, "--event", "BeforeTool", "--input", "-", "--hook", "nope")
	if code != ExitUsage || !strings.Contains(errOut, `no hook "nope"`) {
		t.Fatalf("unknown hook: exit %d %s", code, errOut)
	}
	_, errOut, code = f.run(t, "[1]", "--event", "BeforeTool", "--tool", "x", "--input", "-")
	if code != ExitFailure || !strings.Contains(errOut, "must be a JSON object") {
		t.Fatalf("bad input: exit %d %s", code, errOut)
	}
	_, _, code = f.run(t, "", "--event", "Nope")
	if code != ExitUsage {
		t.Fatalf("bad event: exit %d", code)
	}
}
