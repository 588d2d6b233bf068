package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func testMeta(t *testing.T) appMeta {
	t.Helper()
	m, err := readFyneApp(filepath.Join("..", "..", "FyneApp.toml"))
	if err != nil {
		t.Fatal(err)
	}
	m.Date = time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	return m
}

func TestDesktopFile(t *testing.T) {
	m := testMeta(t)
	d := desktopFile(m, "hookwarden")
	for _, line := range []string{"Name=Hookwarden", "Exec=hookwarden open %F", "Icon=" + m.ID, "Categories=Development;",
		"[Desktop Action open]", "Actions=open;review;tray;"} {
		if !strings.Contains(d, line+"\n") {
			t.Errorf("desktop file lacks %q:\n%s", line, d)
		}
	}
	// An install prefix with a space, a quote and a dollar: Exec must run
	// that path and nothing else.
	d = desktopFile(m, `/home/a b/"x"/$HOME/bin/hookwarden`)
	if want := `Exec="/home/a b/\\"x\\"/\\$HOME/bin/hookwarden" open %F` + "\n"; !strings.Contains(d, want) {
		t.Errorf("quoted Exec: want %q in\n%s", want, d)
	}
	if d := desktopFile(m, "/opt/100%/hookwarden"); !strings.Contains(d, `Exec="/opt/100%%/hookwarden" open %F`) {
		t.Errorf("a %% in the path must be doubled:\n%s", d)
	}
}

func TestMetainfoIsWellFormed(t *testing.T) {
	m := testMeta(t)
	m.Name = `Hook<warden> & "co"`
	x := metainfo(m)
	var doc struct {
		ID       string `xml:"id"`
		Name     string `xml:"name"`
		Releases struct {
			Release []struct {
				Version string `xml:"version,attr"`
				Date    string `xml:"date,attr"`
			} `xml:"release"`
		} `xml:"releases"`
	}
	if err := xml.Unmarshal([]byte(x), &doc); err != nil {
		t.Fatalf("%v\n%s", err, x)
	}
	if doc.ID != m.ID || doc.Name != m.Name || len(doc.Releases.Release) != 1 || doc.Releases.Release[0].Date != "2026-12-01" {
		t.Errorf("metainfo %+v\n%s", doc, x)
	}
}

func TestManPageEscapes(t *testing.T) {
	m := testMeta(t)
	h := helpText{Title: "Hookwarden: see hooks.", Entries: []helpEntry{{Synopsis: "hookwarden scan [--sarif]", Summary: `.so /etc/passwd and a \ backslash`}},
		Notes: []string{"'quoted first"}}
	page := manPage(m, h)
	for _, want := range []string{`.B hookwarden scan [\-\-sarif]`, "\n\\&.so /etc/passwd and a \\e backslash\n", "\n\\&'quoted first\n"} {
		if !strings.Contains(page, want) {
			t.Errorf("man page lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "\n.so ") || strings.Contains(page, "\n'quoted") {
		t.Errorf("help text became a roff request:\n%s", page)
	}
}

func TestTreeHasEveryIconSize(t *testing.T) {
	m := testMeta(t)
	icon, err := os.ReadFile(filepath.Join("..", "..", m.Icon))
	if err != nil {
		t.Fatal(err)
	}
	tree, err := buildTree(m, []byte("\x7fELF"), []byte("\x7fELF observe"), icon, helpText{Title: "Hookwarden: x", Entries: []helpEntry{{"hookwarden list", "lists"}}}, "")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]file{}
	for _, f := range tree {
		got[f.Path] = f
	}
	for _, p := range paths(m, 256) {
		if _, ok := got[p]; !ok {
			t.Errorf("tree lacks %s", p)
		}
	}
	img, err := png.Decode(bytes.NewReader(got[iconPath(m, 48)].Data))
	if err != nil || img.Bounds().Dx() != 48 || img.Bounds().Dy() != 48 {
		t.Errorf("48x48 icon: %v %v", img.Bounds(), err)
	}
	if got["bin/"+m.Exec].Mode != 0o755 {
		t.Error("the binary is not executable")
	}
	if f := got["bin/hookwarden-observe"]; f.Mode != 0o755 || string(f.Data) != "\x7fELF observe" {
		t.Errorf("the observer binary is not beside hookwarden, executable: %+v", f.Mode)
	}
}
