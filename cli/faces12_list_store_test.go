package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// list reads each entry's trust state from the review, and with it the
// floor of a part Hookwarden cannot watch. When the review cannot be read
// (Hookwarden's store cut short, as a crash mid-write or a full disk
// leaves it), list printed the entries with risk "none" for a hook whose
// discovery is incomplete (review with the store readable) and exited 0,
// without a word: on main a broken store made list read cleaner. Now it
// prints everything, says why it is incomplete, and exits 1, as audit
// does; --json carries "review_error".
func TestListSaysItsReviewCouldNotBeRead(t *testing.T) {
	t.Parallel()
	io, out, _ := geminiCommandEnv(t, map[string]string{
		"PROJECT/.gemini/settings.json": `{"mcpServers": {"x": {"command": "perl", "args": ["srv.pl"]}}}`,
		"PROJECT/srv.pl":                "require './helper.pl';\n", "PROJECT/helper.pl": "1;\n",
	})
	run := func(args ...string) (int, string) {
		code := Main(context.Background(), append([]string{args[0], "--agent", "gemini"}, args[1:]...), io)
		return code, out()
	}
	if code, text := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
		t.Fatalf("trust: exit %d\n%s", code, text)
	}
	store := filepath.Join(io.Env.Get("HOOKWARDEN_CONFIG_DIR"), "approvals.json")
	b, err := os.ReadFile(store)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(store, b[:len(b)/2], 0o600); err != nil {
		t.Fatal(err)
	}
	if code, text := run("audit"); code != ExitFailure {
		t.Fatalf("audit with the store cut short: exit %d, want %d\n%s", code, ExitFailure, text)
	}
	code, text := run("list")
	if code != ExitFailure || !strings.Contains(text, "incomplete list") || !strings.Contains(text, "MCP server x") {
		t.Errorf("list with the store cut short: exit %d, want %d with the entries and why the list is incomplete\n%s", code, ExitFailure, text)
	}
	code, text = run("list", "--json")
	start := strings.Index(text, "{")
	var doc struct {
		ReviewError string `json:"review_error"`
	}
	if code != ExitFailure || start < 0 || json.NewDecoder(strings.NewReader(text[start:])).Decode(&doc) != nil || doc.ReviewError == "" {
		t.Errorf("list --json with the store cut short: exit %d, review_error %q\n%s", code, doc.ReviewError, text)
	}
}
