package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMultiLineErrorsKeepTheirLines: an error of several lines (the refusal
// of trust, each hook and each part it cannot watch on its own line) reaches
// the terminal as lines, each escaped, not as one line of "\n" escapes; a
// control character in a hook's name stays escaped.
func TestMultiLineErrorsKeepTheirLines(t *testing.T) {
	t.Parallel()
	e := attackEnv(t)
	e.write(filepath.Join(e.project, ".gemini", "settings.json"),
		`{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "h\u001b[2J", "command": "perl .gemini/hooks/main.pl"}]}]}}`)
	e.writeProject(".gemini/hooks/main.pl", "require './lib.pl';\n")
	code, _, errOut := e.runWithPath("trust", "--all")
	if code != ExitFailure {
		t.Fatalf("trust without --accept-unwatched: exit %d\n%s", code, errOut)
	}
	if strings.Contains(errOut, `\n`) {
		t.Errorf("the refusal is one line of escapes:\n%s", errOut)
	}
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	if len(lines) < 3 || !strings.Contains(lines[len(lines)-1], "--accept-unwatched") {
		t.Errorf("the refusal does not keep its lines:\n%s", errOut)
	}
	if strings.Contains(errOut, "\x1b") {
		t.Errorf("a control character in a hook's name reached the terminal:\n%q", errOut)
	}
}

// TestErrorLinesEscaped: the command line prints an error of several lines
// as lines (a traced approval's refusal comes from the agents package as
// one error), each escaped.
func TestErrorLinesEscaped(t *testing.T) {
	t.Parallel()
	got := string(indentedBlock("nothing was approved:\n  h\x1b[2J\n    - a part", ""))
	if strings.Count(got, "\n") != 2 || strings.Contains(got, "\x1b") || strings.Contains(got, `\n`) {
		t.Errorf("indentedBlock = %q", got)
	}
}
