package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestProjectDir(t *testing.T) {
	tmp := t.TempDir()
	file := filepath.Join(tmp, "settings.json")
	if err := os.WriteFile(file, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		want    string
		wantErr bool
	}{
		{"no arguments opens the working folder", nil, wd, false},
		{"a folder", []string{tmp}, tmp, false},
		{"open and a folder", []string{"open", tmp}, tmp, false},
		{"open alone opens the working folder", []string{"open"}, wd, false},
		{"a relative folder is made absolute", []string{"."}, wd, false},
		{"a file is not a project", []string{file}, "", true},
		{"a missing folder", []string{filepath.Join(tmp, "missing")}, "", true},
		{"an unknown option", []string{"--verbose"}, "", true},
		{"two folders", []string{tmp, tmp}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := projectDir(tt.args)
			if (err != nil) != tt.wantErr {
				t.Fatalf("projectDir(%q) error = %v, want error %v", tt.args, err, tt.wantErr)
			}
			if got != tt.want {
				t.Errorf("projectDir(%q) = %q, want %q", tt.args, got, tt.want)
			}
		})
	}
}
