package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/guard"
	"github.com/hookwarden/hookwarden/internal/safetext"
	"github.com/hookwarden/hookwarden/trust"
)

// unwatchedNote is the line list prints under an approved hook whose
// discovery is incomplete ("" for any other).
func unwatchedNote(states map[string]agents.HookReview, id string) string {
	h, ok := states[id]
	if !ok || !h.Unwatched() {
		return ""
	}
	return fmt.Sprintf("%s: %d part(s) Hookwarden cannot watch (hookwarden audit lists them)", trust.PartlyUnwatchedLabel, len(h.Unresolved))
}

// unwatchedHooks counts the hooks of a review that are approved but
// partly unwatched.
func unwatchedHooks(r *agents.Review) int {
	n := 0
	for _, h := range r.Hooks {
		if h.Unwatched() {
			n++
		}
	}
	return n
}

// unwatchedItems are the approved but partly unwatched hooks of one
// agent's review, for exec, which refuses them.
func unwatchedItems(agent string, r *agents.Review) []guard.Item {
	var items []guard.Item
	for _, h := range r.Hooks {
		if !h.Unwatched() {
			continue
		}
		var why []string
		for _, u := range h.Unresolved {
			why = append(why, u.String())
		}
		items = append(items, guard.Item{Agent: agent, Status: trust.PartlyUnwatchedLabel, Label: h.HookReview.Label,
			Where: eventWhere(h.Event, h.Matcher), Risk: "cannot watch: " + strings.Join(why, "; ")})
	}
	return items
}

// unwatchedRefusal prints an approval refused for unwatched code (each
// hook and each part it cannot watch on a line of its own, escaped) and
// returns the command's error; any other error is returned as it is.
func unwatchedRefusal(io *IO, err error) error {
	var uw *agents.UnwatchedApproval
	if !errors.As(err, &uw) {
		return err
	}
	fmt.Fprintln(io.Stderr, "Part of what these hooks run cannot be watched by Hookwarden, so a later change there would go unnoticed:")
	for _, h := range uw.Hooks {
		fmt.Fprintf(io.Stderr, "  %s\n", safetext.Line(h.Label))
		for _, r := range h.Reasons {
			fmt.Fprintf(io.Stderr, "    - %s\n", safetext.Line(r.String()))
		}
	}
	return &ExitError{Code: ExitFailure, Msg: "nothing was approved; to approve them as partly unwatched, run trust again with --accept-unwatched"}
}

// unwatchedMembers adds, for an approved but partly unwatched hook, its
// trust status and what cannot be watched to its list --json object (other
// hooks' objects stay as they are).
func unwatchedMembers(doc agents.Document, states map[string]agents.HookReview, id string) agents.Document {
	h, ok := states[id]
	if !ok || !h.Unwatched() {
		return doc
	}
	return append(doc, agents.Member("trust_status", h.Status), agents.Member("unwatched", h.Unresolved))
}

// unwatchedNotice says, after a git command changed the work tree, which
// approved hooks run code Hookwarden cannot watch and which files the
// command changed that they may reach ("" when it changed none): such a
// hook does not need review (audit --strict lists it), but what it reaches
// is not fingerprinted, so a pull that changes it must not pass unsaid.
func unwatchedNotice(ctx context.Context, repo *guard.Repo, gitHook string, hooks []guard.Item) string {
	files := guard.ChangedFiles(ctx, repo, gitHook, 9)
	if len(files) == 0 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "hookwarden guard: %d approved hook(s) in %s run code Hookwarden cannot watch (%s); this git command changed files they may reach:\n",
		len(hooks), safetext.Line(repo.Top), trust.PartlyUnwatchedLabel)
	for i, f := range files {
		if i == 8 {
			b.WriteString("  … and more\n")
			break
		}
		fmt.Fprintf(&b, "  %s\n", safetext.Line(f))
	}
	for _, h := range hooks {
		fmt.Fprintf(&b, "  hook: %s (%s)\n", safetext.Line(h.Label), safetext.Line(h.Agent))
	}
	b.WriteString("  what they reach there is not fingerprinted: read the change before starting the agent (hookwarden audit --strict lists them)\n")
	return b.String()
}
