package sandbox

import (
	"net/netip"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/hookwarden/hookwarden/risk/vocab"
)

// persistencePaths under the home make code run later.
var persistencePaths = []string{
	".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc", ".zprofile",
	".zshenv", ".zlogin", ".config/fish/config.fish", ".ssh/authorized_keys", ".ssh/rc",
	".config/autostart", ".config/systemd/user", "Library/LaunchAgents", ".local/bin",
	".config/environment.d", ".xprofile", ".xinitrc", ".gitconfig", ".config/git/config",
}

// ownPaths are Hookwarden's own files under the home (its store); the
// agents' come with Config.AgentFiles.
var ownPaths = []string{".config/hookwarden"}

// judge fills every entry's judgement and the report's level; agentFiles
// are Config.AgentFiles.
func judge(r *Report, home, project string, agentFiles []string) {
	show := func(p string) string { return displayPath(p, home, project) }
	for i := range r.Files {
		f := &r.Files[i]
		f.Judgement = judgeFile(f, home, project, agentFiles, show(f.Path))
	}
	for i := range r.Secrets {
		s := &r.Secrets[i]
		s.Judgement = Judgement{vocab.SecretRead, vocab.LevelReview, "reads " + show(s.Path)}
	}
	for i := range r.Network {
		n := &r.Network[i]
		n.Judgement = judgeNetwork(n, show)
	}
	for i := range r.Programs {
		p := &r.Programs[i]
		if i == 0 {
			p.Judgement = Judgement{Level: vocab.LevelNone, Summary: "the hook's own command"}
			continue
		}
		p.Judgement = judgeProgram(p.Argv)
	}
	for i := range r.Devices {
		d := &r.Devices[i]
		d.Judgement = judgeDevice(d)
	}
	for i := range r.LeftRunning {
		p := &r.LeftRunning[i]
		p.Judgement = Judgement{vocab.Persistence, vocab.LevelReview, "kept running after the hook ended (the sandbox killed it): " + shortArgv(p.Argv)}
	}
	r.Level = vocab.LevelNone
	raise := func(j Judgement) {
		if j.Level > r.Level {
			r.Level = j.Level
		}
	}
	for _, f := range r.Files {
		raise(f.Judgement)
	}
	for _, f := range r.FilesLeftOut {
		raise(f.Judgement)
	}
	for _, l := range r.Limits {
		raise(l.Judgement)
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
	for _, d := range r.Devices {
		raise(d.Judgement)
	}
}

func judgeFile(f *FileChange, home, project string, agentFiles []string, shown string) Judgement {
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
	// (the home's own files count even when the project is the home)
	case hr != "" && hasPrefixAny(hr, ownPaths), agentFile(f.Path, hr, pr, agentFiles):
		return Judgement{vocab.SelfTampering, vocab.LevelCritical, verb + shown + ", an agent's own settings or trust"}
	case hr != "" && hasPrefixAny(hr, persistencePaths):
		return Judgement{vocab.Persistence, vocab.LevelCritical, verb + shown + ", which runs code later"}
	case pr != "" && hasPrefixAny(pr, []string{".git/hooks", ".git/config", ".envrc"}):
		return Judgement{vocab.Persistence, vocab.LevelCritical, verb + shown + ", which runs code later"}
	case !f.InProject && f.Change != Created:
		return Judgement{vocab.Destructive, vocab.LevelCritical, verb + shown + ", outside the project"}
	case !f.InProject:
		return Judgement{vocab.Destructive, vocab.LevelReview, verb + shown + ", outside the project"}
	case f.Change == Deleted:
		return Judgement{vocab.Destructive, vocab.LevelReview, verb + shown + " in the project"}
	}
	return Judgement{Level: vocab.LevelNone, Summary: verb + shown + " in the project"}
}

