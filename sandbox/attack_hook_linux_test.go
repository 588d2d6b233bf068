package sandbox

// The hostile hook of the attack tests: the test binary, started in the
// sandbox as "/proc/self/exe __attack MODE ARGS..." (TestMain dispatches
// here before any test runs). Each mode tries one way out and prints one
// line per success in capitals (what the tests look for) and "ok ..."
// lines for what must keep working.

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

const attackArg = "__attack"

// serveAttack runs the attack mode when the binary was started as the
// hostile hook, and exits.
func serveAttack() {
	if len(os.Args) < 3 || os.Args[1] != attackArg {
		return
	}
	mode, args := os.Args[2], os.Args[3:]
	switch mode {
	case "tty":
		attackTTY()
	case "dev":
		attackDev()
	case "unix":
		attackUnix(args)
	case "unixrace":
		attackUnixRace(args)
	case "procs":
		n, _ := strconv.Atoi(args[0])
		attackProcs(n)
	case "memory":
		mb, _ := strconv.Atoi(args[0])
		attackMemory(mb)
	case "proc":
		attackProc()
	case "keys":
		attackKeys(args[0])
	case "families":
		attackFamilies()
	case "cpu":
		ms, _ := strconv.Atoi(args[0])
		threads := 1
		if len(args) > 1 {
			threads, _ = strconv.Atoi(args[1])
		}
		attackCPU(ms, threads)
	case "leave":
		attackLeave()
	case "seek":
		attackSeek()
	case "attrib":
		attackAttrib(args)
	case "linger":
		time.Sleep(time.Hour)
	default:
		fmt.Println("unknown attack", mode)
		os.Exit(2)
	}
	os.Exit(0)
}

// attackTTY looks for a terminal to push keystrokes into or draw on.
func attackTTY() {
	for fd := 0; fd <= 2; fd++ {
		if _, err := unix.IoctlGetTermios(fd, unix.TCGETS); err == nil {
			fmt.Printf("TTY-FD %d\n", fd)
		}
		if stuff(fd) {
			fmt.Printf("STI-FD %d\n", fd)
		}
	}
	if st, err := os.ReadFile("/proc/self/stat"); err == nil {
		f := strings.Fields(string(st[bytes.LastIndexByte(st, ')')+1:]))
		if len(f) > 4 && f[4] != "0" {
			fmt.Printf("CTTY %s\n", f[4])
		}
	}
	// on a descriptor that is no terminal the kernel says ENOTTY; the
	// sandbox's filter says EPERM before the kernel looks
	var b byte = 'x'
	if _, _, errno := unix.Syscall(unix.SYS_IOCTL, 1, unix.TIOCSTI, uintptr(unsafe.Pointer(&b))); errno == unix.EPERM {
		fmt.Println("ok TIOCSTI filtered")
	} else {
		fmt.Printf("TIOCSTI-NOT-FILTERED %v\n", errno)
	}
	sid, _ := unix.Getsid(0)
	if sid != os.Getpid() {
		fmt.Printf("ok not a session leader (sid %d)\n", sid)
	}
	cands := []string{"/dev/tty", "/dev/console", "/dev/tty0", "/dev/tty1", "/dev/ptmx"}
	if ents, err := os.ReadDir("/dev/pts"); err == nil {
		for _, e := range ents {
			cands = append(cands, "/dev/pts/"+e.Name())
		}
	}
	for _, p := range cands {
		fd, err := unix.Open(p, unix.O_RDWR|unix.O_NOCTTY|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
		if err != nil {
			continue
		}
		fmt.Printf("OPENED %s\n", p)
		if stuff(fd) {
			fmt.Printf("STI %s\n", p)
		}
		if n, err := unix.Write(fd, []byte("\x1b[2J\x1b[Hfake clean report\n")); err == nil && n > 0 {
			fmt.Printf("DREW %s\n", p)
		}
		unix.Close(fd)
	}
	ents, _ := os.ReadDir("/proc/self/fd")
	for _, e := range ents {
		n, _ := strconv.Atoi(e.Name())
		target, err := os.Readlink("/proc/self/fd/" + e.Name())
		// the Go runtime's own: its poller and the cgroup files it reads
		// its CPU limit from
		own := strings.HasPrefix(target, "/proc/") || strings.HasPrefix(target, "/sys/fs/cgroup/") ||
			target == "anon_inode:[eventpoll]" || target == "anon_inode:[eventfd]"
		if n > 2 && err == nil && !own {
			fmt.Printf("FD %d %s\n", n, target)
		}
	}
}

// stuff pushes "echo PWNED\n" into fd's terminal input (TIOCSTI).
func stuff(fd int) bool {
	ok := false
	for _, c := range []byte("echo PWNED\n") {
		b := c
		_, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), unix.TIOCSTI, uintptr(unsafe.Pointer(&b)))
		if errno != 0 {
			return ok
		}
		ok = true
	}
	return ok
}

