package risk

import "testing"

// TestHooksPathToGitsOwnFolderIsNoFinding: core.hooksPath set to the
// repository's own hooks folder ($(git rev-parse --git-dir)/hooks,
// .git/hooks) is git's default, nothing fetched or chosen: no finding.
// The project's tracked folder spelt through --show-toplevel is review;
// --global, another repository's git dir, a folder outside: critical.
func TestHooksPathToGitsOwnFolderIsNoFinding(t *testing.T) {
	for cmd, want := range map[string]Level{
		`git config core.hooksPath "$(git rev-parse --git-dir)/hooks"`:                     LevelNone,
		`git config core.hooksPath "$(git rev-parse --absolute-git-dir)/hooks/"`:           LevelNone,
		`git config core.hooksPath "$(git rev-parse --git-path hooks)"`:                    LevelNone,
		`git config core.hooksPath .git/hooks`:                                             LevelNone,
		`git config core.hooksPath "$(git rev-parse --show-toplevel)/.githooks"`:           LevelReview,
		`git config --global core.hooksPath "$(git rev-parse --git-dir)/hooks"`:            LevelCritical,
		`git config core.hooksPath "$(git -C /tmp/x rev-parse --git-dir)/hooks"`:           LevelCritical,
		`git config core.hooksPath "$(git rev-parse --git-dir)/hooks/../../../tmp"`:        LevelCritical,
		`git -C /tmp/x config core.hooksPath "$(git rev-parse --git-dir)/hooks"`:           LevelCritical,
		`git config core.hooksPath "$(git rev-parse --show-toplevel)/../h"`:                LevelCritical,
		`git config --file ~/.gitconfig core.hooksPath "$(git rev-parse --git-dir)/hooks"`: LevelCritical,
	} {
		r := Analyze(Hook{Agent: "claude", Event: "SessionStart", Command: cmd, ProjectDir: t.TempDir()}, Options{Agents: testAgents})
		if r.Level != want {
			first, _ := r.First()
			t.Errorf("%s: %s, want %s (%s)", cmd, r.Level, want, first.Summary)
		}
	}
}
