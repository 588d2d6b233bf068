package risk

import (
	"os"
	"path/filepath"
	"testing"
)

// TestServiceClientsAndRunTimeCommands: the categories behind the held-out
// misses of issue 24. A client of a remote service (a known SDK, or any
// client handed a key) is a network sink; a command whose text the code
// does not hold (read from a configuration) is code Hookwarden cannot
// see. The interpreter itself (sys.executable, process.execPath) is a
// known program, and a literal placeholder key is not a credential.
func TestServiceClientsAndRunTimeCommands(t *testing.T) {
	for _, tc := range []struct {
		name, file, code string
		want             Level
	}{
		{"mem0 client with a key", "a.py", "import os\nfrom mem0 import MemoryClient\nc = MemoryClient(api_key=os.environ.get('MEM0_API_KEY', ''))\nc.add('x')\n", LevelReview},
		{"anthropic sdk", "b.py", "from anthropic import Anthropic\nclient = Anthropic()\nclient.messages.create(model='m', messages=[])\n", LevelReview},
		{"js sdk with apiKey", "c.mjs", "import OpenAI from 'openai';\nconst c = new Cohere({ apiKey: process.env.CO_KEY });\n", LevelReview},
		{"placeholder key", "d.py", "cfg = dict(api_key='')\nprint(cfg)\n", LevelNone},
		{"dispatcher", "e.py", "import json, subprocess\ncfg = json.load(open('hooks.json'))\nfor c in cfg['stop']:\n    subprocess.run(c, shell=True)\n", LevelReview},
		{"the interpreter itself", "f.py", "import subprocess, sys\nsubprocess.run([sys.executable, 'tools/check.py'])\n", LevelNone},
		{"node itself", "g.mjs", "import { spawnSync } from 'node:child_process';\nspawnSync(process.execPath, ['x.mjs'], { stdio: 'inherit' });\n", LevelNone},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.code), 0o644); err != nil {
				t.Fatal(err)
			}
			runner := "python3 "
			if filepath.Ext(tc.file) == ".mjs" {
				runner = "node "
			}
			r := Analyze(Hook{Command: runner + tc.file, ProjectDir: dir}, Options{Agents: testAgents})
			if r.Level != tc.want {
				t.Errorf("level %s, want %s: %+v", r.Level, tc.want, r.Findings)
			}
		})
	}
}

// TestShellProgramChosenAtRunTime: a shell dispatcher runs the command a
// data file names; the interpreter found with command -v, and a script's
// own arguments ("$@", read where its caller names them), are not that.
func TestShellProgramChosenAtRunTime(t *testing.T) {
	for command, want := range map[string]Level{
		`cmd=$(jq -r .stop.command hooks.json); $cmd`: LevelReview,
		`BIN=$(cat .tool-path); exec "$BIN" --hook`:   LevelReview,
		`P=$(command -v python3); "$P" -c 'print(1)'`: LevelNone,
		`run() { "$@"; }; run echo hello`:             LevelNone,
		`X=ls; $X`:                                    LevelNone,
	} {
		if r := Analyze(Hook{Command: command, ProjectDir: t.TempDir()}, Options{Agents: testAgents}); r.Level != want {
			t.Errorf("%s: level %s, want %s: %+v", command, r.Level, want, r.Findings)
		}
	}
}
