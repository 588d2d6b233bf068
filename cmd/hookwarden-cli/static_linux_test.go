package main

import (
	"debug/elf"
	"testing"
)

// TestStaticBinary: CGO_ENABLED=0 gives an ELF without an interpreter
// (PT_INTERP) and without shared libraries: it runs on any Linux.
func TestStaticBinary(t *testing.T) {
	f, err := elf.Open(cliBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("the binary has a PT_INTERP program header: it is dynamically linked")
		}
	}
	if libs, err := f.ImportedLibraries(); err != nil || len(libs) > 0 {
		t.Errorf("the binary needs shared libraries %v (%v)", libs, err)
	}
}
