package agents

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// HookSpawner is a Project whose agent says how it starts a hook's first
// process (optional): `exec --enforce` tells a hook's processes from the
// agent's own by it.
type HookSpawner interface {
	// HookSpawn is how the agent starts hook h: match says whether the
	// arguments of a program start (execve's argv, argv[0] as the agent
	// passes it) are h's. ok is false when the agent cannot say for h
	// (then h cannot be enforced).
	HookSpawn(h *hooks.Hook) (match func(argv []string) bool, ok bool)
}

// CommandSpawner is a Project whose agent says how it starts a command
// that is no hook (optional): an MCP server, a helper, a custom command's
// shell step (hooks.Kind). `exec --enforce` holds the processes of such
// a command to its approval as it holds a hook's. An entry of the kit
// may say it itself instead: its Ext has a method Spawn() func([]string)
// bool (claudeschema.Commands.Started).
type CommandSpawner interface {
	// CommandSpawn is how the agent starts h (h.Kind is not KindHook):
	// match as HookSpawner's. ok is false when the agent cannot say
	// (then h is named as not held).
	CommandSpawn(h *hooks.Hook) (match func(argv []string) bool, ok bool)
}

// commandSpawn is how the agent of p starts h, a command that is no hook,
// when a file under roots (the project's, enforcedRoots) defines it: the
// user's own commands are not held (they may read the project as their
// work, and no approval of the project covers them).
func commandSpawn(roots []string, p Project, h *hooks.Hook) (func([]string) bool, bool) {
	if !under(roots, h.Origin.File) {
		return nil, false
	}
	if sp, ok := p.(CommandSpawner); ok {
		if match, ok := sp.CommandSpawn(h); ok && match != nil {
			return match, true
		}
	}
	if e, ok := h.Ext.(interface{ Spawn() func([]string) bool }); ok {
		if match := e.Spawn(); match != nil {
			return match, true
		}
	}
	return nil, false
}

// under says whether file (resolved) is in one of roots.
func under(roots []string, file string) bool {
	if file == "" {
		return false
	}
	real := realPaths(file)[0]
	for _, r := range roots {
		if strings.HasPrefix(real, strings.TrimSuffix(r, "/")+"/") {
			return true
		}
	}
	return false
}

// Enforcement is what `exec --enforce` holds the agent's hooks to: for
// each approved hook, how its first process is recognised and the files
// of the project its approval covers (its scripts, found by discovery or
// seen running in a traced run) with their approved content. It is a
// sandbox.EnforceRules.
type Enforcement struct {
	// Roots are the folders whose files are enforced: the project, and
	// the git work tree it is in (real paths).
	Roots []string
	keys  []string // in the order of the reviews: the first that matches a start is its hook
	hooks map[string]*enforcedHook
	// commands is how many of hooks are commands that are no hooks
	commands int
}

type enforcedHook struct {
	label string
	match func([]string) bool
	sums  map[string][]string // real path -> approved sha256 sums
	any   map[string]bool     // real path -> any content (a file the hook makes)
}

