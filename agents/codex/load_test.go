package codex

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

func fileOf(s *project, path string) *file {
	for _, f := range s.Files {
		if f.Path == path {
			return f
		}
	}
	return nil
}

func listed(s *project) []string {
	var out []string
	for _, h := range s.Handlers {
		if h.Listed {
			out = append(out, strings.TrimPrefix(h.Key, s.Paths.UserHooksJSON+":"))
		}
	}
	return out
}

const decodeCmd = `{"type":"command","command":"a"}`

// decodeCases are hooks.json files with the state Codex gives them and the
// handlers it lists (TestLiveHooksListDecode checks them against hooks/list).
var decodeCases = []struct {
	name, json string
	state      fileState
	listed     string
}{
	{"comment", `{"hooks":{"PreToolUse":[{"hooks":[` + decodeCmd + `]}]}} // c`, fileParseError, ""},
	{"trailing comma", `{"hooks":{"PreToolUse":[{"hooks":[` + decodeCmd + `,]}]}}`, fileParseError, ""},
	{"byte order mark", "\ufeff" + `{"hooks":{}}`, fileParseError, ""},
	{"empty file", ``, fileParseError, ""},
	{"duplicate event", `{"hooks":{"PreToolUse":[],"PreToolUse":[{"hooks":[` + decodeCmd + `]}]}}`, fileInvalid, ""},
	{"duplicate field", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"a","command":"b"}]}]}}`, fileInvalid, ""},
	{"alias duplicate", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"a","commandWindows":"b","command_windows":"c"}]}]}}`, fileInvalid, ""},
	{"unknown top-level field", `{"hooks":{},"x":1}`, fileInvalid, ""},
	{"http handler", `{"hooks":{"PreToolUse":[{"hooks":[` + decodeCmd + `,{"type":"http","url":"u"}]}]}}`, fileInvalid, ""},
	{"missing type", `{"hooks":{"PreToolUse":[{"hooks":[{"command":"a"}]}]}}`, fileInvalid, ""},
	{"missing command", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command"}]}]}}`, fileInvalid, ""},
	{"fractional timeout", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"a","timeout":1.5}]}]}}`, fileInvalid, ""},
	{"exponent timeout", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"a","timeout":1e3}]}]}}`, fileInvalid, ""},
	{"negative timeout", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"a","timeout":-1}]}]}}`, fileInvalid, ""},
	{"async null", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"a","async":null}]}]}}`, fileInvalid, ""},
	{"async string", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"a","async":"yes"}]}]}}`, fileInvalid, ""},
	{"matcher number", `{"hooks":{"PreToolUse":[{"matcher":1,"hooks":[]}]}}`, fileInvalid, ""},
	{"event not a list", `{"hooks":{"PreToolUse":{"hooks":[]}}}`, fileInvalid, ""},
	{"event null", `{"hooks":{"PreToolUse":null}}`, fileInvalid, ""},
	{"hooks null", `{"hooks":null}`, fileInvalid, ""},
	{"array with a value", `[1]`, fileInvalid, ""},
	{"empty array", `[]`, fileOK, ""},
	{"empty object", `{}`, fileOK, ""},
	{"group without hooks", `{"hooks":{"PreToolUse":[{"matcher":"x"}]}}`, fileOK, ""},
	{"unknown events ignored", `{"hooks":{"Notification":[{"hooks":[` + decodeCmd + `]}],"pre_tool_use":[]}}`, fileOK, ""},
	{"nulls and unknown fields", `{"description":"d","hooks":{"PreToolUse":[{"matcher":null,"hooks":[{"type":"command","command":"a","timeout":null,"statusMessage":null,"timeoutSec":7}]},{"hooks":[]},{"matcher":"x","bogus":2,"hooks":[{"type":"command","command":"b","timeout":99999999999}]}]}}`,
		fileOK, "pre_tool_use:0:0 pre_tool_use:2:0"},
	{"skipped handlers keep indices", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"a","timeout":0},{"type":"command","command":"  "},{"type":"prompt","prompt":"x"},{"type":"agent"},{"type":"mcp_tool","server":"s","tool":"t"},{"type":"command","command":"z","bogus":1}]}]}}`,
		fileOK, "pre_tool_use:0:0 pre_tool_use:0:4 pre_tool_use:0:5"},
}

