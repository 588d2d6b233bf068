package codex

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents/agenttest"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

// The black-box tests against the real Codex CLI 0.171.0 (the conformance
// kit's codex-live/run-codex.sh: offline, in a private network namespace).
// They run only when HOOKWARDEN_CONFORMANCE_KIT is set (one Codex run per
// example; the first run installs Codex from npm into the tests' cache),
// and need node and unshare.

// liveReport is the part of run-codex.sh's report the tests read.
type liveReport struct {
	Fired []struct {
		Event   string         `json:"event"`
		Hook    string         `json:"hook"`
		Payload map[string]any `json:"payload"`
	} `json:"fired"`
	HooksList []struct {
		Key         string `json:"key"`
		Source      string `json:"source"`
		TrustStatus string `json:"trust_status"`
		CurrentHash string `json:"current_hash"`
		Enabled     bool   `json:"enabled"`
	} `json:"hooks_list"`
	HooksWarnings   []string `json:"hooks_warnings"`
	FilesCreated    []string `json:"files_created"`
	Warnings        []string `json:"warnings"`
	ConfigTOMLAfter *string  `json:"config_toml_after"`
	ExitCode        *int     `json:"exit_code"`
	Stderr          string   `json:"stderr"`
}

func requireCodexLive(t *testing.T) string {
	t.Helper()
	if os.Getenv(testenv.KitEnvVar) == "" {
		t.Skipf("live Codex runs: set %s to the conformance kit", testenv.KitEnvVar)
	}
	if testing.Short() {
		t.Skip("live Codex run (-short)")
	}
	script := filepath.Join(testenv.KitDir(t), "codex-live", "run-codex.sh")
	if _, err := os.Stat(script); err != nil {
		testenv.Missing(t, "codex-live kit not found: %v", err)
	}
	for _, tool := range []string{"node", "npm", "unshare"} {
		if _, err := exec.LookPath(tool); err != nil {
			testenv.Missing(t, "%s not found: the live Codex test needs node, npm and unshare", tool)
		}
	}
	return script
}

// readEnvFile reads an example's env file (KEY=VALUE lines).
func readEnvFile(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok && !strings.HasPrefix(k, "#") {
			out[k] = v
		}
	}
	return out
}

func runCodexLive(t *testing.T, script, project, home string, env map[string]string) liveReport {
	t.Helper()
	cache, err := testenv.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	var extra []string
	for k, v := range env {
		extra = append(extra, k+"="+v)
	}
	cmd := exec.Command(script, project, home)
	cmd.Env = kitEnv(cache, extra...)
	var rep liveReport
	runKit(t, cache, cmd, &rep)
	return rep
}

// kitEnv is the environment of the kit's run-codex.sh: this process's,
// with the shared npm and Codex caches, then extra.
func kitEnv(cache string, extra ...string) []string {
	env := append(os.Environ(), "BASH_ENV=", "npm_config_cache="+filepath.Join(cache, "npm"))
	if os.Getenv("CODEX_LIVE_CACHE") == "" {
		env = append(env, "CODEX_LIVE_CACHE="+filepath.Join(cache, "codex-live"))
	}
	return append(env, extra...)
}

// runKit runs the kit's cmd, one at a time across test processes (the
// first run installs Codex into the shared cache), and decodes its JSON
// report into rep.
func runKit(t *testing.T, cache string, cmd *exec.Cmd, rep any) {
	t.Helper()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	var out []byte
	err := testenv.WithFileLock(filepath.Join(cache, "codex-live-setup.lock"), func() error {
		var err error
		out, err = cmd.Output()
		return err
	})
	if err != nil {
		t.Fatalf("%s failed (%v): %s", strings.Join(cmd.Args, " "), err, stderr.String())
	}
	if err := json.Unmarshal(out, rep); err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
}

