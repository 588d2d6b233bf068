package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/guard"
)

// nestedAudit reviews agent, as the guard check does, in the folders
// below the repository's top that track an agent's files, when project is
// that top: an agent started in such a folder reads its files (a custom
// agent, a custom command, a package's settings), which an agent started
// at the top does not, so the top's own review cannot say them clean.
// lines name what needs review there, one a line, each with its folder;
// unreadable is set when a file there could not be read.
func (io *IO) nestedAudit(ctx context.Context, env agents.Env, agent agents.Agent, project string) (lines []string, unreadable bool, err error) {
	repo, err := guard.FindRepo(ctx, project)
	if err != nil || repo == nil || !sameDir(project, repo.Top) {
		return nil, false, nil // not a repository's top: the review above is the whole
	}
	dirs, more, err := guard.NestedFolders(ctx, repo, io.nestedMarkers(), maxNestedFolders)
	if err != nil {
		return []string{"cannot list the folders below the top that hold agent files (" + err.Error() + "): review them with hookwarden audit --project FOLDER"}, true, nil
	}
	title := agent.Info().Title
	for _, d := range dirs {
		dir := filepath.Join(repo.Top, filepath.FromSlash(d))
		p, err := agent.Open(ctx, env, dir)
		if err != nil {
			return lines, unreadable, fmt.Errorf("%s in %s: %w", title, d, err)
		}
		r, err := p.Review(ctx)
		if err != nil {
			return lines, unreadable, fmt.Errorf("%s in %s: %w", title, d, err)
		}
		started := " (started in " + d + "/: hookwarden audit --agent " + agent.Info().Name + " --project " + dir + ")"
		for _, h := range r.Hooks {
			if h.NeedsReview() {
				lines = append(lines, strings.ToUpper(string(h.Status))+"  "+h.Label+"  in "+h.File+started)
			}
		}
		for _, e := range r.Unreadable {
			unreadable = true
			lines = append(lines, "UNREADABLE  "+e.Error()+started)
		}
		if r.StoreError != "" {
			lines = append(lines, "TRUST FILE  "+r.StoreError+started)
		}
	}
	if more {
		lines = append(lines, fmt.Sprintf("more than %d folders below the top hold agent files; only the first %d were reviewed as start folders: review the others with hookwarden audit --project FOLDER", maxNestedFolders, maxNestedFolders))
	}
	return lines, unreadable, nil
}

// trustNested approves, after --all approved the top's hooks, every hook
// of agent in the folders below the repository's top that nestedAudit
// reviews (an agent started there reads more files): what audit at the top
// lists is what trust --all at the top approves, each folder said by name.
// It does nothing when project is not a repository's top.
func (io *IO) trustNested(ctx context.Context, agent agents.Agent, project string, acceptUnwatched bool) error {
	repo, err := guard.FindRepo(ctx, project)
	if err != nil || repo == nil || !sameDir(project, repo.Top) {
		return nil
	}
	dirs, more, err := guard.NestedFolders(ctx, repo, io.nestedMarkers(), maxNestedFolders)
	if err != nil {
		return fmt.Errorf("cannot list the folders below the top that hold agent files (%w): approve them with hookwarden trust --all --project FOLDER", err)
	}
	title := agent.Info().Title
	for _, d := range dirs {
		dir := filepath.Join(repo.Top, filepath.FromSlash(d))
		p, err := agent.Open(ctx, io.agentEnv(), dir)
		if err != nil {
			return fmt.Errorf("%s in %s: %w", title, d, err)
		}
		r, err := p.Review(ctx)
		if err != nil {
			return fmt.Errorf("%s in %s: %w", title, d, err)
		}
		if !r.NeedsReview {
			continue
		}
		printf(io.Stdout, "\nstarted in %s/, %s reads more files; approving there:\n", d, title)
		res, err := p.Approve(ctx, agents.ApproveRequest{All: true, AcceptUnwatched: acceptUnwatched})
		if res != nil {
			if werr := writeApproval(io.Stdout, res); err == nil {
				err = werr
			}
		}
		if err != nil {
			return err
		}
	}
	if more {
		printf(io.Stdout, "more than %d folders below the top hold agent files; only the first %d were approved: approve the others with hookwarden trust --all --project FOLDER\n", maxNestedFolders, maxNestedFolders)
	}
	return nil
}
