package gemini

import (
	"github.com/hookwarden/hookwarden/hooks"
)

// Output formats of a hook result.
const (
	formatJSON = "json"
	formatText = "text"
)

// parsedOutput is what HookRunner makes of a finished hook's streams.
type parsedOutput struct {
	// Output is the hook's output object (*Object, or []Value for a JSON
	// array), nil when there is none.
	Output hooks.Value
	// Format is FormatJSON, FormatText or "" (no output).
	Format string
	// Text is the trimmed text that was parsed, FromStderr says it came
	// from stderr because trimmed stdout was empty.
	Text       string
	FromStderr bool
	// NonObject is the JSON value that parsed but was not an object
	// (number, boolean, null or a string holding one); Gemini drops it.
	NonObject    hooks.Value
	HasNonObject bool
	// DoubleEncoded says the JSON was a string holding the JSON.
	DoubleEncoded bool
}

// parseHookOutput follows HookRunner's close handler: the trimmed stdout,
// or the trimmed stderr when stdout is blank, is parsed as JSON (a JSON
// string is parsed once more); an object or array is the output; any other
// JSON value gives no output; text that does not parse is converted by exit
// code (code is exitCode || 0).
func parseHookOutput(stdout, stderr string, code int) parsedOutput {
	var p parsedOutput
	p.Text = hooks.JSTrim(stdout)
	if p.Text == "" {
		p.Text = hooks.JSTrim(stderr)
		p.FromStderr = p.Text != ""
	}
	if p.Text == "" {
		return p
	}
	v, err := hooks.ParseJSON(p.Text)
	if err == nil {
		if s, ok := v.(string); ok {
			p.DoubleEncoded = true
			v, err = hooks.ParseJSON(s)
		}
	}
	if err != nil {
		p.Output, p.Format = plainTextOutput(p.Text, code), formatText
		return p
	}
	if hooks.IsObjectLike(v) {
		p.Output, p.Format = v, formatJSON
		return p
	}
	p.NonObject, p.HasNonObject = v, true
	return p
}

// plainTextOutput is convertPlainTextToHookOutput: exit 0 allows with the
// text as systemMessage, exit 1 allows with "Warning: " + text, any other
// code denies with the text as reason.
func plainTextOutput(text string, code int) *hooks.Object {
	o := hooks.NewObject(2)
	switch code {
	case 0:
		o.Set("decision", "allow")
		o.Set("systemMessage", text)
	case 1:
		o.Set("decision", "allow")
		o.Set("systemMessage", "Warning: "+text)
	default:
		o.Set("decision", "deny")
		o.Set("reason", text)
	}
	return o
}
