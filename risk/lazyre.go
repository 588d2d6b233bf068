package risk

import (
	"regexp"
	"sync"
)

// lazyRegexp is a regular expression compiled on first use. The package
// holds a few hundred patterns; compiled at package init they cost every
// process that links the package — each start of the binary, every
// sandbox supervisor among them — about 2.5 MB of allocations before
// main runs, whether it analyses a hook or not. Its methods are the
// *regexp.Regexp methods the analysis calls, so a call site reads the
// same; it is safe for concurrent use.
type lazyRegexp struct {
	src  string
	once sync.Once
	re   *regexp.Regexp
}

// lazyRe returns a pattern compiled the first time it is used; like
// regexp.MustCompile it panics then on a bad pattern, so each one made at
// package level is listed in lazyPatterns, which a test compiles whole.
func lazyRe(src string) *lazyRegexp {
	l := &lazyRegexp{src: src}
	lazyPatterns = append(lazyPatterns, l)
	return l
}

// lazyPatterns are the patterns lazyRe made (written only while the
// package initialises; read by TestLazyPatternsCompile).
var lazyPatterns []*lazyRegexp

// get is the compiled pattern.
func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.src) })
	return l.re
}

func (l *lazyRegexp) String() string                       { return l.src }
func (l *lazyRegexp) MatchString(s string) bool            { return l.get().MatchString(s) }
func (l *lazyRegexp) Match(b []byte) bool                  { return l.get().Match(b) }
func (l *lazyRegexp) FindString(s string) string           { return l.get().FindString(s) }
func (l *lazyRegexp) FindStringIndex(s string) []int       { return l.get().FindStringIndex(s) }
func (l *lazyRegexp) FindStringSubmatch(s string) []string { return l.get().FindStringSubmatch(s) }
func (l *lazyRegexp) FindStringSubmatchIndex(s string) []int {
	return l.get().FindStringSubmatchIndex(s)
}
func (l *lazyRegexp) FindAllString(s string, n int) []string { return l.get().FindAllString(s, n) }
func (l *lazyRegexp) FindAllStringIndex(s string, n int) [][]int {
	return l.get().FindAllStringIndex(s, n)
}
func (l *lazyRegexp) FindAllStringSubmatch(s string, n int) [][]string {
	return l.get().FindAllStringSubmatch(s, n)
}
func (l *lazyRegexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return l.get().FindAllStringSubmatchIndex(s, n)
}
func (l *lazyRegexp) ReplaceAllString(s, repl string) string {
	return l.get().ReplaceAllString(s, repl)
}
func (l *lazyRegexp) ReplaceAllLiteralString(s, repl string) string {
	return l.get().ReplaceAllLiteralString(s, repl)
}
func (l *lazyRegexp) ReplaceAllStringFunc(s string, f func(string) string) string {
	return l.get().ReplaceAllStringFunc(s, f)
}
func (l *lazyRegexp) Split(s string, n int) []string { return l.get().Split(s, n) }
