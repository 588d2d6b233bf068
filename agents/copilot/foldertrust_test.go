package copilot

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// TestSetFolderTrustWritesTrustedFolders: "trusted" appends the folder to
// trustedFolders of ~/.copilot/config.json, keeping the file's other
// bytes; "untrusted" removes it again, byte for byte; the project then
// reads untrusted, and its repository hooks skipped.
func TestSetFolderTrustWritesTrustedFolders(t *testing.T) {
	root := tree(t, map[string]string{
		"home/.copilot/config.json": "{\n  \"banner\": \"never\",\n  \"trustedFolders\": [\n    \"/elsewhere\"\n  ]\n}\n",
		"p/.github/hooks/a.json":    hf("repo"),
	})
	cfg := filepath.Join(root, "home", ".copilot", "config.json")
	before, _ := os.ReadFile(cfg)
	env := agents.Env{Vars: []string{"HOME=" + filepath.Join(root, "home"), "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hw")}, GOOS: "linux"}
	p, err := open(env, filepath.Join(root, "p"))
	if err != nil {
		t.Fatal(err)
	}
	if p.FolderTrust().Trusted {
		t.Fatal("trusted before")
	}
	res, err := p.SetFolderTrust(context.Background(), "trusted")
	if err != nil || len(res.Files) != 1 {
		t.Fatalf("%+v %v", res, err)
	}
	p, _ = open(env, filepath.Join(root, "p"))
	if !p.FolderTrust().Trusted || len(commands(p, "preToolUse", "bash")) != 1 {
		t.Fatalf("after trusting: %+v", p.FolderTrust())
	}
	if _, err := p.SetFolderTrust(context.Background(), "untrusted"); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(cfg); string(after) != string(before) {
		t.Errorf("config.json after trust and untrust:\n%s\nwant\n%s", after, before)
	}
	if _, err := p.SetFolderTrust(context.Background(), "TRUST_FOLDER"); err == nil {
		t.Error("an unknown level was taken")
	}
}

// TestSwitchInAFreshHome: disabling a repository hook when ~/.copilot
// does not exist yet creates settings.json with the key.
func TestSwitchInAFreshHome(t *testing.T) {
	root := tree(t, map[string]string{"p/.github/hooks/a.json": hf("repo")})
	env := agents.Env{Vars: []string{"HOME=" + filepath.Join(root, "home"), "COPILOT_ALLOW_ALL=true", "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hw")}, GOOS: "linux"}
	p, err := open(env, filepath.Join(root, "p"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Toggle(context.Background(), agents.ToggleRequest{Refs: []string{"repo"}}); err != nil {
		t.Fatal(err)
	}
	p, _ = open(env, filepath.Join(root, "p"))
	if got := commands(p, "preToolUse", "bash"); len(got) != 0 {
		t.Errorf("still runs: %v", got)
	}
}

// A dry run as if the folder were trusted reads Copilot's files again
// (with COPILOT_ALLOW_ALL): a repository hook file changed since Open is
// refused, so that the run plans nothing the snapshot did not show.
func TestDryRunAsTrustedRefusesFilesChangedSinceOpen(t *testing.T) {
	root := tree(t, map[string]string{"p/.github/hooks/a.json": hf("true")})
	env := agents.Env{Vars: []string{"HOME=" + filepath.Join(root, "home"), "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hw"), "PATH=" + os.Getenv("PATH")}, GOOS: "linux"}
	p, err := open(env, filepath.Join(root, "p"))
	if err != nil {
		t.Fatal(err)
	}
	req := agents.RunRequest{Event: "preToolUse", Query: agents.Query{Tool: "bash"}, AsTrusted: true, Sandbox: agents.SandboxNever}
	if _, err := p.DryRun(context.Background(), req); err != nil {
		t.Fatalf("as trusted, unchanged: %v", err)
	}
	if err := os.WriteFile(filepath.Join(root, "p", ".github", "hooks", "a.json"), []byte(hf("touch evil")), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = p.DryRun(context.Background(), req)
	var changed *agents.ChangedOnDisk
	if !errors.As(err, &changed) || !changed.Run {
		t.Errorf("a hook file changed since Open: %v, want it refused", err)
	}
	if _, err := os.Stat(filepath.Join(root, "p", "evil")); err == nil {
		t.Error("the hook put in place after Open ran")
	}
}
