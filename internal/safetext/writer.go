package safetext

import (
	"io"
	"unicode/utf8"
)

// Writer escapes what passes through it with the rules of Text (control,
// bidi and invisible characters, invalid UTF-8; not confusables, which need
// whole words), using JSON-compatible \u escapes for every non-ASCII
// character and DEL, so that JSON written through it stays valid JSON with
// the same meaning. Call Flush at the end: a character split across writes,
// or a final \r, is held until the next write shows how it ends.
type Writer struct {
	w       io.Writer
	pending []byte
	buf     []byte
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write escapes p and writes it; it returns len(p) when the underlying
// write succeeds.
func (w *Writer) Write(p []byte) (int, error) {
	data := p
	if len(w.pending) > 0 {
		data = append(w.pending, p...)
		w.pending = nil
	}
	cut := holdBack(data)
	if cut < len(data) {
		w.pending = append([]byte(nil), data[cut:]...)
		data = data[:cut]
	}
	if err := w.emit(data); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes whatever is held back, escaped.
func (w *Writer) Flush() error {
	if len(w.pending) == 0 {
		return nil
	}
	data := w.pending
	w.pending = nil
	return w.emit(data)
}

func (w *Writer) emit(data []byte) error {
	s := string(data)
	if plainASCII(s, true) {
		_, err := w.w.Write(data)
		return err
	}
	w.buf = w.buf[:0]
	last := 0
	scan(s, true, true, func(f Finding) {
		w.buf = append(w.buf, s[last:f.Start]...)
		w.buf = append(w.buf, f.Escape...)
		last = f.End
	})
	w.buf = append(w.buf, s[last:]...)
	_, err := w.w.Write(w.buf)
	return err
}

// holdBack returns where the tail that may still change meaning starts: an
// incomplete UTF-8 sequence, or a \r that a \n may follow.
func holdBack(p []byte) int {
	n := len(p)
	if n == 0 {
		return 0
	}
	if p[n-1] == '\r' {
		return n - 1
	}
	for k := 1; k <= 3 && k <= n; k++ {
		c := p[n-k]
		if c < utf8.RuneSelf {
			return n
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(p[n-k:]) {
				return n - k
			}
			return n
		}
	}
	return n
}
