package qwen_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/cli"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// The black-box tests against the real Qwen Code 0.24.4 (the conformance
// kit's qwen-live/run-qwen.sh: offline, in private network and PID
// namespaces). They run in `make test` (about a minute on an idle machine;
// runs go two at a time, as the kit's selftest runs them): without the kit
// they skip, and fail under CI=true. The kit installs Qwen Code into
// ${XDG_CACHE_HOME:-~/.cache}/hookwarden-qwen-live on first use.

// liveReport is the part of run-qwen.sh's report the tests read.
type liveReport struct {
	HookRuns []struct {
		Event string `json:"event"`
		Hook  string `json:"hook"`
		Index int    `json:"index"`
		Of    int    `json:"of"`
	} `json:"hook_runs"`
	ExitCode int `json:"exit_code"`
	Fired    []struct {
		Hook string `json:"hook"`
	} `json:"fired"`
}

// runs are the fixture hooks Qwen started for the event, in its plan
// order (the kit's observers left out).
func (r liveReport) runs(event string) []string {
	type run struct {
		i    int
		hook string
	}
	var rs []run
	for _, h := range r.HookRuns {
		if h.Event == event && !strings.HasPrefix(h.Hook, "qwen-live-observer-") && !strings.HasPrefix(h.Hook, "qwen-live-log observer@") {
			rs = append(rs, run{h.Index, h.Hook})
		}
	}
	sort.SliceStable(rs, func(a, b int) bool { return rs[a].i < rs[b].i })
	var out []string
	for _, r := range rs {
		if !slices.Contains(out, r.hook) {
			out = append(out, r.hook)
		}
	}
	return out
}

func requireQwenLive(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("live Qwen Code run (-short)")
	}
	script := filepath.Join(testenv.KitDir(t), "qwen-live", "run-qwen.sh")
	if _, err := os.Stat(script); err != nil {
		testenv.Missing(t, "qwen-live kit not found: %v (set %s)", err, testenv.KitEnvVar)
	}
	for _, tool := range []string{"node", "npm", "unshare"} {
		if _, err := exec.LookPath(tool); err != nil {
			testenv.Missing(t, "%s not found: the live Qwen Code test needs node, npm and unshare", tool)
		}
	}
	return script
}

// noTool makes the stand-in answer without a tool call (one model
// request): enough for SessionStart.
const noTool = "QWEN_LIVE_TOOL=none"

// liveSlots lets two Qwen runs go at a time in this test binary.
var liveSlots = make(chan struct{}, 2)

var installOnce sync.Once

// runLive runs the real Qwen Code on a fixture (project, home and
// optional system folders; the kit copies them and never changes them).
func runLive(t *testing.T, fixture string, env ...string) liveReport {
	t.Helper()
	script := requireQwenLive(t)
	cache, err := testenv.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	// a loaded machine makes a run slow: a generous cap (the kit's own
	// watchdog adds 60 s), waited on, never a timing assert: at load 60-70
	// (eight builds beside a CI run) one run of the CLI took 365 s.
	// QWEN_CODE_NO_RELAUNCH=true: Qwen Code starts as the process it
	// relaunches itself into (a second node with a larger heap and this
	// variable set) instead of loading its bundle twice: the same program
	// and hooks, half the start-up CPU of a run.
	base := append(os.Environ(), "BASH_ENV=", "ENV=", "QWEN_LIVE_TIMEOUT=900", "QWEN_LIVE_ENV=QWEN_CODE_NO_RELAUNCH=true")
	if _, err := os.Stat(filepath.Join(fixture, "system")); err == nil {
		base = append(base, "QWEN_LIVE_SYSTEM="+filepath.Join(fixture, "system"))
	}
	base = append(base, env...)
	var ierr error
	installOnce.Do(func() {
		ierr = testenv.WithFileLock(filepath.Join(cache, "qwen-live.lock"), func() error {
			install := exec.Command(script, "--install")
			install.Env = base
			if out, err := install.CombinedOutput(); err != nil {
				return fmt.Errorf("%v: %s", err, out)
			}
			return nil
		})
	})
	if ierr != nil {
		t.Fatalf("installing Qwen Code: %v", ierr)
	}
	liveSlots <- struct{}{}
	defer func() { <-liveSlots }()
	cmd := exec.Command(script, filepath.Join(fixture, "project"), filepath.Join(fixture, "home"))
	cmd.Env = base
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("run-qwen.sh: %v: %s", err, stderr.String())
	}
	var rep liveReport
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
	if rep.ExitCode != 0 {
		t.Fatalf("Qwen Code exited %d (124: the kit's timeout): %s", rep.ExitCode, out)
	}
	return rep
}

