//go:build linux

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// qwenEnforceInner runs one real Qwen Code session the way the kit's
// run-qwen.sh --inner does (only loopback, the kit's stand-in calling
// write_file, env -i, yolo), but in the test's own project and, with
// $HW_ARGS, under hookwarden exec, so that the approval Hookwarden keeps
// for this very folder applies. Qwen starts as a user starts it (its
// cli-entry.js relaunching itself). The system-defaults file holds the
// kit's quiet defaults (no memory agent, no update check, no usage
// statistics). Stdin is /dev/null; timeout caps a run at 300 s.
const qwenEnforceInner = `set -u
ip link set lo up 2>/dev/null || true
STANDIN_TOOL=write_file STANDIN_ARGS='{"file_path":"/home/user/project/out.txt","content":"hi"}' STANDIN_PROJECT="$PROJECT" \
  node "$KIT/standin.cjs" "$WORK/port" "$WORK/standin.log" 400 &
spid=$!
for _ in $(seq 400); do [ -s "$WORK/port" ] && break; sleep 0.05; done
[ -s "$WORK/port" ] || { echo "stand-in did not start" >&2; kill $spid; exit 3; }
port=$(cat "$WORK/port")
cd "$PROJECT"
hw=""
[ -n "$HW_ARGS" ] && hw="$HW exec $HW_ARGS --"
env -i PATH="$PATH" HOME="$HOME_DIR" TMPDIR="$WORK" TERM=dumb LANG=C.UTF-8 SHELL=/bin/bash USER=user NO_COLOR=1 \
  NO_PROXY=127.0.0.1,localhost OPENAI_BASE_URL="http://127.0.0.1:$port/v1" OPENAI_API_KEY=sk-standin-0000 OPENAI_MODEL=gpt-standin \
  QWEN_CODE_SYSTEM_SETTINGS_PATH="$SYSTEM/settings.json" QWEN_CODE_SYSTEM_DEFAULTS_PATH="$SYSTEM/system-defaults.json" \
  QWEN_CODE_SUPPRESS_YOLO_WARNING=1 HOOKWARDEN_CONFIG_DIR="$STORE" "$SELF_ENV=1" MARK_DIR="$MARK_DIR" \
  GEMINI_CLI_SYSTEM_SETTINGS_PATH="$HOME_DIR/none/settings.json" \
  timeout -k 5 300 $hw node "$QWEN" --auth-type openai --approval-mode yolo --output-format stream-json "write hi to out.txt" </dev/null
rc=$?
kill $spid 2>/dev/null
wait $spid 2>/dev/null
exit $rc
`

// qwenDispatch is branchDispatch for Qwen Code's PreToolUse: the approved
// part (its data file, its marker) runs for every call; the helper starts
// only for a write_file call, the trace's sample being run_shell_command.
var qwenDispatch = strings.Replace(claudeDispatch, `== "Read"`, `== "write_file"`, 1)

