package migrate

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Gemini CLI 0.61's events a Claude Code hook moves to
// (TestGeminiEventsAreGeminis checks them against agents/gemini).
const (
	geminiBeforeTool   hooks.Event = "BeforeTool"
	geminiAfterTool    hooks.Event = "AfterTool"
	geminiBeforeAgent  hooks.Event = "BeforeAgent"
	geminiAfterAgent   hooks.Event = "AfterAgent"
	geminiSessionStart hooks.Event = "SessionStart"
	geminiSessionEnd   hooks.Event = "SessionEnd"
	geminiPreCompress  hooks.Event = "PreCompress"
	geminiNotification hooks.Event = "Notification"
)

// migrateEvents maps Claude Code events to the Gemini CLI events with the
// same meaning; the others have no counterpart.
var migrateEvents = map[hooks.Event]hooks.Event{
	claude.PreToolUse: geminiBeforeTool, claude.PostToolUse: geminiAfterTool, claude.UserPromptSubmit: geminiBeforeAgent,
	claude.Stop: geminiAfterAgent, claude.SessionStart: geminiSessionStart, claude.SessionEnd: geminiSessionEnd,
	claude.PreCompact: geminiPreCompress, claude.Notification: geminiNotification,
}

// migrateTools maps Claude Code tool names to Gemini CLI 0.61's.
var migrateTools = map[string]string{
	"Bash": "run_shell_command", "Edit": "replace", "MultiEdit": "replace", "Write": "write_file",
	"Read": "read_file", "Glob": "glob", "Grep": "grep_search", "LS": "list_directory",
	"WebFetch": "web_fetch", "WebSearch": "google_web_search", "TodoWrite": "write_todos",
	"AskUserQuestion": "ask_user", "ExitPlanMode": "exit_plan_mode",
}

// geminiTriggers are the values Gemini CLI 0.61 compares trigger matchers
// with (exactly).
var geminiTriggers = map[hooks.Event][]string{
	geminiSessionStart: {"startup", "resume", "clear"},
	geminiSessionEnd:   {"exit", "clear", "logout", "prompt_input_exit", "other"},
	geminiPreCompress:  {"manual", "auto"},
}

// MigrationItem is one Claude Code handler and what became of it.
type MigrationItem struct {
	Hook *hooks.Hook
	// To is the Gemini event it moved to ("" when skipped).
	To hooks.Event
	// Skipped says why the handler was not migrated ("" when it was).
	Skipped string
	// Notes are changes of meaning the reader should check.
	Notes []string
}

// Migration is the preview of moving a project's Claude Code hooks to
// Gemini CLI's workspace settings (.gemini/settings.json).
type Migration struct {
	// Target is the Gemini workspace settings file; Exists says whether it
	// exists. Before and After are its text now and after the migration.
	Target string
	Exists bool
	Before []byte
	After  []byte
	// Items lists every project and local handler, migrated or skipped.
	// Show Before → After as a diff (trust.LineDiff) before writing.
	Items []MigrationItem
}

// Changed reports whether the migration changes the target file.
func (m *Migration) Changed() bool { return string(m.Before) != string(m.After) }

// geminiDef is one Gemini hook definition as written to the target.
type geminiDef struct {
	Matcher string       `json:"matcher,omitempty"`
	Hooks   []geminiHook `json:"hooks"`
}

type geminiHook struct {
	Type        string `json:"type"`
	Command     string `json:"command"`
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
	Timeout     int64  `json:"timeout,omitempty"`
}

// PlanMigration computes the migration of the project's hooks (project
// and local settings files; user, managed and plugin hooks are not the
// project's and stay) into the Gemini workspace settings text current
// (exists false: no file yet). The new text is a patch of the current one
// that keeps its comments and layout; hooks already present (same event
// and command) are not added twice. It fails, and nothing may be written,
// when the current text does not parse.
func PlanMigration(p agents.Project, target string, current []byte, exists bool) (*Migration, error) {
	m := &Migration{Target: target, Exists: exists, Before: current}
	if exists {
		if _, perr := settingsio.ParseJSONC(target, current); perr != nil {
			return nil, fmt.Errorf("%s does not parse, so it is not changed: %w", target, perr)
		}
	}
	defs := map[hooks.Event][]geminiDef{}
	var order []hooks.Event
	for _, h := range p.Hooks() {
		if h.Origin.Layer != claude.LayerProject && h.Origin.Layer != claude.LayerLocal {
			continue
		}
		item, out := migrateHandler(h)
		if item.Skipped == "" {
			if _, seen := defs[item.To]; !seen {
				order = append(order, item.To)
			}
			defs[item.To] = append(defs[item.To], out...)
		}
		m.Items = append(m.Items, item)
	}
	after, err := patchGeminiHooks(target, current, exists, order, defs)
	if err != nil {
		return nil, err
	}
	m.After = after
	return m, nil
}

