package gemini

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// Gemini passes the hook's timeout to Node's setTimeout, which turns a
// delay outside [1, 2^31-1] ms (or not a number) into 1 ms: a hook with a
// timeout of 2^31 ms times out at once in Gemini, not after 24.8 days.
func TestTimeoutsClampLikeNodesSetTimeout(t *testing.T) {
	cases := []struct {
		raw  string
		want int64  // ms Node waits
		text string // in "Hook timed out after …ms"
		diag string
	}{
		{"2147483647", 2147483647, "2147483647", ""},
		{"2147483648", 1, "2147483648", "above Node's timer limit"},
		{"1e300", 1, "1e+300", "above Node's timer limit"},
		{`"2147483648"`, 1, "2147483648", "above Node's timer limit"},
		{"0", 1, "0", "kill the hook at once"},
		{"-5", 1, "-5", "kill the hook at once"},
		{"0.5", 1, "0.5", "probably meant as seconds"},
		{"1500.9", 1500, "1500.9", ""},
		{`"abc"`, 1, "abc", "not a number of milliseconds"},
	}
	var hooksJSON []string
	for i, c := range cases {
		hooksJSON = append(hooksJSON, fmt.Sprintf(`{"type": "command", "command": "echo %d", "timeout": %s}`, i, c.raw))
	}
	user := `{"hooks": {"BeforeTool": [{"hooks": [` + strings.Join(hooksJSON, ",") + `]}]}}`
	r := build(snapshot(t, layers{settingsio.LayerUser: user}, true))
	if len(r.Hooks) != len(cases) {
		t.Fatalf("%d hooks", len(r.Hooks))
	}
	for i, c := range cases {
		h := r.Hooks[i]
		if !h.HasTimeout || timeoutOf(h).Milliseconds() != c.want || timeoutMS(h) != c.text {
			t.Errorf("timeout %s: TimeoutOf %v, message %q; want %d ms, %q", c.raw, timeoutOf(h), timeoutMS(h), c.want, c.text)
		}
		var msgs []string
		for _, d := range h.Diagnostics {
			msgs = append(msgs, d.Message)
		}
		if got := strings.Join(msgs, "; "); c.diag == "" && got != "" || !strings.Contains(got, c.diag) {
			t.Errorf("timeout %s: diagnostics %q, want %q", c.raw, got, c.diag)
		}
	}
}
