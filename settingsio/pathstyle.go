package settingsio

import (
	"path"
	"strings"
)

// PathStyle does Node's path module for one OS (path.posix or path.win32),
// so that paths for another OS can be computed (and tested) on any host.
type PathStyle struct{ windows bool }

func StyleFor(goos string) PathStyle { return PathStyle{windows: goos == "windows"} }

// Sep is path.sep.
func (s PathStyle) Sep() string {
	if s.windows {
		return `\`
	}
	return "/"
}

// splitVolume splits a Windows path into its volume ("C:", `\\server\share`)
// and the rest, with forward slashes in the rest.
func splitVolume(p string) (vol, rest string) {
	p = strings.ReplaceAll(p, `\`, "/")
	if len(p) >= 2 && p[1] == ':' && isASCIILetter(p[0]) {
		return p[:2], p[2:]
	}
	if strings.HasPrefix(p, "//") && !strings.HasPrefix(p, "///") {
		parts := strings.SplitN(p[2:], "/", 3)
		if len(parts) >= 2 && parts[0] != "" && parts[1] != "" {
			vol = `\\` + parts[0] + `\` + parts[1]
			if len(parts) == 3 {
				return vol, "/" + parts[2]
			}
			return vol, "/"
		}
	}
	return "", p
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// IsAbs is path.isAbsolute.
func (s PathStyle) IsAbs(p string) bool {
	if !s.windows {
		return strings.HasPrefix(p, "/")
	}
	vol, rest := splitVolume(p)
	if strings.HasPrefix(vol, `\\`) {
		return true
	}
	return strings.HasPrefix(rest, "/")
}

// clean normalizes an absolute path the way path.resolve leaves it: no
// trailing separator (except at the root), no "." or ".." parts.
func (s PathStyle) Clean(p string) string {
	if !s.windows {
		return path.Clean(p)
	}
	vol, rest := splitVolume(p)
	cleaned := path.Clean("/" + strings.TrimPrefix(rest, "/"))
	if !strings.HasPrefix(rest, "/") && !strings.HasPrefix(vol, `\\`) {
		cleaned = strings.TrimPrefix(path.Clean(rest), "/")
		if cleaned == "." {
			cleaned = ""
		}
	}
	return vol + strings.ReplaceAll(cleaned, "/", `\`)
}

// resolve is path.resolve(base, p): p made absolute against base (which must
// be absolute) and cleaned.
func (s PathStyle) Resolve(base, p string) string {
	if p == "" {
		return s.Clean(base)
	}
	if s.IsAbs(p) {
		if s.windows {
			if vol, _ := splitVolume(p); vol == "" {
				// A rooted path without a drive takes the base's drive.
				bvol, _ := splitVolume(base)
				return s.Clean(bvol + p)
			}
		}
		return s.Clean(p)
	}
	return s.Clean(s.Join(base, p))
}

// join is path.join.
func (s PathStyle) Join(parts ...string) string {
	var nonEmpty []string
	for _, p := range parts {
		if p != "" {
			nonEmpty = append(nonEmpty, p)
		}
	}
	if len(nonEmpty) == 0 {
		return "."
	}
	joined := strings.Join(nonEmpty, "/")
	if !s.windows {
		return path.Clean(joined)
	}
	return s.Clean(joined)
}

// Dirname is path.dirname for a cleaned absolute path.
func (s PathStyle) Dirname(p string) string {
	if !s.windows {
		return path.Dir(p)
	}
	vol, rest := splitVolume(p)
	return vol + strings.ReplaceAll(path.Dir(rest), "/", `\`)
}

// CaseInsensitive reports whether the agents compare paths without case on
// this OS (as Gemini CLI's normalizePath and isSubpath do: darwin and win32).
func CaseInsensitive(goos string) bool { return goos == "darwin" || goos == "windows" }
