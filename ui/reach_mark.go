package ui

import (
	"strings"

	"github.com/hookwarden/hookwarden/agents"
)

// A hook of the user's own settings that runs code of the project (make,
// npm run, a program that loads ./.mytoolrc by itself) is marked in the
// rows that show it, in words: the agents' contract says which
// (agents.UserReachOf), the window's banner alone is not enough.

// reachBadge is the short mark of a user hook that reaches the project
// ("" for none): reviewed for this project, or never traced here.
func reachBadge(r agents.UserHookReach) string {
	switch {
	case r.Untraced != "":
		return "NOT TRACED HERE"
	case len(r.Reaches) > 0:
		return "RUNS PROJECT CODE"
	}
	return ""
}

// reachLine is what the row says of it, in one line.
func reachLine(r agents.UserHookReach) string {
	lines := r.Lines()
	if len(lines) == 0 {
		return ""
	}
	return "Your own hook: " + strings.Join(lines, "; ")
}

// reachWhere is the prefix of a review row's second line for such a hook.
func reachWhere(r agents.UserHookReach) string {
	switch {
	case r.Untraced != "":
		return "your own hook, not traced in this folder · "
	case len(r.Reaches) > 0:
		return "your own hook, runs project code · "
	}
	return ""
}
