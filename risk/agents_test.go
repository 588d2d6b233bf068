package risk

import "github.com/hookwarden/hookwarden/internal/testenv"

// testAgents are the registered agents' facts, as main.go hands them to
// the analysis (agents.Facts.Risk).
var testAgents = func() Agents {
	f := testenv.Agents()
	conv := func(fs []testenv.AgentFile) []AgentFile {
		out := make([]AgentFile, len(fs))
		for i, x := range fs {
			out[i] = AgentFile{Path: x.Path, Name: x.Name, What: x.What}
		}
		return out
	}
	outs := map[string]AgentOutputs{}
	for name, o := range f.Outputs {
		outs[name] = AgentOutputs{Context: o.Context, Rewrite: o.Rewrite, AllowIgnored: o.AllowIgnored, StderrAnswers: o.StderrAnswers}
	}
	return Agents{Config: conv(f.Config), Credentials: conv(f.Credentials), HomeVars: f.HomeVars, ProjectVars: f.ProjectVars, BaseURLVars: f.BaseURLVars,
		PermissionEvents: f.PermissionEvents, ContinueEvents: f.ContinueEvents, ContextEvents: f.ContextEvents, EnvFileVars: f.EnvFileVars, Programs: f.Programs,
		Outputs: outs}
}()
