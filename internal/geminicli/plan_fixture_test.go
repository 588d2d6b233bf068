package geminicli

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// The live plan fixture: hooks in all four settings layers and in two
// extensions (one enabled, one disabled for the project by
// extension-enablement.json), with
//   - disabled entries by name, by command, a named hook listed by its
//     command (not disabled), an extension hook disabled by the user list
//     and one by the workspace list;
//   - duplicates across layers and sources (the same name:command, once
//     through $HW_LOG and once with the path spelled out);
//   - tool matchers: exact, regex, alternation, lookahead, "*", " * ", "",
//     anchored, substring, wrong case, invalid regex, no match;
//   - lifecycle matchers: startup, " startup ", "*", resume, Startup,
//     "startup|resume"; a matcher on BeforeAgent (ignored);
//   - a sequential definition on BeforeTool (the whole event runs in order),
//     one on BeforeAgent whose only hook is disabled and one on AfterTool
//     that does not match (both events stay parallel, which a rendezvous
//     between their first and last hooks shows);
//   - load-time expansion: $VAR, ${VAR}, ${VAR:-default} in commands (the
//     duplicates above) and $VAR in hooksConfig.disabled;
//   - things Gemini drops: a hook without type, a definition whose hooks is
//     not an array, an event key in the wrong case, the legacy
//     hooks.disabled key.
//
// Every hook appends its own id to one log file; the id starts with the
// event it is written for: ss. SessionStart, ba. BeforeAgent, bt.
// BeforeTool, at. AfterTool.

// planFixture is the folders and CLI options of one variant.
type planFixture struct {
	root, home, project, sysDir, log string
	// modes is the log of the rendezvous hooks ("<event>:parallel" or
	// "<event>:sequential").
	modes string
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
	// trustKey is the trustedFolders.json key relative to the project
	// ("" for the project itself; "sub" with TRUST_PARENT trusts the
	// project).
	trustKey string
	// trustEnv sets GEMINI_CLI_TRUST_WORKSPACE=true.
	trustEnv bool
	// insecureSystem puts the system files below the temp folder, which
	// Gemini refuses (world-writable /tmp).
	insecureSystem bool
	interactive    bool
	// edit changes the settings files before they are written, keyed by
	// "system-defaults", "user", "workspace", "system".
	edit func(settings map[string]map[string]any)
}

// echoTo is a hook command that appends id to the log through $HW_LOG (an
// environment variable Gemini expands when it loads a settings file).
func echoTo(id string) string { return "echo " + id + " >> $HW_LOG" }

// waitThenEcho is the first hook of a rendezvous on event: it waits for the
// marker that signalThenEcho, the event's last hook, creates. If the marker
// comes, the two hooks ran at the same time (a parallel plan); if not, the
// later hook had not started (a sequential plan). It logs
// "<event>:parallel" or "<event>:sequential" to $HW_MODES, then its id. No
// timing is asserted: a sequential run can never see the marker, and a
// parallel one sees it as soon as the other hook starts. The wait is capped
// at 40 s when the event has a partner (partnered: a loaded machine may
// take seconds to start it, and Gemini's hook timeout is 60 s), and at 1 s
// when it has none (no wait can change the answer then).
func waitThenEcho(event, id string, partnered bool) string {
	mark := "$HW_MARKS/" + event
	tenths := "10"
	if partnered {
		tenths = "400"
	}
	return "i=0; while [ ! -e " + mark + " ] && [ $i -lt " + tenths + " ]; do sleep 0.1; i=$((i+1)); done; " +
		"if [ -e " + mark + " ]; then echo " + event + ":parallel >> $HW_MODES; " +
		"else echo " + event + ":sequential >> $HW_MODES; fi; " + echoTo(id)
}

