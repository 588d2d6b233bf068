//go:build linux

package sandbox

import "golang.org/x/sys/unix"

const (
	auditArch    = unix.AUDIT_ARCH_X86_64
	x32Bit       = 0x40000000
	execve       = unix.SYS_EXECVE
	ioctl        = unix.SYS_IOCTL
	socket       = unix.SYS_SOCKET
	socketpair   = unix.SYS_SOCKETPAIR
	keyctl       = unix.SYS_KEYCTL
	addKey       = unix.SYS_ADD_KEY
	requestKey   = unix.SYS_REQUEST_KEY
	execveat     = unix.SYS_EXECVEAT
	openat       = unix.SYS_OPENAT
	openat2      = unix.SYS_OPENAT2
	connect      = unix.SYS_CONNECT
	sendto       = unix.SYS_SENDTO
	sendmsg      = unix.SYS_SENDMSG
	sendmmsg     = unix.SYS_SENDMMSG
	ioUringSetup = unix.SYS_IO_URING_SETUP
	sysOpen      = unix.SYS_OPEN
	newfstatat   = unix.SYS_NEWFSTATAT
	statx        = unix.SYS_STATX
	faccessat    = unix.SYS_FACCESSAT
	faccessat2   = unix.SYS_FACCESSAT2
	sysStat      = unix.SYS_STAT
	sysLstat     = unix.SYS_LSTAT
	setsid       = unix.SYS_SETSID
	setpgid      = unix.SYS_SETPGID
	chdir        = unix.SYS_CHDIR
	openByHandle = unix.SYS_OPEN_BY_HANDLE_AT
	sysAccess    = unix.SYS_ACCESS
)

// legacyNotified are the calls only this architecture has.
var legacyNotified = []uint32{sysOpen}

// legacyProbes are the calls that look for a path only this architecture
// has (installFilter's probes).
var legacyProbes = []uint32{sysStat, sysLstat, sysAccess}
