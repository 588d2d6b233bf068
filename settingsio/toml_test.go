package settingsio

import (
	"errors"
	"strings"
	"testing"
)

const tomlSample = `# Codex config
model = "gpt-5.5"   # trailing comment
a."b c".d = 1

[projects."/home/user/project"]
trust_level = "trusted"

[hooks.state."/home/user/.codex/hooks.json:pre_tool_use:0:0"]
trusted_hash = "sha256:f3a2"
enabled = false

[[hooks.PreToolUse]]
matcher = "Bash"
[[hooks.PreToolUse.hooks]]
type = "command"
command = "écho ü"
timeout = 30

[[hooks.PreToolUse]]
matcher = "apply_patch"
hooks = [ { type = "command", command = "b", timeout = "soon" } ]

[tui]
when = 1979-05-27T07:32:00Z
day = 1979-05-27
pi = 3.14_15
inline = { x = [1, [2, 3]], "y z" = { w = true } }
`

func mustParseTOML(t *testing.T, src string) *TOMLDocument {
	t.Helper()
	doc, err := ParseTOML("config.toml", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return doc
}

func TestTOMLReadsEveryForm(t *testing.T) {
	doc := mustParseTOML(t, tomlSample)
	if s, ok, err := doc.Root.String("model"); !ok || err != nil || s != "gpt-5.5" {
		t.Fatalf("model = %q %v %v", s, ok, err)
	}
	d := doc.Table("a", "b c").Value("d")
	if d == nil || d.Kind != TOMLInteger || d.Int != 1 || d.Pos.Line != 3 || d.Pos.Column != 13 {
		t.Fatalf("a.\"b c\".d = %+v", d)
	}
	if tb := doc.Table("a"); tb.Kind != TOMLDottedTable || tb.Name != "a" {
		t.Fatalf("a: %+v", tb)
	}
	proj := doc.Table("projects", "/home/user/project")
	if proj == nil || proj.Kind != TOMLHeaderTable || proj.Name != `projects."/home/user/project"` || proj.Pos().Line != 5 {
		t.Fatalf("projects table: %+v", proj)
	}
	if sp := proj.Span(); string(doc.Data[sp.Start:sp.End]) != `[projects."/home/user/project"]` {
		t.Fatalf("projects span %+v", sp)
	}
	if doc.Table("projects").Kind != TOMLImplicitTable {
		t.Fatal("projects should be implicit")
	}
	st := doc.Table("hooks", "state", "/home/user/.codex/hooks.json:pre_tool_use:0:0")
	if b, ok, err := st.Bool("enabled"); !ok || err != nil || b {
		t.Fatalf("enabled = %v %v %v", b, ok, err)
	}
	v := st.Value("trusted_hash")
	if got := string(doc.Data[v.Span.Start:v.Span.End]); got != `"sha256:f3a2"` || v.Pos.Line != 9 || v.Pos.Column != 16 {
		t.Fatalf("trusted_hash at %+v: %q", v.Pos, got)
	}

	groups, err := doc.Table("hooks").ArrayOfTables("PreToolUse")
	if err != nil || len(groups) != 2 {
		t.Fatalf("PreToolUse: %d %v", len(groups), err)
	}
	if m, _, _ := groups[1].String("matcher"); m != "apply_patch" || groups[0].Kind != TOMLArrayElement {
		t.Fatalf("order: %q", m)
	}
	h0, err := groups[0].ArrayOfTables("hooks")
	if err != nil || len(h0) != 1 {
		t.Fatal(len(h0), err)
	}
	c := h0[0].Value("command")
	// Columns count characters: "écho ü" starts at column 11 whatever the bytes.
	if c.Str != "écho ü" || c.Pos.Line != 16 || c.Pos.Column != 11 {
		t.Fatalf("command %+v", c)
	}
	if to, ok, err := h0[0].Int("timeout"); to != 30 || !ok || err != nil {
		t.Fatal(to, ok, err)
	}
	if h0[0].Name != "hooks.PreToolUse[0].hooks[0]" {
		t.Fatal(h0[0].Name)
	}
	// The inline form of an array of tables reads the same way.
	h1, err := groups[1].ArrayOfTables("hooks")
	if err != nil || len(h1) != 1 || h1[0].Kind != TOMLInlineTable {
		t.Fatal(h1, err)
	}
	_, _, err = h1[0].Int("timeout")
	var te *TOMLTypeError
	if !errors.As(err, &te) || err.Error() != "config.toml:21:56: hooks.PreToolUse[1].hooks[0].timeout: expected integer, got string" {
		t.Fatalf("typed error: %v", err)
	}
	if _, ok, err := h1[0].Int("missing"); ok || err != nil {
		t.Fatal("a missing key is not an error")
	}

	tui := doc.Table("tui")
	if w := tui.Value("when"); w.Kind != TOMLDatetime || w.Datetime != TOMLOffsetDatetime || w.Raw != "1979-05-27T07:32:00Z" {
		t.Fatalf("when %+v", w)
	}
	if w := tui.Value("day"); w.Datetime != TOMLLocalDate {
		t.Fatalf("day %+v", w)
	}
	if pi := tui.Value("pi"); pi.Kind != TOMLFloat || pi.Float != 3.1415 {
		t.Fatalf("pi %+v", pi)
	}
	in := tui.Value("inline")
	if got := string(doc.Data[in.Span.Start:in.Span.End]); got != `{ x = [1, [2, 3]], "y z" = { w = true } }` {
		t.Fatalf("inline span %q", got)
	}
	x := in.Table.Value("x")
	if got := string(doc.Data[x.Span.Start:x.Span.End]); got != "[1, [2, 3]]" || len(x.Items) != 2 {
		t.Fatalf("x span %q", got)
	}
	inner := x.Items[1]
	if got := string(doc.Data[inner.Span.Start:inner.Span.End]); got != "[2, 3]" || inner.Items[1].Int != 3 {
		t.Fatalf("inner span %q", got)
	}
	if w, _, _ := in.Table.Table("y z").Bool("w"); !w {
		t.Fatal("y z.w")
	}

	// Statements: every header and top-level key/value, in order, with lines.
	var heads []string
	for _, s := range doc.Statements {
		if s.Kind != TOMLKeyValueStatement {
			heads = append(heads, string(doc.Data[s.Span.Start:s.Span.End]))
		}
	}
	want := `[projects."/home/user/project"]|[hooks.state."/home/user/.codex/hooks.json:pre_tool_use:0:0"]|[[hooks.PreToolUse]]|[[hooks.PreToolUse.hooks]]|[[hooks.PreToolUse]]|[tui]`
	if strings.Join(heads, "|") != want {
		t.Fatalf("headers %q", heads)
	}
	if s := doc.Statements[0]; string(doc.Data[s.Line.Start:s.Line.End]) != "model = \"gpt-5.5\"   # trailing comment\n" {
		t.Fatalf("line %q", doc.Data[s.Line.Start:s.Line.End])
	}
}

// TestTOMLRejectsWhatCodexRejects: every case was run through Codex CLI
// 0.171.0 (a config.toml in a private CODEX_HOME, `codex features list`),
// which rejected the first group and accepted the second.
func TestTOMLRejectsWhatCodexRejects(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"[a]\nb=1\n[a]\n", "config.toml:3:2: duplicate key a"},
		{"a.b = 1\n[a]\n", "config.toml:2:2: duplicate key a"},
		{"[a]\nb.c=1\n[a.b]\n", "config.toml:3:4: duplicate key a.b"},
		{"a = {}\n[a.b]\n", "config.toml:2:2: a: cannot add a table to an inline table"},
		{"[[a]]\n[a]\n", "config.toml:2:2: duplicate key a"},
		{"a = [1]\n[[a]]\n", "config.toml:2:3: duplicate key a"},
		{"[a.b.c]\nz=9\n[a]\nb.c.t=1\n", "config.toml:4:1: duplicate key a.b"},
		{"[a.b]\n[a]\nb = 1\n", "config.toml:3:1: duplicate key a.b"},
		{"[a.b.c]\n[a]\nb.x = 1\n", "config.toml:3:1: duplicate key a.b"},
		{"a = 2024-13-01\n", "config.toml:1:5: invalid date/time 2024-13-01: month"},
		{"a = 1979-02-29\n", "config.toml:1:5: invalid date/time 1979-02-29: day"},
		{"a = 1979-05-27T24:00:00Z\n", "config.toml:1:5: invalid date/time"},
		{"a = 9223372036854775808\n", "config.toml:1:5: integer 9223372036854775808 does not fit"},
		{"\"a\" = 1\na = 2\n", "config.toml:2:1: duplicate key a"},
		{"\xc3\xa9 = 1\n", "config.toml:1:1: invalid character at start of key"},
		{"a = {b=1}\na.c = 2\n", "config.toml:2:1: a: cannot extend an inline table"},
		{"a.b=1\na.b.c=2\n", "config.toml:2:3: a.b: cannot extend a value of type integer"},
		{"[a]\n[a.b]\n[a]\n", "config.toml:3:2: duplicate key a"},
		{"a = 1\r", "config.toml:1:6: expected newline"},
		{"[a]\nb=1\n[a.b.c]\n", "config.toml:3:4: a.b: cannot add a table to a value of type integer"},
		{"[hooks.state.\"k\"]\nenabled=false\n[hooks]\nstate = {}\n", "config.toml:4:1: duplicate key hooks.state"},
		{"[[a]]\n[[a.b]]\n[a.b.c]\n[a]\n", "config.toml:4:2: duplicate key a"},
		{"a=[{}]\n[[a]]\n", "config.toml:2:3: duplicate key a"},
		{"a = { b.c = 1, b = {} }\n", "config.toml:1:16: duplicate key a.b"},
		{"[a]\n[a.b]\n[a.b.c]\nd=1\n[a.b]\n", "config.toml:5:4: duplicate key a.b"},
		{"x = 1 # \x7f\n", "config.toml:1:9: control characters are not allowed in comments"},
		{"x = \"é\" \"\n", "config.toml:1:9: "}, // the column counts é as one character
		{"x = [1,\n", "config.toml:"},
	} {
		_, err := ParseTOML("config.toml", []byte(c.src))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s...", c.src, err, c.want)
		}
	}
	for _, src := range []string{
		"x = {\n a = 1 }\n", "x = { a = 1, }\n", "[a.b]\n[a]\n", "a = 1979-05-27 07:32:00\n",
		"a = \"\\e\"\n", "a = \"\\x41\"\n", "a = 07:32\n", "[[a]]\n[a.b]\n", "\xef\xbb\xbfa=1\n",
		"a = 1979-05-27T07:32:00.999999999999Z\n", "x = [1, \"a\"]\n", "[a]\nx.y=1\n[a.x.z]\n",
		"a.b.c=1\n[a.b.d]\n", "[a.b.c]\n[a.b]\n[a]\n", "[a]\nb.c=1\nb.d=2\n[a.b.e]\n",
		"a = { b.c = 1, b.d = 2 }\n", "", "# only a comment", "a = -9223372036854775808\nb = 0xff\nc = -inf\nd = nan\n",
	} {
		if _, err := ParseTOML("config.toml", []byte(src)); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}

func TestTOMLDepthIsAnErrorNotACrash(t *testing.T) {
	for name, src := range map[string]string{
		"arrays":       "a = " + strings.Repeat("[", 200000) + strings.Repeat("]", 200000) + "\n",
		"inline":       "a = " + strings.Repeat("{b=", 5000) + "1" + strings.Repeat("}", 5000) + "\n",
		"dotted key":   strings.Repeat("a.", 5000) + "a = 1\n",
		"header":       "[" + strings.Repeat("a.", 5000) + "a]\n",
		"array header": "[[" + strings.Repeat("a.", 5000) + "a]]\n",
		"open":         "a = " + strings.Repeat("[", 300),
	} {
		_, err := ParseTOML("deep.toml", []byte(src))
		if err == nil || err.Line != 1 {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Just under the limit reads.
	ok := "a = " + strings.Repeat("[", tomlMaxDepth-1) + strings.Repeat("]", tomlMaxDepth-1) + "\n"
	if _, err := ParseTOML("ok.toml", []byte(ok)); err != nil {
		t.Fatal(err)
	}
}
