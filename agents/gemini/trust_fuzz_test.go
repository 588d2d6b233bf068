package gemini

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
	"unicode/utf8"
)

// trustSeeds are trusted_hooks.json and trustedFolders.json layouts: as
// Gemini writes them, hand-edited, and broken.
var trustSeeds = []string{
	"{}",
	"{\n  \"/work/p\": [\n    \"lint:npm run lint\",\n    \"fmt:gofmt -l .\"\n  ],\n  \"/work/q\": []\n}",
	`{"/work/p": ["a", 1, null, "a"], "/work/p": ["b"]}`,
	"{\r\n  \"/work/p\": [\r\n    \"x\"\r\n  ]\r\n}\r\n",
	`{"/work/p": "not an array"}`, `[]`, `{"a": [1,]}`, "\xef\xbb\xbf{}", `{"\u002fwork/p": ["k"]}`,
	"{\n  // Gemini's trust dialog\n  \"/work/p\": \"TRUST_FOLDER\", /* parent */ \"/work\": \"TRUST_PARENT\" // end\n}",
	"{\"/work/p\": \"DO_NOT_TRUST\"\r\n}", "{\n}", "  ", "{ /* only a comment */ }",
}

// FuzzTrustedHooks: reading trusted_hooks.json never panics, and trusting
// a key gives a file that Gemini still reads (ReadTrustedHooks agrees with
// encoding/json), with the project's keys the union of old and new, every
// other project's keys unchanged, and every byte outside the project's
// array as it was. Revoking the key again gives the old keys back.
func FuzzTrustedHooks(f *testing.F) {
	for _, s := range trustSeeds {
		f.Add([]byte(s), "/work/p", "new:echo hi")
	}
	f.Fuzz(func(t *testing.T, data []byte, project, key string) {
		if !utf8.ValidString(project) || !utf8.ValidString(key) {
			t.Skip("project paths and keys are JavaScript strings (valid UTF-8 once decoded)")
		}
		th := parseTrustedHooks("trusted_hooks.json", data)
		if th.Err != nil {
			if _, err := patchTrustedHooks("trusted_hooks.json", data, true, project, func(old []string) []string { return append(old, key) }); err == nil {
				t.Fatalf("patched a file it cannot use (%v)", th.Err)
			}
			return
		}
		var probe map[string]any
		if err := json.Unmarshal(data, &probe); err != nil {
			t.Fatalf("accepted a file encoding/json refuses: %v", err)
		}
		old := th.Keys(project)
		out, err := patchTrustedHooks("trusted_hooks.json", data, true, project, func(o []string) []string { return union(o, []string{key}) })
		if err != nil {
			return // the project's entry is not an array: refused
		}
		after := parseTrustedHooks("trusted_hooks.json", out)
		if after.Err != nil {
			t.Fatalf("the patched file is unusable: %v\n%q\n%q", after.Err, data, out)
		}
		if got, want := after.Keys(project), union(old, []string{key}); !slices.Equal(got, want) {
			t.Fatalf("keys %q, want %q", got, want)
		}
		for _, p := range th.Projects() {
			if p != project && !slices.Equal(after.Keys(p), th.Keys(p)) {
				t.Fatalf("the keys of %q changed: %q → %q", p, th.Keys(p), after.Keys(p))
			}
		}
		if m := th.member(project); m != nil && !bytes.Equal(out, data) {
			start, end := m.Value.StartOffset, len(data)-m.Value.EndOffset
			if !bytes.Equal(out[:start], data[:start]) || !bytes.Equal(out[len(out)-end:], data[len(data)-end:]) {
				t.Fatalf("bytes outside the project's array changed:\n%q\n%q", data, out)
			}
		}
		if slices.Contains(old, key) {
			return
		}
		back, err := patchTrustedHooks("trusted_hooks.json", out, true, project, func(o []string) []string {
			return slices.DeleteFunc(o, func(k string) bool { return k == key })
		})
		if err != nil {
			t.Fatalf("revoke: %v", err)
		}
		// Approving keeps the list a set, as Gemini's TrustedHooksManager
		// does (new Set(...)): duplicates in the old list collapse.
		if got, want := parseTrustedHooks("trusted_hooks.json", back).Keys(project), union(old, nil); !slices.Equal(got, want) {
			t.Fatalf("after revoking, keys %q, want %q", got, want)
		}
	})
}

// FuzzTrustedFolders: setting a folder's trust level in trustedFolders.json
// never panics, refuses a file Gemini cannot read, and otherwise gives a
// file Gemini reads with the folder at the level and every other folder as
// it was.
func FuzzTrustedFolders(f *testing.F) {
	for _, s := range trustSeeds {
		f.Add([]byte(s), "/work/p", 0)
	}
	levels := []trustLevel{trustFolder, trustParent, doNotTrust}
	f.Fuzz(func(t *testing.T, data []byte, key string, level int) {
		if !utf8.ValidString(key) {
			t.Skip("folder keys are JavaScript strings (valid UTF-8 once decoded)")
		}
		lv := levels[uint(level)%uint(len(levels))]
		out, err := patchTrustedFolders("trustedFolders.json", data, key, lv)
		if err != nil {
			return
		}
		if err := checkTrustedFolders("trustedFolders.json", out); err != nil {
			t.Fatalf("the patched file is refused: %v\n%q\n%q", err, data, out)
		}
		before, after := readFolders(t, data), readFolders(t, out)
		if after[key] != string(lv) {
			t.Fatalf("%q is %q, want %q:\n%q", key, after[key], lv, out)
		}
		for k, v := range before {
			if k != key && after[k] != v {
				t.Fatalf("%q changed from %q to %q", k, v, after[k])
			}
		}
		if len(after) != len(before)+boolInt(before[key] == "" && !hasKey(before, key)) {
			t.Fatalf("folders %v → %v", before, after)
		}
	})
}

func readFolders(t *testing.T, data []byte) map[string]string {
	t.Helper()
	if len(bytes.TrimSpace(data)) == 0 {
		return map[string]string{}
	}
	var m map[string]string
	if err := json.Unmarshal(stripJSONComments(data), &m); err != nil {
		t.Fatalf("reading as Gemini does: %v\n%q", err, data)
	}
	return m
}

func hasKey(m map[string]string, k string) bool { _, ok := m[k]; return ok }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
