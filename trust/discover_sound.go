package trust

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// ReasonKind is the sort of reason a discovery is incomplete.
type ReasonKind string

// Reason kinds.
const (
	// ReasonComputed: a program, path or code is chosen at run time (a
	// variable, a command's output, the hook's input).
	ReasonComputed ReasonKind = "computed"
	// ReasonDownload: code fetched from the network.
	ReasonDownload ReasonKind = "download"
	// ReasonLoads: an interpreter or tool loads files by rules of its own
	// that Hookwarden does not read (perl's require, make's include, a
	// package's modules, Python's compiled caches).
	ReasonLoads ReasonKind = "loads"
	// ReasonPrograms: a script starts programs (subprocess, child_process,
	// system) whose files Hookwarden does not follow.
	ReasonPrograms ReasonKind = "programs"
	// ReasonLimit: a limit of discovery (depth, size, count) was reached.
	ReasonLimit ReasonKind = "limit"
	// ReasonShell: a shell feature that changes what a name means (hash
	// -p, CDPATH, a shell read in another dialect).
	ReasonShell ReasonKind = "shell"
)

// Traceable reports whether a sandboxed run of the hook can stand in for
// the reading Hookwarden did not do (see UnresolvedCode.Traceable).
func (k ReasonKind) Traceable() bool {
	switch k {
	case ReasonLoads, ReasonPrograms, ReasonLimit, ReasonShell, ReasonReads, ReasonUnknown:
		return true
	}
	return false
}

// classify is the kind of a reason given in words only.
func classify(why string) ReasonKind {
	switch {
	case strings.Contains(why, "download"):
		return ReasonDownload
	case strings.Contains(why, "deep") || strings.Contains(why, "too large") || strings.Contains(why, "more than"):
		return ReasonLimit
	case strings.Contains(why, "installed package") || strings.Contains(why, "does not read") || strings.Contains(why, "not followed") || strings.Contains(why, "runs code of packages"):
		return ReasonLoads
	}
	return ReasonComputed
}