// attackDev opens for writing every device node of /dev that is not one
// of the harmless ones, and lists what /dev holds.
func attackDev() {
	harmless := map[string]bool{"null": true, "zero": true, "full": true, "random": true, "urandom": true}
	_ = filepath.WalkDir("/dev", func(p string, d os.DirEntry, err error) error {
		if err != nil || p == "/dev" {
			return nil
		}
		fmt.Printf("entry %s\n", strings.TrimPrefix(p, "/dev/"))
		fi, err := os.Lstat(p)
		if err != nil || fi.Mode()&os.ModeDevice == 0 || harmless[strings.TrimPrefix(p, "/dev/")] {
			return nil
		}
		fd, err := unix.Open(p, unix.O_WRONLY|unix.O_NONBLOCK|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
		if err != nil {
			return nil
		}
		kind := "CHAR"
		if fi.Mode()&os.ModeCharDevice == 0 {
			kind = "BLOCK"
		}
		fmt.Printf("%s-OPENED %s\n", kind, p)
		unix.Close(fd)
		return nil
	})
	// what a host's /dev has
	for _, p := range []string{"/dev/sda", "/dev/loop0", "/dev/kmsg", "/dev/pts/0", "/dev/tty"} {
		if fd, err := unix.Open(p, unix.O_WRONLY|unix.O_NONBLOCK|unix.O_NOCTTY|unix.O_CLOEXEC, 0); err == nil {
			fmt.Printf("HOST-OPENED %s\n", p)
			unix.Close(fd)
		}
	}
	if err := os.WriteFile("/dev/null", []byte("x"), 0); err == nil {
		fmt.Println("ok /dev/null")
	}
	if b := make([]byte, 8); readFull("/dev/urandom", b) {
		fmt.Println("ok /dev/urandom")
	}
}

func readFull(p string, b []byte) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	n, _ := f.Read(b)
	return n == len(b)
}

// attackUnix connects to each Unix socket named ("@name": abstract) and
// sends to it as a datagram; then checks that the hook's own sockets in
// its private /tmp still work.
func attackUnix(targets []string) {
	for _, t := range targets {
		addr := t
		if strings.HasPrefix(t, "@") {
			addr = "\x00" + t[1:]
		}
		if c, err := net.Dial("unix", addr); err == nil {
			_, _ = c.Write([]byte("PWNED\n"))
			c.Close()
			fmt.Printf("CONNECTED %s\n", t)
		} else {
			fmt.Printf("refused %s: %v\n", t, err)
		}
		fd, err := unix.Socket(unix.AF_UNIX, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
		if err == nil {
			if unix.Sendto(fd, []byte("PWNED\n"), 0, &unix.SockaddrUnix{Name: addr}) == nil {
				fmt.Printf("SENT %s\n", t)
			}
			if _, err := unix.SendmsgN(fd, []byte("PWNED\n"), nil, &unix.SockaddrUnix{Name: addr}, 0); err == nil {
				fmt.Printf("SENTMSG %s\n", t)
			}
			unix.Close(fd)
		}
	}
	own := "/tmp/own.sock"
	l, err := net.Listen("unix", own)
	if err != nil {
		fmt.Println("own listen:", err)
		return
	}
	defer l.Close()
	go func() {
		if c, err := l.Accept(); err == nil {
			_, _ = c.Write([]byte("hi"))
			c.Close()
		}
	}()
	c, err := net.Dial("unix", own)
	if err != nil {
		fmt.Println("own connect:", err)
		return
	}
	b := make([]byte, 2)
	if n, _ := c.Read(b); n == 2 && string(b) == "hi" {
		fmt.Println("ok own socket")
	}
	c.Close()
	if fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0); err == nil {
		_, _ = unix.Write(fds[0], []byte("x"))
		if n, _ := unix.Read(fds[1], b); n == 1 {
			fmt.Println("ok socketpair")
		}
	}
}

