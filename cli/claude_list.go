package cli

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
)

// runClaudeList prints every Claude Code hook with its status.
func runClaudeList(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("list")
	dir := io.projectFlag(fs)
	asJSON := jsonFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	p := io.loadClaudeProject(*dir)
	var err error
	if *asJSON {
		err = writeJSON(io.Stdout, claudeListDocument(p))
	} else {
		err = writeClaudeListTable(io.Stdout, p)
	}
	if err != nil {
		return err
	}
	return listExit(p.snap.UnreadableFiles())
}

// claudeListDoc is the JSON document of `hookwarden list --agent claude
// --json`: the Gemini list document's shape plus Claude Code's switches.
type claudeListDoc struct {
	Agent              hooks.Agent        `json:"agent"`
	Project            string             `json:"project"`
	RepoRoot           string             `json:"repo_root"`
	FolderTrust        claude.FolderTrust `json:"folder_trust"`
	HooksEnabled       bool               `json:"hooks_enabled"`
	HooksEnabledBy     string             `json:"hooks_enabled_by"`
	ManagedDisableAll  bool               `json:"managed_disable_all"`
	AllowManagedOnly   bool               `json:"allow_managed_hooks_only"`
	AllowManagedOnlyBy string             `json:"allow_managed_hooks_only_by"`
	Layers             []layerDoc         `json:"layers"`
	Plugins            []claudePluginDoc  `json:"plugins"`
	Hooks              []claudeHookDoc    `json:"hooks"`
	Diagnostics        []hooks.Diagnostic `json:"diagnostics"`
}

type claudePluginDoc struct {
	ID        string `json:"id"`
	Enabled   bool   `json:"enabled"`
	EnabledBy string `json:"enabled_by"`
	Managed   bool   `json:"forced_by_managed"`
	Root      string `json:"root"`
	Version   string `json:"version"`
	Missing   string `json:"missing,omitempty"`
}

// claudeHookDoc is the Gemini hookDoc's fields plus the Claude handler.
type claudeHookDoc struct {
	ID         string               `json:"id"`
	Event      hooks.Event          `json:"event"`
	Matcher    string               `json:"matcher"`
	Type       string               `json:"type"`
	Name       string               `json:"name"`
	Command    string               `json:"command"`
	RawCommand string               `json:"raw_command"`
	TimeoutMS  int64                `json:"timeout_ms"`
	Origin     settingsio.Layer     `json:"origin"`
	Extension  string               `json:"extension,omitempty"`
	File       string               `json:"file"`
	Line       int                  `json:"line"`
	Column     int                  `json:"column"`
	JSONPath   string               `json:"json_path"`
	Status     hooks.Status         `json:"status"`
	Reason     string               `json:"reason"`
	Claude     *hooks.ClaudeHandler `json:"claude"`
	Risk       risk.Report          `json:"risk"`
}

func claudeListDocument(p *claudeProject) claudeListDoc {
	r := p.reg
	doc := claudeListDoc{
		Agent: claude.Name, Project: p.snap.ProjectDir, RepoRoot: p.snap.RepoRoot, FolderTrust: p.snap.FolderTrust,
		HooksEnabled: !r.DisableAllHooks, ManagedDisableAll: r.ManagedDisableAll,
		AllowManagedOnly: r.ManagedHooksOnly, AllowManagedOnlyBy: r.ManagedHooksOnlyBy,
		Layers: []layerDoc{}, Plugins: []claudePluginDoc{}, Hooks: []claudeHookDoc{}, Diagnostics: r.Diagnostics,
	}
	if r.DisableAllHooks {
		doc.HooksEnabledBy = r.DisableAllHooksBy
	}
	if doc.Diagnostics == nil {
		doc.Diagnostics = []hooks.Diagnostic{}
	}
	for _, f := range p.snap.Layers {
		doc.Layers = append(doc.Layers, fileDoc(f, ""))
	}
	for _, pl := range p.snap.Plugins {
		d := claudePluginDoc{ID: pl.ID, Enabled: pl.Enabled, Managed: pl.ForcedByManaged, Root: pl.Root, Version: pl.Version, Missing: pl.Missing}
		if pl.EnabledBy != nil {
			d.EnabledBy = pl.EnabledBy.Path
		}
		doc.Plugins = append(doc.Plugins, d)
		for _, src := range pl.Hooks {
			if !src.Inline {
				doc.Layers = append(doc.Layers, fileDoc(src.File, pl.ID))
			}
		}
	}
	risks := hookRisks(r.Hooks, p.snap.ProjectDir)
	for i, h := range r.Hooks {
		d := claudeHookDocument(h)
		d.Risk = risks[i]
		doc.Hooks = append(doc.Hooks, d)
	}
	return doc
}

