package settingsio

import (
	"math"
	"testing"
)

func TestFormatJSNumber(t *testing.T) {
	tests := []struct {
		x    float64
		want string
	}{
		{0, "0"}, {math.Copysign(0, -1), "0"}, {1, "1"}, {-1.5, "-1.5"}, {100, "100"},
		{1e21, "1e+21"}, {1e20, "100000000000000000000"}, {1.5e-7, "1.5e-7"}, {1e-6, "0.000001"},
		{1e-7, "1e-7"}, {123.456, "123.456"}, {1.5e-10, "1.5e-10"}, {5e-324, "5e-324"},
		{2.5e-5, "0.000025"}, {math.Inf(1), "Infinity"}, {math.Inf(-1), "-Infinity"}, {math.NaN(), "NaN"},
	}
	for _, tt := range tests {
		if got := FormatJSNumber(tt.x); got != tt.want {
			t.Errorf("FormatJSNumber(%v) = %q, want %q", tt.x, got, tt.want)
		}
	}
}

func TestJSString(t *testing.T) {
	n, perr := ParseJSONC("x.json", []byte(`{"a":[1,null,"s",[2,true],{}],"b":1e3,"c":false,"d":null}`))
	if perr != nil {
		t.Fatal(perr)
	}
	tests := map[string]string{"a": "1,,s,2,true,[object Object]", "b": "1000", "c": "false", "d": "null"}
	for k, want := range tests {
		if got := n.Get(k).JSString(); got != want {
			t.Errorf("String(%s) = %q, want %q", k, got, want)
		}
	}
	if got := n.Get("missing").JSString(); got != "undefined" {
		t.Errorf("String(undefined) = %q", got)
	}
	if got := n.JSString(); got != "[object Object]" {
		t.Errorf("String(object) = %q", got)
	}
}
