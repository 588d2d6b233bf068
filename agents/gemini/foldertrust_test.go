package gemini

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

func TestFolderTrustDecision(t *testing.T) {
	tests := []struct {
		name       string
		env        []string
		user       string // user settings.json
		trusted    string // trustedFolders.json; "" = none. @PROJ@/@UP@ are replaced.
		wantState  folderTrustState
		wantRule   string
		wantLevel  trustLevel
		wantErrMsg string
	}{
		{name: "no file: undecided", wantState: FolderUndecided},
		{name: "env true", env: []string{"GEMINI_CLI_TRUST_WORKSPACE=true"}, trusted: `{"@PROJ@":"DO_NOT_TRUST"}`, wantState: FolderTrusted, wantRule: envTrustWorkspace},
		{name: "env false", env: []string{"GEMINI_CLI_TRUST_WORKSPACE=false"}, trusted: `{"@PROJ@":"TRUST_FOLDER"}`, wantState: folderUntrusted, wantRule: envTrustWorkspace},
		{name: "env value is exact", env: []string{"GEMINI_CLI_TRUST_WORKSPACE=TRUE"}, wantState: FolderUndecided},
		{name: "restricted mode wins", env: []string{"GEMINI_RESTRICTED_MODE=true", "GEMINI_CLI_TRUST_WORKSPACE=true"}, wantState: folderUntrusted, wantRule: envRestrictedMode},
		{name: "folder trust disabled", user: `{"security":{"folderTrust":{"enabled":false}}}`, trusted: `{"@PROJ@":"DO_NOT_TRUST"}`, wantState: FolderTrusted, wantRule: "security.folderTrust.enabled=false"},
		{name: "folder trust disabled by string", user: `{"security":{"folderTrust":{"enabled":"false"}}}`, wantState: FolderTrusted, wantRule: "security.folderTrust.enabled=false"},
		{name: "null means default (enabled)", user: `{"security":{"folderTrust":{"enabled":null}}}`, wantState: FolderUndecided},
		{name: "trust folder", trusted: `{"@PROJ@":"TRUST_FOLDER"}`, wantState: FolderTrusted, wantRule: "@PROJ@", wantLevel: trustFolder},
		{name: "trust parent of a sibling", trusted: `{"@UP@/sibling":"TRUST_PARENT"}`, wantState: FolderTrusted, wantRule: "@UP@/sibling", wantLevel: trustParent},
		{name: "rule on an ancestor covers subfolders", trusted: "// comment\n{\"@UP@\":\"TRUST_FOLDER\"}", wantState: FolderTrusted, wantRule: "@UP@", wantLevel: trustFolder},
		{name: "longest key wins", trusted: `{"@UP@":"TRUST_FOLDER","@PROJ@":"DO_NOT_TRUST"}`, wantState: folderUntrusted, wantRule: "@PROJ@", wantLevel: doNotTrust},
		{name: "longest key wins regardless of order", trusted: `{"@PROJ@":"TRUST_FOLDER","@UP@":"DO_NOT_TRUST"}`, wantState: FolderTrusted, wantRule: "@PROJ@", wantLevel: trustFolder},
		{name: "trailing slash normalized", trusted: `{"@PROJ@/":"DO_NOT_TRUST"}`, wantState: folderUntrusted, wantRule: "@PROJ@/", wantLevel: doNotTrust},
		{name: "prefix that is not a parent does not match", trusted: `{"@PROJ@-other":"TRUST_FOLDER"}`, wantState: FolderUndecided},
		{name: "invalid level is fatal", trusted: `{"@PROJ@":"TRUST_FOLDER","/x":"YES","/y":7}`, wantState: folderUntrusted,
			wantErrMsg: `Invalid trust level "YES" for path "/x". Possible values are: TRUST_FOLDER, TRUST_PARENT, DO_NOT_TRUST.; Invalid trust level "7" for path "/y".`},
		{name: "not an object", trusted: `[]`, wantState: folderUntrusted, wantErrMsg: "Trusted folders file is not a valid JSON object."},
		{name: "syntax error", trusted: `{"@PROJ@":}`, wantState: folderUntrusted, wantErrMsg: "invalid character"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newLoadFixture(t)
			f.project = filepath.Join(f.project, "app")
			if err := os.MkdirAll(f.project, 0o755); err != nil {
				t.Fatal(err)
			}
			f.env = append(settingsio.Env{"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(f.sys, "settings.json")}, tt.env...)
			if tt.user != "" {
				f.write(filepath.Join(f.home, ".gemini", "settings.json"), tt.user)
			}
			tfPath := filepath.Join(f.home, ".gemini", "trustedFolders.json")
			replace := strings.NewReplacer("@PROJ@", f.project, "@UP@", filepath.Dir(f.project))
			if tt.trusted != "" {
				f.write(tfPath, replace.Replace(tt.trusted))
			}
			ft := f.load().FolderTrust
			if ft.State != tt.wantState || ft.Rule != replace.Replace(tt.wantRule) || ft.Level != string(tt.wantLevel) {
				t.Errorf("got state %s rule %q level %q (%s), want %s %q %q", ft.State, ft.Rule, ft.Level, ft.Reason,
					tt.wantState, replace.Replace(tt.wantRule), tt.wantLevel)
			}
			if ft.File != tfPath || ft.Reason == "" {
				t.Errorf("file %q reason %q", ft.File, ft.Reason)
			}
			if (tt.wantErrMsg == "") != (ft.Err == nil) || ft.Err != nil && !strings.Contains(ft.Err.Msg, tt.wantErrMsg) {
				t.Errorf("err %v, want %q", ft.Err, tt.wantErrMsg)
			}
		})
	}
}

func TestFolderTrustRealpathsRulesAndLocation(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	f := newLoadFixture(t)
	link := filepath.Join(t.TempDir(), "via-link")
	if err := os.Symlink(f.project, link); err != nil {
		t.Fatal(err)
	}
	f.env = settingsio.Env{"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(f.sys, "settings.json")}
	f.write(filepath.Join(f.home, ".gemini", "trustedFolders.json"), `{"`+link+`":"TRUST_FOLDER"}`)
	if ft := f.load().FolderTrust; ft.State != FolderTrusted {
		t.Errorf("rule through a link to the project: %s (%s)", ft.State, ft.Reason)
	}
	f.project = link
	f.write(filepath.Join(f.home, ".gemini", "trustedFolders.json"), `{"`+filepath.Dir(filepath.Join(f.home, "..", "proj", "x"))+`":"DO_NOT_TRUST"}`)
	if ft := f.load().FolderTrust; ft.State != folderUntrusted {
		t.Errorf("project opened through a link: %s (%s)", ft.State, ft.Reason)
	}
}

func TestTrustRulesForOtherOS(t *testing.T) {
	tests := []struct {
		goos, project, key string
		level              trustLevel
		want               bool
	}{
		{"darwin", "/Users/U/Proj", "/users/u/proj", trustFolder, true},
		{"linux", "/home/U/proj", "/home/u/proj", trustFolder, false},
		{"windows", `C:\Users\U\Proj\sub`, `c:\users\u\proj`, trustFolder, true},
		{"windows", `C:\Users\U\Proj`, `C:/Users/U/Proj/child`, trustParent, true},
		{"windows", `D:\Users\U\Proj`, `C:\Users\U\Proj`, trustFolder, false},
	}
	for _, tt := range tests {
		if tt.goos == runtime.GOOS {
			continue
		}
		data := []byte(`{` + quoteJSON(tt.key) + `:"` + string(tt.level) + `"}`)
		rules, perr := parseTrustedFolders("tf", data, tt.goos, tt.project)
		if perr != nil {
			t.Fatal(perr)
		}
		_, ok := matchTrustRules(rules, tt.project, tt.goos, tt.project)
		if ok != tt.want {
			t.Errorf("%s: rule %q %s for %q matches=%v, want %v", tt.goos, tt.key, tt.level, tt.project, ok, tt.want)
		}
	}
}

func quoteJSON(s string) string { return `"` + strings.ReplaceAll(s, `\`, `\\`) + `"` }
