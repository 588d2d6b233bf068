package copilot

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// dryRunLike runs the example's event in Hookwarden's dry run, confirmed
// and outside the sandbox (the test's own fixture hooks), with a stand-in
// copilot-live-log on PATH that reads its stdin and logs nothing.
func dryRunLike(t *testing.T, name string, event hooks.Event, tool string) (*agents.RunResult, liveReport, func(string) string) {
	t.Helper()
	project, home, env := example(t, name)
	env["COPILOT_LIVE_HOOKS_LIST"] = "0"
	rep := runLive(t, project, home, env)
	p, mp, mh := modelOf(t, project, home, env)
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "copilot-live-log"), []byte("#!/bin/sh\ncat >/dev/null\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	p.env.Vars = append(p.env.Vars, "PATH="+bin+":"+os.Getenv("PATH"))
	res, err := p.DryRun(context.Background(), agents.RunRequest{Event: event, Query: agents.Query{Tool: tool}, Confirmed: true, Sandbox: agents.SandboxNever})
	if err != nil {
		t.Fatal(err)
	}
	neutral := strings.NewReplacer(mp, "/home/user/project", mh, "/home/user").Replace
	return res, rep, neutral
}

func liveResult(rep liveReport) string {
	if len(rep.ToolResults) == 0 {
		return ""
	}
	return fmt.Sprint(rep.ToolResults[0].Output)
}

// TestLiveDryRunVerdicts: the dry run's verdict for the kit's preToolUse,
// postToolUse and agentStop examples is what the real Copilot CLI did: a
// deny (exit 2, exit 1 fail-closed, JSON deny, ask in -p, a Claude-format
// hookSpecificOutput deny) with the very message the model got, the first
// deny stopping the rest, an allow, modifiedArgs, answers Copilot ignores,
// modifiedResult, and an agentStop block that makes it go on.
func TestLiveDryRunVerdicts(t *testing.T) {
	requireCopilotLive(t)
	for _, name := range []string{"deny-exit2", "exit1", "deny-json", "ask", "deny-claude", "deny-first"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			res, rep, neutral := dryRunLike(t, name, "preToolUse", "bash")
			if res.Verdict.Effect != hooks.EffectBlocked {
				t.Fatalf("verdict %+v, want BLOCKED", res.Verdict)
			}
			var msg string
			for _, h := range res.Hooks {
				if h.Verdict.Effect == hooks.EffectBlocked {
					msg = neutral(h.Verdict.Headline)
					break
				}
			}
			if live := liveResult(rep); msg != live || len(rep.FilesCreated) != 0 {
				t.Errorf("Copilot told the model %q (files %v); the dry run says %q", live, rep.FilesCreated, msg)
			}
			if !strings.Contains(neutral(res.Verdict.Headline), fmt.Sprintf("%q", msg)) {
				t.Errorf("headline %q does not quote %q", res.Verdict.Headline, msg)
			}
			if name == "deny-first" {
				if slices.Contains(rep.tags(), "second") || len(res.Hooks) != 2 || res.Hooks[1].Ran {
					t.Errorf("the second hook: Copilot fired %v; the dry run ran it: %v", rep.tags(), len(res.Hooks) == 2 && res.Hooks[1].Ran)
				}
			}
		})
	}
	t.Run("allow", func(t *testing.T) {
		t.Parallel()
		res, rep, _ := dryRunLike(t, "allow", "preToolUse", "bash")
		if res.Verdict.Effect != hooks.EffectAllowed || !slices.Contains(rep.FilesCreated, "out.txt") {
			t.Errorf("dry run %+v; Copilot created %v", res.Verdict, rep.FilesCreated)
		}
	})
	t.Run("modify", func(t *testing.T) {
		t.Parallel()
		res, rep, _ := dryRunLike(t, "modify", "preToolUse", "bash")
		if res.Verdict.Effect != hooks.EffectChanged || !strings.Contains(res.Verdict.Headline, "echo changed > changed.txt") ||
			!slices.Contains(rep.FilesCreated, "changed.txt") || slices.Contains(rep.FilesCreated, "out.txt") {
			t.Errorf("dry run %+v; Copilot created %v", res.Verdict, rep.FilesCreated)
		}
	})
	t.Run("ignored-outputs", func(t *testing.T) {
		t.Parallel()
		res, rep, _ := dryRunLike(t, "ignored-outputs", "preToolUse", "bash")
		if res.Verdict.Effect != hooks.EffectNothing || !slices.Contains(rep.FilesCreated, "out.txt") || len(rep.tags()) != 3 {
			t.Errorf("dry run %+v; Copilot fired %v and created %v", res.Verdict, rep.tags(), rep.FilesCreated)
		}
		warned := 0
		for _, h := range res.Hooks {
			warned += len(h.Warnings)
		}
		if warned < 2 {
			t.Errorf("the dry run does not say that hookSpecificOutput and decision are ignored: %+v", res.Hooks)
		}
	})
	t.Run("post-modify", func(t *testing.T) {
		t.Parallel()
		res, rep, _ := dryRunLike(t, "post-modify", "postToolUse", "bash")
		if live := liveResult(rep); res.Verdict.Effect != hooks.EffectChanged || !strings.HasSuffix(res.Verdict.Headline, live) {
			t.Errorf("dry run %+v; Copilot's result %q", res.Verdict, live)
		}
	})
	t.Run("agent-stop", func(t *testing.T) {
		t.Parallel()
		res, rep, _ := dryRunLike(t, "agent-stop", "agentStop", "")
		n := 0
		for _, tag := range rep.tags() {
			if tag == "stopper" {
				n++
			}
		}
		if res.Verdict.Effect != hooks.EffectStopped || !strings.Contains(res.Verdict.Headline, "keep going: run the tests") || n != 2 {
			t.Errorf("dry run %+v; Copilot ran the stop hook %d times", res.Verdict, n)
		}
	})
}
