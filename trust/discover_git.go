package trust

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// GitUserConfig is where git finds the configuration it reads besides the
// repository's own, for the git commands a hook runs: the machine's file,
// the user's (~/.gitconfig, $XDG_CONFIG_HOME/git/config or
// GIT_CONFIG_GLOBAL) and the pairs of GIT_CONFIG_COUNT. It is the user's,
// not a pull's, but it can make the project's tracked files run: a
// relative core.hooksPath (".githooks") makes every `git commit` a hook
// runs execute the project's hook files (atk's HOLE 9), a relative
// core.fsmonitor or filter command a project script. Discovery knows no
// home of its own: the agent hands it the environment its hooks get.
type GitUserConfig struct {
	// Env are the variables of the environment the agent gives its hooks
	// that git reads its configuration through (GitConfigVars and the
	// GIT_CONFIG_KEY_n/VALUE_n pairs); a hook's own env and what its
	// script assigns win over them.
	Env map[string]string
	// SystemFiles are the machine's configuration files git may read
	// when GIT_CONFIG_SYSTEM is unset (/etc/gitconfig for git as Linux
	// distributions build it; each git build's own prefix elsewhere, so
	// every likely one is read).
	SystemFiles []string
}

// GitConfigVars are the variables git finds its configuration through.
var GitConfigVars = []string{"HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM",
	"GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG", "GIT_DIR", "GIT_WORK_TREE"}

// NewGitUserConfig is the GitUserConfig of an environment (lookup gives
// its variables) on a system whose git reads systemFiles.
func NewGitUserConfig(lookup func(string) (string, bool), systemFiles ...string) *GitUserConfig {
	g := &GitUserConfig{Env: map[string]string{}, SystemFiles: systemFiles}
	for _, k := range GitConfigVars {
		if v, ok := lookup(k); ok {
			g.Env[k] = v
		}
	}
	if n, err := strconv.Atoi(g.Env["GIT_CONFIG_COUNT"]); err == nil {
		for i := 0; i < n && i < 1000; i++ {
			for _, k := range []string{"GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_"} {
				if v, ok := lookup(k + strconv.Itoa(i)); ok {
					g.Env[k+strconv.Itoa(i)] = v
				}
			}
		}
	}
	return g
}

// gitEntry is one key = value of git's configuration.
type gitEntry struct {
	key, value string
	// file is where it stands ("" the environment).
	file string
	// maybe: under an includeIf whose condition may or may not hold
	// when the hook's git runs (gitCondHolds), so the entry may or may
	// not apply; set by gitEntries from conds.
	maybe bool
	// conds are the includeIf conditions the entry stands under, outer
	// first (an entry of a file an includeIf includes, and of the files
	// that one includes).
	conds []gitCond
}

// gitCond is the condition of an includeIf section and the file it
// stands in ("" the environment's pairs), which a `./` pattern is
// relative to.
type gitCond struct{ cond, file string }

// gitVar is a variable as a hook's git sees it: the command's or the
// script's own, else the agent's environment; ok is false when unset.
func (d *discoverer) gitVar(sc *scope, rc runCtx, name string) (string, bool) {
	if v, ok := rc.getEnv(sc, name); ok {
		return v, true
	}
	if g := d.cache.rt.Git; g != nil {
		v, ok := g.Env[name]
		return v, ok
	}
	return "", false
}

