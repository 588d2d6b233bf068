package geminicli

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The live plan fixture: hooks in all four settings layers and in two
// extensions (one enabled, one disabled for the project), with disabled
// entries (by name, by command, a named hook listed by its command),
// duplicates across layers (the same name:command, once through $HW_LOG and
// once with the path spelled out), tool matchers (exact, regex, alternation,
// "*", "", anchored, substring, wrong case, one that does not match), lifecycle matchers
// (startup, resume, "startup|resume"), a matcher on BeforeAgent (ignored),
// and one sequential definition on BeforeTool.
//
// Every hook appends its own id to one log file; the id starts with the
// event it is written for: ss. SessionStart, ba. BeforeAgent, bt.
// BeforeTool, at. AfterTool.

// planFixture is the folders and CLI options of one variant.
type planFixture struct {
	root, home, project, sysDir, log string
	// systemSecure: the system files sit where Gemini accepts them.
	systemSecure bool
	opts         Options
}

// fixtureVariant selects how the fixture is trusted and where the system
// files are.
type fixtureVariant struct {
	name string
	// trust is the project's trustedFolders.json level ("" for no entry).
	trust string
	// trustEnv sets GEMINI_CLI_TRUST_WORKSPACE=true.
	trustEnv bool
	// insecureSystem puts the system files below the temp folder, which
	// Gemini refuses (world-writable /tmp).
	insecureSystem bool
	interactive    bool
}

// echoTo is a hook command that appends id to the log through $HW_LOG (an
// environment variable Gemini expands when it loads a settings file).
func echoTo(id string) string { return "echo " + id + " >> $HW_LOG" }

func def(matcher string, hooks ...map[string]any) map[string]any {
	d := map[string]any{"hooks": hooks}
	if matcher != "-" {
		d["matcher"] = matcher
	}
	return d
}

const noMatcher = "-"

