package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigCodeOfKnownReadersIsWatched is atk's HOLE 1: tools that were
// taken to read only the files they are handed load the project's
// configuration as code (markdownlint-cli2's .markdownlint-cli2.cjs,
// cspell's cspell.config.js, dprint's plugins, vale's scripts). A project
// hook running one is approved; a pull then adds the config: audit exits
// 3 naming it, the dry run without --yes does not run it for real, exec
// refuses. (The tools here are stand-ins on PATH that load the config as
// the real ones do; atk confirmed markdownlint-cli2 with the real Claude
// Code.)
func TestConfigCodeOfKnownReadersIsWatched(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ tool, command, config string }{
		{"markdownlint-cli2", `markdownlint-cli2 "**/*.md"`, ".markdownlint-cli2.cjs"},
		{"cspell", "cspell lint .claude", "cspell.config.js"},
		{"markdownlint", "markdownlint README.md", ".markdownlint.cjs"},
	} {
		t.Run(tc.tool, func(t *testing.T) {
			p := newTraceProject(t, "")
			// the stand-in loads the config the way the tool does: as code
			p.write(t, filepath.Join(p.home, "bin", tc.tool), "#!/bin/sh\n[ -f "+tc.config+" ] && . ./"+tc.config+"\nexit 0\n")
			p.write(t, ".claude/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": `+jsonString(tc.command)+`}]}]}}`)
			p.write(t, "README.md", "# x\n")
			run := func(args ...string) (int, string) {
				return p.runUserTrace(append([]string{args[0], "--agent", "claude"}, args[1:]...)...)
			}
			if code, out := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
				t.Fatalf("trust: exit %d\n%s", code, out)
			}
			// the pull
			p.write(t, tc.config, "touch pwned\n")
			code, out := run("audit")
			if code != ExitNeedsReview || !strings.Contains(out, tc.config) {
				t.Fatalf("%s added after approval: audit exit %d, want %d naming it\n%s", tc.config, code, ExitNeedsReview, out)
			}
			code, out = run("run", "--event", "SessionStart", "--trigger", "startup")
			if _, err := os.Stat(filepath.Join(p.project, "pwned")); err == nil {
				t.Fatalf("the dry run ran %s's new config for real without --yes (exit %d)\n%s", tc.tool, code, out)
			}
			if code, out := run("exec", "--", "true"); code != ExitNeedsReview {
				t.Errorf("exec exit %d, want %d\n%s", code, ExitNeedsReview, out)
			}
		})
	}
}

// TestAHookThatRegeneratesItsScriptIsNotPlainlyTrusted is atk's HOLE 2: a
// hook that writes the script it then runs from a project file, with a
// program that writes files by a rule of its own (gunzip -kf x.gz writes
// x; xxd -r a b writes b; sort -o; openssl -out): the script's
// fingerprint stands for nothing, so the hook is never plainly trusted,
// and a pull that changes only the source is caught by audit --strict and
// held by the dry run.
func TestAHookThatRegeneratesItsScriptIsNotPlainlyTrusted(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, command, source, sourceText string }{
		{"gunzip", "gunzip -kf .claude/hooks/run.sh.gz && bash .claude/hooks/run.sh", ".claude/hooks/run.sh.gz", ""},
		{"xxd", "xxd -r .claude/hooks/run.hex .claude/hooks/run.sh && bash .claude/hooks/run.sh", ".claude/hooks/run.hex", "00000000: 6563 686f 2068 690a                      echo hi.\n"},
		{"sort", "sort -o .claude/hooks/run.sh .claude/hooks/run.txt && bash .claude/hooks/run.sh", ".claude/hooks/run.txt", "echo hi\n"},
		{"openssl", "openssl enc -d -base64 -in .claude/hooks/run.b64 -out .claude/hooks/run.sh && bash .claude/hooks/run.sh", ".claude/hooks/run.b64", "ZWNobyBoaQo=\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newTraceProject(t, "")
			p.write(t, ".claude/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": `+jsonString(tc.command)+`}]}]}}`)
			p.write(t, ".claude/hooks/run.sh", "echo hi\n")
			if tc.sourceText != "" {
				p.write(t, tc.source, tc.sourceText)
			} else {
				p.write(t, tc.source, "not really gzip\n")
			}
			run := func(args ...string) (int, string) {
				return p.run(append([]string{args[0], "--agent", "claude"}, args[1:]...)...)
			}
			code, out := run("trust", "--all")
			if code == ExitOK {
				code, out = run("audit", "--strict")
				if code == ExitOK {
					t.Fatalf("a hook that writes the script it runs (%s) reads plainly trusted\n%s", tc.name, out)
				}
			}
			if !strings.Contains(out, "run.sh") {
				t.Errorf("the refusal does not name the script the hook writes:\n%s", out)
			}
		})
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestVariablesAssignedOutOfSightAreNotKept is atk's HOLE 6: a variable
// the script assigns where discovery kept its earlier literal — in a
// function it calls, with read, mapfile, printf -v, getopts, unset, or
// through a nameref — names the file really sourced; discovery must not
// fingerprint the stale literal and call the hook complete. Approved,
// then a pull changes only the file really sourced: audit --strict exits
// 3 (the hook is partly unwatched, or the file is named).
func TestVariablesAssignedOutOfSightAreNotKept(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, script string }{
		{"function", "LINT=.claude/hooks/a.sh\nload_config() {\n  LINT=.claude/hooks/b.sh\n}\nload_config\n. \"$LINT\"\n"},
		{"function-defined-first", "load_config() { LINT=.claude/hooks/b.sh; }\nLINT=.claude/hooks/a.sh\nload_config\n. \"$LINT\"\n"},
		{"read", "f=.claude/hooks/a.sh\nread -r f < .claude/hooks/name.txt\n. \"$f\"\n"},
		{"mapfile", "MAPFILE=.claude/hooks/a.sh\nmapfile < .claude/hooks/name.txt\n. \"$MAPFILE\"\n"},
		{"printf-v", "g=.claude/hooks/a.sh\nprintf -v g \"%s\" .claude/hooks/b.sh\n. \"$g\"\n"},
		{"nameref", "declare -n r=k\nk=.claude/hooks/a.sh\nr=.claude/hooks/b.sh\n. \"$k\"\n"},
		{"getopts", "opt=.claude/hooks/a.sh\ngetopts x opt\n. \"$opt\"\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newTraceProject(t, "")
			p.write(t, ".claude/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "bash .claude/hooks/x.sh"}]}]}}`)
			p.write(t, ".claude/hooks/x.sh", tc.script)
			p.write(t, ".claude/hooks/a.sh", "true\n")
			p.write(t, ".claude/hooks/b.sh", "true\n")
			p.write(t, ".claude/hooks/name.txt", ".claude/hooks/b.sh\n")
			run := func(args ...string) (int, string) {
				return p.run(append([]string{args[0], "--agent", "claude"}, args[1:]...)...)
			}
			if code, out := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
				t.Fatalf("trust: exit %d\n%s", code, out)
			}
			p.write(t, ".claude/hooks/b.sh", "touch pwned\n") // the pull
			if code, out := run("audit", "--strict"); code != ExitNeedsReview {
				t.Fatalf("b.sh changed: audit --strict exit %d, want %d\n%s", code, ExitNeedsReview, out)
			}
			code, out := run("run", "--event", "SessionStart", "--trigger", "startup")
			if _, err := os.Stat(filepath.Join(p.project, "pwned")); err == nil {
				t.Fatalf("the dry run ran the changed b.sh for real without --yes (exit %d)\n%s", code, out)
			}
		})
	}
}

