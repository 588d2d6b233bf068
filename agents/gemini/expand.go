package gemini

import (
	"regexp"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// shell is the shell family a hook command runs under.
type shell string

// Shells Gemini CLI runs hooks with (cmd.exe is never used for hooks).
const (
	shellBash       shell = "bash"
	shellPowerShell shell = "powershell"
)

// expandCommand is HookRunner.expandCommand: $GEMINI_PROJECT_DIR,
// $GEMINI_CWD, $GEMINI_PLANS_DIR, $GEMINI_SESSION_ID and $CLAUDE_PROJECT_DIR
// are replaced textually, in that order, anywhere in the command (inside
// single quotes too, and as the prefix of a longer name), by the escaped
// value. ${NAME} is left to the shell.
func expandCommand(command, cwd, plansDir, sessionID string, shell shell) string {
	if !strings.Contains(command, "$") {
		return command
	}
	escCwd := escapeShellArg(cwd, shell)
	command = strings.ReplaceAll(command, "$GEMINI_PROJECT_DIR", escCwd)
	command = strings.ReplaceAll(command, "$GEMINI_CWD", escCwd)
	command = strings.ReplaceAll(command, "$GEMINI_PLANS_DIR", escapeShellArg(plansDir, shell))
	command = strings.ReplaceAll(command, "$GEMINI_SESSION_ID", escapeShellArg(sessionID, shell))
	return strings.ReplaceAll(command, "$CLAUDE_PROJECT_DIR", escCwd)
}

// escapeShellArg is shell-utils' escapeShellArg: "" for an empty value,
// shell-quote 1.8.3's quote([arg]) for bash, '…' with doubled quotes for
// PowerShell unless the value is plain.
func escapeShellArg(arg string, shell shell) string {
	if arg == "" {
		return ""
	}
	if shell == shellPowerShell {
		if plainPowerShellArg.MatchString(arg) {
			return arg
		}
		return "'" + strings.ReplaceAll(arg, "'", "''") + "'"
	}
	return shellQuote(arg)
}

var plainPowerShellArg = regexp.MustCompile(`^[a-zA-Z0-9\-_.]+$`)

// shellQuote is quote([s]) of the shell-quote package, version 1.8.3, as
// installed with Gemini CLI 0.61.0:
//
//   - "" becomes ”;
//   - with whitespace, " or \ and no ', the string is wrapped in '…';
//   - with ', " or whitespace, it is wrapped in "…" with " \ $ ` ! escaped;
//   - otherwise each of #!"$&'()*,:;<=>?@[\]^`{|} gets a backslash, except
//     that a letter followed by ':' in front of one keeps its colon bare.
func shellQuote(s string) string {
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
