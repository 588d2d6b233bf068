//go:build unix

package hooks

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"syscall"
	"time"
)

func goos() string { return runtime.GOOS }

// configureProcess puts the hook in its own process group (or session,
// which makes it a group leader too) so that a timeout or cancellation can
// kill its children too.
func configureProcess(cmd *exec.Cmd, newSession bool) {
	if newSession {
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		return
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup signals the hook's process group: SIGTERM first (as Gemini
// sends to the shell), SIGKILL when forced.
func killGroup(p *os.Process, force bool) {
	sig := syscall.SIGTERM
	if force {
		sig = syscall.SIGKILL
	}
	_ = syscall.Kill(-p.Pid, sig)
}

// killGroupNow kills what is left of the hook's process group and waits
// (a bounded while) until no live process is left in it, so that nothing
// of it outlives the run, even when this process exits right after.
// Zombies do not count: they are dead, waiting for their new parent.
func killGroupNow(p *os.Process) {
	for i := 0; i < 400; i++ {
		if err := syscall.Kill(-p.Pid, syscall.SIGKILL); err != nil || !groupAlive(p.Pid) {
			return // ESRCH: the group is gone
		}
		time.Sleep(time.Duration(min(i+1, 20)) * time.Millisecond / 4)
	}
}

// exitStatus splits a process state into Node's (code, signal).
func exitStatus(st *os.ProcessState) (exited bool, code int, signal string) {
	ws, ok := st.Sys().(syscall.WaitStatus)
	if ok && ws.Signaled() {
		return false, 0, signalName(ws.Signal())
	}
	return true, st.ExitCode(), ""
}

func signalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGKILL:
		return "SIGKILL"
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGHUP:
		return "SIGHUP"
	case syscall.SIGPIPE:
		return "SIGPIPE"
	case syscall.SIGSEGV:
		return "SIGSEGV"
	case syscall.SIGABRT:
		return "SIGABRT"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	}
	return s.String()
}

func errnoCode(err error) string {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return ""
	}
	switch errno {
	case syscall.ENOENT:
		return "ENOENT"
	case syscall.EACCES:
		return "EACCES"
	case syscall.ENOTDIR:
		return "ENOTDIR"
	case syscall.EPERM:
		return "EPERM"
	case syscall.E2BIG:
		return "E2BIG"
	case syscall.ENOEXEC:
		return "ENOEXEC"
	case syscall.EMFILE:
		return "EMFILE"
	case syscall.EAGAIN:
		return "EAGAIN"
	case syscall.ENOMEM:
		return "ENOMEM"
	}
	return ""
}
