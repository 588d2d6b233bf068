package gemini

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/trust"
)

// pickHooks picks hooks by selector: a selector that equals a hook's key
// picks that hook; otherwise one that equals a hook's name, or the command
// of an unnamed hook, picks every such hook. It returns the picked hooks
// (each once, in hook order) and the selectors that matched nothing.
func pickHooks(hooks []trust.ProjectHook, selectors []string) ([]trust.ProjectHook, []string) {
	picked := make([]bool, len(hooks))
	var unmatched []string
	if len(selectors) == 0 {
		return nil, nil
	}
	byKey := make(map[string][]int, len(hooks))
	byName := make(map[string][]int, len(hooks))
	for i, h := range hooks {
		byKey[h.Key] = append(byKey[h.Key], i)
		switch {
		case h.Name != "":
			byName[h.Name] = append(byName[h.Name], i)
		case h.Command != "":
			byName[h.Command] = append(byName[h.Command], i)
		}
	}
	for _, sel := range selectors {
		found := byKey[sel]
		if len(found) == 0 {
			found = byName[sel]
		}
		for _, i := range found {
			picked[i] = true
		}
		if len(found) == 0 {
			unmatched = append(unmatched, sel)
		}
	}
	var out []trust.ProjectHook
	for i, h := range hooks {
		if picked[i] {
			out = append(out, h)
		}
	}
	return out, unmatched
}

// approveResult says what Approve did.
type approveResult struct {
	// Added are the keys newly added to trusted_hooks.json.
	Added []string `json:"added"`
	// Approved are the keys approved (already trusted ones included):
	// recorded in Hookwarden's store and found in trusted_hooks.json when
	// it was read back after the write.
	Approved []string `json:"approved"`
	// Lost are keys that were written but were not in trusted_hooks.json
	// when it was read back (another program, e.g. Gemini CLI, replaced
	// the file at the same moment); Approve then returns an error.
	Lost []string `json:"lost,omitempty"`
}

// approve trusts hooks for the project of snap. It first fingerprints
// every script they run (a script that cannot be read fails the whole
// approval, before anything is written), then records their definitions
// and scripts in Hookwarden's store (replacing an earlier record of the
// same key at the same places, which is how a changed script or env is
// accepted), and only then adds their keys to trusted_hooks.json (union,
// as Gemini does): a write cut short leaves a store record of a key that
// is not trusted, which reads as needing review, never a trusted key
// without fingerprints. It reads trusted_hooks.json back and reports the
// keys that did not stick as an error. hooks come from ProjectHooks(snap)
// (all of them for "approve all").
func approve(snap *Project, opts Options, hooks []trust.ProjectHook, now time.Time) (*approveResult, error) {
	return approveWith(snap, opts, hooks, now, nil)
}

// approveWith is Approve with also: the rest of the approval in
// Hookwarden's store (the commands and user hooks that reach the project),
// written in the same store update as the hooks' records. The store is
// written first and trusted_hooks.json, which makes Gemini CLI run the
// hooks, last; when that last write fails the store is put back byte for
// byte (trust.StoreCheckpoint), so that a failure leaves nothing approved.
func approveWith(snap *Project, opts Options, hooks []trust.ProjectHook, now time.Time, also func(*trust.StoreData) error) (*approveResult, error) {
	res := &approveResult{Added: []string{}, Approved: []string{}}
	if len(hooks) == 0 {
		return res, nil
	}
	path := opts.trustedHooksPath(snap)
	before, err := readTrustedHooks(path)
	if err != nil {
		return nil, err
	}
	if before.Err != nil {
		return nil, fmt.Errorf("not writing %s: %w", path, before.Err)
	}
	keys := make([]string, 0, len(hooks))
	seen := make(map[string]bool, len(hooks))
	for _, h := range hooks {
		if !seen[h.Key] {
			seen[h.Key] = true
			keys = append(keys, h.Key)
		}
	}
	var cp *trust.StoreCheckpoint
	if opts.Store.Dir != "" {
		approvals, err := approvalsFor(snap, hooks, now)
		if err != nil {
			return res, fmt.Errorf("nothing was approved: %w", err)
		}
		if cp, err = opts.Store.Checkpoint(); err != nil {
			return res, fmt.Errorf("nothing was approved: %w", err)
		}
		err = cp.Store().Update(func(d *trust.StoreData) error {
			if also != nil {
				if err := also(d); err != nil {
					return err
				}
			}
			p := d.Project(snap.ProjectDir)
			for k, ap := range approvals {
				rec := *ap
				if old := p.Hooks[k]; old != nil {
					rec.Places = mergePlaces(ap.Places, old.Places)
				}
				p.Hooks[k] = &rec
				delete(p.Revoked, k)
			}
			return nil
		})
		if err != nil {
			return res, fmt.Errorf("nothing was approved: recording the approval in Hookwarden's store failed: %w", err)
		}
	}
	if opts.beforeTrustKeys != nil {
		opts.beforeTrustKeys()
	}
	if err := trustKeys(path, snap.ProjectDir, keys); err != nil {
		if cp == nil {
			return res, fmt.Errorf("Hookwarden's store records the approval, but adding the keys to %s failed, so the keys that were not trusted yet are still not trusted (they need review): %w", path, err)
		}
		if rerr := cp.Restore(); rerr != nil {
			return res, fmt.Errorf("adding the keys to %s failed (%w), and Hookwarden's store could not be put back (%v): it records an approval Gemini CLI does not have; those hooks still need review", path, err, rerr)
		}
		return res, fmt.Errorf("nothing was approved: adding the keys to %s failed, and Hookwarden's store was put back as it was: %w", path, err)
	}
	if opts.afterTrustKeys != nil {
		opts.afterTrustKeys()
	}
	after, err := readTrustedHooks(path)
	if err == nil && after.Err != nil {
		err = after.Err
	}
	if err != nil {
		return res, fmt.Errorf("wrote %s but cannot read it back to check the approval: %w", path, err)
	}
	had := make(map[string]bool, len(keys))
	for _, k := range before.Keys(snap.ProjectDir) {
		had[k] = true
	}
	stuck := make(map[string]bool, len(keys))
	for _, k := range after.Keys(snap.ProjectDir) {
		stuck[k] = true
	}
	for _, k := range keys {
		switch {
		case !stuck[k]:
			res.Lost = append(res.Lost, k)
		case !had[k]:
			res.Added = append(res.Added, k)
			res.Approved = append(res.Approved, k)
		default:
			res.Approved = append(res.Approved, k)
		}
	}
	if len(res.Lost) > 0 {
		return res, fmt.Errorf("%d of %d key(s) are not in %s after the write: another program (Gemini CLI?) replaced the file at the same moment; approve them again: %s",
			len(res.Lost), len(keys), path, strings.Join(res.Lost, ", "))
	}
	return res, nil
}

