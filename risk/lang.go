package risk

import (
	"path/filepath"
	"strings"
)

type lang int

const (
	langUnknown lang = iota
	langShell
	langPython
	langJS
	langPowerShell
	langMake
	langRuby
	langPerl
	langPHP
	langLua
	langGo
)

// langOf decides a script's language from its interpreter, extension or
// shebang line.
func langOf(path, via, text string) lang {
	base := ""
	if via != "" {
		// (filepath.Base("") is ".", the dot command's name)
		base = strings.TrimSuffix(filepath.Base(via), ".exe")
	}
	switch {
	case base == "":
	case strings.HasPrefix(base, "python") || strings.HasPrefix(base, "pypy") || base == "uv" || base == "uvx" || base == "pipx":
		return langPython
	case base == "node" || base == "bun" || base == "deno" || base == "tsx" || base == "ts-node" || base == "npx" || base == "bunx":
		return langJS
	case base == "make" || base == "gmake":
		return langMake
	case base == "ruby" || base == "bundle" || base == "irb":
		return langRuby
	case base == "perl":
		return langPerl
	case base == "php":
		return langPHP
	case strings.HasPrefix(base, "lua") || base == "texlua":
		return langLua
	case base == "bash" || base == "sh" || base == "zsh" || base == "dash" || base == "ksh" || base == "mksh" || base == "ash" || base == "source" || base == ".":
		return langShell
	}
	if base == "" {
		// run as a program: the kernel reads the "#!" line, whatever the
		// file is called (a Python script named check.sh)
		if l := shebangLang(text); l != langUnknown {
			return l
		}
	}
	switch name := filepath.Base(path); {
	case name == "Makefile" || name == "makefile" || name == "GNUmakefile" || strings.HasSuffix(name, ".mk"):
		return langMake
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".sh", ".bash", ".zsh", ".ksh":
		return langShell
	case ".py", ".pyw":
		return langPython
	case ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx":
		return langJS
	case ".ps1", ".psm1", ".cmd", ".bat":
		return langPowerShell
	case ".rb", ".rake":
		return langRuby
	case ".pl", ".pm":
		return langPerl
	case ".php":
		return langPHP
	case ".lua":
		return langLua
	case ".go":
		return langGo
	}
	if l := shebangLang(text); l != langUnknown {
		return l
	}
	if filepath.Ext(path) == "" {
		return langShell // hooks without an extension are almost always shell
	}
	return langUnknown
}

// shebangLang is the language a script's "#!" line names (langUnknown
// without one).
func shebangLang(text string) lang {
	if !strings.HasPrefix(text, "#!") {
		return langUnknown
	}
	line, _, _ := strings.Cut(text, "\n")
	switch {
	case strings.Contains(line, "python"):
		return langPython
	case strings.Contains(line, "node") || strings.Contains(line, "bun") || strings.Contains(line, "deno") || strings.Contains(line, "tsx"):
		return langJS
	case strings.Contains(line, "ruby"):
		return langRuby
	case strings.Contains(line, "perl"):
		return langPerl
	case strings.Contains(line, "php"):
		return langPHP
	case strings.Contains(line, "lua"):
		return langLua
	case strings.Contains(line, "sh"):
		return langShell
	}
	return langUnknown
}

// makeRecipes is the shell a Makefile's recipes run: each recipe line
// (after a tab) with make's own prefixes (@, -, +) dropped, $$ read as the
// shell's $, $(shell CMD) as $(CMD) and make's variables $(X) and ${X} as
// shell variables the analysis does not know.
func makeRecipes(text string) string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "\t") {
			b.WriteString("\n")
			continue
		}
		line = strings.TrimLeft(strings.TrimPrefix(line, "\t"), "@-+ \t")
		line = strings.ReplaceAll(line, "$$", "\x00")
		line = makeShellFn.ReplaceAllString(line, "\x00(")
		line = makeVar.ReplaceAllString(line, "\x00{MAKE_$1}")
		b.WriteString(strings.ReplaceAll(line, "\x00", "$"))
		b.WriteString("\n")
	}
	return b.String()
}

// makeRuleRe: a rule's head, "targets: prerequisites" (not an
// assignment, :=, ::=, ?=).
var makeRuleRe = lazyRe(`^([^\t#=:][^=:]*?)\s*::?(?:[^=]|$)(.*)$`)

// makeRecipesFor is the shell of the recipes make runs for targets (""
// the default goal: the first rule's first target not starting with a
// dot) and their prerequisites, each line kept at its place so that
// findings name their lines. A target that no plain rule defines, an
// included file or a rule with $ in its head (made at run time) makes it
// give up (false): then every recipe is read.
func makeRecipesFor(text string, targets []string) (string, bool) {
	if strings.Contains(text, ".DEFAULT_GOAL") || strings.Contains(text, "MAKECMDGOALS") {
		return "", false // the goal is chosen in the file
	}
	lines := strings.Split(text, "\n")
	type rule struct {
		prereqs []string
		lines   []int
	}
	rules := map[string]*rule{}
	first := ""
	var cur []*rule
	for i, line := range lines {
		if strings.HasPrefix(line, "\t") {
			for _, r := range cur {
				r.lines = append(r.lines, i)
			}
			continue
		}
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if strings.HasPrefix(t, "include ") || strings.HasPrefix(t, "-include ") || strings.HasPrefix(t, "sinclude ") {
			return "", false
		}
		m := makeRuleRe.FindStringSubmatch(line)
		if m == nil {
			cur = nil
			continue
		}
		if strings.ContainsAny(m[1], "$%") {
			return "", false
		}
		rest, inline, _ := strings.Cut(m[2], ";")
		cur = nil
		for _, name := range strings.Fields(m[1]) {
			r := rules[name]
			if r == nil {
				r = &rule{}
				rules[name] = r
			}
			r.prereqs = append(r.prereqs, strings.Fields(strings.ReplaceAll(rest, "|", " "))...)
			if strings.TrimSpace(inline) != "" {
				return "", false // a recipe on the rule's own line
			}
			cur = append(cur, r)
			if first == "" && !strings.HasPrefix(name, ".") {
				first = name
			}
		}
	}
	keep := map[int]bool{}
	seen := map[string]bool{}
	var walk func(name string, top bool) bool
	walk = func(name string, top bool) bool {
		if seen[name] {
			return true
		}
		seen[name] = true
		r := rules[name]
		if r == nil {
			// a prerequisite that is a file of the project is no rule;
			// a target asked for that none defines is made by rules
			// Hookwarden does not follow
			return !top && !strings.Contains(name, "$")
		}
		for _, l := range r.lines {
			keep[l] = true
		}
		for _, p := range r.prereqs {
			if !walk(p, false) {
				return false
			}
		}
		return true
	}
	for _, t := range targets {
		if t == "" {
			t = first
		}
		if t == "" || !walk(t, true) {
			return "", false
		}
	}
	var b strings.Builder
	for i, line := range lines {
		if keep[i] {
			b.WriteString(line)
		}
		b.WriteString("\n")
	}
	return makeRecipes(b.String()), true
}

var (
	makeShellFn = lazyRe(`\$\(shell\s+`)
	makeVar     = lazyRe(`\$[({]([A-Za-z0-9_@<^*.-]+)[)}]`)
)
