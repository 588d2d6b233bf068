package gemini

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

func TestResolvePaths(t *testing.T) {
	tests := []struct {
		name    string
		project string
		env     settingsio.Env
		goos    string
		home    string
		want    paths
	}{
		{
			name: "linux defaults", project: "/work/proj", goos: "linux", home: "/home/u",
			want: paths{Home: "/home/u", GeminiDir: "/home/u/.gemini", SystemDefaults: "/etc/gemini-cli/system-defaults.json",
				User: "/home/u/.gemini/settings.json", Workspace: "/work/proj/.gemini/settings.json", System: "/etc/gemini-cli/settings.json",
				TrustedFolders: "/home/u/.gemini/trustedFolders.json", TrustedHooks: "/home/u/.gemini/trusted_hooks.json", Extensions: "/home/u/.gemini/extensions"},
		},
		{
			name: "darwin system folder", project: "/Users/u/p", goos: "darwin", home: "/Users/u",
			want: paths{Home: "/Users/u", GeminiDir: "/Users/u/.gemini", SystemDefaults: "/Library/Application Support/GeminiCli/system-defaults.json",
				User: "/Users/u/.gemini/settings.json", Workspace: "/Users/u/p/.gemini/settings.json", System: "/Library/Application Support/GeminiCli/settings.json",
				TrustedFolders: "/Users/u/.gemini/trustedFolders.json", TrustedHooks: "/Users/u/.gemini/trusted_hooks.json", Extensions: "/Users/u/.gemini/extensions"},
		},
		{
			name: "windows", project: `C:\src\p`, goos: "windows", home: `C:\Users\u`,
			want: paths{Home: `C:\Users\u`, GeminiDir: `C:\Users\u\.gemini`, SystemDefaults: `C:\ProgramData\gemini-cli\system-defaults.json`,
				User: `C:\Users\u\.gemini\settings.json`, Workspace: `C:\src\p\.gemini\settings.json`, System: `C:\ProgramData\gemini-cli\settings.json`,
				TrustedFolders: `C:\Users\u\.gemini\trustedFolders.json`, TrustedHooks: `C:\Users\u\.gemini\trusted_hooks.json`, Extensions: `C:\Users\u\.gemini\extensions`},
		},
		{
			name: "environment overrides; system defaults follow the system path", project: "/p", goos: "linux", home: "/home/u",
			env: settingsio.Env{"GEMINI_CLI_HOME=/alt", "GEMINI_CLI_SYSTEM_SETTINGS_PATH=/opt/g/sys.json", "GEMINI_CLI_TRUSTED_FOLDERS_PATH=/t/tf.json"},
			want: paths{Home: "/alt", GeminiDir: "/alt/.gemini", SystemDefaults: "/opt/g/system-defaults.json",
				User: "/alt/.gemini/settings.json", Workspace: "/p/.gemini/settings.json", System: "/opt/g/sys.json",
				TrustedFolders: "/t/tf.json", TrustedHooks: "/alt/.gemini/trusted_hooks.json", Extensions: "/alt/.gemini/extensions"},
		},
		{
			name: "explicit system defaults; relative paths against the project; empty GEMINI_CLI_HOME ignored", project: "/p", goos: "linux", home: "/home/u",
			env: settingsio.Env{"GEMINI_CLI_HOME=", "GEMINI_CLI_SYSTEM_DEFAULTS_PATH=conf/d.json", "SANDBOX=sandbox-exec"},
			want: paths{Home: "/home/u", GeminiDir: "/home/u/.gemini", SystemDefaults: "/p/conf/d.json",
				User: "/home/u/.gemini/settings.json", Workspace: "/p/.gemini/settings.json", System: "/etc/gemini-cli/settings.json",
				TrustedFolders: "/home/u/.cache/.gemini/trustedFolders.json", TrustedHooks: "/home/u/.gemini/trusted_hooks.json", Extensions: "/home/u/.gemini/extensions"},
		},
		{
			name: "project is the home folder: no workspace file", project: "/home/u/", goos: "linux", home: "/home/u",
			want: paths{Home: "/home/u", GeminiDir: "/home/u/.gemini", SystemDefaults: "/etc/gemini-cli/system-defaults.json",
				User: "/home/u/.gemini/settings.json", System: "/etc/gemini-cli/settings.json",
				TrustedFolders: "/home/u/.gemini/trustedFolders.json", TrustedHooks: "/home/u/.gemini/trusted_hooks.json", Extensions: "/home/u/.gemini/extensions"},
		},
		{
			name: "darwin compares home case-insensitively", project: "/Users/U", goos: "darwin", home: "/users/u",
			want: paths{Home: "/users/u", GeminiDir: "/users/u/.gemini", SystemDefaults: "/Library/Application Support/GeminiCli/system-defaults.json",
				User: "/users/u/.gemini/settings.json", System: "/Library/Application Support/GeminiCli/settings.json",
				TrustedFolders: "/users/u/.gemini/trustedFolders.json", TrustedHooks: "/users/u/.gemini/trusted_hooks.json", Extensions: "/users/u/.gemini/extensions"},
		},
		{
			name: "windows env names are case-insensitive", project: `c:\p`, goos: "windows", home: `C:\Users\u`,
			env: settingsio.Env{`gemini_cli_home=D:\h`},
			want: paths{Home: `D:\h`, GeminiDir: `D:\h\.gemini`, SystemDefaults: `C:\ProgramData\gemini-cli\system-defaults.json`,
				User: `D:\h\.gemini\settings.json`, Workspace: `c:\p\.gemini\settings.json`, System: `C:\ProgramData\gemini-cli\settings.json`,
				TrustedFolders: `D:\h\.gemini\trustedFolders.json`, TrustedHooks: `D:\h\.gemini\trusted_hooks.json`, Extensions: `D:\h\.gemini\extensions`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.goos == runtime.GOOS && tt.goos != "linux" {
				t.Skip("host paths would be realpath'd")
			}
			if got := resolvePaths(tt.project, tt.env, tt.goos, tt.home); got != tt.want {
				t.Errorf("ResolvePaths =\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

func TestResolvePathsWorkspaceHomeThroughSymlink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	home := t.TempDir()
	link := filepath.Join(t.TempDir(), "homelink")
	if err := os.Symlink(home, link); err != nil {
		t.Fatal(err)
	}
	if p := resolvePaths(link, nil, runtime.GOOS, home); p.Workspace != "" {
		t.Errorf("project %s (a link to home %s) has workspace %q; Gemini realpaths both and reads none", link, home, p.Workspace)
	}
	other := t.TempDir()
	if p := resolvePaths(other, nil, runtime.GOOS, home); p.Workspace != filepath.Join(other, ".gemini", "settings.json") {
		t.Errorf("workspace = %q", p.Workspace)
	}
}
