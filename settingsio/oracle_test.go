package settingsio

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/internal/geminicli"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

// geminiModules returns the node_modules folder of the pinned Gemini CLI
// 0.61 (installed by the conformance kit). Without node or npm the test is
// skipped, except under CI=true where that is a failure.
func geminiModules(t *testing.T) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // generous: may wait for another package's install
	defer cancel()
	bundle, err := geminicli.Locate(ctx)
	if err != nil {
		if errors.Is(err, geminicli.ErrMissingPrerequisite) {
			testenv.Missing(t, "comparing with the real Gemini CLI needs it: %v", err)
		}
		t.Fatalf("locating Gemini CLI 0.61: %v", err)
	}
	// .../node_modules/@google/gemini-cli/bundle/gemini.js
	return filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(bundle))))
}

const oracleScript = `
const fs = require('fs');
const strip = require(process.argv[2]);
const cases = JSON.parse(fs.readFileSync(0, 'utf-8'));
const out = cases.map((c) => {
  const text = Buffer.from(c.b64 || '', 'base64').toString('utf-8');
  try {
    const v = JSON.parse(strip(text));
    const isObject = typeof v === 'object' && v !== null && !Array.isArray(v);
    return { ok: true, isObject, json: JSON.stringify(v) };
  } catch (e) {
    return { ok: false, msg: String(e.message) };
  }
});
process.stdout.write(JSON.stringify(out));
`

type oracleCase struct {
	Kind string `json:"kind"`
	B64  []byte `json:"b64,omitempty"`
}

type oracleResult struct {
	OK       bool   `json:"ok"`
	IsObject bool   `json:"isObject"`
	JSON     string `json:"json"`
	Msg      string `json:"msg"`
}

func runOracle(t *testing.T, cases []oracleCase) []oracleResult {
	t.Helper()
	modules := geminiModules(t)
	dir := t.TempDir()
	script := filepath.Join(dir, "oracle.js")
	if err := os.WriteFile(script, []byte(oracleScript), 0o600); err != nil {
		t.Fatal(err)
	}
	var results []oracleResult
	geminicli.RunNodeJSON(t, cases, &results, script, filepath.Join(modules, "strip-json-comments"))
	return results
}

// TestParseJSONCMatchesGemini runs the same bytes through Gemini's own
// strip-json-comments + JSON.parse and through ParseJSONC.
func TestParseJSONCMatchesGemini(t *testing.T) {
	inputs := []string{
		`{"a":1}`, "{\n// c\n\"a\": 1 // after\n}", `{/* x */"a":/* y */[1,/*z*/2]}`,
		`{"u":"http://x/*y*/"}`, `{"a":"q\"//"} // c`, `{"a":1} // end`, `{"a":1} /* never closed`,
		"{\"a\":1, // c\r\n\"b\":2}", `{"a":1,"a":2}`, "{\"a\":1} // \xff\xfe", "{\"a\":\"x\xe2\x82y\"}",
		"{\"a\":1,\n}", `{"a":[1, 2 ,]}`, "\xEF\xBB\xBF{}", "", "  \n\t\n", "// nothing\n/* here */",
		"\n  [1]", `"x"`, `null`, "{\"a\":1\n \"b\":2}", `{"a":1`, `{'a':1}`,
		"{\"a\":1 /* x\u00a0y */}", "{\"a\":1 // x\vy\n}", "{\"a\":1 // x\fy\n}", "{\"a\":1 // x\u2028y\n}",
		"{\"a\":1 /* \u3000 */}", "{\"a\":1 /* \ufeff */}", `{"a": // c }`, "{\"a\":\"x\ty\"}", `{"a":1 / 2}`,
		`{"a":NaN}`, `{"a":-0.5e-3,"b":[true,false,null]}`, "{\"a\":1 /* \\\" */ }", `{"a\\":"b"}`,
		"{\"k\":\"v\\\\\" // c\n}", "{\"a\":1}\r\n// c\r", `{"a":"\u2028"}`, `{"a":01}`, `{"a":1.}`,
		`{"a":+1}`, `{"a":.5}`, `{"a":1}x`, `{"a":1}/`, `{"a":1}/*/`, `{"a":1}/**/`, "/*\n*/{}", `{"":0}`,
		`{"a":"\x"}`, `{"__proto__":{"x":1}}`, "{\"a\":1 /* é */ , \"b\":\"日本\"}",
	}
	cases := make([]oracleCase, len(inputs))
	for i, in := range inputs {
		cases[i] = oracleCase{Kind: "jsonc", B64: []byte(in)}
	}
	results := runOracle(t, cases)
	for i, in := range inputs {
		r := results[i]
		root, perr := ParseJSONC("f", []byte(in))
		geminiAccepts := r.OK && r.IsObject
		if geminiAccepts != (perr == nil) {
			t.Errorf("%q: Gemini accepts=%v (%s), ParseJSONC error=%v", in, geminiAccepts, r.Msg, perr)
			continue
		}
		if perr != nil {
			continue
		}
		got, _ := root.MarshalJSON()
		var a, b any
		if err := json.Unmarshal(got, &a); err != nil {
			t.Errorf("%q: our JSON %s: %v", in, got, err)
			continue
		}
		if err := json.Unmarshal([]byte(r.JSON), &b); err != nil {
			t.Errorf("%q: Gemini JSON %s: %v", in, r.JSON, err)
			continue
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%q: ParseJSONC gives %s, Gemini %s", in, got, r.JSON)
		}
	}
}
