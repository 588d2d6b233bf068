package codex

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

func command(event hooks.Event, cmd string) *hooks.Hook {
	return &hooks.Hook{Event: event, Type: "command", Command: cmd, TimeoutMS: 60_000}
}

// testRunner runs hooks with a clean environment and /bin/sh as $SHELL.
func testRunner(t *testing.T) *runner {
	t.Helper()
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("needs /bin/sh")
	}
	env := settingsio.Env(testenv.CleanEnv(t)).With("SHELL", "/bin/sh")
	return &runner{Spawn: agents.Spawn{Env: env}}
}

func sampleFor(t *testing.T, event hooks.Event, project string) *hooks.Object {
	t.Helper()
	in, err := sampleInput(sampleOptions{Event: event, ProjectDir: project, CodexHome: filepath.Join(project, ".home")})
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func TestRunSpawnsLikeCodex(t *testing.T) {
	r := testRunner(t)
	project := t.TempDir()
	r.PathPrefix = []string{"/codex-helpers"}
	r.Env = r.Env.With("MARK", "from-codex")
	cmd := `cat > stdin.json; printf '%s\n%s\n%s\n%s\n' "$0" "$(pwd)" "$PATH" "$MARK" > seen.txt; ps -o pid=,sid= -p $$ >> seen.txt`
	out := r.Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: []*hooks.Hook{command("PreToolUse", cmd)},
		Input: sampleFor(t, "PreToolUse", project)})
	res := out.Results[0]
	if want := []string{"/bin/sh", "-c", cmd}; !slices.Equal(res.Argv, want) {
		t.Errorf("argv %q, want %q", res.Argv, want)
	}
	stdin, err := os.ReadFile(filepath.Join(project, "stdin.json"))
	if err != nil || string(stdin) != res.Stdin || !strings.Contains(res.Stdin, `"hook_event_name":"PreToolUse"`) {
		t.Fatalf("stdin %q (%v), sent %q", stdin, err, res.Stdin)
	}
	seen, _ := os.ReadFile(filepath.Join(project, "seen.txt"))
	lines := strings.Split(strings.TrimSpace(string(seen)), "\n")
	if len(lines) != 5 {
		t.Fatalf("seen %q", seen)
	}
	if lines[0] != "/bin/sh" || lines[1] != project || !strings.HasPrefix(lines[2], "/codex-helpers:") || lines[3] != "from-codex" {
		t.Errorf("shell, cwd, PATH, env: %q", lines[:4])
	}
	if f := strings.Fields(lines[4]); len(f) != 2 || f[0] != f[1] {
		t.Errorf("the hook must lead its own session, as under Codex: pid sid = %q", lines[4])
	}
	if res.Output.Status != runCompleted || out.Effect.Blocked {
		t.Errorf("%+v", out.Effect)
	}
}

func TestRunShellFallback(t *testing.T) {
	prog, args := shellCommand(settingsio.Env{"PATH=/bin"}, "linux", "true")
	if prog != "/bin/sh" || !slices.Equal(args, []string{"-c", "true"}) {
		t.Errorf("%s %q", prog, args)
	}
	prog, args = shellCommand(settingsio.Env{"SHELL=/bin/zsh"}, "darwin", "true")
	if prog != "/bin/zsh" || !slices.Equal(args, []string{"-c", "true"}) {
		t.Errorf("%s %q", prog, args)
	}
	prog, args = shellCommand(settingsio.Env{"COMSPEC=C:\\cmd.exe"}, "windows", "true")
	if prog != `C:\cmd.exe` || !slices.Equal(args, []string{"/C", "true"}) {
		t.Errorf("%s %q", prog, args)
	}
}

