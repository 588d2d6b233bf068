package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// isolatedVars are the variables that point a program at the user's
// folders and files: the XDG folders, Hookwarden's and every registered
// agent's home (its facts' HomeVars); Isolate and CleanEnv move them into
// the test's temp folder.
var isolatedVars = append([]string{"XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "HOOKWARDEN_CONFIG_DIR"},
	Agents().HomeVars...)

// startupVars make a shell run a file before the command (bash's BASH_ENV,
// sh's ENV): a hook under test must not run the user's.
var startupVars = []string{"BASH_ENV", "ENV"}

// Isolate points the test process's HOME, XDG folders and the agents'
// folders at a fresh temporary folder and unsets BASH_ENV and ENV (with
// t.Setenv, restored after the test), so that code that reads the real
// environment, and the processes it starts, touch nothing of the real
// machine. It returns the temporary home.
func Isolate(t testing.TB) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, k := range isolatedVars {
		t.Setenv(k, filepath.Join(home, "."+k))
	}
	for _, k := range startupVars {
		t.Setenv(k, "")
		os.Unsetenv(k)
	}
	return home
}

// CleanEnv is an environment for a process a test starts: the real PATH
// (to find bash, git, node), LANG, and a fresh HOME with the XDG and agent
// folders inside it; nothing else (no BASH_ENV, no user settings).
func CleanEnv(t testing.TB) []string {
	t.Helper()
	home := t.TempDir()
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "LANG=C.UTF-8"}
	for _, k := range isolatedVars {
		env = append(env, k+"="+filepath.Join(home, "."+k))
	}
	return env
}

// IsolateMain is Isolate for a TestMain: it points HOME, the XDG folders
// (font and shader caches included) and the agents' folders of the whole
// test binary at a fresh temporary folder and unsets BASH_ENV and ENV. It
// returns a function that removes the folder.
func IsolateMain() (cleanup func(), err error) {
	home, err := os.MkdirTemp("", "hookwarden-test-home-")
	if err != nil {
		return nil, err
	}
	os.Setenv("HOME", home)
	for _, k := range isolatedVars {
		os.Setenv(k, filepath.Join(home, "."+k))
	}
	for _, k := range startupVars {
		os.Unsetenv(k)
	}
	return func() { os.RemoveAll(home) }, nil
}