// gitEntries is the configuration git started in cwd reads in the
// repository whose work tree is top, in git's order (system, global, the repository's, the
// environment's), each file's includes in place. why, when not "", says
// the configuration is not known (a file named at run time).
func (d *discoverer) gitEntries(sc *scope, rc runCtx, cwd, top string) (out []gitEntry, why string) {
	get := func(k string) (string, bool) { return d.gitVar(sc, rc, k) }
	home, _ := get("HOME")
	known := func(v string) bool { return v != unknownVar && !strings.Contains(v, inheritedPath) }
	var files []string
	if d.cache.rt.Git != nil {
		if v, ok := get("GIT_CONFIG_NOSYSTEM"); !ok || !gitTrue(v) {
			if v, ok := get("GIT_CONFIG_SYSTEM"); ok {
				if !known(v) {
					return nil, "GIT_CONFIG_SYSTEM is set at run time"
				}
				files = append(files, v)
			} else {
				files = append(files, d.cache.rt.Git.SystemFiles...)
			}
		}
		if v, ok := get("GIT_CONFIG_GLOBAL"); ok {
			if !known(v) {
				return nil, "GIT_CONFIG_GLOBAL is set at run time"
			}
			files = append(files, v)
		} else {
			xdg, _ := get("XDG_CONFIG_HOME")
			if !known(xdg) || !known(home) {
				return nil, "HOME or XDG_CONFIG_HOME is set at run time"
			}
			if xdg == "" && home != "" {
				xdg = filepath.Join(home, ".config")
			}
			if xdg != "" {
				files = append(files, filepath.Join(xdg, "git", "config"))
			}
			if home != "" {
				files = append(files, filepath.Join(home, ".gitconfig"))
			}
		}
	}
	// A file of the user's or the machine's configuration that the
	// environment places in the repository (HOME=. in a hook's env makes
	// ./.gitconfig the user's) is the project's: what git runs through it
	// changes with it, so it is part of the approval, present or not (a
	// pull that adds or changes it reads as changed, whatever it names).
	// A relative name is read from where git starts (its alias lookup:
	// `HOME=. git st` in sub/ runs sub/.gitconfig's alias) and, for a
	// command that first goes to the work tree's top (`git status` reading
	// core.fsmonitor), from the top (observed with git 2.39): both are
	// fingerprinted and read. One that names a folder outside the
	// repository is not the project's and cannot be vouched for.
	files = d.gitUserFiles(sc, files, cwd, top)
	files = append(files, gitLocalConfig(top)...)
	if v, ok := get("GIT_CONFIG"); ok && v != "" {
		return nil, "GIT_CONFIG names the configuration file git reads"
	}
	for _, f := range files {
		if f == "" || f == os.DevNull {
			continue
		}
		if !filepath.IsAbs(f) {
			f = filepath.Join(top, f)
		}
		key := f + "\x00" + home
		read, ok := d.cache.gitFiles[key]
		if !ok {
			readGitConfig(f, home, nil, 0, &read)
			if d.cache.gitFiles == nil {
				d.cache.gitFiles = map[string][]gitEntry{}
			}
			d.cache.gitFiles[key] = read
		}
		out = append(out, read...)
	}
	if v, ok := get("GIT_CONFIG_COUNT"); ok && v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || !known(v) {
			return out, "GIT_CONFIG_COUNT is set at run time"
		}
		for i := 0; i < n && i < 1000; i++ {
			k, _ := get("GIT_CONFIG_KEY_" + strconv.Itoa(i))
			val, _ := get("GIT_CONFIG_VALUE_" + strconv.Itoa(i))
			if !known(k) || !known(val) {
				return out, "GIT_CONFIG_KEY_n or GIT_CONFIG_VALUE_n is set at run time"
			}
			e := gitEntry{key: gitKey(k), value: val}
			out = append(out, e)
			gitInclude(e, home, 0, &out)
		}
	}
	if v, ok := get("GIT_CONFIG_PARAMETERS"); ok && v != "" {
		pairs, ok := gitParameters(v)
		if !ok || !known(v) {
			return out, "GIT_CONFIG_PARAMETERS holds configuration Hookwarden cannot read"
		}
		for _, e := range pairs {
			out = append(out, e)
			gitInclude(e, home, 0, &out)
		}
	}
	for _, e := range out {
		if e.key != gitIncludedKey {
			continue
		}
		switch {
		case within(e.value, top):
			// a file of the repository that changes what git runs:
			// part of the approval, present or not
			d.addData(sc, e.value, "git config", FoundConfig)
		case home != "" && !filepath.IsAbs(home):
			d.incomplete(sc, nil, ReasonComputed, "git's configuration includes "+e.value+" (HOME "+home+" is relative), which is outside the repository; what git runs through it is not watched")
		}
	}
	out = d.gitConditions(sc, rc, top, home, out)
	for _, e := range out {
		if e.key == "" {
			return out, e.value
		}
	}
	return out, ""
}