// TestDecodeHooksJSONAsCodex: every case was also run through hooks/list of
// the real Codex 0.171.0.
func TestDecodeHooksJSONAsCodex(t *testing.T) {
	for _, c := range decodeCases {
		t.Run(c.name, func(t *testing.T) {
			s := loadUserHooks(t, c.json)
			f := fileOf(s, s.Paths.UserHooksJSON)
			if f.State != c.state {
				t.Fatalf("state %s (%v), want %s", f.State, f.Err, c.state)
			}
			if c.state != fileOK {
				if f.Err == nil || f.Err.Line == 0 || f.Err.Column == 0 {
					t.Errorf("error without a place: %+v", f.Err)
				}
				if f.State.Clean() || len(s.unreadableFiles()) == 0 {
					t.Error("a file Codex cannot use reads as clean")
				}
				if len(s.CodexWarnings) != 1 || !strings.HasPrefix(s.CodexWarnings[0], "failed to parse hooks config "+f.Path+": ") {
					t.Errorf("Codex warnings %q", s.CodexWarnings)
				}
				for _, h := range s.Handlers {
					if h.Runs || h.Hook.Status != hooks.StatusInvalid {
						t.Errorf("%s from a rejected file: status %s runs %v", h.Key, h.Hook.Status, h.Runs)
					}
				}
			}
			if got := strings.Join(listed(s), " "); c.state == fileOK && got != c.listed {
				t.Errorf("listed %q, want %q", got, c.listed)
			}
		})
	}
}

func TestSkippedHandlersWarnAsCodex(t *testing.T) {
	s := loadUserHooks(t, `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"a","timeout":0},{"type":"command","command":"  "},{"type":"prompt","prompt":"x"},{"type":"agent"}]}],
	"SessionEnd":[{"matcher":"[","hooks":[{"type":"command","command":"a","timeout":10}]},{"matcher":"x","hooks":[{"type":"command","command":"b","timeout":10}]}],
	"Interrupt":[{"matcher":"[","hooks":[{"type":"command","command":"c","timeout":0}]}]}}`)
	p := s.Paths.UserHooksJSON
	// Observed texts (the regex error's words are Go's, not Rust's).
	want := []string{
		"skipping empty hook command in " + p,
		"skipping prompt hook in " + p + ": prompt hooks are not supported yet",
		"skipping agent hook in " + p + ": agent hooks are not supported yet",
		`invalid matcher "[" in ` + p + ": ",
		"clamping SessionEnd hook timeout to 3s in " + p,
	}
	if len(s.CodexWarnings) != len(want) {
		t.Fatalf("warnings %q", s.CodexWarnings)
	}
	for i, w := range want {
		if !strings.HasPrefix(s.CodexWarnings[i], w) {
			t.Errorf("warning %d = %q, want %q…", i, s.CodexWarnings[i], w)
		}
	}
	if got := strings.Join(listed(s), " "); got != "pre_tool_use:0:0 session_end:1:0 interrupt:0:0" {
		t.Errorf("listed %s", got)
	}
	for _, h := range s.Handlers {
		switch h.Key {
		case p + ":pre_tool_use:0:0", p + ":interrupt:0:0":
			if h.TimeoutSec != 1 {
				t.Errorf("%s timeout %d, want 1", h.Key, h.TimeoutSec)
			}
		case p + ":session_end:1:0":
			if h.TimeoutSec != 3 {
				t.Errorf("%s timeout %d, want 3", h.Key, h.TimeoutSec)
			}
		}
		if h.Key == p+":interrupt:0:0" && h.Matcher != nil {
			t.Error("Interrupt kept its matcher")
		}
	}
}

