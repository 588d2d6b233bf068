package agents

import (
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/trust"
)

// RiskSubjecter is an optional interface of a Project whose hooks carry
// facts of their own that the risk analysis reads (exec-form arguments, a
// URL, placeholders the agent fills before the shell runs), or whose
// entries have a risk no reading of what they run says (risk.Hook.Floors:
// a key the agent does not know, what a plugin key loads, a file it cannot
// read). RiskSubject is the analyser's input for one of its entries in
// projectDir: every face that shows a risk analyses it (EntryRisk), so an
// entry has one risk in all of them.
type RiskSubjecter interface {
	RiskSubject(h *hooks.Hook, projectDir string) risk.Hook
}

// RiskSubject is the analyser's input for a hook of p in projectDir: what
// p's agent says of it when it implements RiskSubjecter, else the neutral
// risk.FromHook. p may be nil.
func RiskSubject(p Project, h *hooks.Hook, projectDir string) risk.Hook {
	if rs, ok := p.(RiskSubjecter); ok {
		return rs.RiskSubject(h, projectDir)
	}
	return risk.FromHook(h, projectDir)
}

// EntryRisk is the one risk of an entry h of p, the same in every face
// (list, audit, JSON, the window's rows, details and Review tab): the
// analysis of its RiskSubject (with the agent's floors), with the files
// its review fingerprints (GateFiles) and at least review when its
// discovery is incomplete (FloorUnwatchedRisk), from st, its trust state
// in p's review (Review or TrustStates; nil when it has none: a hook the
// review does not cover). Hookwarden's own observer (Observer.Ours) reads
// as no risk (HookRisk).
func EntryRisk(p Project, h *hooks.Hook, projectDir string, obs Observer, st *trust.HookReview, opt risk.Options) risk.Report {
	if st == nil || obs.Ours(h) {
		return HookRisk(p, h, projectDir, obs, opt)
	}
	return ReviewedRisk(p, h, projectDir, *st, opt)
}

// ReviewedRisk is the risk of a reviewed hook of p: RiskSubject with the
// files its review fingerprints (GateFiles), so that the analysis reads
// at least what approving the hook vouches for, and at least review when
// the review's discovery is incomplete (FloorUnwatchedRisk): a face that
// analyses an entry, hook or not, cannot forget the floor.
func ReviewedRisk(p Project, h *hooks.Hook, projectDir string, rv trust.HookReview, opt risk.Options) risk.Report {
	in := RiskSubject(p, h, projectDir)
	in.Files = GateFiles(rv)
	rep := risk.Analyze(in, opt)
	floorUnwatched(&rep, rv.Unresolved)
	return rep
}

// GateFiles are the files a review fingerprints for its hook, as the
// risk analysis reads them: the scripts discovery resolved (with the
// agent's runtime) and the files a traced run recorded in the approval
// (Via trust.TracedVia), with the text the review read when it kept it
// (the analysis reads the others itself).
func GateFiles(rv trust.HookReview) []risk.Script {
	out := make([]risk.Script, 0, len(rv.Scripts))
	for _, s := range rv.Scripts {
		if s.Status == trust.ScriptMissing {
			continue // the analysis says so from its own reading
		}
		f := risk.Script{Path: s.Path, Via: s.Via}
		if s.Content != nil {
			f.Content = []byte(*s.Content)
		}
		out = append(out, f)
	}
	return out
}
