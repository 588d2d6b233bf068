package settingsio

import (
	"math"
	"strings"
	"testing"
)

func TestParseJSONCAcceptsWhatGeminiAccepts(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // compact JSON of the result
	}{
		{"plain", `{"a":1}`, `{"a":1}`},
		{"line comment", "{\n// c\n\"a\": 1 // after\n}", `{"a":1}`},
		{"block comment", `{/* x */"a":/* y */[1,/*z*/2]}`, `{"a":[1,2]}`},
		{"comment markers inside strings", `{"u":"http://x/*y*/"}`, `{"u":"http://x/*y*/"}`},
		{"escaped quote then comment", `{"a":"q\"//"} // c`, `{"a":"q\"//"}`},
		{"line comment at EOF without newline", `{"a":1} // end`, `{"a":1}`},
		{"unclosed block comment at EOF", `{"a":1} /* never closed`, `{"a":1}`},
		{"CRLF ends line comment", "{\"a\":1, // c\r\n\"b\":2}", `{"a":1,"b":2}`},
		{"duplicate keys keep both, last wins", `{"a":1,"a":2}`, `{"a":2}`},
		{"invalid UTF-8 in a comment", "{\"a\":1} // \xff\xfe", `{"a":1}`},
		{"invalid UTF-8 in a string becomes U+FFFD", "{\"a\":\"x\xe2\x82y\"}", `{"a":"x` + "\uFFFD" + `y"}`},
		{"empty object", `{}`, `{}`},
		{"big number", `{"n":1e400}`, `{"n":1e400}`},
		{"non-ASCII comment", "{\"a\":1 /* é 日本 */}", `{"a":1}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, perr := ParseJSONC("f.json", []byte(tt.in))
			if perr != nil {
				t.Fatalf("ParseJSONC(%q) error: %v", tt.in, perr)
			}
			got, _ := root.MarshalJSON()
			if string(got) != tt.want {
				t.Errorf("ParseJSONC(%q) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseJSONCRejectsWhatGeminiRejects(t *testing.T) {
	tests := []struct {
		name       string
		in         string
		line, col  int
		msgPrefix  string
		msgContain string
	}{
		{"trailing comma in object", "{\"a\":1,\n}", 1, 7, "", "trailing comma"},
		{"trailing comma in array", `{"a":[1, 2 ,]}`, 1, 12, "", "trailing comma"},
		{"trailing comma after comment", "{\"a\":1 /* c */ ,}", 1, 16, "", "trailing comma"},
		{"BOM", "\xEF\xBB\xBF{}", 1, 1, "", "byte order mark"},
		{"empty file", "", 1, 1, "", "empty"},
		{"whitespace only", "  \n\t\n", 3, 1, "", "empty"},
		{"comments only", "// nothing\n/* here */", 2, 11, "", "empty"},
		{"top-level array", "\n  [1]", 2, 3, msgNotObject, ""},
		{"top-level string", `"x"`, 1, 1, msgNotObject, ""},
		{"top-level null", `null`, 1, 1, msgNotObject, ""},
		{"missing comma", "{\"a\":1\n \"b\":2}", 2, 2, "", "invalid character"},
		{"unclosed object", `{"a":1`, 1, 7, "", "EOF"},
		{"single quotes", `{'a':1}`, 1, 2, "", "invalid character"},
		{"NBSP inside a comment survives stripping", "{\"a\":1 /* x\u00a0y */}", 1, 12, "", "U+00A0"},
		{"vertical tab inside a line comment", "{\"a\":1 // x\vy\n}", 1, 12, "", "U+000B"},
		{"line comment inside value position", `{"a": // c }`, 1, 13, "", "EOF"},
		{"control character in string", "{\"a\":\"x\ty\"}", 1, 6, "", "invalid"},
		{"stray slash", `{"a":1 / 2}`, 1, 8, "", "invalid character"},
		{"NaN", `{"a":NaN}`, 1, 6, "", "invalid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root, perr := ParseJSONC("/p/settings.json", []byte(tt.in))
			if perr == nil {
				got, _ := root.MarshalJSON()
				t.Fatalf("ParseJSONC(%q) = %s, want an error", tt.in, got)
			}
			if perr.Path != "/p/settings.json" || perr.Line != tt.line || perr.Column != tt.col {
				t.Errorf("error at %s:%d:%d, want /p/settings.json:%d:%d (%s)", perr.Path, perr.Line, perr.Column, tt.line, tt.col, perr.Msg)
			}
			if tt.msgPrefix != "" && perr.Msg != tt.msgPrefix {
				t.Errorf("message %q, want %q", perr.Msg, tt.msgPrefix)
			}
			if tt.msgContain != "" && !strings.Contains(perr.Msg, tt.msgContain) {
				t.Errorf("message %q does not mention %q", perr.Msg, tt.msgContain)
			}
		})
	}
}

func TestParseJSONCPositions(t *testing.T) {
	in := "{\n  // comment\n  \"hooks\": {\n    \"BeforeTool\": [ {\"command\": \"é x\"}, 2.50 ]\n  }\n}\n"
	root, perr := ParseJSONC("f", []byte(in))
	if perr != nil {
		t.Fatal(perr)
	}
	hooks := root.Get("hooks")
	arr := hooks.Get("BeforeTool")
	cmd := arr.Items[0].Get("command")
	num := arr.Items[1]
	tests := []struct {
		name string
		got  Pos
		want Pos
	}{
		{"root", root.Pos, Pos{0, 1, 1}},
		{"hooks key", root.Members[0].KeyPos, Pos{17, 3, 3}},
		{"hooks value", hooks.Pos, Pos{26, 3, 12}},
		{"event key", hooks.Members[0].KeyPos, Pos{32, 4, 5}},
		{"array", arr.Pos, Pos{46, 4, 19}},
		{"command value", cmd.Pos, Pos{60, 4, 33}},
		{"number after multibyte text", num.Pos, Pos{69, 4, 42}},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s at %+v, want %+v", tt.name, tt.got, tt.want)
		}
	}
	if cmd.Raw != "é x" || cmd.Str != "é x" {
		t.Errorf("command Raw %q Str %q", cmd.Raw, cmd.Str)
	}
	if num.Raw != "2.50" || num.Number != 2.5 {
		t.Errorf("number Raw %q Number %v, want literal kept", num.Raw, num.Number)
	}
}

