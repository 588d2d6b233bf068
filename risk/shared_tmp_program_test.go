package risk

import "testing"

// TestProgramFromSharedTempFolderIsReview: a hook that runs a program
// from a folder every local user can write (/tmp, /var/tmp, /dev/shm) runs
// whatever another user or process put there, and its text is not in the
// project to read. It read none — directly, through bash, and through an
// option-borne command (GIT_EXTERNAL_DIFF=/tmp/x.sh git diff, an evasion
// family of issue 24). Fail closed: review.
func TestProgramFromSharedTempFolderIsReview(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want Level
	}{
		{`/tmp/x.sh`, LevelReview},
		{`bash /var/tmp/build/run.sh`, LevelReview},
		{`GIT_EXTERNAL_DIFF=/tmp/x.sh git diff`, LevelReview},
		{`GIT_SSH=/dev/shm/s git fetch`, LevelReview},
		{`./scripts/check.sh`, LevelNone},
	} {
		r := Analyze(Hook{Agent: "claude", Event: "PostToolUse", Command: tc.cmd}, Options{Agents: testAgents})
		if r.Level != tc.want {
			t.Errorf("%q: level %s (%v), want %s", tc.cmd, r.Level, r.Findings, tc.want)
		}
	}
}
