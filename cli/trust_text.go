package cli

import (
	"io"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
)

// The text of trust and untrust, one layout for every agent: the agents
// say what they wrote (agents.Written), the notes and the repair's
// backup; the face lays it out, as audit_text.go does for the audit.

// writeApproval says what an approval wrote: every store with what went
// into it (the keys new there, one a line, each with a warning when it
// holds what a terminal hides), keys that did not read back, the notes,
// and why nothing was approved when nothing was.
func writeApproval(w io.Writer, res *agents.ApproveResult) error {
	p := &auditPrinter{w: w}
	for _, wr := range res.Written {
		writeWritten(p, "approved", wr)
	}
	for _, n := range res.Notes {
		p.f("%s\n", n)
	}
	if res.Nothing != "" {
		p.f("nothing to approve: %s\n", res.Nothing)
	}
	return p.err
}

// writeRevocation says what a revocation took out of which store, and
// its notes.
func writeRevocation(w io.Writer, res *agents.RevokeResult) error {
	p := &auditPrinter{w: w}
	for _, wr := range res.Written {
		writeWritten(p, "revoked", wr)
	}
	for _, n := range res.Notes {
		p.f("%s\n", n)
	}
	return p.err
}

// writeRepair says what a repair of an agent's own trust store did: left
// alone, or backed up and rewritten with what could be salvaged.
func writeRepair(w io.Writer, res *agents.ApproveResult) error {
	p := &auditPrinter{w: w}
	if res.Backup == "" {
		p.f("%s is fine; nothing to repair\n", res.Store)
	} else {
		p.f("backed up %s to %s and rewrote it with %d project entries salvaged\n", res.Store, res.Backup, res.Salvaged)
	}
	return p.err
}

// writeWritten is one store's line ("approved 2 hook key(s) for DIR in
// FILE (1 new) (recorded in FILE)") and the keys under it.
func writeWritten(p *auditPrinter, verb string, wr agents.Written) {
	var b strings.Builder
	args := []any{verb, wr.Count, wr.What}
	b.WriteString("%s %d %s(s)")
	if wr.For != "" {
		b.WriteString(" for %s")
		args = append(args, wr.For)
	}
	switch {
	case wr.Removed != "" && wr.Store != "":
		b.WriteString(": %s removed from %s")
		args = append(args, wr.Removed, wr.Store)
	case wr.Store != "":
		b.WriteString(" in %s")
		args = append(args, wr.Store)
	}
	if wr.New {
		b.WriteString(" (%d new)")
		args = append(args, len(wr.Keys))
	}
	if wr.Also != "" {
		b.WriteString(" (recorded in %s)")
		args = append(args, wr.Also)
	}
	p.f(b.String()+"\n", args...)
	mark := "+"
	if verb == "revoked" {
		mark = "-"
	}
	for _, k := range wr.Keys {
		p.f("  %s %s\n", mark, k)
		if warn := hiddenWarning(k); warn != "" {
			p.f("    WARNING %s\n", warn)
		}
	}
	for _, k := range wr.Lost {
		p.f("LOST: %s did not read back from %s: not approved\n", k, wr.Store)
	}
}
