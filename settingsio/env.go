package settingsio

import "strings"

// Env is a process environment in os.Environ form ("KEY=value"). Domain
// code takes it as a value instead of reading the real environment, so that
// tests and the demo project can run with their own.
type Env []string

// Lookup returns the value of key and whether it is set. The last entry for
// a key wins, as in os/exec.
func (e Env) Lookup(key string) (string, bool) {
	for i := len(e) - 1; i >= 0; i-- {
		k, v, ok := strings.Cut(e[i], "=")
		if ok && k == key {
			return v, true
		}
	}
	return "", false
}

// Get returns the value of key, or "".
func (e Env) Get(key string) string {
	v, _ := e.Lookup(key)
	return v
}

// With returns a copy of e with key set to value.
func (e Env) With(key, value string) Env {
	out := make(Env, 0, len(e)+1)
	for _, kv := range e {
		if k, _, _ := strings.Cut(kv, "="); k != key {
			out = append(out, kv)
		}
	}
	return append(out, key+"="+value)
}

// Has reports whether key is set.
func (e Env) Has(key string) bool {
	_, ok := e.Lookup(key)
	return ok
}

// Without returns a copy of e without the given keys.
func (e Env) Without(keys ...string) Env {
	out := make(Env, 0, len(e))
	for _, kv := range e {
		k, _, _ := strings.Cut(kv, "=")
		drop := false
		for _, key := range keys {
			drop = drop || k == key
		}
		if !drop {
			out = append(out, kv)
		}
	}
	return out
}
