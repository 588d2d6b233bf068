package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// BenchmarkSandboxNotifiedOpens is a hook that opens files 500 times
// outside the overlaid folders (what a shell's, a dynamic loader's and a
// locale's start-up opens are) and one that starts a program 50 times,
// run in the sandbox: every open and exec is a round trip through the
// seccomp listener, so per op / 500 (/ 50) is what one notified call costs
// the hook in wall time, beyond the sandbox's fixed cost (the "empty" case,
// one `bash -c true`).
func BenchmarkSandboxNotifiedOpens(b *testing.B) {
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
	bash, err := exec.LookPath("bash")
	if err != nil {
		b.Skip("no bash")
	}
	env := append(testEnv(home), "PATH="+os.Getenv("PATH"))
	for _, c := range []struct{ name, script string }{
		{"empty", `true`},
		{"500 opens", `i=0; while [ $i -lt 500 ]; do : </etc/passwd; i=$((i+1)); done`},
		{"50 execs", `i=0; while [ $i -lt 50 ]; do /bin/true; i=$((i+1)); done`},
	} {
		cfg := Config{Init: self, Isolate: true, Home: home, Project: proj}
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				null, _ := os.OpenFile(os.DevNull, os.O_RDWR, 0)
				p, err := Start(cfg, Spec{Path: bash, Argv: []string{"bash", "-c", c.script}, Env: env, Dir: proj, Stdin: null, Stdout: null, Stderr: null})
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
