package hooks

import (
	"errors"
	"sync"

	"github.com/dlclark/regexp2"
)

// ErrInvalidRegex is what RegexCache.Compile answers for a pattern that
// already failed to compile.
var ErrInvalidRegex = errors.New("invalid regular expression")

// RegexCache compiles each distinct matcher pattern once, with JavaScript
// semantics (regexp2 in ECMAScript mode, as new RegExp(pattern) in the
// agents written in TypeScript). It is safe for concurrent use; the zero
// value is ready.
type RegexCache struct {
	mu sync.Mutex
	m  map[string]*regexp2.Regexp // nil value: invalid pattern
}

// Compile returns the compiled pattern, or the compile error the first
// time and ErrInvalidRegex after.
func (c *RegexCache) Compile(pattern string) (*regexp2.Regexp, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if re, ok := c.m[pattern]; ok {
		if re == nil {
			return nil, ErrInvalidRegex
		}
		return re, nil
	}
	if c.m == nil {
		c.m = map[string]*regexp2.Regexp{}
	}
	re, err := regexp2.Compile(pattern, regexp2.ECMAScript)
	if err != nil {
		c.m[pattern] = nil
		return nil, err
	}
	c.m[pattern] = re
	return re, nil
}
