package settingsio

import (
	"fmt"
	"testing"
)

// BenchmarkEditTOMLTrustAll is the config.toml edit of Codex's trust --all:
// a [hooks.state."<key>"] trusted_hash per hook, all edits in one call
// ("batch": one parse, one check) against the baseline of one edit at a
// time ("one-by-one": a parse and a check per edit, as EditTOML did), in
// the same run (issue 28).
func BenchmarkEditTOMLTrustAll(b *testing.B) {
	doc := []byte("model = \"o3\"\n\n[projects.\"/p\"]\ntrust_level = \"trusted\"\n")
	for _, n := range []int{300, 1000, 10000} {
		var edits []TOMLEdit
		for i := 0; i < n; i++ {
			edits = append(edits, TOMLSetString([]string{"hooks", "state", fmt.Sprintf("/p/.codex/hooks.json:pre_tool_use:%d:0", i)}, "trusted_hash", fmt.Sprintf("sha256:%064x", i)))
		}
		b.Run(fmt.Sprintf("batch-%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := EditTOML("config.toml", doc, edits...); err != nil {
					b.Fatal(err)
				}
			}
		})
		if n > 300 {
			continue // one by one is quadratic: 1,000 take 40 s on a loaded machine, 10,000 an hour
		}
		b.Run(fmt.Sprintf("one-by-one-%d", n), func(b *testing.B) {
			for b.Loop() {
				data := doc
				for _, e := range edits {
					var err error
					if data, err = EditTOML("config.toml", data, e); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
