package codex

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// runStatus is Codex's own word for a finished hook run, as it prints it
// ("hook: PreToolUse Blocked") and reports it in HookRunStatus.
type runStatus string

// Hook run statuses.
const (
	runCompleted runStatus = "Completed"
	runBlocked   runStatus = "Blocked"
	runFailed    runStatus = "Failed"
	runStopped   runStatus = "Stopped"
	// runSkipped is Hookwarden's word: the handler was not started (a
	// handler type Codex does not run, or the gate refused it).
	runSkipped runStatus = "Skipped"
)

// entryKind is the kind of a line Codex records for a hook run
// (HookOutputEntryKind).
type entryKind string

// Entry kinds.
const (
	entryContext  entryKind = "context"
	entryFeedback entryKind = "feedback"
	entryWarning  entryKind = "warning"
	entryError    entryKind = "error"
	entryStop     entryKind = "stop"
)

// entry is one line of a hook run's record.
type entry struct {
	Kind entryKind `json:"kind"`
	Text string    `json:"text"`
}

// processEnd is how a hook process ended, as Codex's command runner sees
// it: Error for a spawn failure or a timeout (then stdout and stderr are
// dropped), else the exit code (HasCode false: killed by a signal).
type processEnd struct {
	Error   string
	HasCode bool
	Code    int
	Stdout  string
	Stderr  string
}

// Permission decisions of PermissionRequest hooks.
const (
	permissionAllow = "allow"
	permissionDeny  = "deny"
)

