package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUserGitConfigRunsProjectHooks is atk's HOLE 9: a relative
// core.hooksPath in the user's own git configuration (~/.gitconfig, the
// XDG file, GIT_CONFIG_GLOBAL, the machine's file, GIT_CONFIG_COUNT's
// pairs, a file they include) makes every `git commit` a hook runs execute
// the project's tracked .githooks/*: those files are part of what the hook
// runs (fingerprinted, with the folder's listing, and a reason the trace
// covers), found through the environment the agent hands discovery, never
// the machine's. A configured command that names a work-tree path
// (core.fsmonitor = .githooks/fsmon.sh) is followed as the shell code git
// runs it as; a user alias standing for commit runs the hooks too.
func TestUserGitConfigRunsProjectHooks(t *testing.T) {
	type tc struct {
		name    string
		files   map[string]string // under root: "home/…" is the home, "proj/…" the project
		env     map[string]string // besides HOME=root/home
		command string
		want    string // project file that must be fingerprinted
	}
	hooksPath := "[core]\n\thooksPath = .githooks\n"
	cases := []tc{
		{name: "~/.gitconfig", files: map[string]string{"home/.gitconfig": hooksPath}, command: "git commit -qm wip", want: ".githooks/pre-commit"},
		{name: "XDG_CONFIG_HOME", files: map[string]string{"xdg/git/config": hooksPath}, env: map[string]string{"XDG_CONFIG_HOME": "@/xdg"},
			command: "git commit -qm wip", want: ".githooks/pre-commit"},
		{name: "~/.config/git/config", files: map[string]string{"home/.config/git/config": hooksPath}, command: "git merge main", want: ".githooks/pre-commit"},
		{name: "GIT_CONFIG_GLOBAL", files: map[string]string{"elsewhere.cfg": hooksPath}, env: map[string]string{"GIT_CONFIG_GLOBAL": "@/elsewhere.cfg"},
			command: "git checkout -q main", want: ".githooks/pre-commit"},
		{name: "GIT_CONFIG_SYSTEM", files: map[string]string{"sys.cfg": hooksPath}, env: map[string]string{"GIT_CONFIG_SYSTEM": "@/sys.cfg"},
			command: "git commit -qm wip", want: ".githooks/pre-commit"},
		{name: "GIT_CONFIG_COUNT", env: map[string]string{"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.hooksPath", "GIT_CONFIG_VALUE_0": ".githooks"},
			command: "git commit -qm wip", want: ".githooks/pre-commit"},
		{name: "include.path", files: map[string]string{"home/.gitconfig": "[include]\n\tpath = ~/.gitconfig.d/hooks\n", "home/.gitconfig.d/hooks": hooksPath},
			command: "git commit -qm wip", want: ".githooks/pre-commit"},
		{name: "includeIf", files: map[string]string{"home/.gitconfig": "[includeIf \"gitdir/i:PROJ/\"]\n\tpath = work.cfg\n", "home/work.cfg": hooksPath},
			command: "git commit -qm wip", want: ".githooks/pre-commit"},
		{name: "a user alias for commit", files: map[string]string{"home/.gitconfig": hooksPath + "[alias]\n\tci = commit -v\n"},
			command: "git ci -qm wip", want: ".githooks/pre-commit"},
		{name: "the hook's own env", files: map[string]string{"elsewhere.cfg": hooksPath}, command: "GIT_CONFIG_GLOBAL=@/elsewhere.cfg git commit -qm wip",
			want: ".githooks/pre-commit"},
		{name: "core.fsmonitor names a project script", files: map[string]string{"home/.gitconfig": "[core]\n\tfsmonitor = .githooks/fsmon.sh\n"},
			command: "git status --short", want: ".githooks/fsmon.sh"},
		{name: "a filter runs a project script", files: map[string]string{"home/.gitconfig": "[filter \"x\"]\n\tclean = sh tools/clean.sh %f\n"},
			command: "git add -A", want: "tools/clean.sh"},
		// Any subcommand that updates a ref runs reference-transaction, and
		// send-email runs sendemail-validate: the subcommands known to run
		// no hook are the list, not those that do. A subcommand chosen at
		// run time may be any.
		{name: "git fetch runs reference-transaction", files: map[string]string{"home/.gitconfig": hooksPath}, command: "git fetch -q origin", want: ".githooks/pre-commit"},
		{name: "git tag", files: map[string]string{"home/.gitconfig": hooksPath}, command: "git tag -f v1", want: ".githooks/pre-commit"},
		{name: "git update-ref", files: map[string]string{"home/.gitconfig": hooksPath}, command: "git update-ref refs/heads/x HEAD", want: ".githooks/pre-commit"},
		{name: "git send-email", files: map[string]string{"home/.gitconfig": hooksPath}, command: "git send-email x.patch", want: ".githooks/pre-commit"},
		{name: "a subcommand chosen at run time", files: map[string]string{"home/.gitconfig": hooksPath}, command: "op=$(cat); git \"$op\"", want: ".githooks/pre-commit"},
		{name: "a ! alias runs a project script", files: map[string]string{"home/.gitconfig": "[alias]\n\tfmt = \"!bash tools/clean.sh\"\n"},
			command: "git fmt", want: "tools/clean.sh"},
		// A conditional include whose condition fails is not read (git
		// 2.39: `git config --get alias.ci` is the earlier value; one that
		// may hold lets both values count, TestGitIncludeIfAsGitWeighsIt).
		// An alias named like git's own command is
		// ignored by git. Git follows include.path in GIT_CONFIG_COUNT's
		// and GIT_CONFIG_PARAMETERS's pairs as in a file (checked with
		// `git config --show-origin --get-all core.hooksPath`).
		{name: "an alias a conditional include may override", files: map[string]string{
			"home/.gitconfig": hooksPath + "[alias]\n\tci = commit -v\n[includeIf \"gitdir:/nowhere/\"]\n\tpath = al.cfg\n", "home/al.cfg": "[alias]\n\tci = log\n"},
			command: "git ci -qm wip", want: ".githooks/pre-commit"},
		{name: "an alias named like git's own command", files: map[string]string{"home/.gitconfig": hooksPath + "[alias]\n\tcommit = log\n"},
			command: "git commit -qm wip", want: ".githooks/pre-commit"},
		{name: "include.path in GIT_CONFIG_COUNT", files: map[string]string{"inc.cfg": hooksPath},
			env:     map[string]string{"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "include.path", "GIT_CONFIG_VALUE_0": "@/inc.cfg"},
			command: "git commit -qm wip", want: ".githooks/pre-commit"},
		{name: "include.path in GIT_CONFIG_PARAMETERS", files: map[string]string{"inc.cfg": hooksPath},
			env: map[string]string{"GIT_CONFIG_PARAMETERS": "'include.path'='@/inc.cfg'"}, command: "git commit -qm wip", want: ".githooks/pre-commit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := soundProject(t, nil)
			fix := func(s string) string { return strings.ReplaceAll(s, "@/", root+"/") }
			files := map[string]string{"proj/.git/config": "[core]\n\tbare = false\n", "proj/.git/HEAD": "ref: refs/heads/main\n",
				"proj/.githooks/pre-commit": "#!/bin/sh\nexit 0\n", "proj/.githooks/fsmon.sh": "#!/bin/sh\nexit 0\n", "proj/tools/clean.sh": "cat\n"}
			for k, v := range c.files {
				files[k] = v
			}
			writeFiles(t, root, files)
			env := map[string]string{"HOME": filepath.Join(root, "home"), "GIT_CONFIG_NOSYSTEM": "1"}
			for k, v := range c.env {
				env[k] = fix(v)
				if k == "GIT_CONFIG_SYSTEM" {
					delete(env, "GIT_CONFIG_NOSYSTEM")
				}
			}
			project := filepath.Join(root, "proj")
			rt := Runtime{Dialect: DialectBash, Git: NewGitUserConfig(func(k string) (string, bool) { v, ok := env[k]; return v, ok })}
			d := discoverIn(t, project, fix(c.command), rt)
			if !hasScript(d, filepath.Join(project, c.want)) {
				t.Fatalf("%s is not part of what `%s` runs: %+v", c.want, c.command, d)
			}
			if c.want == ".githooks/pre-commit" {
				if !hasScript(d, ListingPath(filepath.Join(project, ".githooks"))) {
					t.Errorf("the hooks folder's listing is not fingerprinted (a hook a pull adds would not show): %+v", d.Scripts)
				}
				if _, ok := reasonWith(d, "core.hooksPath"); !ok {
					t.Errorf("no reason names core.hooksPath: %+v", d.Unresolved)
				}
			}
		})
	}
}

