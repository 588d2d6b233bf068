package gemini

import (
	"os"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// Golden: disable then enable puts every byte back, whatever the layout.
func TestEnableRestoresTheFileByteForByte(t *testing.T) {
	hooksJSON := `"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "a", "command": "echo a"}, {"type": "command", "name": "b", "command": "echo b"}]}]}`
	files := map[string]string{
		"comments, LF":                     "{\n  // keep me\n  " + hooksJSON + " /* and me */\n}\n",
		"CRLF, no final EOL":               "{\r\n  " + hooksJSON + "\r\n}",
		"tabs and an existing hooksConfig": "{\n\t" + hooksJSON + ",\n\t\"hooksConfig\": {\"enabled\": true}\n}\n",
		"an empty list the user wrote":     "{\n  " + hooksJSON + ",\n  \"hooksConfig\": {\"disabled\": []}\n}\n",
	}
	for name, original := range files {
		t.Run(name, func(t *testing.T) {
			p := newToggleProject(t, true)
			p.write(t, p.workspace, original)
			for _, n := range []string{"a", "b"} {
				if _, err := p.toggler(t).Disable(n, settingsio.LayerWorkspace); err != nil {
					t.Fatal(err)
				}
			}
			if got := p.read(t, p.workspace); !strings.Contains(got, `"b"`) {
				t.Fatalf("disable wrote:\n%s", got)
			}
			// One of two enabled: the list keeps "b", nothing restored yet.
			res, err := p.toggler(t).Enable("a")
			if err != nil || len(res.Edits) != 1 || res.Edits[0].Restored {
				t.Fatalf("enable a: %+v %v", res, err)
			}
			res, err = p.toggler(t).Enable("b")
			if err != nil || len(res.Edits) != 1 || !res.Edits[0].Restored {
				t.Fatalf("enable b: %+v %v", res, err)
			}
			if got := p.read(t, p.workspace); got != original {
				t.Errorf("after disable and enable:\n%q\nwant\n%q", got, original)
			}
		})
	}
}

func TestEnableDeletesTheFileDisableCreated(t *testing.T) {
	p := newToggleProject(t, true)
	p.write(t, p.workspace, `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "a", "command": "echo a"}]}]}}`)
	if _, err := p.toggler(t).Disable("a", settingsio.LayerUser); err != nil {
		t.Fatal(err)
	}
	res, err := p.toggler(t).Enable("a")
	if err != nil || len(res.Edits) != 1 || !res.Edits[0].Deleted {
		t.Fatalf("enable: %+v %v", res, err)
	}
	if _, err := os.Stat(p.user); !os.IsNotExist(err) {
		t.Errorf("the user settings file disable created is still there (%v)", err)
	}
}

// When someone else changed the file since, its bytes are theirs: enable
// edits the list as Gemini CLI does and keeps their change.
func TestEnableKeepsAChangeMadeSinceDisable(t *testing.T) {
	p := newToggleProject(t, true)
	original := "{\n  \"hooks\": {\"BeforeTool\": [{\"hooks\": [{\"type\": \"command\", \"name\": \"a\", \"command\": \"echo a\"}]}]}\n}\n"
	p.write(t, p.workspace, original)
	if _, err := p.toggler(t).Disable("a", settingsio.LayerWorkspace); err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(p.read(t, p.workspace), "{\n", "{\n  \"model\": {\"name\": \"x\"},\n", 1)
	p.write(t, p.workspace, changed)
	res, err := p.toggler(t).Enable("a")
	if err != nil || len(res.Edits) != 1 || res.Edits[0].Restored {
		t.Fatalf("enable: %+v %v", res, err)
	}
	got := p.read(t, p.workspace)
	if !strings.Contains(got, `"model"`) || !strings.Contains(got, `"disabled": []`) {
		t.Errorf("enable after an outside change:\n%s", got)
	}
}

// Without a journal the switch writes what Gemini CLI writes.
func TestEnableWithoutJournalIsGemini(t *testing.T) {
	p := newToggleProject(t, true)
	p.write(t, p.workspace, `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "a", "command": "echo a"}]}]}}`)
	for _, enable := range []bool{false, true} {
		tg := p.toggler(t)
		tg.Journal = nil
		var err error
		if enable {
			_, err = tg.Enable("a")
		} else {
			_, err = tg.Disable("a", settingsio.LayerWorkspace)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := p.read(t, p.workspace); !strings.Contains(got, `"disabled": []`) {
		t.Errorf("no journal:\n%s", got)
	}
}

// A journal that does not parse loses only the undo of earlier edits: the
// next disable starts a new record, and enable restores from it.
func TestACorruptJournalStartsOver(t *testing.T) {
	p := newToggleProject(t, true)
	original := `{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "a", "command": "echo a"}]}]}}`
	p.write(t, p.workspace, original)
	tg := p.toggler(t)
	p.write(t, tg.Journal.Path, "{not json")
	if _, err := tg.Disable("a", settingsio.LayerWorkspace); err != nil {
		t.Fatal(err)
	}
	res, err := p.toggler(t).Enable("a")
	if err != nil || len(res.Edits) != 1 || !res.Edits[0].Restored || res.Edits[0].JournalError != "" {
		t.Fatalf("enable: %+v %v", res, err)
	}
	if got := p.read(t, p.workspace); got != original {
		t.Errorf("not restored:\n%s", got)
	}
}
