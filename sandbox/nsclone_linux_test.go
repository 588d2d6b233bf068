package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// TestSupervisorStartsInItsNamespaces checks what the supervisor (PID 1
// of the sandbox) was started with, whichever way it was cloned (the
// shared-memory clone of nsclone_linux_amd64.go, or os/exec's full
// fork): new user, mount, PID, network, IPC and UTS namespaces, the
// runner's uid and gid mapped to themselves and nothing else, setgroups
// denied, a session of its own, exactly the ambient capabilities asked
// for, and no descriptor beyond 0-2 reaching the hook (the hook is in
// the supervisor's namespaces: PID 1's own links are not its to read).
func TestSupervisorStartsInItsNamespaces(t *testing.T) {
	sandboxOrSkip(t)
	home := t.TempDir()
	self, _ := os.Executable()
	cfg := Config{Init: self, Isolate: true, Home: home, Project: home}
	script := `for n in user mnt pid net ipc uts; do echo "ns $n $(readlink /proc/self/ns/$n)"; done
echo "uidmap $(cat /proc/1/uid_map | tr -s ' ')"
echo "gidmap $(cat /proc/1/gid_map | tr -s ' ')"
echo "setgroups $(cat /proc/1/setgroups)"
echo "sid $(ps -o sid= -p 1 2>/dev/null || awk '{print $6}' /proc/1/stat)"
echo "capamb $(awk '/^CapAmb/ {print $2}' /proc/1/status)"
echo "fds $(ls /proc/self/fd | sort -n | tr '\n' ' ')"`
	r := runScript(t, cfg, home, script, "", testEnv(home))
	if r.err != nil {
		t.Fatalf("the hook did not run: %v\n%s", r.err, r.stderr)
	}
	got := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		k, v, _ := strings.Cut(l, " ")
		if k == "ns" {
			k, v, _ = strings.Cut(v, " ")
			k = "ns " + k
		}
		got[k] = strings.TrimSpace(v)
	}
	for _, n := range []string{"user", "mnt", "pid", "net", "ipc", "uts"} {
		host, err := os.Readlink("/proc/self/ns/" + n)
		if err != nil {
			t.Fatal(err)
		}
		if got["ns "+n] == "" || got["ns "+n] == host {
			t.Errorf("the supervisor's %s namespace is %q, the runner's %q", n, got["ns "+n], host)
		}
	}
	uid, gid := os.Getuid(), os.Getgid()
	if want := fmt.Sprintf("%d %d 1", uid, uid); got["uidmap"] != want {
		t.Errorf("uid_map %q, want %q", got["uidmap"], want)
	}
	if want := fmt.Sprintf("%d %d 1", gid, gid); got["gidmap"] != want {
		t.Errorf("gid_map %q, want %q", got["gidmap"], want)
	}
	if got["setgroups"] != "deny" {
		t.Errorf("setgroups %q, want deny", got["setgroups"])
	}
	if got["sid"] != "1" {
		t.Errorf("the supervisor's session is %q, want its own (1)", got["sid"])
	}
	// CAP_DAC_OVERRIDE 1, CAP_KILL 5, CAP_SETPCAP 8, CAP_NET_BIND_SERVICE
	// 10, CAP_NET_ADMIN 12, CAP_SYS_ADMIN 21, CAP_SYS_PTRACE 19
	if want := "0000000000281522"; got["capamb"] != want {
		t.Errorf("the supervisor's ambient capabilities %q, want %q", got["capamb"], want)
	}
	if got["fds"] != "0 1 2 3" { // 3: the listing's own
		t.Errorf("the hook's descriptors: %q", got["fds"])
	}
}

// TestNamespacedStartReportsAFailedExecOnALowPipe: when the runner's
// descriptors 0 and 1 are closed, the error pipe of startNamespaced is one
// of the child's targets 0-4; a failed exec must still come back as its
// errno, not as a started process (the file put in place over the pipe
// took the report and the parent read an end of file). The check runs in
// a copy of the test binary, whose descriptors it may close.
func TestNamespacedStartReportsAFailedExecOnALowPipe(t *testing.T) {
	if !nsCloneAvailable {
		t.Skip("no shared-memory clone on this architecture")
	}
	if os.Getenv("HOOKWARDEN_NSCLONE_LOWPIPE") == "1" {
		nsLowPipeChild()
		return
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, "-test.run=^TestNamespacedStartReportsAFailedExecOnALowPipe$", "-test.count=1")
	cmd.Env = append(os.Environ(), "HOOKWARDEN_NSCLONE_LOWPIPE=1")
	out, err := cmd.CombinedOutput()
	switch {
	case strings.Contains(string(out), "lowpipe: refused"):
		t.Skipf("the kernel refuses the clone here: %s", out)
	case !strings.Contains(string(out), "lowpipe: ok"):
		t.Fatalf("a failed exec with the error pipe on a low descriptor (%v):\n%s", err, out)
	}
	t.Logf("%s", out)
}

// nsLowPipeChild closes descriptors 0 and 1 (so that the error pipe gets
// them), starts a program that does not exist and says on the old
// standard output what startNamespaced returned.
func nsLowPipeChild() {
	out, err := unix.Dup(1)
	if err != nil {
		os.Exit(3)
	}
	say := func(s string) { unix.Write(out, []byte("lowpipe: "+s+"\n")) }
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0) // before, so not on 0 or 1
	if err != nil {
		say("no " + os.DevNull)
		return
	}
	defer null.Close()
	unix.Close(0)
	unix.Close(1)
	p, err := startNamespaced("/nonexistent/hookwarden-no-such-program", []string{"x"}, nil, []*os.File{null, null, null, null, null}, nil, os.Getuid(), os.Getgid())
	var ce *nsCloneError
	switch {
	case errors.As(err, &ce):
		say("refused " + err.Error())
	case err == nil:
		st, _ := p.Wait()
		say(fmt.Sprintf("started, no error (the child then ended %v)", st))
	case errors.Is(err, syscall.ENOENT):
		say("ok")
	default:
		say("other error " + err.Error())
	}
	unix.Dup2(out, 1)
}
