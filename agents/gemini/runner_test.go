//go:build unix

package gemini

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

func requireBash(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
}

func cmdHook(name, command string) *hooks.Hook {
	return &hooks.Hook{ID: name, Event: beforeTool, Type: "command", Name: name, Command: command, Ext: &HookFacts{Source: sourceProject}}
}

func testInput(t *testing.T, cwd string) *hooks.Object {
	t.Helper()
	fields := hooks.NewObject(2)
	fields.Set("tool_name", "read_file")
	ti := hooks.NewObject(1)
	ti.Set("file_path", "notes.txt")
	fields.Set("tool_input", ti)
	return newInput(inputBase{SessionID: "sess-1", TranscriptPath: filepath.Join(cwd, "t.json"), Cwd: cwd, Event: beforeTool, Timestamp: time.Unix(0, 0)}, fields)
}

// testRunner runs hooks in a clean environment: a throw-away HOME, no
// BASH_ENV, the real PATH only.
func testRunner(t testing.TB) *runner {
	return &runner{Env: testenv.CleanEnv(t), PlansDir: filepath.Join(t.TempDir(), "plans"), Grace: 200 * time.Millisecond}
}

// hookCap bounds how long a test waits for a run that must end: generous,
// so a loaded machine never reaches it.
const hookCap = 2 * time.Minute

// lateTimeoutMS is the time-out of a hook that never ends but must print
// first: far longer than starting bash takes on a loaded machine.
const lateTimeoutMS = 5000

// endsSoon reports whether pid stops running (zombies do not count) within
// a generous cap.
func endsSoon(pid int) bool {
	return testenv.WaitUntil(hookCap, func() bool { return !testenv.Alive(pid) })
}

func runOne(t *testing.T, r *runner, h *hooks.Hook) result {
	t.Helper()
	cwd := t.TempDir()
	out := r.Run(context.Background(), request{Plan: &agents.Plan{Event: h.Event, Hooks: []*hooks.Hook{h}}, Input: testInput(t, cwd), FolderTrusted: true})
	return out.Results[0]
}

func TestRunnerOrphanHoldingPipesDoesNotHoldResult(t *testing.T) {
	requireBash(t)
	r := testRunner(t)
	h := cmdHook("bg", `sleep 100 & echo "$!" >&2; echo '{"decision":"deny","reason":"r"}'`)
	h.HasTimeout, h.TimeoutMS = true, 30000
	done := make(chan result, 1)
	go func() { done <- runOne(t, r, h) }()
	var res result
	select {
	case res = <-done:
	case <-time.After(hookCap):
		t.Fatal("the result waited for the background sleep")
	}
	pid, err := strconv.Atoi(strings.TrimSpace(res.Stderr))
	if err != nil {
		t.Fatalf("stderr %q: %v", res.Stderr, err)
	}
	defer syscall.Kill(pid, syscall.SIGKILL)
	if !res.PipesHeld || res.TimedOut || !res.Success || res.Error != "" {
		t.Fatalf("got PipesHeld=%v TimedOut=%v Success=%v Error=%q", res.PipesHeld, res.TimedOut, res.Success, res.Error)
	}
	if decisionOf(res.Output) != "deny" {
		t.Fatalf("output %s", hooks.AppendJSON(nil, res.Output))
	}
	if !hasWarning(res.Warnings, hooks.WarnPipesHeld) {
		t.Fatalf("no %s warning: %+v", hooks.WarnPipesHeld, res.Warnings)
	}
	// Once the result is in, the background sleep is ended too.
	if !endsSoon(pid) {
		t.Errorf("the background sleep %d outlived the dry run", pid)
	}
}

func TestRunnerEndsBackgroundJobsAfterTheResult(t *testing.T) {
	requireBash(t)
	h := cmdHook("bg", `sleep 100 >/dev/null 2>&1 & echo "$!"`)
	res := runOne(t, testRunner(t), h)
	pid, err := strconv.Atoi(strings.TrimSpace(res.Stdout))
	if err != nil {
		t.Fatalf("stdout %q: %v", res.Stdout, err)
	}
	defer syscall.Kill(pid, syscall.SIGKILL)
	if !endsSoon(pid) {
		t.Errorf("the background job %d outlived the dry run", pid)
	}
}

func TestRunnerTimeoutKillsBackgroundChildren(t *testing.T) {
	requireBash(t)
	r := testRunner(t)
	h := cmdHook("slow", `sleep 100 & echo "$!"; echo partial; wait`)
	h.HasTimeout, h.TimeoutMS = true, lateTimeoutMS
	done := make(chan result, 1)
	go func() { done <- runOne(t, r, h) }()
	var res result
	select {
	case res = <-done:
	case <-time.After(hookCap):
		t.Fatal("timed-out hook did not return")
	}
	lines := strings.Fields(res.Stdout)
	if len(lines) != 2 || lines[1] != "partial" {
		t.Fatalf("stdout %q", res.Stdout)
	}
	pid, _ := strconv.Atoi(lines[0])
	if !res.TimedOut || res.Error != "Hook timed out after 5000ms" || res.Output != nil || res.HasExitCode {
		t.Fatalf("got %+v", res)
	}
	if !endsSoon(pid) {
		syscall.Kill(pid, syscall.SIGKILL)
		t.Fatalf("background child %d survived the timeout", pid)
	}
}