// dataLabel is a DNS label that looks like encoded data.
var dataLabel = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:[0-9a-f]{16,}|[A-Za-z0-9+_-]{24,}=*)$`) })

// rootSockets are Unix sockets whose service runs what it is asked as
// root (a container engine's).
var rootSockets = []string{"docker.sock", "containerd.sock", "podman.sock", "crio.sock", "buildkitd.sock"}

func judgeNetwork(n *NetworkAttempt, show func(string) string) Judgement {
	if n.Kind == "socket" {
		return Judgement{vocab.Network, vocab.LevelReview, "opens a socket of " + n.Addr + ", which reaches past the sandbox's network (refused)"}
	}
	if n.Kind == "unix" {
		what := "reaches for the Unix socket " + show(n.Addr) + " outside the sandbox (" + n.Method + ", refused)"
		for _, s := range rootSockets {
			if filepath.Base(n.Addr) == s {
				return Judgement{vocab.Privilege, vocab.LevelCritical, what + ": its service runs commands as root"}
			}
		}
		return Judgement{vocab.Network, vocab.LevelReview, what}
	}
	if n.Kind == "dns" {
		carries := n.SendsInput || len(n.Name) > 100
		for _, l := range strings.Split(n.Name, ".") {
			if dataLabel().MatchString(l) {
				carries = true
			}
		}
		if carries {
			return Judgement{vocab.Exfiltration, vocab.LevelCritical, "looks up a name that carries data: " + n.Name}
		}
		if n.Name == "localhost" || strings.HasSuffix(n.Name, ".localhost") {
			return Judgement{Level: vocab.LevelNone, Summary: "looks up " + n.Name}
		}
		return Judgement{vocab.Network, vocab.LevelReview, "looks up " + n.Name}
	}
	dest := n.dest()
	switch {
	case isLoopback(n.Addr):
		return Judgement{Level: vocab.LevelNone, Summary: "connects to loopback " + dest}
	case n.SendsSecret != "":
		return Judgement{vocab.Exfiltration, vocab.LevelCritical, "sends the content of " + show(n.SendsSecret) + " to " + dest}
	case n.SendsInput:
		return Judgement{vocab.Exfiltration, vocab.LevelCritical, "sends the hook's input to " + dest}
	case n.Method == "TLS":
		return Judgement{vocab.Network, vocab.LevelReview, "opens TLS to " + dest + " (what it sent is encrypted: the sandbox answers no TLS)"}
	case n.Bytes > 0:
		what := ""
		if n.Method != "" && n.Method != "TLS" {
			what = " (" + n.Method + " " + n.Target + ")"
		}
		return Judgement{vocab.Network, vocab.LevelReview, "sends " + strconv.FormatInt(n.Bytes, 10) + " bytes to " + dest + what}
	}
	return Judgement{vocab.Network, vocab.LevelReview, "connects to " + dest}
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
	"curl": {vocab.Network, vocab.LevelReview, "runs curl"}, "wget": {vocab.Network, vocab.LevelReview, "runs wget"},
	"nc": {vocab.Network, vocab.LevelReview, "runs nc"}, "ncat": {vocab.Network, vocab.LevelReview, "runs ncat"},
	"socat": {vocab.Network, vocab.LevelReview, "runs socat"}, "ssh": {vocab.Network, vocab.LevelReview, "runs ssh"},
	"scp": {vocab.Network, vocab.LevelReview, "runs scp"}, "telnet": {vocab.Network, vocab.LevelReview, "runs telnet"},
	"sudo": {vocab.Privilege, vocab.LevelCritical, "runs sudo"}, "su": {vocab.Privilege, vocab.LevelCritical, "runs su"},
	"doas": {vocab.Privilege, vocab.LevelCritical, "runs doas"}, "pkexec": {vocab.Privilege, vocab.LevelCritical, "runs pkexec"},
	"crontab": {vocab.Persistence, vocab.LevelCritical, "runs crontab"},
	"npx":     {vocab.RemotePackage, vocab.LevelReview, "runs npx"}, "uvx": {vocab.RemotePackage, vocab.LevelReview, "runs uvx"},
	"pipx": {vocab.RemotePackage, vocab.LevelReview, "runs pipx"}, "bunx": {vocab.RemotePackage, vocab.LevelReview, "runs bunx"},
}

func judgeProgram(argv []string) Judgement {
	if len(argv) == 0 {
		return Judgement{Level: vocab.LevelNone, Summary: "starts a program"}
	}
	name := filepath.Base(argv[0])
	if j, ok := programJudgements[name]; ok {
		j.Summary += ": " + shortArgv(argv)
		return j
	}
	if name == "base64" || name == "xxd" {
		for _, a := range argv[1:] {
			if a == "-d" || a == "--decode" || a == "-r" || a == "-D" {
				return Judgement{vocab.Obfuscation, vocab.LevelReview, "decodes data: " + shortArgv(argv)}
			}
		}
	}
	return Judgement{Level: vocab.LevelNone, Summary: "runs " + shortArgv(argv)}
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

// rawDevice matches the names of disks, memory and the kernel's log:
// raw access to what the whole machine stands on.
var rawDevice = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^/dev/(?:sd[a-z]|hd[a-z]|vd[a-z]|xvd[a-z]|nvme\d|mmcblk\d|loop\d|dm-\d|md\d|mapper/|disk/|mem$|kmem$|port$|kmsg$|nbd\d|sr\d|ram\d|zram\d)`)
})

// terminalDevice matches terminals.
var terminalDevice = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^/dev/(?:pts/|tty|console$|ptmx$|vcs)`) })

func judgeDevice(d *DeviceAttempt) Judgement {
	switch {
	case d.What == "write":
		return Judgement{vocab.Destructive, vocab.LevelReview,
			"opens " + d.Path + " for writing, a FIFO or device outside the sandbox (a host service may read it): refused"}
	case d.What != "open":
		return Judgement{vocab.Persistence, vocab.LevelCritical,
			"pushes keystrokes into a terminal (" + d.What + " on " + d.Path + "), which the user's shell would run: refused"}
	case d.Path == "/dev/tty":
		return Judgement{Level: vocab.LevelNone, Summary: "opens /dev/tty (the sandbox has no terminal)"}
	case terminalDevice().MatchString(d.Path):
		return Judgement{vocab.Destructive, vocab.LevelReview,
			"opens the terminal " + d.Path + " (not in the sandbox): it could type into or draw over another program's screen"}
	case rawDevice().MatchString(d.Path):
		return Judgement{vocab.Destructive, vocab.LevelCritical, "opens " + d.Path + " (not in the sandbox): raw access to a disk, memory or the kernel"}
	}
	return Judgement{vocab.Destructive, vocab.LevelReview, "opens the device " + d.Path + " (not in the sandbox)"}
}
