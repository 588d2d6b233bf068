package settingsio

import (
	"strings"
	"sync"

	"github.com/dlclark/regexp2"
)

// DotEnvEntry is one KEY=value line of a .env file as dotenv 17 (the
// parser Gemini CLI 0.61 bundles) reads it.
type DotEnvEntry struct {
	Key   string `json:"key"`
	Value string `json:"value"`
	// Line is the 1-based line the entry starts on.
	Line int `json:"line"`
}

// JavaScript's whitespace (\s and String.prototype.trim) and line
// terminators, spelled out because regexp2's classes differ from V8's.
const (
	jsSpace      = `\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`
	jsLineEnd    = `\n\r\u2028\u2029`
	jsLineStart  = `(?:^|(?<=[` + jsLineEnd + `]))`
	jsLineFinish = `(?=[` + jsLineEnd + `]|$)`
)

// dotenvLine is dotenv's LINE regular expression (flags "mg") with V8's
// meaning of \s, \w, '.', '^' and '$' under the m flag.
var dotenvLine = sync.OnceValue(func() *regexp2.Regexp {
	return regexp2.MustCompile(jsLineStart+`[`+jsSpace+`]*(?:export[`+jsSpace+`]+)?([A-Za-z0-9_.-]+)(?:[`+jsSpace+`]*=[`+jsSpace+`]*?|:[`+jsSpace+`]+?)`+
		`([`+jsSpace+`]*'(?:\\'|[^'])*'|[`+jsSpace+`]*"(?:\\"|[^"])*"|[`+jsSpace+`]*`+"`"+`(?:\\`+"`"+`|[^`+"`"+`])*`+"`"+`|[^#\r\n]+)?`+
		`[`+jsSpace+`]*(?:#[^`+jsLineEnd+`]*)?`+jsLineFinish, regexp2.None)
})

// dotenvUnquote is /^(['"`])([\s\S]*)\1$/mg.
var dotenvUnquote = sync.OnceValue(func() *regexp2.Regexp {
	return regexp2.MustCompile(jsLineStart+"(['\"`])([\\s\\S]*)\\1"+jsLineFinish, regexp2.None)
})

// ParseDotEnv is dotenv.parse: every KEY=value the LINE expression finds,
// in file order (a key given twice keeps its last value and line, at the
// place of its first). Lines it does not understand are skipped, as dotenv skips
// them; it never fails.
func ParseDotEnv(src string) []DotEnvEntry {
	src = strings.ReplaceAll(src, "\r\n", "\n")
	src = strings.ReplaceAll(src, "\r", "\n")
	lineStarts := []int{0}
	runes := []rune(src) // regexp2 reports rune offsets
	for i, r := range runes {
		if r == '\n' {
			lineStarts = append(lineStarts, i+1)
		}
	}
	lineOf := func(off int) int {
		lo, hi := 0, len(lineStarts)
		for lo+1 < hi {
			mid := (lo + hi) / 2
			if lineStarts[mid] <= off {
				lo = mid
			} else {
				hi = mid
			}
		}
		return lo + 1
	}
	var out []DotEnvEntry
	index := map[string]int{}
	m, _ := dotenvLine().FindStringMatch(src)
	for m != nil {
		g := m.GroupByNumber(1)
		key := g.String()
		value := strings.Trim(m.GroupByNumber(2).String(), jsTrimSet)
		quote := byte(0)
		if value != "" {
			quote = value[0]
		}
		if un, err := dotenvUnquote().Replace(value, "$2", -1, -1); err == nil {
			value = un
		}
		if quote == '"' {
			value = strings.ReplaceAll(value, `\n`, "\n")
			value = strings.ReplaceAll(value, `\r`, "\r")
		}
		e := DotEnvEntry{Key: key, Value: value, Line: lineOf(g.Index)}
		if i, ok := index[key]; ok {
			out[i].Value, out[i].Line = value, e.Line
		} else {
			index[key] = len(out)
			out = append(out, e)
		}
		m, _ = dotenvLine().FindNextMatch(m)
	}
	return out
}

// jsTrimSet is what String.prototype.trim removes.
const jsTrimSet = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"

// DotEnvLookup finds key among entries.
func DotEnvLookup(entries []DotEnvEntry, key string) (DotEnvEntry, bool) {
	for _, e := range entries {
		if e.Key == key {
			return e, true
		}
	}
	return DotEnvEntry{}, false
}
