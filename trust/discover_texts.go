package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookwarden/hookwarden/settingsio"
)

// scriptText is one read of a shell script that discovery follows, kept
// for the commands of one cache (one listing, audit or approval): the
// text, the key of the file it was read from (FileKey: what the kernel
// changes on any write), its parse per dialect and its hash. A script that
// many hooks run or source — with different arguments, from different
// folders, at different depths — is read, parsed and hashed once.
//
// The text is served again only for a file whose key is still the one it
// was read under (a script rewritten, replaced or retargeted during the
// run is read again, and what was followed from its old text is not
// reused: followDeps), and a snapshot takes its hash from it only then,
// so what an approval fingerprints is what discovery followed.
type scriptText struct {
	key    FileKey
	text   string
	parsed map[Dialect]parsedScript
	sum    string // hex sha256 of text, once taken
}

type parsedScript struct {
	f   *syntax.File
	err error
}

// fileDep is a script a followed result was read from, with its key then.
type fileDep struct {
	path string
	key  FileKey
}

// scriptText reads a regular file of at most limit bytes (and at most
// MaxStoredScript) for following, once per file and key: the text read
// before is returned while the file opened has the key it was read under.
// A read during which the file changed is not kept.
func (c *followCache) scriptText(path string, limit int) (*scriptText, error) {
	limit = min(limit, MaxStoredScript)
	f, err := settingsio.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	before, keyed := fileKeyOf(fi)
	if e := c.texts[path]; keyed && e != nil && e.key == before {
		if len(e.text) > limit {
			return nil, errTooLarge
		}
		return e, nil
	}
	data, err := io.ReadAll(io.LimitReader(f, int64(limit)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > limit {
		return nil, errTooLarge
	}
	e := &scriptText{key: before, text: string(data)}
	if keyed {
		if fi, err := f.Stat(); err == nil {
			if after, ok := fileKeyOf(fi); ok && after == before && after.Size == int64(len(data)) {
				if c.texts == nil {
					c.texts = map[string]*scriptText{}
				}
				c.texts[path] = e
			}
		}
	}
	return e, nil
}

// parseText is parse of a script's text, once per dialect (discovery
// only reads the syntax tree: words it rewrites are copied first).
func (c *followCache) parseText(t *scriptText, lang Dialect) (*syntax.File, error) {
	if p, ok := t.parsed[lang]; ok {
		return p.f, p.err
	}
	f, err := c.parse(t.text, lang)
	if t.parsed == nil {
		t.parsed = map[Dialect]parsedScript{}
	}
	t.parsed[lang] = parsedScript{f, err}
	return f, err
}

// depsUnchanged reports whether every script a followed result was read
// from still has the key it had then.
func depsUnchanged(deps []fileDep) bool {
	for _, dep := range deps {
		key, ok, err := statFileKey(dep.path)
		if err != nil {
			return false
		}
		if ok && key != dep.key {
			return false
		}
		// no key on this platform: as before, the files of one run are
		// taken not to change during it
	}
	return true
}

// keptText is the text discovery followed for path when the file opened
// (fi) still has the key it was read under (nil otherwise: read it).
func (c *followCache) keptText(path string, fi os.FileInfo) *scriptText {
	if c == nil {
		return nil
	}
	e := c.texts[path]
	if e == nil {
		return nil
	}
	if key, ok := fileKeyOf(fi); !ok || key != e.key {
		return nil
	}
	return e
}

// hash is the hex sha256 of the text, taken once.
func (t *scriptText) hash() string {
	if t.sum == "" {
		s := sha256.Sum256([]byte(t.text))
		t.sum = hex.EncodeToString(s[:])
	}
	return t.sum
}

// snapshotOf fills a snapshot's hash, size and content from a kept text.
func (t *scriptText) snapshotOf(s *ScriptSnapshot) {
	s.SHA256, s.Size = t.hash(), int64(len(t.text))
	if utf8.ValidString(t.text) {
		text := t.text
		s.Content = &text
	}
}
