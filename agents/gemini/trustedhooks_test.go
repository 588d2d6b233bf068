package gemini

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestTrustKeysLayoutAndUnion(t *testing.T) {
	tests := []struct {
		name    string
		before  *string // nil: no file
		project string
		add     []string
		want    string
	}{
		{"new file", nil, "/p", []string{"a:x", ":y"},
			"{\n  \"/p\": [\n    \"a:x\",\n    \":y\"\n  ]\n}"},
		{"empty object", ptr("{}"), "/p", []string{"a:x"},
			"{\n  \"/p\": [\n    \"a:x\"\n  ]\n}"},
		{"append project after others", ptr("{\n  \"/q\": [\n    \"b:z\"\n  ]\n}"), "/p", []string{"a:x"},
			"{\n  \"/q\": [\n    \"b:z\"\n  ],\n  \"/p\": [\n    \"a:x\"\n  ]\n}"},
		{"union keeps order, adds new at end", ptr("{\n  \"/p\": [\n    \"b:2\",\n    \"a:1\"\n  ]\n}"), "/p", []string{"a:1", "c:3", "c:3"},
			"{\n  \"/p\": [\n    \"b:2\",\n    \"a:1\",\n    \"c:3\"\n  ]\n}"},
		{"empty array filled", ptr("{\n  \"/p\": []\n}"), "/p", []string{"k:v"},
			"{\n  \"/p\": [\n    \"k:v\"\n  ]\n}"},
		{"escapes as JSON.stringify", nil, "/p", []string{"n:echo \"<&>\"\t\u001b é"},
			"{\n  \"/p\": [\n    \"n:echo \\\"<&>\\\"\\t\\u001b é\"\n  ]\n}"},
		{"nothing new: unchanged", ptr("{\"/p\":[\"a:1\"]}"), "/p", []string{"a:1"},
			"{\"/p\":[\"a:1\"]}"},
		{"odd layout of other entries kept", ptr("{ \"/q\" : [ \"z\" ,\"\\u0041\"] , \"/p\":[\"a:1\"] }"), "/p", []string{"b:2"},
			"{ \"/q\" : [ \"z\" ,\"\\u0041\"] , \"/p\":[\n    \"a:1\",\n    \"b:2\"\n  ] }"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), ".gemini", "trusted_hooks.json")
			if tc.before != nil {
				writeFile(t, path, *tc.before, 0o644)
			}
			if err := trustKeys(path, tc.project, tc.add); err != nil {
				t.Fatal(err)
			}
			got := readFile(t, path)
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			th, err := readTrustedHooks(path)
			if err != nil || th.Err != nil {
				t.Fatalf("result unreadable: %v %v", err, th.Err)
			}
			for _, k := range tc.add {
				if !slices.Contains(th.Keys(tc.project), k) {
					t.Errorf("key %q missing after trust", k)
				}
			}
			if tc.before == nil {
				fi, _ := os.Stat(path)
				if fi.Mode().Perm() != 0o600 {
					t.Errorf("new file mode %v, want 0600", fi.Mode().Perm())
				}
			}
		})
	}
}

func TestTrustKeysKeepsMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "trusted_hooks.json")
	writeFile(t, path, "{}", 0o644)
	if err := trustKeys(path, "/p", []string{"a:b"}); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(path)
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644 kept", fi.Mode().Perm())
	}
}

func TestUntrustKeys(t *testing.T) {
	tests := []struct {
		name, before string
		remove       []string
		want         string
	}{
		{"one of two", "{\n  \"/p\": [\n    \"a:1\",\n    \"b:2\"\n  ],\n  \"/q\": [\"x\"]\n}", []string{"a:1"},
			"{\n  \"/p\": [\n    \"b:2\"\n  ],\n  \"/q\": [\"x\"]\n}"},
		{"all leaves empty array", "{\n  \"/p\": [\n    \"a:1\"\n  ]\n}", []string{"a:1"},
			"{\n  \"/p\": []\n}"},
		{"absent key: unchanged", "{\"/p\":[\"a:1\"]}", []string{"zz"}, "{\"/p\":[\"a:1\"]}"},
		{"absent project: unchanged", "{\"/q\":[\"a:1\"]}", []string{"a:1"}, "{\"/q\":[\"a:1\"]}"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "trusted_hooks.json")
			writeFile(t, path, tc.before, 0o600)
			if err := untrustKeys(path, "/p", tc.remove); err != nil {
				t.Fatal(err)
			}
			if got := readFile(t, path); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestTrustKeysNeverWritesUnusableFile(t *testing.T) {
	tests := []struct {
		name, content, wantInErr string
	}{
		{"syntax error", "{\n  \"/p\": [\n    \"a\"\n  \n}", ":5:1"},
		{"comment", "{\n  // mine\n  \"/p\": []\n}", ":2:3"},
		{"trailing comma", "{\"/p\": [\"a\",]}", ":1:13"},
		{"byte order mark", "\ufeff{}", ":1:1"},
		{"top level array", "[]", "not an object"},
		{"project value not an array", "{\"/p\": \"a:b\"}", "not an array"},
		{"empty file", "", "unexpected end"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "trusted_hooks.json")
			writeFile(t, path, tc.content, 0o600)
			err := trustKeys(path, "/p", []string{"new:key"})
			if !errors.Is(err, errUnusableFile) {
				t.Fatalf("err = %v, want ErrUnusableFile", err)
			}
			if !strings.Contains(err.Error(), "not writing "+path) || !strings.Contains(err.Error(), tc.wantInErr) {
				t.Errorf("error %q does not say it refused and where (%q)", err, tc.wantInErr)
			}
			if got := readFile(t, path); got != tc.content {
				t.Errorf("file was changed to %q", got)
			}
		})
	}
}

func TestRepairTrustedHooks(t *testing.T) {
	tests := []struct {
		name, content, want string
		salvaged            int
	}{
		{"comments and trailing comma salvaged", "{\n  // note\n  \"/a\": [\"x:1\", \"x:1\",],\n  \"/b\": 5,\n}", "{\n  \"/a\": [\n    \"x:1\"\n  ]\n}", 1},
		{"garbage becomes empty", "not json at all", "{}", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "trusted_hooks.json")
			writeFile(t, path, tc.content, 0o600)
			now := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
			res, err := repairTrustedHooks(path, now)
			if err != nil {
				t.Fatal(err)
			}
			if res.Salvaged != tc.salvaged {
				t.Errorf("salvaged %d, want %d", res.Salvaged, tc.salvaged)
			}
			if !strings.HasPrefix(filepath.Base(res.Backup), "trusted_hooks.json.corrupt-20261129T120000") {
				t.Errorf("backup name %q", res.Backup)
			}
			if got := readFile(t, res.Backup); got != tc.content {
				t.Errorf("backup = %q, want the original", got)
			}
			if got := readFile(t, path); got != tc.want {
				t.Errorf("repaired = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestRepairLeavesUsableFileAlone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "trusted_hooks.json")
	writeFile(t, path, "{}", 0o600)
	res, err := repairTrustedHooks(path, time.Now())
	if err != nil || res.Backup != "" {
		t.Fatalf("repair of a usable file: %+v, %v", res, err)
	}
}

func writeFile(t testing.TB, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

func readFile(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func ptr[T any](v T) *T { return &v }
