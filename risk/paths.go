package risk

import (
	"path"
	"strings"
)

// A path as the analyser sees it: "~/" for the home folder, "$PROJECT/"
// for the project folder, anything else as written (relative paths are
// relative to the project folder, where agents run hooks).

// The home folder as code spells it inside a string is the same folder:
// "$HOME/…", "${HOME}/…", Perl's "$ENV{HOME}/…", Ruby's
// "#{ENV['HOME']}/…", PowerShell's "$env:USERPROFILE\…", "%USERPROFILE%".
var homePrefix = lazyRe(`^(/root|/home/[^/]+|/Users/[^/]+|\$HOME|\$\{HOME\}|\$ENV\{HOME\}|#\{ENV\[['"]HOME['"]\]\}|\$env:(?:HOME|USERPROFILE)|%USERPROFILE%)(/|$)`)

// normPath puts a literal path into the analyser's form.
func normPath(p, projectDir string) string {
	p = strings.TrimSpace(p)
	if projectDir != "" && (p == projectDir || strings.HasPrefix(p, projectDir+"/")) {
		p = "$PROJECT" + p[len(projectDir):]
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		return "~" + cleanTail(p[1:])
	}
	if m := homePrefix.FindStringIndex(p); m != nil {
		return "~" + cleanTail(p[m[1]-1:])
	}
	if strings.HasPrefix(p, "$PROJECT") {
		tail := p[len("$PROJECT"):]
		if strings.HasPrefix(tail, "/") && strings.Contains(tail, "..") {
			// $PROJECT/../x stays outside the project (a rooted Clean
			// would drop the ..)
			if c := path.Clean(strings.TrimLeft(tail, "/")); c != "." {
				return "$PROJECT/" + c
			}
			return "$PROJECT"
		}
		return "$PROJECT" + cleanTail(tail)
	}
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	if p == "" {
		return p
	}
	c := path.Clean(p)
	if c == "." {
		return "$PROJECT"
	}
	return "$PROJECT/" + c
}

func cleanTail(s string) string {
	if s == "" || s == "/" {
		return s
	}
	c := path.Clean(s)
	if c == "." {
		return ""
	}
	return c
}

// inHome: the path is in the home folder (or is it), outside the project.
func inHome(p string) bool { return p == "~" || strings.HasPrefix(p, "~/") }

type pathRule struct {
	re   *lazyRegexp
	what string
}

func rules(pairs ...string) []pathRule {
	out := make([]pathRule, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, pathRule{lazyRe(pairs[i]), pairs[i+1]})
	}
	return out
}

// toolFiles are files that change what an agent runs or trusts without
// being a registered agent's own (those come with Options.Agents):
// Hookwarden's store, and the hook files of agents Hookwarden does not
// model.
var toolFiles = rules(
	`^~/\.config/hookwarden(/|$)`, "Hookwarden's own approval store",
	`(^|/)\.cursor/(hooks|mcp)\.json$`, "Cursor's hooks",
)

// persistenceFiles run their content later: at login, on a timer, on a
// git action, when someone connects.
var persistenceFiles = rules(
	`^~/\.(bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|kshrc|mkshrc|xprofile|xinitrc|xsessionrc)$`, "a shell start-up file",
	`^~/\.config/fish/(config\.fish|conf\.d/)`, "fish's start-up files",
	`^~/\.config/powershell/.*profile`, "the PowerShell profile",
	`^/etc/(profile|bash\.bashrc|zsh/|zshrc|environment|ld\.so\.preload)`, "a system start-up file",
	`^/etc/profile\.d/`, "a system start-up file",
	`^(/etc/cron|/var/spool/cron)`, "the cron tables",
	`^(~/\.config/systemd|/etc/systemd|/lib/systemd|/usr/lib/systemd)/`, "a systemd unit",
	`^(~|)/Library/(LaunchAgents|LaunchDaemons)/`, "a launchd job",
	`^~/\.ssh/(authorized_keys2?|rc|config)$`, "SSH's login files",
	`(^|/)\.git/hooks/`, "a git hook",
	`(^|/)\$\(git rev-parse --git-dir\)/hooks/`, "a git hook", // gitDirMark
	`^~/\.gitconfig$`, "the git configuration",
	`^~/\.config/git/(config|attributes)$`, "the git configuration",
	`^~/\.bash_aliases$`, "a shell start-up file",
	// programs that run commands from their start-up files (autocmd !…,
	// run-shell, shell escapes, Python or Ruby code)
	`^~/\.(vimrc|gvimrc|exrc|emacs|tmux\.conf|screenrc|gdbinit|lldbinit|psqlrc|irbrc|pryrc|Rprofile|pythonrc(\.py)?|pythonstartup)$`, "a start-up file of a program that runs commands from it",
	`^~/\.(vim|config/nvim|emacs\.d|config/emacs|config/tmux)/`, "an editor's start-up files",
	`^~/\.ipython/profile_[^/]+/startup/`, "IPython's start-up folder",
	`(^~/\.local/lib/python[0-9.]*/site-packages/|^~/Library/Python/[0-9.]+/lib/python/site-packages/)([^/]+\.pth|(user|site)customize\.py)$`, "Python's start-up hooks (a .pth file runs at every Python start)",
	`^~/\.config/autostart/`, "the desktop autostart folder",
	`^~/\.(local/bin|bin)/`, "a folder on PATH",
	`^/usr/(local/)?bin/`, "a folder on PATH",
)

