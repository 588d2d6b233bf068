package risk

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookwarden/hookwarden/trust"
)

// followScripts finds the scripts a piece of shell runs and analyses them.
// Discovery is trust's (the same list the approval fingerprints), so what
// is analysed is what is approved; this adapter is the only place that
// knows its API.
func (a *analyzer) followScripts(shellText string, depth int) {
	if depth > a.opt.MaxDepth {
		return
	}
	if d := a.discover(shellText); d != nil {
		a.analyseDiscovered(d, depth)
	}
}

// discovered is what one discovery found.
type discovered = trust.Discovery

// discover runs trust's discovery on a piece of shell (nil when it does
// not parse: the shell analysis reports that). Discovery follows the
// shell scripts of the project into what they run and source, and lists
// what it found there too: those scripts are marked followed, so that
// analysing one does not discover its text a second time.
func (a *analyzer) discover(shellText string) *discovered {
	var discovery *trust.DiscoveryCache
	if a.opt.Cache != nil {
		discovery = a.opt.Cache.discovery
	}
	d, tree, err := discovery.DiscoverParsed(shellText, a.hook.ProjectDir)
	if err != nil {
		return nil
	}
	if tree != nil {
		// the shell walk reads the same text: one parse serves both
		a.trees = append(a.trees, parsedText{shellText, tree})
	}
	for _, p := range d.Followed() {
		a.followed[p] = true
	}
	for _, r := range d.Scripts {
		a.resolved[r.Word] = true
	}
	return &d
}

// analyseDiscovered analyses the scripts a discovery found.
func (a *analyzer) analyseDiscovered(d *discovered, depth int) {
	if depth > a.opt.MaxDepth {
		return
	}
	a.learnWrappers(d)
	for _, u := range d.Unresolved {
		// Code read from a device (bash /dev/zero): reading it is what
		// says why it cannot be analysed (not a regular file), never clean.
		if u.File == "" && strings.HasPrefix(u.Text, "/dev/") && !a.scripts[u.Text] {
			a.script(a.readScript(u.Text, ""), depth)
		}
	}
	for _, r := range d.Scripts {
		if a.scripts[r.Path] || systemProgram(r.Path) || dependency(r.Path) {
			continue
		}
		if !pathLike(r.Word) && !regularFile(r.Path) {
			// inline code trust took for a file (osascript -e '…'); a word
			// discovery resolved to a real file — "$(git rev-parse
			// --show-toplevel)/x.py" — is that file, and is analysed
			continue
		}
		if r.How == trust.FoundManifest && langOf(r.Path, "", "") != langMake {
			// package.json, deno.json: data naming the commands a task
			// runner runs; the shell analysis reads the script it runs
			// (taskScript), and the gate fingerprints the file
			continue
		}
		if r.How == trust.FoundArgument || r.How == trust.FoundToolConfig || r.How == trust.FoundConfig || r.How == trust.FoundEnvFile {
			// a project file handed to a program Hookwarden does not know:
			// it may be run, or only read. Code is analysed by its language;
			// data is fingerprinted by the gate (which reads the hook as
			// incomplete for what the program does), not code of a language
			// Hookwarden does not read.
			s := a.readScript(r.Path, "")
			if s.Err != nil || langOf(r.Path, "", string(s.Content)) == langUnknown || (filepath.Ext(r.Path) == "" && !strings.HasPrefix(string(s.Content), "#!")) {
				if s.Err == nil && !a.sub && r.How == trust.FoundArgument && !a.scripts[r.Path] && !docOrData(r.Path) && utf8.Valid(s.Content) && bytes.IndexByte(s.Content, 0) < 0 {
					// a program Hookwarden does not know (crystal x.cr):
					// its file is still read as text (textFallback)
					a.scripts[r.Path] = true
					a.rawTexts = append(a.rawTexts, string(s.Content))
				}
				continue
			}
			a.script(s, depth)
			continue
		}
		s := a.readScript(r.Path, r.Via)
		if s.Err != nil && s.Content == nil && r.Via != "" && !fileLike(r.Word) {
			// osascript -e beep, awk '…': an argument trust.FindScripts
			// took for a file; it is not one, and not missing.
			if _, err := os.Stat(r.Path); os.IsNotExist(err) {
				continue
			}
		}
		a.script(s, depth)
	}
}

// gateFiles analyses the files the caller's gate fingerprints (Hook.Files)
// that the analysis has not read yet.
func (a *analyzer) gateFiles() {
	for _, f := range a.hook.Files {
		if a.scripts[f.Path] || systemProgram(f.Path) || dependency(f.Path) {
			continue
		}
		if f.Content == nil && f.Err == nil {
			// the gate did not keep its text (a file outside the project)
			f = a.readScript(f.Path, f.Via)
		}
		if f.Via == trust.TracedVia {
			// a traced run records every file the hook read: code is
			// analysed by its language; data is only fingerprinted
			f.Via = ""
			if f.Err != nil || langOf(f.Path, "", string(f.Content)) == langUnknown || (filepath.Ext(f.Path) == "" && !strings.HasPrefix(string(f.Content), "#!")) {
				continue
			}
		}
		a.script(f, 1)
	}
}

// systemProgram: an installed program (/usr/bin/env, /bin/bash), not a
// script of the hook's.
func systemProgram(p string) bool {
	for _, d := range []string{"/usr/", "/bin/", "/sbin/", "/lib/", "/opt/homebrew/", "/nix/", "/System/", "/snap/"} {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

// pathLike: the word names a file. trust.FindScripts also reports the
// inline code of interpreters it does not know (osascript -e '…', awk
// '{…}'), which are text, not files.
func pathLike(word string) bool {
	w := strings.Trim(word, `"'`)
	return w != "" && !strings.ContainsAny(w, " \t\n{}();|&<>")
}

// dependency: a file of an installed package (node_modules, a virtual
// env), whose code is the package's, not the hook's.
func dependency(p string) bool {
	for _, d := range []string{"/node_modules/", "/.venv/", "/venv/", "/site-packages/"} {
		if strings.Contains(p, d) {
			return true
		}
	}
	return false
}

// fileLike: a word that names a file (a path or a name with an extension).
func fileLike(word string) bool {
	w := strings.Trim(word, `"'`)
	return strings.ContainsRune(w, '/') || filepath.Ext(w) != ""
}

// regularFile: p is an existing regular file (symbolic links followed).
func regularFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// docOrData: a file a program is handed to read, not to run (documents,
// data, configuration): its words are not the hook's actions.
func docOrData(p string) bool {
	switch strings.ToLower(filepath.Ext(p)) {
	case ".md", ".markdown", ".txt", ".rst", ".adoc", ".json", ".jsonl", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".conf",
		".html", ".htm", ".css", ".scss", ".csv", ".tsv", ".xml", ".svg", ".lock", ".log", ".env", ".properties", ".sql":
		return true
	}
	return false
}

// parsedText is a text and discovery's syntax tree of it.
type parsedText struct {
	text string
	f    *syntax.File
}

// parsed is the syntax tree discovery made of the text a shell reads, when
// it made one: the hook's command or a text this analysis discovered, or
// a shell script discovery followed (nil: the shell parses it itself).
func (a *analyzer) parsed(sh *shell) *syntax.File {
	for _, t := range a.trees {
		if t.text == sh.src {
			return t.f
		}
	}
	if sh.path != "" && a.opt.Cache != nil {
		return a.opt.Cache.discovery.ParsedScript(a.hook.ProjectDir, sh.path, sh.src)
	}
	return nil
}
