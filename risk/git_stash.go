package risk

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// stashAppliedRe: the stash put back into the tree (git stash apply, pop).
var stashAppliedRe = lazyRe(`\bgit\s+stash\s+(?:apply|pop)\b`)

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
		return (len(rest) == 1 || len(rest) == 2 && rest[1].s == "--index") && stashMadeRe.MatchString(sh.src[:start])
	}
	if len(rest) > 0 && rest[0].s != "push" && rest[0].s != "save" && !strings.HasPrefix(rest[0].s, "-") {
		return false
	}
	after := sh.src[end:]
	if strings.Contains(after, "stash drop") || strings.Contains(after, "stash clear") {
		return false
	}
	return stashAppliedRe.MatchString(after)
}
