package agents

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/trust"
)

// AbsentLine is one line for the paths a traced run looked for that are
// still missing (trust.ScriptReview.WatchedAbsent): the first few by
// name, the rest counted.
func AbsentLine(paths []string) string {
	const shown = 8
	list := strings.Join(paths, ", ")
	if len(paths) > shown {
		list = strings.Join(paths[:shown], ", ") + fmt.Sprintf(" and %d more", len(paths)-shown)
	}
	return fmt.Sprintf("watched as missing (%d path(s) its traced run looked for; a file there would change what it runs): %s", len(paths), list)
}

// ScriptName names a script in a review's text: its word as the command
// writes it, and the file it resolved to (relative to project) when the
// word does not say that already ("helper (.gemini/hooks/helper.py)").
func ScriptName(s trust.ScriptReview, project string) string {
	rel := s.Path
	if r, err := filepath.Rel(project, s.Path); err == nil && !strings.HasPrefix(r, "..") {
		rel = r
	}
	switch {
	case s.Word == "" || s.Word == s.Path:
		return rel
	case s.Word == rel || strings.TrimPrefix(s.Word, "./") == rel || strings.HasSuffix(s.Word, "/"+rel):
		return s.Word // the word names the file ($GEMINI_PROJECT_DIR/x.sh)
	}
	return s.Word + " (" + rel + ")"
}