func newPlanFixture(t *testing.T, bundle string, v fixtureVariant) planFixture {
	t.Helper()
	root := realTempDir(t)
	f := planFixture{root: root, home: filepath.Join(root, "home"), project: filepath.Join(root, "project")}
	f.log = filepath.Join(f.project, ".hw-fired.log")
	if v.insecureSystem {
		f.sysDir = filepath.Join(root, "etc-gemini-cli")
		if err := os.MkdirAll(f.sysDir, 0o755); err != nil {
			t.Fatal(err)
		}
	} else {
		dir, secure, err := SecureTempDir(filepath.Join(root, "etc-gemini-cli"))
		if err != nil {
			t.Fatal(err)
		}
		if secure {
			t.Cleanup(func() { os.RemoveAll(dir) })
		}
		f.sysDir, f.systemSecure = dir, secure
	}
	spelledLog := "echo bt.dup >> " + f.log // the same command as echoTo("bt.dup") after expansion

	systemDefaults := map[string]any{
		"hooksConfig": map[string]any{"disabled": []any{"ba-off-by-name"}},
		"hooks": map[string]any{
			"SessionStart": []any{def("startup", commandHook("ss-sd", echoTo("ss.sd")))},
			"BeforeAgent":  []any{def(noMatcher, commandHook("", echoTo("ba.sd")))},
			"BeforeTool": []any{def("read_file",
				// Slow first: in a parallel run it would not be logged first.
				commandHook("bt-sd", "sleep 0.3; "+echoTo("bt.sd")),
				commandHook("bt-dup", echoTo("bt.dup")))},
			"AfterTool": []any{def("write_file|read_file", commandHook("", echoTo("at.sd.alternation")))},
		},
	}
	user := BaseUserSettings()
	user["hooksConfig"] = map[string]any{"disabled": []any{
		echoTo("at.ws.off-by-command"), // an unnamed hook, by its command
		echoTo("at.user.named"),        // a named hook cannot be disabled by its command
		"ext-at-off",                   // an extension hook, by name
	}}
	user["hooks"] = map[string]any{
		"SessionStart": []any{
			def("resume", commandHook("", echoTo("ss.user.resume"))),
			def(noMatcher, commandHook("ss-user", echoTo("ss.user"))),
		},
		"BeforeAgent": []any{def(noMatcher,
			commandHook("ba-off-by-name", echoTo("ba.user.off")),
			// $GEMINI_PROJECT_DIR is left to the hook runner.
			commandHook("ba-user", "echo ba.user >> $GEMINI_PROJECT_DIR/.hw-fired.log"))},
		"BeforeTool": []any{
			def("read_.*", commandHook("bt-user-regex", echoTo("bt.user.regex"))),
			def("write_file", commandHook("", echoTo("bt.user.write"))),
			def("read_file", commandHook("bt-dup", spelledLog)),
		},
		"AfterTool": []any{
			def("*", commandHook("", echoTo("at.user.star"))),
			def(noMatcher, commandHook("at-user-named", echoTo("at.user.named"))),
		},
	}
	workspace := map[string]any{
		"hooksConfig": map[string]any{"disabled": []any{"bt-off-ws"}},
		"hooks": map[string]any{
			"SessionStart": []any{
				def("startup|resume", commandHook("", echoTo("ss.ws.alternation"))),
				def("startup", commandHook("", echoTo("ss.ws"))),
			},
			"BeforeAgent": []any{def("matches-nothing", commandHook("", echoTo("ba.ws.matcher-ignored")))},
			"BeforeTool": []any{map[string]any{"matcher": "read_file", "sequential": true,
				"hooks": []any{commandHook("bt-ws-seq", echoTo("bt.ws.seq"))}}},
			"AfterTool": []any{
				def(noMatcher, commandHook("", echoTo("at.ws.off-by-command"))),
				def("^read_file$", commandHook("", echoTo("at.ws.anchored"))),
				def("READ_FILE", commandHook("", echoTo("at.ws.wrong-case"))),
				def("read", commandHook("", echoTo("at.ws.substring"))),
			},
		},
	}
	system := map[string]any{
		"hooks": map[string]any{
			"SessionStart": []any{def(noMatcher, commandHook("ss-sys", echoTo("ss.sys")))},
			"BeforeAgent": []any{
				def(noMatcher, commandHook("", echoTo("ba.sys"))),
				def(noMatcher, commandHook("", echoTo("ba.sd"))), // duplicate of system-defaults
			},
			"BeforeTool": []any{def("",
				commandHook("bt-sys", echoTo("bt.sys")),
				commandHook("bt-off-ws", echoTo("bt.sys.off")))},
			"AfterTool": []any{def("read_file", commandHook("at-sys", echoTo("at.sys")))},
		},
	}
	// Extension hooks.json: $HW_LOG is left to the shell, ${workspacePath}
	// is hydrated by Gemini.
	extension := map[string]any{"hooks": map[string]any{
		"SessionStart": []any{def("startup", commandHook("ss-ext", echoTo("ss.ext")))},
		"BeforeAgent":  []any{def(noMatcher, commandHook("ba-ext", "echo ba.ext >> ${workspacePath}/.hw-fired.log"))},
		"BeforeTool": []any{def("read_file",
			commandHook("bt-ext", echoTo("bt.ext")),
			commandHook("bt-dup", spelledLog))}, // duplicate of the user layer's
		"AfterTool": []any{def(noMatcher,
			commandHook("at-ext", echoTo("at.ext")),
			commandHook("ext-at-off", echoTo("at.ext.off")))},
	}}
	offExtension := map[string]any{"hooks": map[string]any{
		"SessionStart": []any{def(noMatcher, commandHook("ss-ext-off", echoTo("ss.ext-off")))},
		"BeforeTool":   []any{def(noMatcher, commandHook("bt-ext-off", echoTo("bt.ext-off")))},
	}}

	gemini := filepath.Join(f.home, ".gemini")
	writeJSON(t, filepath.Join(f.sysDir, "system-defaults.json"), systemDefaults)
	writeJSON(t, filepath.Join(f.sysDir, "settings.json"), system)
	writeJSON(t, filepath.Join(gemini, "settings.json"), user)
	writeJSON(t, filepath.Join(f.project, ".gemini", "settings.json"), workspace)
	extDir := filepath.Join(gemini, "extensions")
	writeJSON(t, filepath.Join(extDir, "hw-ext", "gemini-extension.json"), map[string]any{"name": "hw-ext", "version": "1.0.0"})
	writeJSON(t, filepath.Join(extDir, "hw-ext", "hooks", "hooks.json"), extension)
	writeJSON(t, filepath.Join(extDir, "hw-ext-off", "gemini-extension.json"), map[string]any{"name": "hw-ext-off", "version": "1.0.0"})
	writeJSON(t, filepath.Join(extDir, "hw-ext-off", "hooks", "hooks.json"), offExtension)
	writeJSON(t, filepath.Join(extDir, "extension-enablement.json"), map[string]any{
		"hw-ext":     map[string]any{"overrides": []any{"/*"}},
		"hw-ext-off": map[string]any{"overrides": []any{"!" + f.project + "/*"}},
	})
	trusted := map[string]string{}
	if v.trust != "" {
		trusted[f.project] = v.trust
	}
	writeJSON(t, filepath.Join(gemini, "trustedFolders.json"), trusted)
	writeFile(t, filepath.Join(f.project, "notes.txt"), "hello world\n")

	const answer = "The notes say hello world."
	fake := filepath.Join(root, "fake.jsonl")
	if err := WriteFakeResponses(fake, ReadFileThenAnswer("notes.txt", answer)); err != nil {
		t.Fatal(err)
	}
	env := []string{"HW_LOG=" + f.log}
	if v.trustEnv {
		env = append(env, "GEMINI_CLI_TRUST_WORKSPACE=true")
	}
	f.opts = Options{Bundle: bundle, ProjectDir: f.project, HomeDir: f.home,
		SystemSettings: filepath.Join(f.sysDir, "settings.json"),
		SystemDefaults: filepath.Join(f.sysDir, "system-defaults.json"),
		FakeResponses:  fake, Prompt: "read notes.txt", Interactive: v.interactive, DoneText: answer,
		Env: env, Timeout: 45 * time.Second}
	return f
}

func (f planFixture) String() string {
	return fmt.Sprintf("project %s, home %s, system files in %s (secure: %v)", f.project, f.home, f.sysDir, f.systemSecure)
}
