package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// TestConformance runs the kit's cases, and this package's own extra cases
// (expected outputs produced by the kit's oracle), through the adapter with
// the kit's run-oracle.sh and requires every case to pass.
func TestConformance(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the conformance kit runs hooks under bash; Linux/macOS only")
	}
	kit := testenv.KitDir(t)
	script := filepath.Join(kit, "run-oracle.sh")
	if _, err := os.Stat(script); err != nil {
		testenv.Missing(t, "conformance kit not found at %s (set HOOKWARDEN_CONFORMANCE_KIT): %v", kit, err)
	}
	if _, err := exec.LookPath("node"); err != nil {
		testenv.Missing(t, "node is needed by the kit's run-oracle.sh (canon.mjs): %v", err)
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
			// The cases' hooks run with the real PATH (bash, node), a
			// throw-away HOME and nothing else of the user's (no BASH_ENV).
			cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + t.TempDir(), "LANG=C.UTF-8",
				"HOOKWARDEN_CONFORM_ISOLATION=" + set.isolation}
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
