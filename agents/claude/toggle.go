package claude

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
	"github.com/tailscale/hujson"
)

// disable switches a Claude Code handler off the only way Claude Code
// allows: it moves the handler (and its matcher group, or event, when that
// leaves them empty) out of its settings file into Hookwarden's store. The
// file keeps its comments and layout and gets no foreign key; a file that
// does not parse is not touched. Plugin and managed handlers cannot be
// moved (a plugin update or the administrator would put them back).
func disable(h *hooks.Hook, project string, store trust.Store, now time.Time) (*disabled, error) {
	if lock := switchLock(h); lock != "" {
		return nil, errors.New(lock)
	}
	place, ok := place(h)
	if !ok {
		return nil, fmt.Errorf("%s: cannot place %s in its file", h.Origin.File, h.Origin.Path)
	}
	path := h.Origin.File
	data, err := settingsio.ReadRegularFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	out, rm, err := removeHandler(path, data, place)
	if err != nil {
		return nil, err
	}
	if !sameHandler(rm.Handler, h) {
		return nil, fmt.Errorf("%s changed since it was read: the handler at %s is no longer %s; reload and try again", path, place, claudeLabel(h))
	}
	id, err := fingerprint(h)
	if err != nil {
		return nil, err
	}
	rec := &disabled{ID: id[:16] + "-" + fmt.Sprint(now.UnixNano()), Layer: h.Origin.Layer, File: path, Type: h.Type,
		Label: claudeLabel(h), DisabledAt: now.UTC().Format(time.RFC3339), Removed: *rm}
	if h.Origin.Layer != settingsio.LayerUser {
		rec.Project = project
	}
	// the store first: a handler is never only in neither place
	if err := store.Update(func(d *trust.StoreData) error {
		c, err := ensureSection(d)
		if err != nil {
			return err
		}
		c.Disabled = append(c.Disabled, rec)
		return nil
	}); err != nil {
		return nil, err
	}
	err = settingsio.UpdateFileAtomic(path, 0o644, func(cur []byte, exists bool) ([]byte, error) {
		if !exists || !bytes.Equal(cur, data) {
			return nil, fmt.Errorf("%s changed while disabling; nothing written", path)
		}
		return out, nil
	})
	if err != nil {
		if uerr := store.Update(func(d *trust.StoreData) error { return dropDisabled(d, rec.ID) }); uerr != nil {
			return nil, fmt.Errorf("%w (and removing the store record failed: %v)", err, uerr)
		}
		return nil, err
	}
	return rec, nil
}

// enableResult says how a handler went back.
type enableResult struct {
	Record *disabled `json:"record"`
	// Exact: the file is byte-identical to before the handler was
	// disabled; otherwise it went back to the same event, group and
	// position as near as the file now allows.
	Exact bool `json:"exact"`
	// AlreadyThere: the handler was in the file already (only the record
	// was dropped).
	AlreadyThere bool `json:"already_there"`
}

// enable puts a disabled handler back into its settings file and
// drops its record.
func enable(id string, store trust.Store) (*enableResult, error) {
	data, err := store.Load()
	if err != nil {
		return nil, err
	}
	c, err := storeSection(data)
	if err != nil {
		return nil, err
	}
	var rec *disabled
	if c != nil {
		for _, r := range c.Disabled {
			if r != nil && r.ID == id {
				rec = r
			}
		}
	}
	if rec == nil {
		return nil, fmt.Errorf("no disabled Claude Code handler %q in %s", id, store.Path())
	}
	if err := rec.Removed.Check(); err != nil {
		return nil, fmt.Errorf("disabled handler %q in %s: %w", id, store.Path(), err)
	}
	res := &enableResult{Record: rec}
	cur, err := settingsio.ReadRegularFile(rec.File)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading %s: %w", rec.File, err)
	}
	if exists && handlerAt(rec.File, cur, rec.Removed) {
		res.AlreadyThere = true
	} else {
		err = settingsio.UpdateFileAtomic(rec.File, 0o644, func(cur []byte, exists bool) ([]byte, error) {
			out, exact, err := restoreHandler(rec.File, cur, exists, &rec.Removed)
			res.Exact = exact
			return out, err
		})
		if err != nil {
			return nil, err
		}
	}
	if err := store.Update(func(d *trust.StoreData) error { return dropDisabled(d, id) }); err != nil {
		return res, fmt.Errorf("the handler is back in %s, but dropping its record failed: %w", rec.File, err)
	}
	return res, nil
}

// dropDisabled removes the record id from the store's disabled handlers.
func dropDisabled(d *trust.StoreData, id string) error {
	c, err := storeSection(d)
	if c == nil || err != nil {
		return err
	}
	kept := c.Disabled[:0]
	for _, r := range c.Disabled {
		if r != nil && r.ID != id {
			kept = append(kept, r)
		}
	}
	c.Disabled = kept
	return nil
}

// sameHandler compares a handler's text with a registry hook's node.
func sameHandler(text string, h *hooks.Hook) bool {
	if h.Node == nil {
		return true
	}
	raw, err := h.Node.MarshalJSON()
	if err != nil {
		return false
	}
	return canonical(text) == canonical(string(raw))
}

// handlerAt reports whether the removed handler is at its place already.
func handlerAt(path string, data []byte, rm removedHandler) bool {
	root, perr := settingsio.ParseJSONC(path, data)
	if perr != nil {
		return false
	}
	n := root.Get("hooks").Get(rm.Place.Event)
	if n == nil || rm.Place.Group >= len(n.Items) {
		return false
	}
	hs := n.Items[rm.Place.Group].Get("hooks")
	if hs == nil || rm.Place.Index >= len(hs.Items) {
		return false
	}
	raw, err := hs.Items[rm.Place.Index].MarshalJSON()
	return err == nil && canonical(string(raw)) == canonical(rm.Handler)
}

func canonical(text string) string {
	var v any
	if settingsio.CheckDepth("", []byte(text)) != nil {
		return "\x00" + text
	}
	std, err := hujson.Standardize([]byte(text))
	if err != nil || json.Unmarshal(std, &v) != nil {
		return "\x00" + text
	}
	out, _ := json.Marshal(v)
	return string(out)
}
