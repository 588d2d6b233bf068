package codex

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// The acceptance of the dry run: the kit's examples run once through the
// real Codex CLI 0.171.0 (codex-live/run-codex.sh, offline), and the dry
// run of the same hooks with the same payload must say what Codex did.

// requireKit is the kit's codex-live folder (requireCodexLive: skipped
// without HOOKWARDEN_CONFORMANCE_KIT, node, npm or unshare).
func requireKit(t *testing.T) string {
	t.Helper()
	return filepath.Dir(requireCodexLive(t))
}

// dryRunLiveReport is the part of run-codex.sh's report the tests compare.
type dryRunLiveReport struct {
	Fired []struct {
		Event   string          `json:"event"`
		Hook    string          `json:"hook"`
		Payload json.RawMessage `json:"payload"`
	} `json:"fired"`
	HookRuns []struct {
		Event  string `json:"event"`
		Status string `json:"status"`
	} `json:"hook_runs"`
	FilesCreated []string `json:"files_created"`
	ExitCode     int      `json:"exit_code"`
	ToolResults  []struct {
		Output string `json:"output"`
	} `json:"tool_results"`
	ModelInputs [][]struct {
		Type string `json:"type"`
		Role string `json:"role"`
		Text string `json:"text"`
	} `json:"model_inputs"`
}

// runCodexExample runs the real Codex once on a kit example.
func runCodexExample(t *testing.T, kit, example string) dryRunLiveReport {
	t.Helper()
	cache, err := testenv.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(kit, "examples", example)
	extra := []string{"CODEX_LIVE_OBSERVE=0", "CODEX_LIVE_HOOKS_LIST=0", "CODEX_LIVE_TIMEOUT=300"}
	for k, v := range readEnvFile(t, filepath.Join(dir, "env")) {
		extra = append(extra, k+"="+v)
	}
	cmd := exec.Command(filepath.Join(kit, "run-codex.sh"), filepath.Join(dir, "project"), filepath.Join(dir, "home"))
	cmd.Env = kitEnv(cache, extra...)
	var rep dryRunLiveReport
	runKit(t, cache, cmd, &rep)
	return rep
}

// exampleHooks reads the example project's .codex/hooks.json into the
// neutral model, for one event (the fixtures are plain: no matcher rules
// beyond Bash, no timeouts). File is the neutral path Codex's report uses.
func exampleHooks(t *testing.T, kit, example string, event hooks.Event) []*hooks.Hook {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(kit, "examples", example, "project", ".codex", "hooks.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Hooks map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type    string `json:"type"`
				Command string `json:"command"`
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	var out []*hooks.Hook
	for _, g := range file.Hooks[string(event)] {
		for _, h := range g.Hooks {
			out = append(out, &hooks.Hook{Event: event, Type: h.Type, Command: h.Command, Matcher: g.Matcher,
				HasMatcher: g.Matcher != "", TimeoutMS: 600_000, Origin: hooks.Origin{File: "/home/user/project/.codex/hooks.json"}})
		}
	}
	return out
}

// dryRunner runs hooks as the kit's Codex does: bash as $SHELL and a
// codex-live-log on PATH (a stand-in that reads its input and exits 0).
func dryRunner(t *testing.T) *runner {
	t.Helper()
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "codex-live-log"), []byte("#!/bin/sh\ncat >/dev/null\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("needs bash")
	}
	return &runner{Spawn: agents.Spawn{Env: settingsio.Env(testenv.CleanEnv(t)).With("SHELL", bash)}, PathPrefix: []string{bin}}
}

func statusesOf(rep dryRunLiveReport, event string) []string {
	var s []string
	for _, r := range rep.HookRuns {
		if r.Event == event {
			s = append(s, r.Status)
		}
	}
	slices.Sort(s)
	return s
}

