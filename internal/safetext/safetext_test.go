package safetext

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLineEscapesAttacks(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"cr overwrite", "curl evil.sh | sh\r echo ok", `curl evil.sh | sh\r echo ok`},
		{"erase line", "rm -rf ~ \x1b[2K\x1b[1Gecho hello", `rm -rf ~ \x1b[2K\x1b[1Gecho hello`},
		{"osc 8 hyperlink", "\x1b]8;;https://evil\x1b\\docs\x1b]8;;\x1b\\", `\x1b]8;;https://evil\x1b\docs\x1b]8;;\x1b\`},
		{"8-bit csi", "a\u009b2Kb", `a\u009b2Kb`},
		{"newline forges a row", "lint\n  trusted  fmt", `lint\n  trusted  fmt`},
		{"tab breaks columns", "a\tb", `a\tb`},
		{"nul", "safe\x00; curl x", `safe\x00; curl x`},
		{"del and backspace", "ab\x08\x08\x7f", `ab\x08\x08\x7f`},
		{"trojan source", "echo \u202eevil\u202c ok \u2066x\u2069", `echo \u202eevil\u202c ok \u2066x\u2069`},
		{"zero width", "cu\u200brl \u200d\u200c\u2060\ufeff", `cu\u200brl \u200d\u200c\u2060\ufeff`},
		{"odd spaces", "rm\u00a0-rf\u3000/ \u2028x\u2029", `rm\u00a0-rf\u3000/ \u2028x\u2029`},
		{"tag characters", "ok\U000E0041\U000E0042", `ok\U000e0041\U000e0042`},
		{"fillers", "a\u3164b\u115fc\u2800d", `a\u3164b\u115fc\u2800d`},
		{"variation selector", "a\ufe0fb", `a\ufe0fb`},
		{"invalid utf-8", "a\xff\xc3b\xed\xa0\x80", `a\xff\xc3b\xed\xa0\x80`},
		{"soft hyphen", "ba\u00adsh", `ba\u00adsh`},
		{"private use", "x\ue000", `x\ue000`},
		{"cyrillic a in bash", "bаsh x.sh", `b\u0430sh x.sh`},
		{"cyrillic c in curl", "сurl http://x", `\u0441url http://x`},
		{"all look-alike word", "ѕһ -c id", `\u0455\u04bb -c id`},
		{"greek omicron", "ech\u03bf hi", `ech\u03bf hi`},
		{"plain", "bash .gemini/hooks/lint.sh --fix", "bash .gemini/hooks/lint.sh --fix"},
		{"real cyrillic word", "echo проверка", "echo проверка"},
		{"japanese mix", "USB接続 テスト", "USB接続 テスト"},
		{"accents", "café naïve Ünïcode", "café naïve Ünïcode"},
		{"greek math alone", "αβγ", "αβγ"},
		{"emoji", "ok ✓ 🚀", "ok ✓ 🚀"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Line(c.in); got != c.want {
				t.Errorf("Line(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

func TestTextKeepsLayout(t *testing.T) {
	in := "line 1\r\n\tline 2\nlast\r overwrite\x1b[A"
	want := "line 1\r\n\tline 2\nlast\\r overwrite\\x1b[A"
	if got := Text(in); got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
}

// The output of Line is always one line of printable characters with no
// escape sequence, and nothing suspicious survives a second pass.
func TestLineOutputIsInert(t *testing.T) {
	inputs := []string{"\x1b[2K\r\n\t\x00\u202e\u200b\xffbаsh", strings.Repeat("\u202e\x1b", 100)}
	for _, in := range inputs {
		out := Line(in)
		if !utf8.ValidString(out) {
			t.Errorf("Line(%q) not UTF-8", in)
		}
		for _, r := range out {
			if r < 0x20 || r == 0x7f || classify(r) != 0 {
				t.Errorf("Line(%q) = %q keeps %U", in, out, r)
			}
		}
	}
}

func TestFindReportsKinds(t *testing.T) {
	fs := Find("b\u0430sh\r\u202e\xff\u200b", false)
	var kinds []Kind
	for _, f := range fs {
		kinds = append(kinds, f.Kind)
	}
	want := []Kind{Confusable, Control, Bidi, InvalidUTF8, Invisible}
	if len(kinds) != len(want) {
		t.Fatalf("kinds = %v, want %v", kinds, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("kinds = %v, want %v", kinds, want)
		}
	}
	if fs[0].Start != 1 || fs[0].End != 3 || fs[0].Escape != `\u0430` {
		t.Errorf("confusable finding = %+v", fs[0])
	}
}

func TestWriterEscapesStreamAndKeepsJSON(t *testing.T) {
	v := map[string]string{"command": "echo \u202eok\u202c \u200b\x7f\u0085 \x1b[2K\r\U000E0041 bаsh"}
	raw, _ := json.Marshal(v)
	var out bytes.Buffer
	w := NewWriter(&out)
	// Feed it one byte at a time: characters split across writes.
	for i := range raw {
		if _, err := w.Write(raw[i : i+1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	for _, r := range out.String() {
		if classify(r) != 0 {
			t.Fatalf("JSON through Writer keeps %U: %s", r, out.String())
		}
	}
	var back map[string]string
	if err := json.Unmarshal(out.Bytes(), &back); err != nil {
		t.Fatalf("not JSON any more: %v\n%s", err, out.String())
	}
	if back["command"] != v["command"] {
		t.Errorf("round trip = %q, want %q", back["command"], v["command"])
	}
}

func TestWriterText(t *testing.T) {
	var out bytes.Buffer
	w := NewWriter(&out)
	for _, p := range []string{"ok\r", "\nhidden\r", " \x1b[2Kfine\n", "\xe2\x80", "\xae!\xff", "\r"} {
		w.Write([]byte(p))
	}
	w.Flush()
	want := "ok\r\nhidden\\r \\x1b[2Kfine\n\\u202e!\\xff\\r"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

func BenchmarkLinePlain(b *testing.B) {
	s := "bash .gemini/hooks/lint.sh --fix && node scripts/check.js"
	for b.Loop() {
		Line(s)
	}
}

func BenchmarkLineUnicode(b *testing.B) {
	s := "echo проверка café bаsh \u202e"
	for b.Loop() {
		Line(s)
	}
}

func TestSummary(t *testing.T) {
	if got := Summary("b\u0430sh\r\x1b", "\u202e"); got != "2 control characters, 1 bidi control, 1 look-alike letter" {
		t.Errorf("Summary = %q", got)
	}
	if got := Summary("plain", "café"); got != "" {
		t.Errorf("Summary of clean text = %q", got)
	}
}
