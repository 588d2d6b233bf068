package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
)

// runList prints every hook of every layer with its status.
func runList(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("list")
	dir := io.projectFlag(fs)
	asJSON := jsonFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	p := io.loadProject(*dir)
	var err error
	if *asJSON {
		err = writeJSON(io.Stdout, listDocument(p))
	} else {
		err = writeListTable(io.Stdout, p)
	}
	if err != nil {
		return err
	}
	return listExit(p.snap.UnreadableFiles())
}

// listExit fails (exit 1) when a file could not be read, after list has
// printed everything it could.
func listExit(unreadable []settingsio.FileError) error {
	if len(unreadable) == 0 {
		return nil
	}
	return &ExitError{Code: ExitFailure, Msg: unreadableMessage("incomplete list", unreadable)}
}

// listDoc is the stable JSON document of `hookwarden list --json`.
type listDoc struct {
	Project        string                 `json:"project"`
	FolderTrust    gemini.FolderTrust     `json:"folder_trust"`
	HooksEnabled   bool                   `json:"hooks_enabled"`
	HooksEnabledBy string                 `json:"hooks_enabled_by"`
	Layers         []layerDoc             `json:"layers"`
	Hooks          []hookDoc              `json:"hooks"`
	Disabled       []gemini.DisabledEntry `json:"disabled"`
	Diagnostics    []hooks.Diagnostic     `json:"diagnostics"`
	// EnvFile is the .env file Gemini CLI loads (null: none) and
	// HomeRedirect the GEMINI_CLI_HOME it sets (null: none).
	EnvFile      *gemini.EnvFile      `json:"env_file"`
	HomeRedirect *gemini.HomeRedirect `json:"home_redirect"`
}

type layerDoc struct {
	Layer     settingsio.Layer `json:"layer"`
	Extension string           `json:"extension,omitempty"`
	Path      string           `json:"path"`
	Exists    bool             `json:"exists"`
	Ignored   string           `json:"ignored,omitempty"`
	Error     string           `json:"error"`
}

type hookDoc struct {
	ID         string            `json:"id"`
	Event      hooks.Event       `json:"event"`
	Matcher    string            `json:"matcher"`
	Sequential bool              `json:"sequential"`
	Type       string            `json:"type"`
	Name       string            `json:"name"`
	Command    string            `json:"command"`
	RawCommand string            `json:"raw_command"`
	TimeoutMS  int64             `json:"timeout_ms"`
	Env        map[string]string `json:"env"`
	Origin     settingsio.Layer  `json:"origin"`
	Extension  string            `json:"extension,omitempty"`
	Source     hooks.Source      `json:"source"`
	File       string            `json:"file"`
	Line       int               `json:"line"`
	Column     int               `json:"column"`
	JSONPath   string            `json:"json_path"`
	Status     hooks.Status      `json:"status"`
	Reason     string            `json:"reason"`
	Key        string            `json:"key"`
	Risk       risk.Report       `json:"risk"`
	// Hydrated: the ${NAME} values Gemini took from a .env file, with their
	// source; ProjectControlled: why the project decides this hook.
	Hydrated          []hooks.Hydration `json:"hydrated,omitempty"`
	ProjectControlled string            `json:"project_controlled,omitempty"`
}

// defaultTimeoutMS is Gemini CLI's DEFAULT_HOOK_TIMEOUT.
const defaultTimeoutMS = 60000

func listDocument(p *project) listDoc {
	doc := listDoc{
		Project:        p.snap.ProjectDir,
		FolderTrust:    p.snap.FolderTrust,
		HooksEnabled:   p.reg.HooksEnabled,
		HooksEnabledBy: p.reg.HooksEnabledBy,
		Layers:         []layerDoc{},
		Hooks:          []hookDoc{},
		Disabled:       p.reg.Disabled,
		Diagnostics:    p.reg.Diagnostics,
		EnvFile:        p.snap.EnvFile,
		HomeRedirect:   p.snap.HomeRedirect,
	}
	if doc.Disabled == nil {
		doc.Disabled = []gemini.DisabledEntry{}
	}
	if doc.Diagnostics == nil {
		doc.Diagnostics = []hooks.Diagnostic{}
	}
	for _, f := range p.snap.Layers {
		doc.Layers = append(doc.Layers, fileDoc(f, ""))
	}
	for _, e := range p.snap.Extensions {
		if e.Hooks != nil {
			doc.Layers = append(doc.Layers, fileDoc(e.Hooks, e.Name))
		}
	}
	risks := hookRisks(p.reg.Hooks, p.snap.ProjectDir)
	for i, h := range p.reg.Hooks {
		d := hookDocument(h)
		d.Risk = risks[i]
		doc.Hooks = append(doc.Hooks, d)
	}
	return doc
}

func fileDoc(f *settingsio.File, ext string) layerDoc {
	d := layerDoc{Layer: f.Layer, Extension: ext, Path: f.Path, Exists: f.Exists, Ignored: f.Ignored}
	if f.Err != nil {
		d.Error = f.Err.Error()
	}
	return d
}

