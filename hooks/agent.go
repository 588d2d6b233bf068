package hooks

// Agent names the coding agent a hook belongs to.
type Agent string

// Every hook carries its agent: each agent's package names itself (e.g.
// claude.Name) and sets it on every hook it makes; "" is no agent.
