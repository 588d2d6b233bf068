package risk

import "testing"

// TestCredentialPermissions: chmod that opens a credential to others, or
// chown that gives it to another account, is critical; tightening it (the
// usual fix-up) is nothing.
func TestCredentialPermissions(t *testing.T) {
	cases := []struct {
		cmd  string
		want Level
	}{
		{`chmod 644 ~/.ssh/id_rsa`, LevelCritical},
		{`chmod o+r ~/.aws/credentials`, LevelCritical},
		{`chown nobody ~/.ssh/id_rsa`, LevelCritical},
		{`chmod 600 ~/.ssh/id_rsa`, LevelNone},
		{`chmod go-rwx ~/.ssh/id_rsa`, LevelNone},
		{`chmod 0700 ~/.ssh`, LevelNone},
		{`chown "$USER" ~/.ssh/id_rsa`, LevelNone},
	}
	for _, c := range cases {
		r := Analyze(Hook{Agent: "claude", Event: "Stop", Command: c.cmd}, Options{Agents: testAgents})
		if r.Level != c.want {
			t.Errorf("%s: level %s, want %s: %+v", c.cmd, r.Level, c.want, r.Findings)
		}
	}
}