// localCopy copies a kit fixture and puts real paths where the kit puts
// them (/home/user/project, /home/user in the JSON files), for Hookwarden
// to open what Qwen Code reads.
func localCopy(t *testing.T, fixture string) (root string) {
	t.Helper()
	root = t.TempDir()
	err := filepath.WalkDir(fixture, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(fixture, p)
		dst := filepath.Join(root, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasSuffix(p, ".json") {
			s := strings.ReplaceAll(string(data), "/home/user/project", filepath.Join(root, "project"))
			data = []byte(strings.ReplaceAll(s, "/home/user", filepath.Join(root, "home")))
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// open opens a local copy with Qwen Code from the registry, as the faces
// do.
func open(t *testing.T, root string) agents.Project {
	t.Helper()
	a, ok := all.Registry().Get("qwen")
	if !ok {
		t.Fatal("qwen is not registered")
	}
	vars := settingsio.Env{"HOME=" + filepath.Join(root, "home"), "PATH=/usr/bin:/bin",
		"QWEN_CODE_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "system", "settings.json"),
		"QWEN_CODE_SYSTEM_DEFAULTS_PATH=" + filepath.Join(root, "system", "system-defaults.json"),
		"HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hookwarden")}
	p, err := a.Open(context.Background(), agents.Env{Vars: vars, GOOS: "linux", Home: filepath.Join(root, "home")}, filepath.Join(root, "project"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// planned are the titles of the hooks the plan runs.
func planned(t *testing.T, p agents.Project, event string, q agents.Query) []string {
	t.Helper()
	plan, err := p.Plan(hooks.Event(event), q)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, h := range plan.Hooks {
		out = append(out, p.Title(h))
	}
	return out
}

func kitExample(t *testing.T, name string) string {
	return filepath.Join(filepath.Dir(requireQwenLive(t)), "examples", name)
}

// TestQwenLivePlanEqualsFired: the hooks the real Qwen Code starts for
// each event, in its order, are the plan's (layers, matchers with aliases,
// lists and regexes, de-duplication).
func TestQwenLivePlanEqualsFired(t *testing.T) {
	t.Parallel()
	cases := []struct {
		example string
		checks  map[string]agents.Query
	}{
		{"basic", map[string]agents.Query{"PreToolUse": {Tool: "run_shell_command"}, "PostToolUse": {Tool: "run_shell_command"},
			"SessionStart": {Trigger: "startup"}, "Stop": {}}},
		{"matchers", map[string]agents.Query{"PreToolUse": {Tool: "run_shell_command"}, "SessionStart": {Trigger: "startup"},
			"Notification": {Trigger: "auth_success"}, "Stop": {}}},
		{"duplicate", map[string]agents.Query{"PreToolUse": {Tool: "run_shell_command"}}},
	}
	for _, c := range cases {
		t.Run(c.example, func(t *testing.T) {
			t.Parallel()
			fixture := kitExample(t, c.example)
			rep := runLive(t, fixture)
			p := open(t, localCopy(t, fixture))
			for event, q := range c.checks {
				if got, want := rep.runs(event), planned(t, p, event, q); !slices.Equal(got, want) {
					t.Errorf("%s: Qwen Code ran %q, plan says %q", event, got, want)
				}
			}
		})
	}
}

// TestQwenLiveFolderTrust: folder trust on without a rule skips them (also when the project switches it on for
// itself) or with DO_NOT_TRUST, a TRUST_FOLDER or TRUST_PARENT rule runs
// them; Hookwarden's plan and folder trust say the same. (Folder trust off
// is TestQwenLivePlanEqualsFired/basic and TestQwenLiveAuditUnreviewed.)
func TestQwenLiveFolderTrust(t *testing.T) {
	t.Parallel()
	cases := []struct {
		example, state string
		project        bool
	}{
		{"untrusted", "untrusted", false},
		{"trust-in-project", "untrusted", false},
		{"trusted", "trusted", true},
		{"trusted-parent", "trusted", true},
		{"do-not-trust", "untrusted", false},
	}
	for _, c := range cases {
		t.Run(c.example, func(t *testing.T) {
			t.Parallel()
			fixture := kitExample(t, c.example)
			rep := runLive(t, fixture, noTool)
			p := open(t, localCopy(t, fixture))
			if ft := p.Summary().FolderTrust; ft.State != c.state {
				t.Errorf("folder trust %q (%s), want %q", ft.State, ft.Reason, c.state)
			}
			got, want := rep.runs("SessionStart"), planned(t, p, "SessionStart", agents.Query{Trigger: "startup"})
			if !slices.Equal(got, want) {
				t.Errorf("SessionStart: Qwen Code ran %q, plan says %q", got, want)
			}
			if ran := slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "project-") }); ran != c.project {
				t.Errorf("project hooks ran: %v, want %v (%q)", ran, c.project, got)
			}
		})
	}
}

// TestQwenLiveDisableEnable: Hookwarden's switch (disableAllHooks, Qwen's
// only one) is what Qwen Code reads: off, no hook runs; on again, they
// run and the file is byte for byte what it was; a project "false" written
// over the user's true re-enables them.
func TestQwenLiveDisableEnable(t *testing.T) {
	t.Parallel()
	const user = `{
  // the user's hooks
  "hooks": {
    "SessionStart": [ { "hooks": [ { "type": "command", "command": "qwen-live-log user-start" } ] } ]
  }
}
`
	root := t.TempDir()
	testenv.WriteFile(t, filepath.Join(root, "home", ".qwen", "settings.json"), user)
	testenv.WriteFile(t, filepath.Join(root, "project", ".qwen", "settings.json"),
		`{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "qwen-live-log project-start"}]}]}}`+"\n")
	p := open(t, root)
	ctx := context.Background()
	res, err := p.Toggle(ctx, agents.ToggleRequest{All: true, Scope: "user"})
	if err != nil || !res.Changed {
		t.Fatalf("disable: %v %+v", err, res)
	}
	if got := runLive(t, root, noTool).runs("SessionStart"); len(got) != 0 {
		t.Errorf("after disable Qwen Code ran %q", got)
	}
	if got := planned(t, open(t, root), "SessionStart", agents.Query{Trigger: "startup"}); len(got) != 0 {
		t.Errorf("after disable the plan runs %q", got)
	}
	// The project re-enables what the user switched off: Hookwarden writes
	// "false" there because the user's true would win otherwise.
	if _, err := open(t, root).Toggle(ctx, agents.ToggleRequest{All: true, Enable: true, Scope: "project"}); err != nil {
		t.Fatal(err)
	}
	got, want := runLive(t, root, noTool).runs("SessionStart"), planned(t, open(t, root), "SessionStart", agents.Query{Trigger: "startup"})
	if len(got) != 2 || !slices.Equal(got, want) {
		t.Errorf("project false over user true: Qwen Code ran %q, plan %q", got, want)
	}
	if _, err := open(t, root).Toggle(ctx, agents.ToggleRequest{All: true, Enable: true, Scope: "user"}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(root, "home", ".qwen", "settings.json")); string(data) != user {
		t.Errorf("user settings after disable+enable:\n%s\nwant byte for byte\n%s", data, user)
	}
}

// TestQwenLiveAuditUnreviewed: the real Qwen Code runs an unreviewed
// project hook, and `hookwarden audit --agent qwen` exits 3 for it (0
// once approved).
func TestQwenLiveAuditUnreviewed(t *testing.T) {
	t.Parallel()
	fixture := kitExample(t, "untrusted")
	root := localCopy(t, fixture)
	// folder trust off: the project hook runs unprompted.
	testenv.WriteFile(t, filepath.Join(root, "home", ".qwen", "settings.json"), `{}`)
	rep := runLive(t, root, noTool)
	if got := rep.runs("SessionStart"); !slices.Contains(got, "qwen-live-log project-start") {
		t.Fatalf("Qwen Code did not run the project hook: %q", got)
	}
	audit := func(args ...string) (int, string) {
		var out bytes.Buffer
		io := &cli.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Dir: filepath.Join(root, "project"), GOOS: "linux", Agents: all.Registry(),
			Env: settingsio.Env{"HOME=" + filepath.Join(root, "home"), "PATH=" + os.Getenv("PATH"),
				"QWEN_CODE_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "system", "settings.json"),
				"HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hookwarden"), "XDG_CONFIG_HOME=" + filepath.Join(root, "xdg")}}
		code := cli.Main(context.Background(), append(args, "--agent", "qwen"), io)
		return code, out.String()
	}
	if code, out := audit("audit"); code != cli.ExitNeedsReview || !strings.Contains(out, "project-start") || !strings.Contains(out, "unprompted") {
		t.Fatalf("audit exit %d, want %d:\n%s", code, cli.ExitNeedsReview, out)
	}
	// qwen-live-log is the kit's stand-in for a hook's program, one
	// Hookwarden does not know: approving it names what cannot be
	// watched (what it opens of the project), which this test accepts.
	if code, out := audit("trust", "--all", "--accept-unwatched"); code != 0 {
		t.Fatalf("trust exit %d:\n%s", code, out)
	}
	if code, out := audit("audit"); code != 0 {
		t.Fatalf("audit after trust exit %d:\n%s", code, out)
	}
}

// TestQwenLiveStartsThePulledMCPServer: a project with no hooks whose
// pull added an .mcp.json server — the real Qwen Code starts it (the
// server logs itself), and audit exits 3 naming the file until the server
// is approved (0 after).
func TestQwenLiveStartsThePulledMCPServer(t *testing.T) {
	t.Parallel()
	requireQwenLive(t)
	root := t.TempDir()
	testenv.WriteFile(t, filepath.Join(root, "home", ".qwen", "settings.json"), `{"$version": 4}`)
	testenv.WriteFile(t, filepath.Join(root, "project", ".mcp.json"), `{"mcpServers": {"pulled": {"command": "bash", "args": ["-c", "echo x | qwen-live-log mcp-pulled"]}}}`)
	rep := runLive(t, root, noTool)
	var fired []string
	for _, f := range rep.Fired {
		fired = append(fired, f.Hook)
	}
	if !slices.Contains(fired, "mcp-pulled") {
		t.Fatalf("Qwen Code did not start the pulled server: %q", fired)
	}
	audit := func(args ...string) (int, string) {
		var out bytes.Buffer
		io := &cli.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Dir: filepath.Join(root, "project"), GOOS: "linux", Agents: all.Registry(),
			Env: settingsio.Env{"HOME=" + filepath.Join(root, "home"), "PATH=" + os.Getenv("PATH"),
				"QWEN_CODE_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "system", "settings.json"),
				"HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hookwarden"), "XDG_CONFIG_HOME=" + filepath.Join(root, "xdg")}}
		code := cli.Main(context.Background(), append(args, "--agent", "qwen"), io)
		return code, out.String()
	}
	if code, out := audit("audit"); code != cli.ExitNeedsReview || !strings.Contains(out, ".mcp.json") || !strings.Contains(out, "MCP server pulled") {
		t.Fatalf("audit exit %d, want %d naming .mcp.json:\n%s", code, cli.ExitNeedsReview, out)
	}
	if code, out := audit("trust", "--all", "--accept-unwatched"); code != 0 {
		t.Fatalf("trust exit %d:\n%s", code, out)
	}
	if code, out := audit("audit"); code != 0 {
		t.Fatalf("audit after trust exit %d:\n%s", code, out)
	}
}

