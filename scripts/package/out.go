package main

import (
	"archive/tar"
	"compress/gzip"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/goreleaser/nfpm/v2"
	_ "github.com/goreleaser/nfpm/v2/deb" // registers the deb packager
	"github.com/goreleaser/nfpm/v2/files"
)

var zeroTime = time.Unix(0, 0).UTC()

// tarballMakefile installs the tarball's tree (PREFIX=/usr/local by
// default; make user-install into ~/.local).
const tarballMakefile = `# Hookwarden: make install (PREFIX=/usr/local, as root) or make user-install (~/.local).
PREFIX ?= /usr/local
FILES := $(shell find bin share -type f)

install:
	for f in $(FILES); do install -D -m $$(test -x "$$f" && echo 755 || echo 644) "$$f" "$(DESTDIR)$(PREFIX)/$$f"; done
	sed -i 's|^Exec=hookwarden |Exec=$(PREFIX)/bin/hookwarden |' "$(DESTDIR)$(PREFIX)/share/applications/%[1]s.desktop"
	-gtk-update-icon-cache -q -t "$(DESTDIR)$(PREFIX)/share/icons/hicolor" 2>/dev/null
	-update-desktop-database -q "$(DESTDIR)$(PREFIX)/share/applications" 2>/dev/null

user-install:
	$(MAKE) install PREFIX="$(HOME)/.local"

uninstall:
	for f in $(FILES); do rm -f "$(DESTDIR)$(PREFIX)/$$f"; done

user-uninstall:
	$(MAKE) uninstall PREFIX="$(HOME)/.local"

.PHONY: install user-install uninstall user-uninstall
`

// writeTarball writes base/ (bin/, share/, a Makefile) as a .tar.gz.
func writeTarball(out, base string, m appMeta, t []file) error {
	f, err := os.Create(out + ".tmp")
	if err != nil {
		return err
	}
	defer os.Remove(out + ".tmp")
	zw, err := gzip.NewWriterLevel(f, gzip.BestSpeed)
	if err != nil {
		f.Close()
		return err
	}
	tw := tar.NewWriter(zw)
	all := append([]file{{Path: "Makefile", Data: []byte(fmt.Sprintf(tarballMakefile, m.ID)), Mode: 0o644}}, t...)
	dirs := map[string]bool{}
	for _, fl := range all {
		name := path.Join(base, fl.Path)
		for d := path.Dir(name); d != "." && !dirs[d]; d = path.Dir(d) {
			dirs[d] = true
		}
	}
	var dirList []string
	for d := range dirs {
		dirList = append(dirList, d)
	}
	slices.Sort(dirList)
	for _, d := range dirList {
		if err := tw.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: zeroTime, Format: tar.FormatPAX}); err != nil {
			return err
		}
	}
	for _, fl := range all {
		h := &tar.Header{Typeflag: tar.TypeReg, Name: path.Join(base, fl.Path), Mode: fl.Mode, Size: int64(len(fl.Data)), ModTime: zeroTime, Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return err
		}
		if _, err := tw.Write(fl.Data); err != nil {
			return err
		}
	}
	if err := errors.Join(tw.Close(), zw.Close()); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(out+".tmp", out)
}

// debDepends are the shared libraries the window binary links (readelf -d:
// libc, libGL, libX11 and the X11 extensions GLFW opens, Wayland and
// xkbcommon), as Debian packages.
var debDepends = []string{"libc6", "libgl1", "libx11-6", "libxcursor1", "libxrandr2", "libxinerama1",
	"libxi6", "libxxf86vm1", "libwayland-client0", "libwayland-cursor0", "libwayland-egl1", "libxkbcommon0"}

// writeDeb writes the .deb with nfpm: the tree under /usr.
func writeDeb(out string, m appMeta, arch string, t []file) error {
	stage, err := os.MkdirTemp("", "hookwarden-deb-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(stage)
	var contents files.Contents
	for _, fl := range t {
		src := filepath.Join(stage, filepath.FromSlash(fl.Path))
		if err := os.MkdirAll(filepath.Dir(src), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(src, fl.Data, fs.FileMode(fl.Mode)); err != nil {
			return err
		}
		contents = append(contents, &files.Content{Source: src, Destination: "/usr/" + fl.Path,
			FileInfo: &files.ContentFileInfo{Mode: fs.FileMode(fl.Mode), MTime: m.Date, Owner: "root", Group: "root"}})
	}
	info := nfpm.WithDefaults(&nfpm.Info{
		Name: m.Exec, Arch: arch, Platform: "linux", Version: m.Version, Release: "1",
		Section: "devel", Priority: "optional", Maintainer: "Hookwarden <hookwarden@users.noreply.github.com>",
		Description: strings.TrimSuffix(m.Comment, ".") + "\n" +
			"Hookwarden shows, reviews, approves, switches and dry-runs the hooks of AI coding agents " +
			"(Gemini CLI, Claude Code, Codex CLI) before they run on your machine.",
		Vendor: m.Name, Homepage: m.Website, License: "see " + m.Website, MTime: m.Date,
		Overridables: nfpm.Overridables{Depends: debDepends, Contents: contents},
	})
	if err := nfpm.Validate(info); err != nil {
		return err
	}
	pkgr, err := nfpm.Get("deb")
	if err != nil {
		return err
	}
	f, err := os.Create(out + ".tmp")
	if err != nil {
		return err
	}
	defer os.Remove(out + ".tmp")
	if err := pkgr.Package(info, f); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(out+".tmp", out)
}

// installInto writes the tree into prefix (each file through a temporary
// file and a rename) and refreshes the desktop's caches when their tools
// are there.
func installInto(prefix string, t []file) error {
	for _, fl := range t {
		dst := filepath.Join(prefix, filepath.FromSlash(fl.Path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		tmp := dst + ".hookwarden-new"
		if err := os.WriteFile(tmp, fl.Data, fs.FileMode(fl.Mode)); err != nil {
			return err
		}
		if err := os.Chmod(tmp, fs.FileMode(fl.Mode)); err != nil {
			return err
		}
		if err := os.Rename(tmp, dst); err != nil {
			os.Remove(tmp)
			return err
		}
		fmt.Println(dst)
	}
	refreshCaches(prefix)
	return nil
}

// uninstallFrom removes what installInto wrote; a file that is not there
// is fine.
func uninstallFrom(prefix string, m appMeta) error {
	prefix, err := filepath.Abs(expandHome(prefix))
	if err != nil {
		return err
	}
	var errs []error
	for _, p := range paths(m, iconSizes[len(iconSizes)-1]) {
		dst := filepath.Join(prefix, filepath.FromSlash(p))
		if err := os.Remove(dst); err == nil {
			fmt.Println("removed", dst)
		} else if !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	refreshCaches(prefix)
	return errors.Join(errs...)
}

func refreshCaches(prefix string) {
	if p, err := exec.LookPath("update-desktop-database"); err == nil {
		_ = exec.Command(p, "-q", filepath.Join(prefix, "share", "applications")).Run()
	}
	if p, err := exec.LookPath("gtk-update-icon-cache"); err == nil {
		_ = exec.Command(p, "-q", "-t", filepath.Join(prefix, "share", "icons", "hicolor")).Run()
	}
}
