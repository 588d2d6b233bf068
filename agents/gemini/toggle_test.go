package gemini

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// toggleProject is a project on disk with its four settings files.
type toggleProject struct {
	home, project                   string
	user, workspace, system, sysdef string
	env                             settingsio.Env
}

func newToggleProject(t *testing.T, trusted bool) *toggleProject {
	t.Helper()
	root := t.TempDir()
	p := &toggleProject{home: filepath.Join(root, "home"), project: filepath.Join(root, "project")}
	p.user = filepath.Join(p.home, ".gemini", "settings.json")
	p.workspace = filepath.Join(p.project, ".gemini", "settings.json")
	p.system = filepath.Join(root, "sys", "settings.json")
	p.sysdef = filepath.Join(root, "sys", "system-defaults.json")
	for _, d := range []string{p.home, p.project} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	p.env = settingsio.Env{"HOME=" + p.home, "GEMINI_CLI_HOME=" + p.home,
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + p.system, "GEMINI_CLI_SYSTEM_DEFAULTS_PATH=" + p.sysdef,
		"HW_DIR=/opt/hw"}
	if trusted {
		p.env = append(p.env, "GEMINI_CLI_TRUST_WORKSPACE=true")
	}
	return p
}

func (p *toggleProject) write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func (p *toggleProject) read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// toggler loads the project. System files under the test's temp folder
// fail Gemini's ownership check; they are read as if they passed it.
func (p *toggleProject) toggler(t *testing.T) *toggler {
	t.Helper()
	snap := load(loadOptions{ProjectDir: p.project, Env: p.env, Home: p.home})
	for _, f := range snap.Settings {
		if (f.Layer == settingsio.LayerSystem || f.Layer == settingsio.LayerSystemDefaults) && f.Exists {
			f.Ignored = ""
			f.Root, f.Err = settingsio.ParseJSONC(f.Path, f.Raw)
		}
	}
	return newToggler(snap, p.env)
}

const workspaceWithHooks = `{
  // project hooks
  "hooks": {
    "BeforeTool": [
      {
        "matcher": "write_file",
        "hooks": [
          {"type": "command", "name": "guard", "command": "./guard.sh"},
          {"type": "command", "command": "$HW_DIR/audit.sh"}
        ]
      }
    ]
  }
}
`

func TestDisableAppendsToTheWorkspaceFile(t *testing.T) {
	p := newToggleProject(t, true)
	p.write(t, p.workspace, workspaceWithHooks)
	res, err := p.toggler(t).Disable("guard", settingsio.LayerWorkspace)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(workspaceWithHooks, "  }\n}\n", "  },\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"guard\"\n    ]\n  }\n}\n", 1)
	if got := p.read(t, p.workspace); got != want {
		t.Errorf("workspace file:\n%s\nwant:\n%s", got, want)
	}
	if res.Status != toggleChanged || len(res.Edits) != 1 || len(res.Hooks) != 1 {
		t.Fatalf("result %+v", res)
	}
	if e := res.Edits[0]; e.Path != p.workspace || e.Created || len(e.Added) != 1 || e.Added[0] != (listEntry{"guard", 16}) {
		t.Errorf("edit %+v", e)
	}
	wantMsg := `Hook "guard" disabled by adding it to the disabled list in workspace (` + p.workspace + `) settings.`
	if res.Message != wantMsg {
		t.Errorf("message %q, want %q", res.Message, wantMsg)
	}
	again, err := p.toggler(t).Disable("guard", settingsio.LayerWorkspace)
	if err != nil {
		t.Fatal(err)
	}
	if again.Status != toggleNoOp || again.Message != `Hook "guard" is already disabled.` || len(again.Edits) != 0 {
		t.Errorf("second disable: %+v", again)
	}
	if got := p.read(t, p.workspace); got != want {
		t.Errorf("a no-op changed the file:\n%s", got)
	}
}

