package trust

import (
	"path/filepath"
	"testing"
)

// TestUnquotedExpansionIsGlobbed: the shell expands a pattern that an
// unquoted variable or command substitution gives ($d/x.sh with
// d='[s]cripts' runs scripts/x.sh). Discovery took the value as literal
// text and fingerprinted [s]cripts/x.sh, so a pull changing scripts/x.sh
// left the audit clean (a skill folder named [f]mt and an unquoted
// $CLAUDE_PLUGIN_ROOT likewise). Such a word must not read as complete
// without the file the shell runs.
func TestUnquotedExpansionIsGlobbed(t *testing.T) {
	root := soundProject(t, map[string]string{"[s]cripts/x.sh": "echo benign\n", "scripts/x.sh": "echo payload\n"})
	runs := filepath.Join(root, "scripts", "x.sh")
	for _, c := range []struct {
		name, command string
		env           map[string]string
	}{
		{"assigned", "d='[s]cripts'; bash $d/x.sh", nil},
		{"environment", "bash $D/x.sh", map[string]string{"D": filepath.Join(root, "[s]cripts")}},
		{"substitution", "bash $(echo '[s]cripts')/x.sh", nil},
	} {
		d, err := discoverWith(c.command, root, c.env, nil, newFollowCache())
		if err != nil {
			t.Fatal(err)
		}
		if !hasScript(d, runs) && len(d.Unresolved) == 0 {
			t.Errorf("%s: %q runs %s, found %v with nothing unresolved", c.name, c.command, runs, d.Scripts)
		}
	}
	// quoted, the value is the path as it is
	d, err := discoverWith(`d='[s]cripts'; bash "$d/x.sh"`, root, nil, nil, newFollowCache())
	if err != nil || !hasScript(d, filepath.Join(root, "[s]cripts", "x.sh")) || len(d.Unresolved) > 0 {
		t.Errorf("quoted: %v %v %v", d.Scripts, d.Unresolved, err)
	}
}
