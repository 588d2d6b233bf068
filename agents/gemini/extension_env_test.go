package gemini

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// An extension hook the project controls (its home moved into the project
// by the project's .env, or a ${NAME} from the project's .env) takes
// values from an extension's .env: a pull that changes that .env changes
// what the hook runs, so the approved hook reads as changed.
func TestChangedExtensionDotEnvReadsAsChanged(t *testing.T) {
	for _, c := range []struct {
		name, envFile, before, after string
		moved                        bool
	}{
		{"the moved home's extension .env, in the command", "h/.gemini/extensions/x/.env", "A=one\nS=s1\n", "A=two\nS=s1\n", true},
		{"the moved home's extension .env, as a setting's variable", "h/.gemini/extensions/x/.env", "A=one\nS=s1\n", "A=one\nS=s2\n", true},
		{"the project's .env, in a user extension's command", ".env", "A=one\n", "A=two\n", false},
		{"the project's .env, as a user extension's setting", ".env", "A=one\nS=s1\n", "A=one\nS=s2\n", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			if err := os.WriteFile(filepath.Join(f.home, ".gemini", "trustedFolders.json"), []byte(`{"`+f.project+`": "TRUST_FOLDER"}`), 0o644); err != nil {
				t.Fatal(err)
			}
			ext := filepath.Join(f.home, ".gemini", "extensions", "x")
			if c.moved {
				f.write(".gemini/.env", "GEMINI_CLI_HOME="+filepath.Join(f.project, "h")+"\n", 0o644)
				ext = filepath.Join(f.project, "h", ".gemini", "extensions", "x")
			}
			writeFile(t, filepath.Join(ext, "gemini-extension.json"), `{"name":"x","version":"1.0.0","settings":[{"name":"s","description":"s","envVar":"S"}]}`, 0o644)
			writeFile(t, filepath.Join(ext, "hooks", "hooks.json"), `{"hooks":{"BeforeAgent":[{"hooks":[{"type":"command","name":"e","command":"echo ${A}"}]}]}}`, 0o644)
			f.write(c.envFile, c.before, 0o644)
			env := agents.Env{Vars: f.env(), GOOS: "linux", Home: f.home}
			p, err := agent{}.Open(context.Background(), env, f.project)
			if err != nil {
				t.Fatal(err)
			}
			r, err := p.Review(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Hooks) == 0 {
				t.Fatalf("no reviewed hook: the extension hook is the project's (%+v)", p.Hooks())
			}
			if _, err := p.Approve(context.Background(), agents.ApproveRequest{All: true, AcceptUnwatched: true}); err != nil {
				t.Fatal(err)
			}
			f.write(c.envFile, c.after, 0o644)
			p2, err := agent{}.Open(context.Background(), env, f.project)
			if err != nil {
				t.Fatal(err)
			}
			r2, err := p2.Review(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if !r2.NeedsReview {
				for _, h := range r2.Hooks {
					t.Logf("%s %s %q env %v", h.Status, h.Label, h.Command, h.Fields)
				}
				t.Errorf("a changed %s reads as unchanged", c.envFile)
			}
		})
	}
}