func TestDisableByCommandComparesExpandedValues(t *testing.T) {
	p := newToggleProject(t, true)
	// The list names the command as written; the hook's command is
	// /opt/hw/audit.sh after Gemini's expansion, which is what it compares.
	ws := strings.Replace(workspaceWithHooks, "  }\n}\n", "  },\n  \"hooksConfig\": {\"disabled\": [\"$HW_DIR/audit.sh\"]}\n}\n", 1)
	p.write(t, p.workspace, ws)
	res, err := p.toggler(t).Disable("/opt/hw/audit.sh", settingsio.LayerWorkspace)
	if err != nil || res.Status != toggleNoOp {
		t.Fatalf("= %+v, %v; want a no-op", res, err)
	}
	en, err := p.toggler(t).Enable("/opt/hw/audit.sh")
	if err != nil || en.Status != toggleChanged {
		t.Fatalf("enable = %+v, %v", en, err)
	}
	if got := p.read(t, p.workspace); strings.Contains(got, "audit.sh\"]") || !strings.Contains(got, `"disabled": []`) {
		t.Errorf("the entry was not removed:\n%s", got)
	}
}

func TestDisableInUserScopeReportsBothScopes(t *testing.T) {
	p := newToggleProject(t, true)
	p.write(t, p.workspace, strings.Replace(workspaceWithHooks, "  }\n}\n", "  },\n  \"hooksConfig\": {\"disabled\": [\"guard\"]}\n}\n", 1))
	res, err := p.toggler(t).Disable("guard", settingsio.LayerUser)
	if err != nil {
		t.Fatal(err)
	}
	// The user file did not exist: it is created as Gemini creates it.
	if got, want := p.read(t, p.user), "{\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"guard\"\n    ]\n  }\n}"; got != want {
		t.Errorf("user file %q, want %q", got, want)
	}
	fi, err := os.Stat(p.user)
	if err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("new user file mode %v, %v; want 0644", fi.Mode(), err)
	}
	if !res.Edits[0].Created {
		t.Errorf("edit not marked created: %+v", res.Edits[0])
	}
	want := `Hook "guard" is now disabled in both user (` + p.user + `) and workspace (` + p.workspace + `) settings.`
	if res.Message != want {
		t.Errorf("message %q, want %q", res.Message, want)
	}
}

func TestEnableRemovesFromBothFilesAndReportsLocks(t *testing.T) {
	p := newToggleProject(t, true)
	p.write(t, p.workspace, strings.Replace(workspaceWithHooks, "  }\n}\n", "  },\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"guard\", // noisy\n      \"other\"\n    ]\n  }\n}\n", 1))
	p.write(t, p.user, "{\n  \"hooksConfig\": {\"disabled\": [\"guard\", \"guard\"]},\n  \"ui\": {}\n}\n")
	p.write(t, p.system, "{\n  \"hooksConfig\": {\n    \"disabled\": [\"x\", \"guard\"]\n  }\n}\n")
	userMode := os.FileMode(0o600)
	if err := os.Chmod(p.user, userMode); err != nil {
		t.Fatal(err)
	}
	res, err := p.toggler(t).Enable("guard")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.read(t, p.workspace); !strings.Contains(got, "\"disabled\": [\n      \"other\"\n    ]") || strings.Contains(got, "noisy") {
		t.Errorf("workspace file:\n%s", got)
	}
	if got, want := p.read(t, p.user), "{\n  \"hooksConfig\": {\"disabled\": []},\n  \"ui\": {}\n}\n"; got != want {
		t.Errorf("user file %q, want %q", got, want)
	}
	if fi, _ := os.Stat(p.user); fi.Mode().Perm() != userMode {
		t.Errorf("user file mode %v, want %v kept", fi.Mode().Perm(), userMode)
	}
	if len(res.Edits) != 2 || len(res.Edits[1].Removed) != 2 || res.Edits[0].Removed[0] != (listEntry{"guard", 16}) {
		t.Errorf("edits %+v", res.Edits)
	}
	if len(res.Locked) != 1 || res.Locked[0].File != p.system || res.Locked[0].Line != 3 || res.Locked[0].Column != 23 {
		t.Fatalf("locked %+v, want the system file's entry at 3:23", res.Locked)
	}
	if !strings.Contains(res.Locked[0].String(), p.system+":3:23") {
		t.Errorf("lock text %q", res.Locked[0])
	}
	want := `Hook "guard" enabled by removing it from the disabled list in workspace (` + p.workspace + `) and user (` + p.user + `) settings.`
	if res.Message != want {
		t.Errorf("message %q, want %q", res.Message, want)
	}
	again, err := p.toggler(t).Enable("guard")
	if err != nil || again.Status != toggleNoOp || again.Message != `Hook "guard" is already enabled.` || len(again.Locked) != 1 {
		t.Errorf("second enable = %+v, %v", again, err)
	}
}