// secretFiles hold credentials (the agents' own come with
// Options.Agents).
var secretFiles = rules(
	`^~/\.ssh(/|$)`, "SSH keys",
	`(^|/)id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$`, "an SSH key",
	`^~/\.aws(/|$)`, "AWS credentials",
	`^~/\.azure(/|$)`, "Azure credentials",
	`^~/\.(netrc|git-credentials|pgpass|pypirc|npmrc)$`, "stored credentials",
	`^~/\.config/(gh/hosts\.yml|gcloud(/|$)|hub$)`, "cloud or GitHub credentials",
	`^~/\.docker/config\.json$`, "Docker credentials",
	`^~/\.kube(/|$)`, "Kubernetes credentials",
	`^~/\.gnupg(/|$)`, "GPG keys",
	`^~/\.password-store(/|$)`, "a password store",
	`(^|/)\.env(\.[A-Za-z0-9_.-]+)?$`, "a .env file",
	`(^|/)[^/]*\.(pem|p12|pfx|keystore|jks)$`, "a key file",
	`^/etc/(shadow|gshadow|sudoers|master\.passwd)`, "the system's password files",
	`^/etc/passwd$`, "the system's user list",
	`^/proc/[^/]+/environ$`, "a process's environment",
	`(^|/)Library/Keychains/`, "the macOS keychain",
	`^~/\.mozilla/|/(Chrome|Chromium|google-chrome)/.*(Login Data|Cookies)`, "browser credentials",
	`(^|/)\.(bash|zsh)_history$`, "the shell history",
)

func match(rs []pathRule, p string) (string, bool) {
	for _, r := range rs {
		if r.re.MatchString(p) {
			return r.what, true
		}
	}
	return "", false
}

// secretPath says whether a path holds credentials. .env.example and
// similar templates are not secrets.
func secretPath(p string) (string, bool) {
	if notSecret(p) {
		return "", false
	}
	return match(secretFiles, p)
}

// notSecret: a template of a secret file, or a public part of one.
func notSecret(p string) bool {
	base := path.Base(p)
	if strings.HasPrefix(base, ".env.") {
		switch strings.TrimPrefix(base, ".env.") {
		case "example", "sample", "template", "dist", "defaults":
			return true
		}
	}
	return strings.HasSuffix(p, "/known_hosts") || strings.HasSuffix(p, ".pub") && strings.Contains(p, "/.ssh/")
}

// secretText finds a secret path in a piece of literal text (a string
// literal in a script, or words joined).
var secretTextRe = lazyRe(`(~|\$HOME|\$\{HOME\}|/root|/home/[^/\s'"]+|/Users/[^/\s'"]+|os\.homedir\(\)|expanduser\(|Path\.home\(\))?['"/,\s+]*\.?(\.ssh/(id_[a-z0-9]+|[^\s'"]*)|\.aws/credentials|\.netrc|\.git-credentials|\.config/gh/hosts\.yml|\.docker/config\.json|\.kube/config|/etc/shadow|\.gnupg|\.npmrc|\.pypirc)`)

// dotPathRe: a path below a dot folder in free text, however the home
// folder before it is spelled ($HOME/.x, os.getenv("HOME").."/.x",
// $env:USERPROFILE\.x\y).
var dotPathRe = lazyRe(`[/\\]\.[A-Za-z0-9_-][A-Za-z0-9_.-]*(?:[/\\][A-Za-z0-9_.-]+)*`)
