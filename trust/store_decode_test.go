package trust

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"
)

// decodeStoreAsBefore is the store's decode as it was before the store
// was split at its top level by hand (decodeStore's reference): every
// byte through encoding/json, the own fields and then the sections.
func decodeStoreAsBefore(data []byte) (*StoreData, error) {
	d := &StoreData{}
	if err := json.Unmarshal(data, (*storeFile)(d)); err != nil {
		return nil, err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return nil, err
	}
	for k, v := range all {
		if isStoreField(k) || string(strings.TrimSpace(string(v))) == "null" {
			continue
		}
		if d.raw == nil {
			d.raw = map[string]json.RawMessage{}
		}
		d.raw[k] = v
	}
	return d, nil
}

// The decode reads every store, odd or broken, as encoding/json read it
// whole: the same fields, the same sections byte for byte, the same
// error. A store written by hand (or by another tool) can hold repeated
// keys, keys in another case, escaped keys, nulls, whitespace anywhere.
func TestStoreDecodeIsEncodingJSONs(t *testing.T) {
	sum := strings.Repeat("ab", 32)
	cases := []string{
		`{}`,
		` { } `,
		"{\n\t\"version\" : 1 ,\n \"projects\" : { } }\n",
		`{"version": 1, "projects": {"/p": {"hooks": {"k": {"name": "n", "command": "c", "scripts": [{"path": "/p/s", "exists": true, "sha256": "` + sum + `"}]}}}}, "contents": {"` + sum + `": "echo hi"}, "claude": {"projects": {"/p": {"a": [1, "}", "\"{"]}}}}`,
		`{"claude": {"x": 1}, "claude": {"y": 2}}`,
		`{"projects": {"/a": {"hooks": {}}}, "projects": {"/b": {"hooks": {}}}}`,
		`{"Projects": {"/a": {"hooks": {}}}, "VERSION": 1, "Contents": {"x": "y"}}`,
		`{"\u0063laude": {"x": 1}, "pro\u006aects": {"/q": {}}}`,
		`{"ſection": 1, "\u017fection": 2, "K": 3}`,
		`{"a": null, "b": nul` + `l, "c":null , "d": "null", "e": [null]}`,
		`{"a": "\"}\\", "b": "\\\"", "c": -1.5e3, "d": true, "e": false, "f": []}`,
		"{\"a\xff\": 1, \"b\": \"\xfe\"}",
		`{"version": 2}`,
		`{"version": "1"}`,
		`{"projects": []}`,
		`{"projects": {"/p": {"hooks": {"k": {"places": [{"index": "x"}]}}}}}`,
		`{"contents": {"x": 5}}`,
		`[]`, `null`, `5`, `"x"`, ``, ` `, `{`, `{"a": 1,}`, `{"a" 1}`, `{"a": 1} x`, `{"a": 1}}`, `{'a': 1}`,
		`{"a": [1, 2}`, `{"a": "x`, "{\"a\": \"\x01\"}",
	}
	r := rand.New(rand.NewSource(28))
	for range 300 {
		cases = append(cases, randomStore(r))
	}
	for i, in := range cases {
		want, werr := decodeStoreAsBefore([]byte(in))
		got := &StoreData{}
		gerr := got.decode([]byte(in))
		if fmt.Sprint(werr) != fmt.Sprint(gerr) {
			t.Errorf("case %d %q: error %v, want %v", i, in, gerr, werr)
			continue
		}
		if werr != nil {
			continue
		}
		if _, split := topLevelMembers([]byte(in)); strings.HasPrefix(strings.TrimSpace(in), "{") && !split {
			t.Errorf("case %d %q: a valid store object is not split at its top level", i, in)
		}
		if got.Version != want.Version || !reflect.DeepEqual(got.Projects, want.Projects) || !reflect.DeepEqual(got.Contents, want.Contents) {
			t.Errorf("case %d %q: own fields %+v %+v %v, want %+v %+v %v", i, in, got.Version, got.Projects, got.Contents, want.Version, want.Projects, want.Contents)
		}
		if len(got.raw) != len(want.raw) {
			t.Errorf("case %d %q: sections %q, want %q", i, in, got.raw, want.raw)
		}
		for k, v := range want.raw {
			if string(got.raw[k]) != string(v) {
				t.Errorf("case %d %q: section %q is %q, want %q", i, in, k, got.raw[k], v)
			}
		}
	}
}

// randomStore is a store-shaped JSON text with random sections, values,
// whitespace and repeated keys, valid or (now and then) cut short.
func randomStore(r *rand.Rand) string {
	keys := []string{"version", "projects", "contents", "claude", "copilot", "codex", "Projects", "x", "fingerprint_cache"}
	ws := func() string { return []string{"", " ", "\n  ", "\t"}[r.Intn(4)] }
	var value func(depth int) string
	value = func(depth int) string {
		switch n := r.Intn(9); {
		case n == 0 || depth > 3:
			return []string{`1`, `-0.5`, `true`, `false`, `null`, `"s"`, `"q\"}]"`, `"\\"`, `"\u00e9{"`}[r.Intn(9)]
		case n < 4:
			var m []string
			for range r.Intn(4) {
				m = append(m, ws()+fmt.Sprintf("%q", keys[r.Intn(len(keys))])+ws()+":"+ws()+value(depth+1))
			}
			return "{" + strings.Join(m, ",") + ws() + "}"
		case n < 6:
			var a []string
			for range r.Intn(4) {
				a = append(a, ws()+value(depth+1)+ws())
			}
			return "[" + strings.Join(a, ",") + "]"
		case n == 6:
			return `{"/p": {"hooks": {"k": {"name": "n", "scripts": [{"path": "/p/s", "exists": true}]}}}}`
		default:
			return fmt.Sprintf(`{"%d": "text %d"}`, r.Intn(9), r.Intn(9))
		}
	}
	var m []string
	for range r.Intn(7) {
		m = append(m, ws()+fmt.Sprintf("%q", keys[r.Intn(len(keys))])+ws()+":"+ws()+value(0)+ws())
	}
	s := ws() + "{" + strings.Join(m, ",") + "}" + ws()
	if r.Intn(10) == 0 {
		s = s[:r.Intn(len(s)+1)]
	}
	return s
}
