package gemini

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// layers holds settings file texts by layer; absent layers are missing files.
type layers map[settingsio.Layer]string

var layerOrder = []settingsio.Layer{settingsio.LayerSystemDefaults, settingsio.LayerUser, settingsio.LayerWorkspace, settingsio.LayerSystem}

// snapshot builds a snapshot from file texts, parsing them as the loader does.
func snapshot(t testing.TB, ls layers, trusted bool, exts ...*extensionDir) *Project {
	t.Helper()
	s := &Project{ProjectDir: "/p", Extensions: exts}
	for _, l := range layerOrder {
		f := &settingsio.File{Layer: l, Path: "/" + string(l) + "/settings.json"}
		if text, ok := ls[l]; ok {
			f.Exists, f.Raw = true, []byte(text)
			f.Root, f.Err = settingsio.ParseJSONC(f.Path, f.Raw)
			if f.Err != nil {
				f.Root = nil
			}
		}
		s.Settings = append(s.Settings, f)
	}
	s.FolderTrust = FolderTrust{State: folderUntrusted, Reason: "test says so"}
	if trusted {
		s.FolderTrust = FolderTrust{State: FolderTrusted}
	}
	return s
}

func extension(t testing.TB, name, text string, active bool) *extensionDir {
	t.Helper()
	f := &settingsio.File{Layer: settingsio.LayerExtension, Path: "/ext/" + name + "/hooks/hooks.json", Exists: true, Raw: []byte(text)}
	f.Root, f.Err = settingsio.ParseJSONC(f.Path, f.Raw)
	if f.Err != nil {
		f.Root = nil
	}
	return &extensionDir{Name: name, Path: "/ext/" + name, Active: active, InactiveReason: "disabled in extension-enablement.json", Hooks: f}
}

// cmdJSON is one command hook in settings JSON.
func cmdJSON(name, command string) string {
	if name == "" {
		return fmt.Sprintf(`{"type":"command","command":%q}`, command)
	}
	return fmt.Sprintf(`{"type":"command","name":%q,"command":%q}`, name, command)
}

// settings wraps definitions of one event into a settings file.
func settings(event, defs string, extra ...string) string {
	s := fmt.Sprintf(`{"hooks":{%q:[%s]}`, event, defs)
	for _, e := range extra {
		s += "," + e
	}
	return s + "}"
}

func def(matcher string, hooks ...string) string {
	m := ""
	if matcher != "" {
		m = fmt.Sprintf(`"matcher":%q,`, matcher)
	}
	return fmt.Sprintf(`{%s"hooks":[%s]}`, m, strings.Join(hooks, ","))
}

func planNames(p *agents.Plan) []string {
	if p == nil {
		return nil
	}
	var out []string
	for _, h := range p.Hooks {
		out = append(out, h.DisplayName())
	}
	return out
}

func statusOf(r *Registry, name string) hooks.Status {
	for _, h := range r.Hooks {
		if h.DisplayName() == name {
			return h.Status
		}
	}
	return "absent"
}

func hasDiag(r *Registry, sev hooks.Severity, substr string) bool {
	for _, d := range r.Diagnostics {
		if d.Severity == sev && strings.Contains(d.Message, substr) {
			return true
		}
	}
	return false
}

func TestMergeOrderAndPlan(t *testing.T) {
	ls := layers{
		settingsio.LayerSystemDefaults: settings("BeforeTool", def("", cmdJSON("sd", "echo sd"))),
		settingsio.LayerUser:           settings("BeforeTool", def("read_file", cmdJSON("user", "echo u"))),
		settingsio.LayerWorkspace:      settings("BeforeTool", def("write_.*", cmdJSON("ws", "echo w"))),
		settingsio.LayerSystem:         settings("BeforeTool", def("*", cmdJSON("sys", "echo s"))),
	}
	ext := extension(t, "ext1", settings("BeforeTool", def("", cmdJSON("ext", "echo e"))), true)
	r := build(snapshot(t, ls, true, ext))
	tests := []struct {
		tool string
		want string
	}{
		{"read_file", "sd,user,sys,ext"},
		{"write_file", "sd,ws,sys,ext"},
		{"read_file_x", "sd,user,sys,ext"}, // unanchored regex
		{"glob", "sd,sys,ext"},
	}
	for _, tt := range tests {
		got := strings.Join(planNames(r.Plan(beforeTool, &hooks.PlanContext{ToolName: tt.tool})), ",")
		if got != tt.want {
			t.Errorf("plan for %s = %q, want %q", tt.tool, got, tt.want)
		}
	}
	if p := r.Plan(afterTool, &hooks.PlanContext{ToolName: "read_file"}); p != nil {
		t.Errorf("AfterTool has no hooks, got plan %v", planNames(p))
	}
	for _, h := range r.Hooks {
		want := sourceProject
		if h.Origin.Layer == settingsio.LayerExtension {
			want = sourceExtensions
		}
		if FactsOf(h).Source != want {
			t.Errorf("%s: source %s, want %s", h.DisplayName(), FactsOf(h).Source, want)
		}
	}
}

