package agents

import "testing"

// A submodule's or a worktree's git folder inside .git holds a config
// and hooks that run code when a hook runs git there (core.fsmonitor,
// core.hooksPath, a post-checkout hook): they are no git data, which a
// traced run leaves out of its approval and enforcement lets any hook
// read whatever its content (review19). The submodule and worktree rows
// fail on main (c142e99).
func TestGitDataLeavesOutWhatRunsCode(t *testing.T) {
	for p, want := range map[string]bool{
		"/p/.git/HEAD":                              true,
		"/p/.git/index":                             true,
		"/p/.git/objects/ab/cdef":                   true,
		"/p/.git/refs/heads/main":                   true,
		"/p/.git/refs/heads/hooks/x":                true,
		"/p/.git/refs/heads/config":                 true,
		"/p/.git/logs/HEAD":                         true,
		"/p/.git/":                                  true,
		"/p/.git/modules/vendor/x/HEAD":             true,
		"/p/.git/modules/vendor/x/objects/ab/c":     true,
		"/p/.git/config":                            false,
		"/p/.git/config.worktree":                   false,
		"/p/.git/hooks/":                            false,
		"/p/.git/hooks/post-checkout":               false,
		"/p/.git/modules/vendor/x/config":           false,
		"/p/.git/modules/vendor/x/hooks/pre-commit": false,
		"/p/.git/modules/vendor/x/hooks/":           false,
		"/p/.git/worktrees/w/config.worktree":       false,
		"/p/.git/modules/a/modules/b/config":        false,
		"/p/.git/modules/refs/config":               false,
		"/p/.git/modules/objects/hooks/post-merge":  false,
		"/p/src/main.go":                            false,
	} {
		if got := gitData(p); got != want {
			t.Errorf("gitData(%q) = %v, want %v", p, got, want)
		}
	}
}
