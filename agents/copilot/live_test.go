package copilot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/agenttest"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

// The black-box tests against the real GitHub Copilot CLI 1.0.102 (the
// conformance kit's copilot-live/run-copilot.sh: offline, in a private
// network namespace). They run only when HOOKWARDEN_CONFORMANCE_KIT is set
// and need node and unshare (all of them take about 20 minutes: pass
// -timeout 40m); the kit installs Copilot into
// $COPILOT_LIVE_CACHE (default ~/.cache/hookwarden-copilot-live) on first
// use.

// liveReport is the part of run-copilot.sh's report the tests read.
type liveReport struct {
	Fired []struct {
		Event   *string `json:"event"`
		Hook    string  `json:"hook"`
		Payload any     `json:"payload"`
	} `json:"fired"`
	HooksList []struct {
		Event      string `json:"event"`
		Origin     string `json:"origin"`
		Source     string `json:"source"`
		Enabled    bool   `json:"enabled"`
		DisableKey string `json:"disable_key"`
	} `json:"hooks_list"`
	ToolResults []struct {
		Output any `json:"output"`
	} `json:"tool_results"`
	FilesCreated []string `json:"files_created"`
	Warnings     []string `json:"warnings"`
	ExitCode     *int     `json:"exit_code"`
	Stderr       string   `json:"stderr"`
}

// tags are the fixture hooks that logged themselves, in start order.
func (r liveReport) tags() []string {
	var out []string
	for _, f := range r.Fired {
		if f.Hook != "observer" {
			out = append(out, f.Hook)
		}
	}
	return out
}

func requireCopilotLive(t *testing.T) string {
	t.Helper()
	if os.Getenv(testenv.KitEnvVar) == "" {
		t.Skipf("live Copilot CLI runs: set %s to the conformance kit", testenv.KitEnvVar)
	}
	if testing.Short() {
		t.Skip("live Copilot CLI run (-short)")
	}
	script := filepath.Join(testenv.KitDir(t), "copilot-live", "run-copilot.sh")
	if _, err := os.Stat(script); err != nil {
		testenv.Missing(t, "copilot-live kit not found: %v", err)
	}
	for _, tool := range []string{"node", "npm", "unshare"} {
		if _, err := exec.LookPath(tool); err != nil {
			testenv.Missing(t, "%s not found: the live Copilot CLI test needs node, npm and unshare", tool)
		}
	}
	return script
}

// example is a kit example: its folders and its env file's settings.
func example(t *testing.T, name string) (project, home string, env map[string]string) {
	t.Helper()
	dir := filepath.Join(filepath.Dir(requireCopilotLive(t)), "examples", name)
	env = map[string]string{}
	if data, err := os.ReadFile(filepath.Join(dir, "env")); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok && !strings.HasPrefix(k, "#") {
				env[k] = v
			}
		}
	}
	return filepath.Join(dir, "project"), filepath.Join(dir, "home"), env
}

// runLive runs the real Copilot CLI on a project and home (copied by the
// kit, never changed) with the kit settings env, one run at a time across
// test processes.
func runLive(t *testing.T, project, home string, env map[string]string) liveReport {
	t.Helper()
	script := requireCopilotLive(t)
	cache, err := testenv.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(script, project, home)
	cmd.Env = append(os.Environ(), "BASH_ENV=")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// The first use installs Copilot: one test process at a time does
	// that (--install returns at once once installed); the runs
	// themselves go side by side, as the kit's selftest runs them.
	err = testenv.WithFileLock(filepath.Join(cache, "copilot-live.lock"), func() error {
		install := exec.Command(script, "--install")
		install.Env = cmd.Env
		if out, err := install.CombinedOutput(); err != nil {
			return fmt.Errorf("%v: %s", err, out)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("installing Copilot CLI through the kit: %v", err)
	}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s failed (%v): %s", strings.Join(cmd.Args, " "), err, stderr.String())
	}
	var rep liveReport
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
	return rep
}

// modelOf is Hookwarden's view of a kit run: the fixture copied with the
// kit's /home/user substitution, opened with the run's trust
// (--trust-folder and COPILOT_ALLOW_ALL=true read the same outside a git
// subfolder).
func modelOf(t *testing.T, project, home string, env map[string]string) (*project, string, string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mp, mh := filepath.Join(root, "project"), filepath.Join(root, "home")
	agenttest.CopyTree(t, project, mp)
	agenttest.CopyTree(t, home, mh)
	rep := strings.NewReplacer("/home/user/project", mp, "/home/user", mh)
	for _, d := range []string{filepath.Join(mh, ".copilot"), filepath.Join(mh, ".claude"), filepath.Join(mp, ".github"), filepath.Join(mp, ".claude")} {
		_ = filepath.Walk(d, func(p string, fi os.FileInfo, err error) error {
			if err == nil && !fi.IsDir() && strings.HasSuffix(p, ".json") {
				data, _ := os.ReadFile(p)
				_ = os.WriteFile(p, []byte(rep.Replace(string(data))), 0o644)
			}
			return nil
		})
	}
	vars := []string{"HOME=" + mh, "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hookwarden")}
	if tr := env["COPILOT_LIVE_TRUST"]; tr == "" || tr == "flag" || tr == "env" {
		vars = append(vars, "COPILOT_ALLOW_ALL=true")
	}
	vars = append(vars, strings.Fields(env["COPILOT_LIVE_ENV"])...)
	if env["COPILOT_LIVE_GIT"] == "1" {
		if err := exec.Command("git", "init", "-q", mp).Run(); err != nil {
			testenv.Missing(t, "git init: %v", err)
		}
	}
	cwd := mp
	if c := env["COPILOT_LIVE_CWD"]; c != "" {
		cwd = filepath.Join(mp, c)
	}
	p, err := open(agents.Env{Vars: vars, GOOS: "linux", Home: mh}, cwd)
	if err != nil {
		t.Fatal(err)
	}
	return p, mp, mh
}