// migrateHandler converts one handler into Gemini definitions (several
// when a trigger matcher lists values, which Gemini compares exactly).
func migrateHandler(h *hooks.Hook) (MigrationItem, []geminiDef) {
	item := MigrationItem{Hook: h}
	c := claude.HandlerOf(h)
	to, ok := migrateEvents[h.Event]
	switch {
	case h.Status == hooks.StatusInvalid || h.Status == claude.StatusNeverRuns:
		item.Skipped = "not migrated: " + h.Reason
		return item, nil
	case !ok:
		item.Skipped = fmt.Sprintf("Gemini CLI has no event like %s", h.Event)
		return item, nil
	case h.Type != claude.TypeCommand:
		item.Skipped = fmt.Sprintf("Gemini CLI runs only command hooks; this is a %s hook", h.Type)
		return item, nil
	}
	item.To = to
	gh := geminiHook{Type: "command", Command: replaceProjectDir(h.Command)}
	if c.HasArgs {
		parts := []string{quoteShell(gh.Command)}
		for _, a := range c.Args {
			parts = append(parts, quoteShell(replaceProjectDir(a)))
		}
		gh.Command = strings.Join(parts, " ")
		item.Notes = append(item.Notes, "exec form (args) became one shell command line")
	}
	if c.HasTimeout {
		gh.Timeout = int64(c.TimeoutSec * 1000)
	} else if def := claude.DefaultTimeoutSec(h.Event, h.Type); def != 60 {
		item.Notes = append(item.Notes, fmt.Sprintf("no timeout: Claude Code allows %v s here, Gemini CLI 60 s", def))
	}
	if n := h.Node.Get("name"); n.Is(settingsio.String) {
		gh.Name = n.Str
	}
	if d := h.Node.Get("description"); d.Is(settingsio.String) {
		gh.Description = d.Str
	} else if c.StatusMessage != "" {
		gh.Description = c.StatusMessage
	}
	if c.HasIf {
		item.Notes = append(item.Notes, fmt.Sprintf("Gemini CLI has no \"if\": the rule %s is dropped, the hook runs for every matching tool", c.If))
	}
	if c.Async || c.AsyncRewake {
		item.Notes = append(item.Notes, "Gemini CLI has no background hooks: it waits for this one")
	}
	if c.Shell == "powershell" {
		item.Notes = append(item.Notes, "Gemini CLI runs the command with its own shell, not PowerShell")
	}
	if claude.Is(h) && h.Origin.Layer == claude.LayerLocal {
		item.Notes = append(item.Notes, "comes from settings.local.json (personal) and lands in the shared workspace file")
	}
	matchers := migrateMatcher(h, to, &item)
	if matchers == nil {
		item.Skipped = "no value of the matcher exists in Gemini CLI: " + strings.Join(item.Notes, "; ")
		item.To = ""
		return item, nil
	}
	var out []geminiDef
	for _, mt := range matchers {
		out = append(out, geminiDef{Matcher: mt, Hooks: []geminiHook{gh}})
	}
	return item, out
}

var projectDirRe = regexp.MustCompile(`\$\{CLAUDE_PROJECT_DIR\}|\$CLAUDE_PROJECT_DIR\b`)

// replaceProjectDir rewrites $CLAUDE_PROJECT_DIR and ${CLAUDE_PROJECT_DIR}.
func replaceProjectDir(s string) string {
	return projectDirRe.ReplaceAllStringFunc(s, func(m string) string {
		if strings.HasPrefix(m, "${") {
			return "${GEMINI_PROJECT_DIR}"
		}
		return "$GEMINI_PROJECT_DIR"
	})
}

