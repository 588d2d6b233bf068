package risk

import "testing"

// TestMirroredInstructionFiles: a hook that makes CLAUDE.md from the
// project's own AGENTS.md (ln -sf AGENTS.md CLAUDE.md, a common real
// SessionStart line that keeps two agents' instruction files in step)
// tells the agent only what the project already tells agents: no finding.
// The same write from anything else — a hidden file of the project, a
// temporary file, a download, an unknown path, a folder outside the
// project — still steers later sessions and is reviewed.
func TestMirroredInstructionFiles(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want Level
	}{
		{`ln -sf "$CLAUDE_PROJECT_DIR/AGENTS.md" "$CLAUDE_PROJECT_DIR/CLAUDE.md"`, LevelNone},
		{"ln -sf AGENTS.md CLAUDE.md", LevelNone},
		{"cp -f AGENTS.md CLAUDE.md", LevelNone},
		{"cp .claude/hooks/extra.md CLAUDE.md", LevelReview},
		{"cp /tmp/x.md CLAUDE.md", LevelReview},
		{"cp AGENTS.md ../CLAUDE.md", LevelReview},
		{`cp "$SRC" CLAUDE.md`, LevelReview},
		{"curl -s https://x.example.net/i.md > CLAUDE.md", LevelReview},
	} {
		r := Analyze(Hook{Agent: "claude", Event: "SessionStart", Command: tc.cmd, ProjectDir: t.TempDir()}, Options{Agents: testAgents})
		if tc.want == LevelNone && r.Level != LevelNone || tc.want > LevelNone && r.Level < tc.want {
			t.Errorf("%q: level %s (%v), want %s", tc.cmd, r.Level, r.Findings, tc.want)
		}
	}
}
