package agents

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/guard"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// MaxStartFolders bounds the folders below a repository's top that a
// review of the top reviews as start folders too.
const MaxStartFolders = 32

// StartFolder is one folder below a repository's top that tracks an
// agent's project file: an agent started there reads files an agent
// started at the top does not (a custom agent, a custom command, a
// package's own settings), so the top's review cannot say it clean.
type StartFolder struct {
	// Folder is slash separated, relative to the top ("pkg/a").
	Folder string `json:"folder"`
	// Project is its absolute path: the project to open to review it.
	Project string `json:"project"`
	// NeedsReview are the entries an agent started there would run that
	// are not plainly approved.
	NeedsReview []StartFolderEntry `json:"needs_review"`
	// Unreadable are the files there that could not be read (never clean).
	Unreadable []settingsio.FileError `json:"unreadable"`
	// StoreError says why the trust file cannot be used there ("" when it can).
	StoreError string `json:"store_error,omitempty"`
	// Critical are the review's findings about the folder as a whole (a
	// .env file there that moves the agent's home): audit there exits 3
	// for them whatever its hooks say.
	Critical []hooks.Diagnostic `json:"critical"`
	// Review is the folder's review, for a face that shows more of it.
	Review *Review `json:"-"`
	// proj is the folder's project as the agent opened it (Watch).
	proj Project
}

// Watch are the files and folders whose change changes f's review (the
// folder's Project.Watch), for a face that follows them; asked for only
// by such a face, since an agent may review again to list them.
func (f StartFolder) Watch() []string {
	if f.proj == nil {
		return nil
	}
	return f.proj.Watch()
}

// StartFolderEntry is one entry of a start folder that needs review.
type StartFolderEntry struct {
	Key    string `json:"key"`
	Status string `json:"status"`
	Label  string `json:"label"`
	File   string `json:"file"`
	// Risk is the entry's one risk level (the review's, as audit there
	// shows it): "none", "review" or "critical".
	Risk string `json:"risk"`
	// Changed are the files the entry runs that changed since they were
	// approved (ChangedScripts): what a pull changed.
	Changed []string `json:"changed,omitempty"`
}

// Clean reports whether nothing in f needs review and every file was read.
func (f StartFolder) Clean() bool {
	return f.Count() == 0
}

// Count is what needs review in f, counted as ReviewCount counts a
// review: never 0 when audit in the folder exits 3 or 4.
func (f StartFolder) Count() int {
	n := len(f.NeedsReview) + len(f.Unreadable) + len(f.Critical)
	if f.StoreError != "" {
		n++
	}
	if n == 0 && f.Review != nil && f.Review.NeedsReview {
		n = 1 // needs review for a reason none of the above says
	}
	return n
}

// ReviewCount is what a face counts as needing review in r: each hook
// that needs review, each file that could not be read and each critical
// finding; a review that needs review for another reason (a trust file
// that cannot be used) counts at least one. It is never 0 when audit of
// r alone exits 3 or 4; nil counts 0.
func ReviewCount(r *Review) int {
	if r == nil {
		return 0
	}
	n := r.NeedingReview() + len(r.Unreadable) + len(r.Critical)
	if n == 0 && r.NeedsReview {
		n = 1
	}
	return n
}

// ChangedScripts are the files h runs that changed since approval (its
// flagged scripts), each once, in the review's order.
func ChangedScripts(h HookReview) []string {
	var out []string
	for _, s := range h.Scripts {
		if s.Flagged && !slices.Contains(out, s.Path) {
			out = append(out, s.Path)
		}
	}
	return out
}

// StartFolders is the review of the start folders below a repository's
// top (ReviewStartFolders).
type StartFolders struct {
	// Folders are every start folder reviewed, in path order.
	Folders []StartFolder
	// More is set when more than MaxStartFolders hold agent files: the
	// others were not reviewed (never clean).
	More bool
	// ListError says why the folders could not be listed ("" when they
	// were): never clean either.
	ListError string
}

// Dirty are the folders that are not clean.
func (s StartFolders) Dirty() []StartFolder {
	var out []StartFolder
	for _, f := range s.Folders {
		if !f.Clean() {
			out = append(out, f)
		}
	}
	return out
}

// NeedingReview counts what needs review there (each folder's Count:
// entries, unreadable files, critical findings, an unusable trust file),
// and one when some folders were not reviewed (past MaxStartFolders, or
// not listed).
func (s StartFolders) NeedingReview() int {
	n := 0
	if s.More || s.ListError != "" {
		n++
	}
	for _, f := range s.Folders {
		n += f.Count()
	}
	return n
}

// Clean reports whether every start folder is clean and every one was
// reviewed.
func (s StartFolders) Clean() bool {
	return !s.More && s.ListError == "" && len(s.Dirty()) == 0
}

