//go:build unix

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/codex"
	"github.com/hookwarden/hookwarden/history"
	"github.com/hookwarden/hookwarden/internal/geminicli"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

// recordEnv is a home, Hookwarden's store and the history for record
// tests, with a wrapper that runs this test binary as hookwarden (the
// agents give hooks a clean environment, so the wrapper sets what the
// observer needs).
type recordEnv struct {
	t                                *testing.T
	root, home, project, store, hist string
	wrapper                          string
}

func newRecordEnv(t *testing.T) *recordEnv {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := &recordEnv{t: t, root: root, home: filepath.Join(root, "home"), project: filepath.Join(root, "project"),
		store: filepath.Join(root, "store"), hist: filepath.Join(root, "history")}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	e.wrapper = filepath.Join(root, "bin", "hookwarden")
	writeFile(t, e.wrapper, "#!/bin/sh\n"+cliSelfEnv+"=1 HOOKWARDEN_HISTORY_DIR='"+e.hist+"' HOOKWARDEN_CONFIG_DIR='"+e.store+"' exec '"+self+"' \"$@\"\n", 0o755)
	return e
}

// useObserveBinary puts cmd/hookwarden-observe (built once: observeBinary),
// behind a wrapper that sets the history folder, next to the hookwarden
// wrapper, where record on finds it.
func (e *recordEnv) useObserveBinary() {
	e.t.Helper()
	bin, out, err := observeBinary()
	if err != nil {
		e.t.Fatalf("building hookwarden-observe: %v\n%s", err, out)
	}
	writeFile(e.t, filepath.Join(filepath.Dir(e.wrapper), agents.ObserveBinary), "#!/bin/sh\nHOOKWARDEN_HISTORY_DIR='"+e.hist+"' exec '"+bin+"' \"$@\"\n", 0o755)
}

// run runs a command line with the wrapper as the hookwarden binary.
func (e *recordEnv) run(stdin string, args ...string) (int, string) {
	var out bytes.Buffer
	cio := &IO{Agents: testAgents(), Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &out, Dir: e.project, GOOS: "linux", Init: e.wrapper,
		Env: []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.store, "HOOKWARDEN_HISTORY_DIR=" + e.hist, "PATH=" + os.Getenv("PATH")}}
	return Main(context.Background(), args, cio), out.String()
}

// historyJSON is `history --json` for agent.
func (e *recordEnv) historyJSON(agent string) []historyEntry {
	e.t.Helper()
	code, out := e.run("", "history", "--agent", agent, "--limit", "0", "--json")
	if code != ExitOK {
		e.t.Fatalf("history: exit %d\n%s", code, out)
	}
	var got []historyEntry
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		e.t.Fatalf("history --json: %v\n%s", err, out)
	}
	return got
}

// keptDir is the temp folder a kit kept (its "kept DIR" line on stderr).
var keptDir = regexp.MustCompile(`kept (\S+)`)

// runKit runs a kit script on the fixture, keeping its temp folder (the
// raw payloads its logging hooks saved), and returns the report and the
// folder.
func (e *recordEnv) runKit(script, lock string, env []string) ([]byte, string) {
	e.t.Helper()
	cache, err := testenv.CacheDir()
	if err != nil {
		e.t.Fatal(err)
	}
	cmd := exec.Command(script, e.project, e.home)
	cmd.Env = append(append(os.Environ(), "BASH_ENV=", "npm_config_cache="+filepath.Join(cache, "npm")), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	var rep []byte
	err = testenv.WithFileLock(filepath.Join(cache, lock), func() error {
		var err error
		rep, err = cmd.Output()
		return err
	})
	m := keptDir.FindStringSubmatch(stderr.String())
	if m != nil {
		e.t.Cleanup(func() { os.RemoveAll(m[1]) })
	}
	if err != nil || m == nil {
		e.t.Fatalf("%s failed (%v): %s", filepath.Base(script), err, stderr.String())
	}
	return rep, m[1]
}

// loggedPayloads are the raw payloads the kit's logging hooks saved, by
// tag.
func loggedPayloads(t *testing.T, dir string) map[string][][]byte {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "log", "*.json"))
	sort.Strings(files)
	out := map[string][][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tag := strings.TrimSuffix(filepath.Base(f), ".json")
		tag = tag[strings.LastIndex(tag, "-")+1:]
		out[tag] = append(out[tag], b)
	}
	return out
}

