package trust

import (
	"os"
	"path/filepath"
	"strings"
)

// gitConditions settles the includeIf conditions of the configuration git
// reads in the work tree top, as git 2.39 weighs them where their answer
// cannot change between the review and the hook's run: an entry under a
// condition that does not hold is left out (git does not read its file),
// one under conditions that all hold applies for sure, and one under a
// condition whose answer may change, or that Hookwarden does not weigh,
// may apply (maybe: every value from the last sure one on may win).
//
//   - gitdir: and gitdir/i: hold by the repository's git folder, which no
//     pull, checkout or hook moves: weighed, with git's pattern rules
//     (`~/` the home, `./` the including file's folder, a relative pattern
//     below any folder, a trailing `/` everything below it; git's wildmatch
//     with WM_PATHNAME; the real path first, then the path as written). A
//     pattern with a character class or an escape, `~user/`, or a GIT_DIR
//     the hook's git takes may apply.
//   - hasconfig:remote.*.url: holds by the remote URLs of the whole
//     configuration (git reads them in a first pass): weighed over the
//     URLs of entries that apply for sure; one that may apply makes it may
//     apply.
//   - onbranch: holds by the branch checked out when git runs, which a
//     checkout after the approval — by the user, the agent or the hook
//     itself — changes: it may apply, whatever the branch is now.
//   - any other condition may apply (git reads an unknown one as false).
func (d *discoverer) gitConditions(sc *scope, rc runCtx, top, home string, entries []gitEntry) []gitEntry {
	conditional := false
	for _, e := range entries {
		if len(e.conds) > 0 {
			conditional = true
			break
		}
	}
	if !conditional {
		return entries
	}
	gitDir, gitDirKnown := gitDirOf(top), true
	if v, ok := d.gitVar(sc, rc, "GIT_DIR"); ok && v != "" {
		gitDirKnown = false
	}
	var urls []string
	urlsKnown := true
	for _, e := range entries {
		if strings.HasPrefix(e.key, "remote.") && strings.HasSuffix(e.key, ".url") {
			if len(e.conds) > 0 {
				urlsKnown = false
			}
			urls = append(urls, e.value)
		}
	}
	memo := map[gitCond]int{}
	holds := func(c gitCond) int {
		if v, ok := memo[c]; ok {
			return v
		}
		v := condUnknown
		switch kind, pat, _ := strings.Cut(c.cond, ":"); kind {
		case "gitdir", "gitdir/i":
			if gitDirKnown && gitDir != "" {
				v = gitDirMatches(pat, c.file, home, gitDir, kind == "gitdir/i")
			}
		case "hasconfig":
			if pat, ok := strings.CutPrefix(pat, "remote.*.url:"); ok && urlsKnown {
				v = condFalse
				for _, u := range urls {
					switch wildmatch(pat, u, false) {
					case condTrue:
						v = condTrue
					case condUnknown:
						if v == condFalse {
							v = condUnknown
						}
					}
					if v == condTrue {
						break
					}
				}
			}
		}
		memo[c] = v
		return v
	}
	out := make([]gitEntry, 0, len(entries))
	for _, e := range entries {
		if len(e.conds) == 0 {
			out = append(out, e)
			continue
		}
		all, drop := condTrue, false
		for _, c := range e.conds {
			switch holds(c) {
			case condFalse:
				drop = true
			case condUnknown:
				all = condUnknown
			}
		}
		if drop {
			continue
		}
		e.maybe = all == condUnknown
		out = append(out, e)
	}
	return out
}

const (
	condFalse = iota
	condTrue
	condUnknown
)

// gitDirOf is the git folder of the work tree top, as git names it to
// gitdir: conditions: top/.git, or the folder a .git file points to (a
// worktree's, a submodule's); "" when it cannot be read.
func gitDirOf(top string) string {
	gitDir := filepath.Join(top, ".git")
	fi, err := os.Stat(gitDir)
	if err != nil {
		return ""
	}
	if fi.IsDir() {
		return gitDir
	}
	text, err := readScriptText(gitDir, 4096)
	if err != nil {
		return ""
	}
	dir, ok := strings.CutPrefix(strings.TrimSpace(text), "gitdir:")
	if !ok {
		return ""
	}
	dir = strings.TrimSpace(dir)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(top, dir)
	}
	return filepath.Clean(dir)
}

