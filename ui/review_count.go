package ui

import (
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// needingReviewWhat says what needs review in r, by kind: "2 Claude Code
// handlers and 1 MCP server", with hookNoun what the agent calls one of
// its hooks; many is whether the verb after it is plural. It is "" when
// nothing needs review.
func needingReviewWhat(r *agents.Review, kinds map[string]hooks.Kind, hookNoun string) (what string, many bool) {
	order := []hooks.Kind{hooks.KindHook, hooks.KindMCPServer, hooks.KindHelper, hooks.KindDiscovery}
	count := map[hooks.Kind]int{}
	total := 0
	for _, h := range r.Hooks {
		if !h.NeedsReview() {
			continue
		}
		k := reviewKind(h, kinds)
		if _, known := count[k]; !known && !slices.Contains(order, k) {
			order = append(order, k)
		}
		count[k]++
		total++
	}
	var parts []string
	for _, k := range order {
		if n := count[k]; n > 0 {
			noun := k.Title()
			if k == hooks.KindHook {
				noun = hookNoun
			}
			parts = append(parts, plural(n, noun))
		}
	}
	switch len(parts) {
	case 0:
		return "", false
	case 1:
		return parts[0], total > 1
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1], true
}

// reviewKind is the kind of the entry a review is of: the project's
// entry of the same ID, else the kind its event names (the shared
// command review's "<kind> <name>"), else a hook.
func reviewKind(h agents.HookReview, kinds map[string]hooks.Kind) hooks.Kind {
	if k, ok := kinds[h.HookID]; ok {
		return k
	}
	first, _, _ := strings.Cut(h.Event, " ")
	for _, k := range []hooks.Kind{hooks.KindMCPServer, hooks.KindHelper, hooks.KindDiscovery} {
		if first == string(k) {
			return k
		}
	}
	return hooks.KindHook
}

// entryKinds are the kinds of p's entries by ID (nil when p was not read).
func entryKinds(p *project) map[string]hooks.Kind {
	if p.proj == nil {
		return nil
	}
	out := map[string]hooks.Kind{}
	for _, h := range p.proj.Hooks() {
		out[h.ID] = h.Kind
	}
	return out
}
