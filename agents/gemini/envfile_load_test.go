package gemini

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// TestEnvFileChoiceAndVariables pins loadEnvironment's rules (Gemini CLI
// 0.61, packages/cli/src/config/settings.ts): which .env file is found,
// which of its variables apply, and when GEMINI_CLI_HOME moves the home.
func TestEnvFileChoiceAndVariables(t *testing.T) {
	type files map[string]string // path relative to root -> content
	for _, c := range []struct {
		name    string
		files   files
		trusted bool
		env     []string
		// wantFile relative to root ("" for none); wantHome relative to root
		// ("" for no redirect).
		wantFile, wantHome string
		wantSkipped        string
	}{
		{name: "gemini dir first", files: files{"proj/.gemini/.env": "GEMINI_CLI_HOME=g", "proj/.env": "GEMINI_CLI_HOME=p"},
			trusted: true, wantFile: "proj/.gemini/.env", wantHome: "proj/g"},
		{name: "root .env", files: files{"proj/.env": "GEMINI_CLI_HOME=./p"}, trusted: true, wantFile: "proj/.env", wantHome: "proj/p"},
		{name: "parent folder", files: files{".env": "GEMINI_CLI_HOME=/elsewhere"}, trusted: true, wantFile: ".env", wantHome: "/elsewhere"},
		{name: "untrusted skips .gemini/.env and GEMINI_CLI_HOME", files: files{"proj/.gemini/.env": "GEMINI_CLI_HOME=g", "proj/.env": "GEMINI_CLI_HOME=p\nGEMINI_API_KEY=k$y"},
			wantFile: "proj/.env", wantSkipped: "GEMINI_CLI_HOME"},
		{name: "user set it", files: files{"proj/.env": "GEMINI_CLI_HOME=p"}, trusted: true, env: []string{"GEMINI_CLI_HOME="},
			wantFile: "proj/.env", wantSkipped: "GEMINI_CLI_HOME"},
		{name: "ignoreLocalEnv", files: files{"proj/.env": "GEMINI_CLI_HOME=p", "home/.gemini/settings.json": `{"advanced":{"ignoreLocalEnv":true}}`},
			trusted: true},
		{name: "ignoreLocalEnv keeps .gemini/.env", files: files{"proj/.gemini/.env": "GEMINI_CLI_HOME=g", "home/.gemini/settings.json": `{"advanced":{"ignoreLocalEnv":true}}`},
			trusted: true, wantFile: "proj/.gemini/.env", wantHome: "proj/g"},
		{name: "excluded in a project file", files: files{"proj/.env": "GEMINI_CLI_HOME=p", "home/.gemini/settings.json": `{"advanced":{"excludedEnvVars":["GEMINI_CLI_HOME"]}}`},
			trusted: true, wantFile: "proj/.env", wantSkipped: "GEMINI_CLI_HOME"},
		{name: "exclusion does not apply to .gemini/.env", files: files{"proj/.gemini/.env": "GEMINI_CLI_HOME=g", "home/.gemini/settings.json": `{"advanced":{"excludedEnvVars":["GEMINI_CLI_HOME"]}}`},
			trusted: true, wantFile: "proj/.gemini/.env", wantHome: "proj/g"},
		{name: "home fallback", files: files{"home/.gemini/.env": "X=1"}, trusted: true, wantFile: "home/.gemini/.env"},
		{name: "the same home spelled out", files: files{"proj/.env": "GEMINI_CLI_HOME=../home"}, trusted: true, wantFile: "proj/.env"},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
			for _, d := range []string{filepath.Join(home, ".gemini"), proj} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for p, content := range c.files {
				p = filepath.Join(root, p)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			env := settingsio.Env{"HOME=" + home, EnvSystemSettingsPath + "=" + filepath.Join(root, "none", "s.json")}
			if c.trusted {
				env = append(env, "GEMINI_CLI_TRUST_WORKSPACE=true")
			}
			env = append(env, c.env...)
			s := load(loadOptions{ProjectDir: proj, Env: env, GOOS: runtime.GOOS, Home: home})
			gotFile := ""
			if s.EnvFile != nil {
				gotFile = s.EnvFile.Path
			}
			wantFile := ""
			if c.wantFile != "" {
				wantFile = filepath.Join(root, c.wantFile)
			}
			if gotFile != wantFile {
				t.Fatalf("env file %q, want %q", gotFile, wantFile)
			}
			wantHome := c.wantHome
			if wantHome != "" && !filepath.IsAbs(wantHome) {
				wantHome = filepath.Join(root, wantHome)
			}
			switch {
			case wantHome == "" && s.HomeRedirect != nil:
				t.Errorf("redirected to %s", s.HomeRedirect.Home)
			case wantHome != "" && (s.HomeRedirect == nil || s.HomeRedirect.Home != wantHome):
				t.Errorf("redirect %+v, want home %s", s.HomeRedirect, wantHome)
			case wantHome != "":
				if s.Paths.Extensions != filepath.Join(wantHome, ".gemini", "extensions") || s.Paths.User != filepath.Join(home, ".gemini", "settings.json") ||
					s.HomeRedirect.Before.TrustedHooks != filepath.Join(home, ".gemini", "trusted_hooks.json") {
					t.Errorf("paths after the redirect: %+v", s.Paths)
				}
			}
			if c.wantSkipped != "" && s.EnvFile.Skipped[c.wantSkipped] == "" {
				t.Errorf("%s not skipped: %+v", c.wantSkipped, s.EnvFile)
			}
			if c.name == "untrusted skips .gemini/.env and GEMINI_CLI_HOME" {
				if a, ok := s.EnvFile.Applies("GEMINI_API_KEY"); !ok || a.Value != "ky" {
					t.Errorf("untrusted: the API key is taken sanitized, got %+v", s.EnvFile.Applied)
				}
			}
		})
	}
}

