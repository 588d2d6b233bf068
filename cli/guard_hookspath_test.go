package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The attack: after `guard install`, a hook manager (husky) sets
// core.hooksPath to its own folder, and git silently stops running the
// guard. status, every check and exec must notice and say so loudly, exec
// must refuse until it is fixed, and uninstall must still find and remove
// the guard's files where it put them.
func TestGuardNoticesCoreHooksPathMovedAway(t *testing.T) {
	t.Parallel()
	e := newGitEnv(t)
	_, clone := e.upstreamAndClone()
	gitHooks := filepath.Join(clone, ".git", "hooks")
	husky := filepath.Join(clone, ".husky")
	writeFile(t, filepath.Join(husky, "post-merge"), "#!/bin/sh\necho husky\n", 0o755)
	beforeGit, beforeHusky := treeState(t, gitHooks), treeState(t, husky)
	if code, out, errOut := e.hookwarden(clone, "guard", "install"); code != 0 {
		t.Fatalf("guard install: %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut := e.hookwarden(clone, "guard", "status"); code != 0 || strings.Contains(errOut, "WARNING") {
		t.Fatalf("status right after install: exit %d\n%s", code, errOut)
	}

	e.mustGit(clone, "config", "core.hooksPath", ".husky")

	code, out, errOut := e.hookwarden(clone, "guard", "status")
	if code == 0 || !strings.Contains(errOut, "WARNING: git no longer runs the guard") || !strings.Contains(errOut, husky) || !strings.Contains(errOut, gitHooks) {
		t.Errorf("guard status after core.hooksPath moved: exit %d, want a loud warning naming both folders:\n%s%s", code, out, errOut)
	}
	code, out, errOut = e.hookwarden(clone, "guard", "check")
	if code != ExitNeedsReview || !strings.Contains(errOut, "WARNING: git no longer runs the guard") || !strings.Contains(errOut, "core.hooksPath") {
		t.Errorf("guard check after core.hooksPath moved: exit %d, want the guard named as off:\n%s%s", code, out, errOut)
	}
	// The tray counts it too (it calls ReviewProject).
	io := &IO{Agents: testAgents(), Env: e.env, Dir: clone, GOOS: "linux"}
	if r, err := io.ReviewProject(clone); err != nil || len(r.Items) != 1 || r.Items[0].Status != "guard off" {
		t.Errorf("ReviewProject after core.hooksPath moved: %+v %v", r.Items, err)
	}

	ran := filepath.Join(e.root, "agent-ran")
	agent := filepath.Join(e.root, "bin", "fake-agent")
	writeFile(t, agent, "#!/bin/sh\ntouch '"+ran+"'\n", 0o755)
	runExec := func() (int, string) {
		cmd := exec.Command(os.Args[0], "exec", "--", agent)
		cmd.Dir, cmd.Env = clone, e.env
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode(), string(out)
		} else if err != nil {
			t.Fatal(err)
		}
		return 0, string(out)
	}
	if code, out := runExec(); code != ExitNeedsReview || !strings.Contains(out, "core.hooksPath") {
		t.Errorf("exec while git does not run the guard: exit %d, want %d naming core.hooksPath:\n%s", code, ExitNeedsReview, out)
	}
	if _, err := os.Stat(ran); !os.IsNotExist(err) {
		t.Fatal("exec started the agent while git does not run the guard")
	}

	// Fixed by installing again where git looks now (husky's hook is kept
	// and run first).
	if code, out, errOut := e.hookwarden(clone, "guard", "install"); code != 0 {
		t.Fatalf("guard install into .husky: %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut := e.hookwarden(clone, "guard", "status"); code != 0 || strings.Contains(errOut, "WARNING") {
		t.Errorf("status after installing again: exit %d\n%s", code, errOut)
	}
	if code, out := runExec(); code != 0 {
		t.Errorf("exec after the guard runs again: exit %d\n%s", code, out)
	}

	// Uninstall puts both folders back as they were.
	if code, out, errOut := e.hookwarden(clone, "guard", "uninstall"); code != 0 {
		t.Fatalf("guard uninstall: %d\n%s%s", code, out, errOut)
	}
	sameTree(t, ".git/hooks after uninstall", beforeGit, treeState(t, gitHooks))
	sameTree(t, ".husky after uninstall", beforeHusky, treeState(t, husky))
	if code, _, errOut := e.hookwarden(clone, "guard", "status"); code != 0 || strings.Contains(errOut, "WARNING") {
		t.Errorf("status after uninstall: exit %d, want no warning (the guard is simply not installed)\n%s", code, errOut)
	}
}

// Uninstall after core.hooksPath moved, without installing again, still
// removes the guard from the folder it was installed into.
func TestGuardUninstallFindsTheGuardAfterCoreHooksPathMoved(t *testing.T) {
	t.Parallel()
	e := newGitEnv(t)
	_, clone := e.upstreamAndClone()
	gitHooks := filepath.Join(clone, ".git", "hooks")
	writeFile(t, filepath.Join(gitHooks, "post-checkout"), "#!/bin/sh\nexit 0\n", 0o755)
	before := treeState(t, gitHooks)
	if code, _, errOut := e.hookwarden(clone, "guard", "install"); code != 0 {
		t.Fatal(errOut)
	}
	e.mustGit(clone, "config", "core.hooksPath", filepath.Join(e.root, "elsewhere"))
	if code, out, errOut := e.hookwarden(clone, "guard", "uninstall"); code != 0 {
		t.Fatalf("guard uninstall: %d\n%s%s", code, out, errOut)
	}
	sameTree(t, ".git/hooks after uninstall", before, treeState(t, gitHooks))
}
