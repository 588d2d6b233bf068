//go:build unix

package cli

import "testing"

// Pickles, protocol 0: an empty dict, and one that runs touch pwned when
// loaded (os.system through the REDUCE opcode).
const (
	emptyPickle = "(dp0\n."
	evilPickle  = "cos\nsystem\n(S'touch pwned'\ntR."
)

// langReaderAttacks are atk's HOLE 3 (Python) and HOLE 4 (JavaScript):
// loads the language readers read as complete, so that a pull changing
// what they load ran as approved. Each now reads approved-partly-unwatched
// (what it loads is not followed) or is followed to the end; a file it
// loads by a literal path is fingerprinted, so the pull's change is named.
func langReaderAttacks() []soundAttack {
	h := ".gemini/hooks/"
	py := func(main string, more map[string]string) map[string]string {
		out := map[string]string{h + "main.py": main}
		for k, v := range more {
			out[k] = v
		}
		return out
	}
	js := func(main string, more map[string]string) map[string]string {
		out := map[string]string{h + "main.js": main}
		for k, v := range more {
			out[k] = v
		}
		return out
	}
	return []soundAttack{
		// HOLE 3
		{name: "runpy.run_path of a literal", command: `python3 .gemini/hooks/main.py`,
			files:  py("import runpy\nrunpy.run_path(\".gemini/hooks/y.py\")\n", map[string]string{h + "y.py": "pass\n"}),
			change: h + "y.py", payload: pythonPayload, watched: true},
		{name: "getattr(builtins, computed) runs a read file", command: `python3 .gemini/hooks/main.py`,
			files:  py("import builtins\ngetattr(builtins, \"ex\"+\"ec\")(open(\".gemini/hooks/z.py\").read())\n", map[string]string{h + "z.py": "pass\n"}),
			change: h + "z.py", payload: pythonPayload, incomplete: true, watched: true},
		{name: "exec bound to a name", command: `python3 .gemini/hooks/main.py`,
			files:  py("e = exec\ne(open(\".gemini/hooks/z.py\").read())\n", map[string]string{h + "z.py": "pass\n"}),
			change: h + "z.py", payload: pythonPayload, incomplete: true, watched: true},
		{name: "pickle.load of a project file", command: `python3 .gemini/hooks/main.py`,
			files:  py("import pickle\npickle.load(open(\".gemini/hooks/cache.pkl\", \"rb\"))\n", map[string]string{h + "cache.pkl": emptyPickle}),
			change: h + "cache.pkl", payload: evilPickle, incomplete: true, watched: true},
		{name: "ctypes.CDLL of a project library", command: `python3 .gemini/hooks/main.py`,
			files:  py("import ctypes\nctypes.CDLL(\"./.gemini/hooks/x.so\")\n", map[string]string{h + "x.so": "\x7fELF"}),
			change: h + "x.so", payload: "\x7fELF changed", incomplete: true, watched: true},
		{name: "exec of a file named by an argument", command: `python3 .gemini/hooks/main.py .gemini/hooks/z.py`,
			files:  py("import sys\nexec(open(sys.argv[1]).read())\n", map[string]string{h + "z.py": "pass\n"}),
			change: h + "z.py", payload: pythonPayload, incomplete: true},
		{name: "python data read by a literal path", command: `python3 .gemini/hooks/main.py`,
			files:  py("import json\nprint(json.load(open(\".gemini/hooks/rules.json\")))\n", map[string]string{h + "rules.json": "{}\n"}),
			change: h + "rules.json", payload: `{"allow": "*"}`, watched: true},
		// HOLE 4
		{name: "eval bound to a name", command: `node .gemini/hooks/main.js`,
			files:  js("const fs = require(\"fs\");\nconst e = eval;\ne(fs.readFileSync(\".gemini/hooks/a.js\", \"utf8\"));\n", map[string]string{h + "a.js": "\n"}),
			change: h + "a.js", payload: "process.mainModule.require('fs').writeFileSync('pwned', '')\n", incomplete: true, watched: true},
		{name: "Function reached through .constructor", command: `node .gemini/hooks/main.js`,
			files:  js("const fs = require(\"fs\");\n(function(){}).constructor(\"require\", fs.readFileSync(\".gemini/hooks/b.js\", \"utf8\"))(require);\n", map[string]string{h + "b.js": "\n"}),
			change: h + "b.js", payload: nodePayload, incomplete: true, watched: true},
		{name: "worker_threads Worker of a literal file", command: `node .gemini/hooks/main.js`,
			files:  js("const { Worker } = require(\"worker_threads\");\nnew Worker(\"./.gemini/hooks/c.js\");\n", map[string]string{h + "c.js": "\n"}),
			change: h + "c.js", payload: nodePayload, incomplete: true, watched: true},
		{name: "globalThis by a computed name", command: `node .gemini/hooks/main.js`,
			files:  js("globalThis[\"ev\" + \"al\"](require(\"fs\").readFileSync(\".gemini/hooks/a.js\", \"utf8\"));\n", map[string]string{h + "a.js": "\n"}),
			change: h + "a.js", payload: nodePayload, incomplete: true, watched: true},
		{name: "Reflect.apply(eval)", command: `node .gemini/hooks/main.js`,
			files:  js("Reflect.apply(eval, null, [require(\"fs\").readFileSync(\".gemini/hooks/a.js\", \"utf8\")]);\n", map[string]string{h + "a.js": "\n"}),
			change: h + "a.js", payload: nodePayload, incomplete: true, watched: true},
		{name: "node data read by a literal path", command: `node .gemini/hooks/main.js`,
			files:  js("const fs = require(\"fs\");\nconsole.log(JSON.parse(fs.readFileSync(\".gemini/hooks/rules.json\", \"utf8\")));\n", map[string]string{h + "rules.json": "{}\n"}),
			change: h + "rules.json", payload: `{"allow": "*"}`, watched: true},
		// HOLE 7, inline code of languages Hookwarden does not read
		{name: "perl -e do FILE", command: `perl -e 'do "./.gemini/hooks/y.pl"'`,
			files:  map[string]string{h + "y.pl": "1;\n"},
			change: h + "y.pl", payload: "open(my $f, '>', 'pwned'); 1;\n", incomplete: true},
		{name: "perl -I -M module", command: `perl -I.gemini/hooks -MY -e 1`,
			files:  map[string]string{h + "Y.pm": "package Y; 1;\n"},
			change: h + "Y.pm", payload: "package Y; open(my $f, '>', 'pwned'); 1;\n", incomplete: true},
		{name: "awk system", command: `awk 'BEGIN{system("bash .gemini/hooks/y.sh")}'`,
			files:  map[string]string{h + "y.sh": harmlessSh},
			change: h + "y.sh", payload: shellPayload, incomplete: true},
		{name: "node --eval= of a computed require", command: `node --eval="require('./.gemini/hooks/' + 'c.js')"`,
			files:  map[string]string{h + "c.js": "\n"},
			change: h + "c.js", payload: nodePayload, incomplete: true},
	}
}

// TestLanguageReaderAttacks: every form of HOLE 3 and HOLE 4, approved in
// a real project and changed as a pull would change it, makes audit exit
// 3 naming the changed file (or, where only a trace could see it,
// approved-partly-unwatched and audit --strict 3), and run without --yes
// does not run the change.
func TestLanguageReaderAttacks(t *testing.T) {
	t.Parallel()
	for _, a := range langReaderAttacks() {
		t.Run(a.name, func(t *testing.T) { runSoundAttack(t, a) })
	}
}