// tagOf is the tag a fixture hook logs (copilot-live-log TAG), "" none.
func tagOf(command string) string {
	_, rest, ok := strings.Cut(command, "copilot-live-log ")
	if !ok {
		return ""
	}
	return strings.FieldsFunc(rest, func(r rune) bool { return r == ';' || r == ' ' || r == '"' })[0]
}

// firedEvents are the events a plain -p run with one bash call fires
// (observed), with the tool of the tool events.
var firedEvents = []struct {
	event string
	tool  string
}{{"sessionStart", ""}, {"userPromptSubmitted", ""}, {"userPromptTransformed", ""}, {"preToolUse", "bash"},
	{"permissionRequest", "bash"}, {"postToolUse", "bash"}, {"agentStop", ""}, {"sessionEnd", ""}}

// TestLivePlanEqualsWhatCopilotFires: for the kit's layer examples, the
// hooks Copilot CLI fired in a real run are exactly those Hookwarden
// plans for the events of that run (as a multiset: the same hook in two
// layers runs twice), the preToolUse ones in the planned order, and
// Copilot's own hook list (hooks.discover) has the disableKeys Hookwarden
// computes, enabled as Hookwarden says.
func TestLivePlanEqualsWhatCopilotFires(t *testing.T) {
	requireCopilotLive(t)
	for _, name := range []string{"basic", "duplicate", "matchers", "disabled", "disable-all-user", "disable-all-repo", "disable-all-claude", "bad-config", "apply-patch"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			livePlanCase(t, name, nil, true)
		})
	}
}

// TestLiveFolderTrust: the same comparison for the kit's trust examples —
// an untrusted folder (repository hooks skipped without a word), trust
// from trustedFolders in config.json (not settings.json), a trusted
// parent folder, a git subfolder (the git root's .github/hooks), the
// GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS opt-in ("true" only) and
// COPILOT_ALLOW_ALL.
func TestLiveFolderTrust(t *testing.T) {
	requireCopilotLive(t)
	for _, c := range []struct {
		name, example string
		env           map[string]string
		list          bool
	}{
		{"untrusted", "untrusted", nil, true},
		{"trusted-config", "trusted-config", nil, true},
		{"trusted-settings", "trusted-settings", nil, true},
		{"trusted-parent", "trusted-parent", nil, false},
		{"git-subdir", "git-subdir", nil, false},
		{"trust-env", "untrusted", map[string]string{"COPILOT_LIVE_TRUST": "env"}, true},
		{"trust-optin", "untrusted", map[string]string{"COPILOT_LIVE_ENV": "GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true"}, false},
		{"trust-optin-1", "untrusted", map[string]string{"COPILOT_LIVE_ENV": "GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=1"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			livePlanCase(t, c.example, c.env, c.list)
		})
	}
}

// livePlanCase runs a kit example and compares what fired with the plan
// (and, with list, hooks.discover with Hookwarden's keys).
func livePlanCase(t *testing.T, name string, extra map[string]string, list bool) {
	project, home, env := example(t, name)
	for k, v := range extra {
		env[k] = v
	}
	env["COPILOT_LIVE_OBSERVE"] = "0"
	env["COPILOT_LIVE_HOOKS_LIST"] = "0"
	if list {
		env["COPILOT_LIVE_HOOKS_LIST"] = "1"
	}
	rep := runLive(t, project, home, env)
	p, _, _ := modelOf(t, project, home, env)
	var planned, pre []string
	for _, e := range firedEvents {
		tool := e.tool
		if t := env["COPILOT_LIVE_TOOL"]; t != "" && tool != "" {
			tool = t
		}
		plan, err := p.Plan(hooksEvent(e.event), agents.Query{Tool: tool})
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range plan.Hooks {
			if tag := tagOf(h.Command); tag != "" {
				planned = append(planned, tag)
				if e.event == "preToolUse" {
					pre = append(pre, tag)
				}
			}
		}
	}
	fired := rep.tags()
	if got, want := sorted(fired), sorted(planned); !slices.Equal(got, want) {
		t.Errorf("Copilot fired %v\nHookwarden plans %v", got, want)
	}
	var firedPre []string
	for _, tag := range fired {
		if slices.Contains(pre, tag) {
			firedPre = append(firedPre, tag)
		}
	}
	if !slices.Equal(firedPre, pre) {
		t.Errorf("preToolUse order: Copilot %v, Hookwarden %v", firedPre, pre)
	}
	if !list {
		return
	}
	// hooks.discover: the keys and enabled flags of the listed hooks.
	var theirs, ours []string
	for _, h := range rep.HooksList {
		theirs = append(theirs, h.Event+" "+h.DisableKey+" "+boolWord(h.Enabled))
	}
	for _, h := range p.Handlers {
		if h.Valid && h.File.Loaded {
			key := h.Key
			if h.File.DisableAll || p.AllOff != "" {
				key = "" // observed: no disableKey for a hook disableAllHooks holds off
			}
			ours = append(ours, string(h.Event.Name)+" "+key+" "+boolWord(h.Enabled && p.AllOff == ""))
		}
	}
	if !slices.Equal(sorted(theirs), sorted(ours)) {
		t.Errorf("hooks.discover lists\n  %v\nHookwarden has\n  %v", sorted(theirs), sorted(ours))
	}
}

func boolWord(b bool) string {
	if b {
		return "enabled"
	}
	return "disabled"
}

func sorted(s []string) []string {
	out := append([]string{}, s...)
	slices.Sort(out)
	return out
}

func hooksEvent(s string) hooks.Event { return hooks.Event(s) }
