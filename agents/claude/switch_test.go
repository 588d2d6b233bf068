package claude

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

func TestClaudeSwitchLockSaysWhatClaudeDisableRefuses(t *testing.T) {
	f := newStoreFixture(t)
	_, hs := f.load(t)
	tests := []struct {
		name   string
		hook   *hooks.Hook
		locked bool
	}{
		{"project handler", hs[1], false},
		{"plugin handler", &hooks.Hook{ID: "p", Agent: Name, Type: "command", Command: "fmt.sh",
			Origin: hooks.Origin{Layer: layerPlugin, Extension: "fmt@market", File: "/p/hooks/hooks.json", Path: "hooks.Stop[0].hooks[0]"}}, true},
		{"managed handler", &hooks.Hook{ID: "m", Agent: Name, Type: "command", Command: "audit.sh",
			Origin: hooks.Origin{Layer: layerManaged, File: "/etc/claude-code/managed-settings.json", Path: "hooks.Stop[0].hooks[0]"}}, true},
	}
	for _, tt := range tests {
		lock := switchLock(tt.hook)
		if (lock != "") != tt.locked {
			t.Errorf("%s: lock %q, want locked=%v", tt.name, lock, tt.locked)
		}
		if !tt.locked {
			continue
		}
		_, err := disable(tt.hook, f.dir, f.store, time.Now())
		if err == nil || err.Error() != lock {
			t.Errorf("%s: Disable says %v, the lock says %q", tt.name, err, lock)
		}
	}
}

func TestClaudeDisabledIDIsWhatClaudeEnableTakes(t *testing.T) {
	f := newStoreFixture(t)
	snap, hs := f.load(t)
	if _, ok := disabledID(hs[1]); ok {
		t.Errorf("%s is in its file, yet has a disabled ID", hs[1].ID)
	}
	rec, err := disable(hs[1], f.dir, f.store, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	listed, err := disabledHooks(f.store, snap)
	if err != nil || len(listed) != 1 {
		t.Fatalf("listed %v, %v", listed, err)
	}
	id, ok := disabledID(listed[0])
	if !ok || id != rec.ID {
		t.Fatalf("DisabledID = %q, %v; the record is %q", id, ok, rec.ID)
	}
	if _, err := enable(id, f.store); err != nil {
		t.Fatal(err)
	}
}

func TestClaudeUnapprovedHoldsReviewedHandlersNotTrusted(t *testing.T) {
	f := newStoreFixture(t)
	snap, hs := f.load(t)
	user := &hooks.Hook{ID: "u", Agent: Name, Type: "command", Command: "echo user",
		Origin: hooks.Origin{Layer: settingsio.LayerUser, File: filepath.Join(f.home, ".claude", "settings.json")}}
	planned := append([]*hooks.Hook{user}, hs[:2]...)
	ids := func(hs []*hooks.Hook) []string {
		var out []string
		for _, h := range hs {
			out = append(out, h.ID)
		}
		return out
	}
	if got, want := ids(unapproved(nil, planned)), ids(hs[:2]); !slices.Equal(got, want) {
		t.Errorf("without an audit: %v, want every project handler %v", got, want)
	}
	if _, err := approve(snap, hs[:1], f.store, time.Now()); err != nil {
		t.Fatal(err)
	}
	rep := f.audit(t)
	if got, want := ids(unapproved(rep, planned)), ids(hs[1:2]); !slices.Equal(got, want) {
		t.Errorf("after approving the first: %v, want %v", got, want)
	}
}