// hookOutput is what Codex makes of one hook run (the handler data of
// codex-rs/hooks/src/events/<event>.rs parse_completed).
type hookOutput struct {
	Status  runStatus `json:"status"`
	Entries []entry   `json:"entries"`
	// Block: PreToolUse (the command does not run), PostToolUse (Reason
	// replaces the tool output), UserPromptSubmit (no model request),
	// Stop (Reason is the continuation prompt).
	Block  bool   `json:"block,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Stop is continue:false where the event honours it.
	Stop       bool   `json:"stop,omitempty"`
	StopReason string `json:"stopReason,omitempty"`
	// Contexts become developer messages for the model.
	Contexts []string `json:"contexts,omitempty"`
	// UpdatedInput is a PreToolUse allow's replacement tool input.
	UpdatedInput json.RawMessage `json:"updatedInput,omitempty"`
	// Permission is a PermissionRequest decision (PermissionAllow,
	// PermissionDeny, "" = none); PermissionMessage goes with a deny.
	Permission        string `json:"permission,omitempty"`
	PermissionMessage string `json:"permissionMessage,omitempty"`
	// Unsupported is set when Codex refused a field or value it parses
	// but does not support (ask, allow without updatedInput, approve,
	// continue:false on PreToolUse, ...): the hook Failed and had no effect.
	Unsupported bool `json:"unsupported,omitempty"`
	// InvalidJSON is set when output that looks like JSON did not parse
	// into the event's output type (unknown field, wrong type, ...).
	InvalidJSON bool `json:"invalidJSON,omitempty"`
	// WireError says why, for InvalidJSON.
	WireError string `json:"wireError,omitempty"`
}

func (h *hookOutput) add(kind entryKind, text string) {
	h.Entries = append(h.Entries, entry{Kind: kind, Text: text})
}

func (h *hookOutput) failed(text string) {
	h.Status = runFailed
	h.add(entryError, text)
}

func (h *hookOutput) context(text string) {
	h.add(entryContext, text)
	h.Contexts = append(h.Contexts, text)
}

func (h *hookOutput) invalid(label string, err error) {
	h.InvalidJSON = true
	if err != nil {
		h.WireError = err.Error()
	}
	h.failed("hook returned invalid " + label + " JSON output")
}

// trimmedNonEmpty is Codex's trimmed_non_empty (Rust's str::trim: Unicode
// white space).
func trimmedNonEmpty(s string) (string, bool) {
	t := strings.TrimSpace(s)
	return t, t != ""
}

// parseOutput interprets one finished hook run of event as Codex 0.171.0
// does (codex-rs/hooks/src/events/<event>.rs parse_completed, with the
// wire types of schema.rs; "observed" = checked with the kit's real Codex):
//
//   - a spawn error or a timeout: Failed, output dropped (observed);
//     killed by a signal: Failed ("hook exited without a status code").
//   - exit 0, blank stdout: Completed, no effect. A JSON object is read
//     strictly (see output_wire.go); output that starts with { or [ but is
//     not the event's JSON: Failed (observed). Other text: a developer
//     message for SessionStart and UserPromptSubmit (observed), Failed for
//     Stop, SubagentStop, SubagentStart and the stateless events (observed
//     for Stop), ignored elsewhere (observed for PreToolUse).
//   - exit 2: PreToolUse, PostToolUse, UserPromptSubmit, Stop, SubagentStop
//     and PermissionRequest block with the trimmed stderr (observed for all
//     but SubagentStop), or fail without it (observed for PreToolUse);
//     the other events fail.
//   - any other code: Failed, never a block (observed: exit 1).
//   - PreToolUse: deny + reason or decision:block + reason block;
//     allow + updatedInput rewrites; allow without updatedInput, ask,
//     approve, continue:false, stopReason, suppressOutput are unsupported:
//     Failed (observed); additionalContext is a developer message (observed).
//   - PostToolUse: decision:block + reason replaces the tool output
//     (observed); continue:false replaces it with reason or stopReason and
//     is Stopped, the turn goes on (observed); additionalContext (observed).
//   - UserPromptSubmit: block or continue:false: no model request
//     (observed for block); additionalContext (observed).
//   - SessionStart: additionalContext (observed); continue:false: Stopped,
//     no model request at all (observed). SubagentStart: additionalContext.
//   - Stop/SubagentStop: decision:block + reason continues the turn with
//     the reason as a prompt (observed); continue:false ends it.
//   - PermissionRequest: decision.behavior allow/deny (+message);
//     updatedInput, updatedPermissions, interrupt:true are unsupported.
//   - PreCompact/PostCompact: only continue:false (Stopped) counts.
//   - PreModelRequest, PostModelRequest, SessionEnd, Interrupt: nothing a
//     hook prints changes what Codex does (source: events/model.rs; the
//     last two assumed alike).
//
// systemMessage is recorded as a warning everywhere. Events Codex does not
// know parse like the stateless ones.
func parseOutput(event hooks.Event, end processEnd) hookOutput {
	out := hookOutput{Status: runCompleted}
	if end.Error != "" {
		out.failed(end.Error)
		return out
	}
	if !end.HasCode {
		out.failed("hook exited without a status code")
		return out
	}
	p, ok := eventParsers[event]
	if !ok {
		p = statelessParser(string(event))
	}
	if end.Code != 0 {
		p.exitCode(&out, end)
		return out
	}
	if strings.TrimSpace(end.Stdout) == "" {
		return out
	}
	if w, ok := parseWire(end.Stdout); ok {
		p.json(&out, w)
		return out
	}
	switch {
	case looksLikeJSON(end.Stdout) || p.plainTextFails:
		out.invalid(p.label, nil)
	case p.plainText:
		out.context(strings.TrimSpace(end.Stdout))
	}
	return out
}

// eventParser is one event's reading of a hook run.
type eventParser struct {
	// label names the event in "hook returned invalid <label> JSON output".
	label string
	// plainText: non-JSON stdout becomes context (SessionStart,
	// UserPromptSubmit); plainTextFails: it is an error (Stop,
	// SubagentStart, the stateless events); neither: it is ignored.
	plainText, plainTextFails bool
	json                      func(*hookOutput, *wireObject)
	exitCode                  func(*hookOutput, processEnd)
}

// exitCodeOnlyTwo is the tool/prompt/stop events' rule: exit 2 with
// stderr blocks (the trimmed stderr is the reason), exit 2 without stderr
// and every other code fail.
func exitCodeOnlyTwo(event, missing string) func(*hookOutput, processEnd) {
	return func(out *hookOutput, end processEnd) {
		if end.Code != 2 {
			out.failed(fmt.Sprintf("hook exited with code %d", end.Code))
			return
		}
		reason, ok := trimmedNonEmpty(end.Stderr)
		if !ok {
			out.failed(event + " hook exited with code 2 but did not write " + missing + " to stderr")
			return
		}
		out.Status, out.Block, out.Reason = runBlocked, true, reason
		if event == "PermissionRequest" {
			out.Permission, out.PermissionMessage = permissionDeny, reason
		}
		out.add(entryFeedback, reason)
	}
}

// exitCodeFails is the other events' rule: any non-zero code fails, with
// stderr as the error when there is one.
func exitCodeFails(withStderr bool) func(*hookOutput, processEnd) {
	return func(out *hookOutput, end processEnd) {
		msg := fmt.Sprintf("hook exited with code %d", end.Code)
		if s, ok := trimmedNonEmpty(end.Stderr); ok && withStderr {
			msg = s
		}
		out.failed(msg)
	}
}

var eventParsers = map[hooks.Event]eventParser{
	"PreToolUse": {label: "pre-tool-use", json: parsePreToolUse,
		exitCode: exitCodeOnlyTwo("PreToolUse", "a blocking reason")},
	"PermissionRequest": {label: "permission-request", json: parsePermissionRequest,
		exitCode: exitCodeOnlyTwo("PermissionRequest", "a denial reason")},
	"PostToolUse": {label: "post-tool-use", json: parsePostToolUse,
		exitCode: exitCodeOnlyTwo("PostToolUse", "feedback")},
	"UserPromptSubmit": {label: "user prompt submit", plainText: true, json: parseUserPromptSubmit,
		exitCode: exitCodeOnlyTwo("UserPromptSubmit", "a blocking reason")},
	"SessionStart": {label: "session start", plainText: true, json: parseSessionStart,
		exitCode: exitCodeFails(false)},
	"SubagentStart": {label: "subagent start", plainTextFails: true, json: parseSubagentStart,
		exitCode: exitCodeFails(false)},
	"Stop": {label: "stop hook", plainTextFails: true, json: stopParser("Stop"),
		exitCode: exitCodeOnlyTwo("Stop", "a continuation prompt")},
	"SubagentStop": {label: "subagent stop hook", plainTextFails: true, json: stopParser("SubagentStop"),
		exitCode: exitCodeOnlyTwo("SubagentStop", "a continuation prompt")},
	"PreCompact":  {label: "PreCompact hook", json: compactParser("PreCompact"), exitCode: exitCodeFails(true)},
	"PostCompact": {label: "PostCompact hook", json: compactParser("PostCompact"), exitCode: exitCodeFails(true)},
}

func init() {
	for _, e := range []string{"PreModelRequest", "PostModelRequest", "SessionEnd", "Interrupt"} {
		eventParsers[hooks.Event(e)] = statelessParser(e)
	}
}

// statelessParser reads the events whose output cannot change what Codex
// does (source: codex-rs/hooks/src/events/model.rs): only the universal
// fields, continue:false is unsupported, anything but a JSON object fails.
func statelessParser(event string) eventParser {
	return eventParser{label: event + " hook", plainTextFails: true, exitCode: exitCodeFails(true),
		json: func(out *hookOutput, w *wireObject) {
			u := w.universal()
			if err := w.done(); err != nil {
				out.invalid(event+" hook", err)
				return
			}
			systemMessage(out, u)
			if !u.Continue {
				out.Unsupported = true
				out.failed(event + " hook returned unsupported continue:false")
			}
		}}
}

func systemMessage(out *hookOutput, u universal) {
	if u.HasSystem {
		out.add(entryWarning, u.SystemMessage)
	}
}

func (out *hookOutput) unsupported(text string) {
	out.Unsupported = true
	out.failed(text)
}

func parsePreToolUse(out *hookOutput, w *wireObject) {
	u := w.universal()
	decision, hasDecision := w.enum("decision", "approve", "block")
	reason, hasReason := w.str("reason")
	s := w.specific()
	var perm, permReason, ctx string
	var hasPerm, hasPermReason, hasCtx bool
	var updated json.RawMessage
	if s != nil {
		perm, hasPerm = s.enum("permissionDecision", "allow", "deny", "ask")
		permReason, hasPermReason = s.str("permissionDecisionReason")
		updated = s.raw("updatedInput")
		ctx, hasCtx = s.str("additionalContext")
		w.child(s)
	}
	if err := w.done(); err != nil {
		out.invalid("pre-tool-use", err)
		return
	}
	systemMessage(out, u)
	specific := hasPerm || hasPermReason || updated != nil
	var invalid string
	switch {
	case !u.Continue:
		invalid = "PreToolUse hook returned unsupported continue:false"
	case u.HasStopReason:
		invalid = "PreToolUse hook returned unsupported stopReason"
	case u.SuppressOutput:
		invalid = "PreToolUse hook returned unsupported suppressOutput"
	case specific && updated != nil && perm != "allow":
		invalid = "PreToolUse hook returned updatedInput without permissionDecision:allow"
	case specific && perm == "allow" && updated == nil:
		invalid = "PreToolUse hook returned unsupported permissionDecision:allow"
	case specific && perm == "ask":
		invalid = "PreToolUse hook returned unsupported permissionDecision:ask"
	case specific && perm == "deny" && strings.TrimSpace(permReason) == "":
		invalid = "PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason"
	case specific && !hasPerm && hasPermReason:
		invalid = "PreToolUse hook returned permissionDecisionReason without permissionDecision"
	case !specific && hasDecision && decision == "approve":
		invalid = "PreToolUse hook returned unsupported decision:approve"
	case !specific && hasDecision && decision == "block" && strings.TrimSpace(reason) == "":
		invalid = "PreToolUse hook returned decision:block without a non-empty reason"
	case !specific && !hasDecision && hasReason:
		invalid = "PreToolUse hook returned reason without decision"
	}
	if invalid != "" {
		out.unsupported(invalid)
		return
	}
	if hasCtx {
		out.context(ctx)
	}
	block := ""
	if specific && perm == "deny" {
		block = strings.TrimSpace(permReason)
	} else if !specific && decision == "block" {
		block = strings.TrimSpace(reason)
	}
	if block != "" {
		out.Status, out.Block, out.Reason = runBlocked, true, block
		out.add(entryFeedback, block)
		return
	}
	if perm == "allow" {
		out.UpdatedInput = updated
	}
}

func parsePermissionRequest(out *hookOutput, w *wireObject) {
	u := w.universal()
	s := w.specific()
	var d *wireObject
	var behavior, message string
	var hasUpdated, hasPerms, interrupt bool
	if s != nil {
		d = s.object("decision")
		if d != nil {
			d.required("behavior")
			behavior, _ = d.enum("behavior", "allow", "deny")
			hasUpdated = d.raw("updatedInput") != nil
			hasPerms = d.raw("updatedPermissions") != nil
			message, _ = d.str("message")
			interrupt = d.boolean("interrupt", false)
			s.child(d)
		}
		w.child(s)
	}
	if err := w.done(); err != nil {
		out.invalid("permission-request", err)
		return
	}
	systemMessage(out, u)
	var invalid string
	switch {
	case !u.Continue:
		invalid = "PermissionRequest hook returned unsupported continue:false"
	case u.HasStopReason:
		invalid = "PermissionRequest hook returned unsupported stopReason"
	case u.SuppressOutput:
		invalid = "PermissionRequest hook returned unsupported suppressOutput"
	case hasUpdated:
		invalid = "PermissionRequest hook returned unsupported updatedInput"
	case hasPerms:
		invalid = "PermissionRequest hook returned unsupported updatedPermissions"
	case interrupt:
		invalid = "PermissionRequest hook returned unsupported interrupt:true"
	}
	if invalid != "" {
		out.unsupported(invalid)
		return
	}
	switch {
	case d == nil:
	case behavior == "allow":
		out.Permission = permissionAllow
	default:
		msg, ok := trimmedNonEmpty(message)
		if !ok {
			msg = "PermissionRequest hook denied approval"
		}
		out.Status, out.Permission, out.PermissionMessage = runBlocked, permissionDeny, msg
		out.Block, out.Reason = true, msg
		out.add(entryFeedback, msg)
	}
}

func parsePostToolUse(out *hookOutput, w *wireObject) {
	f, ok := readBlockFields(out, w, "post-tool-use", true, "updatedMCPToolOutput")
	if !ok {
		return
	}
	u, reason, hasReason, ctx, hasCtx := f.u, f.reason, f.hasReason, f.ctx, f.hasCtx
	decision := f.decision
	block := decision == "block"
	invalidBlock := ""
	if block && strings.TrimSpace(reason) == "" {
		invalidBlock = "PostToolUse hook returned decision:block without a non-empty reason"
	} else if !block && u.Continue && hasReason {
		invalidBlock = "PostToolUse hook returned reason without decision"
	}
	if !u.SuppressOutput && invalidBlock == "" && hasCtx {
		out.context(ctx)
	}
	switch {
	case !u.Continue:
		out.Status, out.Stop, out.StopReason = runStopped, true, u.StopReason
		stopText := u.StopReason
		if !u.HasStopReason {
			stopText = "PostToolUse hook stopped execution"
		}
		out.add(entryStop, stopText)
		feedback, ok := trimmedNonEmpty(reason)
		if !ok {
			feedback = stopText
		}
		out.Block, out.Reason = true, feedback
	case u.SuppressOutput:
		out.unsupported("PostToolUse hook returned unsupported suppressOutput")
	case invalidBlock != "":
		out.unsupported(invalidBlock)
	case block:
		out.Status, out.Block, out.Reason = runBlocked, true, reason
		out.add(entryFeedback, reason)
	}
}

func parseUserPromptSubmit(out *hookOutput, w *wireObject) {
	f, ok := readBlockFields(out, w, "user prompt submit", true)
	if !ok {
		return
	}
	u, reason, ctx, hasCtx, decision := f.u, f.reason, f.ctx, f.hasCtx, f.decision
	block := decision == "block"
	invalidBlock := block && strings.TrimSpace(reason) == ""
	if !invalidBlock && hasCtx {
		out.context(ctx)
	}
	switch {
	case !u.Continue:
		out.Status, out.Stop, out.StopReason = runStopped, true, u.StopReason
		if u.HasStopReason {
			out.add(entryStop, u.StopReason)
		}
	case invalidBlock:
		out.unsupported("UserPromptSubmit hook returned decision:block without a non-empty reason")
	case block:
		out.Status, out.Block, out.Reason = runBlocked, true, reason
		out.add(entryFeedback, reason)
	}
}

func parseSessionStart(out *hookOutput, w *wireObject) {
	if u, ok := parseContext(out, w, "session start"); ok && !u.Continue {
		out.Status, out.Stop, out.StopReason = runStopped, true, u.StopReason
		if u.HasStopReason {
			out.add(entryStop, u.StopReason)
		}
	}
}

// parseSubagentStart: SubagentStart honours only additionalContext.
func parseSubagentStart(out *hookOutput, w *wireObject) {
	parseContext(out, w, "subagent start")
}

// parseContext reads the output of an event whose only specific field is
// additionalContext; ok is false when it was invalid.
func parseContext(out *hookOutput, w *wireObject, label string) (universal, bool) {
	u := w.universal()
	s := w.specific()
	var ctx string
	var hasCtx bool
	if s != nil {
		ctx, hasCtx = s.str("additionalContext")
		w.child(s)
	}
	if err := w.done(); err != nil {
		out.invalid(label, err)
		return u, false
	}
	systemMessage(out, u)
	if hasCtx {
		out.context(ctx)
	}
	return u, true
}

func stopParser(event string) func(*hookOutput, *wireObject) {
	label := "stop hook"
	if event == "SubagentStop" {
		label = "subagent stop hook"
	}
	return func(out *hookOutput, w *wireObject) {
		f, valid := readBlockFields(out, w, label, false)
		if !valid {
			return
		}
		u, decision, reason := f.u, f.decision, f.reason
		trimmed, ok := trimmedNonEmpty(reason)
		switch {
		case !u.Continue:
			out.Status, out.Stop, out.StopReason = runStopped, true, u.StopReason
			if u.HasStopReason {
				out.add(entryStop, u.StopReason)
			}
		case decision == "block" && !ok:
			out.unsupported(event + " hook returned decision:block without a non-empty reason")
		case decision == "block":
			out.Status, out.Block, out.Reason = runBlocked, true, trimmed
			out.add(entryFeedback, trimmed)
		}
	}
}

func compactParser(event string) func(*hookOutput, *wireObject) {
	return func(out *hookOutput, w *wireObject) {
		u := w.universal()
		if err := w.done(); err != nil {
			out.invalid(event+" hook", err)
			return
		}
		systemMessage(out, u)
		if !u.Continue {
			out.Status, out.Stop, out.StopReason = runStopped, true, u.StopReason
			text := u.StopReason
			if !u.HasStopReason {
				text = event + " hook stopped execution"
			}
			out.add(entryStop, text)
		}
	}
}

// blockFields are the universal fields, decision (only "block"), reason
// and, where the event has them, hookSpecificOutput.additionalContext.
type blockFields struct {
	u                 universal
	decision, reason  string
	hasReason, hasCtx bool
	ctx               string
}

// readBlockFields reads them strictly (extra: further keys the event's
// hookSpecificOutput may hold) and records the system message; ok is
// false when the output was invalid.
func readBlockFields(out *hookOutput, w *wireObject, label string, specific bool, extra ...string) (blockFields, bool) {
	f := blockFields{u: w.universal()}
	f.decision, _ = w.enum("decision", "block")
	f.reason, f.hasReason = w.str("reason")
	if s := specificIf(w, specific); s != nil {
		f.ctx, f.hasCtx = s.str("additionalContext")
		for _, k := range extra {
			s.raw(k)
		}
		w.child(s)
	}
	if err := w.done(); err != nil {
		out.invalid(label, err)
		return f, false
	}
	systemMessage(out, f.u)
	return f, true
}

func specificIf(w *wireObject, ok bool) *wireObject {
	if !ok {
		return nil
	}
	return w.specific()
}
