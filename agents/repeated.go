package agents

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// Repeated notes every member of a group of two or more (the same hook
// an agent runs more than once: it does not de-duplicate): note gets the
// member, where the others of its group are ("file:line:column, …", in
// the group's order) and the group's size. hook is a member's hook.
func Repeated[K comparable, T comparable](groups map[K][]T, hook func(T) *hooks.Hook, note func(t T, others string, n int)) {
	for _, group := range groups {
		if len(group) < 2 {
			continue
		}
		for _, t := range group {
			var others []string
			for _, o := range group {
				if o != t {
					at := hook(o).Origin
					others = append(others, fmt.Sprintf("%s:%d:%d", at.File, at.Line, at.Column))
				}
			}
			note(t, strings.Join(others, ", "), len(group))
		}
	}
}
