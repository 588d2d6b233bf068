package risk

import "testing"

// An agent's own program comes as a fact (Agents.Programs), not from a
// list in risk: a hook that starts it with every permission check off is
// critical when the facts name it, and the same command of a program no
// agent declares is not judged as an agent's.
func TestAgentProgramsComeFromTheFacts(t *testing.T) {
	h := Hook{Agent: "claude", Event: "Stop", Command: `myagent --yolo -p "fix the failing tests"`}
	with := analyseIn(t, h, nil, Options{Agents: Agents{Programs: []string{"myagent"}}})
	if !hasCategory(with, SelfTampering, LevelCritical) {
		t.Errorf("myagent --yolo with myagent among the agents' programs: %+v, want a critical self-tampering finding", with.Findings)
	}
	without := analyseIn(t, h, nil, Options{})
	if hasCategory(without, SelfTampering, LevelCritical) {
		t.Errorf("myagent --yolo with no agent declaring myagent: %+v, want no agent finding", without.Findings)
	}
}
