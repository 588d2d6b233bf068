package claudeschema

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Findings are the diagnostics of files and entries: a broken file (what
// the agent does with it: describe), an invalid entry, each entry's own.
func Findings(files []*settingsio.File, describe func(*settingsio.File) string, hs []*hooks.Hook) []hooks.Diagnostic {
	var out []hooks.Diagnostic
	for _, f := range files {
		if f.Err != nil {
			out = append(out, hooks.Diagnostic{File: f.Path, Line: f.Err.Line, Column: f.Err.Column, Severity: hooks.SeverityError, Message: describe(f)})
		}
	}
	for _, h := range hs {
		if h.Status == hooks.StatusInvalid {
			out = append(out, hooks.Diagnostic{File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column, Severity: hooks.SeverityWarning, Message: h.Reason, HookID: h.ID})
		}
		out = append(out, h.Diagnostics...)
	}
	return out
}

// Unreadable are the broken files as the contract lists them.
func Unreadable(files []*settingsio.File, describe func(*settingsio.File) string) []settingsio.FileError {
	var out []settingsio.FileError
	for _, f := range files {
		if f.Err != nil {
			out = append(out, settingsio.FileError{Layer: f.Layer, Path: f.Path, Line: f.Err.Line, Column: f.Err.Column, Message: describe(f)})
		}
	}
	return out
}

// Bool is the boolean at keys below n (nil when absent or not a boolean).
func Bool(n *settingsio.Node, keys ...string) *settingsio.Node {
	for _, k := range keys {
		n = n.Get(k)
	}
	if n.Is(settingsio.Bool) {
		return n
	}
	return nil
}

// Finish fills a dry run's result from its gate and runs: the notes and
// exit message of the hooks held back, what the later hooks of a sequence
// did not see of an earlier sandboxed one, the summary, the verdict when no
// hook was planned or run, the document.
func Finish(res *agents.RunResult, agent, title string, label func(*hooks.Hook) string) {
	res.NoteHeld(agent, title, label, "", len(res.Hooks))
	res.NoteSandboxedSequence()
	if len(res.Gate.Planned) > 0 && len(res.Hooks) > 0 {
		res.Summary = fmt.Sprintf("%d hook(s) ran %s in %s", len(res.Hooks), map[bool]string{true: "one after another", false: "in parallel"}[res.Sequential],
			agents.Milliseconds(res.Duration))
	}
	res.SetDocument(agent, title)
}

// ChainToolInput is in with an answer's hookSpecificOutput.tool_input
// merged into its tool_input: what the next hook of a sequential chain
// gets in agents that pass it on.
func ChainToolInput(in *hooks.Object, stdout string) *hooks.Object {
	v, err := hooks.ParseJSON(strings.TrimSpace(stdout))
	obj, _ := v.(*hooks.Object)
	ti, _ := in.Value("tool_input").(*hooks.Object)
	if err != nil || obj == nil || ti == nil {
		return in
	}
	sp, _ := obj.Value("hookSpecificOutput").(*hooks.Object)
	if sp == nil {
		return in
	}
	next, _ := sp.Value("tool_input").(*hooks.Object)
	if next == nil {
		return in
	}
	ti, in = ti.Clone(), in.Clone()
	for _, k := range next.Keys() {
		ti.Set(k, next.Value(k))
	}
	in.Set("tool_input", ti)
	return in
}
