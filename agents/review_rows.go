package agents

import (
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/trust"
)

// RiskEach analyses the risk of each reviewed hook the environment wants
// it for (WantsRisk: always, in a check only the hooks that need review),
// with one cache for the whole review, and raises the risk of a partly
// unwatched hook (FloorUnwatchedRisk), analysed or not. analyse says the
// hook's risk, or false when it has none to say (the hook is not in the
// snapshot).
func (e Env) RiskEach(hs []HookReview, analyse func(h *HookReview, opt risk.Options) (risk.Report, bool)) {
	cache := risk.NewCache()
	for i := range hs {
		h := &hs[i]
		if e.WantsRisk(h.NeedsReview()) {
			if rep, ok := analyse(h, e.RiskOptions(cache)); ok {
				h.Risk = rep
			}
		}
		FloorUnwatchedRisk(h)
	}
}

// WithCommandStates is states, an agent's own trust states (TrustStater),
// followed by those of its commands that are not hooks and of the user
// hooks that reach the project (specs, reviewed in the store's commands
// section of data), keep taking them as it took the agent's own.
func WithCommandStates(states []HookReview, data *trust.StoreData, agent, project string, specs []CommandSpec, keep func(*HookReview) bool) ([]HookReview, error) {
	cr, err := ReviewCommands(data, agent, project, specs)
	if err != nil {
		return nil, err
	}
	return append(states, KeepStates(cr.Hooks, keep)...), nil
}
