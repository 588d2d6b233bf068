package gemini

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/geminicli"
	"github.com/hookwarden/hookwarden/settingsio"
)

// expandOracle runs resolveEnvVarsInString, copied out of the Gemini CLI
// 0.61 bundle the conformance kit installs, on each case with exactly its
// environment.
func expandOracle(t *testing.T, cases []expandCase) []string {
	t.Helper()
	fn := geminicli.BundleFunction(t, "function resolveEnvVarsInString(", "\nfunction resolveEnvVarsInObject(")
	dir := t.TempDir()
	fnFile := filepath.Join(dir, "resolve.js")
	script := filepath.Join(dir, "oracle.js")
	if err := os.WriteFile(fnFile, []byte(fn), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(script, []byte(expandOracleScript), 0o600); err != nil {
		t.Fatal(err)
	}
	var results []string
	geminicli.RunNodeJSON(t, cases, &results, script, fnFile)
	return results
}

const expandOracleScript = `
const fs = require('fs');
eval(fs.readFileSync(process.argv[2], 'utf-8'));
const cases = JSON.parse(fs.readFileSync(0, 'utf-8'));
const out = cases.map((c) => {
  for (const k of Object.keys(process.env)) delete process.env[k];
  Object.assign(process.env, c.env);
  return resolveEnvVarsInString(c.text);
});
process.stdout.write(JSON.stringify(out));
`

type expandCase struct {
	Text string            `json:"text"`
	Env  map[string]string `json:"env"`
}

// TestExpandEnvMatchesGemini compares ExpandEnv with the bundle's own
// resolveEnvVarsInString.
func TestExpandEnvMatchesGemini(t *testing.T) {
	env := map[string]string{"HOME": "/home/u", "EMPTY": "", "A_1": "one", "X": "ex", "SP ACE": "sp", "A:B": "colon"}
	inputs := []string{
		"$HOME/x", "${HOME}/x", "${NOPE:-def}", "${NOPE:-}", "${EMPTY:-def}", "$NOPE", "${NOPE}", "$", "$$HOME",
		"${}", "${HOME", "$HOME-x", "$A_1$X", "${A:-${X}}", "${NOPE:-a:-b}", "${:-x}", "${SP ACE}", "${A:B}",
		"${X:-}", "pre ${NOPE_$X} post", "$GEMINI_PROJECT_DIR/h.sh", "${HOME}${X}", "$é", "${ X }", "\\$HOME",
		"${X:-d}tail", "$1", "${NOPE:-$HOME}",
	}
	cases := make([]expandCase, len(inputs))
	for i, in := range inputs {
		cases[i] = expandCase{Text: in, Env: env}
	}
	results := expandOracle(t, cases)
	var envList settingsio.Env
	for k, v := range env {
		envList = append(envList, k+"="+v)
	}
	for i, in := range inputs {
		if got := expandEnv(in, envList.Lookup); got != results[i] {
			t.Errorf("ExpandEnv(%q) = %q, Gemini gives %q", in, got, results[i])
		}
	}
	if t.Failed() {
		t.Logf("environment: %s", strings.Join(envList, ", "))
	}
}
