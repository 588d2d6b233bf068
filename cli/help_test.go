package cli

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// filesState is every file and folder under the roots with its mode, size,
// time and content, to tell whether a command wrote anything.
func filesState(t *testing.T, roots ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			fi, err := d.Info()
			if err != nil {
				return err
			}
			v := fi.Mode().String() + " " + fi.ModTime().String()
			if fi.Mode().IsRegular() {
				data, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				v += " " + fmt.Sprintf("%x", sha256.Sum256(data))
			}
			out[p] = v
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// helpTree has hooks of every agent, and a trusted Codex project, so that
// a command that ran instead of printing its help would write something.
var helpTree = map[string]string{
	"project/.gemini/settings.json": `{"hooks": {"BeforeTool": [{"hooks": [{"name": "fmt", "type": "command", "command": "echo fmt"}]}]},
 "hooksConfig": {"disabled": ["fmt"]}}`,
	"project/.claude/settings.json": `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo stop"}]}]}}`,
	"project/.codex/hooks.json":     `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo cx"}]}]}}`,
	"project/.git/HEAD":             "ref: refs/heads/main\n",
}

// Every subcommand answers --help and -h with its usage and every flag it
// takes explained in words, exits 0, and does nothing else: no program
// started, no file written, even with arguments that would write.
func TestEveryCommandAnswersHelp(t *testing.T) {
	t.Parallel()
	f := newFixture(t, helpTree)
	root := filepath.Dir(f.home)
	roots := []string{root, isolatedRoot(t)}
	before := filesState(t, roots...)
	started := ""
	newIO := func(out, errOut *bytes.Buffer) *IO {
		return &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: out, Stderr: errOut, Env: f.env, Dir: f.project, GOOS: "linux",
			execAgent: func(path string, _, _ []string) error { started = path; return errors.New("started") }}
	}
	type call struct {
		args []string
		cmd  command
	}
	var calls []call
	for _, c := range commands() {
		agentsToTry := []string{""}
		if !strings.Contains(strings.Join(agentFree, " "), c.name) {
			agentsToTry = append(agentsToTry, testAgents().Names()...)
		}
		for _, a := range agentsToTry {
			for _, h := range []string{"--help", "-h", "-help"} {
				args := []string{c.name}
				if a != "" {
					args = append(args, "--agent", a)
				}
				calls = append(calls, call{append(args, h), c})
			}
		}
	}
	byName := func(n string) command { c, _ := lookupCommand(n); return c }
	for _, args := range [][]string{
		{"trust", "--all", "--help"}, {"untrust", "--all", "-h"}, {"disable-all", "--help"}, {"enable-all", "--help"},
		{"enable", "fmt", "--help"}, {"disable", "--agent", "claude", "echo stop", "--help"},
		{"folder-trust", "--agent", "codex", "trusted", "--help"}, {"folder-trust", "deny", "-h"},
		{"demo", filepath.Join(root, "demo"), "--help"}, {"migrate", "--write", "--help"},
		{"guard", "install", "--help"}, {"guard", "uninstall", "-h"}, {"guard", "check", "--help"}, {"guard", "-h"},
		{"exec", "--project", f.project, "--help"}, {"list", "--agent", "all", "--help"}, {"audit", "--agent", "all", "-h"},
		{"run", "--event", "BeforeTool", "--yes", "--help"}, {"scan", "--agent", "codex", "--help"},
	} {
		calls = append(calls, call{args, byName(args[0])})
	}
	for _, c := range calls {
		var out, errOut bytes.Buffer
		code := Main(context.Background(), c.args, newIO(&out, &errOut))
		if code != ExitOK || errOut.Len() > 0 || !strings.HasPrefix(out.String(), "usage: hookwarden "+c.cmd.name+" ") {
			t.Errorf("hookwarden %q: exit %d, want 0 with the usage\nstdout:\n%s\nstderr:\n%s", c.args, code, out.String(), errOut.String())
			continue
		}
		// Every flag of the command's own flag set is listed with words.
		var help *helpRequest
		_, rest, err := splitAgent(testAgents(), c.args[1:])
		if err == nil {
			err = c.cmd.run(context.Background(), newIO(&bytes.Buffer{}, &bytes.Buffer{}), testAgents().Default(), rest)
		}
		if !errors.As(err, &help) {
			t.Fatalf("%s --help: %v, want a help request", c.cmd.name, err)
		}
		help.fs.VisitAll(func(fl *flag.Flag) {
			if !strings.Contains(out.String(), "  --"+fl.Name) || len(strings.Fields(fl.Usage)) < 3 || !strings.Contains(out.String(), fl.Usage) {
				t.Errorf("hookwarden %q: flag --%s (%q) is not explained:\n%s", c.args, fl.Name, fl.Usage, out.String())
			}
		})
		if !strings.Contains(out.String(), "-h, --help") {
			t.Errorf("hookwarden %q: -h/--help itself is not listed", c.args)
		}
	}
	if started != "" {
		t.Errorf("a --help started %s", started)
	}
	after := filesState(t, roots...)
	for p, v := range after {
		if before[p] != v {
			t.Errorf("a --help wrote %s", p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			t.Errorf("a --help removed %s", p)
		}
	}
}

// The help of a command speaks the agent's words and explains the flags
// a new user meets first.
func TestHelpSpeaksTheAgentsWords(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	for _, c := range []struct {
		args      []string
		want, not []string
	}{
		{[]string{"folder-trust", "--agent", "codex", "--help"}, []string{"[trusted|untrusted]", "trusted    write trust_level", "untrusted  "}, []string{"trust|parent|deny"}},
		{[]string{"folder-trust", "--agent", "gemini", "--help"}, []string{"[trust|parent|deny]", "TRUST_PARENT"}, []string{"untrusted"}},
		{[]string{"folder-trust", "--agent", "claude", "--help"}, []string{"keeps this decision itself"}, []string{"[LEVEL]", "trust|parent"}},
		{[]string{"enable", "--agent", "codex", "--help"}, []string{"leave out --scope"}, []string{"workspace|user"}},
		{[]string{"disable", "--help"}, []string{"[--scope workspace|user]", "workspace  the project's"}, nil},
		{[]string{"run", "--help"}, []string{"--as-trusted  ", "does not trust", "--allow-host HOST", "--agent NAME", "gemini, claude, codex, copilot or qwen"}, nil},
		{[]string{"help", "run"}, []string{"usage: hookwarden run ", "--as-trusted"}, nil},
		{[]string{"exec", "--help"}, []string{"[--] AGENT ARGS", "--project DIR"}, []string{"--agent NAME"}},
		{[]string{"guard", "--help"}, []string{"install", "--git-hook NAME", "check only"}, nil},
	} {
		out, errOut, code := f.run(t, c.args...)
		if code != ExitOK {
			t.Errorf("%q: exit %d\n%s%s", c.args, code, out, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: no %q in:\n%s", c.args, w, out)
			}
		}
		for _, w := range c.not {
			if strings.Contains(out, w) {
				t.Errorf("%q: %q in:\n%s", c.args, w, out)
			}
		}
	}
	// A usage error names the agent's words too.
	_, errOut, code := f.run(t, "folder-trust", "--agent", "codex", "a", "b")
	if code != ExitUsage || !strings.Contains(errOut, "[trusted|untrusted]") {
		t.Errorf("exit %d:\n%s", code, errOut)
	}
}

// exec starts a program only after -- or from its first argument that is
// not a flag: exec --help is help, a mistyped flag a usage error.
func TestExecStartsOnlyAProgram(t *testing.T) {
	t.Parallel()
	f := newFixture(t, nil)
	for _, args := range [][]string{{"exec", "--help"}, {"exec", "-h"}, {"exec", "--bogus"}, {"exec", "--project", f.project, "--help", "sh"}} {
		started := ""
		var out, errOut bytes.Buffer
		io := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Env: f.env, Dir: f.project, GOOS: "linux",
			execAgent: func(path string, _, _ []string) error { started = path; return nil }}
		code := Main(context.Background(), args, io)
		if started != "" {
			t.Errorf("%q started %s", args, started)
		}
		want := ExitOK
		if args[1] == "--bogus" {
			want = ExitUsage
		}
		if code != want {
			t.Errorf("%q: exit %d, want %d\n%s%s", args, code, want, out.String(), errOut.String())
		}
	}
	var argv []string
	io := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, Env: f.env, Dir: f.project, GOOS: "linux",
		execAgent: func(_ string, a, _ []string) error { argv = a; return nil }}
	for _, args := range [][]string{{"exec", "sh", "--help"}, {"exec", "--", "sh", "--help"}} {
		argv = nil
		if code := Main(context.Background(), args, io); code != ExitOK || strings.Join(argv, " ") != "sh --help" {
			t.Errorf("%q: exit %d, started %q, want sh --help", args, code, argv)
		}
	}
}
