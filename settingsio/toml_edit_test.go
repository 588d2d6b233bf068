package settingsio

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

var updateTOMLGolden = flag.Bool("update-toml", false, "rewrite testdata/toml/*/expected.toml")

const (
	tomlUserPre  = "/home/user/.codex/hooks.json:pre_tool_use:0:0"
	tomlUserStop = "/home/user/.codex/hooks.json:stop:0:0"
	tomlHash     = "sha256:f3a2fa563560b779098be28212a3db22391b37975639db3ff5241f6c164d5b5a"
)

func hookState(key string) []string { return []string{"hooks", "state", key} }

// TestTOMLEditGolden: each testdata/toml/CASE/input.toml with the case's
// edits gives expected.toml byte for byte; running the edits again changes
// nothing.
func TestTOMLEditGolden(t *testing.T) {
	cases := map[string][]TOMLEdit{
		// What Codex wrote itself (exec --trust's [projects."<path>"] and
		// trust tables): a new trust table goes after the last one.
		"codex-written": {TOMLSetString(hookState(tomlUserPre), "trusted_hash", tomlHash)},
		// expected.toml of these two is what Codex 0.171.0 itself wrote
		// (the kit, CODEX_LIVE_PROJECT_TRUST=flag: `codex exec --trust`)
		// into input.toml: a new table after the last one of its parent,
		// or at the end when it has none, one blank line before it.
		"codex-exec-trust-next-to-parent": {TOMLSetString([]string{"projects", "/home/user/project"}, "trust_level", "trusted")},
		"codex-exec-trust-appended":       {TOMLSetString([]string{"projects", "/home/user/project"}, "trust_level", "trusted")},
		// The kit's fixture: re-approve a modified hook, disable another.
		"existing-key-updated": {
			TOMLSetString(hookState(tomlUserStop), "trusted_hash", tomlHash),
			TOMLSetBool(hookState(tomlUserPre), "enabled", false),
		},
		"comments-everywhere": {
			TOMLSetString(hookState(tomlUserPre), "trusted_hash", tomlHash),
			TOMLSetBool(hookState(tomlUserPre), "enabled", false),
			TOMLSetString(hookState(tomlUserStop), "trusted_hash", tomlHash),
		},
		"inline-table": {
			TOMLSetBool(hookState(tomlUserPre), "enabled", false),
			TOMLSetString(hookState(tomlUserStop), "trusted_hash", tomlHash),
		},
		"dotted-keys": {
			TOMLSetBool(hookState(tomlUserPre), "enabled", false),
			TOMLSetString(hookState(tomlUserStop), "trusted_hash", tomlHash),
		},
		"crlf": {
			TOMLSetString(hookState(tomlUserStop), "trusted_hash", tomlHash),
			TOMLSetBool(hookState(tomlUserStop), "enabled", false),
			TOMLSetString(hookState(tomlUserPre), "trusted_hash", tomlHash),
		},
		"no-final-newline": {
			TOMLSetString(hookState(tomlUserPre), "trusted_hash", tomlHash),
			TOMLSetBool(hookState(tomlUserPre), "enabled", false),
		},
		"quoted-keys": {
			TOMLSetBool(hookState("/home/user/my project: ü 日本/.codex/hooks.json:pre_tool_use:0:0"), "enabled", false),
			TOMLSetString(hookState("/home/user/my project: ü 日本/.codex/hooks.json:stop:0:0"), "trusted_hash", tomlHash),
			TOMLSetString([]string{"projects", "/home/user/my project: ü 日本"}, "trust_level", "untrusted"),
		},
		"array-of-tables-around": {
			TOMLSetBool(hookState("/home/user/.codex/config.toml:pre_tool_use:0:0"), "enabled", false),
			TOMLSetString(hookState("/home/user/.codex/config.toml:pre_tool_use:1:0"), "trusted_hash", tomlHash),
		},
		"new-table-appended": {TOMLSetString(hookState(tomlUserPre), "trusted_hash", tomlHash)},
		"remove-leaves-empty-table": {
			TOMLRemove(hookState(tomlUserPre), "trusted_hash"),
			TOMLRemove(hookState(tomlUserStop), "trusted_hash"),
			TOMLRemove(hookState("/not/there:stop:0:0"), "trusted_hash"),
		},
		"remove-inline": {
			TOMLRemove(hookState(tomlUserPre), "trusted_hash"),
			TOMLRemove(hookState(tomlUserStop), "enabled"),
		},
		"empty-file": {
			TOMLSetString(hookState(tomlUserPre), "trusted_hash", tomlHash),
			TOMLSetBool(hookState(tomlUserPre), "enabled", false),
		},
	}
	dirs, _ := filepath.Glob("testdata/toml/*")
	if len(dirs) != len(cases) {
		t.Fatalf("%d case folders, %d cases", len(dirs), len(cases))
	}
	for name, edits := range cases {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join("testdata", "toml", name)
			in, err := os.ReadFile(filepath.Join(dir, "input.toml"))
			if err != nil {
				t.Fatal(err)
			}
			got, err := EditTOML("config.toml", in, edits...)
			if err != nil {
				t.Fatal(err)
			}
			exp := filepath.Join(dir, "expected.toml")
			if *updateTOMLGolden {
				if err := os.WriteFile(exp, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(exp)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("got:\n%s\nwant:\n%s", got, want)
			}
			again, err := EditTOML("config.toml", got, edits...)
			if err != nil || !bytes.Equal(again, got) {
				t.Fatalf("a second run changed the file (%v):\n%s", err, again)
			}
		})
	}
}

