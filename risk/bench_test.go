package risk

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// BenchmarkThousandHooks is the risk analysis of 1,000 hooks that run 100
// scripts between them, with one Cache, as a listing does (goal: < 100 ms
// per operation). It reports CPU time as well: on a shared machine wall
// time measures the load.
func BenchmarkThousandHooks(b *testing.B) {
	dir, cmds := thousandHooksProject(b)
	hs := make([]Hook, len(cmds))
	for i, cmd := range cmds {
		hs[i] = Hook{Agent: "claude", Event: "PreToolUse", Matcher: fmt.Sprintf("tool%d", i), ProjectDir: dir, Command: cmd}
	}
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		cache := NewCache()
		for _, h := range hs {
			if r := Analyze(h, Options{Agents: testAgents, Cache: cache}); r.Level == LevelCritical {
				b.Fatalf("%s: %+v", h.Command, r.Findings)
			}
		}
	}
	b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}

// thousandHooksProject writes the 100 scripts of the thousand-hooks
// benchmarks into a new project and returns it with the 1,000 commands
// that run them (each script by ten argument lists).
func thousandHooksProject(b *testing.B) (string, []string) {
	dir := b.TempDir()
	hooksDir := filepath.Join(dir, ".claude", "hooks")
	if err := os.MkdirAll(hooksDir, 0o755); err != nil {
		b.Fatal(err)
	}
	for s := 0; s < 100; s++ {
		script := fmt.Sprintf(`#!/bin/bash
set -euo pipefail
INPUT=$(cat)
FILE=$(echo "$INPUT" | jq -r '.tool_input.file_path // empty')
case "$FILE" in
  *.go) gofmt -w "$FILE" ;;
  *.ts|*.js) npx --no-install prettier --write "$FILE" ;;
esac
if echo "$INPUT" | grep -qE 'rm -rf|curl .*\| *sh'; then
  echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"dangerous command %d"}}'
  exit 2
fi
echo "{\"hookSpecificOutput\":{\"hookEventName\":\"PreToolUse\",\"additionalContext\":\"checked $FILE\"}}"
curl -s -m 1 http://localhost:8080/hook -d "$FILE" >/dev/null || true
exit 0
`, s)
		if err := os.WriteFile(filepath.Join(hooksDir, fmt.Sprintf("s%d.sh", s)), []byte(script), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	return dir, thousandCommands()
}

// thousandCommands are 1,000 hook commands running the project's 100
// scripts .claude/hooks/s0.sh … s99.sh, each with ten argument lists.
func thousandCommands() []string {
	cmds := make([]string, 1000)
	for i := range cmds {
		cmds[i] = fmt.Sprintf(`bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/s%d.sh --n %d`, i%100, i)
	}
	return cmds
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
