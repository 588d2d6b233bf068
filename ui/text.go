package ui

import (
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// statusText is the badge text of a hook status.
func statusText(s hooks.Status) string {
	switch s {
	case hooks.StatusBlockedUntrustedFolder:
		return "BLOCKED"
	case hooks.StatusHooksOff:
		return "HOOKS OFF"
	case "":
		return "UNKNOWN"
	}
	return strings.ToUpper(strings.ReplaceAll(string(s), "-", " "))
}

// layerText is the badge text of a layer.
func layerText(l settingsio.Layer) string {
	return strings.ToUpper(strings.ReplaceAll(string(l), "-", " "))
}

// pathNamer shortens paths for display: relative to the project folder
// ("./…") or the home folder ("~/…"), absolute otherwise.
type pathNamer struct {
	project, home string
}

// name is p relative to the folder it is in that says most whose file it
// is: "./…" in the project, "~/…" in the home, the deeper of the two when
// one holds the other, and the home when the project is the home folder,
// so that a user's file never reads like one of the project's.
func (n pathNamer) name(p string) string {
	if p == "" {
		return ""
	}
	best, bestLen := p, -1
	for _, base := range []struct{ dir, prefix string }{{n.home, "~"}, {n.project, "."}} {
		if base.dir == "" || len(base.dir) <= bestLen {
			continue
		}
		if rel, err := filepath.Rel(base.dir, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			best, bestLen = base.prefix+string(filepath.Separator)+rel, len(base.dir)
			if rel == "." {
				best = base.prefix
			}
		}
	}
	return best
}

// place is "file:line" or "file:line:column" with the file shortened.
func (n pathNamer) place(file string, line, column int) string {
	s := n.name(file)
	if line > 0 {
		s += ":" + strconv.Itoa(line)
		if column > 0 {
			s += ":" + strconv.Itoa(column)
		}
	}
	return s
}

// plural writes "1 hook" or "3 hooks".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
