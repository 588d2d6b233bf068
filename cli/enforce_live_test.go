//go:build linux

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/sandbox"
)

// claudeEnforceInner runs one real Claude Code session the way the kit's
// run-claude.sh --inner does (only loopback, the kit's stand-in, env -i),
// but in the test's own project and under hookwarden exec ($HW_ARGS), so
// that the approval Hookwarden keeps for this very folder applies. Stdin
// is /dev/null, as in the kit (2.1.332 -p also ended in ~8 s with a pipe
// held open or a terminal as stdin, so stdin did not explain the by-hand
// control run's rc 124); timeout caps a run at 300 s.
const claudeEnforceInner = `set -u
ip link set lo up 2>/dev/null || true
STANDIN_TOOL=Read STANDIN_INPUT='{"file_path":"notes.txt"}' node "$KIT/standin.cjs" "$WORK/port" "$WORK/standin.log" 400 &
spid=$!
for _ in $(seq 400); do [ -s "$WORK/port" ] && break; sleep 0.05; done
[ -s "$WORK/port" ] || { echo "stand-in did not start" >&2; kill $spid; exit 3; }
port=$(cat "$WORK/port")
cd "$PROJECT"
env -i PATH="$PATH" HOME="$HOME_DIR" TMPDIR="$WORK" TERM=dumb LANG=C.UTF-8 SHELL=/bin/bash USER=user \
  ANTHROPIC_BASE_URL="http://127.0.0.1:$port" ANTHROPIC_API_KEY=sk-ant-standin-0000 NO_PROXY=127.0.0.1,localhost \
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1 DISABLE_TELEMETRY=1 DISABLE_AUTOUPDATER=1 DISABLE_ERROR_REPORTING=1 \
  DISABLE_BUG_COMMAND=1 IS_SANDBOX=1 HOOKWARDEN_CONFIG_DIR="$STORE" "$SELF_ENV=1" MARK_DIR="$MARK_DIR" \
  GEMINI_CLI_SYSTEM_SETTINGS_PATH="$HOME_DIR/none/settings.json" \
  timeout -k 5 300 "$HW" exec $HW_ARGS -- "$CLAUDE" -p "read notes.txt" --output-format json \
  --permission-mode bypassPermissions </dev/null
rc=$?
kill $spid 2>/dev/null
wait $spid 2>/dev/null
exit $rc
`

// claudeDispatch is branchDispatch for Claude Code's PreToolUse: the
// approved part (its data file, its marker) runs for every call; the
// helper starts only for a Read call, the trace's sample being Bash.
const claudeDispatch = `import json, os, subprocess, sys
here = os.path.dirname(os.path.abspath(__file__))
config = json.load(open(os.path.join(here, "config.json")))
ev = json.load(sys.stdin)
d = os.environ.get("MARK_DIR")
if d:
    open(os.path.join(d, "ran-" + config["name"]), "w").write("ok")
if ev.get("tool_name") == "Read":
    subprocess.run(["sh", os.path.join(here, "hel" + "per.sh")])
else:
    subprocess.run(["true"])
print("{}")
`

