package gemini

import (
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

func TestSanitizeEnv(t *testing.T) {
	env := settingsio.Env{
		"PATH=/bin", "HOME=/h", "HW_TOKEN=x", "HW_PLAIN=y", "MY_OK=ghp_" + strings.Repeat("a", 36),
		"GIT_CONFIG_FOO=1", "GEMINI_CLI_TOKEN=t", "HW_ALLOWED_TOKEN=ok", "HW_BLOCKED=b",
		"URLV=https://u:p@host/", "DATABASE_URL=pg://x", "API_KEY=k", "JWT=eyJa.b.c",
	}
	keys := func(e settingsio.Env) []string {
		var out []string
		for _, kv := range e {
			k, _, _ := strings.Cut(kv, "=")
			out = append(out, k)
		}
		return out
	}
	for _, tc := range []struct {
		name string
		env  settingsio.Env
		s    sanitization
		want []string
	}{
		{"off: unchanged", env, sanitization{}, keys(env)},
		{"enabled", env, sanitization{Enabled: true, Allowed: []string{"hw_allowed_token"}, Blocked: []string{"HW_BLOCKED"}},
			[]string{"PATH", "HOME", "HW_PLAIN", "GIT_CONFIG_FOO", "GEMINI_CLI_TOKEN", "HW_ALLOWED_TOKEN"}},
		{"strict via GITHUB_SHA", append(env, "GITHUB_SHA=abc"), sanitization{},
			[]string{"PATH", "HOME", "GIT_CONFIG_FOO", "GEMINI_CLI_TOKEN"}},
		{"strict via SURFACE", append(env, "SURFACE=Github"), sanitization{Allowed: []string{"HW_PLAIN"}},
			[]string{"PATH", "HOME", "HW_PLAIN", "GIT_CONFIG_FOO", "GEMINI_CLI_TOKEN"}},
		{"empty GITHUB_SHA is not strict", append(env, "GITHUB_SHA="), sanitization{}, append(keys(env), "GITHUB_SHA")},
	} {
		got := keys(sanitizeEnv(tc.env, tc.s))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
	if r := redactionReason("MY_OK", "ghp_"+strings.Repeat("a", 36), sanitization{Enabled: true}, false); !strings.Contains(r, "GitHub token") {
		t.Errorf("reason %q", r)
	}
}
