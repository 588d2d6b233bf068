package claudeschema

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// The .env search walks up from the project to the home, Dir/.env before
// .env in each folder; the project's two files are fingerprinted present
// or not, the loaded one too when it is the project's, and its variables
// (less the drops, compared without case and with - as _) resolve
// commands; Apply keeps what the environment or an earlier file set.
func TestDotEnv(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	project := filepath.Join(home, "src", "repo", "sub")
	write := func(p, s string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(home, ".ag", ".env"), "A=home\n")
	d := &DotEnv{Dir: ".ag", HomeDir: home, Home: []string{filepath.Join(home, ".ag", ".env")}, Drops: []string{"BASH_ENV", "GIT_CONFIG_KEY_*", "npm_config_prefix"}}
	if got := d.found(project); got != "" {
		t.Errorf("no project file: found %q (the home's is the user's)", got)
	}
	write(filepath.Join(home, "src", "repo", ".env"), "B=repo\n")
	if got := d.found(project); got != filepath.Join(home, "src", "repo", ".env") {
		t.Errorf("parent's .env: found %q", got)
	}
	rt := d.runtime(project)
	// The parent's file is watched, not one of the project's EnvFiles; its
	// variables resolve the hooks' commands as those of the project's own
	// (gate10: they were left out, so `. "$B/x.sh"` stayed unresolved).
	if want := []string{filepath.Join(project, ".ag", ".env"), filepath.Join(project, ".env")}; !slices.Equal(rt.EnvFiles, want) || len(rt.Env) != 1 || rt.Env["B"] != "repo" {
		t.Errorf("outside the project: %q %v", rt.EnvFiles, rt.Env)
	}
	write(filepath.Join(project, ".env"), "C=root\n")
	write(filepath.Join(project, ".ag", ".env"), "A=project\nBASH_ENV=x\ngit_config_key_0=y\nNPM-CONFIG-PREFIX=z\nPATH=/evil\n")
	rt = d.runtime(project)
	if len(rt.EnvFiles) != 3 || rt.EnvFiles[2] != filepath.Join(project, ".ag", ".env") || rt.Env["A"] != "project" || len(rt.Env) != 2 {
		t.Errorf("project file: %q %v", rt.EnvFiles, rt.Env)
	}
	env := d.Apply(settingsio.Env{"PATH=/usr/bin"}, project)
	if env.Get("A") != "project" || env.Get("PATH") != "/usr/bin" || env.Has("BASH_ENV") || env.Has("C") || env.Has("B") {
		t.Errorf("applied %q", env)
	}
}
