package hooks

import (
	"errors"
	"testing"
)

func TestJSONRoundTripLikeJavaScript(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"b":1,"2":2,"a":3,"1":4}`, `{"1":4,"2":2,"b":1,"a":3}`},
		{`{"a":1,"b":2,"a":3}`, `{"a":3,"b":2}`},
		{`[1.50,1e21,1e-7,123456789012345678901,-0,0.1,1e400,5e-324]`, `[1.5,1e+21,1e-7,123456789012345680000,0,0.1,null,5e-324]`},
		{`"\u2028<>&\u00e9\ud83d\ude00\u0001\u007f"`, "\"\u2028<>&\u00e9\U0001F600\\u0001\u007f\""},
		{`"\ud800x\udc00"`, `"\ud800x\udc00"`},
		{` {"k" : [ true , false , null ] } `, `{"k":[true,false,null]}`},
		{`"tab\tnl\nq\"bs\\"`, `"tab\tnl\nq\"bs\\"`},
		{`{"__proto__":{"a":1}}`, `{"__proto__":{"a":1}}`},
	} {
		v, err := ParseJSON(tc.in)
		if err != nil {
			t.Errorf("ParseJSON(%s): %v", tc.in, err)
			continue
		}
		if got := string(AppendJSON(nil, v)); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestParseJSONRejectsWhatJavaScriptRejects(t *testing.T) {
	for _, in := range []string{``, `{`, `{"a":1,}`, `[1,]`, `01`, `1.`, `.5`, `+1`, `'a'`, "\"a\nb\"", `{"a" 1}`, `tru`, `1 2`, "\u00a0{}", `NaN`, `"\x"`} {
		if v, err := ParseJSON(in); err == nil {
			t.Errorf("ParseJSON(%q) = %v, want an error", in, v)
		}
	}
}

func TestToJSStringAndSpread(t *testing.T) {
	arr, _ := ParseJSON(`[1,null,"a",[2,3],{}]`)
	if got := ToJSString(arr); got != "1,,a,2,3,[object Object]" {
		t.Errorf("String(array) = %q", got)
	}
	o := NewObject(0)
	SpreadInto(o, "a\U0001F600")
	if got := string(AppendJSON(nil, o)); got != `{"0":"a","1":"\ud83d","2":"\ude00"}` {
		t.Errorf("{...string} = %s", got)
	}
	o = NewObject(0)
	SpreadInto(o, 5.0)
	SpreadInto(o, true)
	SpreadInto(o, nil)
	if o.Len() != 0 {
		t.Errorf("spreading primitives added keys: %s", AppendJSON(nil, o))
	}
	if _, err := InOperator("x", "abc"); err == nil || err.Error() != "Cannot use 'in' operator to search for 'x' in abc" {
		t.Errorf("in on a string: %v", err)
	}
}

func TestObjectSetKeepsPlaceAndDelete(t *testing.T) {
	o := NewObject(0)
	o.Set("a", 1.0)
	o.Set("b", 2.0)
	o.Set("a", 3.0)
	o.Set("0", 0.0)
	o.Delete("b")
	if got := string(AppendJSON(nil, o)); got != `{"0":0,"a":3}` {
		t.Errorf("got %s", got)
	}
	c := o.Clone()
	c.Set("z", nil)
	if o.Has("z") {
		t.Error("Clone shares storage")
	}
}

func TestDecodeUTF8LikeNode(t *testing.T) {
	// Expected strings are what Node's Buffer.toString('utf8') gives.
	for _, tc := range []struct {
		in   []byte
		want string
	}{
		{[]byte("plain é"), "plain é"},
		{[]byte{'a', 0xE2, 0x82, 'b'}, "a\uFFFDb"},
		{[]byte{0xF0, 0x9F, 0x98, 'c'}, "\uFFFDc"},
		{[]byte{0xED, 0xA0, 0x80}, "\uFFFD\uFFFD\uFFFD"},
		{[]byte{0xC0, 0xAF}, "\uFFFD\uFFFD"},
		{[]byte{0xFF}, "\uFFFD"},
		{[]byte{0xF4, 0x90, 0x80, 0x80}, "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{[]byte{0xE2, 0x82}, "\uFFFD"},
	} {
		if got := DecodeUTF8(tc.in); got != tc.want {
			t.Errorf("DecodeUTF8(% x) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestJSTrimAndUTF16(t *testing.T) {
	if got := JSTrim("\uFEFF\u00a0 x \u2028\n"); got != "x" {
		t.Errorf("JSTrim = %q", got)
	}
	if n := UTF16Len("a\U0001F600" + string(appendWTF8(nil, 0xD800))); n != 4 {
		t.Errorf("UTF16Len = %d", n)
	}
	if CompareUTF16("\uFFFF", "\U0001F600") <= 0 {
		t.Error("U+FFFF must sort after a surrogate pair in UTF-16 order")
	}
}

func TestJSONErrorPlace(t *testing.T) {
	text := "{\n  \"a\": 1,\n  \"é\": x\n}"
	_, err := ParseJSON(text)
	var je *JSONError
	if !errors.As(err, &je) {
		t.Fatalf("error %v (%T) is not a *JSONError", err, err)
	}
	if line, col := je.LineColumn(text); line != 3 || col != 8 {
		t.Errorf("place = %d:%d, want 3:8 (%v)", line, col, err)
	}
}