func hookDocument(h *hooks.Hook) hookDoc {
	timeout := int64(defaultTimeoutMS)
	if h.HasTimeout {
		timeout = h.TimeoutMS
	}
	env := h.Env
	if env == nil {
		env = map[string]string{}
	}
	return hookDoc{
		ID: h.ID, Event: h.Event, Matcher: h.Matcher, Sequential: h.Sequential, Type: h.Type,
		Name: h.Name, Command: h.Command, RawCommand: h.RawCommand, TimeoutMS: timeout, Env: env,
		Origin: h.Origin.Layer, Extension: h.Origin.Extension, Source: h.Source,
		File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column, JSONPath: h.Origin.Path,
		Status: h.Status, Reason: h.Reason, Key: h.Key(),
		Hydrated: h.Hydrated, ProjectControlled: h.ProjectControlled,
	}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// writeListTable prints the project, its layers, its hooks grouped by
// event in Gemini's order, and the diagnostics.
func writeListTable(w io.Writer, p *project) error {
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	ft := p.snap.FolderTrust
	printf(tw, "Project\t%s\n", p.snap.ProjectDir)
	printf(tw, "Folder\t%s\t%s\n", ft.State, ft.Reason)
	state := "on"
	if !p.reg.HooksEnabled {
		state = "off (hooksConfig.enabled is false in " + p.reg.HooksEnabledBy + ")"
	}
	printf(tw, "Hooks\t%s\n\n", state)
	fmt.Fprintln(tw, "LAYER\tFILE\tSTATE")
	for _, f := range p.snap.Layers {
		printf(tw, "%s\t%s\t%s\n", f.Layer, orDash(f.Path), fileState(f))
	}
	for _, e := range p.snap.Extensions {
		st := "active"
		if !e.Active {
			st = "inactive: " + e.InactiveReason
		}
		if e.Hooks != nil && e.Hooks.Err != nil {
			st = "error: " + e.Hooks.Err.Error()
		}
		printf(tw, "extension %s\t%s\t%s\n", e.Name, e.Path, st)
	}
	if e := p.snap.EnvFile; e != nil {
		printf(tw, ".env\t%s\t%s\n", e.Path, envFileState(e))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	cache := risk.NewCache()
	for _, group := range groupByEvent(p.reg.Hooks) {
		printf(w, "\n%s\n", group.event)
		tw = tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
		for _, h := range group.hooks {
			m := ""
			if h.HasMatcher {
				m = h.Matcher
			}
			printf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\n", h.Status, h.DisplayName(), orDash(m), originLabel(h), h.Reason, riskLabel(hookRisk(cache, h, p.snap.ProjectDir)))
			for _, line := range hydrationLines(h) {
				printf(tw, "      %s\n", line)
			}
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if len(p.reg.Hooks) == 0 {
		fmt.Fprintln(w, "\nNo hooks configured.")
	}
	if len(p.reg.Diagnostics) > 0 {
		fmt.Fprintln(w, "\nDiagnostics")
		for _, d := range p.reg.Diagnostics {
			printf(w, "  %s  %s: %s\n", place(d), d.Severity, d.Message)
		}
	}
	return nil
}

type eventGroup struct {
	event hooks.Event
	hooks []*hooks.Hook
}

// groupByEvent groups hooks by event: the 11 events in Gemini's order,
// then unknown event names in order of appearance.
func groupByEvent(all []*hooks.Hook) []eventGroup {
	idx := map[hooks.Event]int{}
	var groups []eventGroup
	for _, e := range gemini.Events() {
		idx[e] = len(groups)
		groups = append(groups, eventGroup{event: e})
	}
	for _, h := range all {
		i, ok := idx[h.Event]
		if !ok {
			i = len(groups)
			idx[h.Event] = i
			groups = append(groups, eventGroup{event: h.Event})
		}
		groups[i].hooks = append(groups[i].hooks, h)
	}
	out := groups[:0]
	for _, g := range groups {
		if len(g.hooks) > 0 {
			out = append(out, g)
		}
	}
	return out
}

func fileState(f *settingsio.File) string {
	switch {
	case f.Err != nil:
		return "error: " + f.Err.Error()
	case f.Ignored != "":
		return "ignored: " + f.Ignored
	case !f.Exists:
		return "missing"
	}
	return "ok"
}

func originLabel(h *hooks.Hook) string {
	layer := string(h.Origin.Layer)
	if h.Origin.Extension != "" {
		layer += " " + h.Origin.Extension
	}
	if h.Origin.Line == 0 {
		return layer + " " + shortPath(h.Origin.File)
	}
	return fmt.Sprintf("%s %s:%d", layer, shortPath(h.Origin.File), h.Origin.Line)
}

// shortPath keeps the last two elements of a path (".gemini/settings.json").
func shortPath(p string) string {
	dir, file := filepath.Split(p)
	parent := filepath.Base(strings.TrimSuffix(dir, string(filepath.Separator)))
	if parent == "." || parent == string(filepath.Separator) || parent == "" {
		return file
	}
	return parent + "/" + file
}

func place(d hooks.Diagnostic) string {
	if d.Line > 0 {
		return fmt.Sprintf("%s:%d:%d", d.File, d.Line, d.Column)
	}
	return d.File
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// envFileState says which variables Gemini CLI takes from its .env file.
func envFileState(e *gemini.EnvFile) string {
	if e.Err != nil {
		return "error: " + e.Err.Msg
	}
	keys := make([]string, 0, len(e.Applied))
	for _, a := range e.Applied {
		keys = append(keys, a.Key)
	}
	if len(keys) == 0 {
		return "loaded, sets nothing"
	}
	return "sets " + strings.Join(keys, ", ")
}

// hydrationLines are the lines under an extension hook whose command
// Gemini filled from .env files: the command as it runs, and where each
// value came from.
func hydrationLines(h *hooks.Hook) []string {
	if len(h.Hydrated) == 0 && h.ProjectControlled == "" {
		return nil
	}
	out := []string{"runs: " + h.Command}
	if len(h.Hydrated) > 0 {
		out = append(out, strings.Split(gemini.HydrationText(h.Hydrated), "\n")...)
	}
	if h.ProjectControlled != "" {
		out = append(out, "project hook: "+h.ProjectControlled)
	}
	return out
}
