package guard

import (
	"fmt"
	"sort"
	"strings"

	"github.com/hookwarden/hookwarden/risk/vocab"
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
	// Level is how serious the item is: the hook's risk level, at least
	// review for what could not be read or checked. Block sorts by it and
	// never hides an item of review level or above.
	Level vocab.Level `json:"level"`
	// Warning: not a hook but a problem with the guard itself (git no
	// longer runs it). Block prints it as a warning above the list, and it
	// is never hidden.
	Warning bool `json:"warning,omitempty"`
	// Unprompted: the item says only that the agent runs the project's
	// hooks without asking (hooks.Diagnostic.Unprompted).
	Unprompted bool `json:"-"`
}

// maxItems bounds the block: the git hook prints a few lines, not a report.
// Items of review level or above are always shown, beyond this bound too.
const maxItems = 8

// Severity is how serious the item is: its Level, raised by what its Risk
// and Status say (a caller that set only "critical: …" as the Risk, or the
// status unreadable, is not taken for harmless), and always critical for a
// warning about the guard itself.
func (it Item) Severity() vocab.Level {
	l := it.Level
	raise := func(to vocab.Level) {
		if to > l {
			l = to
		}
	}
	if it.Warning {
		raise(vocab.LevelCritical)
	}
	if name, _, ok := strings.Cut(it.Risk, ":"); ok {
		if parsed, err := vocab.ParseLevel(strings.TrimSpace(name)); err == nil {
			raise(parsed)
		}
	} else if it.Risk != "" {
		raise(vocab.LevelReview)
	}
	switch strings.ToLower(it.Status) {
	case "critical":
		raise(vocab.LevelCritical)
	case "unreadable", "trust file", "guard off":
		raise(vocab.LevelReview)
	}
	return l
}

// Sort orders items by severity, the most serious first, and keeps the
// order among items of the same level (the agents' registry order).
func Sort(items []Item) []Item {
	sorted := append([]Item(nil), items...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Severity() > sorted[j].Severity() })
	return sorted
}

// Shown splits items into what a short list shows and what it counts
// only: the most serious first (Sort), every item of review level or above
// shown whatever the bound, then the rest up to max lines.
func Shown(items []Item, max int) (shown, hidden []Item) {
	sorted := Sort(items)
	for i, it := range sorted {
		if i >= max && it.Severity() < vocab.LevelReview {
			return sorted[:i], sorted[i:]
		}
	}
	return sorted, nil
}

// Worst is the highest level among items.
func Worst(items []Item) vocab.Level {
	w := vocab.LevelNone
	for _, it := range items {
		if l := it.Severity(); l > w {
			w = l
		}
	}
	return w
}

// MoreLine is the line that counts the hidden items and names the worst
// level among them: "… and 3 more, worst: none". It is empty when nothing
// is hidden.
func MoreLine(hidden []Item) string {
	if len(hidden) == 0 {
		return ""
	}
	return fmt.Sprintf("… and %d more, worst: %s", len(hidden), Worst(hidden))
}

// Block renders the short text a git hook or `hookwarden exec` prints when
// something needs review: a headline, one line per hook (the most serious
// first; a long list of harmless ones is shortened, never one that is
// critical or needs review for a risk or an unreadable file), and the
// command that opens the review. label escapes untrusted text for a
// terminal (hook names and commands come from the project).
func Block(project string, items []Item, reviewCmd string, label func(string) string) string {
	if len(items) == 0 {
		return ""
	}
	if label == nil {
		label = func(s string) string { return s }
	}
	var b strings.Builder
	var hooks []Item
	for _, it := range items {
		if it.Warning {
			fmt.Fprintf(&b, "hookwarden: WARNING: %s\n", label(it.Label))
		} else {
			hooks = append(hooks, it)
		}
	}
	if len(hooks) == 0 {
		fmt.Fprintf(&b, "  review: %s\n", reviewCmd)
		return b.String()
	}
	noun := "hook needs"
	if len(hooks) != 1 {
		noun = "hooks need"
	}
	fmt.Fprintf(&b, "hookwarden: %d agent %s review in %s before an agent runs them", len(hooks), noun, label(project))
	if n := countLevel(hooks, vocab.LevelCritical); n > 0 {
		fmt.Fprintf(&b, " (%d critical)", n)
	}
	b.WriteString(":\n")
	writeItems(&b, hooks, reviewCmd, label)
	return b.String()
}

// UnwatchedBlock is Block for entries that are approved but partly
// unwatched (part of what they run cannot be watched), which exec refuses
// to start: its headline says so instead of "needs review".
func UnwatchedBlock(project string, items []Item, reviewCmd string, label func(string) string) string {
	if len(items) == 0 {
		return ""
	}
	if label == nil {
		label = func(s string) string { return s }
	}
	var b strings.Builder
	if len(items) == 1 {
		fmt.Fprintf(&b, "hookwarden: 1 approved entry in %s is partly unwatched: part of what it runs cannot be watched, so it is not started:\n", label(project))
	} else {
		fmt.Fprintf(&b, "hookwarden: %d approved entries in %s are partly unwatched: part of what they run cannot be watched, so they are not started:\n", len(items), label(project))
	}
	writeItems(&b, items, reviewCmd, label)
	return b.String()
}

// writeItems writes a block's lines: the items Shown, "… and N more",
// and the review command.
func writeItems(b *strings.Builder, hooks []Item, reviewCmd string, label func(string) string) {
	shown, hidden := Shown(hooks, maxItems)
	for _, it := range shown {
		fmt.Fprintf(b, "  %-14s %-15s %s", label(it.Agent), strings.ToUpper(label(it.Status)), label(it.Label))
		if it.Where != "" {
			fmt.Fprintf(b, "  (%s)", label(it.Where))
		}
		if it.Risk != "" {
			fmt.Fprintf(b, "  risk: %s", label(it.Risk))
		}
		b.WriteString("\n")
	}
	if more := MoreLine(hidden); more != "" {
		fmt.Fprintf(b, "  %s\n", more)
	}
	fmt.Fprintf(b, "  review: %s\n", reviewCmd)
}

func countLevel(items []Item, l vocab.Level) int {
	n := 0
	for _, it := range items {
		if it.Severity() == l {
			n++
		}
	}
	return n
}
