package sandbox

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"golang.org/x/net/dns/dnsmessage"
)

const (
	// sinkIdle is how long a sink waits for more data on a quiet
	// connection (the end of the run closes every connection anyway).
	sinkIdle = 30 * time.Second
	// sinkDrain is how long the end of the run gives a connection to hand
	// over what is already buffered: a read whose deadline has passed
	// fails before it looks at the buffer, so a deadline of "now" could
	// drop what a hook sent just before it ended (seen once in CI: the
	// content of a secret sent through /dev/tcp went unreported). The
	// hook's processes are gone by then, so a connection returns its data
	// and EOF at once; only a still-open quiet one waits this long.
	sinkDrain = 250 * time.Millisecond
	// sinkScan is how much of what a connection sends is searched for
	// markers; previewLen is how much of it the report shows.
	sinkScan   = 1 << 20
	previewLen = 160
	// maxBody bounds what a sink reads of one HTTP body or raw stream.
	maxBody = 64 << 20
)

// fakeNet is where the stub resolver's answers come from (RFC 2544's
// benchmarking range, never routed on the internet).
var fakeNet = netip.MustParseAddr("198.18.0.0")

// netSinks are the stub resolver and the sinks of one run.
type netSinks struct {
	w       *eventWriter
	markers []string
	mu      sync.Mutex
	secrets map[string]string // marker -> sensitive file it comes from
	names   map[netip.Addr]string
	// dnsPeer is the last remote address a datagram to port 53 was
	// addressed to: what reaches the stub resolver there and is not a
	// DNS query is reported as sent to it.
	dnsPeer netip.Addr
	addrs   map[string]netip.Addr
	next    uint32
	tcp     map[uint16]net.Listener
	udp     map[uint16]net.PacketConn
	conns   map[net.Conn]bool
	connID  int
	closed  bool
	wg      sync.WaitGroup
}

func startSinks(w *eventWriter, markers []string) (*netSinks, error) {
	s := &netSinks{w: w, secrets: map[string]string{}, names: map[netip.Addr]string{}, addrs: map[string]netip.Addr{},
		tcp: map[uint16]net.Listener{}, udp: map[uint16]net.PacketConn{}, conns: map[net.Conn]bool{}}
	s.setMarkers(markers)
	if err := s.listenUDP(53); err != nil {
		return nil, err
	}
	if err := s.listenTCP(53); err != nil {
		return nil, err
	}
	return s, nil
}

// addSecret remembers a distinctive piece of a sensitive file, to spot it
// in what is sent later.
func (s *netSinks) addSecret(path string) {
	data, err := readHead(path, 64<<10)
	if err != nil {
		return
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "-----") || len(line) < 8 {
			continue // a PEM armour line is the same in every key
		}
		if len(line) > 40 {
			line = line[:40]
		}
		s.mu.Lock()
		s.secrets[line] = path
		s.mu.Unlock()
		return
	}
}

// readHead reads the first n bytes of the regular file at path, without
// blocking: the hook may have named a FIFO like a secret, and a blocked
// read here would leave the hook's next call unanswered.
func readHead(path string, n int) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, ErrNotRegular
	}
	buf := make([]byte, n)
	m, err := io.ReadFull(f, buf)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return buf[:m], nil
}

// attempt records a connection (or datagram) to ap and makes sure a sink
// listens on its port.
func (s *netSinks) attempt(proto string, ap netip.AddrPort) {
	if ap.Port() == 53 && (proto == "udp" || ap.Addr().IsLoopback()) {
		if proto == "udp" && !ap.Addr().IsLoopback() {
			s.mu.Lock()
			s.dnsPeer = ap.Addr()
			s.mu.Unlock()
		}
		return // the stub resolver records the names
	}
	s.mu.Lock()
	name := s.names[ap.Addr()]
	s.mu.Unlock()
	s.w.send(event{T: evConnect, Proto: proto, Addr: ap.Addr().String(), Port: int(ap.Port()), Name: name})
	if ap.Port() == 0 {
		return
	}
	var err error
	if proto == "udp" {
		err = s.listenUDP(ap.Port())
	} else {
		err = s.listenTCP(ap.Port())
	}
	if err != nil {
		s.w.send(event{T: evNote, Msg: "no sink on " + proto + " port " + strconv.Itoa(int(ap.Port())) + ": " + err.Error()})
	}
}

func (s *netSinks) listenTCP(port uint16) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.tcp[port] != nil {
		return nil
	}
	l, err := net.Listen("tcp", ":"+strconv.Itoa(int(port)))
	if err != nil {
		return err
	}
	s.tcp[port] = l
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			if !s.track(c) {
				c.Close()
				return
			}
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				defer s.untrack(c)
				if port == 53 {
					s.serveDNSStream(c)
					return
				}
				s.serveTCP(c)
			}()
		}
	}()
	return nil
}

