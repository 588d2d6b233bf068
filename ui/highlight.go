package ui

import (
	"path/filepath"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
)

// highlighter holds the lexers of the script languages the code view
// colours: shell, Python and JavaScript/TypeScript. They are small rule
// sets for chroma's regex engine, built and compiled on first use:
// chroma's own lexers package registers ~250 lexers at program start
// (~45 ms and 2.7 MB here), which the first window cannot afford, and a
// reviewer needs comments, strings, keywords and variables told apart, not
// a full parse.
type highlighter struct {
	once                 sync.Once
	shell, python, jsish chroma.Lexer
}

func (h *highlighter) build() {
	h.shell = chroma.MustNewLexer(&chroma.Config{Name: "shell", EnsureNL: true}, shellRules)
	h.python = chroma.MustNewLexer(&chroma.Config{Name: "python", EnsureNL: true}, pythonRules)
	h.jsish = chroma.MustNewLexer(&chroma.Config{Name: "javascript", EnsureNL: true}, jsRules)
}

// lexerFor picks the lexer of a script by its file name, then by its
// "#!" line; nil means plain text.
func (h *highlighter) lexerFor(path, text string) chroma.Lexer {
	h.once.Do(h.build)
	switch strings.ToLower(filepath.Ext(path)) {
	case ".sh", ".bash", ".zsh", ".ksh", ".dash":
		return h.shell
	case ".py", ".pyw":
		return h.python
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return h.jsish
	}
	line, _, _ := strings.Cut(text, "\n")
	if !strings.HasPrefix(line, "#!") {
		return nil
	}
	fields := strings.Fields(strings.TrimPrefix(line, "#!"))
	if len(fields) == 0 {
		return nil
	}
	prog := filepath.Base(fields[0])
	if prog == "env" {
		for _, f := range fields[1:] {
			if !strings.HasPrefix(f, "-") {
				prog = filepath.Base(f)
				break
			}
		}
	}
	switch {
	case prog == "sh" || prog == "bash" || prog == "zsh" || prog == "dash" || prog == "ksh":
		return h.shell
	case strings.HasPrefix(prog, "python") || prog == "uv":
		return h.python
	case prog == "node" || prog == "bun" || prog == "deno" || prog == "tsx":
		return h.jsish
	}
	return nil
}

// tokens splits text into chroma tokens (one plain token when there is no
// lexer or it fails).
func tokens(l chroma.Lexer, text string) []chroma.Token {
	if l != nil {
		if it, err := l.Tokenise(nil, text); err == nil {
			return it.Tokens()
		}
	}
	return []chroma.Token{{Type: chroma.Text, Value: text}}
}

func shellRules() chroma.Rules {
	return chroma.Rules{"root": {
		{Pattern: `\$\{[^}\n]*\}`, Type: chroma.NameVariable},
		{Pattern: `\$\(\(?|\$[A-Za-z_][A-Za-z0-9_]*|\$[0-9@#?*!$-]`, Type: chroma.NameVariable},
		{Pattern: `(?<![^\s;&|(])#[^\n]*`, Type: chroma.CommentSingle},
		{Pattern: `'[^']*'`, Type: chroma.LiteralStringSingle},
		{Pattern: `\$'(\\.|[^'\\])*'`, Type: chroma.LiteralStringEscape},
		{Pattern: `"(\\.|[^"\\])*"`, Type: chroma.LiteralStringDouble},
		{Pattern: "`[^`]*`", Type: chroma.LiteralStringBacktick},
		{Pattern: `\b(if|then|else|elif|fi|for|while|until|do|done|case|esac|in|function|select|return|exit|export|local|readonly|declare|set|unset|eval|exec|source|trap|shift|break|continue)\b`, Type: chroma.Keyword},
		{Pattern: `\b[0-9]+\b`, Type: chroma.LiteralNumber},
		{Pattern: `<<-?|&&|\|\||[|&;<>()]`, Type: chroma.Operator},
		{Pattern: `\s+`, Type: chroma.Text},
		{Pattern: `[^\s$#'"` + "`" + `|&;<>()]+`, Type: chroma.Text},
		{Pattern: `.`, Type: chroma.Text},
	}}
}

func pythonRules() chroma.Rules {
	return chroma.Rules{"root": {
		{Pattern: `#[^\n]*`, Type: chroma.CommentSingle},
		{Pattern: `(?i)[rbuf]{0,2}"""[\s\S]*?"""|(?i)[rbuf]{0,2}'''[\s\S]*?'''`, Type: chroma.LiteralStringDoc},
		{Pattern: `(?i)[rbuf]{0,2}"(\\.|[^"\\\n])*"|(?i)[rbuf]{0,2}'(\\.|[^'\\\n])*'`, Type: chroma.LiteralString},
		{Pattern: `@[A-Za-z_][\w.]*`, Type: chroma.NameDecorator},
		{Pattern: `\b(and|as|assert|async|await|break|class|continue|def|del|elif|else|except|finally|for|from|global|if|import|in|is|lambda|nonlocal|not|or|pass|raise|return|try|while|with|yield|None|True|False)\b`, Type: chroma.Keyword},
		{Pattern: `\b(0[xob][0-9a-fA-F_]+|[0-9][0-9_]*(\.[0-9_]*)?([eE][+-]?[0-9]+)?)\b`, Type: chroma.LiteralNumber},
		{Pattern: `[A-Za-z_]\w*`, Type: chroma.Name},
		{Pattern: `\s+`, Type: chroma.Text},
		{Pattern: `.`, Type: chroma.Operator},
	}}
}

func jsRules() chroma.Rules {
	return chroma.Rules{"root": {
		{Pattern: `//[^\n]*`, Type: chroma.CommentSingle},
		{Pattern: `/\*[\s\S]*?\*/`, Type: chroma.CommentMultiline},
		{Pattern: `#![^\n]*`, Type: chroma.CommentHashbang},
		{Pattern: `"(\\.|[^"\\\n])*"|'(\\.|[^'\\\n])*'`, Type: chroma.LiteralString},
		{Pattern: "`(\\\\.|[^`\\\\])*`", Type: chroma.LiteralStringBacktick},
		{Pattern: `\b(async|await|break|case|catch|class|const|continue|debugger|default|delete|do|else|export|extends|finally|for|from|function|if|import|in|instanceof|let|new|of|return|super|switch|this|throw|try|typeof|var|void|while|with|yield|null|undefined|true|false|require)\b`, Type: chroma.Keyword},
		{Pattern: `\b(0[xob][0-9a-fA-F_]+|[0-9][0-9_]*(\.[0-9_]*)?([eE][+-]?[0-9]+)?n?)\b`, Type: chroma.LiteralNumber},
		{Pattern: `[A-Za-z_$][\w$]*`, Type: chroma.Name},
		{Pattern: `\s+`, Type: chroma.Text},
		{Pattern: `.`, Type: chroma.Operator},
	}}
}
