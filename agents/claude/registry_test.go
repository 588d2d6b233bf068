package claude

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

type fixture struct {
	home, project string
}

func newFixture(t *testing.T, files map[string]string) fixture {
	t.Helper()
	home, project := testenv.HomeAndProject(t, files)
	return fixture{home: home, project: project}
}

func (fx fixture) build() *registry {
	return build(load(options{ProjectDir: fx.project, Env: settingsio.Env{"HOME=" + fx.home, EnvManagedDir + "=" + filepath.Join(fx.home, "no-managed")}, GOOS: runtime.GOOS}))
}

// cmd and hooksJSON write Claude Code settings for the fixtures.
var cmd, hooksJSON = testenv.CommandHook, testenv.HooksJSON

func find(t *testing.T, r *registry, label string) *hooks.Hook {
	t.Helper()
	for _, h := range r.Hooks {
		if Label(h) == label {
			return h
		}
	}
	t.Fatalf("no hook %q among %d", label, len(r.Hooks))
	return nil
}

func hasDiag(ds []hooks.Diagnostic, sev hooks.Severity, substr string) bool {
	for _, d := range ds {
		if d.Severity == sev && strings.Contains(d.Message, substr) {
			return true
		}
	}
	return false
}

const (
	userFile    = "HOME/.claude/settings.json"
	projectFile = "PROJECT/.claude/settings.json"
	localFile   = "PROJECT/.claude/settings.local.json"
)

func TestStatuses(t *testing.T) {
	tests := []struct {
		name       string
		files      map[string]string
		label      string
		wantStatus hooks.Status
		wantReason string
	}{
		{"plain hook runs", map[string]string{projectFile: hooksJSON("PreToolUse", "Bash", cmd("guard.sh"))},
			"guard.sh", hooks.StatusRuns, `runs for tools matching exactly "Bash"`},
		{"same command in user and project runs once", map[string]string{
			userFile:    hooksJSON("Stop", "", cmd("notify")),
			projectFile: hooksJSON("Stop", "", cmd("notify"), cmd("other"))},
			"notify", hooks.StatusRuns, "runs on every Stop"},
		{"project false beats user true", map[string]string{
			userFile:    `{"disableAllHooks": true}`,
			projectFile: `{"disableAllHooks": false, "hooks": {"Stop": [{"hooks": [` + cmd("s") + `]}]}}`},
			"s", hooks.StatusRuns, "runs on every Stop"},
		{"user disableAllHooks switches hooks off", map[string]string{
			userFile:    `{"disableAllHooks": true}`,
			projectFile: hooksJSON("Stop", "", cmd("s"))},
			"s", hooks.StatusHooksOff, "disableAllHooks is true in"},
		{"if on Stop never runs", map[string]string{
			projectFile: hooksJSON("Stop", "", `{"type": "command", "if": "Bash(*)", "command": "s"}`)},
			"s", StatusNeverRuns, "never runs"},
		{"prompt hook on SessionStart never runs", map[string]string{
			projectFile: hooksJSON("SessionStart", "", `{"type": "prompt", "prompt": "check"}`)},
			"prompt: check", StatusNeverRuns, "does not run prompt hooks"},
		{"unknown event is skipped", map[string]string{
			projectFile: hooksJSON("BeforeTool", "", cmd("g"))},
			"g", hooks.StatusInvalid, "not a Claude Code event"},
		{"missing command", map[string]string{
			projectFile: hooksJSON("Stop", "", `{"type": "command"}`)},
			"unknown-hook", hooks.StatusInvalid, `without "command"`},
		{"disabled plugin", map[string]string{
			userFile: `{"enabledPlugins": {"p@m": false}}`,
			"HOME/.claude/plugins/cache/m/p/1.0.0/hooks/hooks.json": hooksJSON("Stop", "", cmd("plug"))},
			"plug", hooks.StatusDisabled, "plugin p@m is disabled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newFixture(t, tt.files).build()
			h := find(t, r, tt.label)
			if h.Status != tt.wantStatus || !strings.Contains(h.Reason, tt.wantReason) {
				t.Errorf("status = %s (%s), want %s (…%s…)", h.Status, h.Reason, tt.wantStatus, tt.wantReason)
			}
			if h.Agent != Name || HandlerOf(h) == nil {
				t.Errorf("hook not marked as Claude: %+v", h)
			}
		})
	}
}

