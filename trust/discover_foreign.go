package trust

import (
	"path/filepath"

	"mvdan.cc/sh/v3/syntax"
)

// foreignRunner sees through a program Hookwarden does not know that is
// handed a command after "--" (devbox run -- sh -c '…', op run -- node
// x.js, doppler run -- python3 x.py, aws-vault exec p -- bash x.sh): the
// command is followed as one, and the hook is incomplete for what the
// program itself does before it (an environment of its own, init hooks,
// secrets it injects). Only a command that starts with a shell, an
// interpreter or a wrapper counts: "git diff -- path" hands a path, not
// a command.
func (d *discoverer) foreignRunner(st *syntax.Stmt, name string, args []cmdWord, sc *scope) ([]cmdWord, bool) {
	for i, a := range args {
		if !a.v.ok || a.v.text != "--" {
			continue
		}
		if i+1 >= len(args) || !args[i+1].v.ok {
			return nil, false
		}
		next := filepath.Base(args[i+1].v.text)
		_, interp := interpreterFor(next)
		_, wrap := wrappers[next]
		_, runner := runners[next]
		if !interp && !wrap && !runner {
			return nil, false
		}
		d.incomplete(sc, st, ReasonPrograms, name+" runs the command after -- in a way of its own (its environment, what it starts first), which Hookwarden does not read")
		return args[i+1:], true
	}
	return nil, false
}
