package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// selfCPU is the CPU time this process spent (user and system).
func selfCPU() time.Duration {
	var ru unix.Rusage
	_ = unix.Getrusage(unix.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkEnforcedAgent is what enforcement costs a Node agent: "start"
// is `node -e 0`, "5000 opens" a Node agent that opens and closes a file
// 5000 times (its own calls: each a round trip through the listener that
// lets it go on), each run directly and under Enforce. (enforced − direct)
// of "start" is the added start-up; of "5000 opens" less that, / 5000, the
// added cost of one open of the agent. "hook 200 reads" is a hook's shell
// reading an approved project file 200 times (each checked: path
// resolved, file hashed once and then found by its identity).
func BenchmarkEnforcedAgent(b *testing.B) {
	if why := EnforceSupported(); why != "" {
		b.Skip(why)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		b.Skip("no node")
	}
	root, err := filepath.EvalSymlinks(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	data := filepath.Join(root, "data.txt")
	if err := os.WriteFile(data, []byte("approved\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	hook := `i=0; while [ $i -lt 200 ]; do read x < data.txt; i=$((i+1)); done`
	outside := filepath.Join(filepath.Dir(root), "outside.txt")
	if err := os.WriteFile(outside, []byte("not the project's\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	outsideHook := `i=0; while [ $i -lt 200 ]; do cd .; read x < ../outside.txt; i=$((i+1)); done`
	rules := testRules{hook: hook, covered: map[string]string{data: sum("approved\n")}}
	for _, c := range []struct {
		name string
		argv []string
	}{
		{"start", []string{node, "-e", "0"}},
		{"5000 opens", []string{node, "-e", `const fs = require('fs'); for (let i = 0; i < 5000; i++) fs.closeSync(fs.openSync(process.argv[1], 'r'))`, data}},
		{"hook 200 reads", []string{"/bin/sh", "-c", hook}},
		// a hook's reads of a file outside the enforced folders, by a
		// relative path, and its changes of folder (each resolved as
		// written too: checkLinkedOut)
		{"hook 200 outside reads and cds", []string{"/bin/sh", "-c", outsideHook}},
	} {
		for _, enforced := range []bool{false, true} {
			name := c.name + "/direct"
			if enforced {
				name = c.name + "/enforced"
			}
			b.Run(name, func(b *testing.B) {
				// wall time moves with the machine's load: the CPU the
				// agent and Hookwarden (the listener) spent is reported too
				var child time.Duration
				before := selfCPU()
				defer func() {
					b.ReportMetric(float64(child.Microseconds())/1000/float64(b.N), "agent-cpu-ms/op")
					b.ReportMetric(float64((selfCPU()-before).Microseconds())/1000/float64(b.N), "hookwarden-cpu-ms/op")
				}()
				for i := 0; i < b.N; i++ {
					cmd := exec.Command(c.argv[0], c.argv[1:]...)
					cmd.Dir = root
					if !enforced {
						if err := cmd.Run(); err != nil {
							b.Fatal(err)
						}
						child += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
						continue
					}
					rules := rules
					if c.argv[len(c.argv)-1] == outsideHook {
						rules.hook = outsideHook
					}
					e, err := Enforce(EnforceConfig{Rules: rules, Roots: []string{root}, OnRefuse: func(r Refusal) { b.Errorf("refused %+v", r) }}, func() (int, error) {
						if err := cmd.Start(); err != nil {
							return 0, err
						}
						return cmd.Process.Pid, nil
					})
					if err != nil {
						b.Fatal(err)
					}
					if err := cmd.Wait(); err != nil {
						b.Fatal(err)
					}
					e.Close()
					child += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
				}
			})
		}
	}
}