// isNilNode reports whether n is nil or a typed nil pointer.
func isNilNode(n syntax.Node) bool {
	if n == nil {
		return true
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// Complete reports whether discovery followed everything the command
// runs to the end: no reason is left in Unresolved. Only then does the set
// of Scripts stand for all the code the hook runs.
func (d Discovery) Complete() bool { return len(d.Unresolved) == 0 }

// viaDialect is the dialect of the shell that runs a script given what
// reads it (the last shell named in via: "timeout sh" is sh).
func viaDialect(via string, def Dialect) Dialect {
	fields := strings.Fields(via)
	for i := len(fields) - 1; i >= 0; i-- {
		if fields[i] == "BASH_ENV" {
			return DialectBash
		}
		if lang, ok := dialectOf(filepath.Base(fields[i])); ok {
			return lang
		}
	}
	return def
}

// unfollowedCode is the rule for a file whose code runs but is not read
// as shell, Python or JavaScript: its own text is fingerprinted, what it
// loads is not, so discovery is incomplete, unless it is a program of no
// script language (a binary: all of its code is in the fingerprint) or
// a file that is data to what reads it (a manifest, an env file, a
// preloaded library).
func (d *discoverer) unfollowedCode(sc *scope, w *syntax.Word, path, via string, how Found, lang string) {
	switch how {
	case FoundManifest, FoundEnvFile, FoundCompiled:
		return
	case FoundProgram, FoundLocalBin:
		if !strings.HasPrefix(lang, "other:") {
			return // a binary, or a file that cannot be read (its fingerprint says)
		}
		via = strings.TrimPrefix(lang, "other:")
	}
	if strings.HasPrefix(via, "LD_") || strings.HasPrefix(via, "DYLD_") {
		return
	}
	if !exists(path) {
		return // a missing file runs nothing; its fingerprint says it is missing
	}
	name := via
	if f := strings.Fields(via); len(f) > 0 {
		name = f[len(f)-1]
		for _, x := range f {
			if _, ok := interpreterFor(x); ok {
				name = x
			}
		}
	}
	if name == "" {
		name = "its interpreter"
	}
	d.incomplete(sc, w, ReasonLoads, name+" runs "+filepath.Base(path)+", and what it loads from there (require, use, include, import, the programs it starts) is not read by Hookwarden")
}

// FoundEnvFile: a file of variables the agent gives every hook (.env);
// a change to it changes what the hook runs without changing the hook.
const FoundEnvFile Found = "env-file"

// FoundCompiled: a compiled form an interpreter may load instead of the
// source beside it (__pycache__/*.pyc, an extension module).
const FoundCompiled Found = "compiled"

// FoundConfig: a configuration file of a tool the command runs that
// changes what it runs (.npmrc's script-shell, an included makefile).
const FoundConfig Found = "config"

// envFiles lists the agent's env files (Runtime.EnvFiles), present or not:
// their fingerprints are part of every hook's approval.
func (d *discoverer) envFiles(sc *scope) {
	for _, f := range d.cache.envData() {
		d.addExisting(sc, f.path, f.via, f.how)
	}
}

// addData lists a file that changes what runs without being run itself
// (an env file, a config, a compiled cache) when it exists: one that
// appears after the approval is listed then, is not in the approval, and
// so reads as new ("the hook did not run this script when it was
// approved"); one that goes reads as gone.
func (d *discoverer) addData(sc *scope, path, via string, how Found) {
	if path = filepath.Clean(path); exists(path) {
		d.addExisting(sc, path, via, how)
	}
}

// addExisting is addData for a clean path known to exist.
func (d *discoverer) addExisting(sc *scope, path, via string, how Found) {
	key := path + "\x00" + via
	if d.seen[key] {
		return
	}
	if len(d.out.Scripts) >= maxScripts {
		d.incomplete(sc, nil, ReasonLimit, fmt.Sprintf("more than %d scripts; the rest are not followed", maxScripts))
		return
	}
	d.seen[key] = true
	d.out.Scripts = append(d.out.Scripts, ScriptRef{Word: path, Path: path, Via: via, How: how, From: sc.file})
}

// gitRevParse is what $(git rev-parse --show-toplevel), --show-cdup,
// --show-prefix, --git-dir and --absolute-git-dir print, run in the
// scope's folder: the repository is found as git finds it, by walking up
// to the first folder with a .git; ok is false when git's answer depends
// on more (a GIT_DIR or GIT_WORK_TREE in the environment, a core.worktree,
// no repository, more than one possible folder).
func (d *discoverer) gitRevParse(args []*syntax.Word, sc *scope) (string, bool) {
	absolute := false
	if len(args) == 3 && args[0].Lit() == "rev-parse" {
		switch args[1].Lit() {
		case "--path-format=absolute":
			absolute = true
		case "--path-format=relative":
		default:
			return "", false
		}
		args = []*syntax.Word{args[0], args[2]}
	}
	if len(args) != 2 || args[0].Lit() != "rev-parse" || len(sc.cwds) != 1 {
		return "", false
	}
	for _, v := range []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_COMMON_DIR"} {
		if _, set := sc.vars[v]; set {
			return "", false
		}
	}
	cwd := sc.cwds[0]
	top := ""
	for dir := cwd; ; dir = filepath.Dir(dir) {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			top = dir
			break
		}
		if filepath.Dir(dir) == dir {
			return "", false
		}
	}
	gitDir := filepath.Join(top, ".git")
	if fi, err := os.Stat(gitDir); err != nil {
		return "", false
	} else if fi.IsDir() {
		if cfg, err := os.ReadFile(filepath.Join(gitDir, "config")); err != nil || strings.Contains(strings.ToLower(string(cfg)), "worktree") {
			return "", false // core.worktree moves the top level
		}
	} else {
		return "", false // a worktree's .git file: its git dir is elsewhere
	}
	rel, err := filepath.Rel(top, cwd)
	if err != nil {
		return "", false
	}
	switch args[1].Lit() {
	case "--show-toplevel":
		return top, true
	case "--absolute-git-dir":
		return gitDir, true
	case "--git-dir", "--git-common-dir":
		if rel == "." && !absolute {
			return ".git", true
		}
		return gitDir, true
	case "--show-cdup":
		if absolute {
			return "", false // whether --path-format applies here is not modelled
		}
		if rel == "." {
			return "", true
		}
		return strings.Repeat("../", strings.Count(rel, string(filepath.Separator))+1), true
	case "--show-prefix":
		if absolute {
			return "", false
		}
		if rel == "." {
			return "", true
		}
		return filepath.ToSlash(rel) + "/", true
	}
	return "", false
}

// physical resolves an absolute path the way the kernel opens it: a ".."
// after a symbolic link to a folder goes up from where the link points,
// not from where it stands (bash's cd is logical, open is not). The
// result keeps the links it does not need to resolve.
func physical(p string) string {
	if !strings.Contains(p, "..") {
		return filepath.Clean(p)
	}
	parts := strings.Split(filepath.ToSlash(p), "/")
	cur := string(filepath.Separator)
	for _, part := range parts {
		switch part {
		case "", ".":
		case "..":
			if real, err := filepath.EvalSymlinks(cur); err == nil {
				cur = real
			}
			cur = filepath.Dir(cur)
		default:
			cur = filepath.Join(cur, part)
		}
	}
	return cur
}