// signalThenEcho is the last hook of a rendezvous on event (see
// waitThenEcho).
func signalThenEcho(event, id string) string {
	return "touch $HW_MARKS/" + event + "; " + echoTo(id)
}

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
	f.modes = filepath.Join(root, "modes.log")
	marks := filepath.Join(root, "marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
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
			"BeforeAgent":  []any{def(noMatcher, commandHook("", waitThenEcho("BeforeAgent", "ba.sd", false)))},
			"BeforeTool": []any{def("read_file",
				// Slow first: in a parallel run it would not be logged first.
				commandHook("bt-sd", "sleep 0.3; "+echoTo("bt.sd")),
				commandHook("bt-dup", echoTo("bt.dup")))},
			"AfterTool": []any{def("write_file|read_file", commandHook("", waitThenEcho("AfterTool", "at.sd.alternation", true)))},
		},
	}
	user := BaseUserSettings()
	user["hooksConfig"] = map[string]any{"disabled": []any{
		echoTo("at.ws.off-by-command"), // an unnamed hook, by its command
		echoTo("at.user.named"),        // a named hook cannot be disabled by its command
		"ext-at-off",                   // an extension hook, by name
		"$HW_OFF_NAME",                 // expanded at load time too: at-user-env-off
	}}
	user["hooks"] = map[string]any{
		// Legacy key inside hooks: skipped, not read as a disabled list.
		"disabled": []any{"bt-user-regex"},
		// Not an event (names are case-sensitive): skipped.
		"beforeTool": []any{def("read_file", commandHook("", echoTo("bt.user.lowercase-event")))},
		"SessionStart": []any{
			def("resume", commandHook("", echoTo("ss.user.resume"))),
			def(noMatcher, commandHook("ss-user", echoTo("ss.user"))),
			def(" startup ", commandHook("", echoTo("ss.user.padded"))), // trimmed, then compared
			def("Startup", commandHook("", echoTo("ss.user.wrong-case"))),
			def("*", commandHook("", echoTo("ss.user.star"))),
		},
		"BeforeAgent": []any{def(noMatcher,
			commandHook("ba-off-by-name", echoTo("ba.user.off")),
			// $GEMINI_PROJECT_DIR is left to the hook runner.
			commandHook("ba-user", "echo ba.user >> $GEMINI_PROJECT_DIR/.hw-fired.log")),
			// Sequential, but its only hook is disabled (system-defaults list).
			map[string]any{"sequential": true, "hooks": []any{commandHook("ba-off-by-name", echoTo("ba.user.off-seq"))}},
		},
		"BeforeTool": []any{
			def("read_.*", commandHook("bt-user-regex", echoTo("bt.user.regex"))),
			def("write_file", commandHook("", echoTo("bt.user.write"))),
			def("read_file", commandHook("bt-dup", spelledLog)),
			def("read_file", map[string]any{"command": echoTo("bt.user.no-type")}), // invalid: no type
		},
		"AfterTool": []any{
			def("*", commandHook("", echoTo("at.user.star"))),
			def(" * ", commandHook("", echoTo("at.user.star-padded"))),
			def("read_file[", commandHook("", echoTo("at.user.invalid-regex"))), // exact equality then
			def("^(?=read)read_file$", commandHook("", echoTo("at.user.lookahead"))),
			def(noMatcher, commandHook("at-user-named", echoTo("at.user.named"))),
			def(noMatcher, commandHook("at-user-env-off", echoTo("at.user.env-off"))),
		},
	}
	workspace := map[string]any{
		"hooksConfig": map[string]any{"disabled": []any{"bt-off-ws", "ba-ext-off-by-ws"}},
		"hooks": map[string]any{
			"SessionStart": []any{
				def("startup|resume", commandHook("", echoTo("ss.ws.alternation"))),
				def("startup", commandHook("", echoTo("ss.ws"))),
			},
			"BeforeAgent": []any{def("matches-nothing", commandHook("", echoTo("ba.ws.matcher-ignored")))},
			"BeforeTool": []any{
				map[string]any{"matcher": "read_file", "sequential": true,
					"hooks": []any{commandHook("bt-ws-seq", echoTo("bt.ws.seq"))}},
				// ${VAR} expands like $VAR: a duplicate of system-defaults' bt-dup.
				def("read_file", commandHook("bt-dup", "echo bt.dup >> ${HW_LOG}")),
				// hooks is not an array: the definition is dropped.
				map[string]any{"matcher": "read_file", "hooks": commandHook("", echoTo("bt.ws.hooks-not-array"))},
			},
			"AfterTool": []any{
				def(noMatcher, commandHook("", echoTo("at.ws.off-by-command"))),
				def("^read_file$", commandHook("", echoTo("at.ws.anchored"))),
				def("READ_FILE", commandHook("", echoTo("at.ws.wrong-case"))),
				def("read", commandHook("", echoTo("at.ws.substring"))),
				// Sequential, but it does not match read_file.
				map[string]any{"matcher": "write_file", "sequential": true,
					"hooks": []any{commandHook("", echoTo("at.ws.seq-no-match"))}},
			},
		},
	}
	system := map[string]any{
		"hooks": map[string]any{
			"SessionStart": []any{def(noMatcher, commandHook("ss-sys", echoTo("ss.sys")))},
			"BeforeAgent": []any{
				def(noMatcher, commandHook("", echoTo("ba.sys"))),
				def(noMatcher, commandHook("", waitThenEcho("BeforeAgent", "ba.sd", false))), // duplicate of system-defaults
			},
			"BeforeTool": []any{def("",
				commandHook("bt-sys", echoTo("bt.sys")),
				commandHook("bt-off-ws", echoTo("bt.sys.off")),
				// ${VAR:-default} with the variable unset: the default, so
				// again a duplicate of bt-dup.
				commandHook("bt-dup", "echo bt.dup >> ${HW_NOT_SET:-"+f.log+"}"))},
			"AfterTool": []any{def("read_file", commandHook("at-sys", echoTo("at.sys")))},
		},
	}
	// Extension hooks.json: $HW_LOG is left to the shell, ${workspacePath}
	// is hydrated by Gemini.
	extension := map[string]any{"hooks": map[string]any{
		"SessionStart": []any{def("startup", commandHook("ss-ext", echoTo("ss.ext")))},
		"BeforeAgent": []any{def(noMatcher,
			commandHook("ba-ext-off-by-ws", echoTo("ba.ext.off-by-ws")), // only in a trusted folder
			commandHook("ba-ext", "touch $HW_MARKS/BeforeAgent; echo ba.ext >> ${workspacePath}/.hw-fired.log"))},
		"BeforeTool": []any{def("read_file",
			commandHook("bt-ext", echoTo("bt.ext")),
			commandHook("bt-dup", spelledLog))}, // duplicate of the user layer's
		"AfterTool": []any{def(noMatcher,
			commandHook("at-ext", signalThenEcho("AfterTool", "at.ext")),
			commandHook("ext-at-off", echoTo("at.ext.off")))},
	}}
	offExtension := map[string]any{"hooks": map[string]any{
		"SessionStart": []any{def(noMatcher, commandHook("ss-ext-off", echoTo("ss.ext-off")))},
		"BeforeTool":   []any{def(noMatcher, commandHook("bt-ext-off", echoTo("bt.ext-off")))},
	}}

	if v.edit != nil {
		v.edit(map[string]map[string]any{"system-defaults": systemDefaults, "user": user,
			"workspace": workspace, "system": system})
	}
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
		trusted[filepath.Join(f.project, v.trustKey)] = v.trust
	}
	writeJSON(t, filepath.Join(gemini, "trustedFolders.json"), trusted)
	writeFile(t, filepath.Join(f.project, "notes.txt"), "hello world\n")

	const answer = "The notes say hello world."
	fake := filepath.Join(root, "fake.jsonl")
	if err := WriteFakeResponses(fake, ReadFileThenAnswer("notes.txt", answer)); err != nil {
		t.Fatal(err)
	}
	env := []string{"HW_LOG=" + f.log, "HW_MODES=" + f.modes, "HW_MARKS=" + marks, "HW_OFF_NAME=at-user-env-off"}
	if v.trustEnv {
		env = append(env, "GEMINI_CLI_TRUST_WORKSPACE=true")
	}
	f.opts = Options{Bundle: bundle, ProjectDir: f.project, HomeDir: f.home,
		SystemSettings: filepath.Join(f.sysDir, "settings.json"),
		SystemDefaults: filepath.Join(f.sysDir, "system-defaults.json"),
		FakeResponses:  fake, Prompt: "read notes.txt", Interactive: v.interactive, DoneText: answer,
		Env: env, Timeout: DefaultTimeout}
	return f
}

func (f planFixture) String() string {
	return fmt.Sprintf("project %s, home %s, system files in %s (secure: %v)", f.project, f.home, f.sysDir, f.systemSecure)
}

// setIn sets settings[layer].<section>.<key> = value.
func setIn(settings map[string]map[string]any, layer, section, key string, value any) {
	m, ok := settings[layer][section].(map[string]any)
	if !ok {
		m = map[string]any{}
		settings[layer][section] = m
	}
	m[key] = value
}
