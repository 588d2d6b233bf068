package agents

import "strings"

// Registry is the list of agents Hookwarden knows, in the order the faces
// show them; the first is the default. Build it once (agents/all) and pass
// it down: there is no global registry.
type Registry struct {
	agents []Agent
	// importers are log importers for agents not registered (yet).
	importers []LogImporter
}

// NewRegistry returns a registry of the agents, in order. Two agents with
// the same name are a programming error and panic.
func NewRegistry(agents ...Agent) *Registry {
	seen := map[string]bool{}
	for _, a := range agents {
		name := a.Info().Name
		if name == "" || seen[name] || name == "all" {
			panic("agents: bad or duplicate agent name " + `"` + name + `"`)
		}
		seen[name] = true
	}
	return &Registry{agents: append([]Agent(nil), agents...)}
}

// All returns the agents in order (a copy).
func (r *Registry) All() []Agent { return append([]Agent(nil), r.agents...) }

// Default is the first agent.
func (r *Registry) Default() Agent { return r.agents[0] }

// Get returns the agent of a name (its Info().Name).
func (r *Registry) Get(name string) (Agent, bool) {
	for _, a := range r.agents {
		if a.Info().Name == name {
			return a, true
		}
	}
	return nil, false
}

// ByTitle returns the agent of a title (its Info().Title).
func (r *Registry) ByTitle(title string) (Agent, bool) {
	for _, a := range r.agents {
		if a.Info().Title == title {
			return a, true
		}
	}
	return nil, false
}

// Names are the agents' names, in order.
func (r *Registry) Names() []string {
	names := make([]string, len(r.agents))
	for i, a := range r.agents {
		names[i] = a.Info().Name
	}
	return names
}

// NameList is the names joined for a usage text: "gemini, claude or codex".
func (r *Registry) NameList(last string) string {
	names := r.Names()
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + last + " " + names[len(names)-1]
}
