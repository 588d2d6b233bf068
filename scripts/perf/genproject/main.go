// Command genproject writes a project with N hooks in the shapes of Gemini
// CLI (.gemini/settings.json), Claude Code (.claude/settings.json) and Codex
// CLI (.codex/hooks.json), GitHub Copilot CLI (.github/hooks/hooks.json,
// when asked: -agents copilot) and, when asked (-agents claude-schema:.DIR),
// Claude Code's schema in .DIR/settings.json for an agent that reads it
// there, running S scripts, for measuring how Hookwarden
// scales (scripts/perf/measure.sh; issue 28).
//
//	go run ./scripts/perf/genproject -dir /tmp/p -hooks 100000 -scripts 100
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	dir := flag.String("dir", "", "project folder to write (created)")
	n := flag.Int("hooks", 10000, "hooks per agent file")
	scripts := flag.Int("scripts", 100, "distinct scripts the hooks run")
	lines := flag.Int("lines", 20, "lines per script")
	agentsFlag := flag.String("agents", "gemini,claude,codex", "which agents' files to write (gemini, claude, codex, copilot for GitHub Copilot CLI's .github/hooks/hooks.json, claude-schema:.DIR for Claude Code's schema in .DIR/settings.json; GitHub Copilot CLI reads Claude Code's)")
	flag.Parse()
	if *dir == "" || *n < 1 || *scripts < 1 {
		flag.Usage()
		os.Exit(2)
	}
	for i := 0; i < *scripts; i++ {
		var b strings.Builder
		b.WriteString("#!/bin/sh\n")
		for l := 0; l < *lines; l++ {
			fmt.Fprintf(&b, "echo \"script %d line %d\" >/dev/null\n", i, l)
		}
		must(write(filepath.Join(*dir, "hooks", fmt.Sprintf("s%03d.sh", i)), b.String(), 0o755))
	}
	for _, a := range strings.Split(*agentsFlag, ",") {
		switch a {
		case "gemini":
			must(writeSettings(filepath.Join(*dir, ".gemini", "settings.json"), *n, *scripts,
				[]string{"BeforeTool", "AfterTool", "BeforeAgent", "SessionStart"},
				func(h, s int) string {
					return fmt.Sprintf(`{"type": "command", "name": "hook-%d", "command": "bash hooks/s%03d.sh %d", "timeout": 5000}`, h, s, h)
				}))
		case "claude":
			must(writeSettings(filepath.Join(*dir, ".claude", "settings.json"), *n, *scripts,
				[]string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart"},
				func(h, s int) string {
					return fmt.Sprintf(`{"type": "command", "command": "bash \"$CLAUDE_PROJECT_DIR\"/hooks/s%03d.sh %d", "timeout": 5}`, s, h)
				}))
		case "codex":
			must(writeSettings(filepath.Join(*dir, ".codex", "hooks.json"), *n, *scripts,
				[]string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart"},
				func(h, s int) string {
					return fmt.Sprintf(`{"type": "command", "command": "bash hooks/s%03d.sh %d", "timeout": 5}`, s, h)
				}))
		case "copilot":
			must(writeCopilot(filepath.Join(*dir, ".github", "hooks", "hooks.json"), *n, *scripts))
		case "claude-schema":
			log.Fatalf("claude-schema needs its folder: claude-schema:.DIR")
		default:
			if folder, ok := strings.CutPrefix(a, "claude-schema:"); ok && folder != "" {
				must(writeSettings(filepath.Join(*dir, folder, "settings.json"), *n, *scripts,
					[]string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart"},
					func(h, s int) string {
						return fmt.Sprintf(`{"type": "command", "command": "bash \"$CLAUDE_PROJECT_DIR\"/hooks/s%03d.sh %d", "timeout": 5}`, s, h)
					}))
				continue
			}
			log.Fatalf("unknown agent %q", a)
		}
	}
}

// writeSettings writes {"hooks": {event: [{matcher, hooks: [...50]}...]}}
// with n hooks spread over the events.
func writeSettings(path string, n, scripts int, events []string, hook func(h, s int) string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	w.WriteString("{\"hooks\": {")
	per := (n + len(events) - 1) / len(events)
	h := 0
	for e, ev := range events {
		if e > 0 {
			w.WriteString(",")
		}
		fmt.Fprintf(w, "\n  %q: [", ev)
		for d := 0; h < n && d*50 < per; d++ {
			if d > 0 {
				w.WriteString(",")
			}
			fmt.Fprintf(w, "\n    {\"matcher\": \"tool_%d\", \"hooks\": [", d)
			for j := 0; j < 50 && h < n && (e == len(events)-1 || d*50+j < per); j++ {
				if j > 0 {
					w.WriteString(",")
				}
				w.WriteString("\n      ")
				w.WriteString(hook(h, h%scripts))
				h++
			}
			w.WriteString("]}")
		}
		w.WriteString("\n  ]")
	}
	w.WriteString("\n}}\n")
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// writeCopilot writes Copilot CLI's {"version": 1, "hooks": {event: [...]}}
// with n hooks spread over the events (Copilot has no matcher groups).
func writeCopilot(path string, n, scripts int) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	w.WriteString("{\"version\": 1, \"hooks\": {")
	events := []string{"preToolUse", "postToolUse", "userPromptSubmitted", "sessionStart"}
	per := (n + len(events) - 1) / len(events)
	h := 0
	for e, ev := range events {
		if e > 0 {
			w.WriteString(",")
		}
		fmt.Fprintf(w, "\n  %q: [", ev)
		for j := 0; h < n && (e == len(events)-1 || j < per); j++ {
			if j > 0 {
				w.WriteString(",")
			}
			fmt.Fprintf(w, "\n    {\"type\": \"command\", \"bash\": \"bash hooks/s%03d.sh %d\", \"timeoutSec\": 5}", h%scripts, h)
			h++
		}
		w.WriteString("\n  ]")
	}
	w.WriteString("\n}}\n")
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func write(path, body string, mode os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(body), mode)
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
