package agents

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// specsFixture is a project of n hook specs in section "sec" of a store:
// approvals are made of the specs as they were (approvedEvery: every
// approvedEvery-th spec approved as it is, the rest approved with other
// fields, so that they read as changed); some specs share a place with a
// second, older approval, one approval is of a hook removed since, and
// some specs run a script of the project.
func specsFixture(t testing.TB, n, approvedEvery int) (*trust.StoreData, string, []CommandSpec) {
	project := t.TempDir()
	if err := os.WriteFile(filepath.Join(project, "a.sh"), []byte("#!/bin/sh\necho a\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(project, ".x", "settings.json")
	spec := func(i int, fields string) CommandSpec {
		h := &hooks.Hook{ID: fmt.Sprintf("h%d", i), Name: fmt.Sprintf("/hooks/E/%d", i%(n/2+1)), Event: "E", Type: "command",
			Command: fmt.Sprintf("bash a.sh %d", i), Origin: hooks.Origin{File: file, Line: i + 1}}
		c := CommandSpec{Hook: h, Label: h.Command, Fields: trust.Definition{"command": fmt.Sprintf("%q", h.Command), "x": fields}}
		if i%3 == 0 {
			c.ScriptCommand = h.Command
		}
		return c
	}
	var specs []CommandSpec
	d := &trust.StoreData{Projects: map[string]*trust.StoreProject{}}
	p, err := specsProject(d, "sec", "agent", project, true)
	if err != nil {
		t.Fatal(err)
	}
	// the scripts every approval records: a.sh as it is (the specs that
	// run it are then trusted or changed, not script-changed)
	ps, err := PrepareSpecs("sec", "agent", project, []CommandSpec{spec(0, "1")}, time.Unix(0, 0))
	if err != nil {
		t.Fatal(err)
	}
	scripts := ps.recs[0].ap.Scripts
	approve := func(c CommandSpec) {
		p.Approved[c.Key()] = &CommandApproval{Name: c.Hook.Name, File: c.Hook.Origin.File, Label: c.Label + " (before)", Fields: c.Fields,
			Scripts: scripts}
	}
	for i := range n {
		c := spec(i, "1")
		specs = append(specs, c)
		switch {
		case i%11 == 5: // new
		case approvedEvery > 0 && i%approvedEvery == 0:
			approve(c)
		default:
			approve(spec(i, "0")) // changed since
		}
		if i%7 == 0 {
			approve(spec(i, "older"))
		}
	}
	approve(spec(n+1000, "gone"))
	p.Revoked = map[string]*CommandApproval{specs[5].Key(): {Label: "revoked", RevokedAt: "2026-01-01T00:00:00Z"}}
	return d, project, specs
}

// TestReviewSpecsIsTheScanItReplaced: the review that finds a changed
// hook's earlier approval by its place gives what the scan of every
// approval per hook gave, whole and kept a few at a time.
func TestReviewSpecsIsTheScanItReplaced(t *testing.T) {
	for _, every := range []int{0, 1, 2, 5} {
		d, project, specs := specsFixture(t, 60, every)
		want, err := reviewSpecsBefore(d, "sec", "agent", project, specs)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ReviewSpecs(d, "sec", "agent", project, specs)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("approved every %d: ReviewSpecs differs from the scan:\n got %+v\nwant %+v", every, got, want)
		}
		all, err := ReviewSpecsKept(d, "sec", "agent", project, SpecsOf(specs), nil)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(all, want) {
			t.Errorf("approved every %d: ReviewSpecsKept of every spec differs from the scan", every)
		}
		some, err := ReviewSpecsKept(d, "sec", "agent", project, SpecsOf(specs), func(h *HookReview) bool { return h.Status != trust.StatusNew && h.Line%2 == 0 })
		if err != nil {
			t.Fatal(err)
		}
		var picked []HookReview
		for _, h := range want.Hooks {
			if h.Status != trust.StatusNew && h.Line%2 == 0 {
				picked = append(picked, h)
			}
		}
		if !reflect.DeepEqual(some.Hooks, picked) || some.NeedsReview != want.NeedsReview || !reflect.DeepEqual(some.Gone, want.Gone) {
			t.Errorf("approved every %d: ReviewSpecsKept keeps %d hooks (needs review %v), the scan's are %d (%v)", every, len(some.Hooks), some.NeedsReview, len(picked), want.NeedsReview)
		}
	}
}

// BenchmarkReviewSpecsAllChanged: a pull that changed every one of n
// approved hooks (each has an approval at its place, under another
// fingerprint): "indexed" is ReviewSpecs, "scan" its baseline in the same
// run, the scan of every approval per changed hook it replaced. ns/op of
// indexed grows with n, the scan's with n².
func BenchmarkReviewSpecsAllChanged(b *testing.B) {
	for _, n := range []int{500, 2000} {
		d, project, specs := specsFixture(b, n, 0)
		for _, c := range []struct {
			name   string
			review func(*trust.StoreData, string, string, string, []CommandSpec) (*CommandReview, error)
		}{{"indexed", ReviewSpecs}, {"scan", reviewSpecsBefore}} {
			b.Run(fmt.Sprintf("%s/%d", c.name, n), func(b *testing.B) {
				for range b.N {
					if _, err := c.review(d, "sec", "agent", project, specs); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// reviewSpecsBefore is ReviewSpecs as it was before it indexed the
// approvals by place (the baseline of BenchmarkReviewSpecsAllChanged and
// the oracle of TestReviewSpecsIsTheScanItReplaced).
func reviewSpecsBefore(data *trust.StoreData, section, agent, project string, specs []CommandSpec) (*CommandReview, error) {
	p, err := specsProject(data, section, agent, project, false)
	if err != nil {
		return nil, err
	}
	if section == commandsStoreKey {
		specs = settleReach(data, agent, project, specs)
	}
	approved, revoked := map[string]*CommandApproval{}, map[string]*CommandApproval{}
	if p != nil {
		approved, revoked = p.Approved, p.Revoked
	}
	out := &CommandReview{Hooks: []HookReview{}}
	sr := trust.NewScriptReviewer(project)
	sr.UseCache(data.Fingerprints())
	byRuntime := map[*trust.Runtime]*trust.ScriptReviewer{}
	claimed := map[string]bool{}
	var pending []int
	for _, c := range specs {
		rv := commandReviewOf(c)
		if ap := approved[rv.Key]; ap != nil && !claimed[rv.Key] {
			claimed[rv.Key] = true
			rv.Status = trust.StatusTrusted
			c.reviewer(project, sr, data.Fingerprints(), byRuntime).ReviewScripts(&rv.HookReview, &trust.Approval{Scripts: ap.Scripts})
			for _, s := range rv.Scripts {
				if s.Flagged {
					rv.Status = trust.StatusScriptChanged
				}
			}
			if c.Hook.IsHook() {
				rv.SettleUnwatched() // a user hook reaching the project: as the project's hooks
			}
		} else {
			pending = append(pending, len(out.Hooks))
		}
		out.Hooks = append(out.Hooks, rv)
	}
	for _, i := range pending {
		rv := &out.Hooks[i]
		c := specs[i]
		rv.Status = trust.StatusNew
		var prev *CommandApproval
		for _, k := range sortedKeys(approved) {
			ap := approved[k]
			if !claimed[k] && ap.Kind == string(c.Hook.Kind) && ap.Name == c.Hook.Name && ap.File == c.Hook.Origin.File {
				claimed[k], prev = true, ap
				rv.Status, rv.PreviousKey, rv.PreviousCommand = trust.StatusChanged, k, ap.Label
				rv.CommandDiff = trust.WordDiff(ap.Label, rv.Command)
				break
			}
		}
		if prev == nil && revoked[rv.Key] != nil {
			prev = revoked[rv.Key]
			rv.RevokedAt = prev.RevokedAt
		}
		var old *trust.Approval
		if prev != nil {
			old = &trust.Approval{Scripts: prev.Scripts}
			rv.FieldChanges = trust.DiffDefinitions(prev.Fields, c.Fields)
		} else if len(c.Traced) > 0 {
			old = &trust.Approval{Scripts: c.Traced} // what its trace read, shown (and flagged if changed since)
		}
		c.reviewer(project, sr, data.Fingerprints(), byRuntime).ReviewScripts(&rv.HookReview, old)
	}
	for i := range out.Hooks {
		if specs[i].Hook.IsHook() {
			FloorUnwatchedRisk(&out.Hooks[i])
		}
	}
	for _, k := range sortedKeys(approved) {
		if claimed[k] {
			continue
		}
		ap := approved[k]
		noun := "command"
		if ap.Kind == "" {
			noun = "hook"
		}
		out.Gone = append(out.Gone, Gone{Key: k, Label: ap.Label, File: ap.File, Where: "Hookwarden's store",
			Meaning: "This approval in Hookwarden's store matches no " + noun + " of the project any more (it was removed or changed). Revoke it so that it is reviewed again if it comes back.",
			Fields: []Field{{Key: "file", Label: "Was at", Value: ap.File, Code: true}, {Key: "approved_at", Label: "Approved", Value: ap.ApprovedAt},
				{Key: "fingerprint", Label: "Fingerprint", Value: k, Code: true}}})
	}
	for _, h := range out.Hooks {
		out.NeedsReview = out.NeedsReview || h.NeedsReview()
	}
	return out, nil
}