// gitDirMatches is git's include_by_gitdir: the pattern prepared as
// prepare_include_condition_pattern prepares it, matched against the
// git folder's real path, then against its absolute path.
func gitDirMatches(pat, file, home, gitDir string, icase bool) int {
	prefix := 0
	switch {
	case strings.HasPrefix(pat, "~/"):
		if home == "" {
			return condUnknown
		}
		pat = home + pat[1:]
	case strings.HasPrefix(pat, "~") || strings.HasPrefix(pat, "%("):
		return condUnknown
	}
	if strings.ContainsAny(pat, `[\`) {
		return condUnknown
	}
	if strings.HasPrefix(pat, "./") {
		if file == "" {
			return condUnknown // git: "relative config include conditionals must come from files"
		}
		dir, err := filepath.EvalSymlinks(filepath.Dir(file))
		if err != nil || strings.ContainsAny(dir, `*?[\`) {
			return condUnknown
		}
		pat = dir + pat[1:]
		prefix = len(dir) + 1
	} else if !filepath.IsAbs(pat) {
		pat = "**/" + pat
	}
	if strings.HasSuffix(pat, "/") {
		pat += "**"
	}
	texts := []string{gitDir}
	if real, err := filepath.EvalSymlinks(gitDir); err == nil {
		texts = []string{real, gitDir}
	}
	for _, text := range texts {
		if prefix > 0 {
			if len(text) < prefix {
				continue
			}
			a, b := pat[:prefix], text[:prefix]
			if icase && !strings.EqualFold(a, b) || !icase && a != b {
				continue
			}
		}
		if wildmatch(pat[prefix:], text[prefix:], icase) == condTrue {
			return condTrue
		}
	}
	return condFalse
}

// wildmatch is git's wildmatch with WM_PATHNAME (and WM_CASEFOLD when
// icase) for patterns of *, ** and ?; a pattern with a character class or
// an escape is condUnknown.
func wildmatch(pat, text string, icase bool) int {
	if strings.ContainsAny(pat, `[\`) {
		return condUnknown
	}
	if icase {
		pat, text = strings.ToLower(pat), strings.ToLower(text)
	}
	if dowild(pat, text, 0) == wmMatch {
		return condTrue
	}
	return condFalse
}

const (
	wmMatch = iota
	wmNoMatch
	wmAbortAll
	wmAbortToStarStar
)

// dowild is git's dowild (wildmatch.c) without character classes and
// escapes: p from index pi of the whole pattern full.
func dowild(full, text string, pi int) int {
	ti := 0
	for ; pi < len(full); pi, ti = pi+1, ti+1 {
		pc := full[pi]
		if ti >= len(text) && pc != '*' {
			return wmAbortAll
		}
		switch pc {
		default:
			if text[ti] != pc {
				return wmNoMatch
			}
			continue
		case '?':
			if text[ti] == '/' {
				return wmNoMatch
			}
			continue
		case '*':
			matchSlash := false
			pi++
			if pi < len(full) && full[pi] == '*' {
				prev := pi - 2
				for pi < len(full) && full[pi] == '*' {
					pi++
				}
				if (prev < 0 || full[prev] == '/') && (pi == len(full) || full[pi] == '/') {
					if pi < len(full) && full[pi] == '/' && dowild(full, text[ti:], pi+1) == wmMatch {
						return wmMatch
					}
					matchSlash = true
				}
			}
			if pi == len(full) {
				if !matchSlash && strings.Contains(text[ti:], "/") {
					return wmNoMatch
				}
				return wmMatch
			}
			if !matchSlash && full[pi] == '/' {
				slash := strings.IndexByte(text[ti:], '/')
				if slash < 0 {
					return wmNoMatch
				}
				ti += slash
				continue // the slash is matched by the loop: pi stays on '/'
			}
			for ; ti < len(text); ti++ {
				if m := dowild(full, text[ti:], pi); m != wmNoMatch {
					if !matchSlash || m != wmAbortToStarStar {
						return m
					}
				} else if !matchSlash && text[ti] == '/' {
					return wmAbortToStarStar
				}
			}
			return wmAbortAll
		}
	}
	if ti < len(text) {
		return wmNoMatch
	}
	return wmMatch
}