func TestLivePreToolUseVerdicts(t *testing.T) {
	kit := requireKit(t)
	cases := []struct {
		example string
		blocked bool
		effect  string
		warning string
	}{
		{"exit2", true, hooks.EffectBlocked, ""},
		{"deny-json", true, hooks.EffectBlocked, ""},
		{"block-legacy", true, hooks.EffectBlocked, ""},
		{"exit1", false, hooks.EffectFailed, hooks.WarnExit1NeverBlocks},
	}
	for _, c := range cases {
		t.Run(c.example, func(t *testing.T) {
			project := t.TempDir()
			r := dryRunner(t)
			dry := r.Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: exampleHooks(t, kit, c.example, "PreToolUse"),
				Input: sampleFor(t, "PreToolUse", project)})
			rep := runCodexExample(t, kit, c.example)

			liveBlocked := !slices.Contains(rep.FilesCreated, "out.txt")
			if liveBlocked != c.blocked || dry.Effect.Blocked != liveBlocked {
				t.Fatalf("blocked: Codex %v, dry run %v (want %v); files %q", liveBlocked, dry.Effect.Blocked, c.blocked, rep.FilesCreated)
			}
			if len(rep.ToolResults) != 1 {
				t.Fatalf("tool results %+v", rep.ToolResults)
			}
			if liveBlocked && rep.ToolResults[0].Output != dry.Effect.ModelMessage {
				t.Errorf("the model gets %q from Codex, the dry run says %q", rep.ToolResults[0].Output, dry.Effect.ModelMessage)
			}
			if !liveBlocked && (dry.Effect.ModelMessage != "" || dry.Effect.RewrittenCommand != "") {
				t.Errorf("Codex ran the command as given; dry run %+v", dry.Effect)
			}
			var dryStatuses []string
			for _, res := range dry.Results {
				dryStatuses = append(dryStatuses, string(res.Output.Status))
			}
			slices.Sort(dryStatuses)
			if live := statusesOf(rep, "PreToolUse"); !slices.Equal(live, dryStatuses) {
				t.Errorf("hook runs: Codex %q, dry run %q", live, dryStatuses)
			}
			if dry.Verdict.Effect != c.effect || c.warning != "" && !hasWarning(dry.Warnings, c.warning) {
				t.Errorf("verdict %+v warnings %+v", dry.Verdict, dry.Warnings)
			}
			t.Logf("Codex: %s; dry run: %s", rep.ToolResults[0].Output, dry.Verdict.Headline)
		})
	}
}

func TestLiveStopBlock(t *testing.T) {
	kit := requireKit(t)
	project := t.TempDir()
	r := dryRunner(t)
	hs := exampleHooks(t, kit, "stop-block", "Stop")
	first := r.Run(context.Background(), runRequest{Event: "Stop", Hooks: hs, Input: sampleFor(t, "Stop", project)})
	againIn, err := sampleInput(sampleOptions{Event: "Stop", ProjectDir: project, StopHookActive: true})
	if err != nil {
		t.Fatal(err)
	}
	again := r.Run(context.Background(), runRequest{Event: "Stop", Hooks: hs, Input: againIn})
	rep := runCodexExample(t, kit, "stop-block")

	// Codex: the first Stop blocks, the model is prompted with the
	// hook's reason, Stop fires again with stop_hook_active true and
	// completes.
	var actives []bool
	for _, f := range rep.Fired {
		if f.Event == "Stop" {
			var p struct {
				Active bool `json:"stop_hook_active"`
			}
			_ = json.Unmarshal(f.Payload, &p)
			actives = append(actives, p.Active)
		}
	}
	if !slices.Equal(actives, []bool{false, true}) {
		t.Fatalf("Codex fired Stop with stop_hook_active %v", actives)
	}
	if live := statusesOf(rep, "Stop"); !slices.Equal(live, []string{"Blocked", "Completed"}) {
		t.Fatalf("Codex Stop runs %q", live)
	}
	if first.Results[0].Output.Status != runBlocked || again.Results[0].Output.Status != runCompleted || again.Effect.Blocked {
		t.Fatalf("dry runs: %+v / %+v", first.Results[0].Output, again.Results[0].Output)
	}
	var prompts []string
	for _, in := range rep.ModelInputs {
		for _, item := range in {
			if item.Role == "user" && strings.Contains(item.Text, "<hook_prompt") {
				prompts = append(prompts, item.Text)
			}
		}
	}
	if !slices.Equal(prompts, []string{first.Effect.Continuation}) {
		t.Errorf("Codex prompted the model with %q, the dry run says %q", prompts, first.Effect.Continuation)
	}
	if !hasWarning(first.Warnings, warnStopReprompts) || first.Verdict.Effect != hooks.EffectBlocked {
		t.Errorf("verdict %+v warnings %+v", first.Verdict, first.Warnings)
	}
}

func TestLivePermissionRequestDeny(t *testing.T) {
	kit := requireKit(t)
	project := t.TempDir()
	r := dryRunner(t)
	dry := r.Run(context.Background(), runRequest{Event: "PermissionRequest", Hooks: exampleHooks(t, kit, "permission-request", "PermissionRequest"),
		Input: sampleFor(t, "PermissionRequest", project)})
	rep := runCodexExample(t, kit, "permission-request")
	if live := statusesOf(rep, "PermissionRequest"); !slices.Equal(live, []string{string(dry.Results[0].Output.Status)}) {
		t.Fatalf("hook runs: Codex %q, dry run %s", live, dry.Results[0].Output.Status)
	}
	if len(rep.ToolResults) != 1 || rep.ToolResults[0].Output != dry.Effect.ModelMessage || slices.Contains(rep.FilesCreated, "out.txt") {
		t.Errorf("Codex: %+v %q; dry run: %q", rep.ToolResults, rep.FilesCreated, dry.Effect.ModelMessage)
	}
	if dry.Effect.Permission != permissionDeny || dry.Verdict.Effect != hooks.EffectBlocked {
		t.Errorf("%+v", dry.Verdict)
	}
}
