package ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/hooks"
)

// loadSample fills the payload editor with the sample input of the chosen
// event and tool or trigger, its base fields (session, transcript, cwd,
// timestamp) filled for the project.
func (v *dryRunView) loadSample() {
	p := v.project
	e := v.selectedEvent()
	if p != nil && p.Claude != nil {
		v.loadClaudeSample()
		return
	}
	if p == nil || !gemini.ValidEvent(e) {
		return
	}
	tool, trigger := v.contextValues()
	home := p.Registry.Snapshot.Paths.Home
	if home == "" {
		home = p.Home
	}
	in, err := gemini.SampleInput(gemini.SampleOptions{Event: e, Tool: tool, Trigger: trigger,
		ProjectDir: p.Registry.Snapshot.ProjectDir, Home: home, Now: time.Now()})
	text := ""
	if err == nil {
		text, err = indentJSON(hooks.AppendJSON(nil, in))
	}
	if err != nil {
		text = "{}"
		v.status.SetText("No sample input: " + shown(err.Error()))
	}
	v.payload.SetText(text)
	v.validatePayload()
	v.showPlanPreview()
}

// indentJSON lays out compact JSON two spaces per level, keeping the order
// of keys and the text of numbers and strings.
func indentJSON(compact []byte) (string, error) {
	var b bytes.Buffer
	if err := json.Indent(&b, compact, "", "  "); err != nil {
		return "", err
	}
	return b.String(), nil
}

// parsePayload reads the editor's text as Gemini CLI would read a hook
// input: JSON.parse, and it must be an object.
func parsePayload(text string) (*hooks.Object, error) {
	v, err := hooks.ParseJSON(text)
	if err != nil {
		return nil, placeJSONError(text, err)
	}
	o, ok := v.(*hooks.Object)
	if !ok {
		return nil, errors.New("the hook input must be a JSON object")
	}
	return o, nil
}

// placeJSONError gives a JSON syntax error its line and column.
func placeJSONError(text string, err error) error {
	var je *hooks.JSONError
	if !errors.As(err, &je) {
		return err
	}
	line, col := je.LineColumn(text)
	return fmt.Errorf("line %d, column %d: %s", line, col, je.Msg)
}

// validatePayload checks the editor's text as it is typed: the error (with
// line and column) shows under the editor and Run stays disabled while the
// text is not a JSON object.
func (v *dryRunView) validatePayload() {
	_, err := parsePayload(v.payload.Text)
	if err != nil {
		v.payloadError.SetText("Invalid hook input: " + shown(err.Error()))
		v.payloadError.Show()
	} else {
		v.payloadError.Hide()
	}
	v.updateRunButtons()
}

// updateRunButtons enables Run for a valid input while nothing runs, and
// Cancel while something does.
func (v *dryRunView) updateRunButtons() {
	_, err := parsePayload(v.payload.Text)
	if v.realButton != nil {
		if v.run != nil || err != nil || v.project == nil {
			v.realButton.Disable()
		} else {
			v.realButton.Enable()
		}
	}
	switch {
	case v.run != nil:
		v.runButton.Disable()
		v.runAnyway.Disable()
		v.cancelButton.Enable()
	case err != nil || v.project == nil:
		v.runButton.Disable()
		v.runAnyway.Disable()
		v.cancelButton.Disable()
	default:
		v.runButton.Enable()
		v.runAnyway.Enable()
		v.cancelButton.Disable()
	}
}
