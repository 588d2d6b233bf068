package hooks

import "testing"

func TestFillTemplateKeepsUnknownPlaceholdersAndTheTemplate(t *testing.T) {
	v, err := ParseJSON(`{"cwd": "${PROJECT}", "${HOME}": ["${HOME}/x", "${OTHER}", 1]}`)
	if err != nil {
		t.Fatal(err)
	}
	got := string(AppendJSON(nil, FillTemplate(v, map[string]string{"PROJECT": "/p", "HOME": "/h"})))
	if want := `{"cwd":"/p","${HOME}":["/h/x","${OTHER}",1]}`; got != want {
		t.Errorf("filled = %s, want %s", got, want)
	}
	if again := string(AppendJSON(nil, v)); again != `{"cwd":"${PROJECT}","${HOME}":["${HOME}/x","${OTHER}",1]}` {
		t.Errorf("the template changed: %s", again)
	}
}
