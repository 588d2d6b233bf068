package settingsio

import (
	"strings"
	"testing"
)

// TestNotARegularFileSaysWhatItIs: a folder where a file should be is
// named "a folder", not by its mode string ("d---------").
func TestNotARegularFileSaysWhatItIs(t *testing.T) {
	dir := t.TempDir()
	_, err := ReadRegularFile(dir)
	if err == nil || !strings.Contains(err.Error(), "is not a regular file (a folder)") {
		t.Fatalf("reading a folder: %v, want it named a folder", err)
	}
}
