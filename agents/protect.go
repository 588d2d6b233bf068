package agents

import (
	"path/filepath"
	"strings"
)

// Protector is an agent whose own tool calls a user-level hook of
// Hookwarden's can deny (optional): `hookwarden protect on` installs a
// PreToolUse-style hook that runs `hookwarden protect-check`, which denies
// a tool call that would write to an approved hook file, a script it runs
// or the settings, so that a model cannot rewrite an approved hook and run
// it. How the entry is written and how a call is denied are the agent's
// facts.
type Protector interface {
	// ProtectEdits are the files `protect on` writes for a hook that runs
	// command, in order, each with how to add the entry and how to take
	// it out again.
	ProtectEdits(env Env, command string) ([]ProtectEdit, error)
	// ToolCall reads the agent's PreToolUse payload.
	ToolCall(payload []byte) (ToolCall, error)
	// Deny is the answer that denies the call, with the reason the model
	// and the user see: what to print on stdout and the exit code.
	Deny(reason string) (stdout []byte, code int)
}

// ToolCall is what a tool call would do, as far as its payload says.
type ToolCall struct {
	// Tool is the tool's name; Cwd the session's folder.
	Tool string
	Cwd  string
	// Writes are the files an edit tool writes (as the payload names
	// them: absolute, or relative to Cwd).
	Writes []string
	// Command is the shell command of a shell tool ("" for none): what it
	// writes is not known, only what it names. Dir is the folder it runs
	// in when the call names one other than Cwd (absolute).
	Command string
	Dir     string
}

// Protected is a set of files and folders no tool call may write.
type Protected struct {
	files   map[string]bool
	folders []string
	all     []string
}

// NewProtected is the set of paths (a trailing separator marks a folder
// whose whole content is protected), each also with links resolved.
func NewProtected(paths []string) *Protected {
	p := &Protected{files: map[string]bool{}}
	for _, x := range paths {
		if x == "" {
			continue
		}
		if strings.HasSuffix(x, string(filepath.Separator)) {
			d := filepath.Clean(x)
			p.folders = append(p.folders, d, resolvePath(d))
			p.all = append(p.all, d)
			continue
		}
		c := filepath.Clean(x)
		p.files[c], p.files[resolvePath(c)] = true, true
		p.all = append(p.all, c)
	}
	return p
}

// resolvePath is p with symbolic links resolved as far as it exists.
func resolvePath(p string) string {
	if real, err := filepath.EvalSymlinks(p); err == nil {
		return real
	}
	dir, base := filepath.Split(p)
	if dir == "" || filepath.Clean(dir) == p {
		return p
	}
	return filepath.Join(resolvePath(filepath.Clean(dir)), base)
}

// Covers reports whether writing path (absolute, or relative to cwd)
// would write a protected file, and which.
func (p *Protected) Covers(cwd, path string) (string, bool) {
	if !filepath.IsAbs(path) {
		path = filepath.Join(cwd, path)
	}
	for _, c := range []string{filepath.Clean(path), resolvePath(filepath.Clean(path))} {
		if p.files[c] {
			return c, true
		}
		for _, d := range p.folders {
			if inside(c, d) {
				return c, true
			}
		}
	}
	return "", false
}

// Named returns the protected file a shell command names (by its absolute
// path, its path from cwd or from the home, or its last two path
// elements; the longest such name when several match): what such a
// command writes cannot be told, so naming a protected file is enough to
// deny it.
func (p *Protected) Named(command, cwd, home string) (string, bool) {
	best, bestLen := "", 0
	for _, f := range p.all {
		forms := []string{f}
		if rel, err := filepath.Rel(cwd, f); err == nil && !strings.HasPrefix(rel, "..") {
			forms = append(forms, rel)
		}
		if home != "" && inside(f, home) {
			forms = append(forms, "~/"+strings.TrimPrefix(strings.TrimPrefix(f, home), "/"))
		}
		if dir, base := filepath.Split(f); dir != "" {
			forms = append(forms, filepath.Join(filepath.Base(dir), base))
		}
		for _, form := range forms {
			if form != "" && form != "." && len(form) > bestLen && strings.Contains(command, form) {
				best, bestLen = f, len(form)
			}
		}
	}
	return best, best != ""
}
