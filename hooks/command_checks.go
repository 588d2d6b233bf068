package hooks

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bashBuiltins are the words bash runs itself, never from PATH (a set
// built once; nothing writes to it).
var bashBuiltins = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`. : [ alias bg bind break builtin caller cd command compgen complete compopt
		continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs
		kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source
		suspend test times trap true type typeset ulimit umask unalias unset wait [[ ]] if then else elif fi case
		esac for select while until do done in function time coproc {`) {
		m[w] = true
	}
	return m
}()

// CommandCheck is what a static look at a hook command finds about the
// programs it starts, on this machine.
type CommandCheck struct {
	// Missing are program names not found on PATH (exit 127 when run).
	Missing []string
	// NotExecutable are files the command runs directly that have no
	// execute permission (exit 126 when run).
	NotExecutable []string
}

// CheckCommand parses command as bash and looks up the program of every
// simple command whose name is plain text: a name with a slash is taken
// relative to dir, any other on pathList (a PATH value; "" skips the PATH
// check). The agent's own placeholders must already be replaced.
func CheckCommand(command, dir, pathList string) CommandCheck {
	return CheckCommandOnPath(command, dir, pathList, nil)
}

// checkCommand is CheckCommand with the PATH look-ups of one registry
// build remembered in onPath (by program name; nil remembers nothing):
// a thousand hooks that run bash look it up once.
func CheckCommandOnPath(command, dir, pathList string, onPath map[string]bool) CommandCheck {
	return (&CommandChecker{onPath: onPath}).Check(command, dir, pathList)
}

// CommandChecker is CheckCommand for the commands of one registry build:
// one bash parser for all of them (a parser per command was a tenth of a
// 100,000-hook list's allocations) and the PATH look-ups remembered.
type CommandChecker struct {
	parser *syntax.Parser
	onPath map[string]bool
}

// NewCommandChecker is a CommandChecker that has looked nothing up yet.
func NewCommandChecker() *CommandChecker {
	return &CommandChecker{onPath: map[string]bool{}}
}

// Check is CheckCommand(command, dir, pathList).
func (k *CommandChecker) Check(command, dir, pathList string) CommandCheck {
	if k.parser == nil {
		k.parser = syntax.NewParser(syntax.Variant(syntax.LangBash))
	}
	onPath := k.onPath
	var c CommandCheck
	f, err := k.parser.Parse(strings.NewReader(command), "")
	if err != nil {
		return c
	}
	seen := map[string]bool{}
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		name, ok := literalWord(call.Args[0])
		if !ok || name == "" || bashBuiltins[name] || seen[name] {
			return true
		}
		seen[name] = true
		if strings.Contains(name, "/") {
			p := name
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, p)
			}
			if info, err := os.Stat(p); err == nil && info.Mode().IsRegular() && info.Mode().Perm()&0o111 == 0 {
				c.NotExecutable = append(c.NotExecutable, name)
			}
			return true
		}
		if pathList == "" {
			return true
		}
		found, known := onPath[name]
		if !known {
			found = LookPathIn(name, pathList, "linux") != ""
			if onPath != nil {
				onPath[name] = found
			}
		}
		if !found {
			c.Missing = append(c.Missing, name)
		}
		return true
	})
	return c
}

// literalWord is the text of a word made only of plain and quoted text.
func literalWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(l.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// AddCommandDiagnostics turns a CommandCheck into diagnostics for h;
// failure says how the agent reads the exit code.
func AddCommandDiagnostics(h *Hook, c CommandCheck, failure func(code int) string) {
	for _, name := range c.Missing {
		h.Diagnostics = append(h.Diagnostics, Diagnostic{File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column,
			Severity: SeverityWarning, Message: fmt.Sprintf("%s is not on PATH on this machine: the hook fails with exit 127 (command not found)%s", name, failure(127))})
	}
	for _, name := range c.NotExecutable {
		h.Diagnostics = append(h.Diagnostics, Diagnostic{File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column,
			Severity: SeverityWarning, Message: fmt.Sprintf("%s is not executable: the hook fails with exit 126 (Permission denied)%s; run it through its interpreter (bash %s) or chmod +x it", name, failure(126), name)})
	}
}

// UnsetAgentVariables lists the variables named prefix… (an agent's own,
// e.g. "CODEX_") a command reads that the agent does not set: set(name)
// says which it does.
func UnsetAgentVariables(command, prefix string, set func(string) bool) []string {
	var out []string
	seen := map[string]bool{}
	for i := 0; i < len(command); i++ {
		if command[i] != '$' {
			continue
		}
		j := i + 1
		if j < len(command) && command[j] == '{' {
			j++
		}
		k := j
		for k < len(command) && (command[k] == '_' || command[k] >= 'A' && command[k] <= 'Z' || command[k] >= 'a' && command[k] <= 'z' || command[k] >= '0' && command[k] <= '9') {
			k++
		}
		name := command[j:k]
		if strings.HasPrefix(name, prefix) && !set(name) && !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
		i = k - 1
	}
	return out
}
