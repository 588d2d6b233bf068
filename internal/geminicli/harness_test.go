package geminicli

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestEnvironIsBuiltFromScratch(t *testing.T) {
	t.Setenv("CI", "true")
	t.Setenv("GEMINI_CLI_TRUST_WORKSPACE", "true")
	opts := Options{HomeDir: "/h", ProjectDir: "/p", Env: []string{"EXTRA=1"}}
	env := opts.Environ()
	for _, kv := range env {
		key, _, _ := strings.Cut(kv, "=")
		if key == "CI" || key == "GEMINI_CLI_TRUST_WORKSPACE" {
			t.Errorf("Environ leaks %s from the test process", kv)
		}
	}
	for _, want := range []string{"HOME=/h", "GEMINI_CLI_HOME=/h", "EXTRA=1",
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=/h/no-system/settings.json",
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=/h/no-system/system-defaults.json"} {
		if !slices.Contains(env, want) {
			t.Errorf("Environ lacks %s: %v", want, env)
		}
	}
	opts.SystemSettings, opts.SystemDefaults = "/etc/x/s.json", "/etc/x/d.json"
	env = opts.Environ()
	for _, want := range []string{"GEMINI_CLI_SYSTEM_SETTINGS_PATH=/etc/x/s.json", "GEMINI_CLI_SYSTEM_DEFAULTS_PATH=/etc/x/d.json"} {
		if !slices.Contains(env, want) {
			t.Errorf("Environ lacks %s: %v", want, env)
		}
	}
}

func TestOptionsValidate(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"nothing set", Options{}, "not set"},
		{"relative home", Options{Bundle: "b", ProjectDir: dir, HomeDir: "home", Prompt: "hi"}, "not absolute"},
		{"missing project", Options{Bundle: "b", ProjectDir: filepath.Join(dir, "none"), HomeDir: dir, Prompt: "hi"}, "no such file"},
		{"interactive without end", Options{Bundle: "b", ProjectDir: dir, HomeDir: dir, Prompt: "hi", Interactive: true}, "needs Interact or DoneText"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.opts.validate()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("validate() = %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

// harnessFixture is a trusted project with one user-level hook per event of
// interest, each appending "<event>" to a log.
type harnessFixture struct {
	home, project, log string
	opts               Options
}

func newHarnessFixture(t *testing.T, bundle string, interactive bool) harnessFixture {
	t.Helper()
	root := realTempDir(t)
	f := harnessFixture{home: filepath.Join(root, "home"), project: filepath.Join(root, "project"),
		log: filepath.Join(root, "fired.log")}
	settings := BaseUserSettings()
	hooksByEvent := map[string]any{}
	for _, ev := range []string{"SessionStart", "BeforeAgent", "BeforeTool", "AfterTool", "AfterAgent"} {
		hooksByEvent[ev] = []any{map[string]any{"hooks": []any{commandHook("", "echo "+ev+" >> $HW_LOG")}}}
	}
	settings["hooks"] = hooksByEvent
	writeJSON(t, filepath.Join(f.home, ".gemini", "settings.json"), settings)
	writeJSON(t, filepath.Join(f.home, ".gemini", "trustedFolders.json"), map[string]string{f.project: "TRUST_FOLDER"})
	writeFile(t, filepath.Join(f.project, "notes.txt"), "hello world\n")
	fake := filepath.Join(root, "fake.jsonl")
	if err := WriteFakeResponses(fake, ReadFileThenAnswer("notes.txt", "The notes say hello world.")); err != nil {
		t.Fatal(err)
	}
	f.opts = Options{Bundle: bundle, ProjectDir: f.project, HomeDir: f.home, FakeResponses: fake,
		Prompt: "read notes.txt", Interactive: interactive, DoneText: "The notes say hello world.",
		Env: []string{"HW_LOG=" + f.log}, Timeout: 90 * time.Second}
	return f
}

func TestRunFiresHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI (seconds); skipped with -short")
	}
	bundle := RequireBundle(t)
	for _, interactive := range []bool{false, true} {
		name := map[bool]string{false: "headless", true: "interactive"}[interactive]
		t.Run(name, func(t *testing.T) {
			if interactive {
				RequireTmux(t)
			}
			f := newHarnessFixture(t, bundle, interactive)
			res, err := Run(context.Background(), f.opts)
			if err != nil {
				t.Fatalf("Run: %v\nstdout: %s\nstderr: %s\nscreen: %s", err, res.Stdout, res.Stderr, res.Screen)
			}
			t.Logf("%s run took %s, exit %d", name, res.Duration.Round(time.Millisecond), res.ExitCode)
			if res.ExitCode != 0 {
				t.Errorf("exit code %d\nstdout: %s\nstderr: %s\nscreen: %s", res.ExitCode, res.Stdout, res.Stderr, res.Screen)
			}
			if !interactive && !strings.Contains(res.Stdout, "The notes say hello world.") {
				t.Errorf("stdout lacks the fake model's answer: %q", res.Stdout)
			}
			fired := readLines(t, f.log)
			for _, ev := range []string{"SessionStart", "BeforeAgent", "BeforeTool", "AfterTool", "AfterAgent"} {
				if n := count(fired, ev); n != 1 {
					t.Errorf("%s hook fired %d times, want 1 (log: %v)", ev, n, fired)
				}
			}
		})
	}
}

