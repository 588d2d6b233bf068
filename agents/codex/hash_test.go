package codex

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

func strp(s string) *string { return &s }

// TestHashReadmeExample is the worked example of the codex-live README.
func TestHashReadmeExample(t *testing.T) {
	id := Identity{Event: "PreToolUse", Matcher: strp("Bash"),
		Handler: IdentityHandler{Type: "command", Command: "codex-live-log user-trusted", TimeoutSec: 600}}
	const wantJSON = `{"event_name":"pre_tool_use","hooks":[{"async":false,"command":"codex-live-log user-trusted","timeout":600,"type":"command"}],"matcher":"Bash"}`
	if got := id.CanonicalJSON(); got != wantJSON {
		t.Errorf("canonical JSON\n got %s\nwant %s", got, wantJSON)
	}
	if got, want := id.Hash(), "sha256:f3a2fa563560b779098be28212a3db22391b37975639db3ff5241f6c164d5b5a"; got != want {
		t.Errorf("hash %s, want %s", got, want)
	}
	if got, want := trustKey("/home/user/.codex/hooks.json", "PreToolUse", 0, 0), "/home/user/.codex/hooks.json:pre_tool_use:0:0"; got != want {
		t.Errorf("key %s, want %s", got, want)
	}
}

// TestHashObserved holds hashes hooks/list of the real Codex 0.171.0
// reported for hooks.json files (probed by hand; the files are inline).
func TestHashObserved(t *testing.T) {
	for _, c := range []struct{ name, json, key, hash string }{
		{"timeout 0 is 1", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"a","timeout":0}]}]}}`,
			"pre_tool_use:0:0", "sha256:f2b2db8b1e62e189f4d550e880d030bdcbea8ad0da0d93f0b5ffce89e34519bd"},
		{"unicode, quote, newline, <>&", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"a\u00e9\"q","statusMessage":"ü\n<>&"}]}]}}`,
			"pre_tool_use:0:0", "sha256:f945230e5fe190218b5c83684999e8139e0d395361ab9e708e26b5cddd5e2e72"},
		{"mcp_tool", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"mcp_tool","server":"s","tool":"t"}]}]}}`,
			"pre_tool_use:0:0", "sha256:512cf58fb1a288c356a4eac3a7960c4fa4beef61cd5c4259b54760eaf8665f18"},
		{"SessionEnd clamp", `{"hooks":{"SessionEnd":[{"matcher":"x","hooks":[{"type":"command","command":"a","timeout":10}]}]}}`,
			"session_end:0:0", "sha256:1610f526fb201"},
		{"empty matcher kept", `{"hooks":{"PreToolUse":[{"matcher":"","hooks":[{"type":"command","command":"a"}]}]}}`,
			"pre_tool_use:0:0", "sha256:36dcb89c4d852"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := loadUserHooks(t, c.json)
			h := s.HandlerByKey(s.Paths.UserHooksJSON + ":" + c.key)
			if h == nil {
				t.Fatalf("no handler %s; handlers %v", c.key, keysOf(s))
			}
			if !strings.HasPrefix(h.CurrentHash, c.hash) {
				t.Errorf("hash %s, want %s…", h.CurrentHash, c.hash)
			}
		})
	}
}

// loadUserHooks loads a snapshot whose only hooks file is the user
// hooks.json with text.
func loadUserHooks(t *testing.T, text string) *project {
	t.Helper()
	home := t.TempDir()
	testenv.WriteFile(t, filepath.Join(home, ".codex", "hooks.json"), text)
	return loadIn(t, home, t.TempDir(), sessionFlags{})
}

func loadIn(t *testing.T, home, cwd string, flags sessionFlags) *project {
	t.Helper()
	env := map[string]string{"HOME": home}
	s, err := load(options{Cwd: cwd, Getenv: func(k string) string { return env[k] }, SystemDir: filepath.Join(home, "etc-codex")}, flags)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func keysOf(s *project) []string {
	var out []string
	for _, h := range s.Handlers {
		out = append(out, h.Key)
	}
	return out
}

// genHooksJSON builds a hooks.json with every event, with and without
// matcher, timeout (0, small, large, clamped), async, statusMessage, and
// commands with quotes, backslashes, control characters and non-ASCII.
func genHooksJSON(r *rand.Rand) string {
	texts := []string{`echo hi`, `printf '%s\n' "a\"b"`, `echo \\ back`, "tab\there", "nl\nline", `ünïcødé ✓ 日本`,
		"<script>&amp;", "\u2028sep\u2029", "ctl\x01\x1f\x7f", `emoji 😀`, `  spaced  `}
	matchers := []string{"Bash", "^Bash$", "Edit|Write", "", "*", "apply_patch", "mcp__.*", "startup|resume", "x y"}
	var names []string
	for _, e := range events {
		names = append(names, string(e.Name))
	}
	doc := map[string]any{}
	for _, ev := range names {
		var groups []any
		for g := 0; g < 1+r.Intn(3); g++ {
			group := map[string]any{}
			if r.Intn(3) > 0 {
				group["matcher"] = matchers[r.Intn(len(matchers))]
			}
			var hs []any
			for h := 0; h < 1+r.Intn(3); h++ {
				hd := map[string]any{"type": "command", "command": texts[r.Intn(len(texts))] + fmt.Sprint(r.Intn(100))}
				switch r.Intn(5) {
				case 0:
					hd["timeout"] = 0
				case 1:
					hd["timeout"] = 1 + r.Intn(5)
				case 2:
					hd["timeout"] = 30 + r.Intn(100000)
				}
				if r.Intn(3) == 0 {
					hd["async"] = r.Intn(2) == 0
				}
				if r.Intn(3) == 0 {
					hd["statusMessage"] = texts[r.Intn(len(texts))]
				}
				hs = append(hs, hd)
			}
			group["hooks"] = hs
			groups = append(groups, group)
		}
		doc[ev] = groups
	}
	b, err := json.MarshalIndent(map[string]any{"hooks": doc}, "", "  ")
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestHashAgainstHookHashCJS compares key and hash of many generated hooks
// with the kit's hook-hash.cjs (itself checked against hooks/list).
func TestHashAgainstHookHashCJS(t *testing.T) {
	script := filepath.Join(testenv.KitDir(t), "codex-live", "hook-hash.cjs")
	if _, err := os.Stat(script); err != nil {
		testenv.Missing(t, "codex-live kit: %v", err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		testenv.Missing(t, "node not found: comparing with hook-hash.cjs needs it")
	}
	r := rand.New(rand.NewSource(15))
	total := 0
	for i := 0; i < 8; i++ {
		text := genHooksJSON(r)
		s := loadUserHooks(t, text)
		out, err := exec.Command("node", script, s.Paths.UserHooksJSON).Output()
		if err != nil {
			t.Fatalf("hook-hash.cjs: %v", err)
		}
		want := map[string]string{}
		sc := bufio.NewScanner(bytes.NewReader(out))
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var line struct{ Key, Hash string }
			if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
				t.Fatal(err)
			}
			want[line.Key] = line.Hash
		}
		got := map[string]string{}
		for _, h := range s.Handlers {
			if h.Listed {
				got[h.Key] = h.CurrentHash
			}
		}
		if len(got) != len(want) {
			t.Errorf("file %d: %d hooks, hook-hash.cjs %d", i, len(got), len(want))
		}
		for k, w := range want {
			if got[k] != w {
				h := s.HandlerByKey(k)
				id := ""
				if h != nil {
					id = h.Identity().CanonicalJSON()
				}
				t.Errorf("%s: hash %s, hook-hash.cjs %s (identity %s)", k, got[k], w, id)
			}
		}
		total += len(want)
	}
	if total < 100 {
		t.Errorf("only %d hooks compared", total)
	}
	t.Logf("%d hooks compared with hook-hash.cjs", total)
}

func TestEventKey(t *testing.T) {
	want := map[hooks.Event]string{"PreToolUse": "pre_tool_use", "PermissionRequest": "permission_request",
		"SubagentStop": "subagent_stop", "PreModelRequest": "pre_model_request", "Interrupt": "interrupt", "SessionEnd": "session_end"}
	for e, w := range want {
		if got := eventKey(e); got != w {
			t.Errorf("EventKey(%s) = %s, want %s", e, got, w)
		}
	}
	if n := len(events); n != 14 {
		t.Errorf("%d events", n)
	}
}
