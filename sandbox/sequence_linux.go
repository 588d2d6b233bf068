package sandbox

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"golang.org/x/sys/unix"
)

// Close frees the layers s keeps; a hook that ends after it keeps none.
func (s *Sequence) Close() {
	if s == nil {
		return
	}
	s.mu.Lock()
	hooks := s.hooks
	s.hooks, s.closed = nil, true
	s.mu.Unlock()
	for _, h := range hooks {
		if h.dir != "" {
			removeTree(h.dir)
		}
	}
}

// stacks reports whether an earlier hook of s wrote files that a later
// hook must see: its sandbox then cannot be one set up ahead of it.
func (s *Sequence) stacks() bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, h := range s.hooks {
		if h.dir != "" || !h.kept {
			return true
		}
	}
	return false
}

// count is how many sandboxed hooks of s have ended.
func (s *Sequence) count() int {
	if s == nil {
		return 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.hooks)
}

// lowers returns, for a hook whose sandbox overlays targets, the layer
// folders of the earlier hooks it stacks (the latest first), and how many
// of the earlier hooks' files its view holds: those that wrote none, and
// those it stacks. An earlier hook whose sandbox overlaid other folders
// (its layer i is not this hook's layer i) is not stacked, nor one whose
// layers could not be kept, nor more than maxStacked.
func (s *Sequence) lowers(targets []string) (dirs []string, saw int) {
	if s == nil {
		return nil, 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.hooks) - 1; i >= 0; i-- {
		h := s.hooks[i]
		switch {
		case h.kept && h.dir == "":
			saw++
		case h.kept && slices.Equal(h.targets, targets) && len(dirs) < maxStacked:
			dirs = append(dirs, h.dir)
			saw++
		}
	}
	return dirs, saw
}

// keep takes in the layers of p, a sandboxed hook of s that has ended,
// when they hold anything: its scratch folder when they are on disk, else
// a copy on disk of those in its supervisor's tmpfs. A later supervisor
// cannot stack a folder of that tmpfs: overlayfs takes a lower layer only
// from a mount of the mounter's own (clone_private_mount), and that tmpfs
// is a detached mount of another, ended, supervisor.
func (s *Sequence) keep(p *Process) {
	h := seqHook{targets: p.targets, kept: true}
	layers := p.layers()
	if layers == "" || !emptyLayers(layers, len(p.targets)) {
		var err error
		switch {
		case layers == "":
			err = errors.New("no layers")
		case p.memScratch < 0:
			h.dir, p.scratch = p.scratch, "" // removed by Close
		default:
			h.dir, err = copyLayers(p.cfg, p.targets, layers)
		}
		if err != nil {
			h.dir, h.kept = "", false
		}
	}
	s.mu.Lock()
	closed := s.closed
	if !closed {
		s.hooks = append(s.hooks, h)
	}
	s.mu.Unlock()
	if closed && h.dir != "" {
		removeTree(h.dir)
	}
}

// emptyLayers reports whether the n upper layers under layers hold
// nothing (a hook that wrote nothing leaves no layer to stack).
func emptyLayers(layers string, n int) bool {
	for i := 0; i < n; i++ {
		f, err := os.Open(filepath.Join(layers, strconv.Itoa(i), "upper"))
		if err != nil {
			return false
		}
		names, err := f.Readdirnames(1)
		f.Close()
		if len(names) > 0 || err == nil {
			return false
		}
	}
	return true
}

// lowerPaths are the upper folders of layer i of the stacked lowers, in
// the order given (the latest first).
func lowerPaths(lowers []string, i int) []string {
	var out []string
	for _, d := range lowers {
		out = append(out, filepath.Join(d, strconv.Itoa(i), "upper"))
	}
	return out
}

// A hook's layers are copied for the next hooks within these bounds (of
// bytes, entries and time); a hook that wrote more is not stacked, and
// the later hooks say they did not see it.
const (
	maxLayerCopy    = 256 << 20
	maxLayerEntries = 20_000
	layerCopyBudget = 5 * time.Second
)