func TestRunnerTimeoutWithTermIgnoringChild(t *testing.T) {
	requireBash(t)
	r := testRunner(t)
	// The grandchild ignores SIGTERM and keeps the pipes; SIGKILL after the
	// grace period must end it.
	h := cmdHook("stubborn", `bash -c 'trap "" TERM; sleep 100' & echo started; wait`)
	h.HasTimeout, h.TimeoutMS = true, lateTimeoutMS
	done := make(chan result, 1)
	go func() { done <- runOne(t, r, h) }()
	select {
	case res := <-done:
		if !res.TimedOut || strings.TrimSpace(res.Stdout) != "started" {
			t.Fatalf("got TimedOut=%v stdout=%q", res.TimedOut, res.Stdout)
		}
	case <-time.After(hookCap):
		t.Fatal("hook with a TERM-ignoring child did not return")
	}
}

func TestRunnerCancel(t *testing.T) {
	requireBash(t)
	r := testRunner(t)
	ctx, cancel := context.WithCancel(context.Background())
	plan := &agents.Plan{Event: beforeTool, Hooks: []*hooks.Hook{cmdHook("a", "echo go; sleep 100"), cmdHook("b", "sleep 100")}}
	started := make(chan struct{})
	go func() {
		time.Sleep(300 * time.Millisecond)
		close(started)
		cancel()
	}()
	done := make(chan outcome, 1)
	go func() {
		done <- r.Run(ctx, request{Plan: plan, Input: testInput(t, t.TempDir()), FolderTrusted: true})
	}()
	select {
	case out := <-done:
		<-started
		for _, res := range out.Results {
			if !res.Cancelled || res.Error != errCancelled || res.Success {
				t.Fatalf("result %s: %+v", res.Hook.Name, res)
			}
		}
		if out.Aggregated.Success {
			t.Fatal("aggregated success after cancel")
		}
	case <-time.After(hookCap):
		t.Fatal("cancel did not stop the run")
	}
}

func TestRunnerStreamCap(t *testing.T) {
	requireBash(t)
	r := testRunner(t)
	r.StreamCap = 1000
	res := runOne(t, r, cmdHook("big", `head -c 100000 /dev/zero | tr '\0' x`))
	if len(res.Stdout) != 1000 || !res.Truncated || !res.Success {
		t.Fatalf("len=%d truncated=%v success=%v", len(res.Stdout), res.Truncated, res.Success)
	}
	if !hasWarning(res.Warnings, hooks.WarnTruncated) {
		t.Fatal("no truncation warning")
	}
}

func TestRunnerReportsDurationsAndSpawnErrors(t *testing.T) {
	requireBash(t)
	r := testRunner(t)
	res := runOne(t, r, cmdHook("sleepy", "sleep 0.1"))
	if res.Duration < 100*time.Millisecond {
		t.Fatalf("duration %v shorter than the hook", res.Duration)
	}
	r.Env = []string{"PATH=/nonexistent"}
	res = runOne(t, r, cmdHook("nobash", "true"))
	if res.Error != "spawn bash ENOENT" || res.HasExitCode || res.Success {
		t.Fatalf("got %+v", res)
	}
}

func TestRunnerParallelKeepsPlanOrderAndSequentialChains(t *testing.T) {
	requireBash(t)
	r := testRunner(t)
	plan := &agents.Plan{Event: beforeTool, Hooks: []*hooks.Hook{
		cmdHook("slow", `sleep 0.3; echo '{"hookSpecificOutput":{"tool_input":{"file_path":"b.txt","x":1}}}'`),
		cmdHook("echo", `cat`),
	}}
	out := r.Run(context.Background(), request{Plan: plan, Input: testInput(t, t.TempDir()), FolderTrusted: true})
	if out.Results[0].Hook.Name != "slow" || !strings.Contains(out.Results[1].Stdout, `"file_path":"notes.txt"`) {
		t.Fatalf("parallel: %q", out.Results[1].Stdout)
	}
	plan.Sequential = true
	out = r.Run(context.Background(), request{Plan: plan, Input: testInput(t, t.TempDir()), FolderTrusted: true})
	if !strings.Contains(out.Results[1].Stdout, `"tool_input":{"file_path":"b.txt","x":1}`) {
		t.Fatalf("sequential: %q", out.Results[1].Stdout)
	}
}

func TestRunnerUntrustedAndInvalidHooks(t *testing.T) {
	requireBash(t)
	r := testRunner(t)
	cwd := t.TempDir()
	plan := &agents.Plan{Event: beforeTool, Hooks: []*hooks.Hook{cmdHook("a", "touch ran")}}
	out := r.Run(context.Background(), request{Plan: plan, Input: testInput(t, cwd), FolderTrusted: false})
	if out.Results[0].Error != errUntrustedFolder {
		t.Fatalf("got %q", out.Results[0].Error)
	}
	if _, err := os.Stat(filepath.Join(cwd, "ran")); err == nil {
		t.Fatal("the hook ran in an untrusted folder")
	}
	for _, tc := range []struct {
		hook *hooks.Hook
		want string
	}{
		{&hooks.Hook{Type: "plugin", Name: "p", Ext: &HookFacts{Source: sourceProject}}, errMissingCommand},
		{&hooks.Hook{Type: "runtime", Name: "r", Ext: &HookFacts{Source: sourceProject}}, errRuntimeHook},
	} {
		res := runOne(t, r, tc.hook)
		if res.Error != tc.want || res.HasStreams {
			t.Errorf("%s: got %+v", tc.hook.Type, res)
		}
	}
}
