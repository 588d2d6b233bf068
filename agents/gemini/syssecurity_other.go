//go:build !unix

package gemini

// hostSystemFileInsecurity: on Windows Gemini CLI checks the file's ACLs
// with PowerShell; Hookwarden does not model that and treats the file as
// secure.
func hostSystemFileInsecurity(p string) string { return "" }
