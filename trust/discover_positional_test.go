package trust

import (
	"path/filepath"
	"testing"
)

// TestShellCodeBindsItsPositionalParameters: `bash -c TEXT ARG0 ARGS…`
// runs TEXT with $0 = ARG0 and $1… = ARGS (the idiom of real projects,
// e.g. `bash -c '[ -f "$0" ] && exec bash "$0"' ${CLAUDE_PROJECT_DIR}/.claude/hooks/x.sh`).
// When the words are literal or the agent's directory variables, the
// script they name is part of the approval; a computed word leaves the
// hook incomplete with its reason. Fails on coord: x.sh is not found and
// the hook reads as partly unwatched.
func TestShellCodeBindsItsPositionalParameters(t *testing.T) {
	p := soundProject(t, map[string]string{
		".claude/hooks/x.sh": "echo x\n",
		"y.sh":               "echo y\n",
	})
	rt := Runtime{Dialect: DialectPOSIX, ProjectVars: []string{"CLAUDE_PROJECT_DIR"}}
	x, y := filepath.Join(p, ".claude/hooks/x.sh"), filepath.Join(p, "y.sh")
	for _, tc := range []struct {
		command string
		want    []string
	}{
		{`bash -c '[ -f "$0" ] && exec bash "$0"' ${CLAUDE_PROJECT_DIR}/.claude/hooks/x.sh`, []string{x}},
		{`bash -c '[ -f "$0" ] && exec bash "$0"' "$CLAUDE_PROJECT_DIR/.claude/hooks/x.sh"`, []string{x}},
		{`sh -c 'bash "$1"; sh "$2"' hook .claude/hooks/x.sh y.sh`, []string{x, y}},
		{`bash -c 'source "${1}"' _ y.sh`, []string{y}},
		// bash -c code is read as bash even when the agent's shell is sh
		// (fails on coord: sh has no source, so y.sh was left out)
		{`bash -c 'source y.sh'`, []string{y}},
		{`bash -c 'set -e; bash "$0"' y.sh`, []string{y}},
	} {
		d := discoverIn(t, p, tc.command, rt)
		for _, w := range tc.want {
			if !hasScript(d, w) {
				t.Errorf("%s: %s not found (scripts %v)", tc.command, w, d.Scripts)
			}
		}
		if len(d.Unresolved) > 0 {
			t.Errorf("%s: incomplete: %v", tc.command, d.Unresolved)
		}
	}
	// Computed or missing arguments stay incomplete.
	for _, c := range []string{
		`bash -c 'bash "$0"' "$(pick)"`,
		`bash -c 'bash "$0"' $SOMEWHERE/x.sh`,
		`bash -c 'bash "$1"' only-zero`,
		`bash -c 'bash "$0"'`,
		`bash -c 'bash "$@"' a y.sh`,
		// what changes the positional parameters makes them unknown
		`bash -c 'shift; bash "$1"' _ .claude/hooks/x.sh y.sh`,
		`bash -c 'set -- y.sh; bash "$1"' _ .claude/hooks/x.sh`,
		`bash -c 'if true; then set -- y.sh; fi; bash "$1"' _ .claude/hooks/x.sh`,
		`bash -c '. ./y.sh; bash "$1"' _ .claude/hooks/x.sh`,
		`bash -c 'f() { bash "$1"; }; f y.sh' _ .claude/hooks/x.sh`,
		`bash -c 'sh -c "bash \"\$0\""' .claude/hooks/x.sh`,
		// arguments that find and xargs supply
		`find . -name '*.sh' -exec bash -c 'bash "$0"' {} \;`,
		`find . -name '*.sh' -exec bash -c 'bash "$1"' _ {} +`,
		`ls | xargs -I{} bash -c 'bash "$0"' {}`,
		`ls | xargs bash -c 'bash "$1"' _`,
		`find . -name '*.sh' -exec sh -c 'for f; do bash "$f"; done' sh {} +`,
		`bash -c 'for f; do bash "$f"; done' _ .claude/hooks/x.sh`,
		`bash -c 'for f in "$@"; do bash "$f"; done' _ .claude/hooks/x.sh`,
	} {
		if d := discoverIn(t, p, c, rt); len(d.Unresolved) == 0 {
			t.Errorf("%s: complete (scripts %v), want incomplete", c, d.Scripts)
		}
	}
}