func TestToggleNames(t *testing.T) {
	p := newToggleProject(t, true)
	p.write(t, p.workspace, strings.Replace(workspaceWithHooks, "  }\n}\n", "  },\n  \"hooksConfig\": {\"disabled\": [\"gone-hook\"]}\n}\n", 1))
	tg := p.toggler(t)
	_, err := tg.Disable("nope", settingsio.LayerWorkspace)
	var unknown *unknownHookError
	if !errors.As(err, &unknown) || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("unknown name: %v", err)
	}
	_, err = tg.Disable("./guard.sh", settingsio.LayerWorkspace)
	if !errors.As(err, &unknown) || len(unknown.CommandOf) != 1 || !strings.Contains(err.Error(), `use "guard"`) {
		t.Errorf("command of a named hook: %v", err)
	}
	// A listed name that matches no hook can still be enabled (removed).
	res, err := tg.Enable("gone-hook")
	if err != nil || res.Status != toggleChanged {
		t.Errorf("enable of a stale entry = %+v, %v", res, err)
	}
	if _, err := tg.Disable("", settingsio.LayerWorkspace); err == nil {
		t.Error("an empty name was accepted")
	}
	if _, err := tg.Disable("guard", settingsio.LayerSystem); err == nil {
		t.Error("the system scope was accepted")
	}
}

func TestToggleNeverWritesABrokenFile(t *testing.T) {
	p := newToggleProject(t, true)
	p.write(t, p.workspace, workspaceWithHooks)
	tg := p.toggler(t)
	broken := "{\n  \"hooksConfig\": {\"disabled\": [\"a\",]}\n}\n"
	p.write(t, p.workspace, broken) // the file breaks after the snapshot was loaded
	_, err := tg.Disable("guard", settingsio.LayerWorkspace)
	if err == nil || !strings.Contains(err.Error(), p.workspace+":2:35: trailing comma") {
		t.Fatalf("err = %v, want the file's trailing comma with its place", err)
	}
	if got := p.read(t, p.workspace); got != broken {
		t.Errorf("the broken file was written: %q", got)
	}
	p.write(t, p.workspace, "{\"hooksConfig\": {\"disabled\": \"guard\"}}")
	_, err = tg.Enable("guard")
	if err == nil || !strings.Contains(err.Error(), "hooksConfig.disabled is a string, not an array") {
		t.Fatalf("err = %v", err)
	}
}

func TestToggleKeepsAConcurrentChange(t *testing.T) {
	p := newToggleProject(t, true)
	p.write(t, p.workspace, workspaceWithHooks)
	tg := p.toggler(t)
	// Another program (an editor, Gemini) changes the file after the load.
	changed := strings.Replace(workspaceWithHooks, "  // project hooks\n", "  // project hooks\n  \"ui\": {\"theme\": \"dark\"},\n", 1)
	p.write(t, p.workspace, changed)
	if _, err := tg.Disable("guard", settingsio.LayerWorkspace); err != nil {
		t.Fatal(err)
	}
	got := p.read(t, p.workspace)
	if !strings.Contains(got, `"ui": {"theme": "dark"},`) || !strings.Contains(got, "\"guard\"\n    ]") {
		t.Errorf("the concurrent change or the edit is lost:\n%s", got)
	}
}

func TestToggleInAnUntrustedFolderKeepsTheWorkspaceFile(t *testing.T) {
	// Gemini CLI 0.61 would save its empty in-memory copy of an untrusted
	// workspace (§10 item 12); Hookwarden edits the file on disk.
	p := newToggleProject(t, false)
	p.write(t, p.workspace, workspaceWithHooks)
	res, err := p.toggler(t).Disable("guard", settingsio.LayerWorkspace)
	if err != nil {
		t.Fatal(err)
	}
	got := p.read(t, p.workspace)
	if !strings.HasPrefix(got, strings.TrimSuffix(workspaceWithHooks, "  }\n}\n")) {
		t.Errorf("the workspace file lost content:\n%s", got)
	}
	if len(res.Notes) == 0 || !strings.Contains(res.Notes[0], "not trusted") {
		t.Errorf("notes %q lack the untrusted folder", res.Notes)
	}
}

