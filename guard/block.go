package guard

import (
	"fmt"
	"sort"
	"strings"
)

// Item is one hook that needs review, as the guard reports it.
type Item struct {
	// Agent is the agent's display name ("Gemini CLI").
	Agent string `json:"agent"`
	// Status is the review state in the agent's words: new, changed,
	// script-changed, unreadable, ...
	Status string `json:"status"`
	// Label names the hook (its name or command) and Where its event and
	// matcher.
	Label string `json:"label"`
	Where string `json:"where,omitempty"`
	// Risk is the highest risk finding, when one is known.
	Risk string `json:"risk,omitempty"`
}

// maxItems bounds the block: the git hook prints a few lines, not a report.
const maxItems = 8

// Block renders the short text a git hook or `hookwarden exec` prints when
// something needs review: a headline, one line per hook (at most a few),
// and the command that opens the review. label escapes untrusted text for
// a terminal (hook names and commands come from the project).
func Block(project string, items []Item, reviewCmd string, label func(string) string) string {
	if len(items) == 0 {
		return ""
	}
	if label == nil {
		label = func(s string) string { return s }
	}
	sorted := append([]Item(nil), items...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Agent < sorted[j].Agent })
	agents := map[string]bool{}
	for _, it := range sorted {
		agents[it.Agent] = true
	}
	var b strings.Builder
	noun := "hook needs"
	if len(sorted) != 1 {
		noun = "hooks need"
	}
	fmt.Fprintf(&b, "hookwarden: %d agent %s review in %s before an agent runs them:\n", len(sorted), noun, label(project))
	for i, it := range sorted {
		if i == maxItems {
			fmt.Fprintf(&b, "  … and %d more\n", len(sorted)-maxItems)
			break
		}
		fmt.Fprintf(&b, "  %-14s %-15s %s", it.Agent, strings.ToUpper(it.Status), label(it.Label))
		if it.Where != "" {
			fmt.Fprintf(&b, "  (%s)", label(it.Where))
		}
		if it.Risk != "" {
			fmt.Fprintf(&b, "  risk: %s", label(it.Risk))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "  review: %s\n", reviewCmd)
	return b.String()
}
