package settingsio

import (
	"os"
	"path/filepath"
	"testing"
)

// checkTOMLValue fails when a value, or anything in it, lies outside a
// size-byte file or has no sane place.
func checkTOMLValue(t *testing.T, v *TOMLValue, size int) {
	t.Helper()
	if v.Span.Start < 0 || v.Span.End > size || v.Span.Start > v.Span.End || v.Pos.Offset != v.Span.Start || v.Pos.Line < 1 || v.Pos.Column < 1 {
		t.Fatalf("value %s at %+v %+v outside a %d-byte file", v.Kind, v.Span, v.Pos, size)
	}
	for _, it := range v.Items {
		checkTOMLValue(t, it, size)
	}
	if v.Kind == TOMLTableValue {
		checkTOMLTable(t, v.Table, size)
	}
}

func checkTOMLTable(t *testing.T, tb *TOMLTable, size int) {
	t.Helper()
	for _, e := range tb.Entries {
		if e.Key.Span.Start < 0 || e.Key.Span.End > size || e.Key.Pos.Line < 1 || e.Key.Pos.Column < 1 {
			t.Fatalf("key %q at %+v outside a %d-byte file", e.Key.Name, e.Key.Span, size)
		}
		if tb.Entry(e.Key.Name) != e {
			t.Fatalf("key %q not found by its name", e.Key.Name)
		}
		checkTOMLValue(t, e.Value, size)
	}
}

// tomlSeeds are the repository's TOML test files and a few hand-made ones.
func tomlSeeds(f *testing.F) [][]byte {
	f.Helper()
	seeds := [][]byte{[]byte(tomlSample)}
	files, _ := filepath.Glob("testdata/toml/*/*.toml")
	more, _ := filepath.Glob("../../shared/conformance/codex-live/examples/*/home/.codex/config.toml")
	for _, p := range append(files, more...) {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, data)
	}
	for _, s := range []string{
		"", "a = 1", "[a]\r\nb = 'x'\r\n", "a = [[[", "x = { a = 1, b = { c = [1, {d = 2}] } }\n",
		"[[a.b]]\n[a.b.c]\nd.e = 1\n[[a.b]]\n", "\xef\xbb\xbf[x]", "a = \"\\u00e9\\U0001F600\"\n",
		"t = 1979-05-27T07:32:00-08:00\nu = 00:00\n", "a.\"b c\".'d' = \"\"\"\nmulti\n\"\"\"\n",
	} {
		seeds = append(seeds, []byte(s))
	}
	return seeds
}

// FuzzTOML: ParseTOML never panics; what it accepts has every position
// inside the input; what it refuses has a place. Setting and removing a
// Codex trust entry in what it accepts never panics either.
func FuzzTOML(f *testing.F) {
	for _, s := range tomlSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := ParseTOML("config.toml", data)
		if err != nil {
			if err.Line < 1 || err.Column < 1 {
				t.Fatalf("error without a place: %v", err)
			}
			return
		}
		checkTOMLTable(t, doc.Root, len(data))
		// Editing what parses never panics, and what it writes parses
		// and reads back (EditTOML checks that itself; an error is fine).
		key := hookState("/p/hooks.json:pre_tool_use:0:0")
		if out, err := EditTOML("config.toml", data, TOMLSetString(key, "trusted_hash", "sha256:x\n\""), TOMLSetBool(key, "enabled", false)); err == nil {
			ndoc := mustParseTOML(t, string(out))
			if s, _, _ := ndoc.Table(key...).String("trusted_hash"); s != "sha256:x\n\"" {
				t.Fatalf("trusted_hash reads back as %q", s)
			}
			if _, err := EditTOML("config.toml", out, TOMLRemove(key, "trusted_hash"), TOMLRemove(key, "enabled")); err != nil {
				t.Fatalf("removing what was just set: %v", err)
			}
		}
		for _, s := range doc.Statements {
			if s.Span.Start < 0 || s.Span.End > len(data) || s.Line.Start > s.Span.Start || s.Line.End < s.Span.End || s.Line.End > len(data) {
				t.Fatalf("statement %+v outside a %d-byte file", s, len(data))
			}
		}
	})
}