// TestExtensionSettingsEnv pins getScopedEnvContents: the extension's .env
// (by manifest name) overlaid by the project's .env in a trusted folder,
// and a .env key that replaces ${workspacePath} but never ${/}.
func TestExtensionSettingsEnv(t *testing.T) {
	for _, trusted := range []bool{true, false} {
		root := t.TempDir()
		home, proj := filepath.Join(root, "home"), filepath.Join(root, "proj")
		ext := filepath.Join(home, ".gemini", "extensions", "dir-name")
		write := func(p, s string) {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write(filepath.Join(ext, "gemini-extension.json"), `{"name":"named","version":"1"}`)
		write(filepath.Join(ext, "hooks", "hooks.json"), `{"hooks":{"BeforeAgent":[{"hooks":[{"type":"command","command":"${A} ${B} ${workspacePath} ${/}"}]}]}}`)
		write(filepath.Join(home, ".gemini", "extensions", "named", ".env"), "A=own\nB=own\n")
		write(filepath.Join(ext, ".env"), "A=wrong-file\n")
		write(filepath.Join(proj, ".env"), "B=ws\nworkspacePath=WP\n")
		env := settingsio.Env{"HOME=" + home, EnvSystemSettingsPath + "=" + filepath.Join(root, "none", "s.json")}
		if trusted {
			env = append(env, "GEMINI_CLI_TRUST_WORKSPACE=true")
		}
		s := load(loadOptions{ProjectDir: proj, Env: env, GOOS: runtime.GOOS, Home: home})
		// extensions/named holds only the .env file: not an extension.
		var e *extensionDir
		for _, x := range s.Extensions {
			if x.Name == "named" {
				e = x
			}
		}
		if e == nil || e.Hooks == nil || e.Hooks.Root == nil {
			t.Fatalf("extensions: %+v", s.Extensions)
		}
		cmd := e.Hooks.Root.Get("hooks").Get("BeforeAgent").Items[0].Get("hooks").Items[0].Get("command").Str
		want := "own ws WP " + string(filepath.Separator)
		if !trusted {
			want = "own own " + proj + " " + string(filepath.Separator)
		}
		if cmd != want {
			t.Errorf("trusted=%v: command %q, want %q", trusted, cmd, want)
		}
	}
}
