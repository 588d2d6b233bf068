package gemini

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// loadFixture is a project, a home and a system folder in temp folders.
type loadFixture struct {
	t                  *testing.T
	home, project, sys string
	env                settingsio.Env
}

// msgNotObject is settingsio's message for a settings file whose
// top-level value is not an object (Gemini CLI's).
const msgNotObject = "Settings file is not a valid JSON object."

func newLoadFixture(t *testing.T) *loadFixture {
	t.Helper()
	root := t.TempDir()
	f := &loadFixture{t: t, home: filepath.Join(root, "home"), project: filepath.Join(root, "proj"), sys: filepath.Join(root, "etc")}
	for _, d := range []string{f.home, f.project, f.sys} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	f.env = settingsio.Env{"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(f.sys, "settings.json"), "GEMINI_CLI_TRUST_WORKSPACE=true"}
	return f
}

func (f *loadFixture) write(path, content string) string {
	f.t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		f.t.Fatal(err)
	}
	return path
}

func (f *loadFixture) load() *Project {
	return load(loadOptions{ProjectDir: f.project, Env: f.env, Home: f.home})
}

func TestLoadLayers(t *testing.T) {
	f := newLoadFixture(t)
	f.env = append(f.env, "TOOL=/opt/tool")
	f.write(filepath.Join(f.home, ".gemini", "settings.json"), `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"$TOOL/check $NOPE"}]}]}}`)
	f.write(filepath.Join(f.project, ".gemini", "settings.json"), "{\n  \"a\": 1,\n}")
	s := f.load()

	if len(s.Settings) != 4 {
		t.Fatalf("%d layers, want 4", len(s.Settings))
	}
	wantOrder := []settingsio.Layer{settingsio.LayerSystemDefaults, settingsio.LayerUser, settingsio.LayerWorkspace, settingsio.LayerSystem}
	for i, l := range s.Settings {
		if l.Layer != wantOrder[i] {
			t.Errorf("layer %d is %s, want %s", i, l.Layer, wantOrder[i])
		}
	}
	sysDefaults, user, ws, sys := s.Settings[0], s.Settings[1], s.Settings[2], s.Settings[3]
	if sysDefaults.Exists || sysDefaults.Err != nil || sys.Exists || sys.Err != nil {
		t.Errorf("missing system files: exists %v/%v err %v/%v", sysDefaults.Exists, sys.Exists, sysDefaults.Err, sys.Err)
	}
	if sysDefaults.Path != filepath.Join(f.sys, "system-defaults.json") {
		t.Errorf("system defaults path %s", sysDefaults.Path)
	}
	if user.Root == nil || user.Err != nil {
		t.Fatalf("user layer: %v", user.Err)
	}
	cmd := user.Root.Get("hooks").Get("BeforeTool").Items[0].Get("hooks").Items[0].Get("command")
	if cmd.Str != "/opt/tool/check $NOPE" || cmd.Raw != "$TOOL/check $NOPE" {
		t.Errorf("command Str %q Raw %q", cmd.Str, cmd.Raw)
	}
	if !ws.Exists || ws.Root != nil || ws.Err == nil || ws.Err.Line != 2 || !strings.Contains(ws.Err.Msg, "trailing comma") {
		t.Errorf("broken workspace file: exists %v root %v err %v", ws.Exists, ws.Root != nil, ws.Err)
	}
	if string(ws.Raw) != "{\n  \"a\": 1,\n}" {
		t.Errorf("workspace Raw %q", ws.Raw)
	}
}

func TestLoadReadErrorsAndNonObjects(t *testing.T) {
	f := newLoadFixture(t)
	if err := os.MkdirAll(filepath.Join(f.home, ".gemini", "settings.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	f.write(filepath.Join(f.project, ".gemini", "settings.json"), `["not", "an object"]`)
	s := f.load()
	if u := s.Settings[1]; !u.Exists || u.Err == nil || u.Err.Line != 0 {
		t.Errorf("user settings.json that is a folder: exists %v err %v", u.Exists, u.Err)
	}
	if w := s.Settings[2]; w.Err == nil || w.Err.Msg != msgNotObject || w.Err.Line != 1 || w.Err.Column != 1 {
		t.Errorf("array workspace file: %v", w.Err)
	}
}

func TestLoadWorkspaceIsHome(t *testing.T) {
	f := newLoadFixture(t)
	f.project = f.home
	f.write(filepath.Join(f.home, ".gemini", "settings.json"), `{"x":1}`)
	s := f.load()
	ws := s.Settings[2]
	if ws.Path != "" || ws.Ignored == "" || ws.Root != nil {
		t.Errorf("workspace when project is home: path %q ignored %q", ws.Path, ws.Ignored)
	}
	if s.Settings[1].Root == nil {
		t.Errorf("user settings not loaded")
	}
}

func TestLoadSkipsInsecureSystemFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX ownership check")
	}
	f := newLoadFixture(t)
	sys := f.write(filepath.Join(f.sys, "settings.json"), `{"hooksConfig":{"enabled":false}}`)
	f.write(filepath.Join(f.sys, "system-defaults.json"), `{}`)
	s := f.load()
	// A temp folder is never root-owned without group/other write all the
	// way up (/tmp is world-writable), so Gemini skips both files.
	for _, l := range []*settingsio.File{s.Settings[0], s.Settings[3]} {
		if !l.Exists || l.Root != nil || !strings.HasPrefix(l.Ignored, "Security Warning: Skipping ") {
			t.Errorf("%s: exists %v root %v ignored %q", l.Layer, l.Exists, l.Root != nil, l.Ignored)
		}
	}
	if !strings.Contains(s.Settings[3].Ignored, "system settings file '"+sys+"'") {
		t.Errorf("message %q", s.Settings[3].Ignored)
	}
	if n, _ := s.Setting("hooksConfig", "enabled"); n != nil {
		t.Errorf("skipped system file still sets hooksConfig.enabled")
	}
}

func TestLoadOtherOSReadsNothing(t *testing.T) {
	other := "windows"
	if runtime.GOOS == "windows" {
		other = "linux"
	}
	s := load(loadOptions{ProjectDir: "/p", GOOS: other, Home: "/h"})
	for _, l := range s.Settings {
		if l.Exists || l.Root != nil {
			t.Errorf("%s read for a simulated OS", l.Layer)
		}
	}
}