func TestRunKillsAtHardCap(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI (seconds); skipped with -short")
	}
	bundle := RequireBundle(t)
	f := newHarnessFixture(t, bundle, false)
	// A SessionStart hook that would outlive the cap by far.
	settings := BaseUserSettings()
	settings["hooks"] = map[string]any{"SessionStart": []any{map[string]any{"hooks": []any{
		commandHook("sleeper", "echo started >> $HW_LOG; sleep 600; echo survived >> $HW_LOG")}}}}
	writeJSON(t, filepath.Join(f.home, ".gemini", "settings.json"), settings)
	// The cap is reached when the hook has started, however long a loaded
	// machine takes to get there: the run's context then ends as a
	// deadline would (Run cannot tell the two apart), and the cap in
	// Options is only the generous bound on the whole test.
	f.opts.Timeout = DefaultTimeout
	ctx := newEventDeadline(context.Background(), func() bool { return count(readLinesIfAny(f.log), "started") > 0 })
	res, err := Run(ctx, f.opts)
	if err == nil || !res.TimedOut {
		t.Fatalf("Run = %v, TimedOut %v; want a time-out error", err, res.TimedOut)
	}
	fired := readLines(t, f.log)
	if count(fired, "started") != 1 {
		t.Fatalf("the sleeper hook did not start: %v", fired)
	}
	if alive := processesMentioning(t, f.log); len(alive) > 0 {
		t.Errorf("processes of the run survive the kill: %v", alive)
	}
}

func count(lines []string, s string) int {
	n := 0
	for _, l := range lines {
		if l == s {
			n++
		}
	}
	return n
}

// eventDeadline is a context whose deadline is an event: it ends with
// context.DeadlineExceeded as soon as reached() holds (polled), as a
// context.WithTimeout would at its time.
type eventDeadline struct {
	context.Context
	done chan struct{}
}

func newEventDeadline(parent context.Context, reached func() bool) *eventDeadline {
	d := &eventDeadline{Context: parent, done: make(chan struct{})}
	go func() {
		for !reached() {
			select {
			case <-parent.Done():
			case <-time.After(50 * time.Millisecond):
				continue
			}
			break
		}
		close(d.done)
	}()
	return d
}

func (d *eventDeadline) Done() <-chan struct{} { return d.done }

func (d *eventDeadline) Err() error {
	select {
	case <-d.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

// readLinesIfAny is readLines for a file that may not exist yet.
func readLinesIfAny(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}
