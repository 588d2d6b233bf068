package sandbox

// The hooks of the pipelined sandboxes' attack test (warm_linux_test.go):
// hook A leaves everything a later hook of the same event could find or be
// steered by, and stays running while hook B looks for it; each prints a
// line in capitals for what it reached of the other.

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// leaveMark is in every path and name hook A leaves.
const leaveMark = "hookwarden-left-by-a"

// attackLeave is hook A: a file in the project and in /tmp, a FIFO, a
// listening TCP port, a Unix socket by path and an abstract one, a process
// in a session of its own, and a watch that tries to attach to (ptrace)
// every process it can see that is not its own, for as long as it runs.
func attackLeave() {
	os.WriteFile(leaveMark, []byte("a\n"), 0o644)
	os.WriteFile(filepath.Join("/tmp", leaveMark), []byte("a\n"), 0o644)
	unix.Mkfifo(filepath.Join("/tmp", leaveMark+".fifo"), 0o666)
	tcp, err := net.Listen("tcp", "127.0.0.1:47111")
	if err != nil {
		fmt.Println("no tcp listener:", err)
	}
	byPath, err := net.Listen("unix", filepath.Join("/tmp", leaveMark+".sock"))
	if err != nil {
		fmt.Println("no unix listener:", err)
	}
	abstract, err := net.Listen("unix", "@"+leaveMark)
	if err != nil {
		fmt.Println("no abstract listener:", err)
	}
	for _, l := range []net.Listener{tcp, byPath, abstract} {
		if l == nil {
			continue
		}
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				b, _ := bufio.NewReader(c).ReadString('\n')
				fmt.Printf("A-GOT-CONNECTION %s %q\n", l.Addr(), b)
				c.Close()
			}
		}()
	}
	// a process that outlives the hook's own, in a session of its own
	attr := &os.ProcAttr{Files: []*os.File{nil, nil, nil}, Sys: &unix.SysProcAttr{Setsid: true}}
	if _, err := os.StartProcess("/proc/self/exe", []string{"hook", attackArg, "linger", leaveMark}, attr); err != nil {
		fmt.Println("no leftover:", err)
	}
	fmt.Println("ready")
	mine := map[int]bool{os.Getpid(): true, 1: true}
	for {
		for _, pid := range visiblePids() {
			if mine[pid] || ownedBy(pid, mine) {
				continue
			}
			if strings.Contains(string(cmdlineOf(pid)), "seek") {
				fmt.Printf("A-SEES-B %d\n", pid)
				if ptraced(pid) {
					fmt.Printf("A-PTRACED-B %d\n", pid)
				}
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// attackSeek is hook B: it looks for everything hook A left, tries to
// reach A's listeners and to attach to any process of A's, and sends a
// line of its own to A's TCP port (its own sink takes it: that is B's
// network attempt, and only B's).
func attackSeek() {
	for _, p := range []string{leaveMark, filepath.Join("/tmp", leaveMark), filepath.Join("/tmp", leaveMark+".fifo"), filepath.Join("/tmp", leaveMark+".sock")} {
		if _, err := os.Lstat(p); err == nil {
			fmt.Printf("B-FOUND %s\n", p)
		}
	}
	ents, _ := os.ReadDir("/tmp") // the mount points of overlaid folders there, if any
	for _, e := range ents {
		if strings.Contains(e.Name(), leaveMark) {
			fmt.Printf("B-FOUND-IN-TMP %s\n", e.Name())
		}
	}
	for _, addr := range []string{"@" + leaveMark, filepath.Join("/tmp", leaveMark+".sock")} {
		if c, err := net.DialTimeout("unix", addr, time.Second); err == nil {
			fmt.Fprintf(c, "from-b\n")
			c.Close()
			fmt.Printf("B-REACHED %s\n", addr)
		}
	}
	if c, err := net.DialTimeout("tcp", "127.0.0.1:47111", 5*time.Second); err == nil {
		fmt.Fprintf(c, "hello-from-b\n")
		c.Close()
		fmt.Println("ok tcp")
	}
	for _, pid := range visiblePids() {
		if pid == os.Getpid() || pid == 1 {
			continue
		}
		cmd := string(cmdlineOf(pid))
		if strings.Contains(cmd, leaveMark) || strings.Contains(cmd, "leave") {
			fmt.Printf("B-SEES-A %d %q\n", pid, cmd)
			if ptraced(pid) {
				fmt.Printf("B-PTRACED-A %d\n", pid)
			}
			if unix.Kill(pid, unix.SIGKILL) == nil {
				fmt.Printf("B-KILLED-A %d\n", pid)
			}
		}
	}
	fmt.Println("done")
}

func visiblePids() []int {
	ents, _ := os.ReadDir("/proc")
	var out []int
	for _, e := range ents {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

func cmdlineOf(pid int) []byte {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return b
}

// ownedBy: pid is a thread or child of one of mine (its parent is).
func ownedBy(pid int, mine map[int]bool) bool {
	st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	i := strings.LastIndexByte(string(st), ')')
	f := strings.Fields(string(st[i+1:]))
	if len(f) < 2 {
		return true
	}
	ppid, _ := strconv.Atoi(f[1])
	return mine[ppid]
}

// ptraced attaches to pid and, once it stopped, lets it go again.
func ptraced(pid int) bool {
	if unix.PtraceAttach(pid) != nil {
		return false
	}
	var ws unix.WaitStatus
	unix.Wait4(pid, &ws, unix.WALL, nil)
	unix.PtraceDetach(pid)
	return true
}
