package agents

import (
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// TestGitSystemFilesOfOtherBuilds: the machine's git configuration is
// read for every git a hook may run, not only the distribution's: a git
// built from source or installed by Homebrew on Linux reads its prefix's
// etc/gitconfig, Git for Windows reads %PROGRAMDATA%\Git\config too. A
// relative core.hooksPath there makes a hook's `git commit` run the
// project's hook files; the old list had /etc/gitconfig alone.
func TestGitSystemFilesOfOtherBuilds(t *testing.T) {
	for goos, want := range map[string]string{"linux": "/usr/local/etc/gitconfig", "windows": `C:\ProgramData\Git\config`} {
		if files := GitConfigOf(settingsio.Env{}, "/home/u", goos).SystemFiles; !slices.Contains(files, want) {
			t.Errorf("%s: %s is not read: %v", goos, want, files)
		}
	}
}
