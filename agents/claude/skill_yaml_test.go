package claude

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// A skill's frontmatter is read by the Claude-schema family's YAML reader
// (claudeschema.ParseYAML). Claude Code's own converter, which it
// replaces, kept no literal text of a number, so the timeout warning of a
// skill hook read "timeout is in seconds in Claude Code:  s is 1.0
// hours"; it took .inf and .nan for numbers JSON cannot hold (a warning
// of "+Inf hours", and for NaN no word at all with a NaN timeout); and it
// refused the whole file for a tagged scalar YAML's core schema reads as
// a string ("!!int abc", as Qwen Code's parser reads it), so its hooks
// went unlisted.
func TestSkillFrontmatterScalars(t *testing.T) {
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "p")
	os.MkdirAll(home, 0o755)
	skill := func(name, timeout string) {
		testenv.WriteFile(t, filepath.Join(project, ".claude", "skills", name, "SKILL.md"),
			"---\nname: "+name+"\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: echo "+name+"\n          timeout: "+timeout+"\n---\n")
	}
	skill("big", "3600")
	skill("inf", ".inf")
	skill("nan", ".nan")
	skill("tagged", "!!int abc")
	env := settingsio.Env{"HOME=" + home, EnvManagedDir + "=" + filepath.Join(home, "no-managed")}
	reg := build(load(options{ProjectDir: project, Env: env, GOOS: "linux", Home: home}))
	diag := map[string][]string{} // skill name → its diagnostics
	add := func(d hooks.Diagnostic) {
		if strings.Contains(d.Message, "cannot tell which hooks") {
			t.Errorf("%s refused whole: %s", d.File, d.Message)
		}
		name := filepath.Base(filepath.Dir(d.File))
		diag[name] = append(diag[name], string(d.Severity)+": "+d.Message)
	}
	for _, d := range reg.Diagnostics {
		add(d)
	}
	for _, h := range reg.Hooks {
		for _, d := range h.Diagnostics {
			add(d)
		}
	}
	listed := map[string]bool{}
	for _, h := range reg.Hooks {
		listed[h.Command] = true
	}
	want := map[string]string{
		"big":    "warning: timeout is in seconds in Claude Code: 3600 s is 1.0 hours",
		"inf":    "error: timeout must be a number of seconds, not string",
		"nan":    "error: timeout must be a number of seconds, not string",
		"tagged": "error: timeout must be a number of seconds, not string",
	}
	for name, w := range want {
		if !strings.Contains(strings.Join(diag[name], "\n"), w) || !listed["echo "+name] {
			t.Errorf("%s: listed %v, diagnostics %q, want %q", name, listed["echo "+name], diag[name], w)
		}
	}
}

// A skill whose frontmatter timeout is .inf made the review fail whole
// ("reading the handler …: invalid character '+'", audit exit 1) and
// list --json too ("json: unsupported value: +Inf"): one pulled skill
// kept every hook of the project from being reviewed. It is a string now
// (JSON holds no infinity): the hook is reviewed, with the timeout error.
func TestSkillWithInfiniteTimeoutIsReviewed(t *testing.T) {
	tmp := t.TempDir()
	home, dir, store := filepath.Join(tmp, "home"), filepath.Join(tmp, "p"), filepath.Join(tmp, "store")
	os.MkdirAll(home, 0o755)
	for _, v := range []string{".inf", "-.Inf", ".nan"} {
		name := strings.Trim(v, ".-")
		testenv.WriteFile(t, filepath.Join(dir, ".claude", "skills", name, "SKILL.md"),
			"---\nname: "+name+"\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: echo "+name+"\n          timeout: "+v+"\n---\n")
	}
	env := agents.Env{Vars: []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + store}, GOOS: "linux", Home: home}
	p, err := New().Open(context.Background(), env, dir)
	if err != nil {
		t.Fatal(err)
	}
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatalf("review: %v", err)
	}
	if len(r.Hooks) != 3 || !r.NeedsReview {
		t.Errorf("%d hooks reviewed (needs review %v), want the 3 skills' hooks", len(r.Hooks), r.NeedsReview)
	}
	for _, h := range p.Hooks() {
		if _, err := json.Marshal(p.HookDocument(h)); err != nil {
			t.Errorf("%s: its document: %v", h.Command, err)
		}
	}
}
