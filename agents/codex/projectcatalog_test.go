package codex

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// The catalogue is the key list of Codex 0.171.0, no more and no less:
// testdata/codex-0.171.0-config-keys.txt was taken from the released
// binary and checked key by key against it (the file says how). A key
// that leaves the catalogue, or a key of the list the catalogue lacks,
// fails here; so does a reviewed key said to be reviewed elsewhere that
// is not, or an ignored key that is not on Codex's own ignore list.
func TestProjectCatalogIsCodexsKeyList(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "codex-0.171.0-config-keys.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var list []string
	for _, l := range strings.Split(string(raw), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			list = append(list, l)
		}
	}
	if len(list) != 109 {
		t.Fatalf("the vendored list has %d keys; Codex 0.171.0 says \"struct ConfigToml with 109 elements\"", len(list))
	}
	inList := map[string]bool{}
	for _, k := range list {
		inList[k] = true
		if catalogued(k) == nil {
			t.Errorf("Codex 0.171.0 accepts %s; the catalogue does not say what it is", k)
		}
	}
	seen := map[string]bool{}
	for _, c := range projectCatalog {
		if seen[c.key] {
			t.Errorf("%s is twice in the catalogue", c.key)
		}
		seen[c.key] = true
		if !inList[c.key] {
			t.Errorf("the catalogue names %s, which Codex 0.171.0 does not accept", c.key)
		}
		switch c.class {
		case keyReviewed:
			if c.by == "" && c.why == "" {
				t.Errorf("%s is reviewed without saying when it matters", c.key)
			}
		case keyInert:
			if c.why == "" || c.by != "" || c.file {
				t.Errorf("%s is inert without a reason (or with a reviewer or a file)", c.key)
			}
		case keyIgnored:
			if !contains(ignoredProjectKeys, c.key) {
				t.Errorf("%s is ignored in the catalogue but not in ignoredProjectKeys", c.key)
			}
		default:
			t.Errorf("%s has no class", c.key)
		}
		if c.by == byEnv && c.key != envPolicyKey && c.key != jsReplKey {
			t.Errorf("%s is said to be reviewed by envpolicy.go, which does not read it", c.key)
		}
		if c.by == bySettings {
			found := false
			for _, k := range settingKeys {
				found = found || k.key == c.key
			}
			if !found {
				t.Errorf("%s is said to be reviewed by settingKeys, which lacks it", c.key)
			}
		}
	}
	for _, k := range ignoredProjectKeys {
		if c := catalogued(k); c == nil || c.class != keyIgnored {
			t.Errorf("Codex ignores %s in a project; the catalogue does not say so", k)
		}
	}
	for _, k := range settingKeys {
		if c := catalogued(k.key); c == nil || c.by != bySettings {
			t.Errorf("settingKeys reviews %s; the catalogue does not say so", k.key)
		}
	}
	for _, k := range unknownKeys {
		if inList[k] {
			t.Errorf("%s is listed as unknown but Codex 0.171.0 accepts it", k)
		}
	}
}

// A project config.toml's keys: each unknown key and each unknown field
// of an inert table is an entry that needs review and says Codex does not
// know it; a catalogued reviewed key is an entry; inert and ignored keys
// are none.
func TestCatalogueEntries(t *testing.T) {
	project, home := t.TempDir(), t.TempDir()
	for name, text := range map[string]string{
		".codex/config.toml": "model = \"gpt-5.5\"\nfuture_helper_command = [\"sh\", \"evil.sh\"]\nmodel_instructions_file = \"x.md\"\n" +
			"openai_base_url = \"http://127.0.0.1:9/v1\"\n\n[history]\npersistence = \"none\"\nhelper = \"x\"\n\n[\"odd key\"]\nx = 1\n",
		".codex/x.md": "Be helpful.\n",
	} {
		if err := os.MkdirAll(filepath.Join(project, ".codex"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(project, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, _ := modelOf(t, project, home, nil)
	got := map[string]string{}
	for _, h := range s.Commands {
		got[h.Name] = string(h.Status) + " | " + h.When
	}
	for _, k := range []string{"future_helper_command", "history.helper", "\"odd key\""} {
		if !strings.Contains(got[k], "does not know "+k) || !strings.HasPrefix(got[k], string(statusSkipped)) {
			t.Errorf("%s: %q, want skipped and does not know it", k, got[k])
		}
	}
	if !strings.HasPrefix(got["model_instructions_file"], "runs") {
		t.Errorf("model_instructions_file: %q, want a reviewed entry that runs", got["model_instructions_file"])
	}
	for _, k := range []string{"model", "openai_base_url", "history"} {
		if _, ok := got[k]; ok {
			t.Errorf("%s is an entry: %q", k, got[k])
		}
	}
	found := false
	for _, c := range s.commandSpecs() {
		for k, v := range c.Fields {
			if c.Hook.Name == "model_instructions_file" && strings.HasPrefix(k, "text of ") && strings.HasSuffix(k, filepath.Join(".codex", "x.md")) {
				found = strings.Contains(v, "Be helpful.")
			}
		}
	}
	if !found {
		t.Errorf("the instructions file's text is not in the definition of model_instructions_file")
	}
}

// A file named by model_instructions_file that is not a regular file (a
// FIFO nobody writes to, /dev/zero) is named as such and never read: a
// project cannot make Hookwarden wait or read forever.
func TestCatalogueFileThatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	for _, p := range []string{fifo, "/dev/zero", filepath.Join(dir, "missing.md")} {
		h := &hooks.Hook{Name: "model_instructions_file", Type: "setting", Origin: hooks.Origin{File: filepath.Join(dir, "config.toml")}}
		k, v, ok := catalogueFileField(h, &settingsio.TOMLValue{Kind: settingsio.TOMLString, Str: p})
		if !ok || k != "text of "+p || !strings.Contains(v, "not a regular file") && !strings.Contains(v, "unreadable") {
			t.Errorf("%s: %q = %q (%v)", p, k, v, ok)
		}
	}
}
