package trust

import (
	"os"
	"path/filepath"
	"testing"
)

// TestOutOfSightRulesKeepTheCommonCaseComplete: the rules that close atk's
// holes do not take text for code — a function's local variables stay
// its own, and "exec"/"eval" inside a string or a regular expression
// literal (a guard's list of dangerous patterns) is not a call — while
// the forms they close stay incomplete.
func TestOutOfSightRulesKeepTheCommonCaseComplete(t *testing.T) {
	project := t.TempDir()
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(project, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("lib.sh", "X=1\n")
	write("other.sh", "Y=1\n")
	write("local.sh", "f() {\n  IFS=. read -r x y <<< \"$1\"\n  local IFS=,\n  local L=other.sh\n  read -r a b <<< \"x,y\"\n}\nL=lib.sh\nf\n. \"./$L\"\nfor w in $L; do :; done\n")
	write("global.sh", "f() {\n  L=other.sh\n}\nL=lib.sh\nf\n. \"./$L\"\n")
	write("guard.py", "PATTERNS = [\"exec\", 'eval(', \"pickle.loads\"]\nimport json\nprint(json.dumps(PATTERNS))\n")
	write("guard.js", "const bad = [/eval\\s*\\(/i, /(?:^|[\\s;&|])eval\\s/, 'new Worker(', \"globalThis['x']\"]; // eval\nconsole.log(bad.length);\n")
	write("alias.py", "e = exec\ne(open('lib.sh').read())\n")
	write("alias.js", "const e = eval;\ne('1');\n")
	for _, tc := range []struct {
		command  string
		complete bool
	}{
		{"bash local.sh", true},
		{"bash global.sh", false},
		{"python3 guard.py", true},
		{"node guard.js", true},
		{"python3 alias.py", false},
		{"node alias.js", false},
	} {
		d, err := DiscoverHook(tc.command, project, nil, nil, Runtime{})
		if err != nil {
			t.Fatalf("%s: %v", tc.command, err)
		}
		if d.Complete() != tc.complete {
			t.Errorf("%s: complete %v, want %v (%v)", tc.command, d.Complete(), tc.complete, d.Unresolved)
		}
	}
}
