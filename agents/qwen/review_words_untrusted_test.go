package qwen

import (
	"context"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/trust"
)

// TestReviewMeaningDoesNotSayAnUntrustedFolderRunsIt: with folder trust on
// and the folder not trusted, Qwen Code starts no project MCP server (the
// review's own field says "skips it silently"), but the words the window
// shows above it for a new entry said "its folder trust is off by default:
// it runs this hook unprompted" — two opposite statements about the same
// entry (audit prints only the field). Fails on the old words.
func TestReviewMeaningDoesNotSayAnUntrustedFolderRunsIt(t *testing.T) {
	p, _ := fixture(t, map[string]string{
		userFile:            `{"$version": 4, "security": {"folderTrust": {"enabled": true}}}`,
		"project/.mcp.json": `{"mcpServers": {"docs": {"command": "echo", "args": ["docs"]}}}`,
	})
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range r.Hooks {
		if h.Status != trust.StatusNew {
			continue
		}
		says := ""
		for _, f := range h.Fields {
			if f.Label == "Qwen Code" {
				says = f.Value
			}
		}
		if !strings.Contains(says, "skips it") {
			continue
		}
		found = true
		if m := r.Words.Meaning[h.Status]; strings.Contains(m, "folder trust is off by default: it runs") {
			t.Errorf("%s: Qwen Code %q, but the words above it say %q", h.Label, says, m)
		}
	}
	if !found {
		t.Fatalf("no new entry that Qwen Code skips: %+v", r.Hooks)
	}
}
