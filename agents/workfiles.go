package agents

import (
	"path/filepath"
	"slices"

	"github.com/hookwarden/hookwarden/trust"
)

// HookFiles sorts the files of a project's hooks by what a change to them
// while an agent runs means (protect-check, exec).
//
// Guarded files are the agents' own files (Project.Watch: settings, trust
// and hook files, Hookwarden's store), every script of a project's hook,
// and every script outside the project of a user-level hook: the agent's
// configuration. A model that rewrites one changes what runs on every
// later event, outside the agent's permission prompts, so protect-check
// denies a write and exec stops the agent.
//
// Work files are the project files reached ONLY through the project code
// of user-level hooks (a Makefile behind `make -s format`, a package.json
// behind `npm run lint`, an eslint.config.js): the user chose a hook that
// runs the working tree's code, and the agent edits that tree as its
// ordinary work. Denying those edits would break the work; the approval
// guards against code arriving from outside (a pull) before a session,
// and an edit made in the session shows in the agent's transcript and
// makes the hook need review again afterwards. So a write is allowed and
// exec warns, naming the hook to review. A file that is both is guarded.
type HookFiles struct {
	project string
	guarded map[string]bool
	// work maps a work file to the labels of the hooks that reach it.
	work map[string][]string
	list []string
}

// NewHookFiles is an empty set for project.
func NewHookFiles(project string) *HookFiles {
	return &HookFiles{project: filepath.Clean(project), guarded: map[string]bool{}, work: map[string][]string{}}
}

// AddGuarded adds files (a trailing separator marks a folder) that are
// guarded whatever reaches them.
func (s *HookFiles) AddGuarded(paths ...string) {
	for _, p := range paths {
		if p == "" {
			continue
		}
		s.list = append(s.list, p)
		c := filepath.Clean(p)
		s.guarded[c], s.guarded[resolvePath(c)] = true, true
	}
}

// AddReview adds the scripts of every hook of r.
func (s *HookFiles) AddReview(r *Review) {
	for _, h := range r.Hooks {
		for _, sc := range h.Scripts {
			if sc.Path == "" || trust.IsListing(sc.Path) {
				// A folder's listing (a traced run listed it) is not a
				// file to guard: denying every new file in a folder the
				// hook lists would deny the agent's ordinary work there;
				// a file added to it is named by the next review.
				continue
			}
			if s.userReached(h, sc.Path) {
				c := filepath.Clean(sc.Path)
				s.list = append(s.list, c)
				if !slices.Contains(s.work[c], h.Label) {
					s.work[c] = append(s.work[c], h.Label)
				}
				continue
			}
			s.AddGuarded(sc.Path)
		}
	}
}

// userReached reports whether script is project code a user-level hook
// reaches: the hook is defined outside the project (an unknown definition
// file counts as the project's) and the script is inside it.
func (s *HookFiles) userReached(h HookReview, script string) bool {
	def := h.File
	if def == "" || !filepath.IsAbs(def) {
		return false
	}
	def, script = resolvePath(filepath.Clean(def)), resolvePath(filepath.Clean(script))
	project := resolvePath(s.project)
	return !inside(def, project) && inside(script, project)
}

// IsWork reports whether path is a work file: reached only through
// user-level hooks' project code, guarded by nothing else.
func (s *HookFiles) IsWork(path string) bool {
	c := filepath.Clean(path)
	if s.guarded[c] || s.guarded[resolvePath(c)] {
		return false
	}
	for _, d := range s.guardedFolders() {
		if inside(c, d) || inside(resolvePath(c), d) {
			return false
		}
	}
	_, ok := s.work[c]
	if !ok {
		_, ok = s.work[resolvePath(c)]
	}
	return ok
}

// guardedFolders are the guarded folders (added with a trailing
// separator).
func (s *HookFiles) guardedFolders() []string {
	var out []string
	for _, p := range s.list {
		if len(p) > 1 && p[len(p)-1] == filepath.Separator {
			out = append(out, filepath.Clean(p), resolvePath(filepath.Clean(p)))
		}
	}
	return out
}

// OnlyWork reports whether h needs review only because work files it
// reaches changed: a user-level hook whose status is script-changed and
// whose every changed script is a work file. Anything else (a new or
// changed definition, code Hookwarden cannot watch, a guarded script) is
// not.
func (s *HookFiles) OnlyWork(h HookReview) bool {
	if h.Status != trust.StatusScriptChanged {
		return false
	}
	n := 0
	for _, sc := range h.Scripts {
		if !sc.Flagged {
			continue
		}
		if !s.userReached(h, sc.Path) || !s.IsWork(sc.Path) {
			return false
		}
		n++
	}
	return n > 0
}

// Guarded are the guarded paths, as added; Work the work files.
func (s *HookFiles) Guarded() []string {
	var out []string
	for _, p := range s.list {
		if !s.IsWork(p) {
			out = append(out, p)
		}
	}
	return out
}

// All are every path of the set: what exec watches.
func (s *HookFiles) All() []string {
	out := slices.Clone(s.list)
	slices.Sort(out)
	return slices.Compact(out)
}
