package copilot

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/agents/agenttest"
)

// TestLiveConfigJSONWithCommentsTrustsTheFolder: the real Copilot CLI
// reads the trustedFolders of a config.json with its own header comments,
// a block comment and trailing commas (its repository hooks load), and
// does not trust the folder when the same file lists nothing; Hookwarden
// reads the same trust from the same files.
func TestLiveConfigJSONWithCommentsTrustsTheFolder(t *testing.T) {
	requireCopilotLive(t)
	for _, c := range []struct {
		name, config string
		trusted      bool
	}{
		{"listed", copilotHeader + "{\n  /* block */ \"trustedFolders\": [\"/home/user/project\",],\n}\n", true},
		{"not listed", copilotHeader + "{\n  \"trustedFolders\": [],\n}\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			project, home, env := example(t, "trusted-config")
			dir := t.TempDir()
			p, h := filepath.Join(dir, "project"), filepath.Join(dir, "home")
			agenttest.CopyTree(t, project, p)
			agenttest.CopyTree(t, home, h)
			if err := os.WriteFile(filepath.Join(h, ".copilot", "config.json"), []byte(c.config), 0o600); err != nil {
				t.Fatal(err)
			}
			rep := runLive(t, p, h, env)
			repo := false
			for _, hk := range rep.HooksList {
				if hk.Origin == "repository" {
					repo = true
				}
			}
			if repo != c.trusted {
				t.Fatalf("Copilot CLI loaded repository hooks: %v, want %v (hooks.discover %+v)", repo, c.trusted, rep.HooksList)
			}
			model, _, _ := modelOf(t, p, h, env)
			if got := model.FolderTrust(); got.Trusted != c.trusted {
				t.Errorf("Hookwarden reads the folder trust %+v, want trusted %v as Copilot", got, c.trusted)
			}
			for _, f := range model.Files {
				if f.Kind == kindConfig && f.Err != nil {
					t.Errorf("config.json read as broken: %s", fileErrorText(f))
				}
			}
		})
	}
}
