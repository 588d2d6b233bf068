package sandbox

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// isolate sets up the namespaces' contents: mounts, network, sinks.
func (s *supervisor) isolate() error {
	if err := s.setupMounts(); err != nil {
		return err
	}
	s.trace("mounts")
	if err := setupNetwork(); err != nil {
		return err
	}
	sinks, err := startSinks(s.w, s.cfg.Markers)
	if err != nil {
		return err
	}
	s.net = sinks
	s.trace("net")
	return nil
}

// execSpec is what the helper execs.
type execSpec struct {
	Path string   `json:"path"`
	Argv []string `json:"argv"`
	Env  []string `json:"env"`
	Dir  string   `json:"dir"`
	// Rlimits are set before the exec (nil: none).
	Rlimits *rlimits `json:"rlimits,omitempty"`
	// WriteDirs are the only folders files may be opened for writing
	// beneath (Landlock; nil: no restriction).
	WriteDirs []string `json:"writeDirs,omitempty"`
	// Probes hands the stat and access calls to the listener too
	// (Config.RecordProbes).
	Probes bool `json:"probes,omitempty"`
}

// startIsolated starts the helper (this program again, "exec"), which
// installs the seccomp filter, hands its listener to us and, once we have
// it, execs the hook. Helper fds: 3 writes to us, 4 reads from us.
func (s *supervisor) startIsolated(stdio []*os.File, sys *syscall.SysProcAttr) (int, syscall.Errno, error) {
	toUsR, toUsW, err := os.Pipe()
	if err != nil {
		return 0, 0, err
	}
	toHelperR, toHelperW, err := os.Pipe()
	if err != nil {
		return 0, 0, err
	}
	self, err := os.Executable()
	if err != nil {
		self = "/proc/self/exe"
	}
	p, err := os.StartProcess("/proc/self/exe", []string{self, InitCommand, "exec"}, &os.ProcAttr{
		Env: []string{}, Files: append(stdio, toUsW, toHelperR), Sys: sys,
	})
	toUsW.Close()
	toHelperR.Close()
	if err != nil {
		toUsR.Close()
		toHelperW.Close()
		return 0, 0, fmt.Errorf("starting the sandbox helper: %w", err)
	}
	// the hook's first process, and so all it starts, into its cgroups
	// (before it can start anything), or else under rlimits
	es := execSpec{Path: s.cfg.Path, Argv: s.cfg.Argv, Env: s.cfg.Env, Dir: s.cfg.Dir, Rlimits: s.cfg.Rlimits, Probes: s.cfg.Probes}
	if landlockABI() >= 1 {
		es.WriteDirs = s.writeDirs()
	} else {
		s.w.send(event{T: evNote, Msg: "this kernel has no Landlock: a FIFO or device node outside the sandbox's folders (a host service's control FIFO under /run) can be opened for writing"})
	}
	if s.cfg.CgroupProcs > 0 {
		if err := enterCgroups(s.cfg.CgroupProcs, p.Pid); err != nil {
			s.w.send(event{T: evNoCgroup, Msg: err.Error()})
			es.Rlimits = s.cfg.Fallback
		}
	}
	spec, _ := json.Marshal(es)
	go func() {
		_, _ = toHelperW.Write(append(spec, '\n'))
	}()
	br := bufio.NewReader(toUsR)
	line, err := br.ReadString('\n')
	if err != nil {
		return 0, 0, fmt.Errorf("the sandbox helper ended before it installed its filter")
	}
	if strings.HasPrefix(line, "error ") {
		return 0, 0, errors.New(strings.TrimSpace(strings.TrimPrefix(line, "error ")))
	}
	remote, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "fd ")))
	if err != nil {
		return 0, 0, fmt.Errorf("the sandbox helper said %q", line)
	}
	pidfd, err := unix.PidfdOpen(p.Pid, 0)
	if err != nil {
		return 0, 0, fmt.Errorf("pidfd_open: %w", err)
	}
	listener, err := unix.PidfdGetfd(pidfd, remote, 0)
	unix.Close(pidfd)
	if err != nil {
		return 0, 0, fmt.Errorf("pidfd_getfd (seccomp listener): %w", err)
	}
	s.trace("helper-filter")
	s.notify = newNotifier(listener, s)
	go s.notify.loop()
	_, _ = toHelperW.Write([]byte("go\n"))
	toHelperW.Close()
	// Whatever comes now is an exec failure; EOF (close on exec) is success.
	rest, _ := br.ReadString('\n')
	toUsR.Close()
	if n, ok := strings.CutPrefix(strings.TrimSpace(rest), "errno "); ok {
		code, _ := strconv.Atoi(n)
		var ws unix.WaitStatus
		_, _ = unix.Wait4(p.Pid, &ws, 0, nil)
		return 0, syscall.Errno(code), &os.PathError{Op: "exec", Path: s.cfg.Path, Err: syscall.Errno(code)}
	}
	return p.Pid, 0, nil
}

// execMain is the helper: it drops every capability, installs the filter,
// hands the listener's number to the supervisor, waits for its go, and
// execs the hook.
func execMain() int {
	runtime.LockOSThread()
	out := os.NewFile(3, "to-supervisor")
	in := os.NewFile(4, "from-supervisor")
	// closed by a successful exec: the hook inherits none of them
	closeOnExecFrom(3)
	fail := func(err error) int {
		fmt.Fprintf(out, "error %s\n", strings.ReplaceAll(err.Error(), "\n", " "))
		return 1
	}
	br := bufio.NewReader(in)
	line, err := br.ReadBytes('\n')
	if err != nil {
		return fail(fmt.Errorf("reading what to run: %w", err))
	}
	var spec execSpec
	if err := json.Unmarshal(line, &spec); err != nil {
		return fail(err)
	}
	if spec.Rlimits != nil {
		if err := spec.Rlimits.apply(); err != nil {
			return fail(err)
		}
	}
	if err := dropCapabilities(); err != nil {
		return fail(err)
	}
	if spec.WriteDirs != nil {
		if err := restrictWrites(spec.WriteDirs); err != nil {
			return fail(err)
		}
	}
	listener, err := installFilter(spec.Probes)
	if err != nil {
		return fail(err)
	}
	// From here on, only write, read and exec: they are what the filter
	// lets through without a listener, or what the listener answers.
	fmt.Fprintf(out, "fd %d\n", listener)
	if _, err := br.ReadString('\n'); err != nil {
		return 1
	}
	unix.Close(listener)
	if spec.Dir != "" {
		if err := unix.Chdir(spec.Dir); err != nil {
			fmt.Fprintf(out, "errno %d\n", errnoOf(err))
			return 127
		}
	}
	err = unix.Exec(spec.Path, spec.Argv, spec.Env)
	fmt.Fprintf(out, "errno %d\n", errnoOf(err))
	return 127
}

func errnoOf(err error) int {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return int(errno)
	}
	return int(syscall.EINVAL)
}

// dropCapabilities leaves the hook with no capability in the sandbox's
// user namespace (so it cannot undo the mounts), now and after exec.
func dropCapabilities() error {
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil {
		return fmt.Errorf("clearing ambient capabilities: %w", err)
	}
	for c := 0; c <= unix.CAP_LAST_CAP; c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil && !errors.Is(err, unix.EINVAL) {
			return fmt.Errorf("dropping capability %d: %w", c, err)
		}
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("capset: %w", err)
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	return nil
}