func TestTOMLEditEscapesHostileKeysAndValues(t *testing.T) {
	evilKey := "\"]\n[evil]\nx=\""
	evilValue := "line1\nline2\r\n\"quoted\" \\back\\ \x00\x1f\x7f tab\t ü 日本 \u2028"
	for _, src := range []string{"", "model = \"x\"\n", "[hooks]\nstate = {}\n", "hooks.state.a.b = 1\n"} {
		out, err := EditTOML("config.toml", []byte(src),
			TOMLSetString(hookState(evilKey), "trusted_hash", evilValue),
			TOMLSetString(hookState("k"), evilKey, evilValue))
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		doc := mustParseTOML(t, string(out))
		if doc.Table("evil") != nil || doc.Table("hooks", "state", "evil") != nil {
			t.Fatalf("the key broke out:\n%s", out)
		}
		if s, _, _ := doc.Table("hooks", "state", evilKey).String("trusted_hash"); s != evilValue {
			t.Fatalf("value read back as %q:\n%s", s, out)
		}
		if s, _, _ := doc.Table("hooks", "state", "k").String(evilKey); s != evilValue {
			t.Fatalf("key read back wrong:\n%s", out)
		}
		if !strings.Contains(src, "{}") && !bytes.HasPrefix(out, []byte(src)) {
			t.Fatalf("the file before the edit changed:\n%s", out)
		}
		if !strings.Contains(string(out), "ü 日本") {
			t.Fatalf("non-ASCII was escaped:\n%s", out)
		}
	}
	// TOML cannot hold invalid UTF-8: refused, not mangled.
	if _, err := EditTOML("config.toml", nil, TOMLSetString(hookState("k"), "trusted_hash", "\xff")); err == nil {
		t.Fatal("invalid UTF-8 value accepted")
	}
	if _, err := EditTOML("config.toml", nil, TOMLSetString(hookState("\xff"), "trusted_hash", "x")); err == nil {
		t.Fatal("invalid UTF-8 key accepted")
	}
}

func TestTOMLEditRefuses(t *testing.T) {
	for name, c := range map[string]struct {
		src  string
		edit TOMLEdit
	}{
		"broken file":         {"[hooks\n", TOMLSetString(hookState("k"), "trusted_hash", "x")},
		"duplicate in file":   {"a = 1\na = 2\n", TOMLSetString(hookState("k"), "trusted_hash", "x")},
		"key is a table":      {"[hooks.state.k.trusted_hash]\nx = 1\n", TOMLSetString(hookState("k"), "trusted_hash", "x")},
		"path is a string":    {"[hooks]\nstate = \"x\"\n", TOMLSetString(hookState("k"), "trusted_hash", "x")},
		"path is an array":    {"[[hooks.state]]\n", TOMLSetString(hookState("k"), "trusted_hash", "x")},
		"replace a table":     {"[hooks.state.k]\ntrusted_hash = { a = 1 }\n", TOMLSetString(hookState("k"), "trusted_hash", "x")},
		"remove a table":      {"[hooks.state.k.trusted_hash]\n", TOMLRemove(hookState("k"), "trusted_hash")},
		"deep file":           {"a = " + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + "\n", TOMLSetString(hookState("k"), "trusted_hash", "x")},
		"value of wrong type": {"", TOMLEdit{Table: hookState("k"), Key: "trusted_hash", Value: 3}},
	} {
		if out, err := EditTOML("config.toml", []byte(c.src), c.edit); err == nil {
			t.Errorf("%s: accepted:\n%s", name, out)
		}
	}
}

