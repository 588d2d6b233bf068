package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
)

// runList prints every hook of every layer of the agent with its status.
func runList(ctx context.Context, io *IO, agent agents.Agent, args []string) error {
	fs := newFlags("list")
	dir := io.projectFlag(fs)
	asJSON := jsonFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if *asJSON {
		// from the first open on: the project opened for its file list
		// peaked at ~380 MB of heap without it (Claude Code, 100,000 hooks)
		defer softMemoryLimit(io.Env, listMemoryLimit)()
	}
	var p agents.Project
	var readers map[string][]agents.FileReader
	if *asJSON {
		// The readers open every agent on the folder, the listed one
		// among them (once: its files are parsed once), so that no other
		// agent's project is held beside a large one (list --json of
		// 100,000 hooks).
		var openErr error
		readers, p, _, openErr = agents.OpenReaders(ctx, io.Agents, io.agentEnv(), io.projectDir(*dir), agent)
		if openErr != nil {
			return fmt.Errorf("%s: %w", agent.Info().Title, openErr)
		}
	} else {
		var err error
		if p, err = io.open(ctx, agent, *dir); err != nil {
			return err
		}
	}
	obs, _ := io.observer(agent) // none when the binary is unknown: nothing is taken as ours
	var err error
	// a review that could not be read leaves the list printed in full but
	// incomplete (statesError): it fails once everything is printed
	var se *statesError
	if *asJSON {
		err = writeListJSON(io.Stdout, io.agentEnv(), p, readers, obs, io.riskOptions(), startFolderFields(ctx, io, io.projectDir(*dir))...)
		if errors.As(err, &se) {
			err = nil
		}
	} else {
		err = writeListTable(io.Stdout, io.agentEnv(), agent, p, obs, io.riskOptions())
		if errors.As(err, &se) {
			err = nil
		}
		if err == nil {
			writeStartFolders(ctx, io, agent, io.projectDir(*dir))
		}
	}
	if err != nil {
		return err
	}
	if se != nil && len(p.Unreadable()) == 0 {
		return &ExitError{Code: ExitFailure, Msg: se.Error()}
	}
	return listExit(p.Unreadable())
}

// listExit fails (exit 1) when a file could not be read, after list has
// printed everything it could.
func listExit(unreadable []settingsio.FileError) error {
	if len(unreadable) == 0 {
		return nil
	}
	return &ExitError{Code: ExitFailure, Msg: unreadableMessage("incomplete list", unreadable)}
}

// layerDoc is a layer of the list document.
type layerDoc struct {
	Layer     settingsio.Layer `json:"layer"`
	Extension string           `json:"extension,omitempty"`
	Path      string           `json:"path"`
	Exists    bool             `json:"exists"`
	Ignored   string           `json:"ignored,omitempty"`
	Error     string           `json:"error"`
	// Agents are every registered agent that reads the file, each with
	// the file's state in its eyes (nil: not asked).
	Agents []agents.FileReader `json:"agents,omitempty"`
}

// listDocument is the JSON document of `hookwarden list --json`: the
// members the agent's Summary.Document names, in its order, with the
// project, its layers, its hooks and the diagnostics filled in. hooks is
// the value of "hooks" (writeListJSON streams them instead).
//
// With readers (agents.Readers), every layer names each registered agent
// that reads its file ("agents"), with its own state of the file.
func listDocument(p agents.Project, hooksValue any, readers map[string][]agents.FileReader) agents.Document {
	diags := p.Diagnostics()
	if diags == nil {
		diags = []hooks.Diagnostic{}
	}
	return listDocumentOf(p, hooksValue, diags, readers)
}

// listDocumentOf is listDocument with the value of its "diagnostics"
// member given.
func listDocumentOf(p agents.Project, hooksValue, diags any, readers map[string][]agents.FileReader) agents.Document {
	layers := []layerDoc{}
	for _, l := range agents.DocumentLayers(p.Layers()) {
		d := fileDoc(l.File, l.Owner)
		if readers != nil {
			d.Agents = readers[agents.FileKey(l.Path)]
			if d.Agents == nil {
				d.Agents = []agents.FileReader{}
			}
		}
		layers = append(layers, d)
	}
	return p.Summary().Document.Fill(map[string]any{
		"project": p.Dir(), "layers": layers, "hooks": hooksValue, "diagnostics": diags,
	})
}

// streamedHooks stands for the "hooks" member in the list document while
// writeListJSON writes the hooks one at a time.
type streamedHooks struct{}

// streamedDiagnostics stands for the "diagnostics" member while
// writeListJSON writes the document: the project's diagnostics (one or
// more per hook in a large project) are gathered when that member is
// written and dropped after it, not held while every hook is written.
type streamedDiagnostics struct{}