func (s *netSinks) listenUDP(port uint16) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.udp[port] != nil {
		return nil
	}
	pc, err := net.ListenPacket("udp", ":"+strconv.Itoa(int(port)))
	if err != nil {
		return err
	}
	s.udp[port] = pc
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		buf := make([]byte, 65536)
		for {
			n, from, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			ev := event{T: evSent, Proto: "udp", Port: int(port), Bytes: int64(n)}
			if port == 53 {
				if resp := s.answerDNS(buf[:n]); resp != nil {
					_, _ = pc.WriteTo(resp, from)
					continue
				}
				// not a DNS query: data sent to port 53, reported like
				// any other datagram
				s.mu.Lock()
				if s.dnsPeer.IsValid() {
					ev.Addr, ev.Name = s.dnsPeer.String(), s.names[s.dnsPeer]
				}
				s.mu.Unlock()
			}
			s.judgeData(&ev, buf[:n])
			s.w.send(ev)
		}
	}()
	return nil
}

func (s *netSinks) track(c net.Conn) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.conns[c] = true
	return true
}

func (s *netSinks) untrack(c net.Conn) {
	c.Close()
	s.mu.Lock()
	delete(s.conns, c)
	s.mu.Unlock()
}

// close stops every sink and waits for the open connections' records.
func (s *netSinks) close() {
	s.mu.Lock()
	s.closed = true
	for _, l := range s.tcp {
		l.Close()
	}
	for _, pc := range s.udp {
		pc.Close()
	}
	for c := range s.conns {
		_ = c.SetReadDeadline(time.Now().Add(sinkDrain)) // ends a read of a quiet connection, after its buffered data
	}
	s.mu.Unlock()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
}

// serveTCP reads what a connection sends: a TLS ClientHello (SNI), an
// HTTP request (answered 200), or raw bytes.
func (s *netSinks) serveTCP(c net.Conn) {
	s.mu.Lock()
	s.connID++
	id := s.connID
	s.mu.Unlock()
	local, _ := netip.ParseAddrPort(c.LocalAddr().String())
	ev := event{T: evSent, Proto: "tcp", Conn: id, Addr: local.Addr().Unmap().String(), Port: int(local.Port())}
	s.mu.Lock()
	ev.Name = s.names[local.Addr().Unmap()]
	s.mu.Unlock()
	_ = c.SetReadDeadline(time.Now().Add(sinkIdle))
	br := bufio.NewReaderSize(c, 64<<10)
	first, err := br.Peek(1)
	if err != nil {
		return // connected, sent nothing: the connect record says it all
	}
	switch {
	case first[0] == 0x16:
		hello, n := readTLSHello(br)
		ev.SNI, ev.Bytes = hello, n
		ev.Method = "TLS"
	case looksLikeHTTP(br):
		req, err := http.ReadRequest(br)
		if err != nil {
			data, n := readAll(br)
			ev.Bytes = n
			s.judgeData(&ev, data)
			break
		}
		ev.Method, ev.Target, ev.Host = req.Method, req.RequestURI, req.Host
		body, n := readAll(req.Body)
		ev.Bytes = n
		s.judgeData(&ev, append([]byte(req.RequestURI+"\n"), body...))
		ev.Preview = preview(body)
		_, _ = io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
	default:
		data, n := readAll(br)
		ev.Bytes = n
		s.judgeData(&ev, data)
		ev.Preview = preview(data)
	}
	s.w.send(ev)
}

// readAll reads r to the end (or the cap), keeping the first sinkScan
// bytes, and returns them with the total count.
func readAll(r io.Reader) ([]byte, int64) {
	var keep bytes.Buffer
	n, _ := io.Copy(&capWriter{buf: &keep, max: sinkScan}, io.LimitReader(r, maxBody))
	return keep.Bytes(), n
}

type capWriter struct {
	buf *bytes.Buffer
	max int
}

func (w *capWriter) Write(p []byte) (int, error) {
	if room := w.max - w.buf.Len(); room > 0 {
		if len(p) < room {
			room = len(p)
		}
		w.buf.Write(p[:room])
	}
	return len(p), nil
}

func preview(b []byte) string {
	if len(b) > previewLen {
		b = b[:previewLen]
	}
	return string(b)
}

// setMarkers sets the strings that mean the hook's input (a parked
// supervisor learns them with its hook).
func (s *netSinks) setMarkers(markers []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.markers = nil
	for _, m := range markers {
		if len(m) >= 6 {
			s.markers = append(s.markers, m)
		}
	}
}

// judgeData marks what data carries: the hook's input or a secret.
func (s *netSinks) judgeData(ev *event, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, m := range s.markers {
		if bytes.Contains(data, []byte(m)) {
			ev.HasPayload = true
			break
		}
	}
	for m, path := range s.secrets {
		if bytes.Contains(data, []byte(m)) {
			ev.Secret = path
			break
		}
	}
}