// gitUserFiles resolves the system and user configuration files git
// started in cwd reads (see gitEntries): a relative name becomes both its
// cwd- and its top-relative path; each within the repository (top) is
// fingerprinted, present or not; a relative one outside it leaves the hook
// partly unwatched.
func (d *discoverer) gitUserFiles(sc *scope, files []string, cwd, top string) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range files {
		if f == "" || f == os.DevNull {
			continue
		}
		cands := []string{f}
		if !filepath.IsAbs(f) {
			cands = []string{filepath.Join(cwd, f), filepath.Join(top, f)}
		}
		for _, c := range cands {
			if c = filepath.Clean(c); seen[c] {
				continue
			}
			seen[c] = true
			out = append(out, c)
			switch {
			case within(c, top):
				d.addData(sc, c, "git config", FoundConfig)
			case !filepath.IsAbs(f):
				d.incomplete(sc, nil, ReasonComputed, "git's environment names its configuration "+f+" relative to where it runs, which is outside the repository ("+c+"); what git runs through it is not watched")
			}
		}
	}
	return out
}

// gitLocalConfig are the repository's configuration files: .git/config
// (for a worktree, the main repository's) and config.worktree.
func gitLocalConfig(top string) []string {
	gitDir := filepath.Join(top, ".git")
	if fi, err := os.Stat(gitDir); err == nil && !fi.IsDir() {
		text, err := readScriptText(gitDir, 4096)
		if err != nil {
			return nil
		}
		dir, ok := strings.CutPrefix(strings.TrimSpace(text), "gitdir:")
		if !ok {
			return nil
		}
		dir = strings.TrimSpace(dir)
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(top, dir)
		}
		common := dir
		if c, err := readScriptText(filepath.Join(dir, "commondir"), 4096); err == nil {
			c = strings.TrimSpace(c)
			if !filepath.IsAbs(c) {
				c = filepath.Join(dir, c)
			}
			common = c
		}
		return []string{filepath.Join(common, "config"), filepath.Join(dir, "config.worktree")}
	}
	return []string{filepath.Join(gitDir, "config"), filepath.Join(gitDir, "config.worktree")}
}

// gitTrue reports whether a git boolean is true.
func gitTrue(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "1", "true", "yes", "on":
		return true
	}
	return false
}

// gitKey lower-cases a key's section and name (a subsection keeps its case).
func gitKey(k string) string {
	first, last := strings.Index(k, "."), strings.LastIndex(k, ".")
	if first < 0 {
		return strings.ToLower(k)
	}
	return strings.ToLower(k[:first]) + k[first:last] + strings.ToLower(k[last:])
}

// gitParameters reads GIT_CONFIG_PARAMETERS ('key=value' 'key'='value' …).
func gitParameters(v string) ([]gitEntry, bool) {
	var out []gitEntry
	var words []string
	for s := strings.TrimSpace(v); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '=' {
			if len(words) == 0 {
				return nil, false
			}
			s = s[1:]
			if !strings.HasPrefix(s, "'") {
				return nil, false
			}
			end := strings.IndexByte(s[1:], '\'')
			if end < 0 {
				return nil, false
			}
			words[len(words)-1] += "=" + s[1:1+end]
			s = s[2+end:]
			continue
		}
		if s[0] != '\'' {
			return nil, false
		}
		end := strings.IndexByte(s[1:], '\'')
		if end < 0 {
			return nil, false
		}
		words = append(words, s[1:1+end])
		s = s[2+end:]
	}
	for _, w := range words {
		k, val, _ := strings.Cut(w, "=")
		out = append(out, gitEntry{key: gitKey(k), value: val})
	}
	return out, true
}

// readGitConfig adds the entries of a configuration file, and those of
// the files it includes (include.path; includeIf.*.path, their entries
// marked with the condition, which gitConditions weighs), in place. A missing file adds nothing (git skips it); one that is there
// but cannot be read whole, or an include path Hookwarden cannot resolve
// (`~user/`, `%(prefix)/`), adds an entry with an empty key whose value
// says why: the configuration is then not known.
func readGitConfig(path, home string, conds []gitCond, depth int, out *[]gitEntry) {
	if depth > 10 {
		return // git stops with "exceeded maximum include depth": it runs nothing
	}
	text, err := readScriptText(path, maxFollowTotal)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			*out = append(*out, gitEntry{value: "git's configuration file " + path + " cannot be read (" + err.Error() + ")", file: path, conds: conds})
		}
		return
	}
	section := ""
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if strings.HasPrefix(l, "[") {
			end := strings.IndexByte(l, ']')
			if end < 0 {
				continue
			}
			section = gitSection(l[1:end])
			l = strings.TrimSpace(l[end+1:])
		}
		if l == "" || l[0] == '#' || l[0] == ';' {
			continue
		}
		for strings.HasSuffix(l, "\\") && i+1 < len(lines) {
			i++
			l = l[:len(l)-1] + lines[i]
		}
		name, raw, hasValue := strings.Cut(l, "=")
		name = strings.ToLower(strings.TrimSpace(name))
		value := "true"
		if hasValue {
			value = gitValue(raw)
		}
		e := gitEntry{key: section + "." + name, value: value, file: path, conds: conds}
		*out = append(*out, e)
		gitInclude(e, home, depth, out)
	}
}

