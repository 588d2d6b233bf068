package ui

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// payloadEditor is the Dry run tab's hook input editor: the JSON the hooks
// get on stdin, checked as it is typed, and "Sample" to start again from
// the agent's sample payload (agents.DryRunner.SamplePayload).
type payloadEditor struct {
	payload      *shortcutEntry
	payloadError *widget.Label
	resetButton  *keyButton
}

// newPayloadEditor calls changed as the text changes and reset on
// "Sample".
func newPayloadEditor(changed, reset func()) *payloadEditor {
	e := &payloadEditor{
		payload:      newPayloadEntry(),
		payloadError: &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance},
	}
	e.payload.OnChanged = func(string) { changed() }
	e.resetButton = newButton("Sample", theme.ViewRefreshIcon(), widget.MediumImportance, reset)
	e.payloadError.Hide()
	return e
}

// validate shows the text's JSON error (with line and column) under the
// editor while it is not a JSON object.
func (e *payloadEditor) validate() {
	if _, err := parsePayload(e.payload.Text); err != nil {
		e.payloadError.SetText("Invalid hook input: " + shown(err.Error()))
		e.payloadError.Show()
	} else {
		e.payloadError.Hide()
	}
}

// loadSample fills the payload editor with the agent's sample input of the
// chosen event and tool or value, its base fields (session, transcript,
// cwd, timestamp) filled for the project.
func (v *dryRunView) loadSample() {
	e := v.selectedEvent()
	if v.agent == nil || e == "" {
		return
	}
	tool, trigger := v.contextValues()
	data, err := v.agent.SamplePayload(e, agents.Query{Tool: tool, Trigger: trigger})
	text := ""
	if err == nil {
		text, err = indentJSON(data)
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

// parsePayload reads the editor's text as the agents read a hook input:
// JSON, and it must be an object.
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