// TestPythonAndJavaScriptRunnersAreNotReadAsComplete is atk's HOLE 3 and
// HOLE 4: Python and JavaScript that run code the import reader does not
// follow — runpy, exec reached through getattr or another name, pickle,
// ctypes; an alias of eval, the Function constructor reached through
// .constructor, a computed global lookup, a Worker — is never plainly
// trusted: a pull that changes only the file so run is caught by audit
// --strict, and the dry run without --yes does not run it for real.
func TestPythonAndJavaScriptRunnersAreNotReadAsComplete(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, command, main, loaded string }{
		{"python/runpy", "python3 .claude/hooks/main.py", "import runpy\nrunpy.run_path('.claude/hooks/y.py')\n", ".claude/hooks/y.py"},
		{"python/getattr-exec", "python3 .claude/hooks/main.py", "import builtins\ngetattr(builtins, 'ex' + 'ec')(open('.claude/hooks/y.py').read())\n", ".claude/hooks/y.py"},
		{"python/exec-alias", "python3 .claude/hooks/main.py", "e = exec\ne(open('.claude/hooks/y.py').read())\n", ".claude/hooks/y.py"},
		{"python/pickle", "python3 .claude/hooks/main.py", "import pickle\ntry:\n    pickle.load(open('.claude/hooks/y.py', 'rb'))\nexcept Exception:\n    pass\n", ".claude/hooks/y.py"},
		{"python/ctypes", "python3 .claude/hooks/main.py", "import ctypes\ntry:\n    ctypes.CDLL('./.claude/hooks/y.py')\nexcept OSError:\n    pass\n", ".claude/hooks/y.py"},
		{"js/eval-alias", "node .claude/hooks/main.js", "const fs = require('fs');\nconst e = eval;\ne(fs.readFileSync('.claude/hooks/y.js', 'utf8'));\n", ".claude/hooks/y.js"},
		{"js/constructor", "node .claude/hooks/main.js", "const fs = require('fs');\n(function(){}).constructor('require', fs.readFileSync('.claude/hooks/y.js', 'utf8'))(require);\n", ".claude/hooks/y.js"},
		{"js/global-lookup", "node .claude/hooks/main.js", "const fs = require('fs');\nglobalThis['ev' + 'al'](fs.readFileSync('.claude/hooks/y.js', 'utf8'));\n", ".claude/hooks/y.js"},
		{"js/worker", "node .claude/hooks/main.js", "const { Worker } = require('worker_threads');\nnew Worker('./.claude/hooks/y.js');\n", ".claude/hooks/y.js"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newTraceProject(t, "")
			p.write(t, ".claude/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": `+jsonString(tc.command)+`}]}]}}`)
			main := ".claude/hooks/main.py"
			if strings.HasPrefix(tc.name, "js/") {
				main = ".claude/hooks/main.js"
			}
			p.write(t, main, tc.main)
			p.write(t, tc.loaded, "\n")
			run := func(args ...string) (int, string) {
				return p.run(append([]string{args[0], "--agent", "claude"}, args[1:]...)...)
			}
			if code, out := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
				t.Fatalf("trust: exit %d\n%s", code, out)
			}
			if strings.HasPrefix(tc.name, "js/") {
				p.write(t, tc.loaded, "require('fs').writeFileSync('pwned', '');\n") // the pull
			} else {
				p.write(t, tc.loaded, "open('pwned', 'w').close()\n")
			}
			if code, out := run("audit", "--strict"); code != ExitNeedsReview {
				t.Fatalf("%s changed: audit --strict exit %d, want %d\n%s", tc.loaded, code, ExitNeedsReview, out)
			}
			code, out := run("run", "--event", "SessionStart", "--trigger", "startup")
			if _, err := os.Stat(filepath.Join(p.project, "pwned")); err == nil {
				t.Fatalf("the dry run ran the changed %s for real without --yes (exit %d)\n%s", tc.loaded, code, out)
			}
		})
	}
}

// TestGitConfigIncludedFromTheWorkTreeIsWatched is atk's HOLE 5: a
// repository whose .git/config includes a tracked file of the work tree
// (`git config include.path ../.gitconfig`, the "share the repository's
// git settings" idiom): a pull that puts core.fsmonitor there runs it from
// any `git status` hook. The included file is part of the approval: audit
// exits 3 naming it, the dry run without --yes does not run it for real.
// A `git -c alias.x='!…'` in the command is code too.
func TestGitConfigIncludedFromTheWorkTreeIsWatched(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	p := newTraceProject(t, "")
	p.write(t, ".claude/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "git status --short"}]}]}}`)
	p.write(t, ".gitconfig", "[pull]\n\trebase = true\n")
	gitIn(t, p.project, "init", "-q")
	gitIn(t, p.project, "config", "include.path", "../.gitconfig")
	run := func(args ...string) (int, string) {
		return p.run(append([]string{args[0], "--agent", "claude"}, args[1:]...)...)
	}
	if code, out := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
		t.Fatalf("trust: exit %d\n%s", code, out)
	}
	p.write(t, ".gitconfig", "[core]\n\tfsmonitor = \"touch pwned; false\"\n") // the pull
	code, out := run("audit")
	if code != ExitNeedsReview || !strings.Contains(out, ".gitconfig") {
		t.Fatalf(".gitconfig changed: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
	}
	code, out = run("run", "--event", "SessionStart", "--trigger", "startup")
	if _, err := os.Stat(filepath.Join(p.project, "pwned")); err == nil {
		t.Fatalf("the dry run ran the pulled core.fsmonitor for real without --yes (exit %d)\n%s", code, out)
	}

	q := newTraceProject(t, "")
	q.write(t, ".claude/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "git -c alias.x='!bash .claude/hooks/y.sh' x"}]}]}}`)
	q.write(t, ".claude/hooks/y.sh", "true\n")
	gitIn(t, q.project, "init", "-q")
	if code, out := q.run("trust", "--agent", "claude", "--all", "--accept-unwatched"); code != ExitOK {
		t.Fatalf("trust: exit %d\n%s", code, out)
	}
	q.write(t, ".claude/hooks/y.sh", "touch pwned\n")
	if code, out := q.run("audit", "--agent", "claude", "--strict"); code != ExitNeedsReview {
		t.Fatalf("y.sh run by a git alias changed: audit --strict exit %d, want %d\n%s", code, ExitNeedsReview, out)
	}
}

func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestQwenEnvFileIsPartOfTheApproval is atk's HOLE 8: Qwen Code passes
// what the project's .qwen/.env sets (PYTHONPATH, PERL5OPT, …) to every
// hook, so a .qwen/.env a pull adds changes what an approved hook runs:
// audit exits 3 naming it.
func TestQwenEnvFileIsPartOfTheApproval(t *testing.T) {
	t.Parallel()
	for _, env := range []string{".qwen/.env", ".env"} {
		t.Run(env, func(t *testing.T) {
			p := newTraceProject(t, "")
			p.write(t, ".qwen/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "python3 .qwen/hooks/x.py"}]}]}}`)
			p.write(t, ".qwen/hooks/x.py", "import json\nprint(json.dumps({}))\n")
			p.write(t, filepath.Join(p.home, ".qwen", "settings.json"), `{"security": {"folderTrust": {"enabled": true}}}`)
			p.write(t, filepath.Join(p.home, ".qwen", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
			run := func(args ...string) (int, string) {
				return p.run(append([]string{args[0], "--agent", "qwen"}, args[1:]...)...)
			}
			if code, out := run("trust", "--all"); code != ExitOK {
				t.Fatalf("trust: exit %d\n%s", code, out)
			}
			if code, out := run("audit"); code != ExitOK {
				t.Fatalf("approved: audit exit %d\n%s", code, out)
			}
			p.write(t, env, "PYTHONPATH=.qwen/lib\n") // the pull
			p.write(t, ".qwen/lib/json.py", "open('pwned', 'w').close()\n")
			if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, env) {
				t.Fatalf("%s added: audit exit %d, want %d naming it\n%s", env, code, ExitNeedsReview, out)
			}
		})
	}
}
