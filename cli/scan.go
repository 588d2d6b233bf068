package cli

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/internal/buildinfo"
	"github.com/hookwarden/hookwarden/risk"
)

// runScan finds every hook file under the paths and reports the risk of
// each hook, for CI: text, --json or --sarif; exit 3 when a finding
// reaches --fail-on (critical by default), 1 when a hook file cannot be
// read (and nothing reached --fail-on).
func runScan(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("scan")
	agent := fs.String("agent", "all", strings.Join(io.Agents.Names(), ", ")+" or all")
	asJSON := jsonFlag(fs)
	asSARIF := fs.Bool("sarif", false, "write SARIF 2.1.0 (GitHub code scanning)")
	failOn := fs.String("fail-on", "critical", "exit 3 when a finding reaches this level: review or critical")
	paths, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	threshold, err := risk.ParseLevel(*failOn)
	if err != nil || threshold == risk.LevelNone {
		return usagef("--fail-on must be review or critical")
	}
	if _, ok := io.Agents.Get(*agent); !ok && *agent != allAgents {
		return usagef("unknown agent %q (%s or all)", *agent, strings.Join(io.Agents.Names(), ", "))
	}
	if *asJSON && *asSARIF {
		return usagef("--json and --sarif cannot be combined")
	}
	base := io.Dir
	if base == "" {
		base = "."
	}
	if len(paths) == 0 {
		paths = []string{base}
	}
	for i, p := range paths {
		if !filepath.IsAbs(p) {
			paths[i] = filepath.Join(base, p)
		}
	}
	doc := scanPaths(io.Agents, paths, *agent)
	doc.addReviewed(ctx, io, paths, *agent)
	switch {
	case *asSARIF:
		err = risk.WriteSARIF(io.Stdout, buildinfo.Read().Version, doc.sarif(base))
	case *asJSON:
		err = writeJSON(io.Stdout, doc)
	default:
		err = doc.writeText(io)
	}
	if err != nil {
		return err
	}
	if doc.Level >= threshold {
		return &ExitError{Code: ExitNeedsReview}
	}
	for _, f := range doc.Files {
		if f.Error != "" {
			return &ExitError{Code: ExitFailure, Msg: "a hook file could not be read: " + f.Error}
		}
	}
	return nil
}

type scanDoc struct {
	Level risk.Level    `json:"level"`
	Files []scanFileDoc `json:"files"`
	Hooks []scanHookDoc `json:"hooks"`
	// starts are the folders that hold an agent's project file: an agent
	// started there reads it (addReviewed opens them).
	starts []string
}

type scanFileDoc struct {
	Path  string `json:"path"`
	Agent string `json:"agent"`
	Kind  string `json:"kind"` // settings, extension or plugin
	Error string `json:"error,omitempty"`
}

type scanHookDoc struct {
	File    string      `json:"file"`
	Line    int         `json:"line"`
	Column  int         `json:"column"`
	Agent   string      `json:"agent"`
	Event   string      `json:"event"`
	Matcher string      `json:"matcher"`
	Type    string      `json:"type"`
	Command string      `json:"command,omitempty"`
	URL     string      `json:"url,omitempty"`
	Risk    risk.Report `json:"risk"`
	// root is the folder the hook runs in (the project, extension or plugin).
	root string
}

// hookFile is a file that holds hooks, found under a scanned path, and
// the agent that reads it.
type hookFile struct {
	agents.ScanFile
	agent   string
	scanner agents.Scanner
}