func TestTOMLEditFileIsAtomicAndRefusesBrokenFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	src := "# mine\r\n[hooks.state.\"k\"]\r\nenabled = false\r\n"
	if err := os.WriteFile(path, []byte(src), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := EditTOMLFile(path, 0o600, TOMLSetString(hookState("k"), "trusted_hash", tomlHash)); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if want := src + "trusted_hash = \"" + tomlHash + "\"\r\n"; string(got) != want {
		t.Fatalf("got %q", got)
	}
	if fi, _ := os.Stat(path); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o640 {
		t.Fatalf("mode %v", fi.Mode())
	}
	broken := "[hooks.state.\"k\"]\ntrusted_hash = \"x\"\ntrusted_hash = \"y\"\n"
	if err := os.WriteFile(path, []byte(broken), 0o600); err != nil {
		t.Fatal(err)
	}
	err := EditTOMLFile(path, 0o600, TOMLSetBool(hookState("k"), "enabled", false))
	if err == nil || !strings.Contains(err.Error(), "config.toml:3:1: duplicate key") {
		t.Fatalf("err = %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != broken {
		t.Fatal("a file that does not parse was written")
	}
	// A missing file is created.
	fresh := filepath.Join(dir, "new", "config.toml")
	if err := EditTOMLFile(fresh, 0o600, TOMLSetString(hookState("k"), "trusted_hash", tomlHash)); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(fresh); string(got) != "[hooks.state.k]\ntrusted_hash = \""+tomlHash+"\"\n" {
		t.Fatalf("new file %q", got)
	}
}

// TestTOMLEditLargeFile: a 10 MB config.toml is edited with every byte
// outside the edit kept.
func TestTOMLEditLargeFile(t *testing.T) {
	var b strings.Builder
	for i := 0; b.Len() < 10<<20; i++ {
		b.WriteString("# hook ")
		b.WriteString(strings.Repeat("x", 40))
		b.WriteString("\n[hooks.state.\"/home/user/p/.codex/hooks.json:pre_tool_use:")
		b.WriteString(strings.Repeat("1", 1+i%7))
		b.WriteString(":")
		b.WriteString(strconv.Itoa(i))
		b.WriteString("\"]\ntrusted_hash = \"sha256:")
		b.WriteString(strings.Repeat("ab", 32))
		b.WriteString("\"\n\n")
	}
	b.WriteString("[tui]\nx = 1\n")
	src := b.String()
	out, err := EditTOML("config.toml", []byte(src),
		TOMLSetBool(hookState("/home/user/p/.codex/hooks.json:pre_tool_use:1:0"), "enabled", false))
	if err != nil {
		t.Fatal(err)
	}
	head := "[hooks.state.\"/home/user/p/.codex/hooks.json:pre_tool_use:1:0\"]\ntrusted_hash = \"sha256:" + strings.Repeat("ab", 32) + "\"\n"
	i := strings.Index(src, head) + len(head)
	if string(out) != src[:i]+"enabled = false\n"+src[i:] {
		t.Fatal("bytes outside the edit changed")
	}
}

// TestTOMLEditKeepsByteOrderMark: a file that starts with a byte order
// mark (Codex reads it) keeps it through adding and removing.
func TestTOMLEditKeepsByteOrderMark(t *testing.T) {
	src := "\xef\xbb\xbf[hooks.state.\"k\"]\nenabled = false\n"
	out, err := EditTOML("config.toml", []byte(src), TOMLRemove(hookState("k"), "enabled"), TOMLSetString(nil, "model", "m"))
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != "\xef\xbb\xbfmodel = \"m\"\n" {
		t.Fatalf("got %q", out)
	}
}
