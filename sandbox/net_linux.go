package sandbox

import (
	"encoding/binary"
	"fmt"

	"golang.org/x/sys/unix"
)

// setupNetwork brings loopback up and routes every address to it (a
// "local" route for 0.0.0.0/0 and ::/0 in the local table), so a
// connection to any address reaches a sink listening on the wildcard
// address.
func setupNetwork() error {
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("socket: %w", err)
	}
	defer unix.Close(fd)
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return err
	}
	ifr.SetUint16(unix.IFF_UP | unix.IFF_LOOPBACK | unix.IFF_RUNNING)
	if err := unix.IoctlIfreq(fd, unix.SIOCSIFFLAGS, ifr); err != nil {
		return fmt.Errorf("bringing loopback up: %w", err)
	}
	idx, err := loopbackIndex(fd)
	if err != nil {
		return err
	}
	for _, family := range []uint8{unix.AF_INET, unix.AF_INET6} {
		if err := addLocalDefault(family, idx); err != nil {
			return fmt.Errorf("routing every address to loopback (family %d): %w", family, err)
		}
	}
	return nil
}

func loopbackIndex(fd int) (uint32, error) {
	ifr, err := unix.NewIfreq("lo")
	if err != nil {
		return 0, err
	}
	if err := unix.IoctlIfreq(fd, unix.SIOCGIFINDEX, ifr); err != nil {
		return 0, fmt.Errorf("loopback index: %w", err)
	}
	return ifr.Uint32(), nil
}

// addLocalDefault is "ip route add local default dev lo table local" over
// rtnetlink.
func addLocalDefault(family uint8, ifindex uint32) error {
	s, err := unix.Socket(unix.AF_NETLINK, unix.SOCK_RAW|unix.SOCK_CLOEXEC, unix.NETLINK_ROUTE)
	if err != nil {
		return err
	}
	defer unix.Close(s)
	if err := unix.Bind(s, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
		return err
	}
	const hdr, rtm, attr = unix.SizeofNlMsghdr, unix.SizeofRtMsg, 8
	msg := make([]byte, hdr+rtm+attr)
	ne := binary.NativeEndian
	ne.PutUint32(msg[0:], uint32(len(msg)))
	ne.PutUint16(msg[4:], unix.RTM_NEWROUTE)
	ne.PutUint16(msg[6:], unix.NLM_F_REQUEST|unix.NLM_F_ACK|unix.NLM_F_CREATE|unix.NLM_F_EXCL)
	ne.PutUint32(msg[8:], 1)
	r := msg[hdr:]
	r[0] = family              // rtm_family
	r[1] = 0                   // rtm_dst_len: default
	r[4] = unix.RT_TABLE_LOCAL // rtm_table
	r[5] = unix.RTPROT_BOOT    // rtm_protocol
	r[6] = unix.RT_SCOPE_HOST  // rtm_scope
	r[7] = unix.RTN_LOCAL      // rtm_type
	a := msg[hdr+rtm:]
	ne.PutUint16(a[0:], attr)
	ne.PutUint16(a[2:], unix.RTA_OIF)
	ne.PutUint32(a[4:], ifindex)
	if err := unix.Sendto(s, msg, 0, &unix.SockaddrNetlink{Family: unix.AF_NETLINK}); err != nil {
		return err
	}
	buf := make([]byte, 4096)
	n, _, err := unix.Recvfrom(s, buf, 0)
	if err != nil {
		return err
	}
	if n < unix.SizeofNlMsghdr+4 || ne.Uint16(buf[4:]) != unix.NLMSG_ERROR {
		return fmt.Errorf("unexpected answer from rtnetlink")
	}
	if code := int32(ne.Uint32(buf[unix.SizeofNlMsghdr:])); code != 0 {
		return unix.Errno(-code)
	}
	return nil
}