// TestQwenLiveEnforceRefusesTheUntakenBranch is the live side of
// TestExecEnforceStartsAnAgentThatRunsApprovedHooksUnprompted with the
// real Qwen Code 0.24.4 (qwen-live kit, offline stand-in), folder trust
// off as by default: the project's PreToolUse hook (its text holds $HOME,
// which Qwen replaces when it loads the file), approved with trust
// --trace, starts helper.sh only for a write_file call. A pull changes
// helper.sh; the stand-in makes the model call write_file. Under
// hookwarden exec --enforce the approved part runs (its marker) and the
// pulled helper is refused (no marker, stderr names it); the control, the
// same Qwen started without Hookwarden, runs the pulled helper.
func TestQwenLiveEnforceRefusesTheUntakenBranch(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("live Qwen Code run (-short)")
	}
	kit, qwen, init, netns := requireQwenLiveEnforce(t)

	p := newTraceProject(t, init)
	if err := os.MkdirAll(p.home, 0o755); err != nil { // Qwen refuses to start without its home
		t.Fatal(err)
	}
	command := "python3 .qwen/hooks/dispatch.py $HOME"
	p.write(t, ".qwen/settings.json", `{"$version": 4, "hooks": {"PreToolUse": [{"matcher": "run_shell_command|write_file", "hooks": [{"type": "command", "name": "dispatch", "command": "`+command+`"}]}]}}`)
	p.write(t, ".qwen/hooks/dispatch.py", qwenDispatch)
	p.write(t, ".qwen/hooks/config.json", `{"name": "approved"}`)
	p.write(t, ".qwen/hooks/helper.sh", "exit 0\n")
	system := filepath.Join(p.root, "system")
	p.write(t, filepath.Join(system, "system-defaults.json"), `{"$version": 4, "memory": {"enableManagedAutoMemory": false, "enableManagedAutoDream": false}, `+
		`"general": {"enableAutoUpdate": false}, "privacy": {"usageStatisticsEnabled": false}}`)
	if code, out := p.run("trust", "--agent", "qwen", "--trace", "--all"); code != ExitOK {
		t.Fatalf("trust --agent qwen --trace --all: exit %d\n%s", code, out)
	}
	// the pull: the handler of the branch the trace did not take
	p.write(t, ".qwen/hooks/helper.sh", `touch "$MARK_DIR/pulled-code-ran"`+"\n")

	run := func(name string, args string) (string, string) {
		return runLiveEnforce(t, p, netns, qwenEnforceInner, name, args, "KIT="+kit, "SYSTEM="+system, "QWEN="+qwen)
	}

	marks, text := run("enforce", "--enforce")
	if exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("the real Qwen Code ran the pulled helper of the untaken branch under exec --enforce")
	}
	if b, err := os.ReadFile(filepath.Join(marks, "ran-approved")); err != nil || string(b) != "ok" {
		t.Fatalf("the approved part of the hook (and its data file) did not run under exec --enforce\n%s", text)
	}
	if !strings.Contains(text, "refused to open") || !strings.Contains(text, "helper.sh") {
		t.Fatalf("exec --enforce did not name the refused helper\n%s", text)
	}

	if err := os.Remove(filepath.Join(p.project, "out.txt")); err != nil && !os.IsNotExist(err) { // the model writes it again
		t.Fatal(err)
	}
	marks, _ = run("control", "")
	if !exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("without Hookwarden the real Qwen Code did not run the pulled helper: the test does not show the gap")
	}
}

// requireQwenLiveEnforce skips a live Qwen Code enforcement test where it
// cannot run (as requireLiveEnforce, and without the kit, node, npm or
// unshare) and returns the kit, the CLI entry Qwen Code is started from
// (installed by the kit's own runner, under the lock the live Qwen tests
// share), the sandbox's init and how to make the network namespace.
func requireQwenLiveEnforce(t *testing.T) (kit, qwen, init string, netns []string) {
	t.Helper()
	kit = filepath.Join(testenv.KitDir(t), "qwen-live")
	if _, err := os.Stat(filepath.Join(kit, "run-qwen.sh")); err != nil {
		testenv.Missing(t, "qwen-live kit not found: %v (set %s)", err, testenv.KitEnvVar)
	}
	for _, prog := range []string{"node", "npm", "unshare"} {
		if _, err := exec.LookPath(prog); err != nil {
			testenv.Missing(t, "%s not found: the live Qwen Code test needs it", prog)
		}
	}
	init, netns = requireLiveEnforce(t)
	cache, err := testenv.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	var entry []byte
	if err := testenv.WithFileLock(filepath.Join(cache, "qwen-live.lock"), func() error {
		var ierr error
		entry, ierr = exec.Command(filepath.Join(kit, "run-qwen.sh"), "--install").Output()
		return ierr
	}); err != nil {
		t.Fatalf("installing Qwen Code through the kit: %v", err)
	}
	return kit, strings.TrimSpace(string(entry)), init, netns
}
