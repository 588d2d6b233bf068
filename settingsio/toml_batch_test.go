package settingsio

import (
	"fmt"
	"strings"
	"testing"
)

// editOneByOne applies edits as EditTOML did before it batched them: one
// edit, one parse, one check at a time.
func editOneByOne(t *testing.T, data []byte, edits []TOMLEdit) ([]byte, error) {
	t.Helper()
	for _, e := range edits {
		next, err := EditTOML("config.toml", data, e)
		if err != nil {
			return nil, err
		}
		data = next
	}
	return data, nil
}

// Many edits at once give the bytes of applying them one by one, whatever
// the file looks like around the tables they add or the keys they set.
func TestEditTOMLBatchIsTheSameAsOneByOne(t *testing.T) {
	docs := map[string]string{
		"empty":              "",
		"bom":                "\xef\xbb\xbf",
		"no final newline":   "model = \"o3\"",
		"blank end":          "model = \"o3\"\n\n",
		"crlf":               "model = \"o3\"\r\n[projects.\"/p\"]\r\ntrust_level = \"trusted\"\r\n",
		"state then project": "[hooks.state.\"a\"]\ntrusted_hash = \"sha256:1\"\n\n# keep me\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n",
		"hooks header":       "[hooks]\n# comment\n\n[other]\nx = 1\n",
		"dotted state":       "hooks.state.a.trusted_hash = \"sha256:1\"\n",
		"inline state":       "[hooks]\nstate = { a = { trusted_hash = \"sha256:1\" } }\n",
		"existing keys":      "[hooks.state.\"k1\"]\ntrusted_hash = \"old\" # note\nenabled = true\n[hooks.state.\"k2\"]\ntrusted_hash = \"old\"\n",
	}
	var news []TOMLEdit
	for i := 0; i < 20; i++ {
		news = append(news, TOMLSetString([]string{"hooks", "state", fmt.Sprintf("/p/.codex/hooks.json:pre_tool_use:%d:0", i)}, "trusted_hash", fmt.Sprintf("sha256:%064d", i)))
	}
	sets := map[string][]TOMLEdit{
		"new tables": news,
		"existing and new": append([]TOMLEdit{TOMLSetString([]string{"hooks", "state", "k1"}, "trusted_hash", "sha256:new"),
			TOMLSetBool([]string{"hooks", "state", "k1"}, "enabled", false)}, news...),
		"removes too":   append([]TOMLEdit{TOMLRemove([]string{"hooks", "state", "k2"}, "trusted_hash")}, news...),
		"same key":      {news[0], news[0]},
		"key added":     append([]TOMLEdit{TOMLSetString([]string{"hooks", "state", "k2"}, "x", "y")}, news...),
		"mixed depth":   append([]TOMLEdit{TOMLSetString([]string{"projects", "/q"}, "trust_level", "trusted")}, news...),
		"not utf-8 key": {news[0], TOMLSetString([]string{"hooks", "state", "\xff"}, "trusted_hash", "x")},
	}
	for dn, doc := range docs {
		for sn, edits := range sets {
			t.Run(dn+"/"+sn, func(t *testing.T) {
				want, wantErr := editOneByOne(t, []byte(doc), edits)
				got, err := EditTOML("config.toml", []byte(doc), edits...)
				if (err != nil) != (wantErr != nil) {
					t.Fatalf("batch error %v, one by one %v", err, wantErr)
				}
				if string(got) != string(want) {
					t.Fatalf("batch:\n%s\none by one:\n%s", got, want)
				}
			})
		}
	}
}

// The batch makes one parse of a big file, not one per edit: its result
// for 2,000 new tables is the one-by-one result too.
func TestEditTOMLBatchManyTables(t *testing.T) {
	doc := []byte("[projects.\"/p\"]\ntrust_level = \"trusted\"\n")
	var edits []TOMLEdit
	for i := 0; i < 2000; i++ {
		edits = append(edits, TOMLSetString([]string{"hooks", "state", fmt.Sprintf("k%d", i)}, "trusted_hash", "sha256:x"))
	}
	got, err := EditTOML("config.toml", doc, edits...)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(got), "[hooks.state."); n != 2000 {
		t.Fatalf("%d tables", n)
	}
	want, _ := editOneByOne(t, doc, edits[:50])
	if !strings.HasPrefix(string(got), strings.TrimSuffix(string(want), "\n")) {
		t.Fatalf("the first 50 differ from one by one:\n%s", want)
	}
}

// The batch takes the forms trust --all writes (new tables, existing keys
// set), and leaves the others to one by one.
func TestEditTOMLBatchTakesTheCommonForms(t *testing.T) {
	news := []TOMLEdit{TOMLSetString([]string{"hooks", "state", "n1"}, "trusted_hash", "a"), TOMLSetString([]string{"hooks", "state", "n2"}, "trusted_hash", "b")}
	for _, c := range []struct {
		doc   string
		edits []TOMLEdit
		batch bool
	}{
		{"", news, true},
		{"[projects.\"/p\"]\ntrust_level = \"trusted\"\n", news, true},
		{"[hooks.state.\"k1\"]\ntrusted_hash = \"old\"\n[x]\ny = 1\n", append([]TOMLEdit{TOMLSetString([]string{"hooks", "state", "k1"}, "trusted_hash", "new")}, news...), true},
		{"[hooks.state.\"k1\"]\ntrusted_hash = \"old\"\n", append([]TOMLEdit{TOMLRemove([]string{"hooks", "state", "k1"}, "trusted_hash")}, news...), false},
		{"model = 1", news, false},
	} {
		doc, perr := ParseTOML("config.toml", []byte(c.doc))
		if perr != nil {
			t.Fatal(perr)
		}
		if _, ok := doc.editBatch("config.toml", c.edits); ok != c.batch {
			t.Errorf("%q: batch %v, want %v", c.doc, ok, c.batch)
		}
	}
}
