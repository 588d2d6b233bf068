package trust

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGitIncludeIfAsGitWeighsIt: a conditional include of the user's git
// configuration is weighed as git 2.39 weighs it, checked case by case
// against the real git (`git config --get core.hooksPath` in the same
// repository, with the same home): a gitdir:/gitdir/i: or
// hasconfig:remote.*.url: condition that does not hold leaves its file
// out (before, every includeIf counted as "may apply", so a `git commit`
// hook read partly unwatched for hooks git never runs); one that holds
// makes its core.hooksPath the project's hooks for sure; onbranch: may
// apply whatever the branch is now (a checkout after the approval changes
// it), and so does a pattern Hookwarden does not weigh (a character class).
func TestGitIncludeIfAsGitWeighsIt(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root := soundProject(t, nil)
	project := filepath.Join(root, "proj")
	writeFiles(t, root, map[string]string{"proj/.githooks/pre-commit": "#!/bin/sh\nexit 0\n", "hooks.cfg": "[core]\n\thooksPath = .githooks\n"})
	git := func(env []string, args ...string) (string, error) {
		cmd := exec.Command("git", args...)
		cmd.Dir = project
		cmd.Env = append(env, "PATH="+os.Getenv("PATH"))
		out, err := cmd.Output()
		return strings.TrimSpace(string(out)), err
	}
	base := []string{"HOME=" + filepath.Join(root, "home"), "GIT_CONFIG_NOSYSTEM=1"}
	if out, err := git(base, "init", "-q", "-b", "main", "."); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	if out, err := git(base, "remote", "add", "origin", "https://example.com/team/app.git"); err != nil {
		t.Fatalf("git remote add: %v %s", err, out)
	}
	for _, c := range []struct {
		cond string
		// weighed: Hookwarden's answer is git's; else the include may apply
		// (its hooks are watched) whatever git says now.
		weighed bool
	}{
		{"gitdir:~/work/", true},
		{"gitdir:" + project + "/", true},
		{"gitdir:" + project + "/.git", true},
		{"gitdir:" + project, true}, // no trailing slash: the .git folder itself is not proj
		{"gitdir:proj/", true},
		{"gitdir:PROJ/", true},
		{"gitdir/i:PROJ/", true},
		{"gitdir:" + root + "/*/", true},
		{"gitdir:" + root + "/p?oj/.git", true},
		{"gitdir:" + root + "/**/.git", true},
		{"gitdir:" + root + "/*", true},
		{"gitdir:./proj/", true}, // relative to the including file's folder (root)
		{"gitdir:./home/", true},
		{"gitdir:**/elsewhere/**", true},
		{"hasconfig:remote.*.url:https://example.com/**", true},
		{"hasconfig:remote.*.url:https://github.com/**", true},
		{"hasconfig:remote.*.url:*://example.com/*/app.git", true},
		{"onbranch:main", false},
		{"onbranch:release", false},
		{"gitdir:" + root + "/[p]roj/", false},
		{"unknowncond:x", false},
	} {
		t.Run(c.cond, func(t *testing.T) {
			global := filepath.Join(root, "g.cfg")
			writeFile(t, global, "[includeIf \""+c.cond+"\"]\n\tpath = "+filepath.Join(root, "hooks.cfg")+"\n")
			env := append([]string{"GIT_CONFIG_GLOBAL=" + global}, base...)
			real, _ := git(env, "config", "--get", "core.hooksPath")
			applies := real == ".githooks"
			lookup := func(k string) (string, bool) {
				for _, kv := range env {
					if name, v, _ := strings.Cut(kv, "="); name == k {
						return v, true
					}
				}
				return "", false
			}
			d := discoverIn(t, project, "git commit -qm wip", Runtime{Dialect: DialectBash, Git: NewGitUserConfig(lookup)})
			watched := hasScript(d, filepath.Join(project, ".githooks", "pre-commit"))
			switch {
			case c.weighed && watched != applies:
				t.Errorf("git reads the include: %v; Hookwarden watches its hooks: %v", applies, watched)
			case !c.weighed && !watched:
				t.Errorf("a condition that may hold (git now: %v) left the hooks unwatched", applies)
			}
		})
	}
}
