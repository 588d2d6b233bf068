package claude

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/settingsio"
)

// envConfigDir moves Claude Code's user folder (default ~/.claude).
const envConfigDir = "CLAUDE_CONFIG_DIR"

// EnvManagedDir moves the folder Hookwarden reads Claude Code's
// managed settings from (managed-settings.json, managed-settings.d/). It
// is Hookwarden's, not Claude Code's: Claude Code always reads the system
// folder. Tests and the demo set it so that they read nothing of the real
// machine.
const EnvManagedDir = "HOOKWARDEN_CLAUDE_MANAGED_DIR"

// claudeManagedDir is the folder of managed-settings.json on goos.
func claudeManagedDir(goos string) string {
	switch goos {
	case "darwin":
		return "/Library/Application Support/ClaudeCode"
	case "windows":
		return `C:\Program Files\ClaudeCode`
	}
	return "/etc/claude-code"
}

// resolvePaths returns the files Claude Code reads for a project
// started in projectDir whose git work tree root is repoRoot ("" outside
// git), on goos, with its environment and the OS home folder.
func resolvePaths(projectDir, repoRoot string, env settingsio.Env, goos, home string) paths {
	s := settingsio.StyleFor(goos)
	p := paths{Home: home}
	p.ConfigDir = s.Join(home, ".claude")
	p.GlobalConfig = s.Join(home, ".claude.json")
	if v := settingsio.EnvNonEmpty(env, goos, envConfigDir); v != "" {
		p.ConfigDir = s.Resolve(projectDir, v)
		p.GlobalConfig = s.Join(p.ConfigDir, ".claude.json")
	}
	managed := claudeManagedDir(goos)
	if v := settingsio.EnvNonEmpty(env, goos, EnvManagedDir); v != "" {
		managed = s.Resolve(projectDir, v)
	}
	p.ManagedFile = s.Join(managed, "managed-settings.json")
	p.ManagedDropIns = s.Join(managed, "managed-settings.d")
	p.User = s.Join(p.ConfigDir, "settings.json")
	p.Project = s.Join(projectDir, ".claude", "settings.json")
	localRoot := projectDir
	if repoRoot != "" {
		localRoot = repoRoot
	}
	p.Local = s.Join(localRoot, ".claude", "settings.local.json")
	if repoRoot != "" && s.Clean(repoRoot) != s.Clean(projectDir) {
		// Started below the work tree's root, Claude Code also reads the
		// start folder's own .claude/settings.local.json (its "legacy"
		// local settings), merged under the root's (kit 2.1.332: both
		// files' hooks ran).
		p.StartLocal = s.Join(projectDir, ".claude", "settings.local.json")
	}
	p.Plugins = s.Join(p.ConfigDir, "plugins")
	return p
}

// gitRoots finds the git work tree holding dir: workTree is the nearest
// folder with a .git entry (folder or file), mainRoot the main checkout's
// root for a linked worktree (the folder whose .git the worktree's gitdir
// lives in), else workTree. Both are "" outside git.
func gitRoots(dir string) (workTree, mainRoot string) {
	for d := dir; ; {
		gitPath := filepath.Join(d, ".git")
		if fi, err := os.Stat(gitPath); err == nil {
			if fi.IsDir() {
				return d, d
			}
			return d, worktreeMainRoot(d, gitPath)
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", ""
		}
		d = parent
	}
}

// worktreeMainRoot reads a .git file ("gitdir: <main>/.git/worktrees/x")
// and returns <main>; a submodule's gitdir (<super>/.git/modules/x) or
// anything else keeps the worktree's own root.
func worktreeMainRoot(workTree, gitFile string) string {
	data, err := settingsio.ReadRegularFile(gitFile)
	if err != nil {
		return workTree
	}
	line, _, _ := strings.Cut(string(data), "\n")
	gitdir, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir:")
	if !ok {
		return workTree
	}
	gitdir = strings.TrimSpace(gitdir)
	if !filepath.IsAbs(gitdir) {
		gitdir = filepath.Join(workTree, gitdir)
	}
	gitdir = filepath.Clean(gitdir)
	wt := filepath.Dir(gitdir)
	if filepath.Base(wt) != "worktrees" || filepath.Base(filepath.Dir(wt)) != ".git" {
		return workTree
	}
	return filepath.Dir(filepath.Dir(wt))
}
