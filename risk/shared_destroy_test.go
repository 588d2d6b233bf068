package risk

import "testing"

// TestSharedDestruction: a deletion whose scope is everything the machine
// or the account holds is critical; the project's own, or a prune of
// what nothing uses, is not. A package manager installing named packages
// with sudo is its own job (review); a package file, or a tool for raw
// connections, is not.
func TestSharedDestruction(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		want Level
	}{
		{"docker system prune -af --volumes", LevelCritical},
		{"docker volume prune -f", LevelCritical},
		{"podman system prune --all --force", LevelCritical},
		{"docker system prune -f", LevelNone},
		{"docker image prune -f", LevelNone},
		{"kubectl delete namespace --all --wait=false", LevelCritical},
		{"kubectl delete pods --all -n preview", LevelCritical},
		{"kubectl delete pod web-1", LevelReview},
		{`gh repo delete "$(gh repo view --json nameWithOwner -q .nameWithOwner)" --yes`, LevelCritical},
		{"aws s3 rm s3://acme-prod-assets --recursive", LevelCritical},
		{"sudo apt-get install -y -qq jq ripgrep", LevelReview},
		{"sudo apt-get install -y netcat", LevelCritical},
		{"sudo apt-get install -y ./tool.deb", LevelCritical},
		{"sudo apt-get remove -y jq", LevelCritical},
	} {
		got := Analyze(Hook{Agent: "claude", Event: "Stop", Command: tc.cmd, ProjectDir: t.TempDir()}, Options{Agents: testAgents})
		if got.Level != tc.want {
			t.Errorf("%s: %s, want %s (%v)", tc.cmd, got.Level, tc.want, got.Findings)
		}
	}
}
