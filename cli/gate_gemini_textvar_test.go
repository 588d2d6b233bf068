package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Gemini CLI writes the project folder into a hook's command text for
// $GEMINI_PROJECT_DIR, shell-quoted, before bash parses it; in a quoted
// context the quoting breaks. Observed with the conformance oracle
// (Gemini CLI 0.61.0's hook runner): in a folder named
// `p $(bash evil.sh) q`, `bash "$GEMINI_PROJECT_DIR/ok.sh"` ran evil.sh
// (the folder's own script), then failed on the path. Hookwarden read
// the variable as the literal folder, so evil.sh was neither shown nor
// fingerprinted: after an approval a pull changing it read clean (audit
// exit 0). Discovery now substitutes as Gemini CLI does and parses the
// result: evil.sh is a script the hook runs, and the broken path is
// unwatched.
func TestGeminiProjectDirInTheCommandTextRunsWhatTheFolderNameSays(t *testing.T) {
	t.Parallel()
	p := newTraceProject(t, "")
	p.project = filepath.Join(p.root, "p $(bash evil.sh) q")
	if err := os.Mkdir(p.project, 0o755); err != nil {
		t.Skipf("the file system refuses the name: %v", err)
	}
	p.write(t, ".gemini/settings.json", `{"hooks": {"AfterAgent": [{"hooks": [{"type": "command", "name": "g", "command": "bash \"$GEMINI_PROJECT_DIR/ok.sh\""}]}]}}`)
	p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
	p.write(t, "ok.sh", "echo ok\n")
	p.write(t, "evil.sh", "echo evil\n")
	run := func(args ...string) (int, string) {
		return p.run(append([]string{args[0], "--agent", "gemini", "--project", p.project}, args[1:]...)...)
	}
	if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, "q/evil.sh") {
		t.Fatalf("audit before approval: exit %d, want %d naming q/evil.sh (the hook runs it; the folder name holds evil.sh too)\n%s", code, ExitNeedsReview, out)
	}
	if code, out := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
		t.Fatalf("trust: exit %d\n%s", code, out)
	}
	if code, out := run("audit", "--strict"); code != ExitNeedsReview {
		t.Errorf("audit --strict after approval: exit %d, want %d (the path the hook runs is unwatched)\n%s", code, ExitNeedsReview, out)
	}
	p.write(t, "evil.sh", "echo evil; touch pwned\n")
	if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, "q/evil.sh") {
		t.Errorf("audit after a pull changed evil.sh: exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
	}
}