// gitInclude reads the file an include.path or includeIf.*.path entry
// names (an entry of the environment or of `git -c` included: git reads
// those too, with an absolute path), relative to the file it stands in.
func gitInclude(e gitEntry, home string, depth int, out *[]gitEntry) {
	if !strings.HasPrefix(e.key, "include") || !strings.HasSuffix(e.key, ".path") || e.key != "include.path" && !strings.HasPrefix(e.key, "includeif.") {
		return
	}
	p := e.value
	switch rest, tilde := strings.CutPrefix(p, "~/"); {
	case tilde && home != "" && !filepath.IsAbs(home) && e.file == "":
		*out = append(*out, gitEntry{value: "git's configuration includes " + clip(p, 80) + " with HOME " + clip(home, 80) + ", relative, from outside a file", conds: e.conds})
		return
	case tilde && home != "" && !filepath.IsAbs(home):
		// A relative HOME: git expands ~/ to it and reads the result
		// relative to the including file's folder like any relative
		// include (git 2.39: HOME=. and sub/inc.cfg's `path = ~/y.cfg`
		// read sub/y.cfg; HOME=h and h/.gitconfig's `path = ~/x.cfg`
		// read h/h/x.cfg).
		p = filepath.Join(filepath.Dir(e.file), home, rest)
		*out = append(*out, gitEntry{key: gitIncludedKey, value: filepath.Clean(p), file: e.file, conds: e.conds})
	case tilde && home != "":
		p = filepath.Join(home, rest)
	case strings.HasPrefix(p, "~") || strings.HasPrefix(p, "%("):
		*out = append(*out, gitEntry{value: "git's configuration includes " + clip(p, 80) + ", a path Hookwarden does not resolve", file: e.file, conds: e.conds})
		return
	case !filepath.IsAbs(p) && e.file == "":
		return // git stops: "relative config includes must come from files"
	case !filepath.IsAbs(p):
		p = filepath.Join(filepath.Dir(e.file), p)
		*out = append(*out, gitEntry{key: gitIncludedKey, value: filepath.Clean(p), file: e.file, conds: e.conds})
	}
	conds := e.conds
	if cond, ok := strings.CutPrefix(strings.TrimSuffix(e.key, ".path"), "includeif."); ok {
		conds = append(slices.Clip(conds), gitCond{cond: cond, file: e.file})
	}
	readGitConfig(filepath.Clean(p), home, conds, depth+1, out)
}

// gitIncludedKey marks an entry that names a file git includes through a
// relative path (a relative include, or ~/ under a relative HOME): its
// value is the file. gitEntries fingerprints it when it is in the
// repository, and leaves the hook partly unwatched when it is not and
// the environment placed it (a relative HOME).
const gitIncludedKey = "\x00included"