// Markers are the registered agents' project files (their relative Config
// paths, "dir/" a folder) whose presence below a repository's top makes a
// folder a start folder.
func (r *Registry) Markers() []string {
	var markers []string
	for _, f := range r.Facts().Config {
		if !strings.HasPrefix(f.Path, "~") && !strings.HasPrefix(f.Path, "/") && !slices.Contains(markers, f.Path) {
			markers = append(markers, f.Path)
		}
	}
	return markers
}

// StartFolderDirs lists the start folders below the repository's top
// project that track one of markers (slash separated, relative to top, in
// path order); none, and top "", when project is not a repository's top.
// more is set past MaxStartFolders.
func StartFolderDirs(ctx context.Context, project string, markers []string) (top string, dirs []string, more bool, err error) {
	repo, err := guard.FindRepo(ctx, project)
	if err != nil || repo == nil || !SameDir(project, repo.Top) {
		return "", nil, false, nil // not a repository's top
	}
	rel, more, err := guard.NestedFolders(ctx, repo, markers, MaxStartFolders)
	if err != nil {
		return repo.Top, nil, false, fmt.Errorf("cannot list the folders below the top that hold agent files: %w", err)
	}
	return repo.Top, rel, more, nil
}

// ReviewStartFolders reviews agent in each start folder below the
// repository's top project (StartFolderDirs); nothing when project is
// not a repository's top. A folder's review that cannot be made is an
// error naming the folder.
func ReviewStartFolders(ctx context.Context, env Env, agent Agent, project string, markers []string) (StartFolders, error) {
	top, rels, more, err := StartFolderDirs(ctx, project, markers)
	if err != nil {
		return StartFolders{ListError: err.Error()}, nil
	}
	return reviewStartFoldersIn(ctx, env, agent, top, rels, more)
}

// AgentStartFolders is one agent's review of the start folders below a
// repository's top (ReviewEveryStartFolder).
type AgentStartFolders struct {
	Agent Agent
	StartFolders
}

// ReviewEveryStartFolder reviews every agent of reg, in the registry's
// order, in the start folders below repo's top, listed once for them all
// (what ReviewStartFolders reviews for one agent). A listing that failed
// is every agent's ListError; a folder's review that cannot be made is an
// error naming the agent and the folder.
func ReviewEveryStartFolder(ctx context.Context, env Env, reg *Registry, repo *guard.Repo) ([]AgentStartFolders, error) {
	rels, more, listErr := guard.NestedFolders(ctx, repo, reg.Markers(), MaxStartFolders)
	var out []AgentStartFolders
	for _, a := range reg.All() {
		if listErr != nil {
			out = append(out, AgentStartFolders{Agent: a, StartFolders: StartFolders{
				ListError: fmt.Sprintf("cannot list the folders below the top that hold agent files: %v", listErr)}})
			continue
		}
		s, err := reviewStartFoldersIn(ctx, env, a, repo.Top, rels, more)
		if err != nil {
			return out, err
		}
		out = append(out, AgentStartFolders{Agent: a, StartFolders: s})
	}
	return out, nil
}

// reviewStartFoldersIn reviews agent in the start folders rels below top,
// as StartFolderDirs listed them (more: past MaxStartFolders), so that a
// caller reviewing several agents lists them once.
func reviewStartFoldersIn(ctx context.Context, env Env, agent Agent, top string, rels []string, more bool) (StartFolders, error) {
	out := StartFolders{More: more}
	title := agent.Info().Title
	for _, d := range rels {
		dir := filepath.Join(top, filepath.FromSlash(d))
		p, err := agent.Open(ctx, env, dir)
		if err != nil {
			return out, fmt.Errorf("%s in %s: %w", title, d, err)
		}
		r, err := p.Review(ctx)
		if err != nil {
			return out, fmt.Errorf("%s in %s: %w", title, d, err)
		}
		f := StartFolder{Folder: d, Project: dir, Review: r, Unreadable: r.Unreadable, StoreError: r.StoreError, Critical: r.Critical, proj: p}
		if f.Critical == nil {
			f.Critical = []hooks.Diagnostic{} // a list in JSON, never null
		}
		for _, h := range r.Hooks {
			if h.NeedsReview() {
				f.NeedsReview = append(f.NeedsReview, StartFolderEntry{Key: h.Key, Status: string(h.Status), Label: h.Label, File: h.File,
					Risk: h.Risk.Level.String(), Changed: ChangedScripts(h)})
			}
		}
		out.Folders = append(out.Folders, f)
	}
	return out, nil
}

// SameDir reports whether a and b are one folder.
func SameDir(a, b string) bool {
	if a == "" {
		return false
	}
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	ra, err1 := filepath.EvalSymlinks(a)
	rb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ra == rb
}
