package history

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// DirEnvVar overrides where the history is kept.
const DirEnvVar = "HOOKWARDEN_HISTORY_DIR"

// Defaults of a Store.
const (
	// DefaultMaxFile is the size at which the current file is rotated.
	DefaultMaxFile = 4 << 20
	// DefaultKeep is how many rotated files are kept besides the current
	// one: with DefaultMaxFile the history holds at most 20 MiB.
	DefaultKeep = 4
	// DefaultMaxPayload is the most of one payload kept.
	DefaultMaxPayload = 1 << 20
)

const (
	currentName = "events.jsonl"
	lockName    = "lock"
)

// Dir is where the history is kept: $HOOKWARDEN_HISTORY_DIR, else
// "hookwarden/history" in the user's state folder ($XDG_STATE_HOME or
// ~/.local/state; on macOS ~/Library/Application Support, on Windows
// %LocalAppData%).
func Dir(getenv func(string) string, goos string) (string, error) {
	env := envFunc(getenv)
	if d := env.Get(DirEnvVar); d != "" {
		return filepath.Clean(d), nil
	}
	var base string
	switch goos {
	case "windows":
		base = env.Get("LocalAppData")
		if base == "" {
			base = env.Get("LOCALAPPDATA")
		}
	case "darwin", "ios":
		if home := env.Get("HOME"); home != "" {
			base = filepath.Join(home, "Library", "Application Support")
		}
	default:
		base = env.Get("XDG_STATE_HOME")
		if !filepath.IsAbs(base) {
			base = ""
			if home := env.Get("HOME"); home != "" {
				base = filepath.Join(home, ".local", "state")
			}
		}
	}
	if base == "" {
		return "", fmt.Errorf("locating the event history: neither %s nor the home folder is set", DirEnvVar)
	}
	return filepath.Join(base, "hookwarden", "history"), nil
}

// Store is the history in one folder.
type Store struct {
	Dir string
	// MaxFile, Keep, MaxPayload: 0 takes the defaults.
	MaxFile    int64
	Keep       int
	MaxPayload int
}

func (s Store) maxFile() int64 {
	if s.MaxFile > 0 {
		return s.MaxFile
	}
	return DefaultMaxFile
}

func (s Store) keep() int {
	if s.Keep > 0 {
		return s.Keep
	}
	return DefaultKeep
}

// PayloadCap is the most of one payload a record keeps.
func (s Store) PayloadCap() int {
	if s.MaxPayload > 0 {
		return s.MaxPayload
	}
	return DefaultMaxPayload
}

func (s Store) current() string { return filepath.Join(s.Dir, currentName) }

func (s Store) rotated(i int) string {
	return filepath.Join(s.Dir, "events."+strconv.Itoa(i)+".jsonl")
}

// ensureDir makes the folder (0700) and refuses one that is a link or
// that others can read.
func (s Store) ensureDir() error {
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return err
	}
	fi, err := os.Lstat(s.Dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a folder", s.Dir)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(s.Dir, 0o700); err != nil {
			return err
		}
	}
	return nil
}

// Append adds records (each a line, written in one write under the
// folder's lock, after rotating a full file).
func (s Store) Append(recs ...Record) error {
	if len(recs) == 0 {
		return nil
	}
	if err := s.ensureDir(); err != nil {
		return fmt.Errorf("event history: %w", err)
	}
	var buf bytes.Buffer
	for _, r := range recs {
		line, err := json.Marshal(r)
		if err != nil {
			return fmt.Errorf("event history: %w", err)
		}
		buf.Write(line)
		buf.WriteByte('\n')
	}
	unlock, err := lockDir(filepath.Join(s.Dir, lockName))
	if err != nil {
		return fmt.Errorf("event history: %w", err)
	}
	defer unlock()
	if fi, err := os.Lstat(s.current()); err == nil && fi.Size() > 0 && fi.Size()+int64(buf.Len()) > s.maxFile() {
		if err := s.rotate(); err != nil {
			return fmt.Errorf("event history: rotating: %w", err)
		}
	}
	f, err := openAppend(s.current())
	if err != nil {
		return fmt.Errorf("event history: %w", err)
	}
	_, werr := f.Write(buf.Bytes())
	cerr := f.Close()
	if werr != nil {
		return fmt.Errorf("event history: %w", werr)
	}
	if cerr != nil {
		return fmt.Errorf("event history: %w", cerr)
	}
	return nil
}

