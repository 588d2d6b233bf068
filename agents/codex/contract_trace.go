package codex

import (
	"context"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"

	"github.com/hookwarden/hookwarden/trust"
)

// RecordTrace adds the files a traced run saw to Hookwarden's record of
// the approval of the trust key key (agents.TraceRecorder).
func (p *project) RecordTrace(_ context.Context, key string, seen []trust.ScriptSnapshot) error {
	if p.storeErr != nil {
		return p.storeErr
	}
	return p.store.Update(func(d *trust.StoreData) error {
		sec, err := storeSection(d)
		if err != nil {
			return err
		}
		var ap *approval
		if sec != nil {
			ap = sec.Hooks[key]
		}
		if ap == nil && agents.TraceCommand(d, string(Name), p.Dir(), key, seen) {
			return nil
		}
		if ap == nil {
			return fmt.Errorf("recording the trace: %s is not approved in Hookwarden's store", key)
		}
		ap.Scripts = trust.WithTraced(ap.Scripts, seen)
		if ap.ProjectScripts != nil {
			ap.ProjectScripts[p.Dir()] = trust.WithTraced(ap.ProjectScripts[p.Dir()], seen)
		}
		return nil
	})
}
