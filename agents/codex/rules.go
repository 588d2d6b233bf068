package codex

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// A trusted project's exec policies, .codex/rules/*.rules, decide which
// of the model's commands run without asking and outside the sandbox.
// Observed with Codex 0.171.0 (codex-live, TestLiveCodexProjectKeys): a
// project's rules/default.rules holding
// prefix_rule(pattern=["touch"], decision="allow") let `touch` write
// outside the workspace, which the sandbox otherwise refuses. Each rules
// file is a reviewed entry whose definition is its text, so that a pull
// that adds or changes one needs review.
const rulesDir = "rules"

// rulesMaxText is the largest rules file whose text is kept in the
// approval; a larger one is kept by its hash.
const rulesMaxText = 16 << 10

var allowRule = regexp.MustCompile(`decision\s*=\s*["']allow["']`)

// rulesEntries are the rules files of the .codex folder of every project
// config.toml in s.Files, in name order.
func (s *project) rulesEntries() []*hooks.Hook {
	var out []*hooks.Hook
	for _, f := range s.Files {
		if f.Kind != kindConfigTOML || f.Layer != layerProject {
			continue
		}
		dir := filepath.Join(filepath.Dir(f.Path), rulesDir)
		names, err := filepath.Glob(filepath.Join(dir, "*.rules"))
		if err != nil {
			continue
		}
		if _, serr := os.Stat(dir); serr != nil && !os.IsNotExist(serr) {
			names = append(names, dir) // a folder it cannot list: reviewed as unreadable
		}
		sort.Strings(names)
		for _, path := range names {
			out = append(out, s.rulesEntry(f, path))
		}
	}
	return out
}

func (s *project) rulesEntry(cfg *file, path string) *hooks.Hook {
	name := rulesDir + "/" + filepath.Base(path)
	data, err := settingsio.ReadRegularFile(path)
	s.rules = append(s.rules, &settingsio.File{Layer: cfg.Layer, Path: path, Exists: err == nil, Raw: data})
	v := &settingsio.TOMLValue{Kind: settingsio.TOMLString, Str: string(data), Pos: settingsio.Pos{Line: 1, Column: 1}}
	h := &hooks.Hook{Agent: Name, Kind: hooks.KindHelper, Event: hooks.Event(hooks.KindHelper), Name: name, Ext: v,
		Origin: hooks.Origin{Layer: cfg.Layer, File: path, Line: 1, Column: 1, Path: name}}
	h.ID = string(cfg.Layer) + ":" + path
	h.Type = "setting"
	h.When = "for every command the model runs: which run without asking and outside the sandbox (allow), ask first (prompt) or are refused (forbidden); observed with 0.171.0: an allow rule let a command write outside the workspace"
	h.Description = strconv.Itoa(len(data)) + " bytes"
	if allowRule.Match(data) {
		h.Description += ", allow rules"
	}
	if err != nil {
		s.invalidCommand(h, v, "Codex's exec policy "+path+" cannot be read: "+err.Error())
		v.Str = "unreadable: " + err.Error()
	}
	if !cfg.Loaded && h.Status == "" {
		h.Status, h.Reason = statusProjectUntrusted, "Codex does not read this file: "+cfg.NotLoaded
		h.Gate = "Codex's project trust: not trusted"
	} else if h.Status == "" {
		h.Status, h.Reason = hooks.StatusRuns, "applies "+h.When
		h.Gate = "Codex's project trust only: the project is trusted, so it applies without asking"
	}
	return h
}

// rulesFields is a rules file's definition: its text, or its hash when
// it is large.
func rulesFields(v *settingsio.TOMLValue) (key, value string) {
	if len(v.Str) > rulesMaxText {
		sum := sha256.Sum256([]byte(v.Str))
		return "sha256", tomlJSON(&settingsio.TOMLValue{Kind: settingsio.TOMLString, Str: hex.EncodeToString(sum[:])})
	}
	return "text", tomlJSON(v)
}

func isRules(h *hooks.Hook) bool {
	return h.Type == "setting" && strings.HasPrefix(h.Origin.Path, rulesDir+"/")
}

// KeptFiles are the rules files as Open read them (agents.KeptFiler), so
// that an approval of one can tell it is unchanged on disk.
func (s *project) KeptFiles() []*settingsio.File { return s.rules }
