package claudeschema

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// A prompt command whose injected path is in no known folder is partly
// unwatched and, when the agent's starts are known (Started), still says
// how the agent starts its shell step (exec --enforce holds it by that).
func TestPromptTemplateUnwatchedKeepsItsSpawn(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "commands")
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "x.toml"), []byte("prompt = \"!{echo hi} @{missing.md}\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	hs, _ := Commands{Agent: "a", Templates: []string{".toml"}, Inject: "@{", Args: "{{args}}", Workspace: dir, Started: true}.PromptTemplates(settingsio.LayerWorkspace, root, "!{", "when", "")
	if len(hs) != 1 {
		t.Fatalf("entries %d, want 1", len(hs))
	}
	if len(InjectUnwatched(hs[0])) != 1 {
		t.Errorf("unwatched %v, want the missing path", InjectUnwatched(hs[0]))
	}
	e, ok := hs[0].Ext.(interface{ Spawn() func([]string) bool })
	if !ok || e.Spawn() == nil || !e.Spawn()([]string{"bash", "-c", "echo hi"}) {
		t.Errorf("the entry no longer says how the agent starts its shell step")
	}
}
