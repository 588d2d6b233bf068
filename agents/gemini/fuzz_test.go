package gemini

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// outputSeeds are hook outputs: decisions, plain text, JSON after text,
// double-encoded JSON, arrays, deep and broken JSON.
var outputSeeds = []string{
	`{"decision":"deny","reason":"no"}`, `{"continue":false,"stopReason":"x","systemMessage":"m"}`,
	`{"hookSpecificOutput":{"hookEventName":"BeforeTool","additionalContext":"c","tool_input":{"a":1}}}`,
	"log line\n{\"decision\":\"block\"}", `"{\"decision\":\"deny\"}"`, `[1,2,{"a":null}]`, `12`, `null`,
	`{"a":1e400,"b":-0,"c":"\ud800","d":"\u0000"}`, `{"a":1,"a":2}`, "plain text", "  \t\n", `{"a":[1,]}`,
	strings.Repeat("[", 300) + strings.Repeat("]", 300), strings.Repeat(`{"a":`, 50), "\xff\xfe{}",
}

// FuzzParseHookOutput: the hook output parser never panics on any stdout,
// stderr and exit code, and gives a text output exactly when the text is
// not JSON.
func FuzzParseHookOutput(f *testing.F) {
	for _, s := range outputSeeds {
		f.Add(s, "", 0)
		f.Add("", s, 2)
	}
	if data, err := os.ReadFile(filepath.Join("conform", "testdata", "cases", "x10-or-coercions.json")); err == nil {
		f.Add(string(data), "", 1)
	}
	f.Fuzz(func(t *testing.T, stdout, stderr string, code int) {
		out, errOut := hooks.DecodeUTF8([]byte(stdout)), hooks.DecodeUTF8([]byte(stderr))
		p := parseHookOutput(out, errOut, code)
		r := &result{Stdout: out, Stderr: errOut, ExitCode: code, Parsed: p, Output: p.Output, Success: code == 0}
		for _, e := range []hooks.Event{beforeTool, afterAgent, sessionStart} {
			resultWarnings(e, true, 0, r)
		}
		if p.Format == formatJSON && p.Output == nil {
			t.Fatal("JSON format without output")
		}
		hooks.AppendJSON(nil, p.Output)
	})
}

// FuzzParseJSON: hooks.ParseJSON (JSON.parse for hook stdin and output)
// never panics and agrees with encoding/json on what is JSON, and what it
// parses renders back to JSON that encoding/json reads.
func FuzzParseJSON(f *testing.F) {
	for _, s := range outputSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		text := hooks.DecodeUTF8([]byte(raw))
		v, err := hooks.ParseJSON(text)
		if settingsio.CheckDepth("", []byte(text)) != nil {
			return // deeper than encoding/json's own limit may be: no oracle
		}
		if ok := err == nil; ok != json.Valid([]byte(text)) {
			t.Fatalf("ParseJSON ok=%v (%v), encoding/json valid=%v", ok, err, !ok)
		}
		if err == nil && !json.Valid(hooks.AppendJSON(nil, v)) {
			t.Fatalf("rendered %q is not JSON", hooks.AppendJSON(nil, v))
		}
	})
}
