package codex

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// What the real Codex 0.171.0 does with keys of a trusted project's
// .codex/config.toml, one of each kind the catalogue tells apart:
//
//   - model_instructions_file (reviewed): the text of the file it names,
//     a path relative to the .codex folder, is sent to the model;
//   - developer_instructions (reviewed): its text is sent to the model;
//   - future_helper_command (unknown): Codex warns "`future_helper_command`
//     is ignored" and does not run it;
//   - history.helper (an unknown field of the inert history table): Codex
//     warns "`history.helper` is ignored".
//
// Hookwarden's model lists the two reviewed keys as entries that run, the
// two unknown ones as skipped entries saying Codex does not know them,
// and the instructions file's text in the reviewed definition.
func TestLiveCodexProjectCatalogue(t *testing.T) {
	script := requireCodexLive(t)
	project, home := t.TempDir(), t.TempDir()
	const instructions, developer = "HW-CATALOGUE-INSTRUCTIONS-7f3a", "HW-CATALOGUE-DEVELOPER-91c2"
	files := map[string]string{
		".codex/config.toml": "model_instructions_file = \"x.md\"\ndeveloper_instructions = \"" + developer + "\"\n" +
			"future_helper_command = [\"sh\", \"helper.sh\"]\n\n[history]\npersistence = \"none\"\nhelper = \"sh helper.sh\"\n",
		".codex/x.md": "You are a test model. " + instructions + "\n",
		"helper.sh":   "touch \"$(dirname \"$0\")/helper-ran\"\n",
	}
	for name, text := range files {
		p := filepath.Join(project, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dump := filepath.Join(t.TempDir(), "requests.jsonl")
	env := map[string]string{"CODEX_LIVE_PROJECT_TRUST": "trusted", "CODEX_LIVE_TIMEOUT": "60", "CODEX_LIVE_DUMP": dump}
	rep := runCodexLive(t, script, project, home, env)
	if rep.ExitCode == nil || *rep.ExitCode != 0 {
		t.Fatalf("codex exec failed: %+v", rep)
	}
	sent, err := os.ReadFile(dump)
	if err != nil {
		t.Fatalf("no request dump: %v", err)
	}
	if !strings.Contains(string(sent), instructions) {
		t.Errorf("the text of model_instructions_file (.codex/x.md) did not reach the model")
	}
	if !strings.Contains(string(sent), developer) {
		t.Errorf("developer_instructions did not reach the model")
	}
	for _, k := range []string{"future_helper_command", "history.helper"} {
		if !strings.Contains(rep.Stderr, "`"+k+"` is ignored") {
			t.Errorf("Codex did not say it ignores %s: %s", k, rep.Stderr)
		}
	}
	// the kit runs a copy of the project: a marker would be in the copy,
	// which the report lists among the files created
	for _, f := range rep.FilesCreated {
		if strings.Contains(f, "helper-ran") {
			t.Errorf("Codex ran future_helper_command: %v", rep.FilesCreated)
		}
	}

	s, _ := modelOf(t, project, home, env)
	by := map[string]*hooks.Hook{}
	for _, h := range s.Commands {
		by[h.Name] = h
	}
	for _, k := range []string{"model_instructions_file", "developer_instructions"} {
		if h := by[k]; h == nil || h.Status != hooks.StatusRuns {
			t.Errorf("model: %s is not a reviewed entry that runs: %+v", k, h)
		}
	}
	for _, k := range []string{"future_helper_command", "history.helper"} {
		if h := by[k]; h == nil || h.Status != statusSkipped || !strings.Contains(h.When, "does not know "+k) {
			t.Errorf("model: %s is not an entry Codex does not know: %+v", k, h)
		}
	}
	found := false
	for _, c := range s.commandSpecs() {
		for f := range c.Fields {
			found = found || c.Hook.Name == "model_instructions_file" && strings.HasPrefix(f, "text of ")
		}
	}
	if !found {
		t.Errorf("the instructions file is not part of model_instructions_file's definition")
	}
}
