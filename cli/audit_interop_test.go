package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/internal/geminicli"
)

// geminiWarned runs the real Gemini CLI 0.61 once in the project
// (conformance kit's interop/gemini-trust-check.sh) and returns the hooks
// it warned about. Skips without node/npm unless CI=true.
func (e *trustEnv) geminiWarned() []string {
	e.t.Helper()
	return geminicli.RunTrustCheck(e.t, e.project, e.home).Warned
}

// TestTrustAllThenGeminiWarnsNothing is the acceptance path through the
// command line: audit says review is needed, `hookwarden trust --all`, the
// real Gemini CLI then warns about nothing, and audit exits 0.
func TestTrustAllThenGeminiWarnsNothing(t *testing.T) {
	t.Parallel()
	e := newTrustEnv(t)
	e.write(filepath.Join(e.project, ".gemini", "hooks", "ok.sh"), "#!/bin/sh\nexit 0\n")
	if err := os.Chmod(filepath.Join(e.project, ".gemini", "hooks", "ok.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	e.write(filepath.Join(e.project, ".gemini", "settings.json"), `{"hooks": {
  "SessionStart": [{"hooks": [{"type": "command", "name": "start", "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/ok.sh"}]}],
  "BeforeAgent": [{"hooks": [{"type": "command", "command": "true"}, {"type": "command", "name": "h", "command": "test -d $HOME"}]}]
}}`)
	if code, out, _ := e.run("audit"); code != ExitNeedsReview {
		t.Fatalf("audit before trust: exit %d\n%s", code, out)
	}
	if code, out, errOut := e.run("trust", "--all"); code != ExitOK {
		t.Fatalf("trust --all: exit %d\n%s%s", code, out, errOut)
	}
	if warned := e.geminiWarned(); len(warned) != 0 {
		t.Errorf("Gemini warns about %q after hookwarden trust --all", warned)
	}
	if code, out, _ := e.run("audit"); code != ExitOK {
		t.Errorf("audit after trust and a Gemini run: exit %d\n%s", code, out)
	}
}
