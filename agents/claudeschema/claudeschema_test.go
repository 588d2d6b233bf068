package claudeschema

import (
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

func parse(t *testing.T, s Schema, text string) []*Entry {
	t.Helper()
	root, perr := settingsio.ParseJSONC("/x/settings.json", []byte(text))
	if perr != nil {
		t.Fatal(perr)
	}
	es, _ := s.Parse(&settingsio.File{Layer: "user", Path: "/x/settings.json", Exists: true, Root: root})
	return es
}

func TestParse(t *testing.T) {
	s := Schema{Agent: "a", Events: []string{"PreToolUse"}, Types: []string{"command"}, Command: "command", ConfigKeys: []string{"disabled"},
		DefaultTimeout: time.Minute, MillisFrom: 1000}
	es := parse(t, s, `{"hooks": {
  "disabled": [],
  "PreToolUse": [{"matcher": "Bash", "sequential": true, "hooks": [
    {"type": "command", "command": "a", "timeout": 5, "name": "n", "async": true},
    {"type": "http"},
    {"type": "command", "timeout": 2000}]}],
  "Nope": [{"hooks": [{"type": "command", "command": "z"}]}]}}`)
	if len(es) != 4 {
		t.Fatalf("%d entries", len(es))
	}
	a := es[0]
	if !a.Valid() || a.Hook.Agent != "a" || a.Matcher != "Bash" || !a.Sequential || !a.Async || a.Name != "n" || a.Timeout != 5*time.Second ||
		a.Hook.Origin.Line != 4 || a.Hook.Origin.Path != "hooks.PreToolUse[0].hooks[0]" {
		t.Errorf("entry %+v origin %+v", a, a.Hook.Origin)
	}
	if es[1].Valid() || es[1].Hook.Status != hooks.StatusInvalid {
		t.Error("a type the agent does not run is invalid")
	}
	if es[2].Valid() || es[2].Timeout != 2*time.Second {
		t.Errorf("command hook without command: valid %v, timeout %s", es[2].Valid(), es[2].Timeout)
	}
	if es[3].Known || es[3].Valid() {
		t.Error("unknown event")
	}
}

func TestMatcherRules(t *testing.T) {
	// Claude Code's rule: plain names are exact lists, others regexes.
	claude := Matcher{Wildcards: []string{"", "*"}, PlainExact: true, Regex: true}
	for _, c := range []struct {
		m, subject string
		want       bool
	}{{"Bash", "Bash", true}, {"Edit|Write", "Write", true}, {"Bas", "Bash", false}, {"mcp__.*", "mcp__x__y", true}, {"*", "x", true}} {
		if got, _ := claude.Match(c.m, c.subject, nil); got != c.want {
			t.Errorf("claude %q ~ %q = %v", c.m, c.subject, got)
		}
	}
	// Unanchored regexes with lists and aliases.
	qw := Matcher{Wildcards: []string{"", "*", ".*"}, TrimSpace: true, Lists: true, Regex: true}
	for _, c := range []struct {
		m, subject string
		want       bool
	}{{"shell", "run_shell_command", true}, {"a | Bash", "run_shell_command", true}, {"(a|b)", "xbx", true}, {"Write|Edit", "edit", false}} {
		if got, _ := qw.Match(c.m, c.subject, []string{"Bash"}); got != c.want {
			t.Errorf("%q ~ %q = %v", c.m, c.subject, got)
		}
	}
	if _, err := qw.Match("[", "x", nil); err == nil {
		t.Error("an invalid regex is an error")
	}
}

func TestExitsAndMerge(t *testing.T) {
	x := Exits{Blocking: 2, NeedsStderr: true, StderrJSON: true, StdoutJSON: true}
	if r := x.read(2, true, `{"decision":"allow"}`, "no"); r.Kind != blocking || r.Output.Reason != "no" {
		t.Errorf("exit 2: %+v", r)
	}
	if r := x.read(2, true, "", ""); r.Kind != NonBlocking {
		t.Errorf("exit 2 without stderr: %+v", r)
	}
	if r := x.read(2, true, "", `{"decision":"allow"}`); r.Kind != Success || r.Output.Decision != "allow" {
		t.Errorf("JSON on stderr: %+v", r)
	}
	allow := x.read(0, true, `{"hookSpecificOutput":{"permissionDecision":"allow"}}`, "")
	deny := x.read(0, true, `{"hookSpecificOutput":{"permissionDecision":"deny","permissionDecisionReason":"R"}}`, "")
	exit2 := x.read(2, true, "", "E")
	cases := []struct {
		rule merge
		rs   []Result
		want string
	}{
		{LastWins, []Result{deny, allow}, "allow"}, {LastWins, []Result{allow, deny}, "deny"}, {LastWins, []Result{exit2, allow}, "allow"},
		{LastWins, []Result{exit2, deny}, "deny"}, {mostRestrictive, []Result{deny, allow}, "deny"}, {mostRestrictive, []Result{exit2, allow}, "deny"},
	}
	for _, c := range cases {
		if d := c.rule.Combine(c.rs); d.Effect != c.want {
			t.Errorf("rule %d: %+v", c.rule, d)
		}
	}
	if d := LastWins.Combine([]Result{exit2, deny}); d.Reason != "R" {
		t.Errorf("exit 2 + deny: the deny's reason, got %q", d.Reason)
	}
	if d := LastWins.Combine([]Result{exit2, allow}); len(d.Overruled) != 1 || d.Overruled[0] != 0 {
		t.Errorf("overruled %v", d.Overruled)
	}
}

func TestSetTopKeepsLayout(t *testing.T) {
	in := "{\n  // keep me\n  \"hooks\": {}, /* and me */\n}\n"
	out, err := SetTop("f", []byte(in), true, "disableAllHooks", true)
	if err != nil || !strings.Contains(string(out), "// keep me") || !strings.Contains(string(out), "/* and me */") ||
		!strings.Contains(string(out), "\n  \"disableAllHooks\": true") {
		t.Fatalf("%v\n%s", err, out)
	}
	back, _ := SetTop("f", out, true, "disableAllHooks", nil)
	if strings.Contains(string(back), "disableAllHooks") {
		t.Errorf("not removed:\n%s", back)
	}
	if _, err := SetTop("f", []byte("{broken"), true, "k", true); err == nil {
		t.Error("a broken file is written")
	}
	if out, _ := SetTop("f", nil, false, "/a/b", "TRUST_FOLDER"); !strings.Contains(string(out), `"/a/b": "TRUST_FOLDER"`) {
		t.Errorf("new file %s", out)
	}
}

func TestSetTopReplacesPathKey(t *testing.T) {
	in := "{\n  \"/a/b\": \"DO_NOT_TRUST\",\n  \"/c\": \"TRUST_FOLDER\"\n}\n"
	out, err := SetTop("f", []byte(in), true, "/a/b", "TRUST_FOLDER")
	if err != nil || strings.Count(string(out), "/a/b") != 1 || !strings.Contains(string(out), `"/a/b": "TRUST_FOLDER"`) {
		t.Fatalf("%v\n%s", err, out)
	}
}
