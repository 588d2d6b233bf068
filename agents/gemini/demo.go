package gemini

import (
	"fmt"
	"time"

	"github.com/hookwarden/hookwarden/trust"

	"github.com/hookwarden/hookwarden/assets"
)

// ApproveDemo approves the demo project's pre-approved hooks
// (Demo.ApprovedKeys) as 'hookwarden trust' does, in the demo's own
// trusted_hooks.json and Hookwarden store, so that they read as approved
// in Hookwarden and not only in Gemini CLI's key list.
func ApproveDemo(d assets.Demo, goos string, now time.Time) error {
	snap := Load(LoadOptions{ProjectDir: d.ProjectDir, Env: d.Env, GOOS: goos, Home: d.Home})
	storeDir, err := trust.StoreDirFromEnv(d.Env, goos)
	if err != nil {
		return err
	}
	all, _ := ProjectHooks(snap)
	picked, missing := Select(all, d.ApprovedKeys)
	if len(missing) > 0 {
		return fmt.Errorf("demo project: no hook has the key %q", missing)
	}
	if _, err := Approve(snap, Options{Store: trust.Store{Dir: storeDir}}, picked, now); err != nil {
		return fmt.Errorf("approving the demo's hooks: %w", err)
	}
	return nil
}
