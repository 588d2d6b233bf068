package copilot

import (
	"context"
	"testing"
)

// A prompt hook runs no command: its text goes to the model. The review
// must not read the prompt as a shell command — it did, through the
// kit's review of hooks (the Copilot demo's Stop prompt "Did the
// assistant run the tests …?" read as "runs Did, which Hookwarden does
// not know", an incomplete hook whose approval asked to accept what
// cannot be watched).
func TestPromptHookIsNotReadAsACommand(t *testing.T) {
	root := tree(t, map[string]string{
		"home/.copilot/config.json": `{"trustedFolders": ["$ROOT/p"]}`,
		"p/.claude/settings.json": `{"hooks": {"Stop": [{"hooks": [
			{"type": "prompt", "prompt": "Did the assistant run the tests before stopping? $ARGUMENTS"}]}]}}`,
	})
	s := load(t, root, "p", nil)
	rep, err := s.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Hooks) == 0 {
		t.Fatal("the prompt hook is not reviewed at all")
	}
	for _, h := range rep.Hooks {
		if len(h.Unresolved) > 0 || len(h.Scripts) > 0 {
			t.Errorf("%s: the prompt was read as a command: unresolved %+v, scripts %+v", h.Label, h.Unresolved, h.Scripts)
		}
	}
}
