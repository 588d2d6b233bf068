package risk

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkThousandHooksSharedLibraryDiscovery is the discovery of 1,000
// hooks that run 100 scripts, each of which sources one library of the
// project (a common shape: hooks/lib/common.sh), with one DiscoveryCache
// per listing. A sourced script is walked in each caller's scope, so its
// walk is per caller; its read and parse need not be.
func BenchmarkThousandHooksSharedLibraryDiscovery(b *testing.B) {
	dir := b.TempDir()
	hooksDir := filepath.Join(dir, ".claude", "hooks")
	if err := os.MkdirAll(filepath.Join(hooksDir, "lib"), 0o755); err != nil {
		b.Fatal(err)
	}
	var lib strings.Builder
	lib.WriteString("#!/bin/bash\n")
	for f := 0; f < 40; f++ {
		fmt.Fprintf(&lib, "helper_%d() {\n  local in=\"$1\"\n  printf '%%s\\n' \"$in\" | jq -r '.tool_input.file_path // empty' | grep -q 'x%d' && echo '{\"decision\":\"allow\"}'\n}\n", f, f)
	}
	if err := os.WriteFile(filepath.Join(hooksDir, "lib", "common.sh"), []byte(lib.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	for s := 0; s < 100; s++ {
		script := fmt.Sprintf("#!/bin/bash\nset -euo pipefail\nsource \"$(dirname \"$0\")/lib/common.sh\"\nINPUT=$(cat)\nhelper_%d \"$INPUT\"\nexit 0\n", s%40)
		if err := os.WriteFile(filepath.Join(hooksDir, fmt.Sprintf("s%d.sh", s)), []byte(script), 0o755); err != nil {
			b.Fatal(err)
		}
	}
	benchDiscovery(b, dir, thousandCommands())
}
