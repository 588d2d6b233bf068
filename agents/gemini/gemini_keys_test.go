package gemini

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/internal/geminicli"
)

// oracleCore returns the folder of the real @google/gemini-cli-core 0.61
// dist/src, skipping (or failing when CI=true) without node and npm.
func oracleCore(t *testing.T) string {
	t.Helper()
	bundle := geminicli.RequireBundle(t) // <oracle>/node_modules/@google/gemini-cli/bundle/gemini.js
	nodeModules := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(bundle))))
	core := filepath.Join(nodeModules, "@google", "gemini-cli-core", "dist", "src")
	if _, err := os.Stat(filepath.Join(core, "hooks", "trustedHooks.js")); err != nil {
		t.Fatalf("gemini-cli-core next to %s: %v", bundle, err)
	}
	return core
}

// TestKeysMatchRealTrustedHooksManager runs every keyCases entry through
// Gemini CLI's own TrustedHooksManager (getUntrustedHooks, then trustHooks)
// and compares the warning labels and the stored keys with Hookwarden's.
func TestKeysMatchRealTrustedHooksManager(t *testing.T) {
	core := oracleCore(t)
	home := t.TempDir()
	var inputs []json.RawMessage
	for _, tc := range keyCases {
		inputs = append(inputs, json.RawMessage(tc.hooks))
	}
	in, _ := json.Marshal(inputs)
	casesFile := filepath.Join(t.TempDir(), "cases.json")
	if err := os.WriteFile(casesFile, in, 0o600); err != nil {
		t.Fatal(err)
	}
	script := `
const { TrustedHooksManager } = await import(process.argv[1] + '/hooks/trustedHooks.js');
const fs = await import('node:fs');
const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const out = cases.map((hooks, i) => {
  const project = '/project/' + i;
  try {
    const m = new TrustedHooksManager();
    const warned = m.getUntrustedHooks(project, hooks).map(String);
    m.trustHooks(project, hooks);
    return { warned, keys: new TrustedHooksManager().trustedHooks[project] };
  } catch (e) {
    return { abort: String(e) };
  }
});
process.stdout.write(JSON.stringify(out));
`
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "--input-type=module", "-e", script, core, casesFile)
	cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH")}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var got []struct {
		Warned []string `json:"warned"`
		Keys   []string `json:"keys"`
		Abort  string   `json:"abort"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("node output: %v\n%s", err, stdout.String())
	}
	for i, tc := range keyCases {
		t.Run(tc.name, func(t *testing.T) {
			g := got[i]
			if (g.Abort != "") != tc.abort {
				t.Fatalf("Gemini abort = %q, Hookwarden expects abort %v", g.Abort, tc.abort)
			}
			if tc.abort {
				return
			}
			f := newFixture(t)
			f.settings(`{"hooks": ` + tc.hooks + `}`)
			hooks, abort := reviewedHooks(f.load())
			if abort != nil {
				t.Fatalf("Hookwarden aborts: %+v", abort)
			}
			var keys []string
			for _, h := range hooks {
				keys = append(keys, h.Key)
			}
			if want := union(nil, keys); !reflect.DeepEqual(want, g.Keys) {
				t.Errorf("keys: Hookwarden %q, Gemini %q", want, g.Keys)
			}
			if labels := geminiWarnings(hooks, nil); !reflect.DeepEqual(labels, g.Warned) {
				t.Errorf("labels: Hookwarden %q, Gemini %q", labels, g.Warned)
			}
		})
	}
}