func TestUntrustedFolderBlocksEverySettingsHook(t *testing.T) {
	ls := layers{
		settingsio.LayerUser:      settings("SessionStart", def("", cmdJSON("user", "echo u"))),
		settingsio.LayerWorkspace: settings("SessionStart", def("", cmdJSON("ws", "echo w")), `"hooksConfig":{"enabled":false,"disabled":["ext"]}`),
		settingsio.LayerSystem:    settings("SessionStart", def("", cmdJSON("sys", "echo s"))),
	}
	ext := extension(t, "e", settings("SessionStart", def("", cmdJSON("ext", "echo e"))), true)
	r := build(snapshot(t, ls, false, ext))
	if !r.HooksEnabled {
		t.Fatal("an untrusted workspace's hooksConfig.enabled=false must not count")
	}
	for _, n := range []string{"user", "ws", "sys"} {
		if s := statusOf(r, n); s != hooks.StatusBlockedUntrustedFolder {
			t.Errorf("%s: status %s, want blocked-untrusted-folder", n, s)
		}
	}
	if s := statusOf(r, "ext"); s != hooks.StatusRuns {
		t.Errorf("extension hook: status %s, want runs (untrusted workspace's disabled list must not count)", s)
	}
	if got := planNames(r.Plan(sessionStart, &hooks.PlanContext{Trigger: "startup"})); strings.Join(got, ",") != "ext" {
		t.Errorf("plan = %v, want only the extension hook", got)
	}
}

func TestHooksEnabledScalarPrecedence(t *testing.T) {
	on := func(v string) string {
		return `{"hooksConfig":{"enabled":` + v + `},"hooks":{"BeforeAgent":[` + def("", cmdJSON("a", "true")) + `]}}`
	}
	tests := []struct {
		name    string
		ls      layers
		trusted bool
		want    bool
	}{
		{"default on", layers{settingsio.LayerUser: on("true")}, true, true},
		{"user off", layers{settingsio.LayerUser: on("false")}, true, false},
		{"system beats user", layers{settingsio.LayerUser: on("false"), settingsio.LayerSystem: on("true")}, true, true},
		{"workspace beats user", layers{settingsio.LayerUser: on("true"), settingsio.LayerWorkspace: on("false")}, true, false},
		{"system beats workspace", layers{settingsio.LayerWorkspace: on("false"), settingsio.LayerSystem: on("true")}, true, true},
		{"user beats system-defaults", layers{settingsio.LayerSystemDefaults: on("false"), settingsio.LayerUser: on("true")}, true, true},
		{"untrusted workspace ignored", layers{settingsio.LayerWorkspace: on("false")}, false, true},
		{"string false is coerced", layers{settingsio.LayerUser: on(`"false"`)}, true, false},
		{"other strings are truthy", layers{settingsio.LayerUser: on(`"no"`)}, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := build(snapshot(t, tt.ls, tt.trusted))
			if r.HooksEnabled != tt.want {
				t.Fatalf("HooksEnabled = %v, want %v", r.HooksEnabled, tt.want)
			}
			if !tt.want {
				for _, h := range r.Hooks {
					if h.Status != hooks.StatusHooksOff {
						t.Errorf("%s: status %s, want hooks-off", h.DisplayName(), h.Status)
					}
				}
				if p := r.Plan(beforeAgent, nil); p != nil {
					t.Errorf("hooks off but plan %v", planNames(p))
				}
			}
		})
	}
	r := build(snapshot(t, layers{settingsio.LayerUser: on(`"false"`)}, true))
	if !hasDiag(r, hooks.SeverityWarning, "hooksConfig.enabled must be true or false") {
		t.Error("no warning for a string hooksConfig.enabled")
	}
}

