package codex

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/agenttest"
)

// Black-box acceptance of Hookwarden's writes against the real Codex CLI
// 0.171.0 (the conformance kit): what Approve and Toggle write into the
// user config.toml is what Codex reads. One Codex run per case.

// liveProject is a copy of a kit example that Hookwarden opens and
// writes; kitCopy hands it to the kit with its paths made neutral, as the
// kit's fixtures write them.
type liveProject struct {
	t                   *testing.T
	root, project, home string
	env                 agents.Env
}

func newLiveProject(t *testing.T, kit, example string) *liveProject {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	lp := &liveProject{t: t, root: root, project: filepath.Join(root, "project"), home: filepath.Join(root, "home")}
	examples := filepath.Join(filepath.Dir(kit), "examples", example)
	agenttest.CopyTree(t, filepath.Join(examples, "project"), lp.project)
	agenttest.CopyTree(t, filepath.Join(examples, "home"), lp.home)
	lp.env = agents.Env{Vars: []string{"HOME=" + lp.home, "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "store"),
		"XDG_CONFIG_HOME=" + filepath.Join(lp.home, ".config")}, GOOS: "linux", Home: lp.home, Now: time.Now}
	return lp
}

func (lp *liveProject) open() *project {
	lp.t.Helper()
	p, err := agent{SystemDir: filepath.Join(lp.root, "no-etc")}.Open(context.Background(), lp.env, lp.project)
	if err != nil {
		lp.t.Fatal(err)
	}
	return p.(*project)
}

func (lp *liveProject) config() string { return filepath.Join(lp.home, ".codex", "config.toml") }

// run runs Codex once on a copy of the project whose config.toml names
// the kit's neutral paths, with only the fixture's hook and project trust.
func (lp *liveProject) run(script string) liveReport {
	lp.t.Helper()
	src := lp.t.TempDir()
	project, home := filepath.Join(src, "project"), filepath.Join(src, "home")
	agenttest.CopyTree(lp.t, lp.project, project)
	agenttest.CopyTree(lp.t, lp.home, home)
	neutral := strings.NewReplacer(lp.project, "/home/user/project", lp.home, "/home/user").Replace
	cfg := filepath.Join(home, ".codex", "config.toml")
	if data, err := os.ReadFile(cfg); err == nil {
		if err := os.WriteFile(cfg, []byte(neutral(string(data))), 0o600); err != nil {
			lp.t.Fatal(err)
		}
	}
	return runCodexLive(lp.t, script, project, home, map[string]string{
		"CODEX_LIVE_TRUST": "fixture", "CODEX_LIVE_PROJECT_TRUST": "fixture", "CODEX_LIVE_OBSERVE": "0"})
}

// firedTags are the fixture hooks that fired, sorted.
func firedTags(rep liveReport) []string {
	var out []string
	for _, f := range rep.Fired {
		out = append(out, f.Hook)
	}
	sort.Strings(out)
	return out
}

func trustOfList(rep liveReport) map[string]string {
	out := map[string]string{}
	for _, h := range rep.HooksList {
		out[h.Key] = h.TrustStatus + " " + boolText(h.Enabled)
	}
	return out
}

// (b) After Approve (the code path of `hookwarden trust --agent codex`) and
// SetFolderTrust, Codex runs the hooks it skipped before (the kit's
// untrusted example: Codex runs none of them) and its hooks/list reports
// them trusted, with the hash Hookwarden wrote.
func TestLiveApprovedHooksRun(t *testing.T) {
	script := requireCodexLive(t)
	lp := newLiveProject(t, script, "untrusted")
	if _, err := lp.open().SetFolderTrust(context.Background(), "trusted"); err != nil {
		t.Fatal(err)
	}
	p := lp.open()
	for _, h := range p.Handlers {
		if h.Trust != untrusted || h.Runs {
			t.Fatalf("before approval %s is %s (runs %v), want untrusted", h.Key, h.Trust, h.Runs)
		}
	}
	// The kit's hooks run codex-live-log, a program Hookwarden does not
	// read: they are approved as partly unwatched, as the user confirms
	// with --accept-unwatched (issue 20).
	res, err := p.Approve(context.Background(), agents.ApproveRequest{All: true, AcceptUnwatched: true})
	if err != nil || len(res.Approved) != 3 || len(res.Lost) != 0 {
		t.Fatalf("approve: %v %+v", err, res)
	}
	written, err := os.ReadFile(lp.config())
	if err != nil {
		t.Fatal(err)
	}
	rep := lp.run(script)
	if got, want := strings.Join(firedTags(rep), " "), "project-pre project-prompt user-pre"; got != want {
		t.Errorf("fired %q, want %q (stderr %s)", got, want, rep.Stderr)
	}
	list := trustOfList(rep)
	if len(list) != 3 {
		t.Errorf("hooks/list: %v", list)
	}
	for k, v := range list {
		if v != "trusted enabled" {
			t.Errorf("hooks/list: %s is %s", k, v)
		}
	}
	neutral := strings.NewReplacer(lp.project, "/home/user/project", lp.home, "/home/user").Replace
	if rep.ConfigTOMLAfter == nil || *rep.ConfigTOMLAfter != neutral(string(written)) {
		t.Errorf("config.toml after the run is not what Hookwarden wrote:\n%v\nwrote:\n%s", rep.ConfigTOMLAfter, written)
	}
}

// (e) Disable stops a trusted hook from firing and Enable brings it back,
// with config.toml otherwise byte-identical (only the enabled line of its
// table differs from the approved file).
func TestLiveDisableEnable(t *testing.T) {
	script := requireCodexLive(t)
	lp := newLiveProject(t, script, "untrusted")
	if _, err := lp.open().SetFolderTrust(context.Background(), "trusted"); err != nil {
		t.Fatal(err)
	}
	if _, err := lp.open().Approve(context.Background(), agents.ApproveRequest{All: true, AcceptUnwatched: true}); err != nil {
		t.Fatal(err)
	}
	approved, err := os.ReadFile(lp.config())
	if err != nil {
		t.Fatal(err)
	}
	toggle := func(enable bool) {
		p := lp.open()
		found, err := p.Find("codex-live-log user-pre")
		if err != nil {
			t.Fatal(err)
		}
		if res, err := p.Toggle(context.Background(), agents.ToggleRequest{Hooks: found, Enable: enable}); err != nil || !res.Changed {
			t.Fatalf("toggle %v: %v %+v", enable, err, res)
		}
	}

	toggle(false)
	rep := lp.run(script)
	if got := strings.Join(firedTags(rep), " "); got != "project-pre project-prompt" {
		t.Errorf("disabled: fired %q (stderr %s)", got, rep.Stderr)
	}
	if got := trustOfList(rep)["/home/user/.codex/hooks.json:pre_tool_use:0:0"]; got != "trusted disabled" {
		t.Errorf("disabled: hooks/list says %q", got)
	}

	toggle(true)
	enabled, err := os.ReadFile(lp.config())
	if err != nil {
		t.Fatal(err)
	}
	if string(enabled) != string(approved) {
		t.Errorf("config.toml after disable and enable:\n%s\napproved:\n%s", enabled, approved)
	}
	rep = lp.run(script)
	if got := strings.Join(firedTags(rep), " "); got != "project-pre project-prompt user-pre" {
		t.Errorf("enabled again: fired %q (stderr %s)", got, rep.Stderr)
	}
}
