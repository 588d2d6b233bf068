package all

import "testing"

// TestOutputFactsReachTheRiskAnalysis: each agent's own output facts
// (agents.Facts.Output) reach risk.Options.Agents under that agent's
// name, the name a hook's risk.Hook.Agent carries, through the one path
// every face uses (Registry.Facts().Risk()).
func TestOutputFactsReachTheRiskAnalysis(t *testing.T) {
	reg := Registry()
	outs := reg.Facts().Risk().Outputs
	declared := 0
	for _, a := range reg.All() {
		info := a.Info()
		o := info.Facts.Output
		if len(o.Context)+len(o.Rewrite)+len(o.AllowIgnored)+len(o.StderrAnswers) == 0 {
			if _, ok := outs[info.Name]; ok {
				t.Errorf("%s declares no output facts but the analysis has some under its name", info.Title)
			}
			continue
		}
		declared++
		got, ok := outs[info.Name]
		if !ok {
			t.Errorf("%s's output facts do not reach the analysis under %q", info.Title, info.Name)
			continue
		}
		if len(got.AllowIgnored) != len(o.AllowIgnored) || len(got.StderrAnswers) != len(o.StderrAnswers) ||
			len(got.Context) != len(o.Context) || len(got.Rewrite) != len(o.Rewrite) {
			t.Errorf("%s: the analysis has %+v, the agent declares %+v", info.Title, got, o)
		}
	}
	if declared == 0 || len(outs) != declared {
		t.Errorf("%d agents declare output facts, the analysis has %d", declared, len(outs))
	}
}
