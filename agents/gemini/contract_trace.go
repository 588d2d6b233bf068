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
		ap := d.Approvals(p.snap.ProjectDir)[key]
		if ap == nil && agents.TraceCommand(d, Agent{}.Info().Name, p.snap.ProjectDir, key, seen) {
			return nil
		}
		if ap == nil {
			return fmt.Errorf("recording the trace: %s is not approved in Hookwarden's store", key)
		}
		ap.Scripts = trust.WithTraced(ap.Scripts, seen)
		return nil
	})
}
