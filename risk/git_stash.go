package risk

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// stashAppliedRe: the stash put back into the tree (git stash apply, pop).
// It must stand where a command starts (not in an echo's words), or
// start a trap's command (trap 'git stash pop' EXIT).
var stashAppliedRe = lazyRe(`(?m)(?:^|[;&|({]|\bthen\b|\bdo\b|\belse\b|\btrap\s+['"])\s*git\s+stash\s+(?:apply|pop)\b`)

// stashMadeRe: a stash made (git stash, git stash push/save).
var stashMadeRe = lazyRe(`\bgit\s+stash(?:\s+(?:push|save|-)|\s*(?:$|[;&|>)]))`)

// stashCheckpoint: git stash push (save, or bare git stash) whose stash
// the same text applies again later — a checkpoint of the work: it is kept
// in the stash list and put straight back into the tree. A stash left
// aside, dropped or cleared is not this.
func (sh *shell) stashCheckpoint(rest []field, n syntax.Node) bool {
	if n == nil {
		return false
	}
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start < 0 || start > end || end > len(sh.src) {
		return false
	}
	if len(rest) > 0 && (rest[0].s == "apply" || rest[0].s == "pop") {
		// the second half of the pair: a stash this text made before
		for _, r := range rest[1:] {
			if r.s != "--index" && r.s != "-q" && r.s != "--quiet" && r.s != "stash@{0}" && r.s != "0" {
				return false // a stash it names (stash@{3}): not the one made here
			}
		}
		return sh.a.stashMade || stashMadeRe.MatchString(sh.src[:start])
	}
	if len(rest) > 0 && rest[0].s != "push" && rest[0].s != "save" && !strings.HasPrefix(rest[0].s, "-") {
		return false
	}
	sh.a.stashMade = true
	if sh.at != nil && sh.a.codeStashBack {
		// a command line of a code file that puts the stash back later
		return true
	}
	after := sh.src[end:]
	if strings.Contains(after, "stash drop") || strings.Contains(after, "stash clear") || strings.Contains(after, "refs/stash") || strings.Contains(after, "reflog") {
		return false
	}
	for _, m := range stashAppliedRe.FindAllStringIndex(after, -1) {
		line := after[:m[0]]
		if i := strings.LastIndexByte(line, '\n'); i >= 0 {
			line = line[i+1:]
		}
		if strings.Count(line, "'")%2 == 0 && strings.Count(line, `"`)%2 == 0 {
			return true // not inside a quoted string of its line (a trap's command starts the match)
		}
	}
	return false
}
