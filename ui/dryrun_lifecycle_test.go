package ui

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// waitingHook runs until the test creates the file "go" in the project
// (at most 30 s), after touching "started"; then it touches "finished".
const waitingHook = `touch started; i=0; while [ ! -e go ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i+1)); done; touch finished`

// otherProject is another folder with no hooks, loaded in f's environment.
func (f *dryRunFixture) otherProject() *project {
	p := f.v.project
	return loadFolder(Options{Agents: testAgents(), Env: p.Env, GOOS: p.GOOS, Home: p.Home}, f.t.TempDir())
}

func TestAReloadDuringADryRunKeepsTheRunAndTheInput(t *testing.T) {
	f := newDryRunFixture(t, true, beforeTool("slow", waitingHook), "")
	edited := strings.Replace(f.v.payload.Text, `"write_file"`, `"write_file", "mine": 1`, 1)
	f.v.payload.SetText(edited)
	test.Tap(f.v.runButton)
	f.q.waitFor("the hook to start", func() bool { return f.exists("started") })

	f.v.show(f.v.project.reloaded()) // the window shows every reload: watcher, Ctrl+R, approve
	if f.v.run == nil || f.v.status.Text == "Cancelling…" {
		t.Fatalf("the reload stopped the run: run=%v status %q", f.v.run != nil, f.v.status.Text)
	}
	writeFile(t, filepath.Join(f.dir, "go"), "")
	f.q.settle()

	if f.v.run != nil || f.v.runButton.Disabled() || f.v.progress.Visible() {
		t.Errorf("Dry run is stuck after the run: run=%v Run disabled=%v status %q", f.v.run != nil, f.v.runButton.Disabled(), f.v.status.Text)
	}
	if len(f.v.cards) != 1 || f.v.cards[0].result == nil || !f.exists("finished") {
		t.Fatalf("the run's result did not arrive: %d cards, status %q", len(f.v.cards), f.v.status.Text)
	}
	if !strings.Contains(f.v.status.Text, "ran in") {
		t.Errorf("status %q, want the run's summary", f.v.status.Text)
	}
	if f.v.payload.Text != edited {
		t.Errorf("the reload replaced the edited input with:\n%s", f.v.payload.Text)
	}
}

func TestAnotherProjectOrAgentCancelsTheDryRunAndLeavesItUsable(t *testing.T) {
	tests := []struct {
		name string
		next func(f *dryRunFixture) *project
	}{
		{"another folder", (*dryRunFixture).otherProject},
		{"the other agent", func(f *dryRunFixture) *project { return f.v.project.withAgent(agentNamed("claude")) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newDryRunFixture(t, true, beforeTool("slow", waitingHook), "")
			test.Tap(f.v.runButton)
			f.q.waitFor("the hook to start", func() bool { return f.exists("started") })

			f.v.show(tt.next(f))
			f.q.settle() // returns only once the runner has ended: the hook was killed

			if f.v.run != nil || f.v.runButton.Disabled() || !f.v.cancelButton.Disabled() || f.v.progress.Visible() {
				t.Errorf("Dry run is stuck: run=%v Run disabled=%v Cancel enabled=%v", f.v.run != nil, f.v.runButton.Disabled(), !f.v.cancelButton.Disabled())
			}
			if !strings.HasPrefix(f.v.status.Text, "Cancelled: ") {
				t.Errorf("status %q, want it to say the run was cancelled", f.v.status.Text)
			}
			if len(f.v.cards) != 0 || f.exists("finished") {
				t.Errorf("the cancelled run went on: %d cards, finished=%v", len(f.v.cards), f.exists("finished"))
			}
		})
	}
}

func TestAResetClosesTheUnapprovedConfirmationAndIgnoresItsAnswer(t *testing.T) {
	tests := []struct {
		name string
		next func(f *dryRunFixture) *project
	}{
		{"a reload", func(f *dryRunFixture) *project { return f.v.project.reloaded() }},
		{"another folder", (*dryRunFixture).otherProject},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newDryRunFixture(t, true, "", beforeTool("ws-hook", "touch ran"))
			test.Tap(f.v.runButton)
			f.q.settle()
			top := f.w.Canvas().Overlays().Top()
			if top == nil || !anyContains(textsOf(top), "ws-hook") {
				t.Fatal("no confirmation for the unapproved hook")
			}
			runThem := findButton(top, "Run them")

			f.v.show(tt.next(f))
			f.q.settle()
			if f.w.Canvas().Overlays().Top() != nil {
				t.Errorf("the confirmation outlived the reset: %q", dialogTexts(f.w))
			}
			if f.v.run != nil || f.v.runButton.Disabled() || !strings.HasPrefix(f.v.status.Text, "Cancelled: ") {
				t.Errorf("after the reset: run=%v Run disabled=%v status %q", f.v.run != nil, f.v.runButton.Disabled(), f.v.status.Text)
			}

			test.Tap(runThem) // an answer to the closed question
			f.q.settle()
			if f.exists("ran") || f.v.run != nil || len(f.v.cards) != 0 {
				t.Fatalf("the stale confirmation ran its plan: ran=%v run=%v cards=%d", f.exists("ran"), f.v.run != nil, len(f.v.cards))
			}
		})
	}
}

func TestAFreshConfirmationAfterAReloadRunsOnce(t *testing.T) {
	f := newDryRunFixture(t, true, "", beforeTool("ws-hook", "echo x >> ran"))
	test.Tap(f.v.runButton)
	f.q.settle()
	f.v.show(f.v.project.reloaded())
	test.Tap(f.v.runButton)
	f.q.settle()
	tapDialogButton(t, f.w, "Run them")
	f.q.settle()
	data, err := os.ReadFile(filepath.Join(f.dir, "ran"))
	if err != nil || string(data) != "x\n" {
		t.Errorf("the hook ran %q (%v), want once", data, err)
	}
	if f.v.run != nil || f.v.runButton.Disabled() || len(f.v.cards) != 1 {
		t.Errorf("after the run: run=%v Run disabled=%v cards=%d", f.v.run != nil, f.v.runButton.Disabled(), len(f.v.cards))
	}
}

func TestClosingTheWindowKillsTheHooksOfADryRun(t *testing.T) {
	f := newDryRunFixture(t, true, beforeTool("long", `echo $$ > pid; exec sleep 120`), "")
	test.Tap(f.v.runButton)
	var pid int
	f.q.waitFor("the hook to start", func() bool {
		data, err := os.ReadFile(filepath.Join(f.dir, "pid"))
		if err != nil {
			return false
		}
		pid, err = strconv.Atoi(strings.TrimSpace(string(data)))
		return err == nil
	})

	m := &mainWindow{dryRun: f.v}
	m.close()

	// Wait on the process ending (a zombie is not alive), with a cap a
	// loaded machine cannot reach.
	if !testenv.WaitUntil(2*time.Minute, func() bool { return !testenv.Alive(pid) }) {
		t.Errorf("the hook's process %d is still there after the window closed", pid)
	}
	if f.v.run != nil {
		t.Error("the run is still on after the window closed")
	}
	f.q.settle()
}