// findHookFiles walks the paths for the hook files of every agent that
// recognises its own (agents.Scanner). Nothing is skipped but .git: hook
// files planted in node_modules are found too. A link to a folder is
// followed, each real folder once, where an agent would take a JSON file
// in it for a hook file (an agent that reads its hook folders through
// links: a linked folder below Copilot CLI's .github/hooks runs), under
// the link's own path, which is the one the agent reads.
func findHookFiles(reg *agents.Registry, paths []string) ([]hookFile, []scanFileDoc, []string) {
	var out []hookFile
	var errs []scanFileDoc
	markers := agentMarkers(reg)
	var starts []string
	startSeen := map[string]bool{}
	seen := map[string]bool{}
	followed := map[string]bool{}
	var walk func(root string)
	walk = func(root string) {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, scanFileDoc{Path: p, Error: err.Error()})
				return nil
			}
			if d.IsDir() {
				if d.Name() == ".git" {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type()&fs.ModeSymlink != 0 && linkedHookFolder(reg, p, followed) {
				if real, _ := filepath.EvalSymlinks(p); !insideAny(real, paths) {
					// The agent reads it, but a scan stays in the folders
					// it was given (a link to / would walk the machine):
					// not scanned, so not clean.
					errs = append(errs, scanFileDoc{Path: p, Error: "a linked folder of hook files points outside the scanned folders (" + real + "): its hooks are not scanned"})
					return nil
				}
				walk(p + string(filepath.Separator))
				return nil
			}
			if d := startFolderOf(p, markers); d != "" && !startSeen[d] {
				startSeen[d] = true
				if starts = append(starts, d); len(starts) == maxScanStarts+1 {
					errs = append(errs, scanFileDoc{Path: d, Error: fmt.Sprintf("more than %d folders hold an agent's project files; the entries of this one and those after it are not scanned", maxScanStarts)})
				}
			}
			if hf, ok := classifyHookFile(reg, p); ok && !seen[p] {
				if abs, err := filepath.Abs(hf.Root); err == nil {
					hf.Root = abs
				}
				seen[p] = true
				out = append(out, hf)
			}
			return nil
		})
		if err != nil {
			errs = append(errs, scanFileDoc{Path: root, Error: err.Error()})
		}
	}
	for _, root := range paths {
		walk(root)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, errs, starts[:min(len(starts), maxScanStarts)]
}

// maxScanStarts bounds the folders a scan opens as start folders because
// they hold an agent's project file; past it the scan is not clean.
const maxScanStarts = 256

// startFolderOf is the folder an agent started in reads the file p from
// as one of its project files (a marker of agentMarkers: ".github/agents/"
// places "pkg/.github/agents/x.md" in "pkg"), or "".
func startFolderOf(p string, markers []string) string {
	slash := filepath.ToSlash(p)
	for _, m := range markers {
		i := strings.LastIndex(slash, "/"+m)
		if i < 0 || !strings.HasSuffix(m, "/") && i+1+len(m) != len(slash) {
			continue
		}
		return filepath.FromSlash(slash[:i])
	}
	return ""
}

