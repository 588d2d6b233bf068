package settingsio

import "testing"

// TestParseJWCCAllowsCommentsAndTrailingCommas: ParseJWCC reads what
// ParseJSONC refuses for a trailing comma, and still fails on a file that
// is not JSON at all.
func TestParseJWCCAllowsCommentsAndTrailingCommas(t *testing.T) {
	data := []byte("// head\n{\n  \"a\": [\"x\", /* c */ \"y\",],\n  \"b\": 1,\n}\n")
	if _, perr := ParseJSONC("f", data); perr == nil {
		t.Fatal("ParseJSONC took a trailing comma")
	}
	root, perr := ParseJWCC("f", data)
	if perr != nil {
		t.Fatal(perr)
	}
	if a := root.Get("a"); a == nil || len(a.Items) != 2 || a.Items[1].Raw != "y" {
		t.Errorf("a: %+v", a)
	}
	for _, bad := range []string{"{\"a\": [1,,]}", "{\"a\": 1", "", "{,}"} {
		if _, perr := ParseJWCC("f", []byte(bad)); perr == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