// TestQwenLiveUntrustedFolderStartsNoMCPServer: with folder trust on and
// the folder not trusted, the real Qwen Code starts not even the user's
// own MCP server (it logs itself when it starts), and Hookwarden shows it
// held back; once the folder is trusted it starts, and reads as running.
func TestQwenLiveUntrustedFolderStartsNoMCPServer(t *testing.T) {
	t.Parallel()
	requireQwenLive(t)
	for _, trusted := range []bool{false, true} {
		root := t.TempDir()
		testenv.WriteFile(t, filepath.Join(root, "home", ".qwen", "settings.json"), `{"$version": 4, "security": {"folderTrust": {"enabled": true}}, "mcpServers": {"mine": {"command": "bash", "args": ["-c", "echo x | qwen-live-log mcp-user"]}}}`)
		if trusted {
			testenv.WriteFile(t, filepath.Join(root, "home", ".qwen", "trustedFolders.json"), `{"/home/user/project": "TRUST_FOLDER"}`)
		}
		testenv.WriteFile(t, filepath.Join(root, "project", "README.md"), "x\n")
		rep := runLive(t, root, noTool)
		started := false
		for _, f := range rep.Fired {
			started = started || f.Hook == "mcp-user"
		}
		if started != trusted {
			t.Fatalf("trusted %v: the user's server started %v", trusted, started)
		}
		var out bytes.Buffer
		io := &cli.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Dir: filepath.Join(root, "project"), GOOS: "linux", Agents: all.Registry(),
			Env: settingsio.Env{"HOME=" + filepath.Join(root, "home"), "PATH=" + os.Getenv("PATH"),
				"QWEN_CODE_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "system", "settings.json"),
				"HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hookwarden"), "XDG_CONFIG_HOME=" + filepath.Join(root, "xdg")}}
		if trusted {
			// the fixture's path is the kit's neutral one: Hookwarden reads the real one
			testenv.WriteFile(t, filepath.Join(root, "home", ".qwen", "trustedFolders.json"), `{"`+filepath.Join(root, "project")+`": "TRUST_FOLDER"}`)
		}
		cli.Main(context.Background(), []string{"list", "--agent", "qwen"}, io)
		want := map[bool]string{false: "blocked-untrusted-folder", true: "runs"}[trusted]
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.Contains(l, "MCP server mine:") && strings.Fields(l)[0] != want {
				t.Errorf("trusted %v: Hookwarden shows %q, want %s", trusted, l, want)
			}
		}
	}
}