func TestDisabledUnionByNameOrCommand(t *testing.T) {
	ls := layers{
		settingsio.LayerUser: settings("BeforeAgent", def("",
			cmdJSON("named", "echo named"), cmdJSON("", "echo anon"), cmdJSON("cmd-listed", "echo listed"), cmdJSON("keep", "echo keep")),
			`"hooksConfig":{"disabled":["named","echo listed"]}`),
		settingsio.LayerWorkspace: `{"hooksConfig":{"disabled":["echo anon","named","nothing-matches"]}}`,
	}
	r := build(snapshot(t, ls, true))
	want := map[string]hooks.Status{"named": hooks.StatusDisabled, "echo anon": hooks.StatusDisabled, "cmd-listed": hooks.StatusRuns, "keep": hooks.StatusRuns}
	for n, s := range want {
		if got := statusOf(r, n); got != s {
			t.Errorf("%s: status %s, want %s", n, got, s)
		}
	}
	if len(r.Disabled) != 4 || r.Disabled[1].Value != "echo listed" || len(r.Disabled[0].Files) != 2 {
		t.Errorf("disabled union = %+v", r.Disabled)
	}
	if !hasDiag(r, hooks.SeverityWarning, "Gemini matches a named hook only by its name") {
		t.Error("no warning that a named hook cannot be disabled by its command")
	}
	if !hasDiag(r, hooks.SeverityInfo, `"nothing-matches" matches no hook`) {
		t.Error("no info for a disabled entry that matches nothing")
	}
	if got := strings.Join(planNames(r.Plan(beforeAgent, nil)), ","); got != "cmd-listed,keep" {
		t.Errorf("plan = %s", got)
	}
}

func TestInvalidEntriesAndDiagnostics(t *testing.T) {
	user := `{
  // comments are fine
  "hooks": {
    "PreToolUse": [{"hooks": [{"type": "command", "command": "echo claude"}]}],
    "AfterTool": {"hooks": []},
    "BeforeAgent": [
      {"command": "echo flat"},
      {"hooks": [
        {"command": "echo no-type"},
        {"type": "shell", "command": "echo bad-type"},
        {"type": "command"},
        {"type": "runtime"},
        {"type": "runtime", "name": "rt"},
        {"type": "plugin", "name": "pl"},
        "echo string",
        {"type": "command", "command": "echo ok", "name": "ok", "timeout": 5}
      ]}
    ],
    "disabled": ["x"]
  },
  "tools": {"enableHooks": true}
}`
	r := build(snapshot(t, layers{settingsio.LayerUser: user}, true))
	checks := []struct {
		sev  hooks.Severity
		text string
	}{
		{hooks.SeverityWarning, `Invalid hook event name: "PreToolUse" from project config. Skipping. (did you mean "BeforeTool"?)`},
		{hooks.SeverityWarning, `hooks.AfterTool is written as one object, not a list; Gemini CLI wraps it and runs it`},
		{hooks.SeverityError, `the command must sit inside "hooks"`},
		{hooks.SeverityError, `missing "type"`},
		{hooks.SeverityError, `type "shell" is not one of command, plugin, runtime`},
		{hooks.SeverityError, `command hook without a command`},
		{hooks.SeverityError, `runtime hook without a name`},
		{hooks.SeverityError, `runtime hooks can only be registered by code`},
		{hooks.SeverityError, `"Command hook missing command"`},
		{hooks.SeverityError, `a hook must be an object, not string`},
		{hooks.SeverityWarning, `5 ms is probably meant as seconds`},
		{hooks.SeverityWarning, `hooks.disabled is a legacy key`},
		{hooks.SeverityWarning, `tools.enableHooks was removed`},
	}
	for _, c := range checks {
		if !hasDiag(r, c.sev, c.text) {
			t.Errorf("missing %s diagnostic %q", c.sev, c.text)
		}
	}
	for _, n := range []string{"echo claude", "echo no-type", "echo bad-type", "unknown-hook"} {
		if s := statusOf(r, n); s != hooks.StatusInvalid {
			t.Errorf("%s: status %s, want invalid", n, s)
		}
	}
	// runtime-with-name and plugin pass Gemini's validation: they are
	// registered (and fail at run time).
	for _, n := range []string{"rt", "pl", "ok"} {
		if s := statusOf(r, n); s != hooks.StatusRuns {
			t.Errorf("%s: status %s, want runs", n, s)
		}
	}
	if got := strings.Join(planNames(r.Plan(beforeAgent, nil)), ","); got != "rt,pl,ok" {
		t.Errorf("plan = %s", got)
	}
	// Places: the bad-type hook sits on line 10, column 9.
	for _, h := range r.Hooks {
		if h.Command == "echo bad-type" {
			if h.Origin.Line != 10 || h.Origin.Column != 9 || h.Origin.Path != "hooks.BeforeAgent[1].hooks[1]" {
				t.Errorf("origin = %+v", h.Origin)
			}
		}
	}
}

