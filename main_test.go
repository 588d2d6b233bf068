//go:build cgo

package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/cli"
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

func TestAgentFlag(t *testing.T) {
	tests := []struct {
		args      []string
		agent     string
		rest      []string
		wantError bool
	}{
		{nil, "", []string{}, false}, // no --agent: the window picks (ui: openPicked)
		{[]string{"open", "--agent", "claude", "dir"}, "claude", []string{"open", "dir"}, false},
		{[]string{"--agent=gemini", "dir"}, "gemini", []string{"dir"}, false},
		{[]string{"dir", "-agent", "claude"}, "claude", []string{"dir"}, false},
		{[]string{"--agent"}, "", nil, true},
		{[]string{"--agent", "cursor"}, "", nil, true},
	}
	for _, tt := range tests {
		agent, rest, err := agentFlag(all.Registry(), tt.args)
		if (err != nil) != tt.wantError {
			t.Errorf("agentFlag(%q) error %v, want error %v", tt.args, err, tt.wantError)
			continue
		}
		if agent != tt.agent || !slices.Equal(rest, tt.rest) {
			t.Errorf("agentFlag(%q) = %q %q, want %q %q", tt.args, agent, rest, tt.agent, tt.rest)
		}
	}
}

func TestParseGUIArgs(t *testing.T) {
	tmp := t.TempDir()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		want    guiArgs
		wantErr bool
	}{
		{"nothing: the working folder, the demo when empty", nil,
			guiArgs{agent: "", dir: wd, demoWhenEmpty: true}, false},
		{"open --review DIR", []string{"open", "--review", tmp},
			guiArgs{agent: "", dir: tmp, review: true}, false},
		{"--review without DIR is the working folder, never the demo", []string{"open", "--review"},
			guiArgs{agent: "", dir: wd, review: true}, false},
		{"--review after the folder, with --agent", []string{"open", tmp, "--agent", "claude", "-review"},
			guiArgs{agent: "claude", dir: tmp, review: true}, false},
		{"a folder without --review", []string{tmp},
			guiArgs{agent: "", dir: tmp}, false},
		{"--review=yes is not a flag", []string{"open", "--review=yes"}, guiArgs{}, true},
		{"--review with two folders", []string{"open", "--review", tmp, tmp}, guiArgs{}, true},
		{"--review with an unknown agent", []string{"--review", "--agent", "cursor", tmp}, guiArgs{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseGUIArgs(all.Registry(), tt.args)
			if (err != nil) != tt.wantErr {
				t.Fatalf("parseGUIArgs(%q) error = %v, want error %v", tt.args, err, tt.wantErr)
			}
			if got != tt.want {
				t.Errorf("parseGUIArgs(%q) = %+v, want %+v", tt.args, got, tt.want)
			}
		})
	}
}

// TestTrayIsNotACommand: "hookwarden tray" reaches the GUI modes in main,
// not the command line.
func TestTrayIsNotACommand(t *testing.T) {
	if cli.IsCommand("tray") {
		t.Error(`cli.IsCommand("tray") is true: main would run it as a command`)
	}
}