func TestRunConcurrently(t *testing.T) {
	r := testRunner(t)
	project := t.TempDir()
	// Each hook waits for the other's file: run one after the other they
	// would both time out.
	wait := func(mine, other string) *hooks.Hook {
		return command("Stop", fmt.Sprintf("touch %s; i=0; while [ ! -e %s ] && [ $i -lt 3000 ]; do sleep 0.01; i=$((i+1)); done; [ -e %s ] && echo '{\"decision\":\"block\",\"reason\":\"%s\"}'", mine, other, other, mine))
	}
	var calls atomic.Int32
	r.OnResult = func(int, *runResult) { calls.Add(1) }
	out := r.Run(context.Background(), runRequest{Event: "Stop", Hooks: []*hooks.Hook{wait("a", "b"), wait("b", "a")},
		Input: sampleFor(t, "Stop", project)})
	if out.Results[0].Output.Reason != "a" || out.Results[1].Output.Reason != "b" {
		t.Fatalf("the hooks did not run at once: %+v / %+v", out.Results[0].Output, out.Results[1].Output)
	}
	if calls.Load() != 2 || out.Results[0].Finished == out.Results[1].Finished {
		t.Errorf("OnResult calls %d, finished %d %d", calls.Load(), out.Results[0].Finished, out.Results[1].Finished)
	}
	if !out.Effect.Blocked || out.Effect.Reason != "a\n\nb" || strings.Count(out.Effect.Continuation, "<hook_prompt") != 2 {
		t.Errorf("%+v", out.Effect)
	}
}

func TestRunTimeoutKillsTheGroupAndFailsOpen(t *testing.T) {
	r := testRunner(t)
	project := t.TempDir()
	h := command("PreToolUse", `sleep 300 & echo $! > bg.pid; echo blocked >&2; sleep 300; exit 2`)
	h.TimeoutMS = 300
	out := r.Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: []*hooks.Hook{h}, Input: sampleFor(t, "PreToolUse", project)})
	res := out.Results[0]
	if !res.TimedOut || res.Output.Status != runFailed || out.Effect.Blocked {
		t.Fatalf("timeout: %+v", res)
	}
	if !hasWarning(out.Warnings, warnTimeout) || out.Verdict.Effect != hooks.EffectFailed {
		t.Errorf("warnings %+v verdict %+v", out.Warnings, out.Verdict)
	}
	data, err := os.ReadFile(filepath.Join(project, "bg.pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(data)))
	if !testenv.WaitUntil(30*time.Second, func() bool { return !testenv.Alive(pid) }) {
		t.Errorf("background child %d still runs", pid)
	}
}

func TestRunCancel(t *testing.T) {
	r := testRunner(t)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	out := r.Run(ctx, runRequest{Event: "PreToolUse", Hooks: []*hooks.Hook{command("PreToolUse", "sleep 300")}, Input: sampleFor(t, "PreToolUse", t.TempDir())})
	if !out.Results[0].Cancelled || out.Results[0].Output.Status != runFailed {
		t.Fatalf("%+v", out.Results[0])
	}
}

func TestRunGateAndTypes(t *testing.T) {
	r := testRunner(t)
	project := t.TempDir()
	refused := command("PreToolUse", "touch ran; exit 2")
	var asked []*hooks.Hook
	r.Check = func(h *hooks.Hook) error {
		asked = append(asked, h)
		return errors.New("the script changed since it was approved")
	}
	prompt := &hooks.Hook{Event: "PreToolUse", Type: "prompt", Command: "touch ran"}
	out := r.Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: []*hooks.Hook{refused, prompt}, Input: sampleFor(t, "PreToolUse", project)})
	if _, err := os.Stat(filepath.Join(project, "ran")); err == nil {
		t.Fatal("a refused or prompt hook ran")
	}
	if len(asked) != 1 || asked[0] != refused {
		t.Errorf("the gate was asked about %v", asked)
	}
	for i, res := range out.Results {
		if res.Output.Status != runSkipped || res.NotRun == "" || res.Verdict.Effect != effectSkipped {
			t.Errorf("hook %d: %+v", i, res)
		}
	}
	if !strings.Contains(out.Results[0].NotRun, hooks.RefusedPrefix) || !strings.Contains(out.Results[1].NotRun, "not supported yet") {
		t.Errorf("%q / %q", out.Results[0].NotRun, out.Results[1].NotRun)
	}
	if out.Effect.Blocked {
		t.Error("hooks that did not run cannot block")
	}
}

