package trust

import (
	"path/filepath"
	"strings"
	"testing"
)

// langCase is one script read by a language reader: complete, or
// incomplete with a reason whose text holds why.
type langCase struct {
	name, file, code string
	// why is part of the reason wanted ("" = complete).
	why string
	// reads are project files the script reads, which must be
	// fingerprinted.
	reads []string
}

func runLangCases(t *testing.T, runner string, cases []langCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]string{c.file: c.code, "cfg/settings.json": "{}\n", "y.py": "pass\n", "z.py": "pass\n",
				"lib/helper.js": "\n", "c.js": "\n", "data.pkl": "x"}
			p := soundProject(t, files)
			d := discoverIn(t, p, runner+" "+c.file, Runtime{})
			if c.why == "" && !d.Complete() {
				t.Fatalf("want complete, got %v", d.Unresolved)
			}
			if c.why != "" {
				if d.Complete() {
					t.Fatalf("want incomplete (%s), got complete; scripts %+v", c.why, d.Scripts)
				}
				u, ok := reasonWith(d, c.why)
				if !ok {
					t.Fatalf("no reason with %q: %v", c.why, d.Unresolved)
				}
				if u.Kind == ReasonReads && !u.Traceable {
					t.Errorf("a computed read is not traceable: %+v", u)
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

// TestPythonReaderIsSound: a Python script is complete only when every
// load and read in it is understood (issue 20, atk HOLE 3).
func TestPythonReaderIsSound(t *testing.T) {
	runLangCases(t, "python3", []langCase{
		// the real hook's shape: read stdin's JSON, print, exit
		{name: "stdin json hook", file: "h.py", code: "#!/usr/bin/env python3\n\"\"\"Block rm -rf; exec( and eval( in a docstring are words.\"\"\"\nimport json, sys, os, re\n\n# exec(open(x).read()) in a comment is not code\ndata = json.load(sys.stdin)\ncmd = data.get('tool_input', {}).get('command', '')\nif re.search(r'rm -rf', cmd):\n    print(json.dumps({'decision': 'block', 'reason': f\"no {cmd!r}\"}))\n    sys.exit(2)\nlog = os.path.join(os.environ.get('HOME', '/tmp'), 'hook.log')\nwith open(log, 'a') as f:\n    f.write(cmd)\nprint('exec(x)')\n"},
		{name: "literal read fingerprinted", file: "h.py", code: "import json\nwith open('cfg/settings.json') as f:\n    json.load(f)\n", reads: []string{"cfg/settings.json"}},
		{name: "constant path fingerprinted", file: "h.py", code: "CFG = 'cfg/settings.json'\nprint(open(CFG).read())\n", reads: []string{"cfg/settings.json"}},
		{name: "Path literal read_text", file: "h.py", code: "from pathlib import Path\nPath('cfg/settings.json').read_text()\n", reads: []string{"cfg/settings.json"}},
		{name: "exec of a literal", file: "h.py", code: "exec('import json')\n"},
		{name: "getattr with a literal name", file: "h.py", code: "import sys\nx = getattr(sys, 'argv', [])\n"},
		{name: "runpy.run_path literal", file: "h.py", code: "import runpy\nrunpy.run_path('y.py')\n", reads: []string{"y.py"}},
		{name: "importlib literal", file: "h.py", code: "import importlib\nimportlib.import_module('y')\n", reads: []string{"y.py"}},
		// incomplete
		{name: "computed read", file: "h.py", code: "import sys\nprint(open(sys.argv[1]).read())\n", why: "reads a file chosen at run time"},
		{name: "runpy computed", file: "h.py", code: "import runpy, sys\nrunpy.run_path(sys.argv[1])\n", why: "runpy.run_path loads code chosen at run time"},
		{name: "getattr builtins exec", file: "h.py", code: "import builtins\ngetattr(builtins, 'ex'+'ec')(open('z.py').read())\n", why: "getattr reaches a name chosen at run time", reads: []string{"z.py"}},
		{name: "exec alias", file: "h.py", code: "e = exec\ne(open('z.py').read())\n", why: "exec used as a value"},
		{name: "exec of a read", file: "h.py", code: "exec(open('z.py').read())\n", why: "exec runs code chosen at run time", reads: []string{"z.py"}},
		{name: "pickle load", file: "h.py", code: "import pickle\npickle.load(open('data.pkl', 'rb'))\n", why: "pickle.load runs code a pickle names", reads: []string{"data.pkl"}},
		{name: "pickle from-import", file: "h.py", code: "from pickle import loads as l\n", why: "pickle.loads"},
		{name: "shelve", file: "h.py", code: "import shelve\nshelve.open('data')\n", why: "shelve.open"},
		{name: "yaml unsafe", file: "h.py", code: "import yaml\nyaml.load(open('cfg/settings.json'), Loader=yaml.Loader)\n", why: "yaml.load without a safe Loader"},
		{name: "ctypes", file: "h.py", code: "import ctypes\nctypes.CDLL('./data.pkl')\n", why: "ctypes.CDLL loads native code", reads: []string{"data.pkl"}},
		{name: "cdll alias", file: "h.py", code: "from ctypes import cdll\ncdll.LoadLibrary('./x.so')\n", why: "ctypes.cdll loads native code"},
		{name: "globals lookup", file: "h.py", code: "globals()['__builtins__']['exec']('1')\n", why: "globals hands out a namespace"},
		{name: "dunder reflection", file: "h.py", code: "().__class__.__bases__[0].__subclasses__()\n", why: "reaches __class__"},
		{name: "dynamic call of a subscript", file: "h.py", code: "import sys\nhandlers = {}\nhandlers[sys.argv[1]]()\n", why: "calls a value computed at run time"},
		{name: "__import__ of os", file: "h.py", code: "__import__('os').system('id')\n", why: "starts programs (os.system)"},
		{name: "sys.modules", file: "h.py", code: "import sys\nsys.modules['x'] = None\n", why: "sys.modules"},
		{name: "import as alias of importlib", file: "h.py", code: "import importlib as il\nil.import_module(name)\n", why: "importlib.import_module loads code chosen at run time"},
		{name: "module as value", file: "h.py", code: "import pickle as p\nq = p\nq.loads(b'')\n", why: "the module pickle used as a value"},
		{name: "star import of pickle", file: "h.py", code: "from pickle import *\nloads(b'')\n", why: "pickle.*"},
		{name: "exec in an f-string field", file: "h.py", code: "print(f\"{exec(open('z.py').read())}\")\n", why: "exec runs code chosen at run time"},
		{name: "compile then exec", file: "h.py", code: "c = compile(open('z.py').read(), 'z', 'exec')\n", why: "compile runs code chosen at run time"},
		{name: "os.chdir moves reads", file: "h.py", code: "import os\nos.chdir('/tmp')\n", why: "os.chdir changes the folder"},
		// (Path(__file__).parent.joinpath('x') is a literal path since gate8: TestPythonFileRelativePaths)
		{name: "read_text of a computed path", file: "h.py", code: "import sys\nfrom pathlib import Path\nPath(sys.argv[1]).parent.joinpath('x').read_text()\n", why: "read_text reads a file chosen at run time"},
		{name: "timeit of text", file: "h.py", code: "import timeit\ntimeit.timeit(open('z.py').read())\n", why: "timeit.timeit runs code given as text"},
	})
}

// TestLangTokens: strings, comments, f-string fields and template
// substitutions are told apart from code.
func TestLangTokens(t *testing.T) {
	toks, fields := pyTokens("x = 'a#b' # exec(\ny = f'{eval(z)}'\n", 0)
	var names []string
	for _, tk := range toks {
		if tk.kind == tokName {
			names = append(names, tk.text)
		}
	}
	if strings.Join(names, ",") != "x,y" || len(fields) != 1 || fields[0][0].text != "eval" {
		t.Errorf("python: names %v, fields %+v", names, fields)
	}
	jt, jf := jsTokens("const a = `x${eval(s)}y` // eval(\nconst r = /eval\\(/g; /* eval( */ b = 'eval('\n", 0)
	names = nil
	for _, tk := range jt {
		if tk.kind == tokName {
			names = append(names, tk.text)
		}
	}
	if strings.Join(names, ",") != "const,a,const,r,b" || len(jf) != 1 || jf[0][0].text != "eval" {
		t.Errorf("js: names %v, fields %+v", names, jf)
	}
}

// TestPythonReaderTests: a module only tested (an optional import) is
// not a use of it.
func TestPythonReaderTests(t *testing.T) {
	runLangCases(t, "python3", []langCase{
		{name: "optional yaml", file: "h.py", code: "try:\n    import yaml\nexcept ImportError:\n    yaml = None\nif yaml is None:\n    pass\nif not yaml:\n    pass\n"},
		{name: "module handed on", file: "h.py", code: "import pickle\nf(pickle)\n", why: "the module pickle used as a value"},
	})
}

// TestJSReaderIsSound: a JavaScript / TypeScript file is complete only
// when every load and read in it is understood (issue 20, atk HOLE 4).
func TestJSReaderIsSound(t *testing.T) {
	runLangCases(t, "node", []langCase{
		{name: "stdin json hook", file: "h.js", code: "#!/usr/bin/env node\n// eval(x) in a comment\nconst fs = require('fs');\nconst path = require('node:path');\nlet input = '';\nprocess.stdin.on('data', c => input += c);\nprocess.stdin.on('end', () => {\n  const data = JSON.parse(input);\n  const cmd = data.tool_input?.command ?? '';\n  if (/eval\\(/.test(cmd)) { console.log(JSON.stringify({decision: 'block', reason: `no ${cmd}`})); process.exit(2); }\n  fs.appendFileSync(path.join(process.env.HOME, 'log'), 'eval(' + cmd);\n  if (require.main === module) {}\n});\n"},
		{name: "iife", file: "h.js", code: "(async () => { console.log(1) })();\n(function () {})();\n"},
		{name: "esm hook", file: "h.mjs", code: "import { readFileSync } from 'node:fs';\nimport * as path from 'path';\nconst input = JSON.parse(readFileSync(0, 'utf8'));\n"},
		{name: "esm computed read", file: "h.mjs", code: "import { readFileSync } from 'node:fs';\nreadFileSync(process.argv[2]);\n", why: "fs.readFileSync reads a file chosen at run time"},
		{name: "literal read fingerprinted", file: "h.js", code: "const fs = require('fs');\nJSON.parse(fs.readFileSync('cfg/settings.json', 'utf8'));\n", reads: []string{"cfg/settings.json"}},
		{name: "dirname join read fingerprinted", file: "h.js", code: "const fs = require('fs'), path = require('path');\nconst x = fs.readFileSync(path.join(__dirname, 'cfg', 'settings.json'));\n", reads: []string{"cfg/settings.json"}},
		{name: "require of fs member", file: "h.js", code: "require('fs').readFileSync('cfg/settings.json');\n", reads: []string{"cfg/settings.json"}},
		{name: "eval of a literal", file: "h.js", code: "eval(\"require('./lib/helper.js')\");\n", reads: []string{"lib/helper.js"}},
		// incomplete
		{name: "eval alias", file: "h.js", code: "const e = eval;\ne(require('fs').readFileSync('c.js', 'utf8'));\n", why: "eval used as a value", reads: []string{"c.js"}},
		{name: "function constructor", file: "h.js", code: "(function(){}).constructor('return 1')();\n", why: ".constructor reaches the constructor"},
		{name: "new Function", file: "h.js", code: "new Function('return 1')();\n", why: "Function runs or loads code"},
		{name: "worker", file: "h.js", code: "const { Worker } = require('worker_threads');\nnew Worker('./c.js');\n", why: "Worker runs a script", reads: []string{"c.js"}},
		{name: "globalThis computed", file: "h.js", code: "globalThis['ev' + 'al']('1');\n", why: "globalThis[…] reaches a name"},
		{name: "globalThis literal eval", file: "h.js", code: "globalThis['eval']('1');\n", why: ".eval reached as a member"},
		{name: "Reflect apply", file: "h.js", code: "Reflect.apply(eval, null, ['1']);\n", why: "Reflect runs or loads code"},
		{name: "process.mainModule.require", file: "h.js", code: "process.mainModule.require('x');\n", why: "process.mainModule"},
		{name: "require as value", file: "h.js", code: "const r = require;\nr('./c.js');\n", why: "require used other than"},
		{name: "require concat", file: "h.js", code: "require('./c' + '.js');\n", why: "require() of a module chosen at run time"},
		{name: "vm", file: "h.js", code: "const vm = require('vm');\nvm.runInThisContext('1');\n", why: "vm runs code given as text"},
		{name: "child_process", file: "h.js", code: "const { execSync } = require('child_process');\nexecSync('ls');\n", why: "starts programs (child_process)"},
		{name: "computed read", file: "h.js", code: "const fs = require('fs');\nfs.readFileSync(process.argv[2]);\n", why: "fs.readFileSync reads a file chosen at run time"},
		{name: "dispatch table", file: "h.js", code: "const h = {};\nh[process.argv[2]]();\n", why: "calls a value computed at run time"},
		{name: "call of a call", file: "h.js", code: "f()();\n", why: "calls a value computed at run time"},
		{name: "createRequire", file: "h.mjs", code: "import { createRequire } from 'module';\nconst r = createRequire(import.meta.url);\n", why: "module loads modules"},
		{name: "template import", file: "h.mjs", code: "const n = 'c';\nawait import(`./${n}.js`);\n", why: "import() of a module chosen at run time"},
		{name: "eval in template", file: "h.js", code: "console.log(`${eval(process.argv[2])}`);\n", why: "eval runs code chosen at run time"},
		{name: "Bun spawn", file: "h.ts", code: "Bun.spawn(['ls']);\n", why: "starts programs (Bun.spawn)"},
	})
}

// TestInlineCodeIsReadOrIncomplete: inline code of a language Hookwarden
// does not read is incomplete whatever it says (atk HOLE 7: perl's do
// FILE, ruby's require_relative and -r, -M modules were read as complete);
// an awk program is complete only when it starts and reads nothing; node
// --eval= and deno eval are read as JavaScript.
func TestInlineCodeIsReadOrIncomplete(t *testing.T) {
	p := soundProject(t, map[string]string{"x.pl": "1;\n", "Y.pm": "package Y; 1;\n", "x.rb": "\n", "x.js": "\n", "x.sh": "true\n", "lib.awk": "\n"})
	for _, c := range []struct{ cmd, why string }{
		{`perl -e 'do "./x.pl"'`, "perl runs inline code in a language Hookwarden does not read"},
		{`perl -I. -MY -e 1`, "perl runs inline code"},
		{`ruby -r./x.rb -e 1`, "ruby runs inline code"},
		{`ruby -e 'require_relative "x"'`, "ruby runs inline code"},
		{`php -r 'echo 1;'`, "php runs inline code"},
		{`awk 'BEGIN{system("bash x.sh")}'`, "awk program uses system"},
		{`awk '{ print | "sh" }'`, "awk program uses |"},
		{`gawk '@include "lib.awk"'`, "gawk program uses @"},
		{`gawk -i lib.awk 'BEGIN{}'`, "gawk -i: an option"},
		{`node --eval="require('./x' + '.js')"`, "require() of a module chosen at run time"},
		{`deno eval "await import(Deno.args[0])"`, "import() of a module chosen at run time"},
		{"echo 'source x.tcl' | tclsh", "tclsh runs inline code"},
		{"python3 - <<'EOF'\nexec(open('x').read())\nEOF", "exec runs code chosen at run time"},
	} {
		d := discoverIn(t, p, c.cmd, Runtime{})
		if _, ok := reasonWith(d, c.why); !ok || d.Complete() {
			t.Errorf("%s: want a reason with %q, got %v", c.cmd, c.why, d.Unresolved)
		}
	}
	for _, cmd := range []string{`awk '{print $1}' x.sh`, `awk -F: -v n=1 'NR==n || /a/ {print $2}'`, `node --eval="console.log(1)"`, `python3 -c 'import json, sys; print(json.load(sys.stdin)["x"])'`, "python3 - <<'EOF'\nimport json\nprint(1)\nEOF"} {
		if d := discoverIn(t, p, cmd, Runtime{}); !d.Complete() {
			t.Errorf("%s: want complete, got %v", cmd, d.Unresolved)
		}
	}
	if d := discoverIn(t, p, `deno eval "import './x.js'"`, Runtime{}); !hasScript(d, filepath.Join(p, "x.js")) {
		t.Errorf("deno eval's import not followed: %+v", d.Scripts)
	}
}

// TestAwkAndSedPrograms: a "|" in an awk string is not a pipe; a sed -e
// that only substitutes is complete, one with e (run) is not.
func TestAwkAndSedPrograms(t *testing.T) {
	p := soundProject(t, map[string]string{"x.sh": "true\n"})
	for cmd, complete := range map[string]bool{
		`awk '{ if (c == "|") print "a|b" } # x | y'`: true,
		`awk '{ print "x" | "sh" }'`:                  false,
		`sed -E -e 's|/\./|/|g' -e 's|a|b|'`:          true,
		`sed -e 's/a/b/;e'`:                           false,
		`sed -e '1e x.sh'`:                            false,
	} {
		if d := discoverIn(t, p, cmd, Runtime{}); d.Complete() != complete {
			t.Errorf("%s: complete %v, want %v (%v)", cmd, d.Complete(), complete, d.Unresolved)
		}
	}
}

// TestLanguageReadersAgainstTokenTricks: text a language reads as code
// is never hidden from the reader as a comment, a string or an odd name.
func TestLanguageReadersAgainstTokenTricks(t *testing.T) {
	runLangCases(t, "python3", []langCase{
		{name: "code after a lone CR ends a comment", file: "h.py", code: "# harmless\rexec(open('z.py').read())\n", why: "exec runs code chosen at run time"},
		{name: "3.12 f-string with a hash in a nested string", file: "h.py", code: "x = f\"{\"#\"}\"; exec(open('z.py').read())\n", why: "exec runs code chosen at run time"},
		{name: "NFKC name", file: "h.py", code: "\uff45\uff58\uff45\uff43(open('z.py').read())\n", why: "is not ASCII"},
		{name: "utf-7 coding", file: "h.py", code: "# coding: utf_7\n# +AAo-exec(open('z.py').read())\n", why: "declares the encoding utf_7"},
		{name: "Path.open of a computed path", file: "h.py", code: "import sys\nfrom pathlib import Path\nwith Path(sys.argv[1]).open() as f:\n    pass\n", why: "open reads a file chosen at run time"},
		{name: "Path.open to append", file: "h.py", code: "from pathlib import Path\nwith Path('log.txt').open('a') as f:\n    pass\nimport io\nio.open('cfg/settings.json')\n", reads: []string{"cfg/settings.json"}},
		{name: "os bound to another name", file: "h.py", code: "import os\nx = os\nx.system('id')\n", why: "the module os used as a value"},
	})
	runLangCases(t, "node", []langCase{
		{name: "unicode escape in a name", file: "h.js", code: "\\u0065val(require('fs').readFileSync('c.js', 'utf8'));\n", why: "escape in a name"},
		{name: "a property named return before a division", file: "h.js", code: "const a = {};\na.return / eval(process.argv[2]) / 1;\n", why: "eval runs code chosen at run time"},
		{name: "U+2028 ends a line comment", file: "h.js", code: "// harmless\u2028eval(process.argv[2]);\n", why: "eval runs code chosen at run time"},
		{name: "a quote in a template substitution", file: "h.js", code: "const s = `${\"`\"}`; eval(process.argv[2]);\n", why: "eval runs code chosen at run time"},
		{name: "process member by a literal subscript", file: "h.js", code: "const b = process['binding'];\n", why: "process.binding"},
		{name: "fs handed on", file: "h.js", code: "const fs = require('fs');\nconst f = fs;\nf.readFileSync(process.argv[2]);\n", why: "fs used as a value"},
		{name: "data URL import", file: "h.mjs", code: "await import('data:text/javascript,console.log(1)');\n", why: "a URL (data:, file:)"},
		{name: "process through globalThis", file: "h.js", code: "globalThis.process.binding('spawn_sync');\n", why: "process.binding"},
		{name: "child_process bound", file: "h.js", code: "const cp = require('child_process');\n", why: "starts programs (child_process)"},
	})
}
