package testenv

import (
	_ "embed"
	"encoding/json"
	"slices"
)

// agentFactsJSON is the registered agents' facts (agents.Registry.Facts of
// agents/all), kept here for the tests of the shared packages, which
// agents/all imports and so cannot import back. agents/all's
// TestAgentFactsTestData fails when it differs from the registry's (and
// rewrites it with HOOKWARDEN_UPDATE_TESTDATA=1).
//
//go:embed testdata/agent_facts.json
var agentFactsJSON []byte

// AgentFacts are the agents' files and variables, as agents.Facts has them.
type AgentFacts struct {
	Config      []AgentFile `json:"config,omitempty"`
	Credentials []AgentFile `json:"credentials,omitempty"`
	HomeVars    []string    `json:"home_vars,omitempty"`
	ProjectVars []string    `json:"project_vars,omitempty"`
	BaseURLVars []string    `json:"base_url_vars,omitempty"`
	SecretVars  []string    `json:"secret_vars,omitempty"`
	EnvFileVars []string    `json:"env_file_vars,omitempty"`
	Programs    []string    `json:"programs,omitempty"`

	PermissionEvents []string `json:"permission_events,omitempty"`
	ContinueEvents   []string `json:"continue_events,omitempty"`
	ContextEvents    []string `json:"context_events,omitempty"`

	Outputs map[string]AgentOutput `json:"outputs,omitempty"`
}

// AgentOutput is one agent's own output facts (agents.Output).
type AgentOutput struct {
	Context       []string `json:"context,omitempty"`
	Rewrite       []string `json:"rewrite,omitempty"`
	AllowIgnored  []string `json:"allow_ignored,omitempty"`
	StderrAnswers []string `json:"stderr_answers,omitempty"`
}

// AgentFile is one of an agent's files (agents.File).
type AgentFile struct {
	Path string `json:"path"`
	Name string `json:"name,omitempty"`
	What string `json:"what"`
}

// Agents are the registered agents' facts, for a test of a package that
// must be handed them (risk, sandbox, trust).
func Agents() AgentFacts {
	var f AgentFacts
	if err := json.Unmarshal(agentFactsJSON, &f); err != nil {
		panic("testenv: testdata/agent_facts.json: " + err.Error())
	}
	return f
}

// Paths are the paths of fs.
func Paths(fs []AgentFile) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Path
	}
	return slices.Clip(out)
}
