package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// maxHookSpec bounds the hook message a parked supervisor reads.
const maxHookSpec = 16 << 20

// maxPassedFds bounds the descriptors one message on the control socket
// carries: the hook's stdio, or a cgroup.procs and a tasks file for each
// of the three limited resources.
const maxPassedFds = 8

// park is a parked supervisor's wait for its hook (initConfig.Park): it
// tries a start in the sandbox that is set up (probeProgram, which must
// fail with ENOENT: every step before the exec worked), says evParked and
// reads the hook, whose stdin, stdout and stderr become its own 0, 1 and
// 2. rest is what followed the hook on the control socket (control
// bytes); a nil rest with no error means the runner ended the run before
// any hook came.
func (s *supervisor) park(ctl *os.File) (rest []byte, err error) {
	stdio := []*os.File{os.Stdin, os.Stdout, os.Stderr} // /dev/null
	_, errno, err := s.spawn(spawnReq{path: probeProgram, argv: []string{probeProgram}, env: []string{}, stdio: stdio,
		sys: &syscall.SysProcAttr{Setpgid: true}, test: true})
	if errno != syscall.ENOENT {
		if err == nil {
			err = errors.New("a program that cannot exist started")
		}
		return nil, fmt.Errorf("the sandbox's test start: %w", err)
	}
	s.trace("parked")
	s.preEnter()
	s.w.send(event{T: evParked})
	msg, fds, err := readHookMessage(int(ctl.Fd()))
	defer func() {
		for _, fd := range fds {
			unix.Close(fd)
		}
	}()
	if err != nil {
		return nil, err
	}
	if len(msg) == 0 || msg[0] != '{' {
		return nil, nil // a control byte: the run ended unused
	}
	line, rest, _ := bytes.Cut(msg, []byte{'\n'})
	var hs hookSpec
	if err := json.Unmarshal(line, &hs); err != nil {
		return nil, fmt.Errorf("reading the hook: %w", err)
	}
	if len(fds) != 3 {
		return nil, fmt.Errorf("reading the hook: %d descriptors instead of its stdin, stdout and stderr", len(fds))
	}
	for i, fd := range fds {
		if err := unix.Dup3(fd, i, 0); err != nil {
			return nil, fmt.Errorf("the hook's stdio: %w", err)
		}
	}
	s.cfg.Path, s.cfg.Argv, s.cfg.Env, s.cfg.Dir, s.cfg.NewSession = hs.Path, hs.Argv, hs.Env, hs.Dir, hs.NewSession
	if s.net != nil {
		s.net.setMarkers(hs.Markers)
	}
	if rest == nil {
		rest = []byte{}
	}
	return rest, nil
}

// readHookMessage reads from the control socket up to the end of the
// hook's line (or the first control byte), with the descriptors attached.
func readHookMessage(fd int) (msg []byte, fds []int, err error) {
	buf := make([]byte, 64<<10)
	oob := make([]byte, unix.CmsgSpace(maxPassedFds*4))
	for {
		n, oobn, _, _, err := unix.Recvmsg(fd, buf, oob, unix.MSG_CMSG_CLOEXEC)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return msg, fds, fmt.Errorf("reading the hook: %w", err)
		}
		if oobn > 0 {
			cmsgs, err := unix.ParseSocketControlMessage(oob[:oobn])
			if err != nil {
				return msg, fds, fmt.Errorf("reading the hook: %w", err)
			}
			for _, c := range cmsgs {
				got, err := unix.ParseUnixRights(&c)
				if err == nil {
					fds = append(fds, got...)
				}
			}
		}
		if n == 0 {
			return msg, fds, nil // end of file: the runner is gone
		}
		msg = append(msg, buf[:n]...)
		if msg[0] != '{' || bytes.IndexByte(msg, '\n') >= 0 {
			return msg, fds, nil
		}
		if len(msg) > maxHookSpec {
			return msg, fds, errors.New("reading the hook: too long")
		}
	}
}
