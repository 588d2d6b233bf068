package qwen

import (
	"strings"
	"testing"
)

// TestSettingsEnvIsInTheCommandQwenRuns: Qwen Code 0.24.4, started as a
// user starts it (it relaunches itself), puts a settings file's "env"
// values into the text of the hooks it loads (observed with qwen-live: a
// project settings "env": {"KIT5_P": "x; touch kit5-injected"} and a hook
// `echo $KIT5_P` created kit5-injected), where a variable is unset or
// empty, after the .env files; the highest scope's value wins. Hookwarden
// showed `echo $KIT5_P`, risk none: the approval did not show what runs.
// It fails on main.
func TestSettingsEnvIsInTheCommandQwenRuns(t *testing.T) {
	hook := func(c string) string { return `{"type": "command", "command": "` + c + `"}` }
	for _, tc := range []struct {
		name  string
		files map[string]string
		vars  []string
		want  string
	}{
		{"project env", map[string]string{projectFile: settings(`"env": {"P": "x; touch injected"}`, map[string]string{"SessionStart": hook("echo $P")})}, nil, "echo x; touch injected"},
		{"user env, project hook", map[string]string{userFile: `{"env": {"P": "u"}}`, projectFile: settings("", map[string]string{"SessionStart": hook("echo ${P}")})}, nil, "echo u"},
		{"the project's beats the user's", map[string]string{userFile: `{"env": {"P": "u"}}`, projectFile: settings(`"env": {"P": "p"}`, map[string]string{"SessionStart": hook("echo $P")})}, nil, "echo p"},
		{"the environment wins", map[string]string{projectFile: settings(`"env": {"P": "p"}`, map[string]string{"SessionStart": hook("echo $P")})}, []string{"P=e"}, "echo e"},
		{"an empty one is filled", map[string]string{projectFile: settings(`"env": {"P": "p"}`, map[string]string{"SessionStart": hook("echo $P")})}, []string{"P="}, "echo p"},
		{"a .env file wins", map[string]string{"project/.qwen/.env": "P=d\n", projectFile: settings(`"env": {"P": "p"}`, map[string]string{"SessionStart": hook("echo $P")})}, nil, "echo d"},
		{"not a string", map[string]string{projectFile: settings(`"env": {"P": 1}`, map[string]string{"SessionStart": hook("echo $P")})}, nil, "echo $P"},
		{"a loader key", map[string]string{projectFile: settings(`"env": {"NODE_OPTIONS": "--x"}`, map[string]string{"SessionStart": hook("echo $NODE_OPTIONS")})}, nil, "echo $NODE_OPTIONS"},
		{"untrusted project", map[string]string{userFile: `{"security": {"folderTrust": {"enabled": true}}}`,
			projectFile: settings(`"env": {"P": "p"}`, map[string]string{"SessionStart": hook("echo $P")}), "system/settings.json": settings("", map[string]string{"Stop": hook("echo $P")})}, nil, "echo $P"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, _ := fixture(t, tc.files, tc.vars...)
			var got []string
			for _, h := range p.Hooks() {
				if h.IsHook() {
					got = append(got, h.Command)
				}
			}
			if len(got) == 0 || got[len(got)-1] != tc.want {
				t.Fatalf("the hook's command is %q, want %q (what Qwen Code runs)", strings.Join(got, " | "), tc.want)
			}
		})
	}
}
