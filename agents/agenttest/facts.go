package agenttest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// FactsCoverLayers opens dir with a in env and fails for every file its
// Layers show that a.Info().Facts does not name (Facts.Covers), unless
// the path ends in one of the keys of others (a file that is not the
// agent's own: the project's .env, Hookwarden's store), whose values say
// why. It returns the paths it checked.
func FactsCoverLayers(t *testing.T, a agents.Agent, env agents.Env, dir string, others map[string]string) []string {
	t.Helper()
	p, err := a.Open(context.Background(), env, dir)
	if err != nil {
		t.Fatal(err)
	}
	facts := a.Info().Facts
	var checked []string
	for _, l := range p.Layers() {
		if l.Path == "" {
			continue
		}
		checked = append(checked, l.Path)
		if _, ok := facts.Covers(l.Path, env.Home); ok {
			continue
		}
		other := false
		for suffix := range others {
			if strings.HasSuffix(filepath.ToSlash(l.Path), suffix) {
				other = true
			}
		}
		if !other {
			t.Errorf("%s reads %s (%s layer %q), which its Facts do not name", a.Info().Title, l.Path, l.Kind, l.Layer)
		}
	}
	if len(checked) == 0 {
		t.Fatalf("%s shows no layers", a.Info().Title)
	}
	return checked
}

// FactsEventsExist fails for an event a.Info().Facts names that is none
// of a's events (nor a name a file may write for one).
func FactsEventsExist(t *testing.T, a agents.Agent) {
	t.Helper()
	known := map[string]bool{}
	for _, e := range a.Events() {
		known[string(e.Name)] = true
		for _, x := range e.Aliases {
			known[string(x)] = true
		}
	}
	f := a.Info().Facts
	for _, evs := range [][]string{f.PermissionEvents, f.ContinueEvents, f.ContextEvents} {
		for _, e := range evs {
			if !known[e] {
				t.Errorf("%s's Facts name the event %q, which it does not have", a.Info().Title, e)
			}
		}
	}
}

// WriteFile writes content to path, making its folders, for a fixture.
func WriteFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// CopyTree copies the folder src to dst (created where missing): folders
// 0755, files 0644, as a fixture is used.
func CopyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if fi.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