// copyLayers copies the n upper layers under layers (a hostile hook's:
// nothing is followed, nothing but regular files is read) into a new
// folder on disk, in the same form (i/upper), and returns it. What
// overlayfs needs to read them as a lower layer is kept: folders, files,
// links, FIFOs, whiteouts (0/0 character devices, which any user may
// make) and opaque folders (user.overlay.opaque). Sockets and device nodes
// cannot be made again: a layer holding one is not kept.
func copyLayers(cfg Config, targets []string, layers string) (dir string, err error) {
	base, err := cfg.scratchBase(targets)
	if err != nil {
		return "", err
	}
	made, err := os.MkdirTemp(base, "hookwarden-layers-")
	if err != nil {
		return "", err
	}
	dir = made
	defer func() {
		if err != nil {
			removeTree(made) // dir is "" by then
		}
	}()
	budget, entries, deadline := int64(maxLayerCopy), 0, time.Now().Add(layerCopyBudget)
	// counted first (names only), so that a flood of files is refused
	// before any is copied
	for i := range targets {
		err := filepath.WalkDir(filepath.Join(layers, strconv.Itoa(i), "upper"), func(string, fs.DirEntry, error) error {
			if entries++; entries > maxLayerEntries {
				return errors.New("the layers hold too many files to copy")
			}
			return nil
		})
		if err != nil {
			return "", err
		}
	}
	entries = 0
	for i := range targets {
		if err := mergeTree(filepath.Join(layers, strconv.Itoa(i), "upper"), filepath.Join(dir, strconv.Itoa(i), "upper"), &budget, &entries, deadline); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// mergeTree copies the overlay upper layer from over the folder to (made
// when missing) as overlayfs would stack it on top: an entry of from
// replaces the one at its path in to, but a folder that is not opaque
// merges with the folder there; a whiteout stays a whiteout (it hides
// what is below to). Nothing is followed and only regular files are read.
// Folders keep their mode with the owner's rwx added (a folder its hook
// closed to itself could not be filled or read back). budget, entries and
// deadline bound the bytes, entries and time.
func mergeTree(from, to string, budget *int64, entries *int, deadline time.Time) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if *entries++; *entries > maxLayerEntries || time.Now().After(deadline) {
			return errors.New("the layers hold too many files to copy")
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		old, oldErr := os.Lstat(dst)
		m := fi.Mode()
		if m.IsDir() {
			opaque := rel != "." && isOpaque(p)
			if oldErr == nil && (!old.IsDir() || opaque) {
				if err := removeAll(dst); err != nil {
					return err
				}
				oldErr = fs.ErrNotExist
			}
			if oldErr != nil {
				if err := os.MkdirAll(dst, 0o700); err != nil {
					return err
				}
			}
			if opaque {
				if err := unix.Lsetxattr(dst, "user.overlay.opaque", []byte{'y'}, 0); err != nil {
					return err
				}
			}
			return os.Chmod(dst, m.Perm()|0o700|m&(fs.ModeSticky|fs.ModeSetgid))
		}
		if oldErr == nil {
			if err := removeAll(dst); err != nil {
				return err
			}
		}
		switch {
		case m&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(target, dst)
		case isWhiteout(fi):
			return unix.Mknod(dst, unix.S_IFCHR, 0)
		case m&fs.ModeNamedPipe != 0:
			return unix.Mkfifo(dst, uint32(m.Perm()))
		case !m.IsRegular():
			return fmt.Errorf("%s: a %s cannot be copied", rel, specialKind(m))
		}
		if *budget -= fi.Size(); *budget < 0 {
			return errors.New("the layers are too large to copy")
		}
		return copyRegular(p, dst, fi)
	})
}

// removeAll removes path, a folder with its content too.
func removeAll(path string) error {
	removeTree(path)
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s could not be replaced", path)
	}
	return nil
}

// reserveLower makes an empty lower layer for a supervisor parked for a
// hook of a sequence (n targets: dir/i/upper), which fill stacks the
// earlier hooks' layers into before the hook begins.
func reserveLower(cfg Config, targets []string) (string, error) {
	base, err := cfg.scratchBase(targets)
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp(base, "hookwarden-lower-")
	if err != nil {
		return "", err
	}
	for i := range targets {
		if err := os.MkdirAll(filepath.Join(dir, strconv.Itoa(i), "upper"), 0o755); err != nil {
			removeTree(dir)
			return "", err
		}
	}
	return dir, nil
}

// fill stacks, in dir (a reserved lower layer, empty, of a supervisor
// parked for a hook whose sandbox overlays targets), the layers of the
// earlier hooks of s that a fresh sandbox would stack (lowers), the
// oldest first, and says how many earlier hooks' files the view then
// holds. It changes a lower layer of a mounted overlay, which the kernel
// leaves undefined for what was looked up before; nothing below the
// layer's roots was (the parked supervisor's test start is in its private
// /tmp, and the hook has not started). On an error dir is emptied again
// and ok is false: the hook must not take the parked supervisor.
func (s *Sequence) fill(dir string, targets []string) (saw int, ok bool) {
	layers, saw := s.lowers(targets)
	budget, entries, deadline := int64(maxLayerCopy), 0, time.Now().Add(layerCopyBudget)
	for j := len(layers) - 1; j >= 0; j-- {
		for i := range targets {
			to := filepath.Join(dir, strconv.Itoa(i), "upper")
			if err := mergeTree(filepath.Join(layers[j], strconv.Itoa(i), "upper"), to, &budget, &entries, deadline); err != nil {
				for i := range targets {
					up := filepath.Join(dir, strconv.Itoa(i), "upper")
					removeTree(up)
					_ = os.Mkdir(up, 0o755)
				}
				return 0, false
			}
		}
	}
	return saw, true
}

// copyRegular copies the regular file src (opened without following a
// link or waiting on a FIFO, and checked to be the file fi) to dst with
// its mode and modification time.
func copyRegular(src, dst string, fi fs.FileInfo) error {
	in, err := os.OpenFile(src, os.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK, 0)
	if err != nil {
		return err
	}
	defer in.Close()
	if got, err := in.Stat(); err != nil || !got.Mode().IsRegular() || !os.SameFile(got, fi) {
		return fmt.Errorf("%s changed while it was copied", src)
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, io.LimitReader(in, fi.Size())); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	if err := os.Chmod(dst, fi.Mode().Perm()|fi.Mode()&(fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)); err != nil {
		return err
	}
	return os.Chtimes(dst, fi.ModTime(), fi.ModTime())
}