func claudeHookDocument(h *hooks.Hook) claudeHookDoc {
	return claudeHookDoc{
		ID: h.ID, Event: h.Event, Matcher: h.Matcher, Type: h.Type, Name: claude.Label(h),
		Command: h.Command, RawCommand: h.RawCommand, TimeoutMS: h.TimeoutMS,
		Origin: h.Origin.Layer, Extension: h.Origin.Extension, File: h.Origin.File,
		Line: h.Origin.Line, Column: h.Origin.Column, JSONPath: h.Origin.Path,
		Status: h.Status, Reason: h.Reason, Claude: h.Claude,
	}
}

// writeClaudeListTable prints the project, its files and plugins, its
// hooks grouped by event in Claude Code's lifecycle order, and the
// diagnostics.
func writeClaudeListTable(w io.Writer, p *claudeProject) error {
	r := p.reg
	cache := risk.NewCache()
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	printf(tw, "Project\t%s (Claude Code)\n", p.snap.ProjectDir)
	trust := "not accepted"
	if p.snap.FolderTrust.Accepted {
		trust = "accepted"
	}
	printf(tw, "Folder trust\t%s\t%s\n", trust, p.snap.FolderTrust.Reason)
	if note := claude.TrustEffect(p.snap.FolderTrust); note != "" {
		printf(tw, "\t\tthe statuses below are %s\n", note)
	}
	state := "on"
	switch {
	case r.ManagedDisableAll:
		state = "off (disableAllHooks in managed settings)"
	case r.DisableAllHooks:
		state = "off except managed hooks (disableAllHooks is true in " + r.DisableAllHooksBy + ")"
	case r.ManagedHooksOnly:
		state = "managed hooks only (allowManagedHooksOnly in " + r.ManagedHooksOnlyBy + ")"
	}
	printf(tw, "Hooks\t%s\n\n", state)
	fmt.Fprintln(tw, "LAYER\tFILE\tSTATE")
	for _, f := range p.snap.Layers {
		printf(tw, "%s\t%s\t%s\n", f.Layer, orDash(f.Path), fileState(f))
	}
	for _, pl := range p.snap.Plugins {
		st := "enabled"
		switch {
		case !pl.Enabled:
			st = "disabled"
		case pl.Root == "":
			st = "missing: " + pl.Missing
		}
		printf(tw, "plugin %s\t%s\t%s\n", pl.ID, orDash(pl.Root), st)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, group := range groupClaudeByEvent(r.Hooks) {
		printf(w, "\n%s\n", group.event)
		tw = tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
		for _, h := range group.hooks {
			printf(tw, "  %s\t[%s] %s\t%s\t%s\t%s\t%s\n", h.Status, h.Type, claude.Label(h), orDash(h.Matcher), originLabel(h), h.Reason, riskLabel(hookRisk(cache, h, p.snap.ProjectDir)))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if len(r.Hooks) == 0 {
		fmt.Fprintln(w, "\nNo hooks configured.")
	}
	if len(r.Diagnostics) > 0 {
		fmt.Fprintln(w, "\nDiagnostics")
		for _, d := range r.Diagnostics {
			printf(w, "  %s  %s: %s\n", place(d), d.Severity, d.Message)
		}
	}
	return nil
}

// groupClaudeByEvent groups hooks by event in Claude Code's lifecycle
// order, then unknown event names in order of appearance.
func groupClaudeByEvent(all []*hooks.Hook) []eventGroup {
	idx := map[hooks.Event]int{}
	var groups []eventGroup
	for _, e := range claude.Events() {
		idx[e.Name] = len(groups)
		groups = append(groups, eventGroup{event: e.Name})
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
