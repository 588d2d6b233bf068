package gemini

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// BenchmarkLoad1000Hooks loads a project whose user, workspace and two
// system layers hold 250 hooks each (1,000 in all), with comments and
// environment references, plus trustedFolders.json.
func BenchmarkLoad1000Hooks(b *testing.B) {
	root := b.TempDir()
	home, project, sys := filepath.Join(root, "home"), filepath.Join(root, "proj"), filepath.Join(root, "etc")
	write := func(path, content string) {
		if err := writeFileMkdir(path, content); err != nil {
			b.Fatal(err)
		}
	}
	for i, path := range []string{
		filepath.Join(sys, "system-defaults.json"), filepath.Join(home, ".gemini", "settings.json"),
		filepath.Join(project, ".gemini", "settings.json"), filepath.Join(sys, "settings.json"),
	} {
		write(path, benchSettings(i, 250))
	}
	write(filepath.Join(home, ".gemini", "trustedFolders.json"), `{"`+project+`":"TRUST_FOLDER"}`)
	opts := loadOptions{ProjectDir: project, Home: home, Env: settingsio.Env{"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(sys, "settings.json"), "TOOLS=/opt/tools"}}
	s := load(opts)
	for _, l := range s.Settings {
		if l.Err != nil {
			b.Fatal(l.Err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		load(opts)
	}
}

func benchSettings(layer, n int) string {
	var sb strings.Builder
	sb.WriteString("{\n  // generated\n  \"hooksConfig\": {\"enabled\": true},\n  \"hooks\": {\n    \"BeforeTool\": [\n")
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteString(",\n")
		}
		fmt.Fprintf(&sb, `      {"matcher": "write_file|replace", "hooks": [{"type": "command", "name": "h-%d-%d", "command": "$TOOLS/check-%d.sh --layer %d", "timeout": 5000, "env": {"K": "${TOOLS:-x}"}}]} /* %d */`, layer, i, i, layer, i)
	}
	sb.WriteString("\n    ]\n  }\n}\n")
	return sb.String()
}

func writeFileMkdir(path, content string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(content), 0o644)
}
