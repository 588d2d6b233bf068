package codex

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// codexBinary installs (once) and returns the real Codex binary through
// the kit.
func codexBinary(t *testing.T, script string) string {
	t.Helper()
	cache := t.TempDir()
	if c, err := testenv.CacheDir(); err == nil {
		cache = c
	}
	cmd := exec.Command(script, "--install")
	cmd.Env = append(os.Environ(), "npm_config_cache="+filepath.Join(cache, "npm"))
	if os.Getenv("CODEX_LIVE_CACHE") == "" {
		cmd.Env = append(cmd.Env, "CODEX_LIVE_CACHE="+filepath.Join(cache, "codex-live"))
	}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("run-codex.sh --install: %v", err)
	}
	return strings.TrimSpace(string(out))
}

type hooksListResult struct {
	Data []struct {
		Hooks    []hooksListEntry `json:"hooks"`
		Warnings []string         `json:"warnings"`
		Errors   []struct {
			Message string `json:"message"`
		} `json:"errors"`
	} `json:"data"`
}

// hooksList asks the real Codex's app-server for its hook list in cwd.
func hooksList(t *testing.T, script, bin, cwd, home, tmp string) hooksListResult {
	t.Helper()
	cmd := exec.Command("node", filepath.Join(filepath.Dir(script), "hooks-list.cjs"), bin, cwd)
	cmd.Dir = cwd
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "CODEX_HOME=" + filepath.Join(home, ".codex"), "TMPDIR=" + tmp, "LANG=C.UTF-8"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("hooks-list.cjs: %v: %s", err, out)
	}
	var res hooksListResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("hooks/list: %v: %s", err, out)
	}
	return res
}

type hooksListEntry struct {
	Key         string `json:"key"`
	CurrentHash string `json:"currentHash"`
	TrustStatus string `json:"trustStatus"`
	Source      string `json:"source"`
	TimeoutSec  uint64 `json:"timeoutSec"`
}