func TestDuplicateAndPluginCopy(t *testing.T) {
	fx := newFixture(t, map[string]string{
		userFile:    `{"enabledPlugins": {"p@m": true}, "hooks": {"Stop": [{"hooks": [` + cmd("notify") + `]}]}}`,
		projectFile: hooksJSON("Stop", "", cmd("notify")),
		"HOME/.claude/plugins/cache/m/p/1.0.0/hooks/hooks.json": hooksJSON("Stop", "", cmd("notify")),
	})
	r := fx.build()
	var statuses []hooks.Status
	for _, h := range r.Hooks {
		statuses = append(statuses, h.Status)
	}
	want := []hooks.Status{hooks.StatusRuns, hooks.StatusDuplicate, hooks.StatusRuns}
	if len(statuses) != 3 || statuses[0] != want[0] || statuses[1] != want[1] || statuses[2] != want[2] {
		t.Fatalf("statuses = %v, want %v (user, project duplicate, plugin copy kept)", statuses, want)
	}
	if r.Hooks[2].Origin.Layer != layerPlugin || r.Hooks[2].Origin.Extension != "p@m" {
		t.Errorf("plugin origin = %+v", r.Hooks[2].Origin)
	}
	plan := r.Plan(Stop, nil)
	if plan == nil || len(plan.Hooks) != 2 {
		t.Fatalf("plan = %+v, want the settings copy once and the plugin copy", plan)
	}
}

func TestManagedSwitches(t *testing.T) {
	// Managed files cannot be placed in /etc from a test; build the
	// snapshot by hand with a managed layer.
	mk := func(layer settingsio.Layer, path, text string) *settingsio.File {
		root, perr := parseSettings(path, []byte(text))
		if perr != nil {
			t.Fatal(perr)
		}
		return &settingsio.File{Layer: layer, Path: path, Exists: true, Root: root}
	}
	tests := []struct {
		name                 string
		managed, user        string
		wantUser, wantManage hooks.Status
	}{
		{"user disableAllHooks leaves managed hooks on",
			hooksJSON("Stop", "", cmd("m")), `{"disableAllHooks": true, "hooks": {"Stop": [{"hooks": [` + cmd("u") + `]}]}}`,
			hooks.StatusHooksOff, hooks.StatusRuns},
		{"managed disableAllHooks switches everything off",
			`{"disableAllHooks": true, "hooks": {"Stop": [{"hooks": [` + cmd("m") + `]}]}}`, hooksJSON("Stop", "", cmd("u")),
			hooks.StatusHooksOff, hooks.StatusHooksOff},
		{"allowManagedHooksOnly blocks user hooks",
			`{"allowManagedHooksOnly": true, "hooks": {"Stop": [{"hooks": [` + cmd("m") + `]}]}}`, hooksJSON("Stop", "", cmd("u")),
			statusBlockedByPolicy, hooks.StatusRuns},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap := &project{Settings: []*settingsio.File{
				mk(settingsio.LayerUser, "/u/settings.json", tt.user),
				mk(layerManaged, "/etc/claude-code/managed-settings.json", tt.managed),
			}}
			r := build(snap)
			if u := find(t, r, "u"); u.Status != tt.wantUser {
				t.Errorf("user hook = %s (%s), want %s", u.Status, u.Reason, tt.wantUser)
			}
			if m := find(t, r, "m"); m.Status != tt.wantManage {
				t.Errorf("managed hook = %s (%s), want %s", m.Status, m.Reason, tt.wantManage)
			}
		})
	}
}

