package sarifcheck

import (
	"strings"
	"testing"
)

const good = `{
  "version": "2.1.0", "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
  "runs": [{
    "tool": {"driver": {"name": "T", "rules": [
      {"id": "r1", "shortDescription": {"text": "s"}, "help": {"text": "h", "markdown": "**h**"}, "defaultConfiguration": {"level": "warning"}}
    ]}},
    "results": [
      {"ruleId": "r1", "ruleIndex": 0, "level": "error", "message": {"text": "m"},
       "locations": [{"physicalLocation": {"artifactLocation": {"uri": "a%20b/c.json", "uriBaseId": "%SRCROOT%"}, "region": {"startLine": 3, "startColumn": 5}}}],
       "partialFingerprints": {"k/v1": "abc"}}
    ]
  }]
}`

func TestGoodLogPasses(t *testing.T) {
	if errs := Check([]byte(good)); len(errs) > 0 {
		t.Fatal(errs)
	}
}

// TestBrokenLogsFail: every break the checker exists for is caught, so a
// passing check means something.
func TestBrokenLogsFail(t *testing.T) {
	cases := []struct{ name, from, to, want string }{
		{"version", `"version": "2.1.0"`, `"version": "2.0.0"`, "version"},
		{"absolute uri", `"uri": "a%20b/c.json"`, `"uri": "/home/u/c.json"`, "not relative"},
		{"file uri", `"uri": "a%20b/c.json"`, `"uri": "file:///c.json"`, "not relative"},
		{"parent", `"uri": "a%20b/c.json"`, `"uri": "../c.json"`, "leaves"},
		{"backslash", `"uri": "a%20b/c.json"`, `"uri": "a\\c.json"`, "backslash"},
		{"no base", `, "uriBaseId": "%SRCROOT%"`, ``, "uriBaseId"},
		{"no help markdown", `, "markdown": "**h**"`, ``, "help.markdown"},
		{"no help", `, "help": {"text": "h", "markdown": "**h**"}`, ``, ".help"},
		{"line 0", `"startLine": 3`, `"startLine": 0`, "startLine"},
		{"no region", `, "region": {"startLine": 3, "startColumn": 5}`, ``, "region"},
		{"level", `"level": "error"`, `"level": "critical"`, "level"},
		{"no fingerprint", `"partialFingerprints": {"k/v1": "abc"}`, `"partialFingerprints": {}`, "partialFingerprints"},
		{"rule index", `"ruleIndex": 0`, `"ruleIndex": 1`, "ruleIndex"},
		{"no message", `"message": {"text": "m"}`, `"message": {"text": ""}`, "message.text"},
		{"no driver name", `"name": "T"`, `"name": 7`, "driver.name"},
		{"no locations", `"locations": [{"physicalLocation": {"artifactLocation": {"uri": "a%20b/c.json", "uriBaseId": "%SRCROOT%"}, "region": {"startLine": 3, "startColumn": 5}}}]`, `"locations": []`, "locations"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			bad := strings.Replace(good, c.from, c.to, 1)
			if bad == good {
				t.Fatalf("case does not change the log: %s", c.from)
			}
			errs := Check([]byte(bad))
			var all []string
			for _, e := range errs {
				all = append(all, e.Error())
			}
			if !strings.Contains(strings.Join(all, "\n"), c.want) {
				t.Errorf("no error about %q: %v", c.want, errs)
			}
		})
	}
	dup := strings.Replace(good, `"results": [`, `"results": [{"ruleId": "r1", "level": "note", "message": {"text": "m"}, "locations": [{"physicalLocation": {"artifactLocation": {"uri": "x", "uriBaseId": "%SRCROOT%"}, "region": {"startLine": 1}}}], "partialFingerprints": {"k/v1": "abc"}},`, 1)
	if errs := Check([]byte(dup)); len(errs) == 0 || !strings.Contains(errs[0].Error(), "merge") {
		t.Errorf("two results with one fingerprint: %v", errs)
	}
	if errs := Check([]byte(`[1]`)); len(errs) == 0 {
		t.Error("an array passes as a log")
	}
}
