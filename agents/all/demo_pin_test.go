package all

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/settingsio"
)

// The demo reads its own files, not the machine's: with the user's own
// agent homes and system-settings variables set, ApproveDemo points every
// agent back at the demo (the home variables dropped, the system-settings
// variables pointed into the demo's folder), and every settings layer an
// agent reads for the demo lies inside it, except the system folders an
// agent reads at a fixed path (those the agent itself does not let move).
func TestDemoReadsNoFileOfTheMachine(t *testing.T) {
	reg := Registry()
	d, err := assets.MaterializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if err := agents.ApproveDemo(context.Background(), reg, &d, "linux", time.Now()); err != nil {
		t.Fatal(err)
	}
	mine := t.TempDir()
	facts := reg.Facts()
	var base settingsio.Env
	for _, v := range facts.HomeVars {
		base = append(base, v+"="+filepath.Join(mine, strings.ToLower(v)))
	}
	env := d.Overlay(base)
	for _, kv := range env {
		if strings.Contains(kv, mine) {
			t.Errorf("the demo's environment keeps the user's %s", kv)
		}
	}
	for _, v := range facts.SystemVars {
		got := env.Get(v)
		if !strings.HasPrefix(got, d.Root+string(filepath.Separator)) {
			t.Errorf("%s = %q, want a path inside the demo %s", v, got, d.Root)
		}
	}
	fixed := map[string]bool{}
	for _, f := range facts.Config {
		if strings.HasPrefix(f.Path, "/") {
			fixed[strings.TrimSuffix(f.Path, "/")] = true
		}
	}
	for _, a := range reg.All() {
		p, err := a.Open(context.Background(), agents.Env{Vars: env, GOOS: "linux", Home: d.Home}, d.ProjectDir)
		if err != nil {
			t.Fatalf("%s: %v", a.Info().Name, err)
		}
		for _, l := range p.Layers() {
			if l.Path == "" || strings.HasPrefix(l.Path, d.Root+string(filepath.Separator)) || underFixed(l.Path, fixed) {
				continue
			}
			t.Errorf("%s: the demo reads %s layer %s, outside the demo", a.Info().Name, l.Kind, l.Path)
		}
	}
}

func underFixed(p string, fixed map[string]bool) bool {
	for d := p; d != "/" && d != "."; d = filepath.Dir(d) {
		if fixed[d] {
			return true
		}
	}
	return false
}
