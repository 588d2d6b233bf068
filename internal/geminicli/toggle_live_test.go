package geminicli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/cli"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Acceptance test of issue 5 (domain and CLI): `hookwarden disable` and
// `enable` persist the way the real Gemini CLI 0.61 reads them — a
// disabled hook no longer fires, an enabled one fires again — and leave
// every byte of the settings file outside hooksConfig.disabled as it was.

// toggleWorkspace is a hand-written workspace file: comments, a stale
// entry with its own comment, one-line hook objects.
const toggleWorkspace = `{
  // Hookwarden live toggle fixture: comments and layout must survive.
  "hooks": {
    /* fired at start */
    "SessionStart": [
      {
        "hooks": [
          { "type": "command", "name": "hw-a", "command": "echo hw-a >> $HW_LOG" }, // the one to toggle
          { "type": "command", "name": "hw-b", "command": "echo hw-b >> $HW_LOG" }
        ]
      }
    ]
  },
  "hooksConfig": {
    "disabled": [
      "not-a-hook" // stale entry, kept
    ]
  } // end
}
`

func TestToggleAgainstRealGemini(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI three times (~8 s); skipped with -short")
	}
	bundle := RequireBundle(t)
	root := realTempDir(t)
	home, project, log := filepath.Join(root, "home"), filepath.Join(root, "project"), filepath.Join(root, "fired.log")
	user := BaseUserSettings()
	user["hooks"] = map[string]any{"SessionStart": []any{map[string]any{"hooks": []any{
		commandHook("", "echo user-unnamed >> $HW_LOG")}}}}
	userPath := filepath.Join(home, ".gemini", "settings.json")
	writeJSON(t, userPath, user)
	wsPath := filepath.Join(project, ".gemini", "settings.json")
	writeFile(t, wsPath, toggleWorkspace)
	fake := filepath.Join(root, "fake.jsonl")
	if err := WriteFakeResponses(fake, []FakeResponse{RoutingResponse(), TextTurn("Done."), RoutingResponse()}); err != nil {
		t.Fatal(err)
	}
	opts := Options{Bundle: bundle, ProjectDir: project, HomeDir: home, FakeResponses: fake, Prompt: "hi",
		Env: []string{"HW_LOG=" + log, "GEMINI_CLI_TRUST_WORKSPACE=true"}, Timeout: 90 * time.Second}
	// The unnamed user hook is matched by its command after Gemini's
	// load-time expansion of $HW_LOG.
	unnamed := "echo user-unnamed >> " + log
	all := []string{"hw-a", "hw-b", "user-unnamed"}

	if got := firedHooks(t, opts, log); !slices.Equal(got, all) {
		t.Fatalf("fixture check: before any change Gemini fired %v, want %v", got, all)
	}
	origUser := readBytes(t, userPath)

	hookwarden(t, opts, "disable", "hw-a")
	hookwarden(t, opts, "disable", "--scope", "user", unnamed)
	afterDisable := readBytes(t, wsPath)
	checkOnlyListChanged(t, []byte(toggleWorkspace), afterDisable)
	if !bytes.Contains(afterDisable, []byte(`"hw-a"`)) {
		t.Fatalf("the workspace file does not list hw-a:\n%s", afterDisable)
	}
	if got := firedHooks(t, opts, log); !slices.Equal(got, []string{"hw-b"}) {
		t.Errorf("after disabling hw-a (workspace) and the unnamed user hook (user), Gemini fired %v, want [hw-b]", got)
	}

	hookwarden(t, opts, "enable", "hw-a")
	hookwarden(t, opts, "enable", unnamed)
	if got := readBytes(t, wsPath); !bytes.Equal(got, []byte(toggleWorkspace)) {
		t.Errorf("disable then enable did not restore the workspace file byte for byte:\n%s", got)
	}
	// The user file, which only Hookwarden's disable had changed, is put
	// back byte for byte too (no "hooksConfig": {"disabled": []} left).
	if got := readBytes(t, userPath); !bytes.Equal(got, origUser) {
		t.Errorf("disable then enable did not restore the user file byte for byte:\n%s", got)
	}
	if got := firedHooks(t, opts, log); !slices.Equal(got, all) {
		t.Errorf("after enabling both again Gemini fired %v, want %v", got, all)
	}
}

// firedHooks runs Gemini once and returns the sorted ids its hooks logged.
func firedHooks(t *testing.T, opts Options, log string) []string {
	t.Helper()
	if err := os.Remove(log); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), opts)
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("gemini CLI: err %v, exit %d\nstdout: %s\nstderr: %s", err, res.ExitCode, res.Stdout, res.Stderr)
	}
	t.Logf("gemini CLI run: %s", res.Duration.Round(time.Millisecond))
	return slices.Sorted(slices.Values(readLines(t, log)))
}

// hookwarden runs one hookwarden command line in the run's environment.
func hookwarden(t *testing.T, opts Options, args ...string) {
	t.Helper()
	var out, errOut bytes.Buffer
	io := &cli.IO{Agents: all.Registry(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
		Env: settingsio.Env(opts.Environ()), Dir: opts.ProjectDir, GOOS: "linux"}
	if code := cli.Main(context.Background(), args, io); code != 0 {
		t.Fatalf("hookwarden %q: exit %d\nstdout: %s\nstderr: %s", args, code, out.String(), errOut.String())
	}
	t.Logf("hookwarden %q:\n%s", args, out.String())
}

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// checkOnlyListChanged checks that old and new differ only inside the
// hooksConfig.disabled array: the bytes before and after the changed
// region are identical (by construction of the region) and the region
// lies between the array's brackets in both files; comments in the array
// survive.
func checkOnlyListChanged(t *testing.T, old, new []byte) {
	t.Helper()
	pre := 0
	for pre < len(old) && pre < len(new) && old[pre] == new[pre] {
		pre++
	}
	suf := 0
	for suf < len(old)-pre && suf < len(new)-pre && old[len(old)-1-suf] == new[len(new)-1-suf] {
		suf++
	}
	for _, f := range []struct {
		name string
		data []byte
		end  int
	}{{"old", old, len(old) - suf}, {"new", new, len(new) - suf}} {
		open, closing := arraySpan(t, f.data)
		if pre <= open || f.end > closing {
			t.Errorf("the change spans bytes %d..%d of the %s file, outside hooksConfig.disabled (%d..%d):\nold:\n%s\nnew:\n%s",
				pre, f.end, f.name, open, closing, old, new)
		}
	}
	for _, c := range []string{"// Hookwarden live toggle fixture", "/* fired at start */", "// the one to toggle", "// stale entry, kept", "} // end"} {
		if !bytes.Contains(new, []byte(c)) {
			t.Errorf("comment %q is gone", c)
		}
	}
}

// arraySpan returns the offsets of hooksConfig.disabled's '[' and ']' (the
// fixture has no ']' inside the array's strings or comments).
func arraySpan(t *testing.T, data []byte) (open, closing int) {
	t.Helper()
	root, perr := settingsio.ParseJSONC("settings.json", data)
	if perr != nil {
		t.Fatalf("the edited file does not parse: %v", perr)
	}
	list := root.Get("hooksConfig").Get("disabled")
	if !list.Is(settingsio.Array) {
		t.Fatalf("hooksConfig.disabled is missing:\n%s", data)
	}
	open = list.Pos.Offset
	closing = open + bytes.IndexByte(data[open:], ']')
	return open, closing
}
