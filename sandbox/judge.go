package sandbox

import (
	"net/netip"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/risk"
)

// persistencePaths under the home make code run later.
var persistencePaths = []string{
	".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zprofile",
	".zshenv", ".zlogin", ".config/fish/config.fish", ".ssh/authorized_keys", ".ssh/rc",
	".config/autostart", ".config/systemd/user", "Library/LaunchAgents", ".local/bin",
	".config/environment.d", ".xprofile", ".xinitrc", ".gitconfig", ".config/git/config",
}

// agentPaths are agents' own settings and trust files, under the home or
// in the project (and Hookwarden's store).
var agentPaths = []string{
	".gemini/settings.json", ".gemini/trustedFolders.json", ".gemini/trusted_hooks.json",
	".gemini/extensions", ".gemini/.env", ".claude/settings.json", ".claude/settings.local.json",
	".claude.json", ".claude/plugins", ".codex/config.toml", ".codex/hooks.json", ".config/hookwarden",
}

// judge fills every entry's judgement and the report's level.
func judge(r *Report, home, project string) {
	show := func(p string) string { return displayPath(p, home, project) }
	for i := range r.Files {
		f := &r.Files[i]
		f.Judgement = judgeFile(f, home, project, show(f.Path))
	}
	for i := range r.Secrets {
		s := &r.Secrets[i]
		s.Judgement = Judgement{risk.SecretRead, risk.LevelReview, "reads " + show(s.Path)}
	}
	for i := range r.Network {
		n := &r.Network[i]
		n.Judgement = judgeNetwork(n, show)
	}
	for i := range r.Programs {
		p := &r.Programs[i]
		if i == 0 {
			p.Judgement = Judgement{Level: risk.LevelNone, Summary: "the hook's own command"}
			continue
		}
		p.Judgement = judgeProgram(p.Argv)
	}
	for i := range r.LeftRunning {
		p := &r.LeftRunning[i]
		p.Judgement = Judgement{risk.Persistence, risk.LevelReview, "kept running after the hook ended (the sandbox killed it): " + shortArgv(p.Argv)}
	}
	r.Level = risk.LevelNone
	raise := func(j Judgement) {
		if j.Level > r.Level {
			r.Level = j.Level
		}
	}
	for _, f := range r.Files {
		raise(f.Judgement)
	}
	for _, s := range r.Secrets {
		raise(s.Judgement)
	}
	for _, n := range r.Network {
		raise(n.Judgement)
	}
	for _, p := range r.Programs {
		raise(p.Judgement)
	}
	for _, p := range r.LeftRunning {
		raise(p.Judgement)
	}
}

func judgeFile(f *FileChange, home, project, shown string) Judgement {
	verb := map[string]string{Created: "creates ", Changed: "changes ", Deleted: "deletes "}[f.Change]
	rel := func(base string) string {
		if base == "" || !within(f.Path, base) {
			return ""
		}
		return strings.TrimPrefix(strings.TrimPrefix(f.Path, base), "/")
	}
	hasPrefixAny := func(p string, list []string) bool {
		for _, s := range list {
			if p == s || strings.HasPrefix(p, s+"/") {
				return true
			}
		}
		return false
	}
	hr, pr := rel(home), rel(project)
	switch {
	case hr != "" && !f.InProject && hasPrefixAny(hr, agentPaths), pr != "" && hasPrefixAny(pr, agentPaths):
		return Judgement{risk.SelfTampering, risk.LevelCritical, verb + shown + ", an agent's own settings or trust"}
	case hr != "" && !f.InProject && hasPrefixAny(hr, persistencePaths):
		return Judgement{risk.Persistence, risk.LevelCritical, verb + shown + ", which runs code later"}
	case pr != "" && hasPrefixAny(pr, []string{".git/hooks", ".git/config", ".envrc"}):
		return Judgement{risk.Persistence, risk.LevelCritical, verb + shown + ", which runs code later"}
	case !f.InProject && f.Change != Created:
		return Judgement{risk.Destructive, risk.LevelCritical, verb + shown + ", outside the project"}
	case !f.InProject:
		return Judgement{risk.Destructive, risk.LevelReview, verb + shown + ", outside the project"}
	case f.Change == Deleted:
		return Judgement{risk.Destructive, risk.LevelReview, verb + shown + " in the project"}
	}
	return Judgement{Level: risk.LevelNone, Summary: verb + shown + " in the project"}
}

// dataLabel is a DNS label that looks like encoded data.
var dataLabel = regexp.MustCompile(`^(?:[0-9a-f]{16,}|[A-Za-z0-9+_-]{24,}=*)$`)

