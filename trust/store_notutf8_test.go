package trust

import (
	"errors"
	"os"
	"testing"
)

// Store.Update wrote a project folder whose name is not UTF-8 with U+FFFD
// for the bad byte (encoding/json's way): an approval under a name no
// review ever looks up, reported as written. It now refuses with a
// *NotUTF8Error and leaves the store as it was.
func TestStoreUpdateRefusesANameThatIsNotUTF8(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	if err := s.Update(func(d *StoreData) error { d.Project("/ok").Hooks["k"] = &Approval{Command: "echo"}; return nil }); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	err = s.Update(func(d *StoreData) error { d.Project("/a\xffb").Hooks["k"] = &Approval{Command: "echo"}; return nil })
	var bad *NotUTF8Error
	if !errors.As(err, &bad) || bad.Name != "/a\xffb" {
		t.Fatalf("Update of a folder named /a\\xffb: %v, want a *NotUTF8Error naming it", err)
	}
	after, _ := os.ReadFile(s.Path())
	if string(after) != string(before) {
		t.Errorf("the refused update changed the store:\n%s", after)
	}
}
