package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// fileCondition is what the Files view says about a file.
type fileCondition int

const (
	fileOK fileCondition = iota
	fileMissing
	fileIgnored
	fileBroken
	// fileAbsent: the layer has no file at all (the workspace of a project
	// that is the home folder).
	fileAbsent
)

// fileState is one file the project's hooks or their trust come from.
type fileState struct {
	// Agent is the agent that reads the file ("" for Gemini CLI).
	Agent string
	// Kind is the badge caption ("workspace", "extension", "trust", …) and
	// Name tells files of one kind apart (an extension's name, the trust
	// file's role); Layer colours the badge ("" for trust files).
	Kind      string
	Name      string
	Layer     settingsio.Layer
	Path      string
	Condition fileCondition
	// Detail is the reason or the error, with line:column.
	Detail string
	// Hooks is the number of hooks configured in the file.
	Hooks int
}

// fileStates lists the four settings layers in merge order, the hooks files
// of the extensions, trustedFolders.json and trusted_hooks.json. It reads
// the disk only to learn whether the trust files exist.
func fileStates(reg *gemini.Registry, audit *gemini.Report) []fileState {
	snap := reg.Snapshot
	perFile := map[string]int{}
	for _, h := range reg.Hooks {
		perFile[h.Origin.File]++
	}
	var out []fileState
	for _, f := range snap.Layers {
		if f == nil {
			continue
		}
		s := settingsFileState(f)
		s.Kind, s.Layer, s.Hooks = string(f.Layer), f.Layer, perFile[f.Path]
		out = append(out, s)
	}
	for _, e := range snap.Extensions {
		out = append(out, extensionFileState(e, perFile))
	}
	if e := snap.EnvFile; e != nil {
		out = append(out, envFileState(e, snap.HomeRedirect))
	}
	ft := trustFileState("folder trust", snap.Paths.TrustedFolders)
	if err := snap.FolderTrust.Err; err != nil {
		ft.Condition, ft.Detail = fileBroken, placeOfError(err)
	}
	out = append(out, ft)
	thPath := snap.Paths.TrustedHooks
	if audit != nil {
		thPath = audit.TrustedHooksFile
	}
	th := trustFileState("trusted hooks", thPath)
	if audit != nil && audit.TrustedHooksError != "" {
		th.Condition, th.Detail = fileBroken, audit.TrustedHooksError
	}
	return append(out, th)
}

func settingsFileState(f *settingsio.File) fileState {
	s := fileState{Path: f.Path}
	switch {
	case f.Path == "":
		s.Condition, s.Detail = fileAbsent, f.Ignored
	case f.Err != nil:
		s.Condition, s.Detail = fileBroken, placeOfError(f.Err)
	case f.Exists && f.Ignored != "":
		s.Condition, s.Detail = fileIgnored, f.Ignored
	case !f.Exists:
		s.Condition = fileMissing
	}
	return s
}

func extensionFileState(e *gemini.Extension, perFile map[string]int) fileState {
	s := fileState{Path: e.Manifest}
	if e.Hooks != nil {
		s = settingsFileState(e.Hooks)
		s.Hooks = perFile[e.Hooks.Path]
	}
	s.Kind, s.Name, s.Layer = string(settingsio.LayerExtension), e.Name, settingsio.LayerExtension
	switch {
	case e.Err != nil:
		s.Path, s.Condition, s.Detail = e.Err.Path, fileBroken, placeOfError(e.Err)
	case !e.Active && s.Condition == fileOK:
		s.Condition, s.Detail = fileIgnored, e.InactiveReason
	}
	return s
}

// envFileState is the .env file Gemini CLI loads at start: the variables
// it sets, and a GEMINI_CLI_HOME the project chose shown as a fault.
func envFileState(e *gemini.EnvFile, hr *gemini.HomeRedirect) fileState {
	s := fileState{Kind: "env", Name: "loaded by Gemini CLI at start", Path: e.Path}
	keys := make([]string, 0, len(e.Applied))
	for _, a := range e.Applied {
		keys = append(keys, shown(a.Key))
	}
	switch {
	case e.Err != nil:
		s.Condition, s.Detail = fileBroken, shown(e.Err.Msg)
	case hr != nil && hr.ByProject:
		s.Condition = fileBroken
		s.Detail = fmt.Sprintf("critical: sets GEMINI_CLI_HOME=%s, so Gemini CLI loads extensions and trusted_hooks.json from %s", shown(hr.Value), shown(hr.Home))
	case len(keys) > 0:
		s.Detail = "sets " + strings.Join(keys, ", ")
	default:
		s.Detail = "sets nothing Gemini CLI takes"
	}
	return s
}

func trustFileState(name, path string) fileState {
	s := fileState{Kind: "trust", Name: name, Path: path}
	if !fileExists(path) {
		s.Condition = fileMissing
	}
	return s
}

// fileExists reports whether path names something on disk.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// placeOfError is "error at line 3, column 14: message", or the message
// alone when the fault has no place (a read error).
func placeOfError(e *settingsio.ParseError) string {
	if e.Line > 0 {
		return fmt.Sprintf("error at line %d, column %d: %s", e.Line, e.Column, e.Msg)
	}
	return e.Msg
}

// watchList is every file and folder whose change can change what the
// window shows: what the snapshot was loaded from (the four layers, the
// extensions, both trust files), Hookwarden's approval store and the
// scripts the workspace hooks run.
func watchList(snap *gemini.Snapshot, storeDir string) []string {
	out := gemini.WatchPaths(snap)
	if storeDir != "" {
		out = append(out, trust.Store{Dir: storeDir}.Path())
	}
	projectHooks, _ := gemini.ProjectHooks(snap)
	for _, h := range projectHooks {
		if !h.IsCommand {
			continue
		}
		scripts, err := trust.FindScripts(h.Command, snap.ProjectDir)
		if err != nil {
			continue // a command that does not parse names no script to watch
		}
		for _, s := range scripts {
			out = append(out, filepath.Clean(s.Path))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