// writeListJSON writes the list document as writeJSON would, byte for
// byte, but one hook at a time: each hook's object (with its risk and
// trust state) is built, written and dropped, so that the memory of a
// list of 100,000 hooks is that of the project, not of the whole
// document and its encoding.
//
// With readers (agents.Readers), every hook also names each registered
// agent that reads its file ("agents"), with the status it gives the hook.
func writeListJSON(w io.Writer, env agents.Env, p agents.Project, readers map[string][]agents.FileReader, obs agents.Observer, opt risk.Options, extra ...agents.Field) error {
	states := reviewStates(context.Background(), p)
	doc := append(listDocumentOf(p, streamedHooks{}, streamedDiagnostics{}, readers), extra...)
	if states.err != nil {
		doc = append(doc, agents.Member("review_error", states.err.Error()))
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var enc encodeBuffer
	bw.WriteString("{")
	for i, f := range doc {
		if i > 0 {
			bw.WriteString(",")
		}
		bw.WriteString("\n  ")
		key, err := enc.compact(f.Key)
		if err != nil {
			return err
		}
		bw.Write(key)
		bw.WriteString(": ")
		var v any = f.Value
		if f.JSON != nil {
			v = f.JSON
		}
		if _, ok := v.(streamedHooks); ok {
			if err := writeHooksJSON(bw, &enc, env, p, states, readers, obs, opt); err != nil {
				return err
			}
			continue
		}
		if _, ok := v.(streamedDiagnostics); ok {
			diags := p.Diagnostics()
			if diags == nil {
				diags = []hooks.Diagnostic{}
			}
			v = diags
		}
		if err := enc.member(bw, v); err != nil {
			return err
		}
	}
	if len(doc) > 0 {
		bw.WriteString("\n")
	}
	bw.WriteString("}\n")
	if err := bw.Flush(); err != nil {
		return err
	}
	return states.done()
}

// writeHooksJSON writes the "hooks" array of the list document at depth 1.
func writeHooksJSON(w *bufio.Writer, enc *encodeBuffer, env agents.Env, p agents.Project, states listStates, readers map[string][]agents.FileReader, obs agents.Observer, opt risk.Options) error {
	all := p.Hooks()
	if len(all) == 0 {
		_, err := w.WriteString("[]")
		return err
	}
	dir := p.Dir()
	reach := agents.UserReachOf(env, p)
	keys := agents.FileKeys{}
	w.WriteString("[")
	for i, h := range all {
		if i > 0 {
			w.WriteString(",")
		}
		w.WriteString("\n    ")
		doc := unwatchedMembers(p.HookDocument(h).Fill(hookMembers(h, listedRisk(opt, p, h, dir, obs, states))), states.incomplete, h.ID)
		if r, ok := reach[h.ID]; ok {
			doc = append(doc, agents.Member("reaches_project", r))
		}
		if readers != nil && h.IsHook() {
			doc = append(doc, agents.Member("agents", keys.HookReaders(readers, h)))
		}
		if err := enc.indented(w, doc, "    "); err != nil {
			return err
		}
	}
	_, err := w.WriteString("\n  ]")
	return err
}

// encodeBuffer encodes values as writeJSON's encoder does (HTML
// characters unescaped), reusing its buffers.
type encodeBuffer struct {
	buf, ind bytes.Buffer
	enc      *json.Encoder
}

// member writes v as a member of the list document (at depth 1): an
// array one element at a time (the diagnostics of 100,000 hooks are not
// encoded into one buffer, then indented into another), anything else
// whole; byte for byte what indenting the whole document writes.
func (e *encodeBuffer) member(w io.Writer, v any) error {
	rv := reflect.ValueOf(v)
	if _, ok := v.(json.Marshaler); ok || rv.Kind() != reflect.Slice || rv.IsNil() || rv.Len() == 0 || rv.Type().Elem().Kind() == reflect.Uint8 {
		return e.indented(w, v, "  ")
	}
	io.WriteString(w, "[")
	for i := range rv.Len() {
		if i > 0 {
			io.WriteString(w, ",")
		}
		io.WriteString(w, "\n    ")
		// the element by its address, as the encoder reaches a slice's
		// elements (their pointer methods count)
		if err := e.indented(w, rv.Index(i).Addr().Interface(), "    "); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, "\n  ]")
	return err
}

// compact is v's compact encoding (valid until the next call).
func (e *encodeBuffer) compact(v any) ([]byte, error) {
	if e.enc == nil {
		e.enc = json.NewEncoder(&e.buf)
		e.enc.SetEscapeHTML(false)
	}
	e.buf.Reset()
	if err := e.enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(e.buf.Bytes(), "\n"), nil
}

// indented writes v indented by two spaces a level, its inner lines
// starting with prefix (the indentation of the line v starts on).
func (e *encodeBuffer) indented(w io.Writer, v any, prefix string) error {
	b, err := e.compact(v)
	if err != nil {
		return err
	}
	e.ind.Reset()
	if err := json.Indent(&e.ind, b, prefix, "  "); err != nil {
		return err
	}
	_, err = w.Write(e.ind.Bytes())
	return err
}

// hookMembers are the members of a hook's object every agent has.
func hookMembers(h *hooks.Hook, r risk.Report) map[string]any {
	m := map[string]any{
		"id": h.ID, "event": h.Event, "matcher": h.Matcher, "type": h.Type,
		"command": h.Command, "raw_command": h.RawCommand,
		"origin": h.Origin.Layer, "file": h.Origin.File, "line": h.Origin.Line, "column": h.Origin.Column,
		"json_path": h.Origin.Path, "status": h.Status, "reason": h.Reason, "risk": r,
	}
	if h.Origin.Extension != "" {
		m["extension"] = h.Origin.Extension
	}
	return m
}

func fileDoc(f *settingsio.File, ext string) layerDoc {
	d := layerDoc{Layer: f.Layer, Extension: ext, Path: f.Path, Exists: f.Exists, Ignored: f.Ignored}
	if f.Err != nil {
		d.Error = f.Err.Error()
	}
	return d
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// writeListTable prints the project's heading (folder trust, whether hooks
// run), its layers and sources (extensions, plugins, .env), its hooks
// grouped by event in the agent's order, and the diagnostics.
func writeListTable(w io.Writer, env agents.Env, agent agents.Agent, p agents.Project, obs agents.Observer, opt risk.Options) error {
	s := p.Summary()
	var once sayOnce
	tw := tabwriter.NewWriter(w, 2, 4, 2, ' ', 0)
	for _, f := range s.Heading {
		// The cells are arguments, so that the escaping writer shows a tab
		// in a value as \t and only the format's tabs make columns.
		cells := make([]any, 0, len(f.Cells)+1)
		cells = append(cells, f.Label)
		for _, c := range f.Cells {
			cells = append(cells, once.say(c, fmt.Sprintf("see %q above", f.Label)))
		}
		printf(tw, "%s"+strings.Repeat("\t%s", len(f.Cells))+"\n", cells...)
		for _, more := range f.More {
			printf(tw, strings.Repeat("\t", len(f.Cells))+"%s\n", more)
		}
	}
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "LAYER\tFILE\tSTATE")
	for _, l := range p.Layers() {
		if l.File != nil && l.Owner == "" {
			state := fileState(l.File)
			if f := l.File; f.Err == nil && f.Ignored != "" {
				state = "ignored: " + once.say(f.Ignored, fmt.Sprintf("see %s above", agents.ShortPath(f.Path)))
			}
			printf(tw, "%s\t%s\t%s\n", l.File.Layer, orDash(l.File.Path), state)
		}
	}
	for _, src := range s.Sources {
		name := src.Kind
		if src.Name != "" {
			name += " " + src.Name
		}
		printf(tw, "%s\t%s\t%s\n", name, orDash(src.Path), src.State)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	all := p.Hooks()
	typed := len(agent.Info().Types) > 1
	noter, _ := p.(agents.ListNoter)
	states := reviewStates(context.Background(), p)
	reach := agents.UserReachOf(env, p)
	for _, group := range groupByEvent(agent.Events(), all) {
		printf(w, "\n%s\n", group.event)
		// The rows are laid out as one table, and each row's note lines are
		// put under it afterwards: a note inside the tabwriter would end
		// its column block and misalign the rows after it.
		var rows bytes.Buffer
		tw = tabwriter.NewWriter(&rows, 2, 4, 2, ' ', 0)
		notes := make([][]string, len(group.hooks))
		for i, h := range group.hooks {
			m, name := "", p.Title(h)
			if h.HasMatcher {
				m = h.Matcher
			}
			if typed {
				name = "[" + h.Type + "] " + name
			}
			reason := once.say(h.Reason, fmt.Sprintf("see %s above", agents.OriginLabel(h)))
			printf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\n", h.Status, name, orDash(m), agents.OriginLabel(h), reason, riskLabel(listedRisk(opt, p, h, p.Dir(), obs, states)))
			if note := unwatchedNote(states.incomplete, h.ID); note != "" {
				notes[i] = append(notes[i], note)
			}
			notes[i] = append(notes[i], reach[h.ID].Lines()...)
			if noter != nil {
				notes[i] = append(notes[i], noter.ListNotes(h)...)
			}
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		for i, line := range strings.SplitAfter(strings.TrimSuffix(rows.String(), "\n"), "\n") {
			io.WriteString(w, strings.TrimSuffix(line, "\n")+"\n") // escaped when written to the table
			if i < len(notes) {
				for _, n := range notes[i] {
					printf(w, "      %s\n", n)
				}
			}
		}
	}
	if len(all) == 0 {
		fmt.Fprintln(w, "\nNo hooks configured.")
	}
	if diags := p.Diagnostics(); len(diags) > 0 {
		fmt.Fprintln(w, "\nDiagnostics")
		for _, d := range diags {
			printf(w, "  %s  %s: %s\n", place(d), d.Severity, once.say(d.Message, ""))
		}
	}
	return states.done()
}

type eventGroup struct {
	event hooks.Event
	hooks []*hooks.Hook
}

// groupByEvent groups hooks by event: the agent's events in its order,
// then unknown event names in order of appearance.
func groupByEvent(events []agents.EventInfo, all []*hooks.Hook) []eventGroup {
	idx := map[hooks.Event]int{}
	var groups []eventGroup
	for _, e := range events {
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

// sayOnce keeps a long text to the first place it is printed: a later
// cell that repeats it refers to that place instead (Codex's sentence on
// an untrusted project would otherwise stand under the project's trust,
// each ignored file, each hook and each diagnostic). JSON keeps every
// text in full.
type sayOnce struct{ said []saidText }

type saidText struct{ text, ref string }

// longText is the length from which a text is said once.
const longText = 80

// say is s with a text said before replaced by its reference; s itself is
// remembered, with where as its reference ("" for nowhere to refer to).
func (o *sayOnce) say(s, where string) string {
	for _, t := range o.said {
		if strings.Contains(s, t.text) {
			return strings.Replace(s, t.text, t.ref, 1)
		}
	}
	if where != "" && utf8.RuneCountInString(s) >= longText {
		o.said = append(o.said, saidText{text: s, ref: where})
	}
	return s
}

// listedFolder is a start folder below the top in list --json.
type listedFolder struct {
	Folder  string `json:"folder"`
	Project string `json:"project"`
}

// startFolderFields are list --json's members for the start folders
// below a repository's top (writeStartFolders): start_folders when there
// are some, start_folders_not_listed when some could not be named.
func startFolderFields(ctx context.Context, io *IO, project string) []agents.Field {
	top, dirs, more, err := agents.StartFolderDirs(ctx, project, io.nestedMarkers())
	var out []agents.Field
	if len(dirs) > 0 {
		folders := make([]listedFolder, 0, len(dirs))
		for _, d := range dirs {
			folders = append(folders, listedFolder{Folder: d, Project: filepath.Join(top, filepath.FromSlash(d))})
		}
		out = append(out, agents.Member("start_folders", folders))
	}
	switch {
	case err != nil:
		out = append(out, agents.Member("start_folders_not_listed", err.Error()))
	case more:
		out = append(out, agents.Member("start_folders_not_listed", fmt.Sprintf("more than %d folders below the top hold agent files; only the first %d are named", agents.MaxStartFolders, agents.MaxStartFolders)))
	}
	return out
}

// writeStartFolders names, under list at a repository's top, the folders
// below it that track an agent's files (agents.StartFolderDirs): an agent
// started in one of them reads files the list above does not show (each
// folder is its own project, with its own approvals; audit at the top
// reviews them). Their entries are not listed here: list shows one
// project, and audit says which of theirs need review.
func writeStartFolders(ctx context.Context, io *IO, agent agents.Agent, project string) {
	top, dirs, more, err := agents.StartFolderDirs(ctx, project, io.nestedMarkers())
	if err != nil {
		printf(io.Stdout, "\n%s: list them with hookwarden list --project FOLDER\n", err)
		return
	}
	if len(dirs) == 0 {
		return
	}
	printf(io.Stdout, "\nstarted in a folder below the top, %s reads more files than listed above; %d such folder(s) (hookwarden audit reviews them):\n", agent.Info().Title, len(dirs))
	for _, d := range dirs {
		printf(io.Stdout, "  %s/  hookwarden list --agent %s --project %s\n", d, agent.Info().Name, filepath.Join(top, filepath.FromSlash(d)))
	}
	if more {
		printf(io.Stdout, "  more than %d folders below the top hold agent files; only the first %d are named: list the others with hookwarden list --project FOLDER\n", agents.MaxStartFolders, agents.MaxStartFolders)
	}
}