func TestDiagnostics(t *testing.T) {
	tests := []struct {
		name     string
		settings string
		sev      hooks.Severity
		want     string
	}{
		{"gemini event name", hooksJSON("BeforeTool", "", cmd("x")), hooks.SeverityWarning, `did you mean "PreToolUse"`},
		{"case slip", hooksJSON("pretooluse", "", cmd("x")), hooks.SeverityWarning, `did you mean "PreToolUse"`},
		{"unknown handler field", hooksJSON("Stop", "", `{"type": "command", "command": "x", "name": "n"}`), hooks.SeverityWarning, `unknown field "name"`},
		{"field of another type", hooksJSON("Stop", "", `{"type": "command", "command": "x", "url": "http://a"}`), hooks.SeverityWarning, `belongs to http handlers`},
		{"unknown group field", `{"hooks": {"Stop": [{"description": "d", "hooks": [` + cmd("x") + `]}]}}`, hooks.SeverityWarning, `unknown field "description" in a matcher group`},
		{"bad type", hooksJSON("Stop", "", `{"type": "shell", "command": "x"}`), hooks.SeverityError, `type "shell" is not one of`},
		{"timeout not a number", hooksJSON("Stop", "", `{"type": "command", "command": "x", "timeout": "5"}`), hooks.SeverityError, "timeout must be a number of seconds"},
		{"timeout in ms", hooksJSON("Stop", "", `{"type": "command", "command": "x", "timeout": 30000}`), hooks.SeverityWarning, "timeout is in seconds"},
		{"invalid regex", hooksJSON("PreToolUse", "Bash(", cmd("x")), hooks.SeverityWarning, "not a valid JavaScript regular expression"},
		{"mcp server without tools", hooksJSON("PreToolUse", "mcp__memory", cmd("x")), hooks.SeverityWarning, `use "mcp__memory__.*"`},
		{"case of a tool", hooksJSON("PreToolUse", "bash", cmd("x")), hooks.SeverityWarning, "case-sensitive"},
		{"gemini tool name", hooksJSON("PreToolUse", "run_shell_command", cmd("x")), hooks.SeverityWarning, `Claude Code calls the tool "Bash"`},
		{"matcher on Stop ignored", hooksJSON("Stop", "Bash", cmd("x")), hooks.SeverityInfo, "ignores the matcher"},
		{"unknown session source", hooksJSON("SessionStart", "start", cmd("x")), hooks.SeverityWarning, `never sends "start"`},
		{"exit 1 guard", hooksJSON("PreToolUse", "Bash", cmd(`grep -q rm && { echo no >&2; exit 1; }`)), hooks.SeverityWarning, "exit 1 never blocks"},
		{"if on Notification", hooksJSON("Notification", "", `{"type": "command", "if": "Bash(git *)", "command": "x"}`), hooks.SeverityError, "never runs"},
		{"if with &&", hooksJSON("PreToolUse", "", `{"type": "command", "if": "Bash(git *) && Edit", "command": "x"}`), hooks.SeverityWarning, "not one permission rule"},
		{"once outside a skill", hooksJSON("Stop", "", `{"type": "command", "command": "x", "once": true}`), hooks.SeverityInfo, "skill frontmatter"},
		{"strict JSON", "{\n  \"hooks\": {},\n}\n", hooks.SeverityError, "skips this settings file entirely"},
		{"hooks not array", `{"hooks": {"Stop": {"hooks": []}}}`, hooks.SeverityError, "must be an array of matcher groups"},
		{"handler fields in the group", `{"hooks": {"Stop": [{"type": "command", "command": "x"}]}}`, hooks.SeverityError, `handlers go inside "hooks"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newFixture(t, map[string]string{projectFile: tt.settings}).build()
			if !hasDiag(r.Diagnostics, tt.sev, tt.want) {
				t.Errorf("no %s diagnostic with %q; got %+v", tt.sev, tt.want, r.Diagnostics)
			}
			for _, d := range r.Diagnostics {
				if d.Line == 0 && !strings.Contains(d.Message, "plugin") {
					t.Errorf("diagnostic without a place: %+v", d)
				}
			}
		})
	}
}

func TestNoFalseExit1(t *testing.T) {
	for _, c := range []string{
		`guard.sh || exit 2`,
		`test -f x && exit 0; echo no >&2; exit 2`,
		`exit 10`,
	} {
		r := newFixture(t, map[string]string{projectFile: hooksJSON("PreToolUse", "Bash", cmd(c))}).build()
		if hasDiag(r.Diagnostics, hooks.SeverityWarning, "exit 1") {
			t.Errorf("%q flagged as exit 1", c)
		}
	}
	r := newFixture(t, map[string]string{projectFile: hooksJSON("PostToolUse", "Edit", cmd("fmt || exit 1"))}).build()
	if hasDiag(r.Diagnostics, hooks.SeverityWarning, "exit 1") {
		t.Error("exit 1 on PostToolUse (which never blocks on exit 2) flagged")
	}
}

func TestTimeouts(t *testing.T) {
	r := newFixture(t, map[string]string{projectFile: `{"hooks": {
		"UserPromptSubmit": [{"hooks": [` + cmd("a") + `, {"type": "prompt", "prompt": "p"}]}],
		"PreToolUse": [{"hooks": [` + cmd("b") + `, {"type": "agent", "prompt": "q"}, {"type": "command", "command": "c", "timeout": 5}]}],
		"MessageDisplay": [{"hooks": [` + cmd("d") + `]}]}}`}).build()
	want := map[string]float64{"a": 30, "prompt: p": 30, "b": 600, "agent: q": 60, "c": 5, "d": 10}
	for label, sec := range want {
		h := find(t, r, label)
		if HandlerOf(h).EffectiveTimeoutSec != sec || h.TimeoutMS != int64(sec*1000) {
			t.Errorf("%s: timeout %v s / %d ms, want %v s", label, HandlerOf(h).EffectiveTimeoutSec, h.TimeoutMS, sec)
		}
	}
}
