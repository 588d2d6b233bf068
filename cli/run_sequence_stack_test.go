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

// seqCase is an agent's event with two hooks, first and second, in its
// project file.
type seqCase struct {
	agent, event, file, deny string
	body                     func(first, second string) string
	sequential               bool
}

func seqCases() []seqCase {
	return []seqCase{
		{agent: "copilot", event: "preToolUse", file: ".github/hooks/hooks.json", sequential: true,
			deny: `'{"permissionDecision":"deny","permissionDecisionReason":"saw marker"}'`,
			body: func(a, b string) string {
				return `{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": ` + q(a) + `}, {"type": "command", "bash": ` + q(b) + `}]}}`
			}},
		{agent: "gemini", event: "BeforeTool", file: ".gemini/settings.json", sequential: true,
			deny: `'{"decision":"deny","reason":"saw marker"}'`,
			body: func(a, b string) string {
				return `{"hooks": {"BeforeTool": [{"matcher": "", "sequential": true, "hooks": [{"type": "command", "name": "one", "command": ` + q(a) + `}, {"type": "command", "name": "two", "command": ` + q(b) + `}]}]}}`
			}},
		{agent: "qwen", event: "PreToolUse", file: ".qwen/settings.json", sequential: true,
			deny: `'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"saw marker"}}'`,
			body: func(a, b string) string {
				return `{"hooks": {"PreToolUse": [{"matcher": "", "sequential": true, "hooks": [{"type": "command", "command": ` + q(a) + `}, {"type": "command", "command": ` + q(b) + `}]}]}}`
			}},
		{agent: "claude", event: "PreToolUse", file: ".claude/settings.json",
			deny: `'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"saw marker"}}'`,
			body: func(a, b string) string {
				return `{"hooks": {"PreToolUse": [{"matcher": "", "hooks": [{"type": "command", "command": ` + q(a) + `}, {"type": "command", "command": ` + q(b) + `}]}]}}`
			}},
	}
}

