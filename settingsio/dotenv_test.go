package settingsio

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/internal/geminicli"
)

// TestParseDotEnvTable pins the forms real .env files use.
func TestParseDotEnvTable(t *testing.T) {
	src := "# comment\nA=1\nexport B = two words # trailing\nC='single # kept'\nD=\"dq\\nnl\"\nE=`bt`\n" +
		"F:  colon\nG=\nbad line\nH=\"multi\nline\"\nA=again\n"
	got := ParseDotEnv(src)
	want := []DotEnvEntry{{"A", "again", 12}, {"B", "two words", 3}, {"C", "single # kept", 4}, {"D", "dq\nnl", 5},
		{"E", "bt", 6}, {"F", "colon", 7}, {"G", "", 8}, {"H", "multi\nline", 10}}
	if len(got) != len(want) {
		t.Fatalf("ParseDotEnv = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestParseDotEnvMatchesGemini runs the same texts through the dotenv
// parse function bundled in Gemini CLI 0.61.
func TestParseDotEnvMatchesGemini(t *testing.T) {
	fn := geminicli.BundleFunction(t, "    var LINE = /", "\n    function _parseVault(")
	inputs := []string{
		"A=1", "A = 1 ", "export A=1", "export  A=x y", "A='q'", `A="q\nr"`, "A=`b`", "A=#c", "A=x#c", "A=x #c",
		"A='x#c'", `A="x \" y"`, "A: b", "A:b", "A.B-c=1", "\ufeffA=bom", "A=1\r\nB=2\rC=3", "A=\"m\nn\"\nB=2",
		"  A=indented", "A=1\nA=2", "=x", "A", "A=\u00a0v\u00a0", "A='unterminated\nB=2", "GEMINI_CLI_HOME=./evil",
		"A=x\u2028B=y", "A=`a'b\"c`", `A="a'b"`, "A='\\n'", "A=\"\\r\\n\"", "#A=1\nB=2", "A= # only comment",
	}
	dir := t.TempDir()
	fnFile, script := filepath.Join(dir, "dotenv.js"), filepath.Join(dir, "oracle.js")
	if err := os.WriteFile(fnFile, []byte(fn), 0o600); err != nil {
		t.Fatal(err)
	}
	js := `const fs = require('fs'); eval(fs.readFileSync(process.argv[2], 'utf-8'));
const cases = JSON.parse(fs.readFileSync(0, 'utf-8'));
process.stdout.write(JSON.stringify(cases.map((c) => { const o = parse3(c); return Object.keys(o).map((k) => [k, o[k]]); })));`
	if err := os.WriteFile(script, []byte(js), 0o600); err != nil {
		t.Fatal(err)
	}
	var results [][][2]string
	geminicli.RunNodeJSON(t, inputs, &results, script, fnFile)
	for i, in := range inputs {
		got := ParseDotEnv(in)
		want := results[i]
		same := len(got) == len(want)
		// Object.keys puts integer-like keys first; none of these are.
		for j := 0; same && j < len(got); j++ {
			same = got[j].Key == want[j][0] && got[j].Value == want[j][1]
		}
		if !same {
			t.Errorf("ParseDotEnv(%q) = %+v, dotenv gives %q", in, got, want)
		}
	}
}