// TestGitConfigNotKnownIsAReason: a configuration file that is there but
// cannot be read whole (a folder where a file should be: git 2.39 stops
// with "unable to access"), an include path Hookwarden does not resolve
// (`~root/x.cfg`, which git expands to that user's home) and an alias
// that passes options to git (`-c core.hooksPath=…`) leave what git runs
// unknown: the hook is incomplete with a reason, never silently complete.
func TestGitConfigNotKnownIsAReason(t *testing.T) {
	for _, c := range []struct {
		name, command, reason string
		files                 map[string]string
	}{
		{"a config file git cannot read", "git commit -qm wip", "cannot be read", map[string]string{"home/.gitconfig/x": ""}},
		{"an include of another user's home", "git commit -qm wip", "does not resolve", map[string]string{"home/.gitconfig": "[include]\n\tpath = ~root/hooks.cfg\n"}},
		{"an alias passing -c", "git ci -qm wip", "passes options to git", map[string]string{"home/.gitconfig": "[alias]\n\tci = -c core.hooksPath=.githooks commit\n"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := soundProject(t, nil)
			files := map[string]string{"proj/.git/config": "[core]\n\tbare = false\n", "proj/.git/HEAD": "ref: refs/heads/main\n",
				"proj/.githooks/pre-commit": "#!/bin/sh\nexit 0\n"}
			for k, v := range c.files {
				files[k] = v
			}
			writeFiles(t, root, files)
			env := map[string]string{"HOME": filepath.Join(root, "home"), "GIT_CONFIG_NOSYSTEM": "1"}
			rt := Runtime{Dialect: DialectBash, Git: NewGitUserConfig(func(k string) (string, bool) { v, ok := env[k]; return v, ok })}
			d := discoverIn(t, filepath.Join(root, "proj"), c.command, rt)
			if d.Complete() {
				t.Fatalf("`%s` reads complete: %+v", c.command, d)
			}
			if _, ok := reasonWith(d, c.reason); !ok {
				t.Errorf("no reason says %q: %+v", c.reason, d.Unresolved)
			}
		})
	}
}

