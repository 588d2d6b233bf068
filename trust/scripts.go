package trust

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ScriptRef is a file a hook command runs: the program itself when it is
// given as a path, or the script argument of an interpreter
// (bash x.sh, python3 x.py, node x.js, …).
type ScriptRef struct {
	// Word is the word as it stands in the command.
	Word string `json:"word"`
	// Path is the absolute, cleaned path: relative words and
	// $GEMINI_PROJECT_DIR, $GEMINI_CWD, $CLAUDE_PROJECT_DIR are resolved
	// against the project folder, where Gemini CLI runs hooks.
	Path string `json:"path"`
	// Via is the interpreter that reads the script ("" when the script is
	// the program).
	Via string `json:"via,omitempty"`
}

// projectDirVars are the variables Gemini CLI sets to the project folder
// for a hook (and substitutes in the command before running it).
var projectDirVars = map[string]bool{
	"GEMINI_PROJECT_DIR": true,
	"GEMINI_CWD":         true,
	"CLAUDE_PROJECT_DIR": true,
}

// interpreters maps a program name to how its options are read: options
// that consume the next word, and options after which no script file
// follows (inline code, a module name, a command string).
type interpreter struct {
	withArg  map[string]bool
	noScript map[string]bool
	// subcommands are words skipped before the script (deno run x.ts).
	subcommands map[string]bool
	// combined: single-letter options may be bundled (bash -ec).
	combined bool
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

var (
	shellInterp  = interpreter{withArg: set("-o", "+o", "-O", "+O", "--rcfile", "--init-file"), noScript: set("-c", "-s"), combined: true}
	pythonInterp = interpreter{withArg: set("-W", "-X", "-Q"), noScript: set("-c", "-m", "-"), combined: true}
	nodeInterp   = interpreter{withArg: set("-r", "--require", "--import", "--loader", "--experimental-loader", "--env-file", "--conditions", "-C", "--input-type", "--title"),
		noScript: set("-e", "--eval", "-p", "--print", "-", "-i", "--interactive", "--test", "--run")}
	denoInterp = interpreter{subcommands: set("run"), withArg: set("--config", "-c", "--import-map", "--lock", "--cert", "--env-file", "--location", "--seed", "--v8-flags"),
		noScript: set("eval", "-", "repl", "task")}
	bunInterp    = interpreter{subcommands: set("run"), withArg: set("--cwd", "-r", "--preload", "--env-file", "--config", "-c"), noScript: set("-e", "--eval", "-p", "--print", "x", "install", "add")}
	rubyInterp   = interpreter{withArg: set("-r", "-I", "-C", "-E", "-F"), noScript: set("-e", "-")}
	perlInterp   = interpreter{withArg: set("-I", "-M", "-m", "-x"), noScript: set("-e", "-E", "-")}
	phpInterp    = interpreter{withArg: set("-c", "-d", "-z"), noScript: set("-r", "-a", "-")}
	pwshInterp   = interpreter{withArg: set("-ExecutionPolicy", "-WorkingDirectory", "-ConfigurationName", "-OutputFormat", "-InputFormat"), noScript: set("-Command", "-c", "-EncodedCommand", "-e", "-")}
	simpleInterp = interpreter{}
)

var versioned = regexp.MustCompile(`^(python|pypy)[0-9.]*$`)

func interpreterFor(prog string) (interpreter, bool) {
	base := strings.TrimSuffix(filepath.Base(prog), ".exe")
	switch {
	case versioned.MatchString(base):
		return pythonInterp, true
	}
	switch base {
	case "bash", "sh", "zsh", "dash", "ksh", "mksh", "fish", "ash":
		return shellInterp, true
	case "node", "nodejs":
		return nodeInterp, true
	case "deno":
		return denoInterp, true
	case "bun":
		return bunInterp, true
	case "ruby":
		return rubyInterp, true
	case "perl":
		return perlInterp, true
	case "php":
		return phpInterp, true
	case "pwsh", "powershell":
		return pwshInterp, true
	case "tsx", "ts-node", "lua", "Rscript", "osascript", "awk", "gawk", "Rscript.exe":
		return simpleInterp, true
	}
	return interpreter{}, false
}

// wrappers run the rest of their arguments as a command.
var wrappers = set("env", "exec", "command", "nohup", "nice", "builtin", "time")

// FindScripts lists the script files a hook command runs, parsing it as
// the POSIX shell Gemini CLI hands it to (bash -c on Linux and macOS).
// Every simple command of the line is looked at: pipelines, lists,
// subshells, command substitutions. Words that depend on other variables,
// globs or command output are not resolved and not reported.
func FindScripts(command, projectDir string) ([]ScriptRef, error) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return nil, fmt.Errorf("parsing the hook command: %w", err)
	}
	var out []ScriptRef
	seen := map[string]bool{}
	add := func(word literalWord, via string) {
		path, ok := resolveWord(word.text, projectDir)
		if !ok || seen[path+"\x00"+via] {
			return
		}
		seen[path+"\x00"+via] = true
		out = append(out, ScriptRef{Word: word.source, Path: path, Via: via})
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		words := make([]literalWord, len(call.Args))
		for i, w := range call.Args {
			words[i] = literal(w, projectDir)
			if start, end := int(w.Pos().Offset()), int(w.End().Offset()); start <= end && end <= len(command) {
				words[i].source = command[start:end]
			}
		}
		scriptsOfCall(words, add)
		return true
	})
	return out, nil
}