// TestClaudeLiveEnforceRefusesTheUntakenBranch is the live side of
// TestExecEnforceRefusesTheUntakenBranch with the real Claude Code
// (claude-live kit, offline stand-in): the project's PreToolUse hook,
// approved with trust --trace (whose sample payload is a Bash call),
// starts helper.sh only for a Read call. A pull changes helper.sh; the
// stand-in makes the model call Read. Under hookwarden exec --enforce the
// approved part of the hook runs (its marker) and the pulled helper is
// refused (its marker is never written, stderr names hook and file); the
// control, the same run without --enforce, runs the pulled helper.
func TestClaudeLiveEnforceRefusesTheUntakenBranch(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	init, netns := requireLiveEnforce(t)

	p := newTraceProject(t, init)
	command := "python3 .claude/hooks/dispatch.py"
	p.write(t, ".claude/settings.json", `{"hooks": {"PreToolUse": [{"matcher": "bash|Bash|Read", "hooks": [{"type": "command", "command": "`+command+`"}]}]}}`)
	p.write(t, ".claude/hooks/dispatch.py", claudeDispatch)
	p.write(t, ".claude/hooks/config.json", `{"name": "approved"}`)
	p.write(t, ".claude/hooks/helper.sh", "exit 0\n")
	p.write(t, "notes.txt", "notes\n")
	if code, out := p.run("trust", "--agent", "claude", "--trace", "--all"); code != ExitOK {
		t.Fatalf("trust --agent claude --trace --all: exit %d\n%s", code, out)
	}
	// Copilot CLI reads .claude/settings.json too (its tool names are
	// lowercase, hence "bash" in the matcher) and exec reviews for every
	// agent: the project is approved, traced, for it as well.
	if code, out := p.run("trust", "--agent", "copilot", "--trace", "--all"); code != ExitOK {
		t.Fatalf("trust --agent copilot --trace --all: exit %d\n%s", code, out)
	}
	if code, out := p.run("audit", "--strict"); code != ExitOK {
		t.Fatalf("after the traced approval: audit --strict exit %d\n%s", code, out)
	}
	// the pull: the handler of the branch the trace did not take
	p.write(t, ".claude/hooks/helper.sh", `touch "$MARK_DIR/pulled-code-ran"`+"\n")

	claude := claudeLiveBinary(t, script)
	run := func(name string, args string) (string, string) {
		return runLiveEnforce(t, p, netns, claudeEnforceInner, name, args, "KIT="+claudeLiveKit(t), "CLAUDE="+claude)
	}

	marks, text := run("enforce", "--enforce")
	if exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("the real Claude Code ran the pulled helper of the untaken branch under exec --enforce")
	}
	if b, err := os.ReadFile(filepath.Join(marks, "ran-approved")); err != nil || string(b) != "ok" {
		t.Fatalf("the approved part of the hook (and its data file) did not run under exec --enforce\n%s", text)
	}
	if !strings.Contains(text, "refused to open") || !strings.Contains(text, "helper.sh") {
		t.Fatalf("exec --enforce did not name the refused helper\n%s", text)
	}

	marks, _ = run("control", "")
	if !exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("without --enforce the real Claude Code did not run the pulled helper: the test does not show the gap")
	}
}

// claudeLiveBinary is the Claude Code binary the kit installed, which it
// installs first (one plain run of an empty project, under the install
// lock all tests share).
func claudeLiveBinary(t *testing.T, script string) string {
	t.Helper()
	empty := t.TempDir()
	runClaudeLive(t, script, empty, empty)
	cache, err := testenv.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	liveCache := os.Getenv("CLAUDE_LIVE_CACHE")
	if liveCache == "" {
		liveCache = filepath.Join(cache, "claude-live")
	}
	bins, _ := filepath.Glob(filepath.Join(liveCache, "*", "node_modules", "@anthropic-ai", "claude-code-*", "claude"))
	if len(bins) == 0 {
		t.Fatalf("no Claude Code binary under %s after the kit's run", liveCache)
	}
	return bins[len(bins)-1]
}

// requireLiveEnforce skips a live enforcement test where it cannot run
// (no sandbox, no seccomp listener, a program missing, no network
// namespace) and returns the sandbox's init and how to make the network
// namespace.
func requireLiveEnforce(t *testing.T) (init string, netns []string) {
	t.Helper()
	init = sandboxtest.Require(t)
	if why := sandbox.EnforceSupported(); why != "" {
		t.Skip(why)
	}
	for _, prog := range []string{"python3", "bash", "timeout"} {
		if _, err := exec.LookPath(prog); err != nil {
			testenv.Missing(t, "%s not found: the live enforcement test needs it", prog)
		}
	}
	netns = []string{"unshare", "-n"}
	if os.Getuid() != 0 {
		netns = []string{"unshare", "-rn"}
	}
	if err := exec.Command(netns[0], append(netns[1:], "true")...).Run(); err != nil {
		testenv.Missing(t, "cannot make a network namespace (%v)", err)
	}
	return init, netns
}

// runLiveEnforce runs inner (a kit's session, under hookwarden exec
// $HW_ARGS when they are not empty) in its own session and network
// namespace for p, with vars, and returns its marker folder and output.
func runLiveEnforce(t *testing.T, p *traceProject, netns []string, inner, name, args string, vars ...string) (string, string) {
	t.Helper()
	work := filepath.Join(p.root, "work-"+name)
	marks := filepath.Join(p.root, "marks-"+name)
	for _, d := range []string{work, marks} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("setsid", append(netns, "bash", "-c", inner)...)
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "WORK=" + work, "PROJECT=" + p.project, "HOME_DIR=" + p.home, "STORE=" + p.store,
		"SELF_ENV=" + cliSelfEnv, "MARK_DIR=" + marks, "HW=" + os.Args[0], "HW_ARGS=" + args}, vars...)
	out, err := cmd.CombinedOutput()
	t.Logf("%s: exec %s (%v):\n%s", name, args, err, out)
	if err != nil {
		t.Fatalf("the run %s (exec %s) failed: %v", name, args, err)
	}
	return marks, string(out)
}
