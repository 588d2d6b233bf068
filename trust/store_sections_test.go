package trust

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// testSection is an agent's section as StoreSection sees it.
type testSection struct {
	Records []ScriptSnapshot `json:"records"`
}

func (s *testSection) EachScripts(fn func([]ScriptSnapshot)) { fn(s.Records) }

// A section no agent asks for goes through a write as it was, with the
// script texts it refers to; texts nothing refers to are dropped.
func TestStoreKeepsSectionsItDoesNotDecode(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	sum := strings.Repeat("ab", 32)
	in := `{"version": 1, "projects": {}, "contents": {"` + sum + `": "echo hi", "stale": "x"}, "agent": {"records": [{"word": "w", "path": "/p", "exists": true, "sha256": "` + sum + `"}]}}`
	if err := os.WriteFile(s.Path(), []byte(in), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := s.Update(func(*StoreData) error { return nil }); err != nil {
		t.Fatal(err)
	}
	out, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	var contents map[string]string
	json.Unmarshal(got["contents"], &contents)
	if len(contents) != 1 || contents[sum] != "echo hi" {
		t.Errorf("contents after the write: %v", contents)
	}
	if !strings.Contains(string(got["agent"]), `"sha256": "`+sum+`"`) {
		t.Errorf("the section changed: %s", got["agent"])
	}
	// decoded, the section's scripts carry their texts
	d, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	sec, err := Section[testSection](d, "agent")
	if err != nil || sec == nil || len(sec.Records) != 1 || sec.Records[0].Content == nil || *sec.Records[0].Content != "echo hi" {
		t.Fatalf("decoded section %+v, %v", sec, err)
	}
	if none, err := Section[testSection](d, "other"); none != nil || err != nil {
		t.Errorf("a missing section reads as %+v, %v", none, err)
	}
}

// A section of the wrong shape is an error for the agent that reads it,
// and the store is not rewritten over it.
func TestStoreSectionOfTheWrongShapeIsAnError(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	in := `{"version": 1, "projects": {}, "contents": {}, "agent": {"records": 5}}`
	if err := os.WriteFile(s.Path(), []byte(in), 0o600); err != nil {
		t.Fatal(err)
	}
	err := s.Update(func(d *StoreData) error {
		_, err := Section[testSection](d, "agent")
		return err
	})
	if err == nil || !strings.Contains(err.Error(), "will not overwrite") {
		t.Fatalf("update over a broken section: %v", err)
	}
	if out, _ := os.ReadFile(s.Path()); string(out) != in {
		t.Errorf("the store was rewritten: %s", out)
	}
}
