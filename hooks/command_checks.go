package hooks

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookwarden/hookwarden/settingsio"
)

// bashBuiltins are the words bash runs itself, never from PATH.
var bashBuiltins = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`. : [ alias bg bind break builtin caller cd command compgen complete compopt
		continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs
		kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source
		suspend test times trap true type typeset ulimit umask unalias unset wait [[ ]] if then else elif fi case
		esac for select while until do done in function time coproc {`) {
		bashBuiltins[w] = true
	}
}

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
	var c CommandCheck
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
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
		if pathList != "" && lookPathIn(name, pathList, "linux") == "" {
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

// UnsetAgentVariables lists the $CLAUDE_… variables a command reads that
// the agent does not set: set(name) says which it does.
func UnsetAgentVariables(command string, set func(string) bool) []string {
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
		if strings.HasPrefix(name, "CLAUDE_") && !set(name) && !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
		i = k - 1
	}
	return out
}

// geminiSets are the CLAUDE_ variables Gemini CLI's runner sets for hooks.
var geminiSets = map[string]bool{"CLAUDE_PROJECT_DIR": true}

// checkCommands adds what a look at each Gemini command hook finds on this
// machine: a program not on PATH (exit 127), a file run directly without
// execute permission (exit 126), an extension-only placeholder in a
// settings file, and $CLAUDE_… variables Gemini does not set.
func (r *Registry) checkCommands() {
	snap := r.Snapshot
	posix := runtime.GOOS != "windows" && snap.Paths.Home != ""
	for _, h := range r.Hooks {
		if h.Status == StatusInvalid || (h.Type != "command" && h.Type != "plugin") || h.Command == "" {
			continue
		}
		if h.Origin.Layer != settingsio.LayerExtension {
			for _, v := range []string{"${extensionPath}", "${workspacePath}", "${/}", "${pathSeparator}"} {
				if strings.Contains(h.Command, v) {
					h.Diagnostics = append(h.Diagnostics, Diagnostic{File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column, Severity: SeverityWarning,
						Message: fmt.Sprintf("%s is only filled in in an extension's hooks/hooks.json; in a settings file Gemini CLI leaves it as written and bash expands it to nothing (or fails on ${/}), so the command runs %s", v, placeholderEffect(h.Command, v))})
				}
			}
		}
		for _, name := range UnsetAgentVariables(h.Command, func(n string) bool { return geminiSets[n] || snap.Env.Has(n) || h.Env[n] != "" }) {
			h.Diagnostics = append(h.Diagnostics, Diagnostic{File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column, Severity: SeverityWarning,
				Message: fmt.Sprintf("$%s is not set by Gemini CLI (it sets GEMINI_PROJECT_DIR, GEMINI_CWD, GEMINI_SESSION_ID, GEMINI_PLANS_DIR and CLAUDE_PROJECT_DIR); it expands to nothing — read the tool input from the JSON on stdin", name)})
		}
		if !posix {
			continue
		}
		cmd := ExpandCommand(h.Command, snap.ProjectDir, "", "", ShellBash)
		AddCommandDiagnostics(h, CheckCommand(cmd, snap.ProjectDir, snap.Env.Get("PATH")), func(code int) string {
			if code == 1 {
				return ""
			}
			return ", which Gemini CLI reads as a deny (any exit code but 0 and 1 with plain output)"
		})
	}
}

// placeholderEffect shows a command with v expanded as bash would expand
// an unset variable.
func placeholderEffect(cmd, v string) string {
	if v == "${/}" {
		return "nothing at all (bash: ${/}: bad substitution)"
	}
	return fmt.Sprintf("%q", strings.ReplaceAll(cmd, v, ""))
}