// seqRun builds c's project with the two hooks and returns a function that
// dry-runs its event with the given flags (exit 0 expected).
func seqRun(t *testing.T, c seqCase, first, second string) (project string, run func(mode ...string) string) {
	t.Helper()
	root := t.TempDir()
	project, home := filepath.Join(root, "p"), filepath.Join(root, "h")
	for _, d := range []string{filepath.Dir(filepath.Join(project, c.file)), filepath.Join(home, ".copilot"), filepath.Join(home, ".claude")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	project, _ = filepath.EvalSymlinks(project)
	writeFile(t, filepath.Join(project, c.file), c.body(first, strings.ReplaceAll(second, "%s", c.deny)), 0o644)
	writeFile(t, filepath.Join(home, ".copilot", "config.json"), `{"trustedFolders": [`+q(project)+`]}`, 0o644)
	return project, func(mode ...string) string {
		var out bytes.Buffer
		cio := &IO{Agents: testAgents(), Dir: project, GOOS: runtime.GOOS, Init: sandboxtest.Init(t), Stdout: &out, Stderr: &out,
			Env: []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "store"), "PATH=" + os.Getenv("PATH"),
				"GEMINI_CLI_TRUST_WORKSPACE=true", "GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "none.json")}}
		code := Main(context.Background(), append([]string{"run", "--agent", c.agent, "--event", c.event, "--tool", "x"}, mode...), cio)
		if code != 0 {
			t.Fatalf("run %v: exit %d\n%s", mode, code, out.String())
		}
		return out.String()
	}
}

// TestSandboxedSequenceShowsTheEarlierHooksFiles is issue 28's layered
// view: in an event the agent runs one after another, a sandboxed hook 2
// sees the file a sandboxed hook 1 wrote in the project, as under the
// agent, so the dry run reaches the agent's verdict (BLOCKED, as the
// direct run shows) and, its view being the agent's, warns of nothing;
// the file never reaches the real project, and each hook's report holds
// its own writes only (hook 2 wrote nothing). Hooks an agent runs in
// parallel share nothing: Claude Code's hook 2 does not see hook 1's
// file. Fails on main: each sandboxed hook saw the project as it was, and
// the tool went ahead.
func TestSandboxedSequenceShowsTheEarlierHooksFiles(t *testing.T) {
	sandboxtest.Require(t)
	for _, c := range seqCases() {
		t.Run(c.agent, func(t *testing.T) {
			project, run := seqRun(t, c, `echo one > marker.txt`, `if [ -f marker.txt ]; then echo %s; fi`)
			boxed := run("--sandbox")
			if _, err := os.Stat(filepath.Join(project, "marker.txt")); err == nil {
				t.Fatalf("the sandboxed hook's file reached the project")
			}
			if !c.sequential {
				if strings.Contains(boxed, "BLOCKED") || strings.Contains(boxed, "did not see") {
					t.Errorf("hooks in parallel: hook 2 saw hook 1's file, or a note about an order the agent does not keep:\n%s", boxed)
				}
				return
			}
			if !strings.Contains(boxed, "BLOCKED") {
				t.Errorf("sandboxed: hook 2 did not see hook 1's file, as the agent's hook 2 would:\n%s", boxed)
			}
			if strings.Contains(boxed, "did not see") || strings.Contains(boxed, "ran without") {
				t.Errorf("sandboxed: a warning where the view was the agent's:\n%s", boxed)
			}
			type hookDoc struct {
				Warnings []string `json:"warnings"`
				Sandbox  *struct {
					Files []struct {
						Path string `json:"path"`
					} `json:"files"`
					SawEarlier int `json:"sawEarlier"`
				} `json:"sandbox"`
			}
			var doc struct {
				Hooks   []hookDoc `json:"hooks"`
				Results []hookDoc `json:"results"` // Gemini CLI's document
			}
			text := run("--sandbox", "--json")
			err := json.Unmarshal([]byte(text), &doc)
			hs := doc.Hooks
			if len(hs) == 0 {
				hs = doc.Results
			}
			if err != nil || len(hs) != 2 || hs[0].Sandbox == nil || hs[1].Sandbox == nil {
				t.Fatalf("--json: %v\n%s", err, text)
			}
			one, two := hs[0].Sandbox, hs[1].Sandbox
			if len(one.Files) != 1 || !strings.HasSuffix(one.Files[0].Path, "/marker.txt") || len(two.Files) != 0 {
				t.Errorf("--json: the reports do not hold each hook's own files: hook 1 %+v, hook 2 %+v", one.Files, two.Files)
			}
			if two.SawEarlier != 1 || len(hs[1].Warnings) != 0 {
				t.Errorf("--json: hook 2 saw %d earlier hook(s), warnings %q", two.SawEarlier, hs[1].Warnings)
			}
		})
	}
}

// TestSandboxedSequenceStillSaysWhatWasNotCarried: hook 1 writes the
// project file and a file in /tmp, or leaves a process running; hook 2
// sees the file (BLOCKED) but not the rest, which ends with hook 1's
// sandbox: its warning must name it, and the run's note say that it did
// not see it.
func TestSandboxedSequenceStillSaysWhatWasNotCarried(t *testing.T) {
	sandboxtest.Require(t)
	for _, c := range []struct{ first, named string }{
		{`echo one > marker.txt; echo t > /tmp/seq-left`, "/tmp/seq-left"},
		{`echo one > marker.txt; (sleep 5 >/dev/null 2>&1 &)`, "1 process(es) left running"},
	} {
		_, run := seqRun(t, seqCases()[0], c.first, `if [ -f marker.txt ]; then echo %s; fi`)
		boxed := run("--sandbox")
		if !strings.Contains(boxed, "BLOCKED") {
			t.Errorf("hook 2 did not see hook 1's project file:\n%s", boxed)
		}
		if !strings.Contains(boxed, "did not see what the earlier ones wrote under /tmp, /var/tmp or /dev/shm or left running") || !strings.Contains(boxed, c.named) {
			t.Errorf("what hook 2 did not see (%s) is not said:\n%s", c.named, boxed)
		}
	}
}