// TestLiveHooksListDecode puts every decode case into its own .codex
// folder of one nested project (each folder is a layer of its own) plus
// TOML-form cases, asks the real Codex's hooks/list once, and compares the
// hooks it lists (key, hash, trust, timeout) and its warnings with
// Hookwarden's.
func TestLiveHooksListDecode(t *testing.T) {
	script := requireCodexLive(t)
	bin := codexBinary(t, script)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home, repo, tmp := filepath.Join(root, "home"), filepath.Join(root, "repo"), filepath.Join(root, "tmp")
	testenv.WriteFile(t, filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/main\n")
	testenv.WriteFile(t, filepath.Join(home, ".codex", "config.toml"), fmt.Sprintf("[projects.%q]\ntrust_level = \"trusted\"\n", repo))
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := repo
	for i, c := range decodeCases {
		dir = filepath.Join(dir, fmt.Sprintf("c%02d", i))
		testenv.WriteFile(t, filepath.Join(dir, ".codex", "hooks.json"), c.json)
	}
	// The TOML form: both forms in one layer, and [hooks] Codex rejects.
	dir = filepath.Join(dir, "toml-both")
	testenv.WriteFile(t, filepath.Join(dir, ".codex", "hooks.json"), `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"json-stop"}]}]}}`)
	testenv.WriteFile(t, filepath.Join(dir, ".codex", "config.toml"), "[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"toml pre\"\ntimeout = 5\nstatusMessage = \"ü\"\n\n[[hooks.SessionEnd]]\nhooks = [{ type = \"command\", command = \"end\", timeout = 9 }]\n")
	cwd := dir
	if os.Getenv("CODEX_PROBE_KEEP") != "" {
		t.Logf("tree at %s", root)
		t.Cleanup(func() { os.Rename(root, os.Getenv("CODEX_PROBE_KEEP")) })
	}

	res := hooksList(t, script, bin, cwd, home, tmp)
	if len(res.Data) != 1 {
		t.Fatalf("hooks/list: %+v", res)
	}
	vars := map[string]string{"HOME": home, "CODEX_HOME": filepath.Join(home, ".codex")}
	s, err := load(options{Cwd: cwd, Getenv: func(k string) string { return vars[k] }, SystemDir: filepath.Join(root, "etc")}, sessionFlags{})
	if err != nil {
		t.Fatal(err)
	}
	line := func(key, hash, trust, source string, timeout uint64) string {
		return fmt.Sprintf("%s %s %s %s %d", strings.TrimPrefix(key, repo), hash, trust, source, timeout)
	}
	var theirs, ours []string
	for _, h := range res.Data[0].Hooks {
		theirs = append(theirs, line(h.Key, h.CurrentHash, h.TrustStatus, h.Source, h.TimeoutSec))
	}
	for _, h := range s.Handlers {
		if h.Listed && h.Hook.Status != statusInvalidDefinition {
			ours = append(ours, line(h.Key, h.CurrentHash, string(h.Trust), string(h.Source), h.TimeoutSec))
		}
	}
	sort.Strings(theirs)
	sort.Strings(ours)
	if !reflect.DeepEqual(theirs, ours) {
		t.Errorf("hooks differ\ncodex:\n  %s\nhookwarden:\n  %s", strings.Join(theirs, "\n  "), strings.Join(ours, "\n  "))
	}
	// Warnings: the same list; messages after the path are Codex's (serde,
	// Rust regex) and Hookwarden's own, so they are compared up to there.
	cut := func(ws []string) []string {
		var out []string
		for _, w := range ws {
			for _, p := range []string{"failed to parse hooks config ", "failed to parse TOML hooks in ", "invalid matcher "} {
				if strings.HasPrefix(w, p) {
					if i := strings.Index(w, ".json: "); i > 0 {
						w = w[:i+5]
					} else if i := strings.Index(w, ".toml: "); i > 0 {
						w = w[:i+5]
					}
				}
			}
			out = append(out, strings.TrimPrefix(strings.ReplaceAll(w, repo, ""), ""))
		}
		sort.Strings(out)
		return out
	}
	if tw, ow := cut(res.Data[0].Warnings), cut(s.CodexWarnings); !reflect.DeepEqual(tw, ow) {
		t.Errorf("warnings differ\ncodex:\n  %s\nhookwarden:\n  %s", strings.Join(tw, "\n  "), strings.Join(ow, "\n  "))
	}
	t.Logf("%d hooks and %d warnings compared with hooks/list", len(theirs), len(res.Data[0].Warnings))
}

// TestLiveHooksListFatalTOML: a trusted project's [hooks] with a value of
// the wrong type makes Codex refuse the whole configuration (observed);
// an untrusted project's is ignored.
func TestLiveHooksListFatalTOML(t *testing.T) {
	script := requireCodexLive(t)
	bin := codexBinary(t, script)
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	home, project, tmp := filepath.Join(root, "home"), filepath.Join(root, "project"), filepath.Join(root, "tmp")
	testenv.WriteFile(t, filepath.Join(home, ".codex", "hooks.json"), `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"user-stop"}]}]}}`)
	testenv.WriteFile(t, filepath.Join(project, ".codex", "config.toml"), "[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"x\"\ntimeout = \"soon\"\n")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	vars := map[string]string{"HOME": home, "CODEX_HOME": filepath.Join(home, ".codex")}
	for _, trusted := range []bool{true, false} {
		cfg := ""
		if trusted {
			cfg = fmt.Sprintf("[projects.%q]\ntrust_level = \"trusted\"\n", project)
		}
		testenv.WriteFile(t, filepath.Join(home, ".codex", "config.toml"), cfg)
		res := hooksList(t, script, bin, project, home, tmp)
		s, err := load(options{Cwd: project, Getenv: func(k string) string { return vars[k] }, SystemDir: filepath.Join(root, "etc")}, sessionFlags{})
		if err != nil {
			t.Fatal(err)
		}
		codexRefuses := len(res.Data) == 1 && len(res.Data[0].Errors) > 0 && len(res.Data[0].Hooks) == 0
		if codexRefuses != trusted || (s.Fatal != "") != trusted {
			t.Errorf("trusted=%v: Codex refuses %v (%+v), Hookwarden fatal %q", trusted, codexRefuses, res, s.Fatal)
		}
		if !trusted && (len(res.Data) != 1 || len(res.Data[0].Hooks) != 1) {
			t.Errorf("untrusted project: Codex lists %+v, want the user hook", res)
		}
	}
}
