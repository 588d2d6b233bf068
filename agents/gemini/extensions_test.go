package gemini

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

func TestHydrate(t *testing.T) {
	ctx := newHydrationContext("/ext/x", "/work/p", "/").lookup
	tests := []struct{ in, want string }{
		{"node ${extensionPath}/run.js", "node /ext/x/run.js"},
		{"${workspacePath}${/}a${pathSeparator}b", "/work/p/a/b"},
		{"${unknown} $HOME ${HOME}", "${unknown} $HOME ${HOME}"},
		{"${}", "${}"},
		{"${a\nb}${/}", "${a\nb}/"},
		{"${${extensionPath}}", "${${extensionPath}}"},
		{"${constructor}", "function Object() { [native code] }"},
		{"${extensionPath", "${extensionPath"},
	}
	for _, tt := range tests {
		if got := hydrate(tt.in, ctx); got != tt.want {
			t.Errorf("Hydrate(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestExtensionEnablementRules(t *testing.T) {
	e := extensionEnablement{"ext": {"!/work/*", "/work/keep/", "!/work/keep/deep*"}}
	tests := []struct {
		folder string
		want   bool
	}{
		{"/home/u", true},
		{"/work", false},
		{"/work/other", false},
		{"/work/keep", true},
		{"/work/keep/sub", false},
		{"/work/keep/deep", false},
		{"/work/keep/deeper", false}, // "deep*" has no slash before the star
	}
	for _, tt := range tests {
		if got, _ := e.isEnabled("ext", tt.folder); got != tt.want {
			t.Errorf("isEnabled(%q) = %v, want %v", tt.folder, got, tt.want)
		}
	}
	if got, _ := e.isEnabled("other", "/work"); !got {
		t.Error("an extension without rules is enabled")
	}
	if re := globToRegex("/a.b/*"); re != `^/a\.b(/.*)?$` {
		t.Errorf("globToRegex = %s", re)
	}
}

func TestLoadExtensions(t *testing.T) {
	f := newLoadFixture(t)
	exts := filepath.Join(f.home, ".gemini", "extensions")
	manifest := func(dir, body string) { f.write(filepath.Join(dir, "gemini-extension.json"), body) }

	// b-good: hooks hydrated.
	manifest(filepath.Join(exts, "b-good"), `{"name":"good","version":"1.0.0"}`)
	f.write(filepath.Join(exts, "b-good", "hooks", "hooks.json"),
		`{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"node ${extensionPath}${/}on-start.js $HOME ${workspacePath}"}]}]}}`)
	// a-linked: link install, manifest and hooks at the source.
	src := filepath.Join(t.TempDir(), "src")
	manifest(src, `{"name":"linked","version":"2"}`)
	f.write(filepath.Join(exts, "a-linked", ".gemini-extension-install.json"), `{"type":"link","source":"`+src+`"}`)
	// c-nohooks, d-badhooks, e-badjson, f-nomanifest, g-noversion, h-badname, i-dup, j-disabled.
	manifest(filepath.Join(exts, "c-nohooks"), `{"name":"nohooks","version":"1"}`)
	manifest(filepath.Join(exts, "d-badhooks"), `{"name":"badhooks","version":"1"}`)
	f.write(filepath.Join(exts, "d-badhooks", "hooks", "hooks.json"), `{"hooks":[]}`)
	manifest(filepath.Join(exts, "e-badjson"), "{\"name\":\"badjson\", // no comments\n\"version\":\"1\"}")
	if err := os.MkdirAll(filepath.Join(exts, "f-nomanifest"), 0o755); err != nil {
		t.Fatal(err)
	}
	manifest(filepath.Join(exts, "g-noversion"), `{"name":"noversion","version":""}`)
	manifest(filepath.Join(exts, "h-badname"), `{"name":"bad name","version":"1"}`)
	manifest(filepath.Join(exts, "i-dup"), `{"name":"good","version":"9"}`)
	manifest(filepath.Join(exts, "j-disabled"), `{"name":"off","version":"1"}`)
	f.write(filepath.Join(exts, "extension-enablement.json"), `{"off":{"overrides":["!`+f.project+`/*"]}}`)
	f.write(filepath.Join(exts, "stray-file.txt"), "not an extension")

	s := f.load()
	byDir := map[string]*extensionDir{}
	var order []string
	for _, e := range s.Extensions {
		order = append(order, filepath.Base(e.Dir))
		byDir[filepath.Base(e.Dir)] = e
	}
	if got := strings.Join(order, ","); got != "a-linked,b-good,c-nohooks,d-badhooks,e-badjson,f-nomanifest,g-noversion,h-badname,i-dup,j-disabled" {
		t.Fatalf("extension order %s", got)
	}
	tests := []struct {
		dir          string
		active       bool
		name         string
		errContains  string
		hooksErr     string
		wantHooks    bool
		reasonPrefix string
	}{
		{dir: "a-linked", active: true, name: "linked"},
		{dir: "b-good", active: true, name: "good", wantHooks: true},
		{dir: "c-nohooks", active: true, name: "nohooks"},
		{dir: "d-badhooks", active: true, name: "badhooks", wantHooks: true, hooksErr: `"hooks" property must be an object`},
		{dir: "e-badjson", errContains: "comments are not allowed", reasonPrefix: "Gemini CLI skips it"},
		{dir: "f-nomanifest", errContains: "Configuration file not found at", reasonPrefix: "Gemini CLI skips it"},
		{dir: "g-noversion", errContains: `missing "version"`, reasonPrefix: "Gemini CLI skips it"},
		{dir: "h-badname", errContains: "Invalid extension name", reasonPrefix: "Gemini CLI skips it"},
		{dir: "i-dup", name: "good", errContains: "Extension with name good already was loaded.", reasonPrefix: "another extension"},
		{dir: "j-disabled", name: "off", reasonPrefix: "disabled for this folder"},
	}
	for _, tt := range tests {
		e := byDir[tt.dir]
		if e.Active != tt.active || tt.name != "" && e.Name != tt.name || !strings.HasPrefix(e.InactiveReason, tt.reasonPrefix) {
			t.Errorf("%s: active %v name %q reason %q", tt.dir, e.Active, e.Name, e.InactiveReason)
		}
		if (tt.errContains == "") != (e.Err == nil) || e.Err != nil && !strings.Contains(e.Err.Msg, tt.errContains) {
			t.Errorf("%s: err %v, want %q", tt.dir, e.Err, tt.errContains)
		}
		if (e.Hooks != nil) != tt.wantHooks {
			t.Errorf("%s: hooks file %v, want %v", tt.dir, e.Hooks != nil, tt.wantHooks)
		}
		if tt.hooksErr != "" && (e.Hooks == nil || e.Hooks.Err == nil || !strings.Contains(e.Hooks.Err.Msg, tt.hooksErr)) {
			t.Errorf("%s: hooks error %v", tt.dir, e.Hooks.Err)
		}
	}
	if e := byDir["a-linked"]; e.Path != src || e.Manifest != filepath.Join(src, "gemini-extension.json") {
		t.Errorf("link install path %q manifest %q", e.Path, e.Manifest)
	}
	good := byDir["b-good"]
	cmd := good.Hooks.Root.Get("hooks").Get("SessionStart").Items[0].Get("hooks").Items[0].Get("command")
	want := "node " + filepath.Join(exts, "b-good") + string(filepath.Separator) + "on-start.js $HOME " + f.project
	if cmd.Str != want || !strings.Contains(cmd.Raw, "${extensionPath}") || good.Hooks.Layer != settingsio.LayerExtension {
		t.Errorf("hydrated command %q (raw %q), want %q", cmd.Str, cmd.Raw, want)
	}
}

func TestLoadExtensionsPolicies(t *testing.T) {
	tests := []struct {
		name, settings, installType string
		wantActive                  bool
		reason                      string
	}{
		{"admin off", `{"admin":{"extensions":{"enabled":false}}}`, "", false, "admin.extensions.enabled is false"},
		{"block git", `{"security":{"blockGitExtensions":true}}`, "git", false, "security.blockGitExtensions"},
		{"block git spares local", `{"security":{"blockGitExtensions":true}}`, "local", true, ""},
		{"allow list match", `{"security":{"allowedExtensions":["ok\\.example/x"]}}`, "git", true, ""},
		{"allow list miss", `{"security":{"allowedExtensions":["other"]}}`, "git", false, "not allowed"},
		{"URL sources are tested as resolved paths", `{"security":{"allowedExtensions":["^https://ok\\.example/"]}}`, "git", false, "not allowed"},
		{"allow list needs install metadata", `{"security":{"allowedExtensions":["x"]}}`, "", false, "no source"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newLoadFixture(t)
			f.write(filepath.Join(f.home, ".gemini", "settings.json"), tt.settings)
			dir := filepath.Join(f.home, ".gemini", "extensions", "x")
			f.write(filepath.Join(dir, "gemini-extension.json"), `{"name":"x","version":"1"}`)
			if tt.installType != "" {
				f.write(filepath.Join(dir, ".gemini-extension-install.json"), `{"type":"`+tt.installType+`","source":"https://ok.example/x.git"}`)
			}
			exts := f.load().Extensions
			if len(exts) != 1 {
				t.Fatalf("%d extensions", len(exts))
			}
			if e := exts[0]; e.Active != tt.wantActive || !strings.Contains(e.InactiveReason, tt.reason) {
				t.Errorf("active %v reason %q, want %v %q", e.Active, e.InactiveReason, tt.wantActive, tt.reason)
			}
		})
	}
}
