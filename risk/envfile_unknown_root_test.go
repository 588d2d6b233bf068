package risk

import (
	"os"
	"path/filepath"
	"testing"
)

// TestEnvFileToolFolderBelowARunTimeRoot: a SessionStart script that puts
// "$CWD/node_modules/.bin" on PATH through the agent's env file, with CWD
// read at run time. An unknown value folds to nothing, so the entry read
// as /node_modules/.bin and the hook as critical persistence (a real
// hook, rasha-hantash/dotfiles claude-code/hooks/session-start.sh). When
// the root is the agent's own cwd field it is the project's tool folder
// (none); when it comes from elsewhere the folder cannot be told (review);
// a known folder outside the project stays critical.
func TestEnvFileToolFolderBelowARunTimeRoot(t *testing.T) {
	const tail = "\nif [ -n \"$CWD\" ] && [ -d \"$CWD/node_modules/.bin\" ]; then\n  echo \"export PATH=\\\"$CWD/node_modules/.bin:\\$PATH\\\"\" >> \"$CLAUDE_ENV_FILE\"\nfi\n"
	for _, tc := range []struct {
		head string
		want Level
	}{
		{"CWD=$(jq -r .cwd)", LevelNone},
		{"INPUT=$(cat)\nCWD=$(echo \"$INPUT\" | jq -r '.cwd // empty')", LevelNone},
		{"CWD=$(echo '' | python3 -c \"import sys,json; print(json.load(sys.stdin).get('cwd',''))\" 2>/dev/null || true)", LevelReview},
		{"CWD=$(mystery-tool)", LevelReview},
		{"CWD=/tmp/x", LevelCritical},
		{"CWD=$(jq -r .cwd)/../../tmp/x", LevelCritical},
	} {
		dir := t.TempDir()
		p := filepath.Join(dir, ".claude", "hooks", "s.sh")
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/bash\n"+tc.head+tail), 0o755); err != nil {
			t.Fatal(err)
		}
		r := Analyze(Hook{Agent: "claude", Event: "SessionStart", Command: "bash .claude/hooks/s.sh", ProjectDir: dir}, Options{Agents: testAgents})
		if r.Level != tc.want {
			t.Errorf("%q: level %s (%v), want %s", tc.head, r.Level, r.Findings, tc.want)
		}
	}
}