// literalWord is a shell word as text, or not resolvable (ok false).
type literalWord struct {
	text   string
	source string // the word as written
	ok     bool
}

func scriptsOfCall(words []literalWord, add func(word literalWord, via string)) {
	// Skip wrappers such as env FOO=1, nohup, exec.
	for len(words) > 0 && words[0].ok && wrappers[filepath.Base(words[0].text)] {
		words = words[1:]
		for len(words) > 0 && words[0].ok && (strings.HasPrefix(words[0].text, "-") || isAssignment(words[0].text)) {
			words = words[1:]
		}
	}
	if len(words) == 0 || !words[0].ok {
		return
	}
	prog := words[0].text
	if strings.ContainsRune(prog, '/') {
		add(words[0], "")
	}
	interp, ok := interpreterFor(prog)
	if !ok {
		return
	}
	rest := words[1:]
	for i := 0; i < len(rest); i++ {
		w := rest[i]
		if !w.ok {
			return
		}
		switch {
		case interp.noScript[w.text]:
			return
		case interp.subcommands[w.text]:
			continue
		case interp.withArg[w.text]:
			i++
			continue
		case strings.HasPrefix(w.text, "-") || strings.HasPrefix(w.text, "+"):
			if k, _, _ := strings.Cut(w.text, "="); interp.noScript[k] {
				return
			}
			if interp.combined && strings.HasPrefix(w.text, "-") && !strings.HasPrefix(w.text, "--") {
				for _, ch := range w.text[1:] {
					if interp.noScript["-"+string(ch)] {
						return // combined short options with one that takes code: bash -ec
					}
				}
			}
			continue
		}
		add(w, filepath.Base(prog))
		return
	}
}

func isAssignment(s string) bool {
	k, _, ok := strings.Cut(s, "=")
	return ok && k != "" && !strings.ContainsAny(k, "/ -")
}

// resolveWord turns a script word into an absolute path (relative words
// are relative to the project folder).
func resolveWord(word, projectDir string) (string, bool) {
	if word == "" {
		return "", false
	}
	if !filepath.IsAbs(word) {
		word = filepath.Join(projectDir, word)
	}
	return filepath.Clean(word), true
}

// literal evaluates a word that is plain text, quoting and the project
// folder variables only.
func literal(w *syntax.Word, projectDir string) literalWord {
	var b strings.Builder
	if !appendParts(&b, w.Parts, projectDir, false) {
		return literalWord{}
	}
	return literalWord{text: b.String(), ok: true}
}

func appendParts(b *strings.Builder, parts []syntax.WordPart, projectDir string, quoted bool) bool {
	for _, p := range parts {
		switch x := p.(type) {
		case *syntax.Lit:
			if !quoted && strings.ContainsAny(x.Value, "*?[") {
				return false // a glob
			}
			b.WriteString(unescape(x.Value, quoted))
		case *syntax.SglQuoted:
			if x.Dollar {
				return false
			}
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			if x.Dollar || !appendParts(b, x.Parts, projectDir, true) {
				return false
			}
		case *syntax.ParamExp:
			if !projectParam(x) {
				return false
			}
			b.WriteString(projectDir)
		default:
			return false
		}
	}
	return true
}

// projectParam reports whether a parameter expansion is $VAR, ${VAR} or
// ${VAR:-…} of a variable that holds the project folder.
func projectParam(p *syntax.ParamExp) bool {
	if p.Param == nil || !projectDirVars[p.Param.Value] {
		return false
	}
	if p.Excl || p.Length || p.Width || p.Index != nil || p.Slice != nil || p.Repl != nil || p.Names != 0 || p.NestedParam != nil || len(p.Modifiers) > 0 {
		return false
	}
	if p.Exp != nil && p.Exp.Op != syntax.DefaultUnset && p.Exp.Op != syntax.DefaultUnsetOrNull {
		return false
	}
	return true
}

// unescape removes the shell's backslash quoting from a literal: outside
// quotes a backslash quotes any character (and drops a newline); inside
// double quotes only $ ` " \ and newline.
func unescape(s string, quoted bool) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		next := s[i+1]
		switch {
		case next == '\n':
			i++
		case !quoted || strings.IndexByte("$`\"\\", next) >= 0:
			b.WriteByte(next)
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
