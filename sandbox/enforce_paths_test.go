package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestEnforceLinkChainAtTheKernelsLimit: a pull makes the file an
// approved hook runs a chain of 40 symbolic links (the kernel's limit) to
// a script of its own. The hook's open of the relative path follows 40
// links and succeeds; the listener used to resolve the same path as
// /proc/PID/cwd/PATH, one magic link more, got ELOOP, and let the call
// go on unchecked.
func TestEnforceLinkChainAtTheKernelsLimit(t *testing.T) {
	hook := `sh l0; cat c0 > "$OUT/hc"`
	agent := `i=0; while [ $i -lt 39 ]; do ln -s l$((i+1)) l$i; ln -s c$((i+1)) c$i; i=$((i+1)); done; ln -s x.sh l39; ln -s b.txt c39; sh -c '` + hook + `'`
	r := runEnforced(t, hook, agent)
	if r.read("x") != "" || r.read("hc") != "" {
		t.Fatalf("a hook ran or read an uncovered file through 40 links: x %q, hc %q; refused %+v", r.read("x"), r.read("hc"), r.refused)
	}
}

// TestEnforceDevFdIsTheCallers: /dev/fd/N and /dev/stdin are the
// caller's descriptors, not the listener's: a hook that holds an O_PATH
// descriptor of a file (never checked: it reads nothing) and opens it
// again through /dev/fd reads it.
func TestEnforceDevFdIsTheCallers(t *testing.T) {
	if _, err := os.Stat("/usr/bin/python3"); err != nil {
		t.Skip("no python3")
	}
	for _, via := range []string{"/dev/fd/%d", "/proc/self/fd/%d"} {
		t.Run(filepath.Base(fmt.Sprintf(via, 0)), func(t *testing.T) {
			py := fmt.Sprintf(`import os; fd = os.open("b.txt", os.O_PATH); open(os.environ["OUT"] + "/hb", "w").write(open(%q %% fd).read())`, via)
			hook := `python3 -c '` + py + `'`
			r := runEnforced(t, hook, `sh -c '`+escapeSingle(hook)+`'`)
			if r.read("hb") != "" {
				t.Fatalf("the hook read b.txt through %s: %q", via, r.read("hb"))
			}
		})
	}
}

func escapeSingle(s string) string {
	out := ""
	for _, c := range s {
		if c == '\'' {
			out += `'\''`
		} else {
			out += string(c)
		}
	}
	return out
}

// TestEnforceAnotherMountNamespace: a hook's process that binds the
// project elsewhere in a mount namespace of its own (a container, bwrap)
// opens /mnt/x.sh, which the listener looked up in its own namespace:
// not found there, the call went on unchecked.
func TestEnforceAnotherMountNamespace(t *testing.T) {
	if out, err := exec.Command("unshare", "-rm", "true").CombinedOutput(); err != nil {
		t.Skipf("no unprivileged mount namespace here: %v %s", err, out)
	}
	hook := `unshare -rm sh -c "mount --bind . /mnt && sh /mnt/x.sh"`
	r := runEnforced(t, hook, `sh -c '`+hook+`'`)
	if r.read("x") != "" {
		t.Fatalf("a hook ran x.sh bound into its own mount namespace; refused %+v", r.refused)
	}
}
