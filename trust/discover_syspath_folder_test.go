package trust

import (
	"path/filepath"
	"testing"
)

// TestPythonSysPathFolderImportsAreFollowed: a script that puts a folder
// derived from __file__ on sys.path (insert or append) and then imports
// from it loads that folder's modules: from utils import output_decision
// with the helper in utils/utils.py is utils/utils.py. The module is
// fingerprinted (and so analysed by risk, which reads this discovery);
// the script stays incomplete for the sys.path change itself. On the old
// code the helper is not listed.
func TestPythonSysPathFolderImportsAreFollowed(t *testing.T) {
	const hook = ".claude/hooks/guard.py"
	for name, code := range map[string]string{
		"insert os.path":     "import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), 'utils'))\nfrom utils import output_decision\n",
		"append pathlib":     "import sys\nfrom pathlib import Path\nsys.path.append(str(Path(__file__).parent / 'utils'))\nfrom utils import output_decision\n",
		"insert then import": "import os, sys\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), 'utils'))\nimport utils\n",
	} {
		t.Run(name, func(t *testing.T) {
			p := soundProject(t, map[string]string{hook: code, ".claude/hooks/utils/utils.py": "def output_decision(d):\n    print(d)\n"})
			d := discoverIn(t, p, "python3 "+hook, Runtime{})
			if !hasScript(d, filepath.Join(p, ".claude/hooks/utils/utils.py")) {
				t.Errorf("utils/utils.py is imported but not fingerprinted: %+v", d.Scripts)
			}
			if d.Complete() {
				t.Errorf("want incomplete (sys.path), got complete")
			}
		})
	}
}
