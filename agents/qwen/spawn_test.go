package qwen

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// TestHookSpawnIsBashWithTheTextQwenExpanded: Qwen Code starts a command
// hook as ["bash", "-c", TEXT], TEXT the command after its load-time $VAR
// expansion (observed with qwen-live, see the live test); a hook whose
// text depends on a variable Qwen sets itself or takes from a settings
// "env" or a .env file (observed: a project .env value is in the text
// when Qwen relaunched itself, not with QWEN_CODE_NO_RELAUNCH=true)
// cannot be told before the run, so --enforce must refuse it (ok=false)
// rather than guess. On main Qwen has no HookSpawner.
func TestHookSpawnIsBashWithTheTextQwenExpanded(t *testing.T) {
	cmds := map[string]string{
		"dir":        `\"$QWEN_PROJECT_DIR\"/.qwen/hooks/check.sh`,
		"home":       `bash $HOME/bin/x.sh`,
		"default":    `echo ${NOPE:-dflt}`,
		"own":        `echo $QWEN_CODE_CLI`,
		"own-lower":  `echo ${qwen_code_startup_version}`,
		"session":    `echo $SESSION_ID`,
		"tls":        `echo $NODE_TLS_REJECT_UNAUTHORIZED`,
		"settingenv": `echo $FROM_SETTINGS`,
		"dotenv":     `echo $FROM_DOTENV`,
		"emptyenv":   `echo ${EMPTY}`,
	}
	var hs []string
	for name, c := range cmds {
		hs = append(hs, `{"type": "command", "name": "`+name+`", "command": "`+c+`"}`)
	}
	hs = append(hs, `{"type": "command", "name": "pwsh", "shell": "powershell", "command": "echo hi"}`, `{"type": "http", "name": "http", "url": "http://127.0.0.1:1/x"}`)
	p, root := fixture(t, map[string]string{
		userFile:             `{"env": {"FROM_SETTINGS": "x"}}`,
		"project/.qwen/.env": "FROM_DOTENV=y\nEMPTY=z\n",
		projectFile:          settings("", map[string]string{"PreToolUse": strings.Join(hs, ", ")}),
	}, "EMPTY=")
	sp, ok := any(p).(agents.HookSpawner)
	if !ok {
		t.Fatal("Qwen Code's project is no agents.HookSpawner: exec --enforce cannot tell its hooks")
	}
	home := filepath.Join(root, "home")
	want := map[string]string{ // the text bash gets; "" not enforceable
		"dir":     `"$QWEN_PROJECT_DIR"/.qwen/hooks/check.sh`,
		"home":    `bash ` + home + `/bin/x.sh`,
		"default": `echo ${NOPE:-dflt}`,
	}
	seen := 0
	for _, h := range p.Hooks() {
		name := handlerOf(h).Name
		match, ok := sp.HookSpawn(h)
		text := want[name]
		if ok != (text != "") {
			t.Errorf("%s (%q): ok=%v, want %v", name, h.Command, ok, text != "")
			continue
		}
		seen++
		if !ok {
			continue
		}
		if !match([]string{"bash", "-c", text}) {
			t.Errorf("%s: [bash -c %q] is not the hook's start", name, text)
		}
		if written := handlerOf(h).Written(); written != text && match([]string{"bash", "-c", written}) {
			t.Errorf("%s: the text as written (%q), which Qwen does not run, matches", name, written)
		}
		if match([]string{"bash", "-c", text + "; evil"}) || match([]string{"bash", text}) {
			t.Errorf("%s: another start matches", name)
		}
	}
	if seen != len(cmds)+2 {
		t.Errorf("saw %d of %d hooks", seen, len(cmds)+2)
	}
}
