package sandbox

// EnforceRules are the approvals that `exec --enforce` holds the agent's
// hooks to.
type EnforceRules interface {
	// Root says whether a program the agent starts with argv (as passed
	// to execve) is a hook's first process: the hook's key.
	Root(argv []string) (key string, ok bool)
	// Approved is what the approval of hook key holds for the file real
	// (absolute, no link in it): the sha256 sums (hex) of its approved
	// contents, or any: every content is the hook's (a file it makes
	// itself, git's own data). None and not any: not covered.
	Approved(key, real string) (sums []string, any bool)
}

// UnknownHook is the key of a process whose hook cannot be told (its
// parent ended before the listener saw it, and its session or process
// group is shared with the agent's): it is held to no approval.
const UnknownHook = "\x00unknown"

// Refusal is one call refused.
type Refusal struct {
	Hook string // EnforceRules key, or UnknownHook
	Pid  int
	Path string // the file refused (real path)
	Exec bool   // a program start (else an open)
	Why  string
}

// EnforceConfig configures Enforce.
type EnforceConfig struct {
	Rules EnforceRules
	// Roots are the folders whose files are enforced (real paths).
	Roots []string
	// OnRefuse is told of each refused call, from the listener.
	OnRefuse func(Refusal)
}