var httpMethods = []string{"GET ", "POST ", "PUT ", "PATCH ", "DELETE ", "HEAD ", "OPTIONS ", "CONNECT ", "TRACE "}

func looksLikeHTTP(br *bufio.Reader) bool {
	head, _ := br.Peek(8)
	for _, m := range httpMethods {
		if bytes.HasPrefix(head, []byte(m)) || bytes.HasPrefix([]byte(m), head) && len(head) < len(m) {
			return true
		}
	}
	return false
}

// readTLSHello reads the first TLS record and returns the ClientHello's
// server name and how many bytes came.
func readTLSHello(br *bufio.Reader) (string, int64) {
	hdr := make([]byte, 5)
	if _, err := io.ReadFull(br, hdr); err != nil {
		return "", 0
	}
	n := int(binary.BigEndian.Uint16(hdr[3:]))
	rec := make([]byte, n)
	m, _ := io.ReadFull(br, rec)
	return parseSNI(rec[:m]), int64(5 + m)
}

// parseSNI finds the server_name extension of a ClientHello handshake.
func parseSNI(b []byte) string {
	// handshake: type(1)=1, len(3), version(2), random(32)
	if len(b) < 38 || b[0] != 1 {
		return ""
	}
	p := 38
	skip := func(lenBytes int) bool {
		if p+lenBytes > len(b) {
			return false
		}
		l := 0
		for i := 0; i < lenBytes; i++ {
			l = l<<8 | int(b[p+i])
		}
		p += lenBytes + l
		return p <= len(b)
	}
	if !skip(1) || !skip(2) || !skip(1) { // session id, cipher suites, compression
		return ""
	}
	if p+2 > len(b) {
		return ""
	}
	end := p + 2 + int(binary.BigEndian.Uint16(b[p:]))
	p += 2
	for p+4 <= end && end <= len(b) {
		typ := binary.BigEndian.Uint16(b[p:])
		l := int(binary.BigEndian.Uint16(b[p+2:]))
		p += 4
		if p+l > len(b) {
			return ""
		}
		if typ == 0 && l >= 5 { // server_name: list len(2), type(1)=0, len(2), name
			nl := int(binary.BigEndian.Uint16(b[p+3:]))
			if p+5+nl <= len(b) {
				return string(b[p+5 : p+5+nl])
			}
			return ""
		}
		p += l
	}
	return ""
}

// serveDNSStream answers DNS over TCP (two-byte length prefixes).
func (s *netSinks) serveDNSStream(c net.Conn) {
	_ = c.SetReadDeadline(time.Now().Add(sinkIdle))
	for {
		var l [2]byte
		if _, err := io.ReadFull(c, l[:]); err != nil {
			return
		}
		msg := make([]byte, binary.BigEndian.Uint16(l[:]))
		if _, err := io.ReadFull(c, msg); err != nil {
			return
		}
		resp := s.answerDNS(msg)
		if resp == nil {
			return
		}
		out := binary.BigEndian.AppendUint16(nil, uint16(len(resp)))
		if _, err := c.Write(append(out, resp...)); err != nil {
			return
		}
	}
}

// answerDNS records the questions and answers A with an address of the
// sandbox's own (one per name), everything else with no records.
func (s *netSinks) answerDNS(q []byte) []byte {
	var p dnsmessage.Parser
	h, err := p.Start(q)
	if err != nil {
		return nil
	}
	qs, err := p.AllQuestions()
	if err != nil || len(qs) == 0 {
		return nil
	}
	b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RecursionDesired: h.RecursionDesired, RecursionAvailable: true})
	b.EnableCompression()
	_ = b.StartQuestions()
	for _, qq := range qs {
		_ = b.Question(qq)
	}
	_ = b.StartAnswers()
	for _, qq := range qs {
		name := strings.TrimSuffix(qq.Name.String(), ".")
		ev := event{T: evDNS, Name: name, QType: strings.TrimPrefix(qq.Type.String(), "Type")}
		s.judgeData(&ev, []byte(strings.ToLower(name)))
		s.w.send(ev)
		if qq.Type == dnsmessage.TypeA && qq.Class == dnsmessage.ClassINET {
			a := s.fakeAddr(strings.ToLower(name))
			_ = b.AResource(dnsmessage.ResourceHeader{Name: qq.Name, Class: dnsmessage.ClassINET, TTL: 5}, dnsmessage.AResource{A: a.As4()})
		}
	}
	out, err := b.Finish()
	if err != nil {
		return nil
	}
	return out
}

func (s *netSinks) fakeAddr(name string) netip.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	if a, ok := s.addrs[name]; ok {
		return a
	}
	s.next++
	base := fakeNet.As4()
	v := binary.BigEndian.Uint32(base[:]) + s.next%(1<<17)
	var b [4]byte
	binary.BigEndian.PutUint32(b[:], v)
	a := netip.AddrFrom4(b)
	s.addrs[name] = a
	s.names[a] = name
	return a
}