func TestToggleWhenTheProjectIsHome(t *testing.T) {
	p := newToggleProject(t, true)
	p.project = p.home
	p.write(t, p.user, workspaceWithHooks)
	tg := p.toggler(t)
	if _, err := tg.Disable("guard", settingsio.LayerWorkspace); err == nil || !strings.Contains(err.Error(), "home folder") {
		t.Errorf("workspace scope in the home folder: %v", err)
	}
	res, err := tg.Disable("guard", settingsio.LayerUser)
	if err != nil || res.Status != toggleChanged {
		t.Fatalf("user scope = %+v, %v", res, err)
	}
	en, err := p.toggler(t).Enable("guard")
	if err != nil || en.Status != toggleChanged || len(en.Edits) != 1 || en.Edits[0].Path != p.user {
		t.Errorf("enable = %+v, %v", en, err)
	}
}

func TestEnableAll(t *testing.T) {
	p := newToggleProject(t, true)
	p.write(t, p.workspace, strings.Replace(workspaceWithHooks, "  }\n}\n", "  },\n  \"hooksConfig\": {\n    \"disabled\": [\"guard\"]\n  }\n}\n", 1))
	res, err := p.toggler(t).EnableAll()
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != toggleChanged || res.Count != 1 || res.Message != "Enabled 1 hook(s) successfully." || len(res.Edits) != 1 {
		t.Errorf("result %+v", res)
	}
	if _, err := os.Stat(p.user); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("enable-all created the user file (nothing to change there): %v", err)
	}
	if got := p.read(t, p.workspace); !strings.Contains(got, "\"disabled\": []\n") {
		t.Errorf("workspace file:\n%s", got)
	}
	again, err := p.toggler(t).EnableAll()
	if err != nil || again.Status != toggleNoOp || again.Message != "All hooks are already enabled." {
		t.Errorf("second enable-all = %+v, %v", again, err)
	}
	p.write(t, p.system, `{"hooksConfig": {"disabled": ["guard"]}}`)
	p.write(t, p.user, `{"hooksConfig": {"disabled": ["guard", "/opt/hw/audit.sh"]}}`)
	locked, err := p.toggler(t).EnableAll()
	if err != nil || locked.Count != 1 || len(locked.Locked) != 1 || locked.Locked[0].Value != "guard" {
		t.Errorf("enable-all with a system entry = %+v, %v", locked, err)
	}
	if got := p.read(t, p.user); got != `{"hooksConfig": {"disabled": []}}` {
		t.Errorf("user file %q", got)
	}
}

func TestDisableAll(t *testing.T) {
	p := newToggleProject(t, true)
	p.write(t, p.user, `{"hooks": {"AfterTool": [{"hooks": [{"type": "command", "name": "guard", "command": "x"}, {"type": "command"}]}]}}`)
	p.write(t, p.workspace, strings.Replace(workspaceWithHooks, "  }\n}\n", "  },\n  \"hooksConfig\": {\n    \"disabled\": [\n      \"guard\",\n      \"stale\"\n    ]\n  }\n}\n", 1))
	res, err := p.toggler(t).DisableAll(settingsio.LayerWorkspace)
	if err != nil {
		t.Fatal(err)
	}
	// Every registered hook's display name, each once; the invalid hook is
	// not registered; "guard", already first, keeps its line.
	wantList := "\"disabled\": [\n      \"guard\",\n      \"/opt/hw/audit.sh\"\n    ]"
	if got := p.read(t, p.workspace); !strings.Contains(got, wantList) {
		t.Errorf("workspace file:\n%s\nwant the list %s", got, wantList)
	}
	if res.Count != 1 || res.Message != "Disabled 1 hook(s) successfully." || len(res.Edits) != 1 ||
		len(res.Edits[0].Removed) != 1 || res.Edits[0].Removed[0].Value != "stale" {
		t.Errorf("result %+v", res)
	}
	again, err := p.toggler(t).DisableAll(settingsio.LayerWorkspace)
	if err != nil || again.Status != toggleNoOp || again.Message != "All hooks are already disabled." {
		t.Errorf("second disable-all = %+v, %v", again, err)
	}
	empty := newToggleProject(t, true)
	none, err := empty.toggler(t).DisableAll(settingsio.LayerWorkspace)
	if err != nil || none.Message != "No hooks configured." {
		t.Errorf("no hooks: %+v, %v", none, err)
	}
	if _, err := os.Stat(empty.workspace); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("disable-all without hooks wrote a file: %v", err)
	}
}