// hashBuiltin handles hash: hash -p FILE NAME makes NAME run FILE.
func (d *discoverer) hashBuiltin(st *syntax.Stmt, words []cmdWord, sc *scope) {
	for i := 1; i < len(words); i++ {
		if !words[i].v.ok || strings.HasPrefix(words[i].v.text, "-") && strings.Contains(words[i].v.text, "p") {
			d.incomplete(sc, st, ReasonShell, "hash -p makes a name run another file, and Hookwarden does not follow which")
			return
		}
	}
}

// appendFields adds a word's fields after the shell's word splitting: an
// unquoted expansion whose value holds blanks ($runner with runner="bash
// x.sh") becomes several words. Only the default IFS is known. They are
// appended to out (a command's words: no slice per word).
func (d *discoverer) appendFields(out []cmdWord, w cmdWord, sc *scope) ([]cmdWord, bool) {
	if !w.v.ok || !w.v.split {
		return append(out, w), true
	}
	if _, set := sc.vars["IFS"]; set {
		return out, false
	}
	if !strings.ContainsAny(w.v.text, " \t\n") {
		return append(out, w), true
	}
	for _, f := range strings.Fields(w.v.text) {
		c := w
		c.v.text, c.v.pattern = f, f
		out = append(out, c)
	}
	return out, true
}

// braceWords is a word after bash's brace expansion (one word when there
// is none, or in the POSIX dialect, which has none).
func braceWords(w *syntax.Word, lang Dialect) []*syntax.Word {
	if !mayBrace(w, lang) {
		return []*syntax.Word{w}
	}
	c := copyWord(w)
	if !syntax.SplitBraces(c) {
		return []*syntax.Word{w}
	}
	return expandBraces(c)
}

// mayBrace: a word bash may brace-expand, one of whose literal parts
// holds a "{" (what braceWords expands; no text is built to tell).
func mayBrace(w *syntax.Word, lang Dialect) bool {
	if lang == DialectPOSIX || w == nil {
		return false
	}
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.Contains(l.Value, "{") {
			return true
		}
	}
	return false
}

// copyWord copies a word's part list (SplitBraces rewrites it in place).
func copyWord(w *syntax.Word) *syntax.Word {
	c := *w
	c.Parts = append([]syntax.WordPart(nil), w.Parts...)
	for i, p := range c.Parts {
		if l, ok := p.(*syntax.Lit); ok {
			lc := *l
			c.Parts[i] = &lc
		}
	}
	return &c
}

// maxBraceWords bounds the words one brace expansion is followed into.
const maxBraceWords = 256

// expandBraces is the words of a brace expansion, nil when it is larger
// than maxBraceWords.
func expandBraces(w *syntax.Word) []*syntax.Word {
	var out []*syntax.Word
	for x, err := range expand.BracesSeq(nil, w) {
		if err != nil || len(out) >= maxBraceWords {
			return nil
		}
		out = append(out, x)
	}
	return out
}

// versionOnly reports whether option t makes interpreter name print its
// version or help and exit without running any code.
func versionOnly(name, t string) bool {
	switch t {
	case "--version", "--help":
		return true
	}
	base := strings.TrimSuffix(filepath.Base(name), ".exe")
	switch {
	case base == "node" || base == "nodejs" || base == "deno" || base == "bun":
		return t == "-v" || t == "-h"
	case versioned().MatchString(base):
		return t == "-V" || t == "-VV" || t == "-h"
	case base == "perl" || base == "php": // ruby -v is verbose, and runs its script
		return t == "-v" || t == "-h"
	}
	return false
}

// CoverReasons moves the reasons covered reports true for (each must be
// Traceable: a reason whose code is chosen at run time is never covered
// by one run) from Unresolved to Covered, noting by what.
func (h *HookReview) CoverReasons(by string, covered func(UnresolvedCode) bool) {
	var left []UnresolvedCode
	for _, u := range h.Unresolved {
		if u.Traceable && covered(u) {
			u.Why += " (covered by " + by + ")"
			h.Covered = append(h.Covered, u)
			continue
		}
		left = append(left, u)
	}
	h.Unresolved = left
}