// modelOf loads Hookwarden's view of the run: the fixture copied, with the
// kit's /home/user substitution in config.toml files and the in-memory
// trust the kit adds (-c projects=…, and with CODEX_LIVE_TRUST=all a
// trusted_hash for every hook not trusted yet). neutral maps its paths to
// the report's.
func modelOf(t *testing.T, project, home string, env map[string]string) (*project, func(string) string) {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	mp, mh := filepath.Join(root, "project"), filepath.Join(root, "home")
	agenttest.CopyTree(t, project, mp)
	agenttest.CopyTree(t, home, mh)
	if err := os.MkdirAll(filepath.Join(mh, ".codex"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join(mh, ".codex", "config.toml"), filepath.Join(mp, ".codex", "config.toml")} {
		if data, err := os.ReadFile(f); err == nil {
			s := strings.NewReplacer("/home/user/project", mp, "/home/user", mh).Replace(string(data))
			if err := os.WriteFile(f, []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	vars := map[string]string{"HOME": mh, "CODEX_HOME": filepath.Join(mh, ".codex")}
	opts := options{Cwd: mp, Getenv: func(k string) string { return vars[k] }, SystemDir: filepath.Join(root, "no-etc")}
	flags := sessionFlags{}
	if pt := env["CODEX_LIVE_PROJECT_TRUST"]; pt == "" || pt == "trusted" {
		flags.Projects = map[string]string{mp: "trusted"}
	}
	s, err := load(opts, flags)
	if err != nil {
		t.Fatal(err)
	}
	if env["CODEX_LIVE_TRUST"] == "all" {
		flags.HookStates = map[string]HookState{}
		for _, h := range s.Handlers {
			if h.Listed && !h.IsManaged && h.Trust != trusted {
				flags.HookStates[h.Key] = HookState{TrustedHash: h.CurrentHash}
			}
		}
		if s, err = load(opts, flags); err != nil {
			t.Fatal(err)
		}
	}
	neutral := strings.NewReplacer(mp, "/home/user/project", mh, "/home/user").Replace
	return s, neutral
}

// tagOf is the TAG of a fixture command "codex-live-log TAG[; …]".
func tagOf(cmd string) string {
	f := strings.Fields(strings.SplitN(cmd, ";", 2)[0])
	if len(f) >= 2 && f[0] == "codex-live-log" {
		return f[1]
	}
	return ""
}

// contextOf is the planner context of a fired event, from its payload.
func contextOf(event string, payload map[string]any) hooks.PlanContext {
	str := func(k string) string { s, _ := payload[k].(string); return s }
	switch event {
	case "PreToolUse", "PostToolUse", "PermissionRequest":
		return hooks.PlanContext{ToolName: str("tool_name")}
	case "SessionStart":
		return hooks.PlanContext{Trigger: str("source")}
	case "SessionEnd":
		return hooks.PlanContext{Trigger: str("reason")}
	case "PreCompact", "PostCompact":
		return hooks.PlanContext{Trigger: str("trigger")}
	case "SubagentStart", "SubagentStop":
		return hooks.PlanContext{Trigger: str("agent_type")}
	}
	return hooks.PlanContext{}
}

func TestLiveCodexExamples(t *testing.T) {
	script := requireCodexLive(t)
	examples := filepath.Join(filepath.Dir(script), "examples")
	for _, name := range []string{"basic", "untrusted", "trusted-hash", "apply-patch"} {
		t.Run(name, func(t *testing.T) {
			env := readEnvFile(t, filepath.Join(examples, name, "env"))
			src := t.TempDir()
			project, home := filepath.Join(src, "project"), filepath.Join(src, "home")
			agenttest.CopyTree(t, filepath.Join(examples, name, "project"), project)
			agenttest.CopyTree(t, filepath.Join(examples, name, "home"), home)
			var editedKey string
			if name == "trusted-hash" {
				// Hand-edit a trusted definition (timeout 30 → 31): it must
				// read modified in both and not run.
				f := filepath.Join(project, ".codex", "hooks.json")
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				edited := strings.Replace(string(data), `"timeout": 30`, `"timeout": 31`, 1)
				if edited == string(data) {
					t.Fatal("the example changed: no timeout 30 to edit")
				}
				if err := os.WriteFile(f, []byte(edited), 0o644); err != nil {
					t.Fatal(err)
				}
				editedKey = "/home/user/project/.codex/hooks.json:post_tool_use:0:0"
			}
			rep := runCodexLive(t, script, project, home, env)
			s, neutral := modelOf(t, project, home, env)

			// Key, hash, trust status and enablement equal hooks/list.
			theirs := map[string]string{}
			for _, h := range rep.HooksList {
				theirs[h.Key] = strings.Join([]string{h.Source, h.TrustStatus, h.CurrentHash, boolText(h.Enabled)}, " ")
			}
			ours := map[string]string{}
			for _, h := range s.Handlers {
				if h.Listed && h.Hook.Status != statusProjectUntrusted {
					ours[neutral(h.Key)] = strings.Join([]string{string(h.Source), string(h.Trust), h.CurrentHash, boolText(h.Enabled)}, " ")
				}
			}
			if !reflect.DeepEqual(ours, theirs) {
				t.Errorf("hook list differs\nhookwarden: %v\ncodex:      %v", ours, theirs)
			}
			if editedKey != "" {
				if got := theirs[editedKey]; !strings.Contains(got, " modified ") {
					t.Errorf("codex: edited hook %s reads %q, want modified", editedKey, got)
				}
				if got := ours[editedKey]; !strings.Contains(got, " modified ") {
					t.Errorf("hookwarden: edited hook %s reads %q, want modified", editedKey, got)
				}
			}

			// The fixture hooks that fired, per event, equal the plans for
			// every time the event fired (the observer hooks say when).
			fired := map[string][]string{}
			planned := map[string][]string{}
			for _, f := range rep.Fired {
				if f.Hook != "observer" {
					fired[f.Event] = append(fired[f.Event], f.Hook)
					continue
				}
				plan, err := s.PlanFor(hooks.Event(f.Event), contextOf(f.Event, f.Payload))
				if err != nil {
					t.Fatal(err)
				}
				for _, h := range plan.Hooks {
					if tag := tagOf(h.Command); tag != "" {
						planned[f.Event] = append(planned[f.Event], tag)
					}
				}
			}
			for _, m := range []map[string][]string{fired, planned} {
				for _, v := range m {
					sort.Strings(v)
				}
			}
			if !reflect.DeepEqual(fired, planned) {
				t.Errorf("hooks that fired differ from the plan\nfired:   %v\nplanned: %v\n(stderr %s)", fired, planned, rep.Stderr)
			}
			t.Logf("%d hooks listed by both; fired %v", len(theirs), fired)
			if len(theirs) == 0 || len(rep.Fired) == 0 {
				t.Errorf("nothing to compare: %d listed, %d fired (observers included): %s", len(theirs), len(rep.Fired), rep.Stderr)
			}
			if name == "basic" {
				wantWarn := false
				for _, w := range s.CodexWarnings {
					if strings.HasPrefix(w, "loading hooks from both") {
						wantWarn = true
						found := false
						for _, cw := range rep.HooksWarnings {
							found = found || cw == neutral(w)
						}
						if !found {
							t.Errorf("warning %q not among Codex's %q", neutral(w), rep.HooksWarnings)
						}
					}
				}
				if !wantWarn {
					t.Errorf("no both-forms warning; Codex: %q", rep.HooksWarnings)
				}
			}
		})
	}
}

func boolText(b bool) string {
	if b {
		return "enabled"
	}
	return "disabled"
}