// quoteShell quotes one exec-form argument for a shell command line so
// that it stays one word, keeping ${GEMINI_PROJECT_DIR} expandable (Claude
// Code substitutes the placeholder in each argument itself).
func quoteShell(s string) string {
	const placeholder = "${GEMINI_PROJECT_DIR}"
	if q, err := syntax.Quote(s, syntax.LangBash); err == nil && q == s {
		return s
	}
	parts := strings.Split(s, placeholder)
	for i, p := range parts {
		p = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`", "$", `\$`).Replace(p)
		parts[i] = p
	}
	return `"` + strings.Join(parts, placeholder) + `"`
}

var toolWordRe = regexp.MustCompile(`\b[A-Za-z]+\b`)

// migrateMatcher returns the Gemini matchers for a handler ([""] for
// "every"), or nil when nothing of it exists in Gemini CLI.
func migrateMatcher(h *hooks.Hook, to hooks.Event, item *MigrationItem) []string {
	info, _ := claude.LookupEvent(h.Event)
	m := claude.ParseMatcher(info.Matcher, h.Matcher)
	if m.All || info.Matcher == claude.MatchNone {
		return []string{""}
	}
	switch to {
	case geminiBeforeTool, geminiAfterTool:
		if m.Exact != nil {
			var names []string
			for _, n := range m.Exact {
				g, ok := migrateTools[n]
				if !ok {
					g = n
					item.Notes = append(item.Notes, fmt.Sprintf("Gemini CLI has no tool like %s; the name is kept", n))
				}
				if !slices.Contains(names, g) {
					names = append(names, g)
				}
			}
			return []string{"^(" + strings.Join(names, "|") + ")$"}
		}
		out := toolWordRe.ReplaceAllStringFunc(m.Regex, func(w string) string {
			if g, ok := migrateTools[w]; ok {
				return g
			}
			return w
		})
		item.Notes = append(item.Notes, fmt.Sprintf("regex matcher %q rewritten on word boundaries to %q; check it", m.Regex, out))
		return []string{out}
	case geminiNotification:
		item.Notes = append(item.Notes, fmt.Sprintf("Gemini CLI ignores matchers on Notification: the matcher %q is dropped and the hook runs on every notification", h.Matcher))
		return []string{""}
	}
	known := geminiTriggers[to]
	if m.Exact == nil {
		item.Notes = append(item.Notes, fmt.Sprintf("Gemini CLI compares %s matchers exactly: regex %q has no equivalent", to, m.Regex))
		return nil
	}
	var out []string
	for _, v := range m.Exact {
		if slices.Contains(known, v) {
			out = append(out, v)
		} else {
			item.Notes = append(item.Notes, fmt.Sprintf("Gemini CLI never sends %q for %s", v, to))
		}
	}
	return out
}

// patchGeminiHooks appends the definitions to hooks.<Event> of the
// Gemini settings text, skipping commands the event already has.
func patchGeminiHooks(target string, current []byte, exists bool, order []hooks.Event, defs map[hooks.Event][]geminiDef) ([]byte, error) {
	existing := map[hooks.Event]map[string]bool{}
	if exists {
		root, _ := settingsio.ParseJSONC(target, current)
		if h := root.Get("hooks"); h != nil {
			if !h.Is(settingsio.Object) {
				return nil, fmt.Errorf("%s: \"hooks\" is %s, not an object; not changed", target, h.Kind)
			}
			for _, mem := range h.Members {
				cmds := map[string]bool{}
				for _, d := range mem.Value.Items {
					for _, hk := range d.Get("hooks").Items {
						if c := hk.Get("command"); c.Is(settingsio.String) {
							cmds[c.Raw] = true
						}
					}
				}
				existing[hooks.Event(mem.Key)] = cmds
			}
		}
	}
	var add []jsonInsert
	for _, ev := range order {
		var fresh []geminiDef
		for _, d := range defs[ev] {
			if !existing[ev][d.Hooks[0].Command] {
				fresh = append(fresh, d)
			}
		}
		if len(fresh) > 0 {
			add = append(add, jsonInsert{event: string(ev), defs: fresh})
		}
	}
	if len(add) == 0 {
		return current, nil
	}
	if !exists || len(strings.TrimSpace(string(current))) == 0 {
		return newGeminiSettings(add)
	}
	return appendHooks(target, current, add)
}

type jsonInsert struct {
	event string
	defs  []geminiDef
}

// newGeminiSettings writes a new settings file holding only the hooks.
func newGeminiSettings(add []jsonInsert) ([]byte, error) {
	var b strings.Builder
	b.WriteString("{\n  \"hooks\": {")
	for i, a := range add {
		if i > 0 {
			b.WriteString(",")
		}
		v, err := marshalIndent(a.defs, "    ", "  ")
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "\n    %q: %s", a.event, v)
	}
	b.WriteString("\n  }\n}\n")
	return []byte(b.String()), nil
}
