package cli

import (
	"fmt"
	"io"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
)

// riskBenchProject writes a project with 1,000 hooks that run 100
// scripts between them (the benchmark size).
func riskBenchProject(b *testing.B) *fixture {
	b.Helper()
	files := map[string]string{}
	var defs []string
	for i := 0; i < 1000; i++ {
		s := i % 100
		defs = append(defs, fmt.Sprintf(`{"matcher": "tool%d", "hooks": [{"name": "h%d", "type": "command", "command": "bash \"$GEMINI_PROJECT_DIR\"/.gemini/hooks/s%d.sh --n %d"}]}`, i, i, s, i))
	}
	for s := 0; s < 100; s++ {
		files[fmt.Sprintf("project/.gemini/hooks/s%d.sh", s)] = fmt.Sprintf(`#!/bin/bash
set -euo pipefail
INPUT=$(cat)
FILE=$(echo "$INPUT" | jq -r '.tool_input.file_path // empty')
case "$FILE" in
  *.go) gofmt -w "$FILE" ;;
  *.ts|*.js) npx --no-install prettier --write "$FILE" ;;
esac
if echo "$INPUT" | grep -qE 'rm -rf|curl .*\| *sh'; then
  echo '{"decision":"block","reason":"dangerous command %d"}'
  exit 2
fi
curl -s -m 1 http://localhost:8080/hook -d "$FILE" >/dev/null || true
exit 0
`, s)
	}
	files["project/.gemini/settings.json"] = `{"hooks": {"BeforeTool": [` + strings.Join(defs, ",\n") + `]}}`
	return newFixture(b, files)
}

// BenchmarkListJSONWithRisk is `hookwarden list --json` on 1,000 hooks
// and 100 scripts, risk included (goal: < 100 ms).
func BenchmarkListJSONWithRisk(b *testing.B) {
	f := riskBenchProject(b)
	io := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Env: f.env, Dir: f.project, GOOS: "linux"}
	b.ResetTimer()
	defer reportCPU(b)()
	for i := 0; i < b.N; i++ {
		if code := Main(b.Context(), []string{"list", "--json"}, io); code != ExitOK {
			b.Fatalf("exit %d", code)
		}
	}
}

// BenchmarkRiskAlone is the risk analysis of the same 1,000 hooks, the
// part of list --json that risk adds.
func BenchmarkRiskAlone(b *testing.B) {
	f := riskBenchProject(b)
	agent, _ := testAgents().Get("gemini")
	p, err := (&IO{Agents: testAgents(), Env: f.env, Dir: f.project, GOOS: "linux"}).open(b.Context(), agent, "")
	if err != nil {
		b.Fatal(err)
	}
	hs := p.Hooks()
	if len(hs) != 1000 {
		b.Fatalf("%d hooks", len(hs))
	}
	b.ResetTimer()
	defer reportCPU(b)()
	for i := 0; i < b.N; i++ {
		hookRisks(testAgents().Facts().Risk(), p, hs, p.Dir(), agents.Observer{})
	}
}

// reportCPU adds the CPU time per operation (user + system) to the
// benchmark: on a machine shared by many builds, wall time measures the
// load, CPU time measures the code.
func reportCPU(b *testing.B) func() {
	start := cpuTime()
	return func() {
		b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
	}
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