// rotate moves events.jsonl to events.1.jsonl (and each older file one
// up), dropping the oldest beyond Keep. Called under the lock.
func (s Store) rotate() error {
	keep := s.keep()
	if err := os.Remove(s.rotated(keep)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	for i := keep - 1; i >= 1; i-- {
		if err := os.Rename(s.rotated(i), s.rotated(i+1)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return os.Rename(s.current(), s.rotated(1))
}

// files are the history's files, oldest first.
func (s Store) files() []string {
	var out []string
	for i := s.keep() + 8; i >= 1; i-- { // a larger Keep earlier leaves more
		if _, err := os.Lstat(s.rotated(i)); err == nil {
			out = append(out, s.rotated(i))
		}
	}
	if _, err := os.Lstat(s.current()); err == nil {
		out = append(out, s.current())
	}
	return out
}

// LineError is a line of the history that does not read as a record.
type LineError struct {
	File string
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// List reads every record, oldest first (by time, then id); lines that do
// not read are returned as *LineError (a cut last line of a full disk).
func (s Store) List() ([]Record, []error) {
	var recs []Record
	var errs []error
	for _, path := range s.files() {
		data, err := readRegular(path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 0, 64<<10), len(data)+1)
		n := 0
		for sc.Scan() {
			n++
			line := bytes.TrimSpace(sc.Bytes())
			if len(line) == 0 {
				continue
			}
			var r Record
			if err := json.Unmarshal(line, &r); err != nil {
				errs = append(errs, &LineError{File: path, Line: n, Err: err})
				continue
			}
			recs = append(recs, r)
		}
	}
	sort.SliceStable(recs, func(i, j int) bool {
		if !recs[i].Time.Equal(recs[j].Time) {
			return recs[i].Time.Before(recs[j].Time)
		}
		return recs[i].ID < recs[j].ID
	})
	return recs, errs
}

// Find is the record id names (a unique prefix of its id).
func (s Store) Find(id string) (Record, error) {
	recs, _ := s.List()
	var found []Record
	for _, r := range recs {
		if r.ID == id {
			return r, nil
		}
		if r.Matches(id) {
			found = append(found, r)
		}
	}
	switch len(found) {
	case 0:
		return Record{}, fmt.Errorf("no recorded event %q in %s (hookwarden history lists them)", id, s.Dir)
	case 1:
		return found[0], nil
	}
	var ids []string
	for _, r := range found {
		ids = append(ids, r.ID)
	}
	return Record{}, fmt.Errorf("%q names %d recorded events (%s); give more of the id", id, len(found), strings.Join(ids, ", "))
}

// Size is the bytes the history's files hold, and how many files.
func (s Store) Size() (int64, int) {
	var total int64
	files := s.files()
	for _, f := range files {
		if fi, err := os.Lstat(f); err == nil {
			total += fi.Size()
		}
	}
	return total, len(files)
}

// Clear deletes every history file (the folder stays).
func (s Store) Clear() error {
	if _, err := os.Lstat(s.Dir); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	unlock, err := lockDir(filepath.Join(s.Dir, lockName))
	if err != nil {
		return fmt.Errorf("event history: %w", err)
	}
	defer unlock()
	for _, f := range s.files() {
		if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("clearing the event history: %w", err)
		}
	}
	return nil
}

// envFunc looks up environment variables.
type envFunc func(string) string

// Get is the variable's value ("" when unset).
func (f envFunc) Get(k string) string {
	if f == nil {
		return ""
	}
	return f(k)
}

// readRegular reads a history file, refusing anything but a regular file
// (a link, a fifo).
func readRegular(path string) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	return os.ReadFile(path)
}