// projectInterpreter: an interpreter that is a file of the project (a
// virtual environment's .venv/bin/python, node_modules/.bin/tsx) loads
// its libraries from the project's own folders, which are not followed.
//
// A link there counts too, wherever it points: a virtual environment's
// bin/python is a link to the machine's interpreter, and Python started
// through it reads the pyvenv.cfg beside it and loads the environment's
// site-packages (its .pth files at start, every package imported).
func (d *discoverer) projectInterpreter(st *syntax.Stmt, prog, name string, sc *scope) {
	for _, p := range d.resolve(sc, st, prog) {
		if d.followable(p) {
			d.incomplete(sc, st, ReasonLoads, name+" is the project's own ("+p+"): the libraries it loads from the project's folders are not followed")
			return
		}
	}
	for _, dir := range d.resolve(sc, st, filepath.Dir(prog)) {
		if link := filepath.Join(dir, filepath.Base(prog)); d.followable(dir) && isSymlink(link) {
			d.incomplete(sc, st, ReasonLoads, name+" is the project's own ("+link+", a link to the machine's interpreter): the libraries it loads from the project's folders (a virtual environment's site-packages and .pth files) are not followed")
			return
		}
	}
}

// isSymlink reports whether path is a symbolic link.
func isSymlink(path string) bool {
	fi, err := os.Lstat(path)
	return err == nil && fi.Mode()&os.ModeSymlink != 0
}

// projectEnvironment: uv run, poetry run and the like run in the
// project's virtual environment when it has one, whose installed packages
// the project controls and Hookwarden does not follow.
func (d *discoverer) projectEnvironment(st *syntax.Stmt, runner string, sc *scope) {
	for _, venv := range []string{".venv", "venv", ".pixi", "__pypackages__"} {
		if isDir(filepath.Join(d.project, venv)) {
			d.incomplete(sc, st, ReasonLoads, runner+" run uses the project's environment ("+venv+"), whose installed packages Hookwarden does not follow")
			return
		}
	}
}

// sedCommand is one sed command that opens no file and runs nothing: an
// optional address (line, $, /regex/, a range of them, negated), then a
// substitution whose flags are only g, p, i, I, m, M or a count (not w,
// which writes a file, nor e, which runs the pattern space as a command),
// or a command of the set that only edits the stream (p d q Q = g G h H n
// N x l, y/…/…/). Anything else (r, R, w, W, e, braces, labels) is not.
var sedCommand = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*((\d+|\$|/(\\.|[^/\\])*/)(\s*,\s*(\d+|\$|/(\\.|[^/\\])*/))?\s*!?\s*)?` +
		`(s/(\\.|[^/\\])*/(\\.|[^/\\])*/[gpiImM0-9]*|s\|(\\.|[^|\\])*\|(\\.|[^|\\])*\|[gpiImM0-9]*|s#(\\.|[^#\\])*#(\\.|[^#\\])*#[gpiImM0-9]*|` +
		`y/(\\.|[^/\\])*/(\\.|[^/\\])*/|[pdqQ=gGhHnNxl])\s*$`)
})

// inertSed reports whether a sed command line only edits a stream: every
// word known, no script file (-f), no option it does not know, and every
// inline script a ";"-separated run of sedCommands. A script it cannot
// split soundly (a ";" inside a command, several lines) is not inert. Such
// a sed reads only its input and the files it is handed, as grep does.
func inertSed(words []cmdWord) bool {
	var scripts []string
	inline := false
	i := 1
	for ; i < len(words); i++ {
		if !words[i].v.ok {
			return false
		}
		t := words[i].v.text
		switch {
		case t == "--":
			i++
			goto operands
		case t == "-e" || t == "--expression":
			if i+1 >= len(words) || !words[i+1].v.ok {
				return false
			}
			scripts = append(scripts, words[i+1].v.text)
			inline = true
			i++
		case strings.HasPrefix(t, "--expression="):
			scripts = append(scripts, strings.TrimPrefix(t, "--expression="))
			inline = true
		case t == "-n" || t == "-E" || t == "-r" || t == "-u" || t == "-z" || t == "-s" ||
			t == "--quiet" || t == "--silent" || t == "--regexp-extended" || t == "--posix" ||
			t == "--unbuffered" || t == "--null-data" || t == "--separate" ||
			t == "-nE" || t == "-En" || t == "-nr" || t == "-rn":
		case strings.HasPrefix(t, "-"):
			return false // -f, -i (also inert, but keep it plain), anything unknown
		default:
			goto operands
		}
	}
operands:
	if !inline {
		if i >= len(words) || !words[i].v.ok {
			return false
		}
		scripts = append(scripts, words[i].v.text)
		i++
	}
	for ; i < len(words); i++ {
		if !words[i].v.ok {
			return false
		}
	}
	for _, s := range scripts {
		for _, part := range strings.Split(s, ";") {
			if strings.TrimSpace(part) == "" || !sedCommand().MatchString(part) {
				return false
			}
		}
	}
	return len(scripts) > 0
}
