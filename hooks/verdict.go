package hooks

import "strings"

// Verdict is what an agent does with an event's aggregated result, in
// words.
type Verdict struct {
	// Effect is one word: ALLOWED, BLOCKED, ASKS, STOPPED, CHANGED,
	// NOTHING (no output), IGNORED (the event ignores decisions) or
	// FAILED (the agent's own code throws on the outputs).
	Effect string `json:"effect"`
	// Headline is one line, e.g. "BeforeTool write_file: BLOCKED by
	// security-check — reason: rm is not allowed".
	Headline string `json:"headline"`
	// Details are further consequences, one per line.
	Details []string `json:"details"`
}

// Verdict effects.
const (
	EffectAllowed = "ALLOWED"
	EffectBlocked = "BLOCKED"
	EffectAsks    = "ASKS"
	EffectStopped = "STOPPED"
	EffectChanged = "CHANGED"
	EffectNothing = "NOTHING"
	EffectIgnored = "IGNORED"
	EffectFailed  = "FAILED"
)

// OneLine is s as a verdict quotes it: line breaks shown as " ⏎ ", cut to
// 300 characters with "…".
func OneLine(s string) string {
	s = strings.ReplaceAll(s, "\n", " ⏎ ")
	if r := []rune(s); len(r) > 300 {
		return string(r[:300]) + "…"
	}
	return s
}