func TestMatchers(t *testing.T) {
	user := `{"hooks":{
  "BeforeTool":[
    {"matcher":"[invalid","hooks":[` + cmdJSON("literal", "echo 1") + `]},
    {"matcher":"^(?!write).*_file$","hooks":[` + cmdJSON("lookahead", "echo 2") + `]},
    {"matcher":" * ","hooks":[` + cmdJSON("star", "echo 3") + `]},
    {"matcher":"/read_file/","hooks":[` + cmdJSON("slashes", "echo 4") + `]}
  ],
  "BeforeAgent":[{"matcher":"read_file","hooks":[` + cmdJSON("ignored", "echo 5") + `]}],
  "SessionStart":[
    {"matcher":"startup|resume","hooks":[` + cmdJSON("pipe", "echo 6") + `]},
    {"matcher":"startup","hooks":[` + cmdJSON("startup", "echo 7") + `]},
    {"matcher":"boot","hooks":[` + cmdJSON("never", "echo 8") + `]}
  ]}}`
	r := build(snapshot(t, layers{settingsio.LayerUser: user}, true))
	tests := []struct {
		event hooks.Event
		ctx   *hooks.PlanContext
		want  string
	}{
		{beforeTool, &hooks.PlanContext{ToolName: "[invalid"}, "literal,star"},
		{beforeTool, &hooks.PlanContext{ToolName: "read_file"}, "lookahead,star"},
		{beforeTool, &hooks.PlanContext{ToolName: "write_file"}, "star"},
		{beforeAgent, nil, "ignored"},
		{sessionStart, &hooks.PlanContext{Trigger: "startup"}, "startup"},
		{sessionStart, &hooks.PlanContext{Trigger: "resume"}, ""},
	}
	for _, tt := range tests {
		if got := strings.Join(planNames(r.Plan(tt.event, tt.ctx)), ","); got != tt.want {
			t.Errorf("%s %+v: plan %q, want %q", tt.event, tt.ctx, got, tt.want)
		}
	}
	for _, want := range []string{
		`"[invalid" is not a valid regular expression`,
		`does not strip the slashes`,
		`passes no context for BeforeAgent`,
		`"startup|resume" matches nothing`,
		`never sends "boot"`,
	} {
		if !hasDiag(r, hooks.SeverityWarning, want) {
			t.Errorf("missing warning %q", want)
		}
	}
}

func TestDuplicatesAcrossLayers(t *testing.T) {
	same := cmdJSON("guard", "check.sh")
	ls := layers{
		settingsio.LayerUser:      settings("BeforeTool", def("", same)+","+def("", cmdJSON("", "log.sh"))),
		settingsio.LayerWorkspace: settings("BeforeTool", def("write_file", same)+","+def("", cmdJSON("", "log.sh"))),
		settingsio.LayerSystem:    settings("BeforeTool", `{"matcher":"read_file","sequential":true,"hooks":[`+cmdJSON("other", "x.sh")+`]}`),
	}
	r := build(snapshot(t, ls, true))
	var statuses []string
	for _, h := range r.Hooks {
		statuses = append(statuses, string(h.Status))
	}
	if got := strings.Join(statuses, ","); got != "runs,runs,duplicate,duplicate,runs" {
		t.Errorf("statuses = %s", got)
	}
	p := r.Plan(beforeTool, &hooks.PlanContext{ToolName: "write_file"})
	if got := strings.Join(planNames(p), ","); got != "guard,log.sh" || p.Sequential {
		t.Errorf("write_file plan = %s sequential=%v", got, p.Sequential)
	}
	p = r.Plan(beforeTool, &hooks.PlanContext{ToolName: "read_file"})
	if got := strings.Join(planNames(p), ","); got != "guard,log.sh,other" || !p.Sequential {
		t.Errorf("read_file plan = %s sequential=%v", got, p.Sequential)
	}

	// Same key, different matchers, the first not matching everything:
	// both run, with a note.
	ls = layers{settingsio.LayerUser: settings("BeforeTool", def("read_file", same)+","+def("write_file", same))}
	r = build(snapshot(t, ls, true))
	if r.Hooks[1].Status != hooks.StatusRuns || !hasDiag(r, hooks.SeverityInfo, "when both matchers match") {
		t.Errorf("second hook status %s, diagnostics %+v", r.Hooks[1].Status, r.Diagnostics)
	}
}

