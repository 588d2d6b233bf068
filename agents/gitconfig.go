package agents

import (
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// GitConfig is where the git commands of e's hooks find the configuration
// they read besides the repository's (trust.GitUserConfig): the variables
// of e (HOME falling back to e.Home) and the machine's file of the
// platform's git. Every agent's runtime carries it, so a relative
// core.hooksPath in the user's ~/.gitconfig makes a hook's `git commit`
// run the project's hook files in discovery as it does in git.
func (e Env) GitConfig() *trust.GitUserConfig {
	return GitConfigOf(e.Vars, e.Home, e.GOOS)
}

// GitConfigOf is Env.GitConfig for the variables vars, the home folder
// home ("" none) and the platform goos.
func GitConfigOf(vars settingsio.Env, home, goos string) *trust.GitUserConfig {
	lookup := func(k string) (string, bool) {
		v, ok := vars.Lookup(k)
		if k == "HOME" && (!ok || v == "") && home != "" {
			return home, true
		}
		return v, ok
	}
	return trust.NewGitUserConfig(lookup, gitSystemFiles[goos]...)
}

// gitSystemFiles are, per platform, the machine's git configuration files
// of the usual git builds (each reads its prefix's etc/gitconfig): all are
// read, as any of them may be the git a hook runs.
var gitSystemFiles = map[string][]string{
	"linux":   {"/etc/gitconfig", "/usr/local/etc/gitconfig", "/home/linuxbrew/.linuxbrew/etc/gitconfig"}, // the distribution's, a source build's, Homebrew's
	"darwin":  {"/etc/gitconfig", "/opt/homebrew/etc/gitconfig", "/usr/local/etc/gitconfig", "/Library/Developer/CommandLineTools/usr/share/git-core/gitconfig", "/Applications/Xcode.app/Contents/Developer/usr/share/git-core/gitconfig"},
	"freebsd": {"/usr/local/etc/gitconfig"},
	"windows": {`C:\ProgramData\Git\config`, `C:\Program Files\Git\etc\gitconfig`}, // Git for Windows reads %PROGRAMDATA%'s before its own
}
