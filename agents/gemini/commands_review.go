package gemini

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
)

// reviewCommands reviews the workspace's commands that are not hooks (MCP
// servers, tool commands): Hookwarden's own review, in its store
// (agents.ReviewCommands), since Gemini CLI keeps no trust of them.
func (p *Project) reviewCommands(opts Options) (*agents.CommandReview, error) {
	data, err := opts.storeData()
	if err != nil {
		return nil, err
	}
	cr, err := agents.ReviewCommands(data, agent{}.Info().Name, p.ProjectDir, p.reg.commandSpecs(p.projectFed))
	if err != nil {
		return nil, err
	}
	cache := risk.NewCache()
	for i := range cr.Hooks {
		if x := p.commandByID(cr.Hooks[i].HookID); x != nil && x.Origin.Layer == settingsio.LayerExtension && x.Kind == hooks.KindMCPServer {
			fed := p.projectFed(x)
			for _, k := range slices.Sorted(maps.Keys(fed)) {
				cr.Hooks[i].Notes = append(cr.Hooks[i].Notes, fmt.Sprintf("the project's .env gives this server %s=%s: the project decides what the extension's server gets",
					strings.TrimPrefix(k, "dotenv."), fed[k]))
			}
		}
	}
	for i := range cr.Hooks {
		if x := p.commandByID(cr.Hooks[i].HookID); x != nil && p.env.WantsRisk(cr.Hooks[i].NeedsReview()) {
			cr.Hooks[i].Risk = agents.ReviewedRisk(p, x, p.ProjectDir, cr.Hooks[i].HookReview, p.env.RiskOptions(cache))
		}
	}
	return cr, nil
}

func (p *Project) commandByID(id string) *hooks.Hook {
	for _, h := range p.reg.Commands {
		if h.ID == id {
			return h
		}
	}
	return nil
}

// prepareCommands checks and fingerprints the commands req names (all
// with All), writing nothing (agents.PrepareCommandsFor), and returns the
// selectors left for the workspace hooks.
func (p *Project) prepareCommands(ctx context.Context, opts Options, req agents.ApproveRequest) (*agents.PreparedCommands, []string, error) {
	return agents.PrepareCommandsFor(ctx, p.env, p, opts.Store, agent{}.Info().Name, p.ProjectDir, p.reg.commandSpecs(p.projectFed), req, p.env.Clock())
}

// writeCommands writes prepared commands' approvals (nil: none) and
// reports them in res.
func writeCommands(opts Options, pc *agents.PreparedCommands, res *agents.ApproveResult) error {
	if pc == nil {
		return nil
	}
	if err := opts.Store.Update(pc.Apply); err != nil {
		return err
	}
	pc.Report(res, opts.Store.Path())
	return nil
}

// revokeCommands revokes the approvals of commands req names (all with
// All, the gone ones with Gone) and returns the selectors left.
func (p *Project) revokeCommands(opts Options, req agents.RevokeRequest, res *agents.RevokeResult) ([]string, error) {
	data, err := opts.Store.Load()
	if err != nil {
		return req.IDs, err
	}
	return agents.RevokeCommandsFor(opts.Store, data, agent{}.Info().Name, p.ProjectDir, p.reg.commandSpecs(p.projectFed), req, res)
}
