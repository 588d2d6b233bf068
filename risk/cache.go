package risk

import (
	"crypto/sha256"
	"regexp"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookwarden/hookwarden/trust"
)

// Cache shares work between the analyses of one listing: scripts are read
// once, and a script many hooks run is analysed once. A Cache assumes the
// files do not change while it is used; make a new one per listing. It is
// safe for concurrent use.
type Cache struct {
	mu      sync.Mutex
	files   map[string]cachedFile
	scripts map[[sha256.Size]byte]cachedAnalysis
	parsers sync.Pool // *syntax.Parser
	// parses counts the shell texts the analysis parsed itself rather
	// than reading discovery's tree of them (what a listing pays twice).
	parses int
	// discovery shares trust's script discovery (each script read, parsed
	// and followed once per listing).
	discovery *trust.DiscoveryCache
	// facts and instructions share the reading of what hooks print.
	facts        map[string]*textFacts
	instructions map[string][]Finding
	// keys are the analysis keys of the contents the cache read, by
	// where the content lies in memory (the same slice for every hook).
	keys map[contentAt][sha256.Size]byte
	// secretTexts are secretTextRe with the agents' credential files, by
	// their mentions.
	secretTexts map[string]*regexp.Regexp
	// last is the pattern and words of the credential list last asked
	// for (agents.go).
	last lastCreds
	// scans are the text readings of the texts hooks run (textscan.go).
	scans map[scanKey]textScan
	// outputRes are the output vocabularies, read for matching: by the
	// hook's own vocabulary, or its agent's name (the default with that
	// agent's own fields), or "" (the default one with the cache's Agents).
	outputRes map[any]*outputRes
}

// outputs returns the output vocabulary of hooks keyed own (see
// analyzer.vocabKey), made once.
func (c *Cache) outputs(own any, build func() *outputRes) *outputRes {
	if c == nil {
		return build()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if re, ok := c.outputRes[own]; ok {
		return re
	}
	re := build()
	if c.outputRes == nil {
		c.outputRes = map[any]*outputRes{}
	}
	c.outputRes[own] = re
	return re
}

// contentAt identifies one content slice read for one script, run one
// way, in one project.
type contentAt struct {
	path, via, project string
	first              *byte
	n                  int
}

// cachedAnalysis is what analysing a script gave: its findings and what
// it prints to the agent (judged per hook: it depends on the event).
type cachedAnalysis struct {
	findings []Finding
	printed  []printed
	raw      []string
}

type cachedFile struct {
	content []byte
	err     error
}

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{files: map[string]cachedFile{}, scripts: map[[sha256.Size]byte]cachedAnalysis{}, discovery: trust.NewDiscoveryCache(),
		facts: map[string]*textFacts{}, instructions: map[string][]Finding{}, keys: map[contentAt][sha256.Size]byte{}}
}

func (c *Cache) file(path string, read func() ([]byte, error)) ([]byte, error) {
	c.mu.Lock()
	f, ok := c.files[path]
	c.mu.Unlock()
	if ok {
		return f.content, f.err
	}
	b, err := read()
	c.mu.Lock()
	c.files[path] = cachedFile{b, err}
	c.mu.Unlock()
	return b, err
}

// scriptKeyOf is scriptKey, hashed once per content slice the cache holds.
func (c *Cache) scriptKeyOf(path, via, projectDir string, content []byte) [sha256.Size]byte {
	if len(content) == 0 {
		return scriptKey(path, via, projectDir, content)
	}
	at := contentAt{path, via, projectDir, &content[0], len(content)}
	c.mu.Lock()
	k, ok := c.keys[at]
	c.mu.Unlock()
	if !ok {
		k = scriptKey(path, via, projectDir, content)
		c.mu.Lock()
		c.keys[at] = k
		c.mu.Unlock()
	}
	return k
}

// scriptKey identifies a script analysis: what it depends on is the
// script's path, how it is run (its language follows), its content and
// the project folder (hooks with their own env are not cached: variables
// can change what the script does).
func scriptKey(path, via, projectDir string, content []byte) [sha256.Size]byte {
	h := sha256.New()
	h.Write([]byte(path))
	h.Write([]byte{0})
	h.Write([]byte(via))
	h.Write([]byte{0})
	h.Write([]byte(projectDir))
	h.Write([]byte{0})
	h.Write(content)
	var k [sha256.Size]byte
	copy(k[:], h.Sum(nil))
	return k
}

func (c *Cache) analysis(k [sha256.Size]byte) (cachedAnalysis, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f, ok := c.scripts[k]
	return f, ok
}

func (c *Cache) store(k [sha256.Size]byte, an cachedAnalysis) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.scripts[k] = cachedAnalysis{findings: append([]Finding(nil), an.findings...),
		printed: append([]printed(nil), an.printed...), raw: append([]string(nil), an.raw...)}
}

// parser lends a Bash parser (parsers are reused: making one allocates).
func (c *Cache) parser() *syntax.Parser {
	if c != nil {
		c.mu.Lock()
		c.parses++
		c.mu.Unlock()
		if p, ok := c.parsers.Get().(*syntax.Parser); ok {
			return p
		}
	}
	return syntax.NewParser(syntax.Variant(syntax.LangBash))
}

func (c *Cache) release(p *syntax.Parser) {
	if c != nil {
		c.parsers.Put(p)
	}
}

func (c *Cache) outputFacts(k string) (*textFacts, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f, ok := c.facts[k]
	return f, ok
}

func (c *Cache) storeOutputFacts(k string, f *textFacts) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.facts[k] = f
}

func (c *Cache) instructionFindings(k string) ([]Finding, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f, ok := c.instructions[k]
	return f, ok
}

func (c *Cache) storeInstructionFindings(k string, fs []Finding) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.instructions[k] = fs
}
