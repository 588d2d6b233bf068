package codex

import (
	"testing"
	"unsafe"
)

// TestHandlerHoldsNoSecondDefinition: a handler makes its Identity from
// the fields it has (Identity()) instead of holding a second copy of its
// definition, so that a project of 100,000 hooks holds ~14 MB less
// (issue 28: the live set of list --json sets how often the collector
// runs under its memory limit). The old handler with its Identity was
// 312 bytes (352 allocated), the new one 192.
func TestHandlerHoldsNoSecondDefinition(t *testing.T) {
	if n := unsafe.Sizeof(handler{}); n > 224 {
		t.Errorf("a handler is %d bytes, want at most 224 (no copy of its definition)", n)
	}
}