// gitSection is a section header's name: `core`, `filter "lfs"` →
// filter.lfs, `includeIf "gitdir:~/w/"`.
func gitSection(h string) string {
	h = strings.TrimSpace(h)
	name, sub, ok := strings.Cut(h, " ")
	if !ok {
		if first := strings.IndexByte(h, '.'); first > 0 {
			return strings.ToLower(h[:first]) + "." + strings.ToLower(h[first+1:])
		}
		return strings.ToLower(h)
	}
	sub = strings.TrimSpace(sub)
	sub = strings.TrimSuffix(strings.TrimPrefix(sub, `"`), `"`)
	sub = strings.ReplaceAll(strings.ReplaceAll(sub, `\"`, `"`), `\\`, `\`)
	return strings.ToLower(name) + "." + sub
}

// gitValue is a value as git reads it: quotes removed, escapes done, a
// comment (# or ; outside quotes) cut.
func gitValue(raw string) string {
	var b strings.Builder
	quoted := false
	raw = strings.TrimSpace(raw)
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch {
		case c == '"':
			quoted = !quoted
		case c == '\\' && i+1 < len(raw):
			i++
			switch raw[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'b':
			default:
				b.WriteByte(raw[i])
			}
		case (c == '#' || c == ';') && !quoted:
			return strings.TrimSpace(b.String())
		default:
			b.WriteByte(c)
		}
	}
	return strings.TrimSpace(b.String())
}

// gitProgramKey reports whether git runs the value of a key as a command
// (or a program's path): hooks, fsmonitor, editors, pagers, drivers,
// filters, helpers, tools.
func gitProgramKey(key string) bool {
	switch key {
	case "core.fsmonitor", "core.editor", "core.pager", "core.sshcommand", "core.askpass", "core.gitproxy", "sequence.editor",
		"diff.external", "gpg.program", "credential.helper", "uploadpack.packobjectshook", "sendemail.smtpserver", "web.browser",
		"core.alternaterefscommand", "uploadpack.alternaterefscommand":
		return true
	}
	if strings.HasPrefix(key, "pager.") || strings.HasPrefix(key, "alias.") {
		return true
	}
	last := key[strings.LastIndexByte(key, '.')+1:]
	switch last {
	case "command", "textconv", "driver", "clean", "smudge", "process", "cmd", "program", "helper", "receivepack", "uploadpack",
		"sshcommand", "editor", "tocmd", "cccmd", "headercmd", "alternaterefscommand":
		return true
	case "path":
		return !strings.HasPrefix(key, "include") // difftool.X.path, man.X.path: a program
	}
	return false
}

// gitNamesProjectPath reports whether a command value names a path in the
// work tree top: a word with a slash that is not absolute, home's or a
// variable's, or an argument that is a file of top (a program's name
// without a slash is looked up in PATH, not in the work tree).
func gitNamesProjectPath(value, top string) bool {
	value = strings.TrimPrefix(strings.TrimSpace(value), "!")
	for i, w := range strings.FieldsFunc(value, func(r rune) bool { return strings.ContainsRune(" \t\n;|&()<>`", r) }) {
		w = strings.Trim(w, `"'`)
		if w == "" || strings.ContainsAny(w[:1], "-$%~/=") || strings.Contains(w, "://") || strings.Contains(w, "$(") {
			continue
		}
		if strings.ContainsRune(w, '/') {
			return true
		}
		if fi, err := os.Stat(filepath.Join(top, w)); i > 0 && err == nil && fi.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// gitRuns is what a git command runs of the project through its
// configuration, the user's included (GitUserConfig): the hooks of a
// core.hooksPath in the work tree (every file there is fingerprinted, and
// the folder's listing, so a hook a pull adds reads as a change), a
// configured command (core.fsmonitor, a filter, a `!` alias …) that names
// a path of the work tree (read as the shell code git runs it as, in the
// work tree's top), and a user alias standing for a command that runs
// hooks.
func (d *discoverer) gitRuns(st *syntax.Stmt, args []cmdWord, sc *scope, rc runCtx) {
	sub := ""
	cwds := sc.cwds
	computed := false // the subcommand is chosen at run time: it may be any
	for i := 0; i < len(args) && sub == "" && !computed; i++ {
		a := args[i]
		if !a.v.ok {
			computed = true
			break
		}
		switch t := a.v.text; {
		case t == "-C":
			if i+1 >= len(args) || !args[i+1].v.ok {
				return
			}
			var next []string
			for _, c := range cwds {
				p := args[i+1].v.text
				if !filepath.IsAbs(p) {
					p = filepath.Join(c, p)
				}
				next = append(next, filepath.Clean(p))
			}
			cwds = next
			i++
			continue
		case t == "-c" || t == "--git-dir" || t == "--work-tree" || t == "--namespace":
			i++
			continue
		case !strings.HasPrefix(t, "-"):
			sub = t
		}
		if sub != "" {
			break
		}
	}
	if sub == "" && !computed || len(cwds) == 0 {
		return
	}
	for _, cwd := range cwds {
		top := ""
		for dir := cwd; ; dir = filepath.Dir(dir) {
			if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
				top = dir
				break
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
		if top == "" || !within(top, d.project) && !within(d.project, top) {
			continue
		}
		entries, why := d.gitEntries(sc, rc, cwd, top)
		if why != "" {
			d.incomplete(sc, st, ReasonComputed, why+", and git runs what its configuration names")
		}
		if computed {
			for _, e := range entries {
				if strings.HasPrefix(e.key, "alias.") {
					d.incomplete(sc, st, ReasonComputed, "git's subcommand is chosen at run time, and it may be an alias of git's configuration ("+e.key+"), which Hookwarden then does not follow")
					break
				}
			}
		}
		cmd, runs := sub, computed
		if !computed {
			for _, c := range d.gitAliasTargets(st, sc, top, sub, entries, map[string][]string{}) {
				if gitRunsHooks(c) && !runs {
					cmd, runs = c, true
				}
			}
		}
		for _, e := range entries {
			if !gitProgramKey(e.key) || strings.HasPrefix(e.key, "alias.") || !gitNamesProjectPath(e.value, top) {
				continue
			}
			in := sc.clone()
			in.cwds = []string{top} // git runs it with sh -c in the work tree's top
			d.inline(st, e.value, in, false)
		}
		if runs {
			if computed {
				cmd = "(a subcommand chosen at run time)"
			}
			d.gitHooksPath(st, sc, cmd, top, entries)
		}
	}
}

// gitAliasTargets are the git commands `git cmd` may run, through the
// aliases of the configuration: cmd itself when it is a command of git
// (git ignores an alias of that name), or no alias of that name is set,
// or the ones set may not apply (a conditional include); and, for every
// alias value that may win (the last one git reads, and those of
// conditional includes after it), its command, aliases followed. A `!`
// alias is followed as the shell code git runs in the work tree's top
// (cmd then stands for it: unknown to git's list of commands that run no
// hook, it counts as running hooks); an alias passing options to git
// (`-c core.hooksPath=…`, `--git-dir`) is a reason. Each alias is
// expanded once (memo): many values per alias cannot make the expansion
// grow without end, and a loop back to an alias stands for its name.
func (d *discoverer) gitAliasTargets(st *syntax.Stmt, sc *scope, top, cmd string, entries []gitEntry, memo map[string][]string) []string {
	if gitCommands[cmd] {
		return []string{cmd}
	}
	if done, ok := memo[cmd]; ok {
		return done
	}
	memo[cmd] = []string{cmd}
	var cands []gitEntry
	for _, e := range entries {
		if e.key == "alias."+strings.ToLower(cmd) {
			if !e.maybe {
				cands = cands[:0]
			}
			cands = append(cands, e)
		}
	}
	if len(cands) == 0 || cands[0].maybe {
		cands = append([]gitEntry{{}}, cands...) // git may find no alias of that name
	}
	var out []string
	for _, c := range cands {
		switch alias := c.value; {
		case c.key == "":
			out = append(out, cmd)
		case strings.HasPrefix(alias, "!"):
			in := sc.clone()
			in.cwds = []string{top}
			d.inline(st, strings.TrimPrefix(alias, "!"), in, false)
			out = append(out, cmd)
		default:
			f := strings.Fields(alias)
			if len(f) > 0 && strings.HasPrefix(f[0], "-") {
				d.incomplete(sc, st, ReasonComputed, "git's alias "+c.key+" ("+clip(alias, 60)+") passes options to git, which Hookwarden does not follow")
				out = append(out, cmd)
				continue
			}
			if len(f) > 0 {
				out = append(out, d.gitAliasTargets(st, sc, top, f[0], entries, memo)...)
			}
		}
	}
	slices.Sort(out)
	out = slices.Compact(out)
	memo[cmd] = out
	return out
}

// gitCommands are git's own commands (`git --list-cmds=main` of git 2.39,
// and those of later versions): an alias of the same name is ignored.
var gitCommands = set("add", "am", "annotate", "apply", "archive", "backfill", "bisect", "blame", "branch", "bugreport", "bundle", "cat-file",
	"check-attr", "check-ignore", "check-mailmap", "check-ref-format", "checkout", "checkout-index", "cherry", "cherry-pick", "clean", "clone",
	"column", "commit", "commit-graph", "commit-tree", "config", "count-objects", "credential", "credential-cache", "credential-store",
	"daemon", "describe", "diagnose", "diff", "diff-files", "diff-index", "diff-pairs", "diff-tree", "difftool", "fast-export", "fast-import",
	"fetch", "fetch-pack", "filter-branch", "fmt-merge-msg", "for-each-ref", "for-each-repo", "format-patch", "fsck", "fsck-objects",
	"fsmonitor--daemon", "gc", "get-tar-commit-id", "grep", "hash-object", "help", "hook", "http-backend", "http-fetch", "http-push",
	"imap-send", "index-pack", "init", "init-db", "instaweb", "interpret-trailers", "last-modified", "log", "ls-files", "ls-remote", "ls-tree",
	"mailinfo", "mailsplit", "maintenance", "merge", "merge-base", "merge-file", "merge-index", "merge-octopus", "merge-one-file",
	"merge-ours", "merge-recursive", "merge-resolve", "merge-subtree", "merge-tree", "mergetool", "mktag", "mktree", "multi-pack-index",
	"mv", "name-rev", "notes", "pack-objects", "pack-redundant", "pack-refs", "patch-id", "prune", "prune-packed", "pull", "push",
	"quiltimport", "range-diff", "read-tree", "rebase", "receive-pack", "reflog", "refs", "remote", "repack", "replace", "replay", "repo",
	"request-pull", "rerere", "reset", "restore", "rev-list", "rev-parse", "revert", "rm", "send-email", "send-pack", "shell", "shortlog",
	"show", "show-branch", "show-index", "show-ref", "sparse-checkout", "stage", "stash", "status", "stripspace", "submodule", "subtree",
	"switch", "symbolic-ref", "tag", "unpack-file", "unpack-objects", "update-index", "update-ref", "update-server-info", "upload-archive",
	"upload-pack", "var", "verify-commit", "verify-pack", "verify-tag", "version", "whatchanged", "worktree", "write-tree")

// gitHooksPath fingerprints the hooks git runs from a core.hooksPath in
// the project: the value that wins (the last one git reads) and those of
// conditional includes after it.
func (d *discoverer) gitHooksPath(st *syntax.Stmt, sc *scope, sub, top string, entries []gitEntry) {
	var candidates []string
	home := ""
	for _, e := range entries {
		if e.key != "core.hookspath" {
			continue
		}
		if !e.maybe {
			candidates = candidates[:0]
		}
		candidates = append(candidates, e.value)
	}
	if g := d.cache.rt.Git; g != nil {
		home = g.Env["HOME"]
	}
	if v, ok := sc.vars["HOME"]; ok {
		home = v
	}
	for _, hooksPath := range candidates {
		if hooksPath == "" {
			continue // .git/hooks: not in the work tree, no pull writes it
		}
		if rest, ok := strings.CutPrefix(hooksPath, "~/"); ok && home != "" {
			hooksPath = filepath.Join(home, rest)
		}
		if !filepath.IsAbs(hooksPath) {
			hooksPath = filepath.Join(top, hooksPath)
		}
		hooksPath = filepath.Clean(hooksPath)
		if !within(hooksPath, d.project) {
			continue
		}
		dirs := []string{hooksPath}
		if filepath.Base(hooksPath) == "_" {
			dirs = append(dirs, filepath.Dir(hooksPath)) // husky: the stubs in .husky/_ run the hooks of .husky
		}
		for _, dir := range dirs {
			d.addListing(sc, dir, "git hooks folder")
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if e.Type().IsRegular() {
					d.addData(sc, filepath.Join(dir, e.Name()), "git hook", FoundConfig)
				}
			}
		}
		u := UnresolvedCode{Why: "git " + sub + " runs the hooks of " + hooksPath + " (core.hooksPath), files of the project, and what they run is not followed",
			File: sc.file, Kind: ReasonPrograms, Traceable: true, Project: true, Text: sc.text(st)}
		if !isNilNode(st) {
			u.Line, u.Column = int(st.Pos().Line()), int(st.Pos().Col())
		}
		if k := u.String(); !d.unseen[k] {
			d.unseen[k] = true
			d.out.Unresolved = append(d.out.Unresolved, u)
		}
	}
}

// addListing fingerprints a folder's listing (present or not): a file a
// pull adds there, or the folder itself, reads as a change.
func (d *discoverer) addListing(sc *scope, dir, via string) {
	p := ListingPath(filepath.Clean(dir))
	key := p + "\x00" + via
	if d.seen[key] {
		return
	}
	d.seen[key] = true
	d.out.Scripts = append(d.out.Scripts, ScriptRef{Word: dir, Path: p, Via: via, How: FoundConfig, From: sc.file})
}
