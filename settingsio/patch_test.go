package settingsio

import (
	"strings"
	"testing"
)

var disabledKeys = []string{"hooksConfig", "disabled"}

// appendValues decides to add values at the end.
func appendValues(values ...string) DecideFunc {
	return func(*Node) (ListChange, error) { return ListChange{Append: values}, nil }
}

// removeValue decides to delete every element equal to v.
func removeValue(v string) DecideFunc {
	return func(list *Node) (ListChange, error) {
		var c ListChange
		if list != nil {
			for i, it := range list.Items {
				if it.Is(String) && it.Raw == v {
					c.Remove = append(c.Remove, i)
				}
			}
		}
		return c, nil
	}
}

// replaceWith decides to set the list to values.
func replaceWith(values ...string) DecideFunc {
	return func(list *Node) (ListChange, error) {
		c := ListChange{Append: values}
		if list != nil {
			for i := range list.Items {
				c.Remove = append(c.Remove, i)
			}
		}
		return c, nil
	}
}

func TestPatchStringListGolden(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		decide DecideFunc
		want   string
	}{
		{"empty object gets Gemini's layout", "{}", appendValues("a"),
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\"\n    ]\n  }\n}"},
		{"empty object keeps the final newline", "{}\n", appendValues("a"),
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\"\n    ]\n  }\n}\n"},
		{"missing hooksConfig goes last, after a comment on the last line",
			"{\n  // my settings\n  \"ui\": {\n    \"theme\": \"dark\"\n  } // trailing note\n}\n",
			appendValues("a"),
			"{\n  // my settings\n  \"ui\": {\n    \"theme\": \"dark\"\n  }, // trailing note\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\"\n    ]\n  }\n}\n"},
		{"four-space indentation is followed",
			"{\n    \"a\": 1\n}\n", appendValues("x"),
			"{\n    \"a\": 1,\n    \"hooksConfig\": {\n        \"disabled\": [\n            \"x\"\n        ]\n    }\n}\n"},
		{"tabs are followed",
			"{\n\t\"a\": 1\n}\n", appendValues("x"),
			"{\n\t\"a\": 1,\n\t\"hooksConfig\": {\n\t\t\"disabled\": [\n\t\t\t\"x\"\n\t\t]\n\t}\n}\n"},
		{"CRLF is followed",
			"{\r\n  \"a\": 1\r\n}\r\n", appendValues("x"),
			"{\r\n  \"a\": 1,\r\n  \"hooksConfig\": {\r\n    \"disabled\": [\r\n      \"x\"\r\n    ]\r\n  }\r\n}\r\n"},
		{"CRLF list: append and keep breaks",
			"{\r\n  \"hooksConfig\": {\r\n    \"disabled\": [\r\n      \"a\"\r\n    ]\r\n  }\r\n}\r\n", appendValues("b"),
			"{\r\n  \"hooksConfig\": {\r\n    \"disabled\": [\r\n      \"a\",\r\n      \"b\"\r\n    ]\r\n  }\r\n}\r\n"},
		{"hooksConfig without disabled",
			"{\n  \"hooksConfig\": {\n    \"enabled\": true\n  },\n  \"z\": 0\n}\n", appendValues("x"),
			"{\n  \"hooksConfig\": {\n    \"enabled\": true,\n    \"disabled\": [\n      \"x\"\n    ]\n  },\n  \"z\": 0\n}\n"},
		{"empty hooksConfig on its own line opens up",
			"{\n  \"hooksConfig\": {},\n  \"z\": 0\n}\n", appendValues("x"),
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"x\"\n    ]\n  },\n  \"z\": 0\n}\n"},
		{"inline hooksConfig stays inline",
			"{\n  \"hooksConfig\": {\"enabled\": true},\n  \"z\": 0\n}\n", appendValues("x"),
			"{\n  \"hooksConfig\": {\"enabled\": true, \"disabled\": [\"x\"]},\n  \"z\": 0\n}\n"},
		{"single-line file stays single-line", `{"a":1}`, appendValues("x"),
			`{"a":1, "hooksConfig":{"disabled":["x"]}}`},
		{"empty list in a multi-line object opens up",
			"{\n  \"hooksConfig\": {\n    \"disabled\": []\n  }\n}\n", appendValues("x"),
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"x\"\n    ]\n  }\n}\n"},
		{"empty inline list fills inline", `{"hooksConfig": {"disabled": [ ]}}`, appendValues("x"),
			`{"hooksConfig": {"disabled": [ "x" ]}}`},
		{"inline list gets a sibling inline", "{\n  \"hooksConfig\": {\"disabled\": [\"a\", \"b\"]}\n}", appendValues("c"),
			"{\n  \"hooksConfig\": {\"disabled\": [\"a\", \"b\", \"c\"]}\n}"},
		{"comments everywhere stay put",
			"/* head */\n{\n  // before hooksConfig\n  \"hooksConfig\": { // open\n    /* about the list */\n    \"disabled\": [ // list\n      \"a\", // why a\n      // own line\n      \"b\" /* why b */\n    ] // after list\n  }\n}\n// tail\n",
			appendValues("c"),
			"/* head */\n{\n  // before hooksConfig\n  \"hooksConfig\": { // open\n    /* about the list */\n    \"disabled\": [ // list\n      \"a\", // why a\n      // own line\n      \"b\", /* why b */\n      \"c\"\n    ] // after list\n  }\n}\n// tail\n"},
		{"remove a middle element with its line and its comment",
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\", // why a\n      \"b\", // why b\n      \"c\"\n    ]\n  }\n}\n",
			removeValue("b"),
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\", // why a\n      \"c\"\n    ]\n  }\n}\n"},
		{"remove the last element: the comma goes, comments of other lines stay",
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\", // why a\n      \"b\" // why b\n    ]\n  }\n}\n",
			removeValue("b"),
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\" // why a\n    ]\n  }\n}\n"},
		{"remove the first element keeps an own-line comment above it",
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      // header\n      \"a\",\n      \"b\"\n    ]\n  }\n}\n",
			removeValue("a"),
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      // header\n      \"b\"\n    ]\n  }\n}\n"},
		{"remove the only element gives []",
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\"\n    ]\n  }\n}\n", removeValue("a"),
			"{\n  \"hooksConfig\": {\n    \"disabled\": []\n  }\n}\n"},
		{"remove duplicates, all of them",
			"{\"hooksConfig\": {\"disabled\": [\"a\", \"b\", \"a\", \"c\", \"a\"]}}", removeValue("a"),
			"{\"hooksConfig\": {\"disabled\": [\"b\", \"c\"]}}"},
		{"remove from an inline list", `{"hooksConfig":{"disabled":["a","b"]}}`, removeValue("b"),
			`{"hooksConfig":{"disabled":["a"]}}`},
		{"replace keeps nothing but the new values",
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"old\"\n    ]\n  }\n}\n", replaceWith("x", "y"),
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"x\",\n      \"y\"\n    ]\n  }\n}\n"},
		{"duplicate hooksConfig keys: the last one, which Gemini reads, is edited",
			"{\n  \"hooksConfig\": {\"disabled\": [\"first\"]},\n  \"hooksConfig\": {\"disabled\": [\"second\"]}\n}\n", appendValues("x"),
			"{\n  \"hooksConfig\": {\"disabled\": [\"first\"]},\n  \"hooksConfig\": {\"disabled\": [\"second\", \"x\"]}\n}\n"},
		{"values are escaped as JSON.stringify does",
			"{}", appendValues("say \"hi\"\t\\ \x1b é"),
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"say \\\"hi\\\"\\t\\\\ \\u001b é\"\n    ]\n  }\n}"},
		{"a block comment with a line break is not a line break",
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\" /* one\n      two */\n    ]\n  }\n}\n", appendValues("b"),
			"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\", /* one\n      two */\n      \"b\"\n    ]\n  }\n}\n"},
		{"non-string elements are kept", `{"hooksConfig":{"disabled":[1, "a", null]}}`, removeValue("a"),
			`{"hooksConfig":{"disabled":[1, null]}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, changed, err := PatchStringList("s.json", []byte(tc.in), true, disabledKeys, tc.decide)
			if err != nil {
				t.Fatalf("PatchStringList: %v", err)
			}
			if !changed {
				t.Fatalf("changed = false")
			}
			if string(out) != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s\n(got %q)", out, tc.want, out)
			}
		})
	}
}

func TestPatchStringListRoundTrip(t *testing.T) {
	files := []string{
		"{\n  \"hooksConfig\": {\n    \"disabled\": []\n  }\n}\n",
		"{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\" // keep\n    ]\n  }\n}\n",
		"{\n\t\"hooksConfig\": {\n\t\t\"disabled\": [\n\t\t\t\"a\",\n\t\t\t\"b\"\n\t\t]\n\t}\n}",
		"{\r\n  // c\r\n  \"hooksConfig\": {\"disabled\": [\"a\"]}\r\n}\r\n",
		`{"hooksConfig":{"disabled":[]}}`,
	}
	for _, in := range files {
		mid, changed, err := PatchStringList("s.json", []byte(in), true, disabledKeys, appendValues("new-hook"))
		if err != nil || !changed {
			t.Fatalf("append to %q: changed %v, %v", in, changed, err)
		}
		out, changed, err := PatchStringList("s.json", mid, true, disabledKeys, removeValue("new-hook"))
		if err != nil || !changed {
			t.Fatalf("remove from %q: changed %v, %v", mid, changed, err)
		}
		if string(out) != in {
			t.Errorf("append then remove is not the identity:\nin:  %q\nmid: %q\nout: %q", in, mid, out)
		}
	}
}

func TestPatchStringListRefuses(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"trailing comma (JSON.parse rejects it)", "{\n  \"a\": 1,\n}\n", "s.json:2:9: trailing comma"},
		{"trailing comma in the list", "{\"hooksConfig\": {\"disabled\": [\"a\",]}}", "s.json:1:"},
		{"not JSON", "{\n  \"a\": \n}", "s.json:3:"},
		{"empty file", "", "s.json:1:1: the file is empty"},
		{"top level array", "[]", "not a valid JSON object"},
		{"byte order mark", "\xEF\xBB\xBF{}", "byte order mark"},
		{"disabled is a string", "{\n  \"hooksConfig\": {\n    \"disabled\": \"a\"\n  }\n}",
			"s.json:3:17: hooksConfig.disabled is a string, not an array of strings"},
		{"disabled is an object", `{"hooksConfig": {"disabled": {}}}`, "s.json:1:30: hooksConfig.disabled is an object, not an array"},
		{"hooksConfig is an array", `{"hooksConfig": []}`, "s.json:1:17: hooksConfig is an array, not an object"},
		{"hooksConfig is null", `{"hooksConfig": null}`, "hooksConfig is null, not an object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, changed, err := PatchStringList("s.json", []byte(tc.in), true, disabledKeys, appendValues("x"))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one containing %q (out %q)", err, tc.want, out)
			}
			if changed || out != nil {
				t.Errorf("a refused patch returned changed %v, out %q", changed, out)
			}
		})
	}
}

func TestPatchStringListNoChange(t *testing.T) {
	in := "{\n  // nothing to do\n}"
	out, changed, err := PatchStringList("s.json", []byte(in), true, disabledKeys, removeValue("x"))
	if err != nil || changed || string(out) != in {
		t.Fatalf("= %q, %v, %v; want the input unchanged", out, changed, err)
	}
	out, changed, err = PatchStringList("s.json", nil, false, disabledKeys, removeValue("x"))
	if err != nil || changed || out != nil {
		t.Fatalf("missing file: = %q, %v, %v; want no change", out, changed, err)
	}
}

func TestPatchStringListCreatesGeminiFile(t *testing.T) {
	// What Gemini CLI 0.61 writes for a missing file:
	// JSON.stringify({hooksConfig: {disabled: [...]}}, null, 2).
	out, changed, err := PatchStringList("s.json", nil, false, disabledKeys, appendValues("a", "b"))
	if err != nil || !changed {
		t.Fatalf("changed %v, err %v", changed, err)
	}
	want := "{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"a\",\n      \"b\"\n    ]\n  }\n}"
	if string(out) != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

func FuzzPatchStringList(f *testing.F) {
	for _, seed := range []string{
		"{}", "{}// c", "{} /* open", "{\n  \"hooksConfig\": {\"disabled\": [\"x\", \"y\"] // c\n}}",
		"{\"hooksConfig\": {\"disabled\": [/*a*/\"x\"/*b*/,/*c*/\"y\"/*d*/]/*e*/}/*f*/}",
		"{\r\n\t\"hooksConfig\"\t:\t{\r\n\t}\r\n}",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, decide := range []DecideFunc{appendValues("x"), removeValue("x"), replaceWith("y", "z")} {
			out, changed, err := PatchStringList("f.json", []byte(in), true, disabledKeys, decide)
			if err != nil || !changed {
				continue
			}
			root, perr := ParseJSONC("f.json", out)
			if perr != nil {
				t.Fatalf("patched %q into %q, which does not parse: %v", in, out, perr)
			}
			if root.Get("hooksConfig").Get("disabled") == nil {
				t.Fatalf("patched %q into %q without the list", in, out)
			}
		}
	})
}
