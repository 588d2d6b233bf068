package history

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Every kind of secret is replaced inside a JSON payload, the payload
// stays valid JSON, and what is plainly not a secret stays.
func TestRedactSecretsKeepsJSON(t *testing.T) {
	secrets := map[string]string{
		"api-key":         "sk-ant-api03-" + strings.Repeat("Ab9_", 10),
		"github-token":    "ghp_" + strings.Repeat("a1B2", 9),
		"aws-access-key":  "AKIAIOSFODNN7EXAMPLE",
		"jwt":             "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
		"bearer-token":    "Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345",
		"assigned-secret": "export DB_PASSWORD=hunter2hunter2",
		"private-key":     "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----",
		"aws-secret-key":  "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
	}
	for kind, s := range secrets {
		payload, _ := json.Marshal(map[string]any{"tool_name": "Bash", "tool_input": map[string]any{"command": "echo " + s + " done"}})
		out, kinds := Redact(string(payload))
		if !json.Valid([]byte(out)) {
			t.Errorf("%s: redacted payload is not JSON: %s", kind, out)
		}
		if len(kinds) == 0 || !strings.Contains(out, "[REDACTED:") {
			t.Errorf("%s: not redacted: %s", kind, out)
			continue
		}
		for _, part := range []string{"Ab9_Ab9_Ab9_", "a1B2a1B2", "IOSFODNN7", "dozjgNryP4J3", "abcdefghijklmnop", "hunter2", "MIIEowIBAAKCAQEA", "wJalrXUtnFEMI"} {
			if strings.Contains(out, part) {
				t.Errorf("%s: %q left in %s", kind, part, out)
			}
		}
	}
	// a JSON member named like a secret
	out, kinds := Redact(`{"env":{"OPENAI_API_KEY":"abcd1234efgh5678"},"n":"x"}`)
	if strings.Contains(out, "abcd1234") || len(kinds) != 1 || !json.Valid([]byte(out)) {
		t.Errorf("member: %s %v", out, kinds)
	}
	// not secrets: counts, paths, ids
	plain := `{"session_id":"0b5c4b6e-1f2a-4c3d-9e8f-1234567890ab","transcript_path":"/home/u/.claude/projects/p/s.jsonl","tool_use_id":"toolu_01ABCDEFGHIJ","usage":{"input_tokens":12345678,"max_tokens":4096},"token_file":"/run/secrets/x","cwd":"/home/u/project"}`
	if out, kinds := Redact(plain); out != plain || kinds != nil {
		t.Errorf("plain payload changed: %s %v", out, kinds)
	}
}

// A payload JSON-escaped inside another string (a command holding JSON)
// stays valid JSON after redaction.
func TestRedactEscapedQuotes(t *testing.T) {
	inner := `{"token":"ghp_` + strings.Repeat("x", 36) + `"}`
	payload, _ := json.Marshal(map[string]string{"command": "curl -d '" + inner + "'"})
	out, _ := Redact(string(payload))
	if !json.Valid([]byte(out)) || strings.Contains(out, "xxxxxxxx") {
		t.Fatalf("%s", out)
	}
}

func testStore(t *testing.T) Store {
	return Store{Dir: filepath.Join(t.TempDir(), "state", "hookwarden", "history")}
}

// Append makes a private folder and file, and a record reads back with
// the exact payload bytes.
func TestAppendPrivateAndExact(t *testing.T) {
	s := testStore(t)
	payload := []byte("{\"session_id\":\"s\",  \"cwd\":\"/p\",\n\"n\":[1,2.50,\"\\u00e9\"]}")
	r := Record{ID: NewID(time.Now()), Time: time.Now().UTC(), Agent: "a", Event: "E", Source: SourceObserver}
	r.SetPayload(payload, s.PayloadCap())
	if err := s.Append(r); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(s.Dir)
	if fi.Mode().Perm() != 0o700 {
		t.Errorf("folder mode %v", fi.Mode().Perm())
	}
	fi, _ = os.Stat(filepath.Join(s.Dir, currentName))
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("file mode %v", fi.Mode().Perm())
	}
	recs, errs := s.List()
	if len(errs) != 0 || len(recs) != 1 || string(recs[0].PayloadBytes()) != string(payload) {
		t.Fatalf("%v %+v", errs, recs)
	}
	if got, err := s.Find(r.ID[:8]); err != nil || got.ID != r.ID {
		t.Fatalf("find by prefix: %v %v", got.ID, err)
	}
}

