package risk

import (
	"regexp"
	"sync"
	"testing"
)

// TestLazyPatternsCompile compiles every pattern the package declares, as
// package init did before they were made lazy: a bad one fails here, not
// in the first analysis that reaches it.
func TestLazyPatternsCompile(t *testing.T) {
	if len(lazyPatterns) < 100 {
		t.Fatalf("only %d lazy patterns registered", len(lazyPatterns))
	}
	for _, l := range lazyPatterns {
		if _, err := regexp.Compile(l.src); err != nil {
			t.Errorf("%q: %v", l.src, err)
		}
	}
}

// TestLazyRegexpConcurrentFirstUse: many goroutines using a pattern for
// the first time at once get one compiled pattern (run with -race).
func TestLazyRegexpConcurrentFirstUse(t *testing.T) {
	l := &lazyRegexp{src: `a(b+)c`}
	var wg sync.WaitGroup
	res := make([]*regexp.Regexp, 16)
	for i := range res {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !l.MatchString("xabbcx") {
				t.Error("no match")
			}
			res[i] = l.get()
		}()
	}
	wg.Wait()
	for _, r := range res {
		if r != res[0] {
			t.Fatal("compiled more than once")
		}
	}
	if got := l.FindStringSubmatch("abbbc"); len(got) != 2 || got[1] != "bbb" {
		t.Errorf("FindStringSubmatch = %q", got)
	}
}
