package trust

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Dialect is the shell language a command is read in, as the program that
// runs it reads it.
type Dialect string

// Dialects.
const (
	// DialectBash: bash (bash -c, a #!/bin/bash script): brace expansion,
	// source, and a sourced name looked up in PATH and then the folder.
	DialectBash Dialect = "bash"
	// DialectPOSIX: /bin/sh as on Debian and Ubuntu (dash): no brace
	// expansion, no source builtin, a sourced name without a slash looked
	// up in PATH only.
	DialectPOSIX Dialect = "posix"
)

// Runtime is how an agent runs a hook command, which discovery mirrors:
// the agent package supplies it (trust names no agent). The zero value
// reads commands as bash with the legacy project variables.
type Runtime struct {
	// Dialect is the shell the agent hands a hook command to.
	Dialect Dialect
	// ProjectVars are the environment variables the agent sets to the
	// project folder for a hook ($GEMINI_PROJECT_DIR, …).
	ProjectVars []string
	// TextVars are the variables the agent replaces in the command's text
	// before the shell sees it (whatever the hook's env says).
	TextVars []string
	// TextQuote, when set, is how the agent writes the project folder
	// into the command's text for TextVars (its own shell quoting): when
	// that differs from the folder's path (a name with a space, a quote,
	// `$(…)`), discovery replaces the variables in the text first, in
	// TextVars' order, and reads what the shell then parses — a folder
	// named `p $(bash x.sh) q` in "$VAR/h.sh" runs x.sh. Nil: the path as
	// it is, read as the variable's value.
	TextQuote func(dir string) string
	// EnvFiles are the project files (present or not) whose variables the
	// agent passes to every hook (.env files): each is fingerprinted with
	// every hook, so adding, changing or removing one needs review.
	EnvFiles []string
	// Watch are further project files, by glob pattern, that change what
	// the agent runs around its hooks (skill files whose frontmatter
	// holds hooks): each that exists is fingerprinted with every hook, so
	// one a pull adds or changes needs review.
	Watch []string
	// ShellNote, when set, says the agent's shell is neither bash nor sh
	// (zsh, fish): every discovery is then incomplete for that reason.
	ShellNote string
	// Cover, when set, is called on every review right after discovery,
	// before any status is settled: a traced run of the hook (the sandbox
	// recorded every file its process tree opened and executed) may add
	// the files it saw to rv.Scripts and move the reasons it covers out of
	// rv.Unresolved with CoverReasons. Nil: nothing is covered.
	Cover func(rv *HookReview)
	// Git is where the git commands of a hook find the configuration
	// they read besides the repository's (the user's ~/.gitconfig, the
	// machine's, GIT_CONFIG_COUNT's pairs), from the environment the
	// agent gives its hooks: a relative core.hooksPath there runs the
	// project's hook files. Nil: only the repository's own is read.
	Git *GitUserConfig
	// Env are the variables those files set now (they resolve $NAME and
	// BASH_ENV, PATH, CDPATH, MAKEFILES, NODE_OPTIONS … like a hook's env).
	Env map[string]string
}

// legacyProjectVars are the project variables a zero Runtime assumes, for
// callers that do not say which agent runs the command.
var legacyProjectVars = []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"}

func (rt Runtime) dialect() Dialect {
	if rt.Dialect == "" {
		return DialectBash
	}
	return rt.Dialect
}

// projectVar reports whether name is set to the project folder.
func (rt Runtime) projectVar(name string) bool {
	if rt.ProjectVars == nil {
		return slices.Contains(legacyProjectVars, name)
	}
	return slices.Contains(rt.ProjectVars, name)
}

// textVar reports whether $name (unbraced) in the command text is replaced
// by the agent.
func (rt Runtime) textVar(name string) bool {
	if rt.TextVars == nil && rt.ProjectVars == nil {
		return slices.Contains(legacyProjectVars, name)
	}
	return slices.Contains(rt.TextVars, name)
}

// replaceTextVars is command as the agent hands it to its shell when its
// TextQuote writes the project folder differently from its path:
// "$NAME" of each of TextVars replaced, textually and in order (inside
// quotes too, and as the prefix of a longer name), by the quoted folder.
// Otherwise the command as it is (discovery reads the variables as the
// folder: paramValue).
func (rt Runtime) replaceTextVars(command, project string) string {
	if rt.TextQuote == nil || !strings.Contains(command, "$") {
		return command
	}
	q := rt.TextQuote(project)
	if q == project {
		return command
	}
	for _, v := range rt.TextVars {
		command = strings.ReplaceAll(command, "$"+v, q)
	}
	return command
}

func (l Dialect) variant() syntax.LangVariant {
	if l == DialectPOSIX {
		return syntax.LangPOSIX
	}
	return syntax.LangBash
}

// dialectOf is the dialect of a shell program by name ("" when it is no
// shell read as one of the two): sh, dash, ash and posh are /bin/sh; bash
// and rbash are bash; ksh, mksh, zsh, yash and busybox are read as bash
// (with a reason saying so).
func dialectOf(name string) (Dialect, bool) {
	switch name {
	case "sh", "dash", "ash", "posh":
		return DialectPOSIX, true
	case "bash", "rbash":
		return DialectBash, true
	}
	return DialectBash, false
}
