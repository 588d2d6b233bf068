package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
)

// selects says whether a selector of `trust` names the reviewed hook: by
// hook ID, key (or a prefix of at least 8 characters), name, label or
// command (spaces between words not counted) — every way an agent's
// Approve picks hooks.
func selects(h agents.HookReview, sel string) bool {
	k := h.Key
	return sel == h.HookID || sel == k || len(sel) >= 8 && strings.HasPrefix(k, sel) ||
		sel == h.Name || sel == h.Label || sel == h.HookReview.Label || sel == h.RawCommand ||
		h.Command != "" && strings.Join(strings.Fields(sel), " ") == strings.Join(strings.Fields(h.Command), " ")
}

// pinSelectors makes each selector of `trust` name what the user looked
// at: one that selects hooks needing review under more than one approval
// (the same name, label or command in several files or events) refuses,
// writing nothing, with those hooks listed on w and the key that picks
// each (allNamed approves them all instead); one that selects hooks of one
// approval is handed to the agent as their hook IDs, so that the agent's
// own matching cannot take in more. A selector that names no reviewed
// hook goes to the agent as it is (a trust key; the agent says when it
// names nothing).
func pinSelectors(w io.Writer, r *agents.Review, sels []string, allNamed bool) ([]string, error) {
	if allNamed || r == nil {
		return sels, nil
	}
	var out, refused []string
	for _, sel := range sels {
		var picked []agents.HookReview
		keys := map[string]bool{}
		for _, h := range r.Hooks {
			if h.NeedsReview() && selects(h, sel) {
				picked = append(picked, h)
				keys[h.Key] = true
			}
		}
		ids := make([]string, 0, len(picked))
		for _, h := range picked {
			ids = append(ids, h.HookID)
			if h.HookID == "" {
				ids = nil
				break
			}
		}
		switch {
		case len(keys) > 1:
			refused = append(refused, sel)
			printf(w, "%q names %d hooks that need review, each approved on its own:\n", sel, len(picked))
			for _, h := range picked {
				where := h.File
				if h.Line > 0 {
					where = fmt.Sprintf("%s:%d", h.File, h.Line)
				}
				ev := h.Event
				if h.Matcher != "" {
					ev += " [" + h.Matcher + "]"
				}
				cmd := h.RawCommand
				if cmd == "" {
					cmd = h.Command
				}
				if cmd == "" {
					cmd = h.Label
				}
				printf(w, "  %s  %s  %s\n    key %s\n", where, ev, cmd, h.Key)
			}
		case len(ids) > 0:
			out = append(out, ids...)
		default:
			out = append(out, sel)
		}
	}
	if len(refused) > 0 {
		return nil, usagef("nothing approved: %s selects more than one hook; name the one you reviewed by its key (listed above), or approve every hook it selects with --all-named", strings.Join(refused, ", "))
	}
	return out, nil
}
