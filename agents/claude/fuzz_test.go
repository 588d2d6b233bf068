package claude

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// FuzzInterpretOutput: Claude Code's reading of a command or http
// handler's result never panics, whatever the event, exit code, status and
// output.
func FuzzInterpretOutput(f *testing.F) {
	for _, s := range []string{
		`{"decision":"block","reason":"no"}`, `{"continue":false,"stopReason":"s"}`,
		`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"r","updatedInput":{"a":1}}}`,
		"text\n{\"decision\":\"block\"}", `[1]`, `"s"`, "plain", `{"a":[1,]}`, "\xff{",
	} {
		f.Add("PreToolUse", 0, s, "")
		f.Add("Stop", 2, "", s)
		f.Add("UserPromptSubmit", 200, s, "")
	}
	f.Fuzz(func(t *testing.T, event string, code int, stdout, stderr string) {
		v := interpretCommand(hooks.Event(event), code, hooks.DecodeUTF8([]byte(stdout)), hooks.DecodeUTF8([]byte(stderr)))
		_ = v
		_ = interpretHTTP(hooks.Event(event), code, hooks.DecodeUTF8([]byte(stdout)))
	})
}

// FuzzParseClaudeSettings: the Claude Code settings loader never panics and
// accepts exactly standard JSON objects.
func FuzzParseClaudeSettings(f *testing.F) {
	seedFiles(f, func(b []byte) { f.Add(b) })
	f.Fuzz(func(t *testing.T, data []byte) {
		root, perr := parseSettings("settings.json", data)
		if perr != nil {
			return
		}
		if root.Kind != settingsio.Object || !standardJSON(data) {
			t.Fatalf("accepted %s that encoding/json refuses or that is not an object", root.Kind)
		}
		checkNodes(t, root, len(data))
	})
}

// FuzzClaudeRemoveRestore: moving a Claude Code handler to the store
// leaves a file that parses and is the original minus one span; putting it
// back restores the exact original bytes.
func FuzzClaudeRemoveRestore(f *testing.F) {
	seedFiles(f, func(b []byte) {
		for _, ev := range []string{"PreToolUse", "SessionStart", "Stop", "BeforeTool"} {
			f.Add(b, ev, 0, 0)
		}
		f.Add(b, "PreToolUse", 0, 1)
		f.Add(b, "PreToolUse", 1, 0)
	})
	f.Fuzz(func(t *testing.T, data []byte, event string, group, index int) {
		place := handlerPlace{Event: event, Group: group, Index: index}
		out, rm, err := removeHandler("settings.json", data, place)
		if err != nil {
			return
		}
		if _, perr := settingsio.ParseJSONC("settings.json", out); perr != nil {
			t.Fatalf("the file without the handler does not parse: %v\n%s", perr, out)
		}
		if rm.Offset+len(rm.Text) > len(data) || !bytes.Equal(out, append(append([]byte{}, data[:rm.Offset]...), data[rm.Offset+len(rm.Text):]...)) {
			t.Fatal("more than the handler's span changed")
		}
		// the record goes through the store as JSON
		raw, _ := json.Marshal(rm)
		var stored removedHandler
		if err := json.Unmarshal(raw, &stored); err != nil {
			t.Fatal(err)
		}
		back, exact, err := restoreHandler("settings.json", out, true, &stored)
		if err != nil {
			t.Fatalf("restore: %v", err)
		}
		if !exact || !bytes.Equal(back, data) {
			t.Fatalf("restore is not byte-exact (exact=%v):\n%q\n%q", exact, data, back)
		}
	})
}

// seedFiles, checkNodes and standardJSON are settingsio's fuzz seeds and
// checks (settingsio/fuzz_test.go), for the Claude Code parsers and patches.
func seedFiles(f *testing.F, add func(data []byte)) {
	f.Helper()
	testenv.SettingsSeeds(f, "../..", add)
}

// checkNodes fails when a node of the tree points outside data.
func checkNodes(t *testing.T, n *settingsio.Node, size int) {
	t.Helper()
	if n.Pos.Offset < 0 || n.Pos.Offset > size || n.Pos.Line < 1 || n.Pos.Column < 1 {
		t.Fatalf("node at %+v outside a %d-byte file", n.Pos, size)
	}
	for _, it := range n.Items {
		checkNodes(t, it, size)
	}
	for _, m := range n.Members {
		checkNodes(t, m.Value, size)
	}
}

// standardJSON reports whether data is a file JSON.parse accepts as is:
// valid JSON (encoding/json agrees with JSON.parse on the grammar), no
// byte order mark, not too deep for Hookwarden.
func standardJSON(data []byte) bool {
	return json.Valid(data) && !bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) && settingsio.CheckDepth("", data) == nil
}