func TestParseJSONCNumbersAndEscapes(t *testing.T) {
	root, perr := ParseJSONC("f", []byte(`{"big":1e400,"neg":-0,"esc":"a\u00e9\n\"b\"","lone":"\ud800"}`))
	if perr != nil {
		t.Fatal(perr)
	}
	if n := root.Get("big"); !math.IsInf(n.Number, 1) || n.Raw != "1e400" {
		t.Errorf("1e400 = %v (%q), want +Inf as JSON.parse gives", n.Number, n.Raw)
	}
	if n := root.Get("neg"); n.Number != 0 || !math.Signbit(n.Number) {
		t.Errorf("-0 = %v, want negative zero", n.Number)
	}
	if s := root.Get("esc").Raw; s != "aé\n\"b\"" {
		t.Errorf("escapes decoded to %q", s)
	}
	if s := root.Get("lone").Raw; s != "\uFFFD" {
		t.Errorf("lone surrogate decoded to %q, want U+FFFD", s)
	}
}

func TestParseJSONStrict(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		wantErr string
	}{
		{"plain object", `{"name":"x"}`, ""},
		{"top-level array is returned", `[1]`, ""},
		{"comment rejected", "{\"name\":\"x\" // c\n}", "comments are not allowed"},
		{"earlier syntax error wins over a later comment", "{\"a\" 1} // c", "invalid character"},
		{"trailing comma", `{"a":1,}`, "trailing comma"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, perr := ParseJSON("f", []byte(tt.in))
			switch {
			case tt.wantErr == "" && perr != nil:
				t.Fatalf("unexpected error %v", perr)
			case tt.wantErr != "" && (perr == nil || !strings.Contains(perr.Msg, tt.wantErr)):
				t.Fatalf("error %v, want one containing %q", perr, tt.wantErr)
			}
		})
	}
}

func TestToValidUTF8LikeNode(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ok é", "ok é"},
		{"a\xffb", "a\uFFFDb"},
		{"a\xe2\x82b", "a\uFFFDb"},             // truncated 3-byte sequence: one U+FFFD
		{"a\xe0\x80b", "a\uFFFD\uFFFDb"},       // E0 80 is never valid: two
		{"\xf0\x9f\x98", "\uFFFD"},             // truncated emoji
		{"\xed\xa0\x80", "\uFFFD\uFFFD\uFFFD"}, // surrogate encoding
	}
	for _, tt := range tests {
		if got := string(toValidUTF8LikeNode([]byte(tt.in))); got != tt.want {
			t.Errorf("toValidUTF8LikeNode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
