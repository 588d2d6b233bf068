package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Release is the version of this source tree, as FyneApp.toml's
// [Details] Version says (a test keeps the two equal). A binary built
// from a tagged module (go install …@v1.2.3) reports its module version
// instead.
const Release = "0.1.0"

// Info is what a binary knows about its own build.
type Info struct {
	// Version is the module's version when Go recorded one (a tag, or a
	// pseudo-version that follows a tag), else Release: a build in a
	// checkout with no tag gets v0.0.0-DATE-COMMIT from Go, which says
	// less than Release and the commit.
	Version string
	// Commit is the VCS revision, "" when the build was not stamped
	// (-buildvcs=false, or no git at build time).
	Commit string
	// Date is the commit's time (RFC 3339), the date the source was
	// built from; "" when not stamped.
	Date string
	// Modified: the working tree had uncommitted changes.
	Modified bool
	// Go is the toolchain, Platform GOOS/GOARCH.
	Go, Platform string
}

// Read returns the running binary's Info.
func Read() Info {
	bi, ok := debug.ReadBuildInfo()
	return fromBuildInfo(bi, ok)
}

func fromBuildInfo(bi *debug.BuildInfo, ok bool) Info {
	in := Info{Version: Release, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if !ok || bi == nil {
		return in
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" && !untaggedPseudo(v) {
		in.Version = strings.TrimPrefix(v, "v")
	}
	if bi.GoVersion != "" {
		in.Go = bi.GoVersion
	}
	var goos, goarch string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Commit = s.Value
		case "vcs.time":
			in.Date = s.Value
		case "vcs.modified":
			in.Modified = s.Value == "true"
		case "GOOS":
			goos = s.Value
		case "GOARCH":
			goarch = s.Value
		}
	}
	if goos != "" && goarch != "" {
		in.Platform = goos + "/" + goarch
	}
	return in
}

// String is the one line `hookwarden --version` prints:
//
//	hookwarden 0.1.0 (commit 1a2b3c4d5e6f, 2026-12-01T18:00:00Z, go1.26.8 linux/amd64)
func (in Info) String() string {
	commit := "commit unknown"
	if in.Commit != "" {
		c := in.Commit
		if len(c) > 12 {
			c = c[:12]
		}
		commit = "commit " + c
		if in.Modified {
			commit += "+modified"
		}
	}
	date := in.Date
	if date == "" {
		date = "date unknown"
	}
	return fmt.Sprintf("hookwarden %s (%s, %s, %s %s)", in.Version, commit, date, in.Go, in.Platform)
}

// Long is the multi-line form (`hookwarden version`): one field a line,
// for bug reports and scripts.
func (in Info) Long() string {
	var b strings.Builder
	field := func(k, v string) {
		if v == "" {
			v = "unknown"
		}
		fmt.Fprintf(&b, "%-9s %s\n", k+":", v)
	}
	field("version", in.Version)
	commit := in.Commit
	if commit != "" && in.Modified {
		commit += " (modified)"
	}
	field("commit", commit)
	field("date", in.Date)
	field("go", in.Go)
	field("platform", in.Platform)
	return b.String()
}

// untaggedPseudo reports whether v is the pseudo-version Go gives a
// checkout with no tag behind it (v0.0.0-20261201180000-1a2b3c4d5e6f).
func untaggedPseudo(v string) bool {
	v, _, _ = strings.Cut(v, "+") // +dirty: the tree had changes (Modified says so)
	rest, ok := strings.CutPrefix(v, "v0.0.0-")
	if !ok {
		return false
	}
	date, hash, ok := strings.Cut(rest, "-")
	return ok && len(date) == 14 && len(hash) == 12 && strings.Trim(date, "0123456789") == "" && strings.Trim(hash, "0123456789abcdef") == ""
}
