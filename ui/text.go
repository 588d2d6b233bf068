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

func (n pathNamer) name(p string) string {
	if p == "" {
		return ""
	}
	for _, base := range []struct{ dir, prefix string }{{n.project, "."}, {n.home, "~"}} {
		if base.dir == "" {
			continue
		}
		if rel, err := filepath.Rel(base.dir, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			if rel == "." {
				return base.prefix
			}
			return base.prefix + string(filepath.Separator) + rel
		}
	}
	return p
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
