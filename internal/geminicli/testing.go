package geminicli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// InCI reports whether env CI is "true": there a missing prerequisite is a
// failure, not a reason to skip.
func InCI() bool { return testenv.InCI() }

// RequireBundle returns the path of gemini.js for a test. When node or npm
// is missing it skips the test with the reason, or fails it when CI=true;
// any other error fails the test.
func RequireBundle(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // generous: may wait for another package's install (lock)
	defer cancel()
	bundle, err := Locate(ctx)
	if err != nil {
		missingOr(t, err)
	}
	return bundle
}

// RequireTmux skips (or, when CI=true, fails) a test that drives the
// interactive UI on a machine without tmux.
func RequireTmux(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		missingOr(t, errors.Join(ErrMissingPrerequisite, errors.New("tmux is not installed (needed to drive Gemini's interactive UI)")))
	}
}

func missingOr(t testing.TB, err error) {
	t.Helper()
	if errors.Is(err, ErrMissingPrerequisite) {
		testenv.Missing(t, "real Gemini CLI not available: %v", err)
		return
	}
	t.Fatalf("locating the real Gemini CLI: %v", err)
}

// BundleFunction copies one top-level function's source, from startMarker
// up to endMarker, out of the Gemini CLI bundle RequireBundle finds (the
// bundle's chunks have hashed names, so every chunk is searched).
func BundleFunction(t testing.TB, startMarker, endMarker string) string {
	t.Helper()
	// .../node_modules/@google/gemini-cli/bundle/gemini.js
	modules := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(RequireBundle(t)))))
	chunks, err := filepath.Glob(filepath.Join(modules, "@google", "gemini-cli", "bundle", "*.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range chunks {
		data, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		i := bytes.Index(data, []byte(startMarker))
		if i < 0 {
			continue
		}
		j := bytes.Index(data[i:], []byte(endMarker))
		if j < 0 {
			continue
		}
		return string(data[i : i+j])
	}
	t.Fatalf("no %q in the Gemini CLI bundle", startMarker)
	return ""
}

// RunNodeJSON runs node with args, writes in as JSON to its standard
// input and decodes its standard output, JSON, into out. Any failure fails
// the test, with node's standard error.
func RunNodeJSON(t testing.TB, in, out any, args ...string) {
	t.Helper()
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", args...)
	cmd.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("node %s: %v: %s", strings.Join(args, " "), err, stderr.String())
	}
	if err := json.Unmarshal(stdout, out); err != nil {
		t.Fatalf("node %s: output: %v", strings.Join(args, " "), err)
	}
}
