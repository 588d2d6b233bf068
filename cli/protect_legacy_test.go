package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestProtectFindsAHookInstalledBeforeTokens: a protective hook written
// before the per-user token existed (its command ends without --id) stays
// visible after a token exists: status names it (a workspace's settings
// can name it to switch it off) and exits 3, on replaces it with the
// token's, and off then leaves no protective hook. In a folder Gemini CLI does not trust,
// status says the hook does not run there.
func TestProtectFindsAHookInstalledBeforeTokens(t *testing.T) {
	t.Parallel()
	e := newProtectEnv(t)
	settings := filepath.Join(e.home, ".gemini", "settings.json")
	orig := "{\n  \"ui\": {\"theme\": \"dark\"}\n}\n"
	writeFile(t, settings, orig, 0o600)
	if code, out := e.run("", "protect", "--agent", "gemini", "on"); code != ExitOK {
		t.Fatalf("protect on: exit %d\n%s", code, out)
	}
	// As an older Hookwarden wrote it: the same hook without the token.
	b, _ := os.ReadFile(settings)
	token := regexp.MustCompile(` --id [0-9a-f]{32}`)
	if !token.Match(b) {
		t.Fatalf("protect on wrote no token:\n%s", b)
	}
	writeFile(t, settings, token.ReplaceAllString(string(b), ""), 0o600)

	code, out := e.run("", "protect", "--agent", "gemini", "status")
	if code != ExitNeedsReview || !strings.Contains(out, "installed before tokens") {
		t.Fatalf("pre-token hook: protect status exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
	}
	if !strings.Contains(out, "the protective hook does not run: blocked-untrusted-folder") {
		t.Errorf("untrusted folder: protect status does not say the hook does not run here\n%s", out)
	}
	if code, out := e.run("", "protect", "--agent", "gemini", "on"); code != ExitOK {
		t.Fatalf("protect on over a pre-token hook: exit %d\n%s", code, out)
	}
	b, _ = os.ReadFile(settings)
	if strings.Count(string(b), "protect-check") != 1 || !token.Match(b) {
		t.Fatalf("protect on did not replace the pre-token hook with the token's:\n%s", b)
	}
	if code, out := e.run("", "protect", "--agent", "gemini", "status"); code == ExitNeedsReview && strings.Contains(out, "installed before tokens") {
		t.Fatalf("after protect on: status still finds a pre-token hook\n%s", out)
	}
	if code, out := e.run("", "protect", "--agent", "gemini", "off"); code != ExitOK {
		t.Fatalf("protect off: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(settings); strings.Contains(string(b), "protect-check") {
		t.Fatalf("protect off left a protective hook:\n%s", b)
	}
}
