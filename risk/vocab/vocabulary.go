package vocab

import (
	"encoding/json"
	"fmt"
)

// Level is how much a hook needs a person's attention, from none to
// critical. Levels are ordered: a greater Level is more serious.
type Level int

const (
	// LevelNone: nothing found that reaches outside the project or the
	// machine's loopback.
	LevelNone Level = iota
	// LevelReview: legitimate but risky — a third-party endpoint, a remote
	// package fetched at hook time, code Hookwarden cannot read.
	LevelReview
	// LevelCritical: what a hostile hook does — sends secrets or the
	// payload away, runs downloaded or decoded code, persists, tampers with
	// an agent's trust, destroys data outside the project.
	LevelCritical
)

var levelNames = [...]string{LevelNone: "none", LevelReview: "review", LevelCritical: "critical"}

// String returns "none", "review" or "critical".
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel reads a level name as String writes it.
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if n == s {
			return Level(i), nil
		}
	}
	return LevelNone, fmt.Errorf("unknown risk level %q (want none, review or critical)", s)
}

// MarshalText writes the level's name.
func (l Level) MarshalText() ([]byte, error) {
	if l < 0 || int(l) >= len(levelNames) {
		return nil, fmt.Errorf("invalid risk level %d", int(l))
	}
	return []byte(l.String()), nil
}

// UnmarshalText reads a level's name.
func (l *Level) UnmarshalText(b []byte) error {
	v, err := ParseLevel(string(b))
	if err != nil {
		return err
	}
	*l = v
	return nil
}

// Category is the kind of thing a finding says a hook does. The values are
// stable words used in JSON, SARIF rule ids and the sandbox's report.
type Category string

const (
	// Exfiltration: a source (the hook's stdin payload, secret-looking env
	// vars, env/printenv, ~/.ssh, ~/.aws, .env, ~/.netrc, agent credential
	// files) reaches a network sink.
	Exfiltration Category = "exfiltration"
	// DownloadExec: remote content run by a shell or interpreter, or
	// downloaded, made executable and run.
	DownloadExec Category = "download-exec"
	// ReverseShell: a shell or interpreter wired to a network socket.
	ReverseShell Category = "reverse-shell"
	// Persistence: writes that make code run later — shell rc files,
	// crontab, systemd/launchd units, authorized_keys, git hooks, PATH
	// prepends through CLAUDE_ENV_FILE.
	Persistence Category = "persistence"
	// SelfTampering: writes to an agent's own settings or trust files, or
	// flipping its permission mode.
	SelfTampering Category = "self-tampering"
	// AgentOutput: what the hook tells the agent — a permission decision
	// that always allows, or text that reaches the model and tells it to
	// run something dangerous, to hide from the user or to skip checks.
	AgentOutput Category = "agent-output"
	// Destructive: deletes or overwrites outside the project (rm -rf ~,
	// dd, mkfs, chmod -R 777 ~, force-push).
	Destructive Category = "destructive"
	// Privilege: sudo, su, setuid, privileged containers.
	Privilege Category = "privilege"
	// Obfuscation: a command hidden by encoding or built at run time and
	// then executed.
	Obfuscation Category = "obfuscation"
	// RemotePackage: a package fetched from a registry and run at hook time
	// (npx of a package that is not the project's own, uvx, pipx run, go
	// run pkg@ver, bunx, deno run https://…).
	RemotePackage Category = "remote-package"
	// Network: a connection to a third-party endpoint (not loopback) with
	// data that is neither a secret nor the payload.
	Network Category = "network"
	// SecretRead: reads a secret-looking file or variable without a
	// network sink in sight.
	SecretRead Category = "secret-read"
	// Unreadable: code the hook runs that Hookwarden cannot read (a
	// missing script, a binary, a file over the size limit, a command
	// built at run time) — never read as clean.
	Unreadable Category = "unreadable"
)

// Categories lists every category, in the order a report names them.
func Categories() []Category {
	return []Category{Exfiltration, DownloadExec, ReverseShell, Persistence, SelfTampering,
		AgentOutput, Destructive, Privilege, Obfuscation, RemotePackage, Network, SecretRead, Unreadable}
}

// Source is where a finding comes from: the file (empty for the hook's own
// command), its 1-based line and column, and the exact text there.
type Source struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"col,omitempty"`
	Text string `json:"text"`
}

// String writes file:line:col (or line:col for the command).
func (s Source) String() string {
	switch {
	case s.File != "" && s.Line > 0:
		return fmt.Sprintf("%s:%d:%d", s.File, s.Line, s.Col)
	case s.File != "":
		return s.File
	case s.Line > 0:
		return fmt.Sprintf("command:%d:%d", s.Line, s.Col)
	}
	return "command"
}

// Finding is one thing a hook would do, in words.
type Finding struct {
	Category Category `json:"category"`
	Severity Level    `json:"severity"`
	// Summary is one plain sentence, e.g. "sends the tool input it
	// receives on stdin to collector.example.net".
	Summary string `json:"summary"`
	Source  Source `json:"source"`
}

// Report is the result of analysing one hook: its level (the highest
// severity of its findings) and the findings, most serious first.
type Report struct {
	Level    Level     `json:"level"`
	Findings []Finding `json:"findings"`
	// Diagnostics say why the hook is broken rather than risky (a script
	// it runs does not exist: it fails with 127); they raise no level.
	Diagnostics []Finding `json:"diagnostics,omitempty"`
}

// MarshalJSON always writes findings as a list ([] when there are none).
func (r Report) MarshalJSON() ([]byte, error) {
	type plain Report
	p := plain(r)
	if p.Findings == nil {
		p.Findings = []Finding{}
	}
	return json.Marshal(p)
}

// First returns the most serious finding, and false when there is none.
func (r Report) First() (Finding, bool) {
	if len(r.Findings) == 0 {
		return Finding{}, false
	}
	return r.Findings[0], true
}
