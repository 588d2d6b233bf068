package gemini

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/trust"

	"github.com/hookwarden/hookwarden/settingsio"
)

// fixture is a throw-away home folder and project for one test.
type fixture struct {
	t       testing.TB
	home    string
	project string
	store   trust.Store
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	root := t.TempDir()
	// Real paths, so that what Gemini sees (pwd -P) and what we key by agree.
	root, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{t: t, home: filepath.Join(root, "home"), project: filepath.Join(root, "proj"),
		store: trust.Store{Dir: filepath.Join(root, "config", "hookwarden")}}
	for _, d := range []string{filepath.Join(f.home, ".gemini"), filepath.Join(f.project, ".gemini")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

// on returns the fixture bound to t (a subtest's), so that its helpers
// report to that test.
func (f *fixture) on(t testing.TB) *fixture {
	c := *f
	c.t = t
	return &c
}

func (f *fixture) env() settingsio.Env {
	return settingsio.Env{
		"HOME=" + f.home,
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(f.home, "no-system", "settings.json"),
	}
}

// settings writes the project's .gemini/settings.json.
func (f *fixture) settings(content string) { f.write(".gemini/settings.json", content, 0o644) }

// write writes a file under the project.
func (f *fixture) write(rel, content string, mode os.FileMode) {
	f.t.Helper()
	writeFile(f.t, filepath.Join(f.project, rel), content, mode)
}

func (f *fixture) trustedHooksPath() string {
	return filepath.Join(f.home, ".gemini", "trusted_hooks.json")
}

func (f *fixture) load() *Project {
	f.t.Helper()
	return load(loadOptions{ProjectDir: f.project, Env: f.env(), GOOS: runtime.GOOS, Home: f.home})
}

func (f *fixture) opts() Options { return Options{Store: f.store} }

func (f *fixture) audit() *report {
	f.t.Helper()
	r, err := Audit(f.load(), f.opts())
	if err != nil {
		f.t.Fatal(err)
	}
	return reportOf(r)
}

// report is what these tests read of an audit (the package's own report
// type is gone: Audit builds agents.Review): the review, its hooks as the
// shared trust reviews, and what Gemini CLI's own document says — the
// trusted keys gone, its project-hooks warning, trusted_hooks.json's
// error.
type report struct {
	*agents.Review
	Hooks             []trust.HookReview `json:"hooks"`
	Gone              []string           `json:"gone"`
	GeminiWarnings    []string           `json:"gemini_warnings"`
	TrustedHooksError string             `json:"trusted_hooks_error,omitempty"`
}

func reportOf(r *agents.Review) *report {
	doc := r.Document.(*auditDoc)
	out := &report{Review: r, Hooks: []trust.HookReview{}, Gone: doc.Gone, GeminiWarnings: doc.GeminiWarnings, TrustedHooksError: doc.TrustedHooksError}
	for _, h := range r.Hooks {
		out.Hooks = append(out.Hooks, h.HookReview)
	}
	return out
}

func (f *fixture) approveAll() *approveResult {
	f.t.Helper()
	snap := f.load()
	hooks, _ := reviewedHooks(snap)
	res, err := approve(snap, f.opts(), hooks, fixedNow)
	if err != nil {
		f.t.Fatal(err)
	}
	return res
}

func (r *report) hook(t testing.TB, key string) trust.HookReview {
	t.Helper()
	for _, h := range r.Hooks {
		if h.Key == key {
			return h
		}
	}
	t.Fatalf("no hook with key %q in %+v", key, r.Hooks)
	return trust.HookReview{}
}
