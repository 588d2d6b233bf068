package copilot

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// copilotHeader is the header Copilot CLI 1.0.102 writes at the top of
// ~/.copilot/config.json when it rewrites the file (observed through the
// copilot-live kit: the report's config_json_after).
const copilotHeader = "// User settings belong in settings.json.\n// This file is managed automatically.\n"

// TestConfigJSONWithCopilotsOwnCommentsIsRead: Copilot reads the
// trustedFolders of a config.json that holds its own header comments, a
// block comment and trailing commas (observed through the kit: the
// repository hooks load, and Copilot keeps the trust when it rewrites the
// file). Hookwarden must read the same trust, and never say that Copilot
// cannot read the file. Fails on main: "Invalid JSON: comments are not
// allowed … Copilot CLI cannot read the folder trust", repository hooks
// shown as skipped.
func TestConfigJSONWithCopilotsOwnCommentsIsRead(t *testing.T) {
	root := tree(t, map[string]string{
		"p/.github/hooks/a.json": hf("repo"), "home/.copilot/x": "",
	})
	cfg := copilotHeader + "{\n  /* kept */ \"trustedFolders\": [\n    \"" + root + "/p\",\n  ],\n  \"firstLaunchAt\": \"2026-03-11T00:00:00.000Z\",\n}\n"
	if err := os.WriteFile(filepath.Join(root, "home", ".copilot", "config.json"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	s := load(t, root, "p", nil)
	if !s.FolderTrust().Trusted {
		t.Errorf("folder trust: %+v, want trusted", s.FolderTrust())
	}
	if got := commands(s, "preToolUse", "bash"); !slices.Equal(got, []string{"repo"}) {
		t.Errorf("repository hooks: %v, want [repo]", got)
	}
	for _, f := range s.Files {
		if f.Kind == kindConfig && f.Err != nil {
			t.Errorf("config.json read as broken: %s", fileErrorText(f))
		}
	}
	if _, err := s.FolderTrustDetails(); err != nil {
		t.Errorf("FolderTrustDetails: %v", err)
	}
	for _, d := range s.diags {
		if strings.Contains(d.Message, "cannot read") {
			t.Errorf("diagnostic claims Copilot cannot read a file it reads: %s", d.Message)
		}
	}
}

// TestConfigJSONStillBrokenWhenCopilotCannotReadIt: a config.json that is
// not even JSON with comments stays broken (fail closed), and so does a
// hooks file with comments, which Copilot reads strictly.
func TestConfigJSONStillBrokenWhenCopilotCannotReadIt(t *testing.T) {
	root := tree(t, map[string]string{
		"p/.github/hooks/a.json": "// c\n" + hf("repo"), "home/.copilot/x": "",
	})
	if err := os.WriteFile(filepath.Join(root, "home", ".copilot", "config.json"), []byte(copilotHeader+"{\"trustedFolders\": [\""+root+"/p\"]"), 0o600); err != nil {
		t.Fatal(err)
	}
	s := load(t, root, "p", nil)
	if s.FolderTrust().Trusted {
		t.Error("an unreadable config.json trusts the folder")
	}
	broken := 0
	for _, f := range s.Files {
		if f.Err != nil && (f.Kind == kindConfig || strings.HasSuffix(f.Path, "a.json")) {
			broken++
		}
	}
	if broken != 2 {
		t.Errorf("%d broken files, want config.json and the commented hooks file", broken)
	}
}

// TestSetFolderTrustKeepsCopilotsComments: trusting and untrusting the
// folder in a config.json Copilot wrote keeps its header comments and
// layout, byte for byte after the round trip; a config.json Hookwarden
// cannot edit safely (a trailing comma) is left untouched.
func TestSetFolderTrustKeepsCopilotsComments(t *testing.T) {
	root := tree(t, map[string]string{"p/.github/hooks/a.json": hf("repo"), "home/.copilot/x": ""})
	cfgPath := filepath.Join(root, "home", ".copilot", "config.json")
	before := copilotHeader + "{\n  \"trustedFolders\": [\n    \"/elsewhere\"\n  ],\n  \"firstLaunchAt\": \"2026-03-11T00:00:00.000Z\"\n}\n"
	if err := os.WriteFile(cfgPath, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	env := agents.Env{Vars: []string{"HOME=" + filepath.Join(root, "home"), "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hw")}, GOOS: "linux"}
	p, err := open(env, filepath.Join(root, "p"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.SetFolderTrust(context.Background(), "trusted"); err != nil {
		t.Fatal(err)
	}
	mid, _ := os.ReadFile(cfgPath)
	if !strings.HasPrefix(string(mid), copilotHeader) || !strings.Contains(string(mid), filepath.Join(root, "p")) {
		t.Errorf("after trusting:\n%s", mid)
	}
	p, _ = open(env, filepath.Join(root, "p"))
	if !p.FolderTrust().Trusted {
		t.Fatalf("not trusted after SetFolderTrust: %+v", p.FolderTrust())
	}
	if _, err := p.SetFolderTrust(context.Background(), "untrusted"); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(cfgPath); string(after) != before {
		t.Errorf("after trust and untrust:\n%s\nwant\n%s", after, before)
	}
	trailing := copilotHeader + "{\n  \"trustedFolders\": [\n    \"/elsewhere\",\n  ],\n}\n"
	if err := os.WriteFile(cfgPath, []byte(trailing), 0o600); err != nil {
		t.Fatal(err)
	}
	p, _ = open(env, filepath.Join(root, "p"))
	if _, err := p.SetFolderTrust(context.Background(), "trusted"); err == nil {
		t.Error("a config.json with a trailing comma was edited")
	} else if !strings.Contains(err.Error(), "Copilot CLI reads this file") || strings.Contains(err.Error(), "does not allow") {
		t.Errorf("the refusal claims Copilot refuses a file it reads: %v", err)
	}
	if after, _ := os.ReadFile(cfgPath); string(after) != trailing {
		t.Errorf("a file that could not be edited was touched:\n%s", after)
	}
}
