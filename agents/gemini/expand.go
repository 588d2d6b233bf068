package gemini

import (
	"regexp"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// Shell is the shell family a hook command runs under.
type Shell string

// Shells Gemini CLI runs hooks with (cmd.exe is never used for hooks).
const (
	ShellBash       Shell = "bash"
	ShellPowerShell Shell = "powershell"
)

// ExpandCommand is HookRunner.expandCommand: $GEMINI_PROJECT_DIR,
// $GEMINI_CWD, $GEMINI_PLANS_DIR, $GEMINI_SESSION_ID and $CLAUDE_PROJECT_DIR
// are replaced textually, in that order, anywhere in the command (inside
// single quotes too, and as the prefix of a longer name), by the escaped
// value. ${NAME} is left to the shell.
func ExpandCommand(command, cwd, plansDir, sessionID string, shell Shell) string {
	if !strings.Contains(command, "$") {
		return command
	}
	escCwd := EscapeShellArg(cwd, shell)
	command = strings.ReplaceAll(command, "$GEMINI_PROJECT_DIR", escCwd)
	command = strings.ReplaceAll(command, "$GEMINI_CWD", escCwd)
	command = strings.ReplaceAll(command, "$GEMINI_PLANS_DIR", EscapeShellArg(plansDir, shell))
	command = strings.ReplaceAll(command, "$GEMINI_SESSION_ID", EscapeShellArg(sessionID, shell))
	return strings.ReplaceAll(command, "$CLAUDE_PROJECT_DIR", escCwd)
}

// EscapeShellArg is shell-utils' escapeShellArg: "" for an empty value,
// shell-quote 1.8.3's quote([arg]) for bash, '…' with doubled quotes for
// PowerShell unless the value is plain.
func EscapeShellArg(arg string, shell Shell) string {
	if arg == "" {
		return ""
	}
	if shell == ShellPowerShell {
		if plainPowerShellArg.MatchString(arg) {
			return arg
		}
		return "'" + strings.ReplaceAll(arg, "'", "''") + "'"
	}
	return ShellQuote(arg)
}

var plainPowerShellArg = regexp.MustCompile(`^[a-zA-Z0-9\-_.]+$`)

// ShellQuote is quote([s]) of the shell-quote package, version 1.8.3, as
// installed with Gemini CLI 0.61.0:
//
//   - "" becomes ”;
//   - with whitespace, " or \ and no ', the string is wrapped in '…';
//   - with ', " or whitespace, it is wrapped in "…" with " \ $ ` ! escaped;
//   - otherwise each of #!"$&'()*,:;<=>?@[\]^`{|} gets a backslash, except
//     that a letter followed by ':' in front of one keeps its colon bare.
func ShellQuote(s string) string {
	if s == "" {
		return "''"
	}
	hasSpace := strings.IndexFunc(s, hooks.IsJSSpace) >= 0
	hasSingle := strings.ContainsRune(s, '\'')
	if (hasSpace || strings.ContainsAny(s, "\"\\")) && !hasSingle {
		return "'" + s + "'"
	}
	if hasSpace || hasSingle || strings.ContainsRune(s, '"') {
		var b strings.Builder
		b.WriteByte('"')
		for i := 0; i < len(s); i++ {
			switch s[i] {
			case '"', '\\', '$', '`', '!':
				b.WriteByte('\\')
			}
			b.WriteByte(s[i])
		}
		b.WriteByte('"')
		return b.String()
	}
	return shellQuoteMeta.ReplaceAllString(s, `$1\$2`)
}

var shellQuoteMeta = regexp.MustCompile("([A-Za-z]:)?([#!\"$&'()*,:;<=>?@\\[\\\\\\]^`{|}])")
