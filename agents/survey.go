package agents

import "context"

// FolderCount is what one agent finds in a project folder, for a face that
// opens the folder on the agent whose hooks need review and names each
// agent's count on its agent switch.
type FolderCount struct {
	Agent Info
	// Hooks are every hook the agent reads for the folder (its user's and
	// system's too); Reviewed those Hookwarden reviews (the project's own,
	// Layer.Reviewed); NeedReview those of them that need review, where a
	// file that cannot be read and a store that cannot be used count as
	// needing review (fail closed).
	Hooks, Reviewed, NeedReview int
	// InStartFolders counts, of NeedReview, what needs review in the start
	// folders below dir when dir is a repository's top (ReviewStartFolders):
	// an agent started there runs it; a folder that could not be reviewed
	// counts one (fail closed).
	InStartFolders int
	// SwitchOffs are the folder's settings that switch off one of
	// Hookwarden's own user-level hooks (ProjectSwitchOffs); each counts
	// in NeedReview, as audit there decides.
	SwitchOffs []SwitchOff
	// Err is why the agent could not open the folder.
	Err error
}

// CountFolder opens dir (absolute) for every agent of r in env and counts
// its hooks, in the registry's order, with what needs review in the start
// folders below when dir is a repository's top. It only reads.
func CountFolder(ctx context.Context, r *Registry, env Env, dir string) []FolderCount {
	if env.Check == nil {
		env.Check = NewCheck()
	}
	// the start folders below, listed once for every agent
	top, rels, more, listErr := StartFolderDirs(ctx, dir, r.Markers())
	var out []FolderCount
	for _, a := range r.All() {
		c := FolderCount{Agent: a.Info()}
		p, err := a.Open(ctx, env, dir)
		if err != nil {
			c.Err = err
			out = append(out, c)
			continue
		}
		c.Hooks = len(p.Hooks())
		rev, err := p.Review(ctx)
		if err != nil {
			// The store cannot be read: nothing counts as approved.
			for _, l := range p.Layers() {
				if l.Reviewed {
					c.Reviewed += l.Hooks
				}
			}
			c.NeedReview = max(c.Reviewed, 1)
		} else {
			c.Reviewed = len(rev.Hooks)
			c.NeedReview = ReviewCount(rev) // as audit there decides
		}
		switch {
		case listErr != nil:
			c.InStartFolders = 1 // not listed: never clean
		case top != "":
			sf, err := reviewStartFoldersIn(ctx, env, a, top, rels, more)
			c.InStartFolders = sf.NeedingReview()
			if err != nil {
				c.InStartFolders++ // a folder that could not be reviewed
			}
		}
		c.SwitchOffs = ProjectSwitchOffs(p)
		c.NeedReview += c.InStartFolders + len(c.SwitchOffs)
		out = append(out, c)
	}
	return out
}

// FirstToReview is the name of the agent to show the folder of counts with
// first: the first whose hooks need review, else the first with hooks of
// the project's own, else "" (no agent has any).
func FirstToReview(counts []FolderCount) string {
	for _, c := range counts {
		if c.NeedReview > 0 {
			return c.Agent.Name
		}
	}
	for _, c := range counts {
		if c.Reviewed > 0 {
			return c.Agent.Name
		}
	}
	return ""
}
