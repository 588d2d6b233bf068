//go:build windows

package hooks

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"syscall"
)

func goos() string { return "windows" }

// configureProcess starts the hook in a new process group (newSession
// has no other meaning on Windows).
func configureProcess(cmd *exec.Cmd, newSession bool) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// killGroup kills the hook's process tree as Gemini does (taskkill /t /f).
func killGroup(p *os.Process, force bool) {
	kill := exec.Command("taskkill", "/pid", strconv.Itoa(p.Pid), "/f", "/t")
	if err := kill.Run(); err != nil {
		_ = p.Kill()
	}
}

// killGroupNow kills the hook's process tree.
func killGroupNow(p *os.Process) { killGroup(p, true) }

func exitStatus(st *os.ProcessState) (exited bool, code int, signal string) {
	return true, st.ExitCode(), ""
}

func errnoCode(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) && errno == syscall.ERROR_FILE_NOT_FOUND {
		return "ENOENT"
	}
	return ""
}
