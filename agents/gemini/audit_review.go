package gemini

import (
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// auditor reviews the workspace hooks Gemini CLI's trust check looks at
// against Hookwarden's approvals, which are kept by Gemini's trust key
// (name:command) with the definitions and places each vouches for; the
// scripts are fingerprinted by the shared trust.ScriptReviewer.
type auditor struct {
	approvals map[string]*trust.Approval
	// revoked are the last approvals of revoked keys (history): the
	// scripts of a hook that is not approved are compared with them.
	revoked map[string]*trust.Approval
	scripts *trust.ScriptReviewer
	// approved caches, per approval, the definitions it vouches for.
	approved map[*trust.Approval]*approvedDefs
	// keep (nil: every hook) picks the reviews returned; the others are
	// dropped as soon as they are settled (TrustStates).
	keep func(*agents.HookReview) bool
	// files are the files of the hooks by ID (a hook Gemini CLI's check
	// never sees is in its own).
	files map[string]string
}

// compareDefinition compares a hook's definition with those recorded in
// its approval: nil when one of them equals it, else the differences from
// the closest one (the one at the same place, or the one with the fewest
// differences). legacy: the record is from a Hookwarden that kept no
// definitions; it is compared as what that record does vouch for (event,
// matcher, name, command, type "command" when it had a command), so a
// plain hook stays approved and any other field reads as added.
func (a *auditor) compareDefinition(ap *trust.Approval, h trust.ProjectHook) (changes []trust.FieldChange, legacy bool) {
	if ap == nil {
		return nil, false
	}
	defs := a.approved[ap]
	if defs == nil {
		defs = &approvedDefs{set: map[string]bool{}}
		for _, p := range ap.Places {
			if p.Fields != nil {
				defs.places = append(defs.places, p)
			}
		}
		if len(defs.places) == 0 {
			defs.legacy = true
			for _, p := range ap.Places {
				p.Fields = legacyDefinition(ap, p)
				defs.places = append(defs.places, p)
			}
			if len(defs.places) == 0 {
				defs.places = []trust.Place{{Fields: legacyDefinition(ap, trust.Place{})}}
			}
		}
		for _, p := range defs.places {
			defs.set[p.Fields.Canonical()] = true
		}
		if a.approved == nil {
			a.approved = map[*trust.Approval]*approvedDefs{}
		}
		a.approved[ap] = defs
	}
	if defs.set[h.Fields.Canonical()] {
		return nil, false
	}
	here := trust.Place{Event: h.Event, Matcher: h.Matcher, Definition: h.Definition, Index: h.Index}.At()
	for _, p := range defs.places {
		c := trust.DiffDefinitions(p.Fields, h.Fields)
		if p.At() == here {
			return c, defs.legacy
		}
		if changes == nil || len(c) < len(changes) {
			changes = c
		}
	}
	return changes, defs.legacy
}

// approvedDefs are the definitions an approval vouches for.
type approvedDefs struct {
	places []trust.Place
	set    map[string]bool // canonical texts
	legacy bool
}

// legacyDefinition is what a record without definitions vouches for at
// one of its places.
func legacyDefinition(ap *trust.Approval, p trust.Place) trust.Definition {
	d := trust.Definition{}
	if p.Event != "" {
		d[trust.FieldEvent] = trust.JSONText(p.Event)
	}
	if p.Matcher != "" {
		d[trust.FieldMatcher] = trust.JSONText(p.Matcher)
	}
	if ap.Name != "" {
		d["name"] = trust.JSONText(ap.Name)
	}
	if ap.Command != "" {
		d["type"], d["command"] = trust.JSONText("command"), trust.JSONText(ap.Command)
	}
	return d
}

// reviewEach is each project hook with its trust state against the
// approvals and the keys Gemini trusts (trusted), and the trusted keys no
// current hook has (gone), over the n hooks each yields in order (one at a
// time; the review copies what it keeps), whose keys are current.
func (a *auditor) reviewEach(each func(yield func(*trust.ProjectHook)), n int, current map[string]bool, trusted []string) ([]agents.HookReview, []string) {
	trustedSet := make(map[string]bool, len(trusted))
	for _, k := range trusted {
		trustedSet[k] = true
	}
	claimed := map[string]bool{}
	unmatched := func(k string) bool { return trustedSet[k] && !current[k] && !claimed[k] }
	var out []agents.HookReview
	if a.keep == nil {
		out = make([]agents.HookReview, 0, n)
	}
	each(func(hp *trust.ProjectHook) {
		h := *hp
		row := agents.HookReview{HookReview: trust.HookReview{ProjectHook: h, Status: trust.StatusNew}, HookID: h.HookID,
			Layer: settingsio.LayerWorkspace, File: h.File, Label: h.Label}
		if f, ok := a.files[h.HookID]; ok {
			row.File = f
		}
		rv := &row.HookReview
		approval := a.approvals[h.Key]
		switch {
		case trustedSet[h.Key] && approval == nil:
			rv.Status, rv.ApprovalNote = trust.StatusApprovedOutside, trust.ApprovedOutsideNote
		case trustedSet[h.Key]:
			rv.Status = trust.StatusTrusted
			if changes, legacy := a.compareDefinition(approval, h); changes != nil {
				rv.Status, rv.FieldChanges = trust.StatusDefinitionChanged, changes
				if legacy {
					rv.ApprovalNote = trust.LegacyApprovalNote
				}
			}
		default:
			if prev, cmd := a.previous(h, trusted, unmatched); prev != "" {
				claimed[prev] = true
				rv.Status, rv.PreviousKey, rv.PreviousCommand = trust.StatusChanged, prev, cmd
				rv.CommandDiff = trust.WordDiff(cmd, h.Command)
				approval = a.approvals[prev]
				rv.FieldChanges, _ = a.compareDefinition(approval, h)
			}
		}
		if approval == nil && rv.Status != trust.StatusTrusted {
			if old := a.revoked[h.Key]; old != nil {
				approval, rv.RevokedAt = old, old.RevokedAt
			}
		}
		a.scripts.ReviewScripts(rv, approval)
		if rv.Status == trust.StatusTrusted {
			for _, s := range rv.Scripts {
				if s.Flagged {
					rv.Status = trust.StatusScriptChanged
				}
			}
		}
		rv.SettleUnwatched()
		if a.keep == nil || a.keep(&row) {
			out = append(out, row)
		}
	})
	var gone []string
	for _, k := range trusted {
		if unmatched(k) {
			claimed[k] = true // list each once
			gone = append(gone, k)
		}
	}
	if gone == nil {
		gone = []string{}
	}
	return out, gone
}

// previous finds the trusted version of an untrusted hook: for a named
// hook the last trusted key with the same name that matches no current
// hook; for an unnamed one, the key Hookwarden approved at the same event,
// matcher and position, if that key is still trusted and unmatched.
func (a *auditor) previous(h trust.ProjectHook, trusted []string, unmatched func(string) bool) (key, command string) {
	if h.Name != "" {
		prefix := h.Name + ":"
		for i := len(trusted) - 1; i >= 0; i-- {
			if k := trusted[i]; strings.HasPrefix(k, prefix) && unmatched(k) {
				return k, strings.TrimPrefix(k, prefix)
			}
		}
		return "", ""
	}
	here := trust.Place{Event: h.Event, Matcher: h.Matcher, Definition: h.Definition, Index: h.Index}
	for i := len(trusted) - 1; i >= 0; i-- {
		k := trusted[i]
		ap := a.approvals[k]
		if ap == nil || ap.Name != "" || !unmatched(k) {
			continue
		}
		for _, p := range ap.Places {
			if p.At() == here.At() {
				return k, strings.TrimPrefix(k, ":")
			}
		}
	}
	return "", ""
}
