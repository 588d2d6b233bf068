package agents

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// ProtectRecordName is the file in Hookwarden's folder that keeps, per
// agent, what `protect on` changed, so that `protect off` puts every file
// back byte for byte.
const ProtectRecordName = "protect.json"

// protectSet is the protective hook's edit set.
var protectSet = UserEditSet{Record: ProtectRecordName, What: "the protective hook", Entries: "the entry"}

// ProtectEdit is one file the protective hook is written to.
type ProtectEdit = UserEdit

// ProtectState is whether the protective hook is in each of its files.
type ProtectState = EditState

// ProtectFileState is one file of the protective hook.
type ProtectFileState = EditFileState

// ProtectNotes are what protect on or off did, one line each.
type ProtectNotes = EditNotes

// ProtectOn installs agent's protective hook running command: every edit
// is written atomically (comments and layout kept; a file that does not
// parse is left alone and nothing is written), and what each file was is
// recorded for ProtectOff. A file that already holds the entry is left
// as it is.
func ProtectOn(env Env, agent string, p Protector, command string) (ProtectNotes, error) {
	edits, err := p.ProtectEdits(env, command)
	if err != nil {
		return nil, err
	}
	return protectSet.Install(env, agent, edits)
}

// ProtectOff removes agent's protective hook: a file exactly as protect on
// left it gets its earlier bytes back (a file protect on created is
// removed); one changed since loses only the entry.
func ProtectOff(env Env, agent string, p Protector, command string) (ProtectNotes, error) {
	edits, err := p.ProtectEdits(env, command)
	if err != nil {
		return nil, err
	}
	return protectSet.Remove(env, agent, edits)
}

// ProtectStatus says whether the protective hook is in its files.
func ProtectStatus(env Env, p Protector, command string) (ProtectState, error) {
	edits, err := p.ProtectEdits(env, command)
	if err != nil {
		return ProtectState{}, err
	}
	return protectSet.Status(edits), nil
}

// ProtectedFiles are the files and folders no tool call of an agent may
// write in project: the guarded files of HookFiles (every agent's files,
// the scripts of project hooks, a user hook's scripts outside the
// project), plus extra. Project files reached only through user-level
// hooks' project code are work files, not protected (see HookFiles).
func ProtectedFiles(ctx context.Context, reg *Registry, env Env, project string, extra ...string) (*Protected, error) {
	set, err := CollectHookFiles(ctx, reg, env, project)
	if err != nil {
		return nil, err
	}
	set.AddGuarded(extra...)
	var out []string
	for _, x := range set.Guarded() {
		if fi, err := os.Stat(x); err == nil && fi.IsDir() && x != "" && x[len(x)-1] != filepath.Separator {
			x += string(filepath.Separator)
		}
		if d := filepath.Clean(x); x != "" && x[len(x)-1] == filepath.Separator && (inside(project, d) || d == filepath.Clean(env.Home)) {
			continue // the project, the home or a folder above: not a hook folder
		}
		out = append(out, x)
	}
	return NewProtected(out), nil
}

// CollectHookFiles opens project with every agent of reg and sorts the
// files of their hooks (HookFiles).
func CollectHookFiles(ctx context.Context, reg *Registry, env Env, project string) (*HookFiles, error) {
	set, _, err := CollectHookFilesAndReviews(ctx, reg, env, project)
	return set, err
}

// AgentReview is one agent's review of a project.
type AgentReview struct {
	Title  string
	Review *Review
	// Project is what the review was read from.
	Project Project
}

// CollectHookFilesAndReviews is CollectHookFiles with the reviews it read.
func CollectHookFilesAndReviews(ctx context.Context, reg *Registry, env Env, project string) (*HookFiles, []AgentReview, error) {
	if env.Check == nil {
		env.Check = NewCheck() // one read of the store; no risk analysis of approved hooks
	}
	set := NewHookFiles(project)
	var reviews []AgentReview
	for _, a := range reg.All() {
		p, err := a.Open(ctx, env, project)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", a.Info().Title, err)
		}
		set.AddGuarded(p.Watch()...)
		r, err := p.Review(ctx)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", a.Info().Title, err)
		}
		set.AddReview(r)
		reviews = append(reviews, AgentReview{Title: a.Info().Title, Review: r, Project: p})
	}
	return set, reviews, nil
}