// mergePlaces is the places of a new record: those just approved, and the
// earlier record's places at other positions (a key can sit in several
// places; approving it at one keeps what was approved at the others).
func mergePlaces(now, old []trust.Place) []trust.Place {
	out := append([]trust.Place{}, now...)
	taken := make(map[[4]string]bool, len(now))
	for _, p := range now {
		taken[p.At()] = true
	}
	for _, p := range old {
		if p.Fields != nil && !taken[p.At()] {
			taken[p.At()] = true
			out = append(out, p)
		}
	}
	return out
}

// approvalsFor builds the store records of the approved hooks: the place
// and definition of each approved entry, and the scripts they run now. A
// script that exists but cannot be read is an error: nothing is approved
// then, so that no key is ever trusted without its fingerprints.
func approvalsFor(snap *Project, hooks []trust.ProjectHook, now time.Time) (map[string]*trust.Approval, error) {
	out := make(map[string]*trust.Approval, len(hooks))
	placed := make(map[string]map[[4]string]bool, len(hooks))
	fp := trust.NewFingerprinterFor(snap.ProjectDir, scriptRuntime(snap))
	var errs []error
	for _, h := range hooks {
		place := trust.Place{Event: h.Event, Matcher: h.Matcher, Definition: h.Definition, Index: h.Index, Fields: h.Fields}
		if ap := out[h.Key]; ap != nil {
			if !placed[h.Key][place.At()] {
				placed[h.Key][place.At()] = true
				ap.Places = append(ap.Places, place)
			}
			continue
		}
		placed[h.Key] = map[[4]string]bool{place.At(): true}
		ap := &trust.Approval{Name: h.Name, Command: h.Command, ApprovedAt: now.UTC().Format(time.RFC3339), Places: []trust.Place{place}, Scripts: []trust.ScriptSnapshot{}}
		if command, ok := h.RunsCommand(); ok {
			// A command that does not parse has nothing to fingerprint;
			// audit reports the parse error.
			scripts, _, err := fp.Scripts(command, trust.EnvValues(h.Env), nil)
			if err != nil {
				errs = append(errs, fmt.Errorf("hook %s: %w", h.Label, err))
			}
			ap.Scripts = append(ap.Scripts, scripts...)
		}
		out[h.Key] = ap
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("a script cannot be read, so its fingerprint cannot be recorded: %w", errors.Join(errs...))
	}
	return out, nil
}

// revoke removes keys from the project's entry in trusted_hooks.json and
// their approvals from Hookwarden's store, which keeps each as history
// (StoreProject.Revoked) so that the next review still shows what changed
// since it was approved. Keys of hooks that no longer exist (Report.Gone)
// can be revoked too.
func revoke(snap *Project, opts Options, keys []string) error {
	if len(keys) == 0 {
		return nil
	}
	path := opts.trustedHooksPath(snap)
	if err := untrustKeys(path, snap.ProjectDir, keys); err != nil {
		return err
	}
	if opts.Store.Dir == "" {
		return nil
	}
	err := opts.Store.Update(func(d *trust.StoreData) error {
		if p := d.Projects[snap.ProjectDir]; p != nil {
			now := time.Now()
			for _, k := range keys {
				p.Revoke(k, now)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("revoked in %s, but updating Hookwarden's store failed: %w", path, err)
	}
	return nil
}

// trustedKeys returns the keys trusted_hooks.json holds for snap's project.
func trustedKeys(snap *Project, opts Options) ([]string, error) {
	th, err := readTrustedHooks(opts.trustedHooksPath(snap))
	if err != nil {
		return nil, err
	}
	if th.Err != nil {
		return nil, th.Err
	}
	return th.Keys(snap.ProjectDir), nil
}
