//go:build !unix

package geminicli

// rootOwnedChain: only POSIX systems have the ownership Gemini checks.
func rootOwnedChain(dir string) bool { return false }