func TestProjectLayersNestedAndTrust(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	repo := filepath.Join(root, "repo")
	hj := func(tag string) string {
		return `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo ` + tag + `"}]}]}}`
	}
	testenv.WriteFile(t, filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/main\n")
	testenv.WriteFile(t, filepath.Join(repo, ".codex", "hooks.json"), hj("root"))
	testenv.WriteFile(t, filepath.Join(repo, "sub", ".codex", "hooks.json"), hj("sub"))
	if err := os.MkdirAll(filepath.Join(repo, "sub", "deep"), 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(home, ".codex", "config.toml")
	runsOf := func(s *project) []string {
		var out []string
		for _, h := range s.Handlers {
			if h.Hook.Status != statusProjectUntrusted {
				out = append(out, h.Hook.Command)
			}
		}
		return out
	}
	cases := []struct{ name, toml, want string }{
		// Observed with hooks/list: both layers, root first.
		{"root trusted", `[projects."` + repo + `"]` + "\ntrust_level = \"trusted\"\n", "echo root,echo sub"},
		// Observed: the folder's own entry decides before the root's.
		{"sub untrusted", `[projects."` + repo + `"]` + "\ntrust_level = \"trusted\"\n" + `[projects."` + filepath.Join(repo, "sub") + `"]` + "\ntrust_level = \"untrusted\"\n", "echo root"},
		{"only sub trusted", `[projects."` + filepath.Join(repo, "sub") + `"]` + "\ntrust_level = \"trusted\"\n", "echo sub"},
		{"nothing trusted", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			testenv.WriteFile(t, cfg, c.toml)
			s := loadIn(t, home, filepath.Join(repo, "sub", "deep"), sessionFlags{})
			if got := strings.Join(runsOf(s), ","); got != c.want {
				t.Errorf("loaded %q, want %q", got, c.want)
			}
			if len(s.Projects) != 2 {
				t.Errorf("project layers %+v", s.Projects)
			}
			for _, h := range s.Handlers {
				if h.Hook.Status == statusProjectUntrusted && (len(h.Hook.Diagnostics) == 0 || h.Runs) {
					t.Errorf("%s: skipped silently by Codex without a diagnostic", h.Key)
				}
			}
		})
	}
	// Observed: an empty .git folder is no project root, so from deep the
	// project is deep itself, which has no .codex.
	if err := os.Remove(filepath.Join(repo, ".git", "HEAD")); err != nil {
		t.Fatal(err)
	}
	testenv.WriteFile(t, cfg, `[projects."`+repo+`"]`+"\ntrust_level = \"trusted\"\n")
	s := loadIn(t, home, filepath.Join(repo, "sub", "deep"), sessionFlags{})
	if len(s.Projects) != 0 || len(s.Handlers) != 0 {
		t.Errorf("empty .git made a project root: %+v", s.Projects)
	}
}

func TestTOMLFormTrustAndSwitch(t *testing.T) {
	home := t.TempDir()
	project := t.TempDir()
	hooksJSON := filepath.Join(home, ".codex", "hooks.json")
	testenv.WriteFile(t, hooksJSON, `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"codex-live-log user-trusted"}]}],
	"Stop":[{"hooks":[{"type":"command","command":"stop"}]}]}}`)
	cfg := filepath.Join(home, ".codex", "config.toml")
	testenv.WriteFile(t, cfg, `# comment
[[hooks.SessionStart]]
matcher = "startup"
[[hooks.SessionStart.hooks]]
type = "command"
command = "toml-start"
timeout = 5

[hooks.state."`+hooksJSON+`:pre_tool_use:0:0"]
trusted_hash = "sha256:f3a2fa563560b779098be28212a3db22391b37975639db3ff5241f6c164d5b5a"

[hooks.state."`+hooksJSON+`:stop:0:0"]
trusted_hash = "sha256:0000"
enabled = false

[projects."`+project+`"]
trust_level = "trusted"
`)
	// A project that tries to trust its own hook: ignored (observed).
	pj := filepath.Join(project, ".codex", "hooks.json")
	testenv.WriteFile(t, pj, `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"evil"}]}]}}`)
	testenv.WriteFile(t, filepath.Join(project, ".codex", "config.toml"), `[hooks.state."`+pj+`:pre_tool_use:0:0"]
trusted_hash = "sha256:a4cc0cd4c4f0b8e0b27f3b8e8c67ba8a28d24fbbd7a93e8a7fd32c1bbeea49c2"
`)
	s := loadIn(t, home, project, sessionFlags{})
	if w := "loading hooks from both " + hooksJSON + " and " + cfg + "; prefer a single representation for this layer"; len(s.CodexWarnings) != 1 || s.CodexWarnings[0] != w {
		t.Errorf("warnings %q, want %q", s.CodexWarnings, w)
	}
	byKey := map[string]*handler{}
	for _, h := range s.Handlers {
		byKey[h.Key] = h
	}
	checks := []struct {
		key    string
		trust  trustStatus
		status hooks.Status
	}{
		{hooksJSON + ":pre_tool_use:0:0", trusted, hooks.StatusRuns},
		{hooksJSON + ":stop:0:0", modified, hooks.StatusDisabled},
		{cfg + ":session_start:0:0", untrusted, statusUntrusted},
		{pj + ":pre_tool_use:0:0", untrusted, statusUntrusted},
	}
	for _, c := range checks {
		h := byKey[c.key]
		if h == nil {
			t.Errorf("no %s among %v", c.key, keysOf(s))
			continue
		}
		if h.Trust != c.trust || h.Hook.Status != c.status {
			t.Errorf("%s: %s/%s, want %s/%s", c.key, h.Trust, h.Hook.Status, c.trust, c.status)
		}
		if c.status != hooks.StatusRuns && len(h.Hook.Diagnostics) == 0 {
			t.Errorf("%s: Codex skips it silently, Hookwarden says nothing", c.key)
		}
	}
	ts := byKey[cfg+":session_start:0:0"]
	if ts.Hook.Origin.Line != 4 || ts.TimeoutSec != 5 || ts.Matcher == nil || *ts.Matcher != "startup" {
		t.Errorf("TOML hook %+v origin %+v", ts, ts.Hook.Origin)
	}
}

func TestFilesThatCannotBeReadAreNotClean(t *testing.T) {
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".codex", "hooks.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	testenv.WriteFile(t, filepath.Join(home, ".codex", "config.toml"), "[hooks\n")
	s := loadIn(t, home, t.TempDir(), sessionFlags{})
	bad := s.unreadableFiles()
	if len(bad) != 2 {
		t.Fatalf("unreadable %d: %+v", len(bad), bad)
	}
	if bad[0].State != fileUnreadable || bad[1].State != fileParseError || bad[1].Err.Line != 1 {
		t.Errorf("states %s %s %+v", bad[0].State, bad[1].State, bad[1].Err)
	}
	fatal := false
	for _, d := range s.diags {
		fatal = fatal || d.Severity == hooks.SeverityFatal
	}
	if !fatal {
		t.Errorf("a user config.toml Codex cannot parse is not fatal: %+v", s.diags)
	}
	s = loadUserHooks(t, "{\"hooks\":{\"PreToolUse\":[{\"hooks\":[{\"type\":\"command\",\"command\":\"\xff\"}]}]}}")
	if f := fileOf(s, s.Paths.UserHooksJSON); f.State != fileUnreadable || f.Err.Line != 1 {
		t.Errorf("invalid UTF-8: %s %+v", f.State, f.Err)
	}
}

func TestUnknownEventsAndDuplicates(t *testing.T) {
	home := t.TempDir()
	project := t.TempDir()
	testenv.WriteFile(t, filepath.Join(home, ".codex", "hooks.json"), `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"same"}]}],"pre_tool_use":[],"Notification":[]}}`)
	testenv.WriteFile(t, filepath.Join(project, ".codex", "hooks.json"), `{"hooks":{"PreToolUse":[{"matcher":"^Ba\\w+$","hooks":[{"type":"command","command":"same"}]}]}}`)
	s := loadIn(t, home, project, sessionFlags{Projects: map[string]string{project: "trusted"}})
	var msgs []string
	for _, d := range s.diags {
		msgs = append(msgs, d.Message)
	}
	all := strings.Join(msgs, "\n")
	if !strings.Contains(all, `"pre_tool_use" is not a Codex hook event`) || !strings.Contains(all, `did you mean "PreToolUse"`) || !strings.Contains(all, `"Notification" is not`) {
		t.Errorf("unknown events: %s", all)
	}
	for _, h := range s.Handlers {
		var text []string
		for _, d := range h.Hook.Diagnostics {
			text = append(text, d.Message)
		}
		if !strings.Contains(strings.Join(text, "\n"), "Codex does not de-duplicate") {
			t.Errorf("%s: no same-command note: %q", h.Key, text)
		}
	}
	var d1 []string
	for _, d := range s.Handlers[1].Hook.Diagnostics {
		d1 = append(d1, d.Message)
	}
	if !strings.Contains(strings.Join(d1, "\n"), "Unicode-aware") {
		t.Errorf("no regex-difference note: %+v", s.Handlers[1].Hook.Diagnostics)
	}
}

func TestPlanner(t *testing.T) {
	home := t.TempDir()
	project := t.TempDir()
	testenv.WriteFile(t, filepath.Join(project, ".codex", "hooks.json"), `{"hooks":{
	"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"bash"}]},
		{"matcher":"^Bash$","hooks":[{"type":"command","command":"regex"}]},
		{"matcher":"exec_command","hooks":[{"type":"command","command":"exec"}]},
		{"matcher":"apply_patch|Edit|Write","hooks":[{"type":"command","command":"edit"}]},
		{"matcher":"Write","hooks":[{"type":"command","command":"write"}]},
		{"matcher":"*","hooks":[{"type":"command","command":"star"}]},
		{"matcher":"[","hooks":[{"type":"command","command":"broken"}]},
		{"hooks":[{"type":"command","command":"untrusted"}]}],
	"UserPromptSubmit":[{"matcher":"nothing-matches-this","hooks":[{"type":"command","command":"prompt"}]}],
	"SessionStart":[{"matcher":"startup","hooks":[{"type":"command","command":"start"}]}]}}`)
	flags := sessionFlags{Projects: map[string]string{project: "trusted"}}
	s := loadIn(t, home, project, flags)
	flags.HookStates = map[string]HookState{}
	for _, h := range s.Handlers {
		if h.Listed && h.Hook.Command != "untrusted" {
			flags.HookStates[h.Key] = HookState{TrustedHash: h.CurrentHash}
		}
	}
	s = loadIn(t, home, project, flags)
	cmds := func(p *agents.Plan) string {
		var out []string
		for _, h := range p.Hooks {
			out = append(out, h.Command)
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct {
		event hooks.Event
		ctx   hooks.PlanContext
		want  string
	}{
		{"PreToolUse", hooks.PlanContext{ToolName: "Bash"}, "bash regex star"},
		{"PreToolUse", hooks.PlanContext{ToolName: "apply_patch"}, "edit write star"},
		{"PreToolUse", hooks.PlanContext{ToolName: "exec_command"}, "exec star"},
		{"PreToolUse", hooks.PlanContext{ToolName: "BashOutput"}, "star"},
		{"UserPromptSubmit", hooks.PlanContext{}, "prompt"},
		{"SessionStart", hooks.PlanContext{Trigger: "startup"}, "start"},
		{"SessionStart", hooks.PlanContext{Trigger: "resume"}, ""},
	} {
		p, err := s.PlanFor(c.event, c.ctx)
		if err != nil {
			t.Fatal(err)
		}
		if got := cmds(p); got != c.want {
			t.Errorf("%s %+v: runs %q, want %q", c.event, c.ctx, got, c.want)
		}
		for _, sk := range p.Skipped {
			if sk.Reason == "" {
				t.Errorf("%s: %s does not run, no reason", c.event, sk.Hook.Command)
			}
		}
		if p.Sequential {
			t.Error("Codex runs an event's hooks concurrently")
		}
	}
	if _, err := s.PlanFor("Notification", hooks.PlanContext{}); err == nil {
		t.Error("a plan for an event Codex does not have")
	}
}

// TestRefusedConfigRunsNothing: values Codex's typed config rejects stop
// every hook (observed with hooks/list for each case).
func TestRefusedConfigRunsNothing(t *testing.T) {
	for _, c := range []struct{ name, toml string }{
		{"enabled not a boolean", "[hooks.state.\"x\"]\nenabled = \"no\"\n"},
		{"unknown trust level", "[projects.\"/nowhere\"]\ntrust_level = \"bogus\"\n"},
		{"state not a table", "[hooks]\nstate = 5\n"},
		{"timeout not a number", "[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"x\"\ntimeout = \"soon\"\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			testenv.WriteFile(t, filepath.Join(home, ".codex", "hooks.json"), `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"stop"}]}]}}`)
			key := filepath.Join(home, ".codex", "hooks.json") + ":stop:0:0"
			flags := sessionFlags{HookStates: map[string]HookState{key: {TrustedHash: loadIn(t, home, t.TempDir(), sessionFlags{}).Handlers[0].CurrentHash}}}
			if p, _ := loadIn(t, home, t.TempDir(), flags).PlanFor("Stop", hooks.PlanContext{}); len(p.Hooks) != 1 {
				t.Fatalf("the trusted hook does not run before the config is broken: %+v", p)
			}
			testenv.WriteFile(t, filepath.Join(home, ".codex", "config.toml"), c.toml)
			s := loadIn(t, home, t.TempDir(), flags)
			if s.Fatal == "" {
				t.Fatalf("not refused: %+v", s.diags)
			}
			p, err := s.PlanFor("Stop", hooks.PlanContext{})
			if err != nil || len(p.Hooks) != 0 {
				t.Errorf("runs %v (%v)", p.Hooks, err)
			}
		})
	}
	home := t.TempDir()
	testenv.WriteFile(t, filepath.Join(home, ".codex", "config.toml"), "project_root_markers = \"x\"\n")
	if s := loadIn(t, home, t.TempDir(), sessionFlags{}); s.Fatal != "" {
		t.Errorf("project_root_markers as a string refused: %s", s.Fatal)
	}
}

// TestSystemAndManagedHooks: observed with the real Codex 0.171.0 and a
// private /etc/codex (a bind mount in a mount namespace): hashes and
// statuses are hooks/list's.
func TestSystemAndManagedHooks(t *testing.T) {
	for _, c := range []struct {
		name, requirements string
		managedKey         string
		userHooks          bool
	}{
		{"managed_dir", "[hooks]\nmanaged_dir = \"/srv/managed\"\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"managed-pre\"\n",
			"/srv/managed:pre_tool_use:0:0", true},
		{"managed only", "allow_managed_hooks_only = true\n[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"managed-pre\"\n",
			"<etc>/requirements.toml:pre_tool_use:0:0", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			etc := filepath.Join(home, "etc-codex")
			testenv.WriteFile(t, filepath.Join(etc, "config.toml"), "[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = \"system-stop\"\n")
			testenv.WriteFile(t, filepath.Join(etc, "hooks.json"), `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"system-json"}]}]}}`)
			testenv.WriteFile(t, filepath.Join(etc, "requirements.toml"), c.requirements)
			testenv.WriteFile(t, filepath.Join(home, ".codex", "hooks.json"), `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"user-stop"}]}]}}`)
			managedKey := strings.ReplaceAll(c.managedKey, "<etc>", etc)
			testenv.WriteFile(t, filepath.Join(home, ".codex", "config.toml"), "[hooks.state.\""+managedKey+"\"]\nenabled = false\n")
			s := loadIn(t, home, t.TempDir(), sessionFlags{})
			want := map[string]string{
				managedKey: "sha256:8a02e2768bbc12161f7fa56fddafedd9a3bc6c697342ec6f065c52a079eb8d90",
				filepath.Join(etc, "hooks.json") + ":session_start:0:0": "sha256:dc9b36db68ec918a1fca1b63bf08a05ad32e3fd6ea0901403eac0d13859b1f7f",
				filepath.Join(etc, "config.toml") + ":stop:0:0":         "sha256:993af1a511298a37b04e5dd3feb69d1f44c434825c5c325a1f82b9259751de45",
			}
			got := map[string]string{}
			userListed := false
			for _, h := range s.Handlers {
				switch {
				case h.Source == sourceSystem:
					if h.Trust != managed || !h.Enabled || !h.Runs {
						t.Errorf("%s: %s enabled %v runs %v", h.Key, h.Trust, h.Enabled, h.Runs)
					}
					got[h.Key] = h.CurrentHash
				case h.Listed:
					userListed = true
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("system hooks %v\nwant %v", got, want)
			}
			if userListed != c.userHooks {
				t.Errorf("user hooks listed %v, want %v", userListed, c.userHooks)
			}
			if w := "loading hooks from both " + filepath.Join(etc, "hooks.json") + " and " + filepath.Join(etc, "config.toml") + "; prefer a single representation for this layer"; len(s.CodexWarnings) != 1 || s.CodexWarnings[0] != w {
				t.Errorf("warnings %q", s.CodexWarnings)
			}
		})
	}
}