func TestBrokenLayerDoesNotStopOthers(t *testing.T) {
	ls := layers{
		settingsio.LayerUser:      "{\n  \"hooks\": {\n    \"BeforeAgent\": [\n  }\n}",
		settingsio.LayerWorkspace: settings("BeforeAgent", def("", cmdJSON("ws", "echo ws"))),
	}
	s := snapshot(t, ls, true)
	if s.Settings[1].Err == nil {
		t.Fatal("the parser accepted a broken file")
	}
	r := build(s)
	if statusOf(r, "ws") != hooks.StatusRuns {
		t.Errorf("workspace hook not loaded: %+v", r.Hooks)
	}
	found := false
	for _, d := range r.Diagnostics {
		if d.Severity == hooks.SeverityFatal && d.File == "/user/settings.json" && d.Line > 0 && d.Column > 0 {
			found = true
		}
	}
	if !found {
		t.Errorf("no fatal diagnostic with line and column: %+v", r.Diagnostics)
	}
}

func TestInactiveExtension(t *testing.T) {
	ext := extension(t, "off", settings("AfterAgent", def("", cmdJSON("x", "echo x"))), false)
	r := build(snapshot(t, nil, true, ext))
	if statusOf(r, "x") != hooks.StatusDisabled || r.Plan(afterAgent, nil) != nil {
		t.Errorf("inactive extension hook: %+v", r.Hooks[0])
	}
	bad := extension(t, "bad", `{"hooks":[]}`, true)
	r = build(snapshot(t, nil, true, bad))
	if !hasDiag(r, hooks.SeverityError, `"hooks" property must be an object`) {
		t.Errorf("diagnostics %+v", r.Diagnostics)
	}
}

func TestContextFor(t *testing.T) {
	tests := []struct {
		event         hooks.Event
		tool, trigger string
		want          *hooks.PlanContext
		err           bool
	}{
		{beforeTool, "read_file", "", &hooks.PlanContext{ToolName: "read_file"}, false},
		{beforeTool, "", "", nil, true},
		{afterTool, "", "startup", nil, true},
		{sessionStart, "", "startup", &hooks.PlanContext{Trigger: "startup"}, false},
		{preCompress, "x", "", nil, true},
		{beforeAgent, "", "", nil, false},
		{notification, "", "ToolPermission", nil, true},
	}
	for _, tt := range tests {
		got, err := contextFor(tt.event, tt.tool, tt.trigger)
		if (err != nil) != tt.err || fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("ContextFor(%s,%q,%q) = %v, %v", tt.event, tt.tool, tt.trigger, got, err)
		}
	}
}

func TestKeyAndNames(t *testing.T) {
	tests := []struct {
		h                     hooks.Hook
		key, disable, display string
	}{
		{hooks.Hook{Type: "command", Name: "n", Command: "c"}, "n:c", "n", "n"},
		{hooks.Hook{Type: "command", Command: "c"}, ":c", "c", "c"},
		{hooks.Hook{Type: "plugin", Command: "c"}, ":", "unknown-hook", "c"},
		{hooks.Hook{Type: "runtime", Name: "r"}, "r:", "r", "r"},
	}
	for _, tt := range tests {
		if hookKey(&tt.h) != tt.key || disableName(&tt.h) != tt.disable || tt.h.DisplayName() != tt.display {
			t.Errorf("%+v: key %q disable %q display %q", tt.h, hookKey(&tt.h), disableName(&tt.h), tt.h.DisplayName())
		}
	}
}

func BenchmarkBuildAndPlan1000(b *testing.B) {
	ls := layers{}
	for _, l := range layerOrder {
		var defs []string
		for i := 0; i < 250; i++ {
			defs = append(defs, def("read_.*|write_file", cmdJSON(fmt.Sprintf("%s-%d", l, i), fmt.Sprintf("echo %d", i))))
		}
		ls[l] = settings("BeforeTool", strings.Join(defs, ","))
	}
	s := snapshot(b, ls, true)
	b.ReportAllocs()
	for b.Loop() {
		r := build(s)
		if p := r.Plan(beforeTool, &hooks.PlanContext{ToolName: "read_file"}); len(p.Hooks) != 1000 {
			b.Fatalf("plan has %d hooks", len(p.Hooks))
		}
	}
}

func TestExtensionPathUnquoted(t *testing.T) {
	ext := extension(t, "e", settings("SessionStart", def("", cmdJSON("start", "node ${extensionPath}/start.js"))), true)
	ext.Path = "/home/me/my exts (old)/e"
	r := build(snapshot(t, nil, true, ext))
	if !hasDiag(r, hooks.SeverityWarning, "${extensionPath} is inserted unquoted") {
		t.Errorf("no warning for an unquoted path with spaces: %+v", r.Diagnostics)
	}
	ext.Path = "/home/me/.gemini/extensions/e"
	r = build(snapshot(t, nil, true, ext))
	if hasDiag(r, hooks.SeverityWarning, "inserted unquoted") {
		t.Errorf("warning for a plain path: %+v", r.Diagnostics)
	}
}
