package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// SettingsSeeds adds every settings-like JSON file of the repository's
// test data (the conformance cases, real Claude Code plugin hooks files)
// and a few hand-made layouts to a fuzz corpus, through add. root is the
// repository's root relative to the test's package folder ("..", "../..").
func SettingsSeeds(f *testing.F, root string, add func(data []byte)) {
	f.Helper()
	for _, pattern := range []string{"hooks/conform/testdata/cases/*.json", "agents/claude/testdata/real/*.json"} {
		files, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			f.Fatal(err)
		}
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			add(data)
		}
	}
	for _, s := range []string{
		"{}",
		"{\r\n  // comment\r\n  \"hooksConfig\": {\"disabled\": [\"a\", \"b\"]}\r\n}\r\n",
		"{\n  /* c */ \"hooks\": {\"BeforeTool\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"x\"}]}]},\n  \"hooksConfig\": {\n    \"disabled\": []\n  }\n}",
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "a"}, {"type": "command", "command": "b"}]}, {"hooks": [{"type": "command", "command": "c"}]}], "Stop": []}}`,
		`{"a": 1, "a": 2, "hooksConfig": {"disabled": ["x"]}, "hooksConfig": {"disabled": ["y"]}}`,
		"\xef\xbb\xbf{}", `{"a": [1,],}`, `{"s": "\ud800\u0000\"\\"}`, "{\"s\": \"\xff\"}", `[[[[[[`,
	} {
		add([]byte(s))
	}
}

// WriteFile writes text to path, creating its folders, or fails the test.
func WriteFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
