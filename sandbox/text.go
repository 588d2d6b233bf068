package sandbox

import (
	"fmt"
	"github.com/hookwarden/hookwarden/internal/safetext"
	"github.com/hookwarden/hookwarden/risk/vocab"
	"sort"
)

// Line is one line of the report as people read it: its level, its
// section and its text (control and invisible characters escaped).
type Line struct {
	Level   vocab.Level
	Section string
	Text    string
	// Detail is an optional second part (a diff, a preview), escaped.
	Detail string
}

// Sections of Lines, in order.
const (
	SectionNetwork  = "network"
	SectionFiles    = "files"
	SectionSecrets  = "secrets read"
	SectionPrograms = "programs"
	SectionDevices  = "devices"
	SectionLeft     = "left running"
	SectionLimits   = "limits"
	SectionNotes    = "notes"
)

// Lines lists the report for display: network attempts first, then the
// writes outside the project, then the project's, the secrets read, the
// programs started (the hook's own command left out) and what was left
// running. Entries that need no attention follow the others in each
// section.
func (r *Report) Lines() []Line {
	var out []Line
	add := func(sec string, j Judgement, detail string) {
		text := j.Summary
		if j.Category != "" {
			text = string(j.Category) + ": " + text
		}
		out = append(out, Line{Level: j.Level, Section: sec, Text: Visible(text), Detail: Visible(detail)})
	}
	for _, n := range r.Network {
		d := ""
		if n.Preview != "" {
			d = "sent: " + n.Preview
		}
		add(SectionNetwork, n.Judgement, d)
	}
	for _, f := range r.Files {
		add(SectionFiles, f.Judgement, f.Diff)
	}
	for _, f := range r.FilesLeftOut {
		add(SectionFiles, f.Judgement, "")
	}
	for _, p := range r.TempFiles {
		add(SectionFiles, Judgement{Summary: "leaves " + p + " in the sandbox's own temporary folder (thrown away with the sandbox)"}, "")
	}
	for _, s := range r.Secrets {
		add(SectionSecrets, s.Judgement, "")
	}
	for i, p := range r.Programs {
		if i == 0 {
			continue
		}
		add(SectionPrograms, p.Judgement, "")
	}
	for _, d := range r.Devices {
		add(SectionDevices, d.Judgement, "")
	}
	for _, p := range r.LeftRunning {
		add(SectionLeft, p.Judgement, "")
	}
	for _, l := range r.Limits {
		if l.Hit {
			add(SectionLimits, l.Judgement, "")
		}
	}
	for _, n := range r.Notes {
		out = append(out, Line{Section: SectionNotes, Text: Visible(n)})
	}
	// within a section, the most serious first
	order := map[string]int{SectionNetwork: 0, SectionFiles: 1, SectionSecrets: 2, SectionPrograms: 3, SectionDevices: 4, SectionLeft: 5, SectionLimits: 6, SectionNotes: 7}
	sort.SliceStable(out, func(i, j int) bool {
		if a, b := order[out[i].Section], order[out[j].Section]; a != b {
			return a < b
		}
		return out[i].Level > out[j].Level
	})
	return out
}

// Summary is one line for the whole report: its level and counts.
func (r *Report) Summary() string {
	if r.Empty() {
		return "nothing recorded (no file written, no secret read, no network, no other program)"
	}
	files := len(r.Files)
	for _, f := range r.FilesLeftOut {
		files += f.Count
	}
	s := fmt.Sprintf("%s — %d network attempt(s), %d file(s) written or deleted, %d secret(s) read, %d program(s) started, %d left running",
		r.Level, len(r.Network), files, len(r.Secrets), max(len(r.Programs)-1, 0), len(r.LeftRunning))
	if len(r.Devices) > 0 {
		s += fmt.Sprintf(", %d device(s) refused", len(r.Devices))
	}
	for _, l := range r.Limits {
		if l.Hit && l.Level > 0 {
			s += ", hit the " + l.Resource + " limit"
		}
	}
	return s
}

// Visible escapes control, format (bidi, zero-width) and other invisible
// characters, keeping line breaks, so a hook cannot forge or hide report
// lines (internal/safetext, as every text output does).
func Visible(s string) string { return safetext.Text(s) }