// insideAny reports whether path is one of roots or below one (links in
// the roots resolved).
func insideAny(path string, roots []string) bool {
	for _, r := range roots {
		if real, err := filepath.EvalSymlinks(r); err == nil {
			r = real
		}
		if rel, err := filepath.Rel(r, path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// linkedHookFolder says whether the link at p is a folder, not followed
// before, in which an agent would take a JSON file for a hook file; it
// marks the folder followed.
func linkedHookFolder(reg *agents.Registry, p string, followed map[string]bool) bool {
	st, err := os.Stat(p)
	if err != nil || !st.IsDir() {
		return false
	}
	if _, ok := classifyHookFile(reg, filepath.Join(p, "hookwarden-probe.json")); !ok {
		return false
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil || followed[real] {
		return false
	}
	followed[real] = true
	return true
}

// classifyHookFile is the file at p as the first agent that claims it
// recognises it.
func classifyHookFile(reg *agents.Registry, p string) (hookFile, bool) {
	for _, a := range reg.All() {
		if sc, ok := a.(agents.Scanner); ok {
			if f, ok := sc.HookFile(p); ok {
				f.Path = p
				return hookFile{ScanFile: f, agent: a.Info().Name, scanner: sc}, true
			}
		}
	}
	return hookFile{}, false
}

func scanPaths(reg *agents.Registry, paths []string, agent string) scanDoc {
	files, errs, starts := findHookFiles(reg, paths)
	opt := risk.Options{Agents: reg.Facts().Risk()}
	doc := scanDoc{Files: append([]scanFileDoc{}, errs...), Hooks: []scanHookDoc{}, starts: starts}
	// An agent that cannot say which files are its hook files leaves the
	// scan incomplete: that is an error, never a clean pass.
	for _, a := range reg.All() {
		name := a.Info().Name
		if _, ok := a.(agents.Scanner); !ok && (agent == allAgents || agent == name) {
			doc.Files = append(doc.Files, scanFileDoc{Agent: name,
				Error: a.Info().Title + " cannot say which files are its hook files, so its hooks are not scanned"})
		}
	}
	for _, hf := range files {
		if agent != allAgents && hf.agent != agent {
			continue
		}
		fd := scanFileDoc{Path: hf.Path, Agent: hf.agent, Kind: hf.Kind}
		hs, err := scanFile(hf, opt)
		if err != nil {
			fd.Error = err.Error()
			summary := "this hook file cannot be read, so its hooks are not analysed: "
			if len(hs) > 0 {
				summary = "this hook file cannot be read in full, so it is not clean: "
			}
			f := risk.Finding{Category: risk.Unreadable, Severity: risk.LevelReview, Source: risk.Source{File: hf.Path},
				Summary: summary + err.Error()}
			hs = append([]scanHookDoc{{File: hf.Path, Line: 1, Agent: hf.agent, Risk: risk.Report{Level: risk.LevelReview, Findings: []risk.Finding{f}}}}, hs...)
		}
		doc.Files = append(doc.Files, fd)
		for _, h := range hs {
			if h.Risk.Level > doc.Level {
				doc.Level = h.Risk.Level
			}
		}
		doc.Hooks = append(doc.Hooks, hs...)
	}
	return doc
}

// addReviewed adds what audit reviews that the hook files found by name
// do not hold: every agent opens each scanned folder, and each folder that
// holds a settings file found, as audit opens a project (the same
// discovery, the same risk analysis), and every reviewed entry of a file
// inside the scanned folders that the list does not have yet joins it —
// the commands of a settings file that are not hooks (a repository's
// plugin keys), and the entries of files no scan rule names (a custom
// agent's MCP servers). The hooks of a file the scan found are its own
// (an agent claims a file; the others that read it are not listed again).
// The folders below that hold an agent's project file are opened too (an
// agent started there reads it: a custom agent, a custom command).
// A folder an agent cannot open, or a file its review cannot read, is an
// error: not scanned, so not clean.
func (d *scanDoc) addReviewed(ctx context.Context, io *IO, paths []string, agent string) {
	claimed := map[string]bool{}
	listed := map[string]bool{}
	for _, f := range d.Files {
		if f.Error == "" && f.Path != "" {
			claimed[f.Path] = true
		}
	}
	// the scanned hooks by place and by command, each with its agent: the
	// review of a claimed file's hook by that agent raises its risk
	// (scannedRisk)
	scanned := map[string]int{}
	for i, h := range d.Hooks {
		listed[scanEntryKey(h.File, h.Line, h.Column, "")] = true
		listed[scanEntryKey(h.File, 0, 0, h.Command)] = true
		scanned[h.Agent+"\x00"+scanEntryKey(h.File, h.Line, h.Column, "")] = i
		if h.Command != "" {
			scanned[h.Agent+"\x00"+scanEntryKey(h.File, 0, 0, h.Command)] = i
		}
	}
	var roots []string
	seenRoot := map[string]bool{}
	addRoot := func(dir string) {
		if abs, err := filepath.Abs(dir); err == nil && !seenRoot[abs] {
			if st, err := os.Stat(abs); err == nil && st.IsDir() {
				seenRoot[abs] = true
				roots = append(roots, abs)
			}
		}
	}
	for _, p := range paths {
		addRoot(p)
	}
	for _, dir := range d.starts {
		addRoot(dir)
	}
	for _, f := range d.Files {
		if f.Error == "" && (f.Kind == "settings" || f.Kind == "hooks") {
			if hf, ok := classifyHookFile(io.Agents, f.Path); ok {
				addRoot(hf.Root)
			}
		}
	}
	env := io.agentEnv()
	files := map[string]bool{}
	errs := map[string]bool{}
	for _, root := range roots {
		for _, a := range io.Agents.All() {
			name := a.Info().Name
			if _, ok := a.(agents.Scanner); !ok || agent != allAgents && agent != name {
				continue // one that cannot scan already makes the scan incomplete
			}
			p, err := a.Open(ctx, env, root)
			var r *agents.Review
			if err == nil {
				r, err = p.Review(ctx)
			}
			if err != nil {
				d.Files = append(d.Files, scanFileDoc{Path: root, Agent: name, Error: a.Info().Title + " cannot review " + root + ": " + err.Error()})
				continue
			}
			for _, u := range r.Unreadable {
				if insideAny(u.Path, paths) && !claimed[u.Path] && !errs[name+"\x00"+u.Path] {
					errs[name+"\x00"+u.Path] = true
					d.Files = append(d.Files, scanFileDoc{Path: u.Path, Agent: name, Error: u.Error()})
				}
			}
			for _, h := range r.Hooks {
				if h.File == "" || !insideAny(h.File, paths) {
					continue // the user's own, the system's: not what the scan was given
				}
				if h.Kind == "" && claimed[h.File] {
					// the file's own hook, scanned by its agent: as audit
					// reads it, never below (a hook whose discovery is
					// incomplete is at least review there)
					i, ok := scanned[name+"\x00"+scanEntryKey(h.File, h.Line, h.Column, "")]
					if !ok && h.Command != "" {
						i, ok = scanned[name+"\x00"+scanEntryKey(h.File, 0, 0, h.Command)]
					}
					if ok {
						d.Hooks[i].Risk = scannedRisk(d.Hooks[i].Risk, h.Risk)
						d.Level = max(d.Level, d.Hooks[i].Risk.Level)
					}
					continue
				}
				at, command := scanEntryKey(h.File, h.Line, h.Column, ""), scanEntryKey(h.File, 0, 0, h.Command)
				if listed[at] || h.Command != "" && listed[command] {
					continue
				}
				listed[at] = true
				if h.Command != "" {
					listed[command] = true
				}
				event := h.Event
				if h.Kind != "" {
					event = strings.TrimSpace(string(h.Kind) + " " + h.Name)
				}
				d.Hooks = append(d.Hooks, scanHookDoc{File: h.File, Line: max(h.Line, 1), Column: max(h.Column, 1), Agent: name,
					Event: event, Matcher: h.Matcher, Type: h.Type, Command: h.Command, Risk: h.Risk, root: root})
				if h.Risk.Level > d.Level {
					d.Level = h.Risk.Level
				}
				if !claimed[h.File] && !files[name+"\x00"+h.File] {
					files[name+"\x00"+h.File] = true
					d.Files = append(d.Files, scanFileDoc{Path: h.File, Agent: name, Kind: "reviewed"})
				}
			}
		}
	}
}

// scannedRisk is a scanned hook's risk (own: the analysis of the hook
// file's entry) raised to what its agent's review of it says when that is
// higher (reviewed: the risk every other face shows, with the files the
// review fingerprints and the floor of a discovery that is incomplete):
// the scan never reads a hook lower than audit does. Then every finding of
// either, the most serious first.
func scannedRisk(own, reviewed risk.Report) risk.Report {
	if reviewed.Level <= own.Level {
		return own
	}
	out := own
	out.Level, out.Findings = reviewed.Level, slices.Clone(own.Findings)
	for _, f := range reviewed.Findings {
		if !slices.Contains(out.Findings, f) {
			out.Findings = append(out.Findings, f)
		}
	}
	slices.SortStableFunc(out.Findings, func(a, b risk.Finding) int { return int(b.Severity) - int(a.Severity) })
	return out
}

// scanEntryKey is how a listed entry is known: its file and place, or
// its file and command.
func scanEntryKey(file string, line, col int, command string) string {
	return fmt.Sprintf("%s\x00%d:%d\x00%s", file, line, col, command)
}

// scanFile asks the file's agent for its hooks and analyses each with
// opt.
func scanFile(hf hookFile, opt risk.Options) ([]scanHookDoc, error) {
	hs, err := hf.scanner.ScanHooks(hf.ScanFile)
	var out []scanHookDoc
	for _, h := range hs {
		out = append(out, scanHookDoc{File: hf.Path, Line: h.Line, Column: h.Column, Agent: hf.agent,
			Event: h.Event, Matcher: h.Matcher, Type: h.Type, Command: h.Command, URL: h.URL,
			Risk: risk.Analyze(h.Subject, opt), root: hf.Root})
	}
	return out, err
}

// sarif places every finding: findings of the command at the command in
// the hook file, findings of a script in the script.
func (d scanDoc) sarif(base string) []risk.SARIFResult {
	var out []risk.SARIFResult
	for _, h := range d.Hooks {
		name := h.Event
		if h.Matcher != "" {
			name += "[" + h.Matcher + "]"
		}
		for _, f := range h.Risk.Findings {
			r := risk.SARIFResult{Finding: f, URI: sarifURI(base, h.File), Line: h.Line, Col: h.Column, Hook: name + " " + sarifURI(base, h.File)}
			if f.Source.File != "" && f.Source.File != h.File {
				p := f.Source.File
				if !filepath.IsAbs(p) {
					p = filepath.Join(h.root, p)
				}
				// A script outside the repository (~/.claude/hooks/x.sh) is
				// no place code scanning can show: the finding stays at
				// the hook that runs it.
				if u := sarifURI(base, p); !filepath.IsAbs(filepath.FromSlash(u)) {
					r.URI, r.Line, r.Col = u, f.Source.Line, f.Source.Col
				}
			}
			out = append(out, r)
		}
	}
	return out
}

// sarifURI is a path relative to the working folder (where CI runs the
// scan: the repository root), with forward slashes.
func sarifURI(base, p string) string {
	if wd, err := filepath.Abs(base); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			if rel, err := filepath.Rel(wd, abs); err == nil && !strings.HasPrefix(rel, "..") {
				p = rel
			}
		}
	}
	return filepath.ToSlash(p)
}

func (d scanDoc) writeText(io *IO) error {
	var b strings.Builder
	counts := map[risk.Level]int{}
	for _, h := range d.Hooks {
		counts[h.Risk.Level]++
		what := h.Command
		if what == "" {
			what = h.URL
		}
		name := h.Event
		if h.Matcher != "" {
			name += "[" + h.Matcher + "]"
		}
		printf(&b, "%-8s %s:%d:%d  %s  %s\n", strings.ToUpper(h.Risk.Level.String()), h.File, h.Line, h.Column, name, shortLine(what, 100))
		for _, f := range h.Risk.Findings {
			printf(&b, "         - %s (%s, %s): %s\n", f.Severity, f.Category, f.Source, f.Summary)
		}
	}
	for _, f := range d.Files {
		if f.Error != "" {
			printf(&b, "ERROR    %s\n", f.Error)
		}
	}
	printf(&b, "\n%d hook file(s), %d hook(s): %d critical, %d review, %d none\n", len(d.Files), len(d.Hooks), counts[risk.LevelCritical], counts[risk.LevelReview], counts[risk.LevelNone])
	_, err := fmt.Fprint(io.Stdout, b.String())
	return err
}

func shortLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