// attackUnixRace connects over and over with a path another thread keeps
// switching between the hook's own socket (args[0]... made here) and the
// host's (args[0]): a filter that checks the path and lets the kernel read
// it again would be passed.
func attackUnixRace(args []string) {
	host := args[0]
	own := "/tmp/race.sock"
	l, err := net.Listen("unix", own)
	if err != nil {
		fmt.Println("own listen:", err)
		return
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	var sa unix.RawSockaddrUnix
	sa.Family = unix.AF_UNIX
	set := func(p string) {
		var buf [108]int8
		for i := 0; i < len(p); i++ {
			buf[i] = int8(p[i])
		}
		sa.Path = buf
	}
	set(own)
	var stop atomic.Bool
	go func() {
		runtime.LockOSThread()
		for i := 0; !stop.Load(); i++ {
			if i%2 == 0 {
				set(host)
			} else {
				set(own)
			}
		}
	}()
	hits := 0
	for i := 0; i < 3000; i++ {
		fd, err := unix.Socket(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
		if err != nil {
			break
		}
		_, _, errno := unix.Syscall(unix.SYS_CONNECT, uintptr(fd), uintptr(unsafe.Pointer(&sa)), unsafe.Sizeof(sa))
		if errno == 0 {
			if peer, err := unix.Getpeername(fd); err == nil {
				if u, ok := peer.(*unix.SockaddrUnix); ok && u.Name == host {
					hits++
				}
			}
			_, _ = unix.Write(fd, []byte("PWNED\n"))
		}
		unix.Close(fd)
	}
	stop.Store(true)
	fmt.Printf("ok race done (%d peers named the host socket)\n", hits)
}

// attackProcs starts n sleeping processes (a bounded fork bomb).
func attackProcs(n int) {
	started, failed := 0, 0
	var ps []*os.Process
	for i := 0; i < n; i++ {
		p, err := os.StartProcess("/bin/sleep", []string{"sleep", "600"}, &os.ProcAttr{})
		if err != nil {
			failed++
			continue
		}
		started++
		ps = append(ps, p)
	}
	fmt.Printf("STARTED %d FAILED %d\n", started, failed)
	_ = ps
}

// attackMemory touches mb MiB, printing every 16 MiB it got.
func attackMemory(mb int) {
	var keep [][]byte
	for i := 1; i <= mb; i++ {
		b := make([]byte, 1<<20)
		for j := 0; j < len(b); j += 4096 {
			b[j] = 1
		}
		keep = append(keep, b)
		if i%16 == 0 {
			fmt.Printf("ALLOC %d\n", i)
		}
	}
	fmt.Printf("ALLOCATED %d\n", len(keep))
}

// spinSink keeps the spinners' sums live.
var spinSink atomic.Int64

// attackCPU spins on threads threads at once until the process has used
// ms milliseconds of CPU time in all.
func attackCPU(ms, threads int) {
	runtime.GOMAXPROCS(threads + 1)
	done := make(chan int64, threads)
	var stop atomic.Bool
	for range threads {
		go func() {
			runtime.LockOSThread()
			x := 0
			for !stop.Load() {
				for i := 0; i < 1_000_000; i++ {
					x += i
				}
				var ru unix.Rusage
				_ = unix.Getrusage(unix.RUSAGE_SELF, &ru)
				if used := ru.Utime.Sec*1000 + ru.Utime.Usec/1000 + ru.Stime.Sec*1000 + ru.Stime.Usec/1000; used >= int64(ms) {
					stop.Store(true)
					spinSink.Add(int64(x))
					done <- used
					return
				}
			}
			done <- 0
		}()
	}
	var used int64
	for range threads {
		used = max(used, <-done)
	}
	var ru unix.Rusage
	_ = unix.Getrusage(unix.RUSAGE_SELF, &ru)
	used = max(used, ru.Utime.Sec*1000+ru.Utime.Usec/1000+ru.Stime.Sec*1000+ru.Stime.Usec/1000)
	fmt.Printf("SPUN %d ms on %d threads\n", used, threads)
}

// attackFamilies opens sockets of the families that reach past a network
// namespace (AF_VSOCK: the hypervisor's host) or below it.
func attackFamilies() {
	for _, f := range []struct {
		name string
		fam  int
		typ  int
	}{{"AF_VSOCK", unix.AF_VSOCK, unix.SOCK_STREAM}, {"AF_PACKET", unix.AF_PACKET, unix.SOCK_DGRAM},
		{"AF_BLUETOOTH", unix.AF_BLUETOOTH, unix.SOCK_STREAM}, {"AF_TIPC", unix.AF_TIPC, unix.SOCK_RDM}} {
		fd, err := unix.Socket(f.fam, f.typ|unix.SOCK_CLOEXEC, 0)
		if err == nil {
			fmt.Printf("SOCKET %s\n", f.name)
			unix.Close(fd)
			continue
		}
		fmt.Printf("refused %s: %v\n", f.name, err)
	}
	if fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_DGRAM, 0); err == nil {
		unix.Close(fds[0])
		unix.Close(fds[1])
		fmt.Println("ok socketpair")
	}
	if fd, err := unix.Socket(unix.AF_NETLINK, unix.SOCK_RAW, unix.NETLINK_ROUTE); err == nil {
		unix.Close(fd)
		fmt.Println("ok netlink")
	}
}

// attackKeys looks for a key of the user's session keyring by name and
// reads it.
func attackKeys(name string) {
	id, err := unix.KeyctlSearch(unix.KEY_SPEC_SESSION_KEYRING, "user", name, 0)
	if err != nil {
		fmt.Printf("refused search: %v\n", err)
		return
	}
	buf := make([]byte, 256)
	n, err := unix.KeyctlBuffer(unix.KEYCTL_READ, id, buf, 0)
	if err != nil {
		fmt.Printf("refused read: %v\n", err)
		return
	}
	fmt.Printf("KEY %s=%s\n", name, buf[:min(n, len(buf))])
}

// attackProc writes a global sysctl (its own value back: harmless, but
// kernel.core_pattern the same way runs a program as the host's root) and
// opens /proc/sysrq-trigger for writing (never writes it); then checks
// that the usual /proc/self writes through /dev/stdout still work.
func attackProc() {
	const sysctl = "/proc/sys/kernel/printk_ratelimit"
	if v, err := os.ReadFile(sysctl); err == nil {
		if err := os.WriteFile(sysctl, v, 0); err == nil {
			fmt.Println("SYSCTL-WROTE " + sysctl)
		} else {
			fmt.Println("refused sysctl:", err)
		}
	}
	if fd, err := unix.Open("/proc/sysrq-trigger", unix.O_WRONLY|unix.O_CLOEXEC, 0); err == nil {
		fmt.Println("SYSRQ-OPENED")
		unix.Close(fd)
	}
	if err := os.WriteFile("/dev/stdout", []byte("ok stdout through /proc\n"), 0); err != nil {
		fmt.Println("stdout:", err)
	}
}