// TestClaudeLiveRecordReplay is issue 27's acceptance with the real Claude
// Code (conformance kit, offline): with recording on, the run's events land
// in the history with the exact bytes Claude Code sent its hooks; the
// history's plan for the recorded PreToolUse names the hooks that fired and
// why the other did not; run --replay runs the same set; record off puts
// the user's settings back byte for byte.
func TestClaudeLiveRecordReplay(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	e := newRecordEnv(t)
	userSettings := "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"claude-live-log userbash\"}]}\n    ]\n  }\n}\n"
	writeFile(t, filepath.Join(e.home, ".claude", "settings.json"), userSettings, 0o600)
	writeFile(t, filepath.Join(e.project, ".claude", "settings.json"), `{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "claude-live-log projbash"}]},
                 {"matcher": "Write", "hooks": [{"type": "command", "command": "claude-live-log projwrite"}]}],
  "PostToolUse": [{"matcher": "*", "hooks": [{"type": "command", "command": "claude-live-log projpost"}]}]}}
`, 0o644)
	if code, out := e.run("", "record", "--agent", "claude", "on"); code != ExitOK {
		t.Fatalf("record on: exit %d\n%s", code, out)
	}
	env := append(kitCache(t, "CLAUDE_LIVE_CACHE", "claude-live"), "CLAUDE_LIVE_OBSERVE=0", "CLAUDE_LIVE_TIMEOUT=300", "CLAUDE_LIVE_KEEP=1", "CLAUDE_LIVE_RAW=1")
	rep, kept := e.runKit(script, "claude-live-setup.lock", env)
	logged := loggedPayloads(t, kept)
	if len(logged["projbash"]) != 1 || len(logged["projpost"]) != 1 || len(logged["projwrite"]) != 0 {
		t.Fatalf("the fixture's hooks did not fire as expected: %v\n%s", keys(logged), rep)
	}
	recs := e.historyJSON("claude")
	byEvent := map[string][]historyEntry{}
	for _, r := range recs {
		byEvent[r.Event] = append(byEvent[r.Event], r)
	}
	for _, ev := range []string{"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"} {
		if len(byEvent[ev]) == 0 {
			t.Errorf("no %s in the history (got %v)", ev, keys(byEvent))
		}
	}
	for ev, tag := range map[string]string{"PreToolUse": "projbash", "PostToolUse": "projpost"} {
		if len(byEvent[ev]) != 1 {
			t.Fatalf("%d %s records", len(byEvent[ev]), ev)
		}
		if got, want := byEvent[ev][0].PayloadBytes(), logged[tag][0]; !bytes.Equal(got, want) {
			t.Errorf("%s: the history holds\n%s\nClaude Code sent\n%s", ev, got, want)
		}
	}
	pre := byEvent["PreToolUse"][0]
	// the transcript the run left rebuilds the same PreToolUse: every
	// field Claude Code sent but effort, which it does not hold
	checkImported(t, e, "claude", filepath.Join(kept, "home", ".claude", "projects", "*", "*.jsonl"), "PreToolUse", logged["projbash"][0], "effort")
	if pre.Tool != "Bash" || !agents.SameDir(pre.Project, filepath.Join(kept, "project")) {
		t.Errorf("PreToolUse record: tool %q, project %q", pre.Tool, pre.Project)
	}
	ran := map[string]bool{}
	for _, h := range pre.Plan.Ran {
		ran[h.Name] = true
	}
	if !pre.Plan.Observer || len(pre.Plan.Ran) != 2 || !strings.Contains(strings.Join(keys(ran), " "), "projbash") || !strings.Contains(strings.Join(keys(ran), " "), "userbash") {
		t.Errorf("plan of the recorded PreToolUse: %+v", pre.Plan)
	}
	if len(pre.Plan.NotRun) != 1 || !strings.Contains(pre.Plan.NotRun[0].Why, `"Write"`) {
		t.Errorf("why projwrite did not run: %+v", pre.Plan.NotRun)
	}
	// the replay runs what Claude Code ran for the event (the logging
	// command is not on PATH here: it runs and fails, which is enough)
	code, out := e.run("", "run", "--replay", pre.ID, "--yes", "--json")
	if code != ExitOK {
		t.Fatalf("run --replay: exit %d\n%s", code, out)
	}
	for _, want := range []string{"claude-live-log userbash", "claude-live-log projbash"} {
		if !strings.Contains(out, want) {
			t.Errorf("the replay did not run %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "projwrite") || strings.Contains(out, " observe --agent") {
		t.Errorf("the replay ran a hook Claude Code did not run:\n%s", out)
	}
	if n := len(e.historyJSON("claude")); n != len(recs) {
		t.Errorf("the replay recorded itself: %d records, was %d", n, len(recs))
	}
	if code, out := e.run("", "record", "--agent", "claude", "off"); code != ExitOK || !strings.Contains(out, "byte for byte") {
		t.Fatalf("record off: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(filepath.Join(e.home, ".claude", "settings.json")); string(b) != userSettings {
		t.Fatalf("record off did not put the settings back byte for byte:\n%s", b)
	}
}

// kitCache is where a kit finds its installed agent: the variable when
// set, else the kit's own default (~/.cache/hookwarden-NAME, where the
// kits are installed) when it exists, else the test cache.
func kitCache(t *testing.T, envVar, name string) []string {
	if os.Getenv(envVar) != "" {
		return nil
	}
	if home, err := os.UserHomeDir(); err == nil {
		if d := filepath.Join(home, ".cache", "hookwarden-"+name); isDir(d) {
			return []string{envVar + "=" + d}
		}
	}
	cache, err := testenv.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	return []string{envVar + "=" + filepath.Join(cache, name)}
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// checkImported imports the log the glob names for agent and compares the
// rebuilt event with the payload the agent sent (JSON values, every
// field but those named missing); the import's records are removed
// again so that the test goes on with the observer's alone.
func checkImported(t *testing.T, e *recordEnv, agent, glob, event string, sent []byte, missing ...string) {
	t.Helper()
	files, _ := filepath.Glob(glob)
	if len(files) != 1 {
		t.Fatalf("%s: %d logs (%v)", glob, len(files), files)
	}
	before := e.historyJSON(agent)
	code, out := e.run("", "history", "import", "--agent", agent, files[0])
	if code != ExitOK {
		t.Fatalf("history import: exit %d\n%s", code, out)
	}
	var rebuilt *historyEntry
	after := e.historyJSON(agent)
	for i := range after {
		if after[i].Source == "import" && after[i].Event == event {
			rebuilt = &after[i]
		}
	}
	if rebuilt == nil {
		t.Fatalf("no %s rebuilt from %s:\n%s", event, files[0], out)
	}
	var got, want map[string]any
	json.Unmarshal(rebuilt.PayloadBytes(), &got)
	json.Unmarshal(sent, &want)
	for _, k := range missing {
		delete(want, k)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s rebuilt from the log:\n%s\nthe agent sent:\n%s", event, rebuilt.PayloadBytes(), sent)
	}
	// put the history back as the observer left it
	os.RemoveAll(e.hist)
	for _, r := range before {
		r.Plan = recordPlan{}
		e.appendRecord(r.Record)
	}
}

// appendRecord writes r back to the history.
func (e *recordEnv) appendRecord(r history.Record) {
	if err := (history.Store{Dir: e.hist}).Append(r); err != nil {
		e.t.Fatal(err)
	}
}

// keys are m's keys, sorted.
func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// requireCodexLiveKit returns the kit's run-codex.sh, skipping the test
// with -short or without the kit, node, npm or unshare (failing under
// CI=true).
func requireCodexLiveKit(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("live Codex run (-short)")
	}
	script := filepath.Join(testenv.KitDir(t), "codex-live", "run-codex.sh")
	if _, err := os.Stat(script); err != nil {
		testenv.Missing(t, "codex-live kit not found: %v (set HOOKWARDEN_CONFORMANCE_KIT)", err)
	}
	for _, tool := range []string{"node", "npm", "unshare"} {
		if _, err := exec.LookPath(tool); err != nil {
			testenv.Missing(t, "%s not found: the live Codex test needs node, npm and unshare", tool)
		}
	}
	return script
}

// TestCodexLiveRecordReplay is issue 27's acceptance with the real Codex
// CLI (conformance kit, offline): record on writes observers Codex trusts
// and runs; the run's events land in the history with the exact bytes
// Codex sent; the plan of the recorded PreToolUse runs the trusted user
// hook and says why the untrusted project hook does not run, as Codex
// did; run --replay runs the same set; record off puts hooks.json and
// config.toml back byte for byte.
func TestCodexLiveRecordReplay(t *testing.T) {
	t.Parallel()
	script := requireCodexLiveKit(t)
	e := newRecordEnv(t)
	hooksJSON := filepath.Join(e.home, ".codex", "hooks.json")
	configTOML := filepath.Join(e.home, ".codex", "config.toml")
	userHooks := "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"codex-live-log userbash\"}]}\n    ]\n  }\n}\n"
	writeFile(t, hooksJSON, userHooks, 0o600)
	m := "Bash"
	hash := codex.Identity{Event: "PreToolUse", Matcher: &m, Handler: codex.IdentityHandler{Type: "command", Command: "codex-live-log userbash", TimeoutSec: 600}}.Hash()
	userConfig := "# mine\nmodel_reasoning_effort = \"low\"\n\n[hooks.state.\"" + hooksJSON + ":pre_tool_use:0:0\"]\ntrusted_hash = \"" + hash + "\"\n"
	writeFile(t, configTOML, userConfig, 0o600)
	writeFile(t, filepath.Join(e.project, ".codex", "hooks.json"), `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "codex-live-log projbash"}]}]}}`, 0o644)
	if code, out := e.run("", "record", "--agent", "codex", "on"); code != ExitOK {
		t.Fatalf("record on: exit %d\n%s", code, out)
	}
	// the kit copies the home and maps /home/user in config.toml to the
	// copy: the trust keys name the copy's hooks.json
	kitHome := filepath.Join(e.root, "kithome")
	copyDir(t, e.home, kitHome)
	cfg, _ := os.ReadFile(configTOML)
	writeFile(t, filepath.Join(kitHome, ".codex", "config.toml"), strings.ReplaceAll(string(cfg), e.home, "/home/user"), 0o600)
	env := append(kitCache(t, "CODEX_LIVE_CACHE", "codex-live"), "CODEX_LIVE_OBSERVE=0", "CODEX_LIVE_TIMEOUT=300", "CODEX_LIVE_KEEP=1", "CODEX_LIVE_RAW=1", "CODEX_LIVE_HOOKS_LIST=0")
	home := e.home
	e.home = kitHome
	rep, kept := e.runKit(script, "codex-live-setup.lock", env)
	e.home = home
	logged := loggedPayloads(t, kept)
	if len(logged["userbash"]) != 1 || len(logged["projbash"]) != 0 {
		t.Fatalf("the fixture's hooks did not fire as expected: %v\n%s", keys(logged), rep)
	}
	recs := e.historyJSON("codex")
	byEvent := map[string][]historyEntry{}
	for _, r := range recs {
		byEvent[r.Event] = append(byEvent[r.Event], r)
	}
	for _, ev := range []string{"SessionStart", "UserPromptSubmit", "PreModelRequest", "PostModelRequest", "PreToolUse", "PostToolUse", "Stop", "SessionEnd"} {
		if len(byEvent[ev]) == 0 {
			t.Errorf("no %s in the history (got %v)\n%s", ev, keys(byEvent), rep)
		}
	}
	if len(byEvent["PreToolUse"]) != 1 {
		t.Fatalf("%d PreToolUse records", len(byEvent["PreToolUse"]))
	}
	pre := byEvent["PreToolUse"][0]
	if got, want := pre.PayloadBytes(), logged["userbash"][0]; !bytes.Equal(got, want) {
		t.Errorf("PreToolUse: the history holds\n%s\nCodex sent\n%s", got, want)
	}
	// the rollout the run left rebuilds the same PreToolUse, field for field
	checkImported(t, e, "codex", filepath.Join(kept, "home", ".codex", "sessions", "*", "*", "*", "rollout-*.jsonl"), "PreToolUse", logged["userbash"][0])
	if !pre.Plan.Observer || len(pre.Plan.Ran) != 1 || !strings.Contains(pre.Plan.Ran[0].Name, "userbash") {
		t.Errorf("plan of the recorded PreToolUse: %+v", pre.Plan)
	}
	code, out := e.run("", "run", "--replay", pre.ID, "--yes", "--json")
	if code != ExitOK {
		t.Fatalf("run --replay: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, "codex-live-log userbash") || strings.Contains(out, "projbash") || strings.Contains(out, " observe --agent") {
		t.Errorf("the replay did not run what Codex ran (userbash only):\n%s", out)
	}
	if code, out := e.run("", "record", "--agent", "codex", "off"); code != ExitOK {
		t.Fatalf("record off: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(hooksJSON); string(b) != userHooks {
		t.Errorf("record off did not put hooks.json back byte for byte:\n%s", b)
	}
	if b, _ := os.ReadFile(configTOML); string(b) != userConfig {
		t.Errorf("record off did not put config.toml back byte for byte:\n%s", b)
	}
}

// copyDir copies the tree src to dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if fi.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, fi.Mode().Perm())
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestGeminiLiveRecordReplay is issue 27's acceptance with the real Gemini
// CLI 0.61.0 (the kit's install, headless with a fake model that calls
// read_file, as payloads/capture.sh runs it): the run's events land in the
// history with the exact bytes Gemini CLI sent its hooks; the plan of the
// recorded BeforeTool runs the read_file hook and says why the
// write_file one does not; run --replay runs the same set; record off
// puts the user's settings back byte for byte.
func TestGeminiLiveRecordReplay(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("live Gemini CLI run (-short)")
	}
	bundle := geminicli.RequireBundle(t)
	e := newRecordEnv(t)
	e.useObserveBinary() // the dedicated observer binary, as installed next to hookwarden
	userSettings := "{\n  // mine\n  \"security\": {\"auth\": {\"selectedType\": \"gemini-api-key\"}},\n  \"ui\": {\"hideBanner\": true}\n}\n"
	writeFile(t, filepath.Join(e.home, ".gemini", "settings.json"), userSettings, 0o600)
	writeFile(t, filepath.Join(e.home, ".gemini", "trustedFolders.json"), `{"`+e.project+`": "TRUST_FOLDER"}`, 0o600)
	writeFile(t, filepath.Join(e.project, "notes.txt"), "hello world\n", 0o644)
	writeFile(t, filepath.Join(e.project, ".gemini", "settings.json"), `{"hooks": {"BeforeTool": [
  {"matcher": "read_file", "hooks": [{"type": "command", "name": "readlog", "command": "cat > \"$GEMINI_PROJECT_DIR/capture-read.json\""}]},
  {"matcher": "write_file", "hooks": [{"type": "command", "name": "writelog", "command": "cat > \"$GEMINI_PROJECT_DIR/capture-write.json\""}]}]}}`, 0o644)
	if code, out := e.run("", "record", "--agent", "gemini", "on"); code != ExitOK {
		t.Fatalf("record on: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(filepath.Join(e.home, ".gemini", "settings.json")); !strings.Contains(string(b), agents.ObserveBinary+" --agent gemini --event BeforeTool") {
		t.Fatalf("record on did not write the observer binary:\n%s", b)
	}
	route := `{"method":"generateContent","response":{"candidates":[{"content":{"role":"model","parts":[{"text":"{\"complexity_reasoning\":\"simple\",\"complexity_score\":10}"}]},"finishReason":"STOP","index":0}]}}`
	turn := func(parts string) string {
		return `{"method":"generateContentStream","response":[{"candidates":[{"content":{"role":"model","parts":` + parts + `},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":3,"totalTokenCount":8}}]}`
	}
	fake := filepath.Join(e.root, "fake.jsonl")
	writeFile(t, fake, route+"\n"+turn(`[{"functionCall":{"name":"read_file","args":{"file_path":"notes.txt"}}}]`)+"\n"+turn(`[{"text":"The file says hello world."}]`)+"\n", 0o644)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", bundle, "-p", "read notes.txt", "--fake-responses-non-strict", fake, "--approval-mode", "yolo")
	cmd.Dir = e.project
	tmp := filepath.Join(e.root, "tmp")
	os.MkdirAll(tmp, 0o700)
	// GEMINI_CLI_NO_RELAUNCH=true, as the harness runs it
	// (geminicli.Options.Environ): the CLI runs as the child it would
	// relaunch itself into, instead of loading its bundle twice.
	cmd.Env = []string{"HOME=" + e.home, "GEMINI_API_KEY=dummy", "TMPDIR=" + tmp, "PATH=" + os.Getenv("PATH"), "GEMINI_CLI_NO_RELAUNCH=true"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gemini -p: %v\n%s", err, out)
	}
	sent, err := os.ReadFile(filepath.Join(e.project, "capture-read.json"))
	if err != nil {
		t.Fatalf("the read_file hook did not run: %v\n%s", err, out)
	}
	recs := e.historyJSON("gemini")
	byEvent := map[string][]historyEntry{}
	for _, r := range recs {
		byEvent[r.Event] = append(byEvent[r.Event], r)
	}
	for _, ev := range []string{"SessionStart", "BeforeAgent", "BeforeModel", "AfterModel", "BeforeToolSelection", "BeforeTool", "AfterTool", "AfterAgent", "SessionEnd"} {
		if len(byEvent[ev]) == 0 {
			t.Errorf("no %s in the history (got %v)\n%s", ev, keys(byEvent), out)
		}
	}
	if len(byEvent["BeforeTool"]) != 1 {
		t.Fatalf("%d BeforeTool records", len(byEvent["BeforeTool"]))
	}
	pre := byEvent["BeforeTool"][0]
	if got := pre.PayloadBytes(); !bytes.Equal(got, sent) {
		t.Errorf("BeforeTool: the history holds\n%s\nGemini CLI sent\n%s", got, sent)
	}
	if !pre.Plan.Observer || len(pre.Plan.Ran) != 1 || !strings.Contains(pre.Plan.Ran[0].Name, "readlog") {
		t.Errorf("plan of the recorded BeforeTool: %+v", pre.Plan)
	}
	notRun := ""
	for _, h := range pre.Plan.NotRun {
		notRun += h.Name + ": " + h.Why + "\n"
	}
	if !strings.Contains(notRun, "writelog") || !strings.Contains(notRun, `"write_file"`) {
		t.Errorf("why writelog did not run:\n%s", notRun)
	}
	os.Remove(filepath.Join(e.project, "capture-read.json"))
	code, rout := e.run("", "run", "--replay", pre.ID, "--yes")
	if code != ExitOK {
		t.Fatalf("run --replay: exit %d\n%s", code, rout)
	}
	if b, err := os.ReadFile(filepath.Join(e.project, "capture-read.json")); err != nil || !bytes.Equal(b, sent) {
		t.Errorf("the replay did not run the read_file hook with the recorded payload (%v):\n%s\n%s", err, b, rout)
	}
	if _, err := os.Stat(filepath.Join(e.project, "capture-write.json")); err == nil {
		t.Errorf("the replay ran the write_file hook")
	}
	if code, out := e.run("", "record", "--agent", "gemini", "off"); code != ExitOK {
		t.Fatalf("record off: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(filepath.Join(e.home, ".gemini", "settings.json")); string(b) != userSettings {
		t.Fatalf("record off did not put the settings back byte for byte:\n%s", b)
	}
}
