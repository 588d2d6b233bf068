package geminicli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// writeJSON writes v as indented JSON to path, creating its folder.
func writeJSON(t testing.TB, path string, v any) {
	t.Helper()
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatalf("encoding %s: %v", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readLines returns the non-empty lines of path ("" lines and a missing file
// give none).
func readLines(t testing.TB, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// realTempDir is t.TempDir with symlinks resolved (macOS /var → /private/var),
// so paths match what the CLI sees as its cwd.
func realTempDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// commandHook is one command hook config as written in a settings file.
func commandHook(name, command string) map[string]any {
	h := map[string]any{"type": "command", "command": command}
	if name != "" {
		h["name"] = name
	}
	return h
}

// writeFile writes text to path, creating its folder.
func writeFile(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// processesMentioning lists the running processes whose command line
// contains s (via ps, on Linux and macOS).
func processesMentioning(t testing.TB, s string) []string {
	t.Helper()
	out, err := exec.Command("ps", "-eo", "pid=,args=").Output()
	if err != nil {
		t.Fatalf("ps: %v", err)
	}
	var found []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, s) {
			found = append(found, strings.TrimSpace(l))
		}
	}
	return found
}
