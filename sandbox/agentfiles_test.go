package sandbox

import (
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/risk/vocab"
)

// The report judges a write to an agent's file self-tampering, and
// records the reading of its tokens, from the facts handed in
// (Config.AgentFiles, AgentSecrets): the sandbox names no agent.
func TestAgentFilesHandedIn(t *testing.T) {
	facts := testenv.Agents()
	files, secrets := testenv.Paths(facts.Config), testenv.Paths(facts.Credentials)
	const home, project = "/h", "/h/p"
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"/h/.claude/settings.json", true},
		{"/h/p/.claude/settings.local.json", true},
		{"/h/p/.github/hooks/x.json", true},
		{"/h/.copilot/hooks/a.json", true},
		{"/h/.claude.json", true},
		{"/h/p/.claude.json", false}, // ~/.claude.json only
		{"/etc/codex/config.toml", true},
		{"/h/p/.claude/settings.json.bak", false},
		{"/h/p/src/main.go", false},
	} {
		f := &FileChange{Path: tt.path, Change: Changed, InProject: within(tt.path, project)}
		j := judgeFile(f, home, project, files, tt.path)
		if got := j.Category == vocab.SelfTampering; got != tt.want {
			t.Errorf("%s: %+v, self-tampering want %v", tt.path, j, tt.want)
		}
		if j := judgeFile(f, home, project, nil, tt.path); j.Category == vocab.SelfTampering {
			t.Errorf("%s: self-tampering without the agents' facts", tt.path)
		}
	}
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"/h/.codex/auth.json", true},
		{"/h/.gemini/oauth_creds.json", true},
		{"/h/.claude/.credentials.json", true},
		{"/h/p/.codex/auth.json", false},
		{"/h/.ssh/id_ed25519", true},
		{"/h/notes.txt", false},
	} {
		if got := isSensitive(tt.path, home, secrets); got != tt.want {
			t.Errorf("isSensitive(%s) = %v, want %v", tt.path, got, tt.want)
		}
	}
}