// TestUserGitConfigLeavesTheCommonCaseAlone: a user configuration with
// the usual programs (an editor, a pager, git-lfs's filter, a credential
// helper by name) and an absolute hooksPath of the home, and a project
// whose own .git/config resets core.hooksPath, add nothing: the command
// stays complete.
func TestUserGitConfigLeavesTheCommonCaseAlone(t *testing.T) {
	root := soundProject(t, nil)
	writeFiles(t, root, map[string]string{
		"home/.gitconfig": "[core]\n\teditor = vim\n\tpager = delta\n\thooksPath = .githooks\n[filter \"lfs\"]\n\tclean = git-lfs clean -- %f\n" +
			"[credential]\n\thelper = store\n[alias]\n\tst = status\n",
		"proj/.git/config":          "[core]\n\thooksPath =\n",
		"proj/.git/HEAD":            "ref: refs/heads/main\n",
		"proj/.githooks/pre-commit": "exit 0\n",
		"proj/store":                "not a helper\n",
	})
	project := filepath.Join(root, "proj")
	env := map[string]string{"HOME": filepath.Join(root, "home"), "GIT_CONFIG_NOSYSTEM": "1"}
	rt := Runtime{Dialect: DialectBash, Git: NewGitUserConfig(func(k string) (string, bool) { v, ok := env[k]; return v, ok })}
	for _, cmd := range []string{"git commit -qm wip", "git st", "git status --short", "git add -A"} {
		d := discoverIn(t, project, cmd, rt)
		if len(d.Unresolved) != 0 || len(d.Scripts) != 0 {
			t.Errorf("%s: %+v", cmd, d)
		}
	}
	// Without the project's reset the user's relative hooksPath applies.
	writeFiles(t, root, map[string]string{"proj/.git/config": "[core]\n\tbare = false\n"})
	if d := discoverIn(t, project, "git commit -qm wip", rt); !hasScript(d, filepath.Join(project, ".githooks", "pre-commit")) {
		t.Errorf("the user's hooksPath is not followed once the project's reset is gone: %+v", d)
	}
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		writeFile(t, filepath.Join(root, rel), content)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestGitAliasesExpandOnce: a configuration with many values for chained
// aliases (a conditional include lets every value count) is expanded once
// per alias, not once per path through them (20 values over 12 aliases
// were 20^12 expansions), and a loop of aliases ends.
func TestGitAliasesExpandOnce(t *testing.T) {
	root := soundProject(t, nil)
	var b strings.Builder
	b.WriteString("[core]\n\thooksPath = .githooks\n")
	for i := 0; i < 12; i++ {
		for j := 0; j < 20; j++ {
			b.WriteString("[alias]\n\ta" + string(rune('a'+i)) + " = a" + string(rune('a'+i+1)) + " -" + string(rune('a'+j)) + "\n")
		}
	}
	b.WriteString("[alias]\n\tam = aa\n")
	writeFiles(t, root, map[string]string{"proj/.git/config": "[core]\n\tbare = false\n", "proj/.git/HEAD": "ref: refs/heads/main\n",
		"proj/.githooks/pre-commit": "exit 0\n", "home/.gitconfig": "[includeIf \"onbranch:main\"]\n\tpath = many.cfg\n", "home/many.cfg": b.String()})
	env := map[string]string{"HOME": filepath.Join(root, "home"), "GIT_CONFIG_NOSYSTEM": "1"}
	rt := Runtime{Dialect: DialectBash, Git: NewGitUserConfig(func(k string) (string, bool) { v, ok := env[k]; return v, ok })}
	d := discoverIn(t, filepath.Join(root, "proj"), "git aa", rt)
	if !hasScript(d, filepath.Join(root, "proj", ".githooks", "pre-commit")) {
		t.Errorf("the hooks of the alias loop are not followed: %+v", d.Scripts)
	}
}