func judgeNetwork(n *NetworkAttempt, show func(string) string) Judgement {
	if n.Kind == "dns" {
		carries := n.SendsInput || len(n.Name) > 100
		for _, l := range strings.Split(n.Name, ".") {
			if dataLabel.MatchString(l) {
				carries = true
			}
		}
		if carries {
			return Judgement{risk.Exfiltration, risk.LevelCritical, "looks up a name that carries data: " + n.Name}
		}
		if n.Name == "localhost" || strings.HasSuffix(n.Name, ".localhost") {
			return Judgement{Level: risk.LevelNone, Summary: "looks up " + n.Name}
		}
		return Judgement{risk.Network, risk.LevelReview, "looks up " + n.Name}
	}
	dest := n.dest()
	switch {
	case isLoopback(n.Addr):
		return Judgement{Level: risk.LevelNone, Summary: "connects to loopback " + dest}
	case n.SendsSecret != "":
		return Judgement{risk.Exfiltration, risk.LevelCritical, "sends the content of " + show(n.SendsSecret) + " to " + dest}
	case n.SendsInput:
		return Judgement{risk.Exfiltration, risk.LevelCritical, "sends the hook's input to " + dest}
	case n.Method == "TLS":
		return Judgement{risk.Network, risk.LevelReview, "opens TLS to " + dest + " (what it sent is encrypted: the sandbox answers no TLS)"}
	case n.Bytes > 0:
		what := ""
		if n.Method != "" && n.Method != "TLS" {
			what = " (" + n.Method + " " + n.Target + ")"
		}
		return Judgement{risk.Network, risk.LevelReview, "sends " + strconv.FormatInt(n.Bytes, 10) + " bytes to " + dest + what}
	}
	return Judgement{risk.Network, risk.LevelReview, "connects to " + dest}
}

// dest names a connection's destination: host (or name) and port.
func (n *NetworkAttempt) dest() string {
	host := n.Addr
	switch {
	case n.SNI != "":
		host = n.SNI
	case n.Host != "":
		return n.Host
	case n.Name != "":
		host = n.Name
	}
	if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return host + ":" + strconv.Itoa(n.Port)
}

var programJudgements = map[string]Judgement{
	"curl": {risk.Network, risk.LevelReview, "runs curl"}, "wget": {risk.Network, risk.LevelReview, "runs wget"},
	"nc": {risk.Network, risk.LevelReview, "runs nc"}, "ncat": {risk.Network, risk.LevelReview, "runs ncat"},
	"socat": {risk.Network, risk.LevelReview, "runs socat"}, "ssh": {risk.Network, risk.LevelReview, "runs ssh"},
	"scp": {risk.Network, risk.LevelReview, "runs scp"}, "telnet": {risk.Network, risk.LevelReview, "runs telnet"},
	"sudo": {risk.Privilege, risk.LevelCritical, "runs sudo"}, "su": {risk.Privilege, risk.LevelCritical, "runs su"},
	"doas": {risk.Privilege, risk.LevelCritical, "runs doas"}, "pkexec": {risk.Privilege, risk.LevelCritical, "runs pkexec"},
	"crontab": {risk.Persistence, risk.LevelCritical, "runs crontab"},
	"npx":     {risk.RemotePackage, risk.LevelReview, "runs npx"}, "uvx": {risk.RemotePackage, risk.LevelReview, "runs uvx"},
	"pipx": {risk.RemotePackage, risk.LevelReview, "runs pipx"}, "bunx": {risk.RemotePackage, risk.LevelReview, "runs bunx"},
}

func judgeProgram(argv []string) Judgement {
	if len(argv) == 0 {
		return Judgement{Level: risk.LevelNone, Summary: "starts a program"}
	}
	name := filepath.Base(argv[0])
	if j, ok := programJudgements[name]; ok {
		j.Summary += ": " + shortArgv(argv)
		return j
	}
	if name == "base64" || name == "xxd" {
		for _, a := range argv[1:] {
			if a == "-d" || a == "--decode" || a == "-r" || a == "-D" {
				return Judgement{risk.Obfuscation, risk.LevelReview, "decodes data: " + shortArgv(argv)}
			}
		}
	}
	return Judgement{Level: risk.LevelNone, Summary: "runs " + shortArgv(argv)}
}

func shortArgv(argv []string) string {
	s := strings.Join(argv, " ")
	if len(s) > 120 {
		s = s[:117] + "…"
	}
	return s
}

// displayPath shows a path relative to the project (as ./x) or the home
// (as ~/x).
func displayPath(p, home, project string) string {
	switch {
	case project != "" && within(p, project):
		return "./" + strings.TrimPrefix(strings.TrimPrefix(p, project), "/")
	case home != "" && within(p, home):
		return "~/" + strings.TrimPrefix(strings.TrimPrefix(p, home), "/")
	}
	return p
}

func isLoopback(addr string) bool {
	a, err := netip.ParseAddr(addr)
	return err == nil && a.IsLoopback()
}
