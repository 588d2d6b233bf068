package qwen

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestQwenLeavesItsSessionAndTokenVariablesInTheText: Qwen Code 0.24.4
// expands $VAR and ${VAR} in settings strings at load, but never
// SESSION_ID, QWEN_CODE_SESSION_ID or its internal secrets
// (QWEN_SERVER_TOKEN, QWEN_DAEMON_TOKEN, QWEN_CODE_EXTERNAL_TOOL_GUARD_TOKEN,
// QWEN_CODE_PRIVATE_ACP_CAPABILITY), in any letter case
// (resolveEnvVarsInString, packages/core/src/utils/envVarResolver.ts:
// "return match"). What list and audit show, and what the dry run runs,
// is the text bash gets, so those references must stay as written even
// when Hookwarden's environment sets them; $HOME is still expanded. On
// main the shown text holds the values (a token among them).
func TestQwenLeavesItsSessionAndTokenVariablesInTheText(t *testing.T) {
	kept := `echo $SESSION_ID ${QWEN_CODE_SESSION_ID} $QWEN_SERVER_TOKEN ${qwen_daemon_token} $QWEN_CODE_EXTERNAL_TOOL_GUARD_TOKEN $Qwen_Code_Private_Acp_Capability $session_id`
	p, root := fixture(t, map[string]string{
		projectFile: settings("", map[string]string{"PreToolUse": `{"type": "command", "name": "kept", "command": "` + kept + ` $HOME", "env": {"T": "${QWEN_SERVER_TOKEN}"}}`}),
	}, "SESSION_ID=sess-1", "QWEN_CODE_SESSION_ID=sess-2", "QWEN_SERVER_TOKEN=tok-3", "qwen_daemon_token=tok-4", "QWEN_DAEMON_TOKEN=tok-4b",
		"QWEN_CODE_EXTERNAL_TOOL_GUARD_TOKEN=tok-5", "Qwen_Code_Private_Acp_Capability=tok-6", "QWEN_CODE_PRIVATE_ACP_CAPABILITY=tok-6b", "session_id=sess-7")
	hs := p.Hooks()
	if len(hs) != 1 {
		t.Fatalf("%d hooks, want 1", len(hs))
	}
	h := hs[0]
	if want := kept + " " + filepath.Join(root, "home"); h.Command != want {
		t.Errorf("shown text %q,\nwant %q (Qwen Code leaves these variables for bash)", h.Command, want)
	}
	if strings.Contains(h.Command, "tok-") || strings.Contains(h.Command, "sess-") {
		t.Errorf("a value Qwen Code never puts into the text is shown: %q", h.Command)
	}
	if h.Env["T"] != "${QWEN_SERVER_TOKEN}" {
		t.Errorf("entry env T = %q, want it as written", h.Env["T"])
	}
}

// TestQwenHooksDoNotInheritItsInternalTokens: Qwen Code 0.24.4 starts a
// hook with its environment minus its internal secrets (QWEN_SERVER_TOKEN,
// QWEN_DAEMON_TOKEN, QWEN_CODE_EXTERNAL_TOOL_GUARD_TOKEN,
// QWEN_CODE_PRIVATE_ACP_CAPABILITY, any letter case: sanitizeChildEnv in
// the hook runner), then the entry's own env. The dry run gives a hook
// the same: on main it handed a (possibly untrusted) hook those tokens.
func TestQwenHooksDoNotInheritItsInternalTokens(t *testing.T) {
	p, _ := fixture(t, map[string]string{
		projectFile: settings("", map[string]string{"PreToolUse": `{"type": "command", "command": "env", "env": {"QWEN_DAEMON_TOKEN": "its-own"}}`}),
	}, "QWEN_SERVER_TOKEN=tok-1", "qwen_daemon_token=tok-2", "QWEN_CODE_EXTERNAL_TOOL_GUARD_TOKEN=tok-3", "Qwen_Code_Private_Acp_Capability=tok-4")
	env := p.hookEnv(p.Hooks()[0], true)
	for _, k := range []string{"QWEN_SERVER_TOKEN", "qwen_daemon_token", "QWEN_CODE_EXTERNAL_TOOL_GUARD_TOKEN", "Qwen_Code_Private_Acp_Capability"} {
		if v, ok := env.Lookup(k); ok {
			t.Errorf("the hook inherits %s=%s, which Qwen Code withholds", k, v)
		}
	}
	if env.Get("QWEN_DAEMON_TOKEN") != "its-own" || env.Get("OPENAI_API_KEY") != "sk-test" {
		t.Errorf("the entry's env or Qwen's own variables are lost: %q", env)
	}
}
