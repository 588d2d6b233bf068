package testenv

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// Alive reports whether the process pid runs: it exists and is not a
// zombie (a process that ended and waits for its parent to reap it, which
// kill(pid, 0) still finds, for example when the test process is not its
// parent or a container's init does not reap). Linux reads /proc; other
// systems ask ps.
func Alive(pid int) bool {
	if data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		// pid (comm) state …: comm may hold spaces and parentheses.
		i := bytes.LastIndexByte(data, ')')
		if i < 0 || i+2 >= len(data) {
			return false
		}
		state := data[i+2]
		return state != 'Z' && state != 'X' && state != 'x'
	} else if _, statErr := os.Stat("/proc/self/stat"); statErr == nil {
		return false // /proc works and has no such process
	}
	out, err := exec.Command("ps", "-o", "stat=", "-p", fmt.Sprint(pid)).Output()
	if err != nil {
		return false // ps exits 1 when there is no such process
	}
	st := strings.TrimSpace(string(out))
	return st != "" && !strings.HasPrefix(st, "Z")
}
