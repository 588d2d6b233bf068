package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"image"
	"image/png"
	"strings"

	"golang.org/x/image/draw"
)

// file is one file of the installed tree, at a path relative to the
// prefix (/usr, ~/.local).
type file struct {
	Path string
	Data []byte
	Mode int64
}

// iconSizes are the hicolor sizes the icon is drawn in (up to the
// source's own size: nothing is scaled up).
var iconSizes = []int{16, 22, 24, 32, 48, 64, 128, 256, 512}

// paths are the tree's files without their contents (what -uninstall
// removes).
func paths(m appMeta, maxIcon int) []string {
	p := []string{"bin/" + m.Exec, "bin/" + observeName(m), "share/applications/" + m.ID + ".desktop",
		"share/metainfo/" + m.ID + ".metainfo.xml", "share/man/man1/" + m.Exec + ".1.gz"}
	for _, s := range iconSizes {
		if s <= maxIcon {
			p = append(p, iconPath(m, s))
		}
	}
	return p
}

// observeName is the observer hook's binary, installed next to the app's
// (hookwarden-observe: record on writes it when it stands there).
func observeName(m appMeta) string { return m.Exec + "-observe" }

func iconPath(m appMeta, size int) string {
	return fmt.Sprintf("share/icons/hicolor/%dx%d/apps/%s.png", size, size, m.ID)
}

// buildTree is every file of the package. execPath is what the .desktop
// file runs: the bare name (found on PATH) for a system package, the
// absolute path for an install into a prefix that may not be on PATH.
// observe is the observer hook's binary, installed next to exe.
func buildTree(m appMeta, exe, observe, icon []byte, help helpText, execPath string) ([]file, error) {
	if execPath == "" {
		execPath = m.Exec
	}
	src, err := png.Decode(bytes.NewReader(icon))
	if err != nil {
		return nil, fmt.Errorf("icon: %w", err)
	}
	b := src.Bounds()
	if b.Dx() != b.Dy() {
		return nil, fmt.Errorf("icon is %dx%d, not square", b.Dx(), b.Dy())
	}
	t := []file{
		{Path: "bin/" + m.Exec, Data: exe, Mode: 0o755},
		{Path: "bin/" + observeName(m), Data: observe, Mode: 0o755},
		{Path: "share/applications/" + m.ID + ".desktop", Data: []byte(desktopFile(m, execPath)), Mode: 0o644},
		{Path: "share/metainfo/" + m.ID + ".metainfo.xml", Data: []byte(metainfo(m)), Mode: 0o644},
	}
	man, err := gzipped([]byte(manPage(m, help)))
	if err != nil {
		return nil, err
	}
	t = append(t, file{Path: "share/man/man1/" + m.Exec + ".1.gz", Data: man, Mode: 0o644})
	for _, s := range iconSizes {
		if s > b.Dx() {
			continue
		}
		dst := image.NewNRGBA(image.Rect(0, 0, s, s))
		draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
		var buf bytes.Buffer
		if err := png.Encode(&buf, dst); err != nil {
			return nil, err
		}
		t = append(t, file{Path: iconPath(m, s), Data: buf.Bytes(), Mode: 0o644})
	}
	return t, nil
}

func gzipped(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	zw.ModTime = zeroTime // reproducible
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// desktopFile is the freedesktop.org desktop entry: the app opens a
// project folder (hookwarden open DIR), and its actions open one, open
// the review, or start the tray.
func desktopFile(m appMeta, execPath string) string {
	q := desktopQuote(execPath)
	var b strings.Builder
	fmt.Fprintf(&b, "[Desktop Entry]\nType=Application\nVersion=1.4\nName=%s\n", m.Name)
	if m.GenericName != "" {
		fmt.Fprintf(&b, "GenericName=%s\n", m.GenericName)
	}
	fmt.Fprintf(&b, "Comment=%s\n", m.Comment)
	fmt.Fprintf(&b, "Exec=%s open %%F\n", q)
	fmt.Fprintf(&b, "Icon=%s\nTerminal=false\n", m.ID)
	fmt.Fprintf(&b, "Categories=%s;\n", strings.Join(m.Categories, ";"))
	if len(m.Keywords) > 0 {
		fmt.Fprintf(&b, "Keywords=%s;\n", strings.Join(m.Keywords, ";"))
	}
	fmt.Fprintf(&b, "MimeType=inode/directory;\nStartupWMClass=%s\nActions=open;review;tray;\n", m.Name)
	fmt.Fprintf(&b, "\n[Desktop Action open]\nName=Open a project\nExec=%s open %%F\n", q)
	fmt.Fprintf(&b, "\n[Desktop Action review]\nName=Review a project's hooks\nExec=%s open --review %%F\n", q)
	fmt.Fprintf(&b, "\n[Desktop Action tray]\nName=Run in the system tray\nExec=%s tray\n", q)
	return b.String()
}

// desktopQuote quotes a path for Exec= when it needs it (the spec's
// reserved characters; a backslash, quote, backtick or dollar inside
// double quotes is escaped with a backslash, and the desktop file's own
// string escaping doubles that backslash).
func desktopQuote(p string) string {
	if !strings.ContainsAny(p, " \t\n\"'\\><~|&;$*?#()`%") {
		return p
	}
	r := strings.NewReplacer(`\`, `\\\\`, `"`, `\\"`, "`", "\\\\`", `$`, `\\$`, "%", "%%")
	return `"` + r.Replace(p) + `"`
}

// metainfo is the AppStream component software centres show.
func metainfo(m appMeta) string {
	x := xmlEscape
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	b.WriteString("<component type=\"desktop-application\">\n")
	fmt.Fprintf(&b, "  <id>%s</id>\n  <metadata_license>CC0-1.0</metadata_license>\n", x(m.ID))
	fmt.Fprintf(&b, "  <name>%s</name>\n  <summary>%s</summary>\n", x(m.Name), x(strings.TrimSuffix(m.Comment, ".")))
	b.WriteString("  <description>\n")
	b.WriteString("    <p>AI coding agents (Gemini CLI, Claude Code, Codex CLI) run hooks: shell commands from layered settings files that a git pull can change. " +
		"Hookwarden shows every layer merged, reviews new or changed project hooks with every script they run, approves them into the agent's own trust store, " +
		"switches hooks on and off the way the agent reads it, and dry-runs a hook in a sandbox before it runs for real.</p>\n")
	b.WriteString("  </description>\n")
	fmt.Fprintf(&b, "  <launchable type=\"desktop-id\">%s.desktop</launchable>\n", x(m.ID))
	if m.Website != "" {
		fmt.Fprintf(&b, "  <url type=\"homepage\">%s</url>\n", x(m.Website))
	}
	fmt.Fprintf(&b, "  <provides>\n    <binary>%s</binary>\n  </provides>\n", x(m.Exec))
	b.WriteString("  <categories>\n")
	for _, c := range m.Categories {
		fmt.Fprintf(&b, "    <category>%s</category>\n", x(c))
	}
	b.WriteString("  </categories>\n")
	if len(m.Keywords) > 0 {
		b.WriteString("  <keywords>\n")
		for _, k := range m.Keywords {
			fmt.Fprintf(&b, "    <keyword>%s</keyword>\n", x(k))
		}
		b.WriteString("  </keywords>\n")
	}
	fmt.Fprintf(&b, "  <releases>\n    <release version=\"%s\" date=\"%s\"/>\n  </releases>\n", x(m.Version), m.Date.Format("2006-01-02"))
	b.WriteString("  <content_rating type=\"oars-1.1\"/>\n</component>\n")
	return b.String()
}

func xmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(s)
}
