package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// kitDir finds the conformance kit: $HOOKWARDEN_CONFORMANCE_KIT, else
// ../shared/conformance relative to the module root.
func kitDir(t *testing.T) string {
	if d := os.Getenv("HOOKWARDEN_CONFORMANCE_KIT"); d != "" {
		return d
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	// hooks/conform -> module root -> ../shared/conformance
	return filepath.Join(wd, "..", "..", "..", "shared", "conformance")
}

func skipOrFail(t *testing.T, format string, a ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf(format, a...)
	}
	t.Skipf(format, a...)
}

// TestConformance runs the kit's cases, and this package's own extra cases
// (expected outputs produced by the kit's oracle), through the adapter with
// the kit's run-oracle.sh and requires every case to pass.
func TestConformance(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the conformance kit runs hooks under bash; Linux/macOS only")
	}
	kit := kitDir(t)
	script := filepath.Join(kit, "run-oracle.sh")
	if _, err := os.Stat(script); err != nil {
		skipOrFail(t, "conformance kit not found at %s (set HOOKWARDEN_CONFORMANCE_KIT): %v", kit, err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		skipOrFail(t, "node is needed by the kit's run-oracle.sh (canon.mjs): %v", err)
	}
	bin := filepath.Join(t.TempDir(), "conform")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the adapter: %v\n%s", err, out)
	}
	for _, set := range []struct{ name, dir, isolation string }{
		{"kit", filepath.Join(kit, "cases"), ""},
		{"extra", "testdata/cases", ""},
		// the same verdicts under the supervisor and in the sandbox
		{"kit-supervised", filepath.Join(kit, "cases"), "supervised"},
		{"kit-sandboxed", filepath.Join(kit, "cases"), "sandbox"},
	} {
		t.Run(set.name, func(t *testing.T) {
			cmd := exec.Command("bash", script, "--impl", bin, set.dir)
			cmd.Env = append(os.Environ(), "HOOKWARDEN_CONFORM_ISOLATION="+set.isolation)
			out, err := cmd.CombinedOutput()
			text := string(out)
			lines := strings.Split(strings.TrimSpace(text), "\n")
			last := lines[len(lines)-1]
			if err != nil || !strings.HasSuffix(last, " 0 failed") {
				t.Fatalf("run-oracle.sh --impl: %v\n%s", err, text)
			}
			t.Log(last)
		})
	}
}
