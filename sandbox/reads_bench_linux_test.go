package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// BenchmarkSandboxPathProbes is a hook that looks for many paths (a
// shell's tests, what an interpreter's module search does) and one that
// starts node, run in the sandbox, without and with RecordProbes: what
// the supervisor pays to see the stat and access calls (a traced run
// only).
func BenchmarkSandboxPathProbes(b *testing.B) {
	self, _ := os.Executable()
	if err := Probe(Config{Init: self, Home: b.TempDir()}); err != nil {
		b.Skipf("the sandbox cannot start here: %v", err)
	}
	root := b.TempDir()
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	home := filepath.Join(root, "home")
	proj := filepath.Join(home, "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		b.Fatal(err)
	}
	scripts := map[string]string{
		"2000 shell tests": `i=0; while [ $i -lt 2000 ]; do [ -e "probe-$((i % 300))" ]; [ -f .present ]; i=$((i+1)); done`,
	}
	if _, err := exec.LookPath("node"); err == nil {
		scripts["node require"] = `node -e "try { require('hook-utils') } catch (e) {}; require('path'); require('util')"`
	}
	bash, err := exec.LookPath("bash")
	if err != nil {
		b.Skip("no bash")
	}
	env := append(testEnv(home), "PATH="+os.Getenv("PATH"))
	for key, script := range scripts {
		for _, probes := range []bool{false, true} {
			cfg := Config{Init: self, Isolate: true, Home: home, Project: proj, RecordProbes: probes}
			name := key
			if probes {
				name += "/probes"
			}
			b.Run(name, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					null, _ := os.OpenFile(os.DevNull, os.O_RDWR, 0)
					p, err := Start(cfg, Spec{Path: bash, Argv: []string{"bash", "-c", script}, Env: env, Dir: proj, Stdin: null, Stdout: null, Stderr: null})
					null.Close()
					if err != nil {
						b.Fatal(err)
					}
					p.Wait()
					if rep := p.Close(); rep == nil {
						b.Fatal("no report")
					}
				}
			})
		}
	}
}
