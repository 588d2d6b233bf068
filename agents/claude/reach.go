package claude

import (
	"context"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"

	"github.com/hookwarden/hookwarden/trust"
)

// RecordTrace adds the files a traced run saw to the approval of the
// handler fingerprint key in Hookwarden's store (agents.TraceRecorder).
func (p *project) RecordTrace(_ context.Context, key string, seen []trust.ScriptSnapshot) error {
	store, err := p.usableStore()
	if err != nil {
		return err
	}
	return store.Update(func(d *trust.StoreData) error {
		sec, err := storeSection(d)
		if err != nil {
			return err
		}
		var ap *handlerApproval
		if sec != nil && sec.Projects[p.ProjectDir] != nil {
			ap = sec.Projects[p.ProjectDir].Hooks[key]
		}
		if ap == nil && agents.TraceCommand(d, string(Name), p.ProjectDir, key, seen) {
			return nil
		}
		if ap == nil {
			return fmt.Errorf("recording the trace: %s is not approved in Hookwarden's store", key)
		}
		ap.Scripts = trust.WithTraced(ap.Scripts, seen)
		return nil
	})
}

// UserReach is the user's and the managed settings' handlers that run
// project code, or whose reach only a run shows (agents.UserHookTracer).
func (p *project) UserReach() (string, []agents.CommandSpec) {
	return p.ProjectDir, p.reachingHooks()
}

// ReachStore is Hookwarden's store (agents.UserHookTracer).
func (p *project) ReachStore() (trust.Store, error) { return p.usableStore() }
