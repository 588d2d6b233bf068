package buildinfo

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

func TestFromBuildInfo(t *testing.T) {
	stamped := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/hookwarden/hookwarden", Version: "v0.0.0-20261201180000-1a2b3c4d5e6f"},
		Settings: []debug.BuildSetting{
			{Key: "GOOS", Value: "darwin"}, {Key: "GOARCH", Value: "arm64"},
			{Key: "vcs.revision", Value: "1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d"},
			{Key: "vcs.time", Value: "2026-12-01T18:00:00Z"}, {Key: "vcs.modified", Value: "true"},
		}}
	got := fromBuildInfo(stamped, true)
	want := Info{Version: Release, Commit: "1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d",
		Date: "2026-12-01T18:00:00Z", Modified: true, Go: "go1.26.8", Platform: "darwin/arm64"}
	if got != want {
		t.Fatalf("fromBuildInfo = %+v\nwant %+v", got, want)
	}
	if s := got.String(); s != "hookwarden "+Release+" (commit 1a2b3c4d5e6f+modified, 2026-12-01T18:00:00Z, go1.26.8 darwin/arm64)" {
		t.Errorf("String() = %q", s)
	}
	long := got.Long()
	for _, line := range []string{"version:  " + Release, "commit:   1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d (modified)", "date:     2026-12-01T18:00:00Z", "platform: darwin/arm64"} {
		if !strings.Contains(long, line) {
			t.Errorf("Long() lacks %q:\n%s", line, long)
		}
	}

	// A build without VCS stamps (-buildvcs=false, a tarball of the source)
	// says so instead of printing empty fields.
	plain := fromBuildInfo(&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, true)
	if plain.Version != Release || plain.Commit != "" {
		t.Errorf("unstamped build = %+v, want version %s and no commit", plain, Release)
	}
	if s := plain.String(); !strings.Contains(s, "commit unknown") || !strings.Contains(s, "date unknown") {
		t.Errorf("unstamped String() = %q", s)
	}
	if got := fromBuildInfo(&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201180000-1a2b3c4d5e6f+dirty"}}, true).Version; got != Release {
		t.Errorf("an untagged dirty checkout reads %q, want %s", got, Release)
	}
	// A tag and a pseudo-version that follows one are the module's own.
	for v, want := range map[string]string{"v1.2.3": "1.2.3", "v1.2.4-0.20261201180000-1a2b3c4d5e6f": "1.2.4-0.20261201180000-1a2b3c4d5e6f"} {
		if got := fromBuildInfo(&debug.BuildInfo{Main: debug.Module{Version: v}}, true).Version; got != want {
			t.Errorf("module version %s reads %q, want %q", v, got, want)
		}
	}
	if none := fromBuildInfo(nil, false); none.Version != Release {
		t.Errorf("no build info: %+v", none)
	}
}

// TestReleaseMatchesFyneApp keeps Release and FyneApp.toml's version (what
// the packages are labelled with) the same.
func TestReleaseMatchesFyneApp(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "FyneApp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	var meta struct{ Details struct{ Version string } }
	if err := toml.Unmarshal(data, &meta); err != nil {
		t.Fatal(err)
	}
	if meta.Details.Version != Release {
		t.Errorf("FyneApp.toml says version %q, buildinfo.Release %q: change both", meta.Details.Version, Release)
	}
}
