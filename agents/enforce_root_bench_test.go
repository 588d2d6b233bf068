package agents

import (
	"fmt"
	"slices"
	"testing"
)

// BenchmarkEnforcementRoot is what holding commands that are no hooks adds
// to each program start of the agent's own processes (the listener asks
// Root for every one): 20 hooks alone against the same 20 hooks and 20
// MCP servers and shell steps, for a start that matches none (the
// agent's own, the common case).
func BenchmarkEnforcementRoot(b *testing.B) {
	argv := []string{"git", "status", "--porcelain"}
	for _, commands := range []int{0, 20} {
		e := &Enforcement{hooks: map[string]*enforcedHook{}}
		for i := range 20 {
			key := fmt.Sprintf("hook%d", i)
			e.hooks[key] = &enforcedHook{match: ShellSpawn(fmt.Sprintf("python3 .claude/hooks/h%d.py", i))}
			e.keys = append(e.keys, key)
		}
		for i := range commands {
			key := fmt.Sprintf("cmd%d", i)
			want := []string{"node", fmt.Sprintf(".mcp/srv%d.js", i)}
			match := func(argv []string) bool { return slices.Equal(argv, want) }
			if i%2 == 1 {
				match = ShellSpawn(fmt.Sprintf("sh .qwen/cmd%d.sh", i), "{{args}}")
			}
			e.hooks[key] = &enforcedHook{match: match}
			e.keys = append(e.keys, key)
		}
		b.Run(fmt.Sprintf("%d commands", commands), func(b *testing.B) {
			for b.Loop() {
				if _, ok := e.Root(argv); ok {
					b.Fatal("matched")
				}
			}
		})
	}
}
