package trust

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPythonFileRelativePaths: Python's usual way to name a file beside
// the script — os.path.join(os.path.dirname(__file__), "x"),
// Path(__file__).parent / "x", .resolve(), abspath, a name bound once to
// one of these — is a literal path: the file is fingerprinted and the
// script stays complete (it read as a computed read). A name bound more
// than once or also bound otherwise (a parameter), a sys.path entry other
// than the script's own folder, stay incomplete.
func TestPythonFileRelativePaths(t *testing.T) {
	const hook = ".claude/hooks/h.py"
	cfg := ".claude/hooks/cfg.json"
	cases := []struct {
		name, code string
		reads      []string // fingerprinted, relative to the project
		why        string   // "" complete
	}{
		{name: "join dirname __file__", code: "import os, json\nwith open(os.path.join(os.path.dirname(__file__), 'cfg.json')) as f:\n    json.load(f)\n", reads: []string{cfg}},
		{name: "HERE bound once with abspath", code: "import os\nHERE = os.path.dirname(os.path.abspath(__file__))\nCFG = os.path.join(HERE, 'cfg.json')\nprint(open(CFG).read())\n", reads: []string{cfg}},
		{name: "pathlib parent slash", code: "from pathlib import Path\nprint((Path(__file__).parent / 'cfg.json').read_text())\n", reads: []string{cfg}},
		{name: "pathlib resolve parents", code: "from pathlib import Path\nROOT = Path(__file__).resolve().parent.parent\nwith open(ROOT / 'data' / 'x.json') as f:\n    pass\nprint(Path(__file__).parents[1].joinpath('data', 'x.json').read_text())\n", reads: []string{".claude/data/x.json"}},
		{name: "a bound Path read_text", code: "from pathlib import Path\nCONFIG = Path(__file__).parent / 'cfg.json'\nCONFIG.read_text()\n", reads: []string{cfg}},
		{name: "from os.path import", code: "from os.path import dirname, join, realpath\nopen(join(dirname(realpath(__file__)), 'cfg.json'))\n", reads: []string{cfg}},
		{name: "runpy of a sibling", code: "import os, runpy\nrunpy.run_path(os.path.join(os.path.dirname(__file__), 'y.py'))\n", reads: []string{".claude/hooks/y.py"}},
		{name: "sys.path of its own folder then import", code: "import os, sys\nsys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))\nimport helper\n", reads: []string{".claude/hooks/helper.py"}},
		{name: "sys.path of another folder", code: "import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), 'lib'))\nimport helper\n", why: "sys.path"},
		{name: "a name rebound", code: "import os, sys\nHERE = os.path.dirname(__file__)\nHERE = sys.argv[1]\nopen(os.path.join(HERE, 'cfg.json'))\n", why: "open reads a file chosen at run time"},
		{name: "a parameter of the same name", code: "import os\nHERE = os.path.dirname(__file__)\ndef load(HERE):\n    return open(os.path.join(HERE, 'cfg.json'))\n", why: "open reads a file chosen at run time"},
		{name: "a loop variable of the same name", code: "import os\nP = os.path.dirname(__file__)\nfor P in ['/etc/passwd']:\n    open(P)\n", why: "open reads a file chosen at run time"},
		{name: "a computed part", code: "import os, sys\nopen(os.path.join(os.path.dirname(__file__), sys.argv[1]))\n", why: "open reads a file chosen at run time"},
		{name: "an unknown member", code: "from pathlib import Path\nPath(__file__).with_name('cfg.json').read_text()\n", why: "read_text reads a file chosen at run time"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := soundProject(t, map[string]string{hook: c.code, cfg: "{}\n", ".claude/hooks/y.py": "pass\n", ".claude/hooks/helper.py": "pass\n",
				".claude/hooks/lib/helper.py": "pass\n", ".claude/data/x.json": "{}\n"})
			d := discoverIn(t, p, "python3 "+hook, Runtime{})
			if c.why == "" && !d.Complete() {
				t.Fatalf("want complete, got %v", d.Unresolved)
			}
			if c.why != "" {
				if d.Complete() {
					t.Fatalf("want incomplete (%s), got complete; scripts %+v", c.why, d.Scripts)
				}
				if _, ok := reasonWith(d, c.why); !ok {
					t.Fatalf("no reason with %q: %v", c.why, d.Unresolved)
				}
			}
			for _, r := range c.reads {
				if !hasScript(d, filepath.Join(p, r)) {
					t.Errorf("%s is read but not fingerprinted: %+v", r, d.Scripts)
				}
			}
		})
	}
}

// TestPythonFileOfALinkedScript: a hook script that is a symbolic link
// has the link's path as __file__ (Python does not resolve it for the
// main script), so dirname(__file__) is the link's folder: that folder's
// cfg.json is fingerprinted, not the target's. python3, where present,
// confirms which file the script opens. A folder on the way that is a
// link leaves __file__ unevaluated (incomplete).
func TestPythonFileOfALinkedScript(t *testing.T) {
	code := "import os\nprint(os.path.join(os.path.dirname(__file__), 'cfg.json'))\nopen(os.path.join(os.path.dirname(__file__), 'cfg.json'))\n"
	p := soundProject(t, map[string]string{"shared/h.py": code, "shared/cfg.json": "{}\n", ".claude/hooks/cfg.json": "{}\n"})
	if err := os.Symlink("../../shared/h.py", filepath.Join(p, ".claude/hooks/h.py")); err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(p, ".claude/hooks/cfg.json")
	if py, err := exec.LookPath("python3"); err == nil {
		cmd := exec.Command(py, ".claude/hooks/h.py")
		cmd.Dir = p
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("python3: %v", err)
		}
		if got := strings.TrimSpace(string(out)); got != want {
			t.Fatalf("python3 opens %s, the test expected %s", got, want)
		}
	}
	d := discoverIn(t, p, "python3 .claude/hooks/h.py", Runtime{})
	if !d.Complete() || !hasScript(d, want) || hasScript(d, filepath.Join(p, "shared/cfg.json")) {
		t.Fatalf("a linked script reads its link's folder's cfg.json: complete %v, scripts %+v, %v", d.Complete(), d.Scripts, d.Unresolved)
	}

	q := soundProject(t, map[string]string{"src/h.py": code, "src/cfg.json": "{}\n"})
	if err := os.Symlink("src", filepath.Join(q, "hooks")); err != nil {
		t.Fatal(err)
	}
	if d := discoverIn(t, q, "python3 hooks/../hooks/h.py", Runtime{}); d.Complete() {
		t.Fatalf("a script reached through a linked folder: __file__ evaluated, %+v", d.Scripts)
	}
}
