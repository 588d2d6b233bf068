package sandbox

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// execHelperArg makes the test binary a second program between the
// supervisor and the hook, as `__sandbox-init exec` was until issue 28:
// it execs its arguments at once.
const execHelperArg = "exec-helper"

func serveExecHelper() {
	if len(os.Args) < 3 || os.Args[1] != execHelperArg {
		return
	}
	err := syscall.Exec(os.Args[2], os.Args[2:], os.Environ())
	os.Stderr.WriteString(err.Error() + "\n")
	os.Exit(127)
}

// BenchmarkSeccompSecondExec is what the second exec the seccomp filter
// once needed cost a hook's start, alone (issue 28): the supervisor now
// installs the filter on the thread it forks the hook from, so the hook's
// program is the first exec ("direct", /bin/true started and waited for);
// before, a second start of a Go program installed it and then exec'd the
// hook ("helper": this test binary, whose Go start and initialisation
// are smaller than Hookwarden's, execs /bin/true). With
// HOOKWARDEN_BENCH_BIN set to a hookwarden binary, "hookwarden-start" is
// that binary's own start and exit (`__sandbox-init` with no runner: it
// stops at reading its configuration), the part of the old helper's cost
// that this test binary does not show. cpu-ms/op is the child's user and
// system time.
func BenchmarkSeccompSecondExec(b *testing.B) {
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	tru, err := exec.LookPath("true")
	if err != nil {
		b.Skip("no true")
	}
	cases := []struct {
		name string
		argv []string
	}{
		{"direct", []string{tru}},
		{"helper", []string{self, execHelperArg, tru}},
	}
	if bin := os.Getenv("HOOKWARDEN_BENCH_BIN"); bin != "" {
		cases = append(cases, struct {
			name string
			argv []string
		}{"hookwarden-start", []string{bin, InitCommand}})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var cpu time.Duration
			for i := 0; i < b.N; i++ {
				cmd := exec.Command(c.argv[0], c.argv[1:]...)
				cmd.Env = []string{"PATH=/usr/bin:/bin"}
				err := cmd.Run()
				if c.name != "hookwarden-start" && err != nil {
					b.Fatal(err)
				}
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			b.ReportMetric(float64(cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		})
	}
}
