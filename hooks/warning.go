package hooks

// Warning is something about a run that would surprise the hook's author,
// in plain words.
type Warning struct {
	// Code identifies the kind of warning (stable, for tests and the UI).
	Code string `json:"code"`
	// Hook is the display name of the hook concerned, "" for the event.
	Hook string `json:"hook,omitempty"`
	// Index is the hook's position in the plan, -1 for the event.
	Index   int    `json:"index"`
	Message string `json:"message"`
}

// Warning codes.
const (
	WarnTextBeforeJSON     = "text-before-json"
	WarnNoOutputNoBlock    = "exit-code-without-output"
	WarnExit1NeverBlocks   = "exit-1-never-blocks"
	WarnJSONBeatsExitCode  = "json-beats-exit-code"
	WarnStderrJSONIgnored  = "stderr-json-ignored"
	WarnStderrUsed         = "stderr-used"
	WarnTimedOut           = "timed-out"
	WarnNonObjectJSON      = "non-object-json"
	WarnArrayOutput        = "array-output"
	WarnSuppressNotHiding  = "suppress-output-keeps-system-message"
	WarnUnknownDecision    = "unknown-decision"
	WarnAskIgnored         = "ask-ignored"
	WarnKilledBySignal     = "killed-by-signal"
	WarnCommandNotFound    = "command-not-found-blocks"
	WarnTruncated          = "output-truncated"
	WarnPipesHeld          = "pipes-held"
	WarnEventIgnores       = "event-ignores-field"
	WarnFailedNotChained   = "failed-output-not-chained"
	WarnAskOverridden      = "ask-overridden"
	WarnDecisionReplaced   = "decision-replaced"
	WarnAborted            = "aborted"
	WarnContinueNoDecision = "continue-false-ignored"
)
