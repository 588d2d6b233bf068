package gemini

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"
)

// geminiFolders runs Gemini CLI 0.61's own trustedFolders code on file:
// optionally setValue(dir, level) first, then loadTrustedFolders and
// isPathTrusted(dir).
func geminiFolders(t *testing.T, core, file, dir, setLevel string) (errors []string, trusted *bool) {
	t.Helper()
	script := `
const [core, dir, level] = process.argv.slice(1);
const t = await import(core + '/utils/trust.js');
if (level) { await t.loadTrustedFolders().setValue(dir, level); t.resetTrustedFoldersForTesting(); }
const f = t.loadTrustedFolders();
const r = f.errors.length ? undefined : f.isPathTrusted(dir);
process.stdout.write(JSON.stringify({ errors: f.errors.map((e) => e.message), trusted: r === undefined ? null : r }));
`
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", "--input-type=module", "-e", script, core, dir, setLevel)
	cmd.Env = []string{"HOME=" + filepath.Dir(file), "PATH=" + os.Getenv("PATH"), "GEMINI_CLI_TRUSTED_FOLDERS_PATH=" + file}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var out struct {
		Errors  []string `json:"errors"`
		Trusted *bool    `json:"trusted"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("node output %q: %v", stdout.String(), err)
	}
	return out.Errors, out.Trusted
}

// TestFolderTrustWritesLikeGemini compares SetFolderTrust with Gemini's own
// setValue: same bytes where Gemini's re-serialization loses nothing, and
// a file Gemini reads with the decision intact where comments are kept.
func TestFolderTrustWritesLikeGemini(t *testing.T) {
	core := oracleCore(t)
	dir := t.TempDir()
	project := filepath.Join(dir, "Proj")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	key := FolderKey(project, runtime.GOOS)
	tests := []struct {
		name      string
		before    *string
		level     trustLevel
		sameBytes bool
		trusted   bool
	}{
		{"new file", nil, trustFolder, true, true},
		{"Gemini layout with others", ptr("{\n  \"/a\": \"TRUST_FOLDER\",\n  \"/b\": \"DO_NOT_TRUST\"\n}"), doNotTrust, true, false},
		{"replace own entry", ptr("{\n  \"" + key + "\": \"DO_NOT_TRUST\",\n  \"/b\": \"TRUST_PARENT\"\n}"), trustParent, true, true},
		{"comments kept", ptr("{\n  // my folders\n  \"/a\": \"TRUST_FOLDER\" /* old */ // x\n}"), trustFolder, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ours := filepath.Join(t.TempDir(), "trustedFolders.json")
			theirs := filepath.Join(t.TempDir(), "trustedFolders.json")
			if tc.before != nil {
				writeFile(t, ours, *tc.before, 0o600)
				writeFile(t, theirs, *tc.before, 0o600)
			}
			if err := setFolderTrust(context.Background(), ours, project, tc.level, runtime.GOOS); err != nil {
				t.Fatal(err)
			}
			geminiFolders(t, core, theirs, project, string(tc.level))
			a, b := readFile(t, ours), readFile(t, theirs)
			if tc.sameBytes && a != b {
				t.Errorf("Hookwarden wrote\n%s\nGemini writes\n%s", a, b)
			}
			errs, trusted := geminiFolders(t, core, ours, project, "")
			if len(errs) > 0 || trusted == nil || *trusted != tc.trusted {
				t.Errorf("Gemini reads our file as errors %q trusted %v, want %v\n%s", errs, trusted, tc.trusted, a)
			}
			if fi, _ := os.Stat(ours); tc.before == nil && fi.Mode().Perm() != 0o600 {
				t.Errorf("new file mode %v", fi.Mode().Perm())
			}
		})
	}
}

func TestFolderTrustRefusesWhatGeminiRefuses(t *testing.T) {
	tests := []struct{ name, content string }{
		{"trailing comma", "{\"/a\": \"TRUST_FOLDER\",}"},
		{"bad level", "{\"/a\": \"YES\"}"},
		{"not an object", "[]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "trustedFolders.json")
			writeFile(t, file, tc.content, 0o600)
			if err := setFolderTrust(context.Background(), file, "/p", trustFolder, "linux"); err == nil {
				t.Fatal("no error")
			}
			if got := readFile(t, file); got != tc.content {
				t.Errorf("file changed to %q", got)
			}
			if _, err := os.Stat(file + ".lock"); err == nil {
				t.Errorf("lock left behind")
			}
		})
	}
}

func TestFolderKey(t *testing.T) {
	tests := []struct{ dir, goos, want string }{
		{"/Users/Ann/Proj", "darwin", "/users/ann/proj"},
		{"/home/Ann/Proj", "linux", "/home/Ann/Proj"},
		{`C:\Users\Ann\Proj`, "windows", "c:/users/ann/proj"},
	}
	for _, tc := range tests {
		if got := FolderKey(tc.dir, tc.goos); got != tc.want {
			t.Errorf("FolderKey(%q, %s) = %q, want %q", tc.dir, tc.goos, got, tc.want)
		}
	}
}
