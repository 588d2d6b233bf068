package trust

import (
	"errors"
	"fmt"
	"time"

	"github.com/hookwarden/hookwarden/settingsio"
)

// Select picks hooks by selector: a selector that equals a hook's key
// picks that hook; otherwise one that equals a hook's name, or the command
// of an unnamed hook, picks every such hook. It returns the picked hooks
// (each once, in hook order) and the selectors that matched nothing.
func Select(hooks []ProjectHook, selectors []string) ([]ProjectHook, []string) {
	picked := make([]bool, len(hooks))
	var unmatched []string
	for _, sel := range selectors {
		found := false
		for i, h := range hooks {
			if h.Key == sel {
				picked[i], found = true, true
			}
		}
		if !found {
			for i, h := range hooks {
				if (h.Name != "" && h.Name == sel) || (h.Name == "" && h.Command != "" && h.Command == sel) {
					picked[i], found = true, true
				}
			}
		}
		if !found {
			unmatched = append(unmatched, sel)
		}
	}
	var out []ProjectHook
	for i, h := range hooks {
		if picked[i] {
			out = append(out, h)
		}
	}
	return out, unmatched
}

// ApproveResult says what Approve did.
type ApproveResult struct {
	// Added are the keys newly added to trusted_hooks.json.
	Added []string `json:"added"`
	// Approved are the keys approved (already trusted ones included).
	Approved []string `json:"approved"`
}

// Approve trusts hooks for the project of snap: their keys go into
// trusted_hooks.json (union, as Gemini does) and their places and script
// fingerprints into Hookwarden's store (replacing an earlier record of the
// same key, which is how a changed script is accepted). hooks come from
// ProjectHooks(snap) (all of them for "approve all").
func Approve(snap *settingsio.Snapshot, opts Options, hooks []ProjectHook, now time.Time) (*ApproveResult, error) {
	res := &ApproveResult{Added: []string{}, Approved: []string{}}
	if len(hooks) == 0 {
		return res, nil
	}
	path := opts.trustedHooksPath(snap)
	before, err := ReadTrustedHooks(path)
	if err != nil {
		return nil, err
	}
	if before.Err != nil {
		return nil, fmt.Errorf("not writing %s: %w", path, before.Err)
	}
	had := map[string]bool{}
	for _, k := range before.Keys(snap.ProjectDir) {
		had[k] = true
	}
	var keys []string
	for _, h := range hooks {
		if !contains(keys, h.Key) {
			keys = append(keys, h.Key)
			if !had[h.Key] {
				res.Added = append(res.Added, h.Key)
			}
		}
	}
	if err := TrustKeys(path, snap.ProjectDir, keys); err != nil {
		return nil, err
	}
	res.Approved = keys
	if opts.Store.Dir == "" {
		return res, nil
	}
	approvals, err := approvalsFor(snap, hooks, now)
	if err != nil {
		return res, fmt.Errorf("trusted in %s, but recording script fingerprints failed: %w", path, err)
	}
	err = opts.Store.Update(func(d *StoreData) error {
		p := d.project(snap.ProjectDir)
		for k, ap := range approvals {
			p.Hooks[k] = ap
			delete(p.Revoked, k)
		}
		return nil
	})
	if err != nil {
		return res, fmt.Errorf("trusted in %s, but recording script fingerprints failed: %w", path, err)
	}
	return res, nil
}

// approvalsFor builds the store records of the approved hooks: every
// place where each key occurs in the workspace, and the scripts now.
func approvalsFor(snap *settingsio.Snapshot, hooks []ProjectHook, now time.Time) (map[string]*Approval, error) {
	all, _ := ProjectHooks(snap)
	out := map[string]*Approval{}
	cache := map[string]ScriptSnapshot{}
	var errs []error
	for _, h := range hooks {
		if out[h.Key] != nil {
			continue
		}
		ap := &Approval{Name: h.Name, Command: h.Command, ApprovedAt: now.UTC().Format(time.RFC3339), Places: []Place{}, Scripts: []ScriptSnapshot{}}
		for _, other := range all {
			if other.Key == h.Key {
				ap.Places = append(ap.Places, Place{Event: other.Event, Matcher: other.Matcher, Definition: other.Definition, Index: other.Index})
			}
		}
		if h.IsCommand {
			refs, err := FindScripts(h.Command, snap.ProjectDir)
			if err != nil {
				refs = nil // nothing to fingerprint; audit reports the parse error
			}
			for _, ref := range refs {
				s, ok := cache[ref.Path]
				if !ok {
					var err error
					if s, err = snapshotScript(ref, snap.ProjectDir); err != nil {
						errs = append(errs, err)
					}
					cache[ref.Path] = s
				}
				s.Word, s.Via = ref.Word, ref.Via
				ap.Scripts = append(ap.Scripts, s)
			}
		}
		out[h.Key] = ap
	}
	return out, errors.Join(errs...)
}

// Revoke removes keys from the project's entry in trusted_hooks.json and
// their approvals from Hookwarden's store, which keeps each as history
// (StoreProject.Revoked) so that the next review still shows what changed
// since it was approved. Keys of hooks that no longer exist (Report.Gone)
// can be revoked too.
func Revoke(snap *settingsio.Snapshot, opts Options, keys []string) error {
	if len(keys) == 0 {
		return nil
	}
	path := opts.trustedHooksPath(snap)
	if err := UntrustKeys(path, snap.ProjectDir, keys); err != nil {
		return err
	}
	if opts.Store.Dir == "" {
		return nil
	}
	err := opts.Store.Update(func(d *StoreData) error {
		if p := d.Projects[snap.ProjectDir]; p != nil {
			now := time.Now()
			for _, k := range keys {
				p.revoke(k, now)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("revoked in %s, but updating Hookwarden's store failed: %w", path, err)
	}
	return nil
}

// TrustedKeys returns the keys trusted_hooks.json holds for snap's project.
func TrustedKeys(snap *settingsio.Snapshot, opts Options) ([]string, error) {
	th, err := ReadTrustedHooks(opts.trustedHooksPath(snap))
	if err != nil {
		return nil, err
	}
	if th.Err != nil {
		return nil, th.Err
	}
	return th.Keys(snap.ProjectDir), nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