func TestRunStartFailure(t *testing.T) {
	r := testRunner(t)
	r.Env = r.Env.With("SHELL", "/nonexistent/shell")
	out := r.Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: []*hooks.Hook{command("PreToolUse", "exit 2")}, Input: sampleFor(t, "PreToolUse", t.TempDir())})
	if out.Results[0].Output.Status != runFailed || !hasWarning(out.Warnings, warnStartFailed) {
		t.Errorf("%+v %+v", out.Results[0], out.Warnings)
	}
}

func hasWarning(ws []hooks.Warning, code string) bool {
	return slices.ContainsFunc(ws, func(w hooks.Warning) bool { return w.Code == code })
}

func TestRunNothingGiven(t *testing.T) {
	r := testRunner(t)
	out := r.Run(context.Background(), runRequest{Event: "PreToolUse", Input: sampleFor(t, "PreToolUse", t.TempDir())})
	if len(out.Results) != 0 || out.Effect.Blocked || out.Verdict.Effect != hooks.EffectNothing {
		t.Errorf("%+v", out)
	}
}

// A hostile hook: escape sequences in its reason reach the model as they
// are (Codex passes stderr through), so the dry run keeps them verbatim
// for the UI and CLI to escape when they show them; a flood of output is
// cut and said so.
func TestRunHostileOutput(t *testing.T) {
	r := testRunner(t)
	r.StreamCap = 1024
	project := t.TempDir()
	reason := "ok\x1b[2K\rrm -rf ~ approved\u202e"
	cmd := fmt.Sprintf(`printf '%%s' '%s' >&2; head -c 100000 /dev/zero | tr '\0' x; exit 2`, reason)
	out := r.Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: []*hooks.Hook{command("PreToolUse", cmd)}, Input: sampleFor(t, "PreToolUse", project)})
	if !out.Effect.Blocked || out.Effect.Reason != reason || !strings.HasPrefix(out.Effect.ModelMessage, "Command blocked by PreToolUse hook: "+reason+". Command: ") {
		t.Errorf("%q", out.Effect.ModelMessage)
	}
	if !out.Results[0].Truncated || !hasWarning(out.Warnings, warnTruncated) {
		t.Errorf("truncation: %+v", out.Warnings)
	}
}

// A background child that keeps the hook's stdout open: Codex waits for
// it up to the timeout (observed: Failed when it outlives the timeout,
// Blocked when it ends first); the dry run says so.
func TestRunHeldPipes(t *testing.T) {
	r := testRunner(t)
	h := command("PreToolUse", `(sleep 30 &); printf '%s' '{"decision":"block","reason":"held"}'`)
	out := r.Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: []*hooks.Hook{h}, Input: sampleFor(t, "PreToolUse", t.TempDir())})
	if !out.Results[0].PipesHeld || !hasWarning(out.Warnings, warnPipesHeld) || out.Results[0].Output.Reason != "held" {
		t.Errorf("%+v %+v", out.Results[0], out.Warnings)
	}
}

// A hook that exits without reading a payload larger than a pipe holds
// still counts (observed: a 100 kB UserPromptSubmit payload, exit 2 with
// stderr, Blocked).
func TestRunUnreadLargePayload(t *testing.T) {
	r := testRunner(t)
	in, err := sampleInput(sampleOptions{Event: "UserPromptSubmit", Prompt: strings.Repeat("a", 100_000), ProjectDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	out := r.Run(context.Background(), runRequest{Event: "UserPromptSubmit", Hooks: []*hooks.Hook{command("UserPromptSubmit", "echo prompt-blocked >&2; exit 2")}, Input: in})
	if !out.Effect.Blocked || out.Effect.Reason != "prompt-blocked" {
		t.Errorf("%+v %+v", out.Results[0], out.Effect)
	}
}

// Every hook's result carries how long it ran (it once read 0.0 ms: the
// duration was set on a copy after the return).
func TestRunRecordsEachHooksDuration(t *testing.T) {
	r := testRunner(t)
	project := t.TempDir()
	out := r.Run(context.Background(), runRequest{Event: "Stop", Hooks: []*hooks.Hook{command("Stop", "sleep 0.05")},
		Input: sampleFor(t, "Stop", project)})
	if d := out.Results[0].Duration; d < 50*time.Millisecond {
		t.Errorf("a hook that sleeps 50 ms ran %v", d)
	}
}
