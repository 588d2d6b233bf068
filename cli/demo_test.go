package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// The demo command lays out the demo and prints the environment; every
// command then works on it, the dry run included.
func TestDemoThenRun(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "demo")
	var out, errb bytes.Buffer
	io := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Env: isolated(t, settingsio.Env{"PATH=/usr/bin:/bin", "GEMINI_CLI_TRUST_WORKSPACE=false"}), Dir: t.TempDir(), GOOS: "linux"}
	if code := Main(context.Background(), []string{"demo", dir}, io); code != 0 {
		t.Fatalf("demo: exit %d: %s", code, errb.String())
	}
	env := settingsio.Env{"PATH=/usr/bin:/bin"}
	for _, line := range strings.Split(out.String(), "\n") {
		switch {
		case strings.HasPrefix(line, "export "):
			k, v, _ := strings.Cut(strings.TrimPrefix(line, "export "), "=")
			env = env.With(k, strings.Trim(v, "'"))
		case strings.HasPrefix(line, "cd "):
			io.Dir = strings.Trim(strings.TrimPrefix(line, "cd "), "'")
		}
	}
	if !strings.Contains(out.String(), "unset GEMINI_CLI_TRUST_WORKSPACE") || !env.Has("GEMINI_CLI_HOME") || io.Dir != filepath.Join(dir, "demo-project") {
		t.Fatalf("demo output:\n%s", out.String())
	}
	io.Env = env
	out.Reset()
	if code := Main(context.Background(), []string{"run", "--event", "BeforeTool", "--tool", "write_file", "--json"}, io); code != 0 {
		t.Fatalf("run: exit %d: %s\n%s", code, errb.String(), out.String())
	}
	var doc struct {
		Results []struct {
			Name     string `json:"label"`
			ExitCode int    `json:"exit_code"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("run --json: %v\n%s", err, out.String())
	}
	if len(doc.Results) == 0 || doc.Results[0].Name != "security-check" {
		t.Errorf("run on the demo: %s", out.String())
	}
	if code := Main(context.Background(), []string{"demo", dir}, io); code != ExitFailure {
		t.Errorf("demo into a non-empty folder: exit %d", code)
	}
}

// A hook whose script changed after approval is held back by run, as audit
// flags it, although its name:command key is still trusted.
func TestRunHoldsAHookWhoseScriptChanged(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "demo")
	var out, errb bytes.Buffer
	io := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Env: isolated(t, settingsio.Env{"PATH=/usr/bin:/bin"}), Dir: t.TempDir(), GOOS: "linux"}
	if code := Main(context.Background(), []string{"demo", dir}, io); code != 0 {
		t.Fatalf("demo: exit %d: %s", code, errb.String())
	}
	env := settingsio.Env{"PATH=/usr/bin:/bin"}
	for _, line := range strings.Split(out.String(), "\n") {
		if k, v, ok := strings.Cut(strings.TrimPrefix(line, "export "), "="); ok && strings.HasPrefix(line, "export ") {
			env = env.With(k, strings.Trim(v, "'"))
		}
	}
	io.Env, io.Dir = env, filepath.Join(dir, "demo-project")
	if code := Main(context.Background(), []string{"trust", "security-check"}, io); code != 0 {
		t.Fatalf("trust: exit %d: %s", code, errb.String())
	}
	script := filepath.Join(io.Dir, ".gemini", "hooks", "security-check.sh")
	marker := filepath.Join(dir, "PWNED")
	f, err := os.OpenFile(script, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(f, "\ntouch %s\n", marker)
	f.Close()
	out.Reset()
	errb.Reset()
	code := Main(context.Background(), []string{"run", "--event", "BeforeTool", "--tool", "write_file"}, io)
	if code != ExitNeedsReview || !strings.Contains(out.String(), "Not run: security-check") {
		t.Errorf("run after the script changed: exit %d\n%s%s", code, out.String(), errb.String())
	}
	if _, err := os.Stat(marker); err == nil {
		t.Error("the changed script ran without --yes")
	}
}
