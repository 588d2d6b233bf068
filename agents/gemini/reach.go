package gemini

import (
	"context"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"

	"github.com/hookwarden/hookwarden/trust"
)

// RecordTrace adds the files a traced run saw to the approval of key in
// Hookwarden's store (agents.TraceRecorder).
func (p *Project) RecordTrace(_ context.Context, key string, seen []trust.ScriptSnapshot) error {
	opts, err := p.trustOptions()
	if err != nil {
		return err
	}
	return opts.Store.Update(func(d *trust.StoreData) error {
		ap := d.Approvals(p.ProjectDir)[key]
		if ap == nil && agents.TraceCommand(d, agent{}.Info().Name, p.ProjectDir, key, seen) {
			return nil
		}
		if ap == nil {
			return fmt.Errorf("recording the trace: %s is not approved in Hookwarden's store", key)
		}
		ap.Scripts = trust.WithTraced(ap.Scripts, seen)
		return nil
	})
}

// UserReach is the user's, the system's and the extensions' hooks that
// run project code, or whose reach only a run shows
// (agents.UserHookTracer).
func (p *Project) UserReach() (string, []agents.CommandSpec) {
	return p.ProjectDir, p.reg.reachingHooks()
}

// ReachStore is Hookwarden's store (agents.UserHookTracer).
func (p *Project) ReachStore() (trust.Store, error) {
	opts, err := p.trustOptions()
	return opts.Store, err
}