// Concurrent appenders (goroutines here; processes in the CLI test) lose
// no record and tear none, across rotations too.
func TestConcurrentAppendAndRotate(t *testing.T) {
	s := testStore(t)
	s.MaxFile, s.Keep = 256<<10, 50
	var wg sync.WaitGroup
	const writers, each = 8, 50
	big := strings.Repeat("y", 9000) // larger than PIPE_BUF
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < each; i++ {
				r := Record{ID: NewID(time.Now()), Time: time.Now(), Agent: "a", Event: fmt.Sprint(w), Source: SourceObserver}
				r.SetPayload([]byte(`{"i":`+fmt.Sprint(i)+`,"pad":"`+big+`"}`), 0)
				if err := s.Append(r); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	recs, errs := s.List()
	if len(errs) != 0 || len(recs) != writers*each {
		t.Fatalf("%d records, errors %v", len(recs), errs)
	}
	for _, r := range recs {
		if !r.IsJSON() {
			t.Fatalf("torn payload in %s", r.ID)
		}
	}
}

// The history never grows past its cap: the oldest file goes.
func TestRotationCaps(t *testing.T) {
	s := testStore(t)
	s.MaxFile, s.Keep = 4<<10, 2
	for i := 0; i < 100; i++ {
		r := Record{ID: NewID(time.Now()), Time: time.Now(), Agent: "a", Event: "E", Source: SourceObserver}
		r.SetPayload([]byte(`{"pad":"`+strings.Repeat("z", 500)+`"}`), 0)
		if err := s.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	size, files := s.Size()
	if files != 3 || size > 3*(4<<10) {
		t.Fatalf("%d files, %d bytes", files, size)
	}
	if err := s.Clear(); err != nil {
		t.Fatal(err)
	}
	if size, files := s.Size(); size != 0 || files != 0 {
		t.Fatalf("after clear: %d files, %d bytes", files, size)
	}
}

// A payload over the cap is cut and marked; a non-UTF-8 one keeps its
// bytes.
func TestPayloadCapAndBytes(t *testing.T) {
	var r Record
	r.SetPayload([]byte(`{"a":"`+strings.Repeat("b", 100)+`"}`), 10)
	if !r.Truncated || r.Size != 108 || len(r.PayloadBytes()) != 10 {
		t.Fatalf("%+v", r)
	}
	r = Record{}
	r.SetPayload([]byte("{\"a\":\"\xff\xfe\"}"), 0)
	if string(r.PayloadBytes()) != "{\"a\":\"\xff\xfe\"}" {
		t.Fatalf("%q", r.PayloadBytes())
	}
}

// A folder that is a link, or a file where the folder should be, is
// refused; a cut last line reads as an error, the rest as records.
func TestHostileFolder(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "elsewhere"), 0o755)
	os.Symlink(filepath.Join(root, "elsewhere"), filepath.Join(root, "h"))
	if err := (Store{Dir: filepath.Join(root, "h")}).Append(Record{ID: "x"}); err == nil {
		t.Error("appended through a linked folder")
	}
	s := testStore(t)
	s.Append(Record{ID: "1", Agent: "a"})
	f, _ := os.OpenFile(filepath.Join(s.Dir, currentName), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"id":"2","ag`)
	f.Close()
	recs, errs := s.List()
	if len(recs) != 1 || len(errs) != 1 {
		t.Fatalf("%v %v", recs, errs)
	}
}

func TestDir(t *testing.T) {
	d, _ := Dir(env("HOME=/h"), "linux")
	if d != "/h/.local/state/hookwarden/history" {
		t.Error(d)
	}
	d, _ = Dir(env("HOME=/h", "XDG_STATE_HOME=/s"), "linux")
	if d != "/s/hookwarden/history" {
		t.Error(d)
	}
	d, _ = Dir(env("HOME=/h", DirEnvVar+"=/x/"), "linux")
	if d != "/x" {
		t.Error(d)
	}
	if _, err := Dir(nil, "linux"); err == nil {
		t.Error("no home")
	}
}

// env is a getenv over KEY=VALUE pairs.
func env(kv ...string) func(string) string {
	return func(k string) string {
		for _, x := range kv {
			if key, v, ok := strings.Cut(x, "="); ok && key == k {
				return v
			}
		}
		return ""
	}
}
