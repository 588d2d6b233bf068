package trust

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkGuardScripts is the script part of a guard check: 1,000
// approved hooks running 100 scripts reviewed against their approvals,
// reading every script ("read", the baseline) or taking unchanged ones
// from the sealed fingerprint cache ("cached"), in the same run (issue 28).
func BenchmarkGuardScripts(b *testing.B) {
	root, _ := filepath.EvalSymlinks(b.TempDir())
	project, store := filepath.Join(root, "project"), Store{Dir: filepath.Join(root, "config")}
	old := time.Now().Add(-time.Hour)
	for i := 0; i < 100; i++ {
		p := filepath.Join(project, "hooks", fmt.Sprintf("s%03d.sh", i))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte("#!/bin/sh\n"+strings.Repeat(fmt.Sprintf("echo script %d >/dev/null\n", i), 60)), 0o755)
		os.Chtimes(p, old, old)
	}
	type hook struct {
		rv HookReview
		ap *Approval
	}
	var hs []hook
	fp := NewFingerprinter(project)
	for i := 0; i < 1000; i++ {
		cmd := fmt.Sprintf("bash hooks/s%03d.sh %d", i%100, i)
		scripts, perr, err := fp.Scripts(cmd, nil, nil)
		if perr != nil || err != nil {
			b.Fatal(perr, err)
		}
		hs = append(hs, hook{HookReview{ProjectHook: ProjectHook{Command: cmd, IsCommand: true}}, &Approval{Scripts: scripts}})
	}
	if err := store.Update(func(*StoreData) error { return nil }); err != nil {
		b.Fatal(err)
	}
	review := func(b *testing.B, cached bool) {
		var c *FingerprintCache
		if cached {
			data, err := store.Load()
			if err != nil {
				b.Fatal(err)
			}
			c = data.UseFingerprintCache(store)
		}
		r := NewScriptReviewer(project)
		r.UseCache(c)
		for _, h := range hs {
			rv := h.rv
			r.ReviewScripts(&rv, h.ap)
			if rv.Scripts[0].Flagged {
				b.Fatalf("%+v", rv.Scripts[0])
			}
		}
		if err := c.Save(); err != nil {
			b.Fatal(err)
		}
	}
	review(b, true) // fills the cache
	b.Run("read", func(b *testing.B) {
		for b.Loop() {
			review(b, false)
		}
	})
	b.Run("cached", func(b *testing.B) {
		for b.Loop() {
			review(b, true)
		}
	})
}
