package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
)

// nestedAudit reviews agent, as the guard check does, in the folders
// below the repository's top that track an agent's files, when project is
// that top (agents.ReviewStartFolders): an agent started in such a folder
// reads its files (a custom agent, a custom command, a package's
// settings), which an agent started at the top does not, so the top's own
// review cannot say them clean. lines name what needs review there, one a
// line, each with its folder; unreadable is set when a file there could
// not be read (or the folders could not be listed).
func (io *IO) nestedAudit(ctx context.Context, env agents.Env, agent agents.Agent, project string) (s agents.StartFolders, lines []string, unreadable bool, err error) {
	s, err = agents.ReviewStartFolders(ctx, env, agent, project, io.nestedMarkers())
	if err != nil {
		return s, nil, false, err
	}
	if s.ListError != "" {
		return s, []string{s.ListError + ": review them with hookwarden audit --project FOLDER"}, true, nil
	}
	for _, f := range s.Dirty() {
		started := " (started in " + f.Folder + "/: hookwarden audit --agent " + agent.Info().Name + " --project " + f.Project + ")"
		n := len(lines)
		for _, e := range f.NeedsReview {
			changed := ""
			if len(e.Changed) > 0 {
				changed = "; changed: " + strings.Join(e.Changed, ", ")
			}
			risk := ""
			if e.Risk != "" && e.Risk != "none" {
				risk = "  " + strings.ToUpper(e.Risk) + " RISK" // as the window's notice says it
			}
			lines = append(lines, strings.ToUpper(e.Status)+"  "+e.Label+risk+"  in "+e.File+changed+started)
		}
		for _, e := range f.Unreadable {
			unreadable = true
			lines = append(lines, "UNREADABLE  "+e.Error()+started)
		}
		if f.StoreError != "" {
			lines = append(lines, "TRUST FILE  "+f.StoreError+started)
		}
		for _, d := range f.Critical {
			lines = append(lines, "CRITICAL  "+agents.FindingText(d)+started)
		}
		if len(lines) == n {
			// dirty for a reason none of the above names: never silent
			lines = append(lines, "NEEDS REVIEW"+started)
		}
	}
	if s.More {
		lines = append(lines, fmt.Sprintf("more than %d folders below the top hold agent files; only the first %d were reviewed as start folders: review the others with hookwarden audit --project FOLDER", agents.MaxStartFolders, agents.MaxStartFolders))
	}
	return s, lines, unreadable, nil
}

// trustNested approves, after --all approved the top's hooks, every hook
// of agent in the folders below the repository's top that nestedAudit
// reviews (an agent started there reads more files): what audit at the top
// lists is what trust --all at the top approves, each folder said by name.
// approve approves one folder's project (plainly, or traced first for
// --trace). It does nothing when project is not a repository's top.
func (io *IO) trustNested(ctx context.Context, agent agents.Agent, project string, approve func(p agents.Project) error) error {
	s, err := agents.ReviewStartFolders(ctx, io.agentEnv(), agent, project, io.nestedMarkers())
	if err != nil {
		return err
	}
	if s.ListError != "" {
		return fmt.Errorf("%s: approve them with hookwarden trust --all --project FOLDER", s.ListError)
	}
	title := agent.Info().Title
	for _, f := range s.Folders {
		if !f.Review.NeedsReview {
			continue
		}
		printf(io.Stdout, "\nstarted in %s/, %s reads more files; approving there:\n", f.Folder, title)
		p, err := agent.Open(ctx, io.agentEnv(), f.Project)
		if err != nil {
			return fmt.Errorf("%s in %s: %w", title, f.Folder, err)
		}
		if err := approve(p); err != nil {
			return err
		}
	}
	if s.More {
		printf(io.Stdout, "more than %d folders below the top hold agent files; only the first %d were approved: approve the others with hookwarden trust --all --project FOLDER\n", agents.MaxStartFolders, agents.MaxStartFolders)
	}
	return nil
}

// approveAll is trustNested's plain approval of every hook of p (--all).
func approveAll(ctx context.Context, io *IO, acceptUnwatched bool) func(p agents.Project) error {
	return func(p agents.Project) error {
		res, err := p.Approve(ctx, agents.ApproveRequest{All: true, AcceptUnwatched: acceptUnwatched})
		if res != nil {
			if werr := writeApproval(io.Stdout, res); err == nil {
				err = werr
			}
		}
		return err
	}
}
