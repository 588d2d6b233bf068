package claude

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"

	"testing"
)

func TestMatcherSemantics(t *testing.T) {
	c := newRegexCache()
	tests := []struct {
		kind    matcherKind
		matcher string
		value   string
		want    bool
	}{
		{matchToolName, "", "Bash", true},
		{matchToolName, "*", "Bash", true},
		{matchToolName, "Bash", "Bash", true},
		{matchToolName, "Ba", "Bash", false},         // exact, not a prefix (checked with 2.1.332)
		{matchToolName, "B.sh", "Bash", true},        // regex
		{matchToolName, "Bash ", "Bash", true},       // trimmed (checked with 2.1.332)
		{matchToolName, "Read, Bash", "Bash", true},  // comma list (checked with 2.1.332)
		{matchToolName, "Edit|Write", "Write", true}, // pipe list
		{matchToolName, "Edit|Write", "MultiEdit", false},
		{matchToolName, "Edit.*", "NotebookEdit", true}, // unanchored regex
		{matchToolName, "^Edit$", "NotebookEdit", false},
		{matchToolName, "bash", "Bash", false}, // case-sensitive
		{matchToolName, "mcp__memory", "mcp__memory__create", false},
		{matchToolName, "mcp__memory__.*", "mcp__memory__create", true},
		{matchValue, "code-reviewer", "senior-code-reviewer", false}, // hyphen is in the exact set
		{matchNarrow, "rate_limit|overloaded", "overloaded", true},
		{matchNarrow, "rate-limit", "xrate-limitx", true}, // hyphen makes it a regex for StopFailure
		{matchToolName, "Bash(", "Bash(", false},          // invalid regex matches nothing
	}
	for _, tt := range tests {
		if got := ParseMatcher(tt.kind, tt.matcher).matches(c, tt.value); got != tt.want {
			t.Errorf("matcher %q on %q = %v, want %v", tt.matcher, tt.value, got, tt.want)
		}
	}
}

func TestIfRules(t *testing.T) {
	tests := []struct {
		rule  string
		tool  string
		input map[string]any
		want  bool
	}{
		{"Bash(git *)", "Bash", map[string]any{"command": "git push"}, true},
		{"Bash(git *)", "Bash", map[string]any{"command": "git"}, true},
		{"Bash(git *)", "Bash", map[string]any{"command": "gitk"}, false},
		{"Bash(rm *)", "Bash", map[string]any{"command": "cd /tmp && rm -rf x"}, true}, // every subcommand
		{"Bash(rm *)", "Bash", map[string]any{"command": "FOO=1 rm x"}, true},          // leading assignment stripped
		{"Bash(rm *)", "Bash", map[string]any{"command": "echo $(rm x)"}, true},        // inside $()
		{"Bash(rm *)", "Bash", map[string]any{"command": "echo 'unclosed"}, true},      // unparsable: fails open
		{"Bash(npm run:*)", "Bash", map[string]any{"command": "npm run build"}, true},  // legacy prefix
		{"Bash(echo *)", "Bash", map[string]any{"command": "echo hi > out.txt"}, true}, // checked with 2.1.332
		{"Read", "Bash", map[string]any{"command": "echo hi"}, false},                  // other tool (2.1.332)
		{"Edit(*.ts)", "Edit", map[string]any{"file_path": "/p/src/deep/a.ts"}, true},  // any depth
		{"Edit(*.ts)", "Edit", map[string]any{"file_path": "/p/src/a.tsx"}, false},
		{"Edit(src/**)", "Edit", map[string]any{"file_path": "/p/src/x/y.go"}, true}, // project-relative
		{"Edit(src/**)", "Edit", map[string]any{"file_path": "/p/lib/src/y.go"}, false},
		{"Read(//etc/**)", "Read", map[string]any{"file_path": "/etc/passwd"}, true},    // absolute
		{"Read(~/.ssh/*)", "Read", map[string]any{"file_path": "/h/.ssh/id_rsa"}, true}, // home
		{"WebFetch(domain:example.com)", "WebFetch", map[string]any{"url": "https://example.com/x"}, true},
		{"WebFetch(domain:example.com)", "WebFetch", map[string]any{"url": "https://evil.com/example.com"}, false},
		{"mcp__github", "mcp__github__create_issue", map[string]any{}, true},
		{"Bash(git *)", "Bash", nil, true}, // no input: not checked
	}
	for _, tt := range tests {
		r, err := parseIfRule(tt.rule)
		if err != nil {
			t.Errorf("%s: %v", tt.rule, err)
			continue
		}
		got := r.Check(ifCall{ToolName: tt.tool, ToolInput: tt.input, ProjectDir: "/p", Home: "/h"})
		if got.Match != tt.want {
			t.Errorf("if %q on %s %v = %v (%s), want %v", tt.rule, tt.tool, tt.input, got.Match, got.Why, tt.want)
		}
	}
}

func TestPlan(t *testing.T) {
	r := newFixture(t, map[string]string{
		userFile: hooksJSON("PreToolUse", "Bash", cmd("shared")),
		projectFile: `{"hooks": {"PreToolUse": [
			{"matcher": "Bash", "hooks": [` + cmd("shared") + `, {"type": "command", "if": "Bash(git *)", "command": "git-guard"}]},
			{"matcher": "Edit|Write", "hooks": [` + cmd("edits") + `]},
			{"hooks": [` + cmd("all-tools") + `]}],
			"SessionStart": [{"matcher": "startup", "hooks": [` + cmd("on-start") + `]}, {"matcher": "resume", "hooks": [` + cmd("on-resume") + `]}],
			"Stop": [{"matcher": "ignored", "hooks": [` + cmd("stop") + `]}]}}`,
	}).build()
	labels := func(p *agents.Plan) []string {
		if p == nil {
			return nil
		}
		var out []string
		for _, h := range p.Hooks {
			out = append(out, Label(h))
		}
		return out
	}
	tests := []struct {
		name  string
		event string
		ctx   *matchContext
		want  []string
	}{
		{"bash git", "PreToolUse", &matchContext{ToolName: "Bash", ToolInput: map[string]any{"command": "git push"}}, []string{"shared", "git-guard", "all-tools"}},
		{"bash ls", "PreToolUse", &matchContext{ToolName: "Bash", ToolInput: map[string]any{"command": "ls"}}, []string{"shared", "all-tools"}},
		{"write", "PreToolUse", &matchContext{ToolName: "Write"}, []string{"edits", "all-tools"}},
		{"startup", "SessionStart", &matchContext{MatcherValue: "startup"}, []string{"on-start"}},
		{"no context lists all", "SessionStart", nil, []string{"on-start", "on-resume"}},
		{"matcher ignored on Stop", "Stop", &matchContext{}, []string{"stop"}},
		{"nothing", "PostToolUse", &matchContext{ToolName: "Bash"}, nil},
	}
	for _, tt := range tests {
		got := labels(r.Plan(hooksEvent(tt.event), tt.ctx))
		if len(got) != len(tt.want) {
			t.Errorf("%s: plan = %v, want %v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: plan = %v, want %v", tt.name, got, tt.want)
				break
			}
		}
	}
}

func hooksEvent(s string) hooks.Event { return hooks.Event(s) }
