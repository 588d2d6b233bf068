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
	case base == "bash" || base == "sh" || base == "zsh" || base == "dash" || base == "ksh" || base == "mksh" || base == "ash" || base == "source" || base == ".":
		return langShell
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
	}
	if strings.HasPrefix(text, "#!") {
		line, _, _ := strings.Cut(text, "\n")
		switch {
		case strings.Contains(line, "python"):
			return langPython
		case strings.Contains(line, "node") || strings.Contains(line, "bun") || strings.Contains(line, "deno") || strings.Contains(line, "tsx"):
			return langJS
		case strings.Contains(line, "sh"):
			return langShell
		}
	}
	if filepath.Ext(path) == "" {
		return langShell // hooks without an extension are almost always shell
	}
	return langUnknown
}