// NewEnforcement reads the enforcement of the hooks of reviews (as
// CollectHookFilesAndReviews returns them for project). A hook that runs
// a command whose agent cannot say how it starts it is an error: it could
// not be told from the agent's own processes.
func NewEnforcement(project string, reviews []AgentReview) (*Enforcement, error) {
	e := &Enforcement{Roots: enforcedRoots(project), hooks: map[string]*enforcedHook{}}
	err := eachHeld(e.Roots, reviews, func(ar AgentReview, rv *HookReview, h *hooks.Hook, match func([]string) bool) error {
		label := ar.Title + ": " + rv.Label
		if match != nil {
			key := ar.Title + "\x1f" + string(h.Kind) + "\x1f" + h.Command
			if e.hooks[key] == nil {
				e.commands++
			}
			e.add(key, label, match, rv)
			return nil
		}
		sp, _ := ar.Project.(HookSpawner)
		if sp == nil {
			return fmt.Errorf("%s does not say how it starts a hook, so its hook %s cannot be enforced", ar.Title, rv.Label)
		}
		match, ok := sp.HookSpawn(h)
		if !ok {
			return fmt.Errorf("cannot tell how %s starts its hook %s, so it cannot be enforced", ar.Title, rv.Label)
		}
		// the key is the agent and the command text, which stays the
		// hook's from one review to the next (exec reads the rules
		// again when a file changes; a process keeps the key it was
		// given); hooks of one text may still start other argv (an
		// exec-form hook's args), so add keeps each one's match
		e.add(hookKey(ar, h), label, match, rv)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// add holds the processes that match to what rv's approval covers
// (under key, with the approvals and the starts of the entries before it
// of that key).
func (e *Enforcement) add(key, label string, match func([]string) bool, rv *HookReview) {
	eh := e.hooks[key]
	switch {
	case eh == nil:
		eh = &enforcedHook{label: label, match: match, sums: map[string][]string{}, any: map[string]bool{}}
		e.hooks[key] = eh
		e.keys = append(e.keys, key)
	default:
		// one command text need not be one start: two exec-form hooks
		// of one program with other args are started with other argv,
		// and each start is the key's (else the second hook's process
		// would be the agent's own, unheld)
		first := eh.match
		eh.match = func(argv []string) bool { return first(argv) || match(argv) }
	}
	for _, s := range rv.Scripts {
		if s.Flagged || strings.HasSuffix(s.Path, "/") {
			continue // changed since the approval, or a folder's listing
		}
		for _, p := range realPaths(s.Path) {
			switch {
			case s.MadeByHook:
				eh.any[p] = true
			case s.Status == trust.ScriptUnchanged:
				sum := s.ApprovedSHA256
				if sum == "" {
					sum = s.SHA256
				}
				if sum != "" {
					eh.sums[p] = append(eh.sums[p], sum)
				}
			}
		}
	}
}

// TracedHooks is how many of the hooks of reviews that run a command
// (each agent and command once, as NewEnforcement keys them) have an
// approval that rests on a traced run: a file seen running is part of it.
// Such an approval stands for the branch its run took; only enforcement
// holds the others to it.
func TracedHooks(reviews []AgentReview) int {
	seen := map[string]bool{}
	_ = eachCommandHook(reviews, func(ar AgentReview, rv *HookReview, h *hooks.Hook) error {
		for _, s := range rv.Scripts {
			if s.How == trust.FoundTraced {
				seen[hookKey(ar, h)] = true
				break
			}
		}
		return nil
	})
	return len(seen)
}

// Unheld are the reviewed entries of reviews that run a command which
// enforcement does not hold, as "AGENT: LABEL (COMMAND)": the commands that
// are no hooks (servers, helpers, tool discovery, custom commands' shell
// steps, hooks of a frontmatter) that the project defines or that run its
// code (projectCode) and that no file of project defines or whose
// agent cannot say how it starts them (CommandSpawner), and any entry that is not among its project's
// hooks. Their processes are the agent's own to enforcement, so a branch
// their approval's trace did not take, or a script changed after exec's
// check, runs unheld: exec --enforce does not start the agent with any,
// naming them.
func Unheld(project string, reviews []AgentReview) []string {
	roots := enforcedRoots(project)
	var out []string
	for _, ar := range reviews {
		if ar.Project == nil || ar.Review == nil {
			continue
		}
		byID := map[string]*hooks.Hook{}
		for _, h := range ar.Project.Hooks() {
			byID[h.ID] = h
		}
		for i := range ar.Review.Hooks {
			rv := &ar.Review.Hooks[i]
			cmd, runs := rv.RunsCommand()
			if !runs {
				continue
			}
			h := byID[rv.HookID]
			if h != nil && rv.Kind == "" {
				continue // a hook: held, or exec --enforce does not start
			}
			if h != nil {
				if _, held := commandSpawn(roots, ar.Project, h); held {
					continue
				}
			}
			if !projectCode(roots, rv, h) {
				continue // the user's own, running none of the project's files: no approval of the project is at stake
			}
			if !strings.Contains(rv.Label, cmd) {
				cmd = rv.Label + " (" + cmd + ")"
			}
			out = append(out, ar.Title+": "+cmd)
		}
	}
	return out
}

// projectCode says whether the entry rv (h when the project has it) is
// the project's or runs its code: a file under roots defines it, one of
// its reviewed scripts is under roots, or it is a user's command reviewed
// here because it reaches the project (ReachingHooksIn). A user's or
// plugin's server that runs only its own files is none of these: what
// enforcement holds are the project's files, and none is at stake.
func projectCode(roots []string, rv *HookReview, h *hooks.Hook) bool {
	file := rv.File
	if h != nil && h.Origin.File != "" {
		file = h.Origin.File
	}
	if file == "" || under(roots, file) || strings.Contains(rv.Label, "("+ReachLabel+")") {
		return true
	}
	for _, s := range rv.Scripts {
		if under(roots, s.Path) {
			return true
		}
	}
	return false
}

// eachCommandHook calls fn for each hook of reviews that runs a command,
// with its review, until fn fails.
func eachCommandHook(reviews []AgentReview, fn func(ar AgentReview, rv *HookReview, h *hooks.Hook) error) error {
	return eachHeld(nil, reviews, func(ar AgentReview, rv *HookReview, h *hooks.Hook, match func([]string) bool) error {
		if match != nil {
			return nil
		}
		return fn(ar, rv, h)
	})
}

// eachHeld calls fn for each entry of reviews that runs a command and
// that enforcement holds, with its review, until fn fails: first every
// hook (match nil: its HookSpawn says how it starts), so that a start
// that matches a hook and a command is the hook's, then every command
// that is no hook, defined under roots, whose agent says how it starts it
// (match).
func eachHeld(roots []string, reviews []AgentReview, fn func(ar AgentReview, rv *HookReview, h *hooks.Hook, match func([]string) bool) error) error {
	for _, commands := range []bool{false, true} {
		for _, ar := range reviews {
			if ar.Project == nil || ar.Review == nil {
				continue
			}
			byID := map[string]*hooks.Hook{}
			for _, h := range ar.Project.Hooks() {
				byID[h.ID] = h
			}
			for i := range ar.Review.Hooks {
				rv := &ar.Review.Hooks[i]
				h := byID[rv.HookID]
				if _, runs := rv.RunsCommand(); !runs || h == nil || (rv.Kind != "") != commands {
					continue
				}
				var match func([]string) bool
				if commands {
					var ok bool
					if match, ok = commandSpawn(roots, ar.Project, h); !ok {
						continue
					}
				}
				if err := fn(ar, rv, h, match); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// hookKey is the enforcement key of hook h of ar: its agent and command.
func hookKey(ar AgentReview, h *hooks.Hook) string { return ar.Title + "\x1f" + h.Command }

// enforcedRoots are project and the git work tree it is in.
func enforcedRoots(project string) []string {
	roots := realPaths(project)[:1]
	for dir := roots[0]; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			if dir != roots[0] {
				roots = append(roots, dir)
			}
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return roots
}

// realPaths is p resolved (first) and p as written.
func realPaths(p string) []string {
	if real, err := filepath.EvalSymlinks(p); err == nil && real != p {
		return []string{real, p}
	}
	return []string{p}
}

// Hooks is how many hooks are enforced.
func (e *Enforcement) Hooks() int { return len(e.hooks) - e.commands }

// Commands is how many commands that are no hooks (MCP servers, helpers,
// custom commands' shell steps) are enforced.
func (e *Enforcement) Commands() int { return e.commands }

// Label names the hook of key ("Gemini CLI: check"); "" for a key it
// does not hold.
func (e *Enforcement) Label(key string) string {
	if h := e.hooks[key]; h != nil {
		return h.label
	}
	return ""
}

// Root is sandbox.EnforceRules.Root: the first hook whose start argv is.
func (e *Enforcement) Root(argv []string) (string, bool) {
	for _, k := range e.keys {
		if e.hooks[k].match(argv) {
			return k, true
		}
	}
	return "", false
}

// Approved is sandbox.EnforceRules.Approved. git's own data in a .git
// folder (not its config or hooks) is any hook's, as in a trace.
func (e *Enforcement) Approved(key, real string) ([]string, bool) {
	if gitData(real) {
		return nil, true
	}
	h := e.hooks[key]
	if h == nil {
		return nil, false // a hook no longer in the project: nothing is covered
	}
	return h.sums[real], h.any[real]
}

// ShellSpawn is the match of a hook an agent starts as `SHELL ARGS...
// -c TEXT`: the last two arguments are "-c" and the text, and the text is
// command with every placeholder (a value the agent puts into the text,
// such as the project folder) standing for any text.
func ShellSpawn(command string, placeholders ...string) func(argv []string) bool {
	parts := []string{command}
	for _, ph := range placeholders {
		var next []string
		for _, p := range parts {
			next = append(next, strings.Split(p, ph)...)
		}
		parts = next
	}
	return func(argv []string) bool {
		if len(argv) < 3 || argv[len(argv)-2] != "-c" {
			return false
		}
		return matchParts(argv[len(argv)-1], parts)
	}
}

// matchParts says whether s is parts joined by any texts.
func matchParts(s string, parts []string) bool {
	if len(parts) == 1 {
		return s == parts[0]
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for i, p := range parts[1:] {
		if i == len(parts)-2 {
			return strings.HasSuffix(s, p)
		}
		j := strings.Index(s, p)
		if j < 0 {
			return false
		}
		s = s[j+len(p):]
	}
	return true
}
