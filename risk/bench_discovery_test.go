package risk

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/trust"
)

// BenchmarkThousandHooksDiscovery is the part of BenchmarkThousandHooks
// that is trust's script discovery (the files the gate fingerprints, read
// by the analysis too): the same 1,000 commands and 100 scripts, one
// DiscoveryCache per listing. The difference between the two is the risk
// analysis itself.
func BenchmarkThousandHooksDiscovery(b *testing.B) {
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
	cmds := make([]string, 1000)
	for i := range cmds {
		cmds[i] = fmt.Sprintf(`bash "$CLAUDE_PROJECT_DIR"/.claude/hooks/s%d.sh --n %d`, i%100, i)
	}
	b.ResetTimer()
	start := cpuTime()
	for i := 0; i < b.N; i++ {
		c := trust.NewDiscoveryCache()
		for _, cmd := range cmds {
			if _, err := c.DiscoverScripts(cmd, dir); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64((cpuTime()-start).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
