package agents

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// The shared review of commands that are not hooks (MCP servers, helper
// commands, tool discovery commands; hooks.Kind), for an agent whose own
// trust store holds only hooks. Their approvals are Hookwarden's, in the
// store's "commands" section, keyed by a fingerprint of the command's
// definition field by field; each records the scripts the command ran, so
// a changed script needs review again as for a hook.

// CommandSpec is one command that is not a hook, as its agent hands it to
// the shared review.
type CommandSpec struct {
	Hook *hooks.Hook
	// Label names it for people ("MCP server github: npx -y srv").
	Label string
	// Fields is everything about it that changes what runs (command,
	// args, env.NAME, cwd, url, …), each value a JSON text; the
	// fingerprint is of these, its kind and its name.
	Fields trust.Definition
	// ScriptCommand is the command line whose scripts are fingerprinted
	// (args shell-quoted); "" when it runs no local command.
	ScriptCommand string
	ScriptRoots   []string
	// ScriptCwd is the folder the agent starts ScriptCommand in when it
	// is not the project (a hook's own working folder); "": the project.
	ScriptCwd string
	// Runtime, when set, is how the agent runs ScriptCommand (its shell
	// dialect, project variables, env files); nil: bash.
	Runtime *trust.Runtime
	// Reaches, for a hook of the user's own (ReachingHooks), is the
	// project code it runs: why it is reviewed at all.
	Reaches []string
	// Foreign, for a hook of the user's own whose command names no
	// project code, are the programs it runs in the project's folder that
	// may open files there by themselves (trust.Discovery.Foreign): only a
	// traced run shows its reach (TraceUserHooks). Such a spec is settled
	// against the store before any review (settleReach): reaching when
	// its trace in this project read project files, else left out.
	Foreign string
	// Traced are the project files a traced run of a user hook read
	// (CommandsProject.Traced): they join its approval.
	Traced []trust.ScriptSnapshot
	// Unwatched is what the agent runs for it that Hookwarden cannot
	// watch beyond its ScriptCommand's discovery (a file a prompt command
	// injects from a folder the agent is given at run time): it joins the
	// review's Unresolved, so the entry is never plain trusted.
	Unwatched []trust.UnresolvedCode
}

// reviewer is the script reviewer of c's command: shared, or the one of
// its runtime in byRuntime (made once per runtime: specs that share one,
// as a kit's agent gives all its hooks, share its discovery cache).
func (c CommandSpec) reviewer(project string, shared *trust.ScriptReviewer, cache *trust.FingerprintCache, byRuntime map[*trust.Runtime]*trust.ScriptReviewer) *trust.ScriptReviewer {
	if c.Runtime == nil {
		return shared
	}
	if r := byRuntime[c.Runtime]; r != nil {
		return r
	}
	r := trust.NewScriptReviewerFor(project, *c.Runtime)
	r.UseCache(cache)
	byRuntime[c.Runtime] = r
	return r
}

// Key is the command's fingerprint: the sha256 of its kind, name and
// fields as canonical JSON: what json.Marshal writes for
// map[string]any{"kind": …, "name": …, "fields": c.Fields} (every stored
// approval was keyed so), written directly: the guard's check keys every
// command of the project, and the map's reflection cost more than the
// rest of its key.
func (c CommandSpec) Key() string {
	b := make([]byte, 0, 256)
	b = append(b, `{"fields":`...)
	if c.Fields == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '{')
		for i, k := range slices.Sorted(maps.Keys(c.Fields)) {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendMarshaledString(b, k)
			b = append(b, ':')
			b = AppendMarshaledString(b, c.Fields[k])
		}
		b = append(b, '}')
	}
	b = append(b, `,"kind":`...)
	b = AppendMarshaledString(b, string(c.Hook.Kind))
	b = append(b, `,"name":`...)
	b = AppendMarshaledString(b, c.Hook.Name)
	sum := sha256.Sum256(append(b, '}'))
	return hex.EncodeToString(sum[:])
}

// AppendMarshaledString appends s as json.Marshal writes it: a text of
// printable ASCII other than <, > and & is written as is, with '"' and
// '\\' escaped by a backslash; any other text is json.Marshal's own
// (canonical JSON for keys written without encoding/json's reflection).
func AppendMarshaledString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '<' || c == '>' || c == '&' {
			raw, _ := json.Marshal(s) // a string always encodes
			return append(b, raw...)
		}
	}
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b = append(b, '\\')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}

// commandsStoreKey is the section of Hookwarden's store with the
// approvals of commands that are not hooks.
const commandsStoreKey = "commands"

// CommandsSection is the "commands" section of Hookwarden's store:
//
//	"commands": {"agents": {"gemini": {"/abs/project": {"approved": {"<fingerprint>": …}}}}}
type CommandsSection struct {
	Agents map[string]map[string]*CommandsProject `json:"agents"`
}

// CommandsProject holds one project's approved commands of one agent.
type CommandsProject struct {
	Approved map[string]*CommandApproval `json:"approved"`
	// Revoked is history for the next review's diff; it approves nothing.
	Revoked map[string]*CommandApproval `json:"revoked,omitempty"`
	// Traced are the traced runs of the user's own hooks in this project
	// (TraceUserHooks), by the hook's fingerprint (CommandSpec.Key): the
	// project files each read (none: it reads nothing of the project). A
	// trace approves nothing: a hook whose trace read project files is
	// reviewed as reaching the project.
	Traced map[string]*CommandApproval `json:"traced,omitempty"`
}

// CommandApproval is one approved command.
type CommandApproval struct {
	Kind       string                 `json:"kind"`
	Name       string                 `json:"name"`
	File       string                 `json:"file"`
	Label      string                 `json:"label"`
	Fields     trust.Definition       `json:"fields"`
	ApprovedAt string                 `json:"approved_at"`
	Scripts    []trust.ScriptSnapshot `json:"scripts"`
	RevokedAt  string                 `json:"revoked_at,omitempty"`
}

// EachScripts calls fn with the scripts of every record (trust.StoreSection).
func (s *CommandsSection) EachScripts(fn func([]trust.ScriptSnapshot)) {
	for _, projects := range s.Agents {
		for _, p := range projects {
			if p == nil {
				continue
			}
			for _, m := range []map[string]*CommandApproval{p.Approved, p.Revoked, p.Traced} {
				for _, ap := range m {
					if ap != nil {
						fn(ap.Scripts)
					}
				}
			}
		}
	}
}

func commandsProject(d *trust.StoreData, agent, project string, create bool) (*CommandsProject, error) {
	return specsProject(d, commandsStoreKey, agent, project, create)
}

// specsProject is one project's approvals of one agent in a section of
// the commands section's shape ("commands", or an agent's own section of
// hooks reviewed the same way).
func specsProject(d *trust.StoreData, section, agent, project string, create bool) (*CommandsProject, error) {
	var s *CommandsSection
	var err error
	if create {
		s, err = trust.EnsureSection[CommandsSection](d, section)
	} else {
		s, err = trust.Section[CommandsSection](d, section)
	}
	if err != nil || s == nil {
		return nil, err
	}
	if s.Agents == nil {
		s.Agents = map[string]map[string]*CommandsProject{}
	}
	if s.Agents[agent] == nil && create {
		s.Agents[agent] = map[string]*CommandsProject{}
	}
	p := s.Agents[agent][project]
	if p == nil && create {
		p = &CommandsProject{}
		s.Agents[agent][project] = p
	}
	if p != nil && p.Approved == nil {
		p.Approved = map[string]*CommandApproval{}
	}
	return p, nil
}

// CommandReview is the review of an agent's commands that are not hooks.
type CommandReview struct {
	Hooks []HookReview
	Gone  []Gone
	// NeedsReview: a command is not plainly trusted.
	NeedsReview bool
}

// ReviewCommands reviews the commands specs of an agent's project against
// Hookwarden's store data: trusted (fingerprint approved, scripts
// unchanged), script-changed, changed (an approval of the same kind, name
// and file: with the diff of its fields), new; approvals nothing matches
// are gone.
func ReviewCommands(data *trust.StoreData, agent, project string, specs []CommandSpec) (*CommandReview, error) {
	return ReviewSpecs(data, commandsStoreKey, agent, project, specs)
}

// ReviewSpecs is ReviewCommands against the approvals in section of
// Hookwarden's store: an agent without a trust store of its own reviews
// its hooks this way too, as CommandSpecs of hooks (Kind hooks.KindHook,
// Name their place in the file), in a section of its own.
func ReviewSpecs(data *trust.StoreData, section, agent, project string, specs []CommandSpec) (*CommandReview, error) {
	if section == commandsStoreKey {
		specs = settleReach(data, agent, project, specs)
	}
	return reviewSpecs(data, section, agent, project, SpecsOf(specs), nil)
}

// SpecList is a review's specs made one at a time: N of them, the i-th
// made by At(i) each time it is asked for, so that a review of 100,000
// hooks never holds their specs (each a copy of its hook with its
// definition) at once.
type SpecList struct {
	N  int
	At func(i int) CommandSpec
}

// SpecsOf is the list of specs.
func SpecsOf(specs []CommandSpec) SpecList {
	return SpecList{N: len(specs), At: func(i int) CommandSpec { return specs[i] }}
}

// All is every spec of l.
func (l SpecList) All() []CommandSpec {
	out := make([]CommandSpec, 0, l.N)
	for i := range l.N {
		out = append(out, l.At(i))
	}
	return out
}

// ReviewSpecsKept is ReviewSpecs of specs (a section of hooks, not the
// commands section) with only the reviews keep takes in Hooks (every one
// for nil keep), in the same order; NeedsReview and Gone still count every
// spec. keep sees each review as ReviewSpecs returns it, as soon as it is
// settled, and a review it drops is dropped then: the reviews and specs
// of 100,000 hooks are never held at once (an agent's TrustStates).
func ReviewSpecsKept(data *trust.StoreData, section, agent, project string, specs SpecList, keep func(*HookReview) bool) (*CommandReview, error) {
	if section == commandsStoreKey {
		return nil, fmt.Errorf("ReviewSpecsKept: the %q section needs ReviewCommands", section)
	}
	return reviewSpecs(data, section, agent, project, specs, keep)
}

// approvalPlace is what a changed spec and its earlier approval share:
// kind, name and file.
type approvalPlace struct{ kind, name, file string }

// reviewSpecs is ReviewSpecs and ReviewSpecsKept. An approved spec is
// settled in a first pass over the specs; the others (new or changed)
// are settled in spec order once the approvals are claimed: with keep,
// each made again by specs.At and dropped once keep has seen it.
func reviewSpecs(data *trust.StoreData, section, agent, project string, specs SpecList, keep func(*HookReview) bool) (*CommandReview, error) {
	p, err := specsProject(data, section, agent, project, false)
	if err != nil {
		return nil, err
	}
	approved, revoked := map[string]*CommandApproval{}, map[string]*CommandApproval{}
	if p != nil {
		approved, revoked = p.Approved, p.Revoked
	}
	out := &CommandReview{Hooks: []HookReview{}}
	if keep == nil {
		// one review per spec: grown by appends, a thousand reviews
		// were copied ten times over
		out.Hooks = make([]HookReview, 0, specs.N)
	}
	sr := trust.NewScriptReviewer(project)
	sr.UseCache(data.Fingerprints())
	byRuntime := map[*trust.Runtime]*trust.ScriptReviewer{}
	claimed := map[string]bool{}
	type reviewAt struct {
		at int
		rv HookReview
	}
	var kept []reviewAt
	take := func(at int, rv *HookReview) {
		FloorUnwatchedRisk(rv)
		out.NeedsReview = out.NeedsReview || rv.NeedsReview()
		if keep(rv) {
			kept = append(kept, reviewAt{at, *rv})
		}
	}
	var pending []int // in specs; without keep, in out.Hooks (the same)
	for i := range specs.N {
		c := specs.At(i)
		rv := commandReviewOf(c)
		if ap := approved[rv.Key]; ap != nil && !claimed[rv.Key] {
			claimed[rv.Key] = true
			rv.Status = trust.StatusTrusted
			c.reviewer(project, sr, data.Fingerprints(), byRuntime).ReviewScripts(&rv.HookReview, &trust.Approval{Scripts: ap.Scripts})
			rv.Unresolved = append(rv.Unresolved, c.Unwatched...)
			for _, s := range rv.Scripts {
				if s.Flagged {
					rv.Status = trust.StatusScriptChanged
				}
			}
			// every entry, hook or not: an MCP server or helper whose
			// discovery is incomplete is never plain trusted
			rv.SettleUnwatched()
			if keep != nil {
				take(i, &rv)
				continue
			}
		} else {
			pending = append(pending, i)
			if keep != nil {
				continue
			}
		}
		out.Hooks = append(out.Hooks, rv)
	}
	// A changed spec claims the first unclaimed approval of its kind,
	// name and file in key order (agents.Claims).
	byPlace := ClaimsByPlace(approved, claimed, func(ap *CommandApproval) approvalPlace { return approvalPlace{ap.Kind, ap.Name, ap.File} })
	for _, i := range pending {
		var c CommandSpec
		var rv *HookReview
		if keep == nil {
			c, rv = specs.At(i), &out.Hooks[i]
		} else {
			c = specs.At(i)
			fresh := commandReviewOf(c)
			rv = &fresh
		}
		rv.Status = trust.StatusNew
		var prev *CommandApproval
		if k, ok := byPlace.Claim(approvalPlace{string(c.Hook.Kind), c.Hook.Name, c.Hook.Origin.File}); ok {
			prev = approved[k]
			rv.Status, rv.PreviousKey, rv.PreviousCommand = trust.StatusChanged, k, prev.Label
			rv.CommandDiff = trust.WordDiff(prev.Label, rv.Command)
		}
		if prev == nil && revoked[rv.Key] != nil {
			prev = revoked[rv.Key]
			rv.RevokedAt = prev.RevokedAt
		}
		var old *trust.Approval
		if prev != nil {
			old = &trust.Approval{Scripts: prev.Scripts}
			rv.FieldChanges = trust.DiffDefinitions(prev.Fields, c.Fields)
		} else if len(c.Traced) > 0 {
			old = &trust.Approval{Scripts: c.Traced} // what its trace read, shown (and flagged if changed since)
		}
		c.reviewer(project, sr, data.Fingerprints(), byRuntime).ReviewScripts(&rv.HookReview, old)
		rv.Unresolved = append(rv.Unresolved, c.Unwatched...)
		if keep != nil {
			take(i, rv)
		}
	}
	if keep != nil {
		slices.SortFunc(kept, func(a, b reviewAt) int { return a.at - b.at })
		out.Hooks = make([]HookReview, 0, len(kept))
		for _, k := range kept {
			out.Hooks = append(out.Hooks, k.rv)
		}
	} else {
		for i := range out.Hooks {
			FloorUnwatchedRisk(&out.Hooks[i])
		}
		for _, h := range out.Hooks {
			out.NeedsReview = out.NeedsReview || h.NeedsReview()
		}
	}
	for _, k := range sortedKeys(approved) {
		if claimed[k] {
			continue
		}
		ap := approved[k]
		noun := "command"
		if ap.Kind == "" {
			noun = "hook"
		}
		out.Gone = append(out.Gone, Gone{Key: k, Label: ap.Label, File: ap.File, Where: "Hookwarden's store",
			Meaning: "This approval in Hookwarden's store matches no " + noun + " of the project any more (it was removed or changed). Revoke it so that it is reviewed again if it comes back.",
			Fields: []Field{{Key: "file", Label: "Was at", Value: ap.File, Code: true}, {Key: "approved_at", Label: "Approved", Value: ap.ApprovedAt},
				{Key: "fingerprint", Label: "Fingerprint", Value: k, Code: true}}})
	}
	return out, nil
}

func sortedKeys(m map[string]*CommandApproval) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func commandReviewOf(c CommandSpec) HookReview {
	h := c.Hook
	if h.IsHook() {
		return reachReviewOf(c)
	}
	rv := trust.HookReview{DiscoverCommand: c.ScriptCommand, ScriptRoots: c.ScriptRoots, ScriptCwd: c.ScriptCwd}
	event := string(h.Kind) + " " + h.Name
	fields := []Field{{Key: "kind", Label: "Kind", Value: h.Kind.Title() + " " + h.Name}, {Key: "when", Label: "Runs", Value: h.When}}
	if h.IsHook() {
		event = string(h.Event)
		fields = []Field{{Key: "event", Label: "Event", Value: string(h.Event)}}
	}
	rv.ProjectHook = trust.ProjectHook{
		Event: event, Path: h.Origin.Path, HookID: h.ID, Name: h.Name,
		Command: c.Label, RawCommand: c.ScriptCommand, Type: h.Type, IsCommand: c.ScriptCommand != "", Env: ReviewEnv(h),
		Key: c.Key(), Label: c.Label, Line: h.Origin.Line, Column: h.Origin.Column, Fields: c.Fields,
	}
	return HookReview{HookReview: rv, HookID: h.ID, Layer: h.Origin.Layer, File: h.Origin.File, Label: c.Label, Fields: fields, Kind: h.Kind}
}

// ApproveCommands records approvals of the commands specs (fingerprint,
// fields, scripts) in Hookwarden's store, replacing an earlier approval
// of the same kind, name and file. A command whose scripts cannot be
// read fails it, and nothing is written.
func ApproveCommands(store trust.Store, agent, project string, specs []CommandSpec, now time.Time) ([]string, error) {
	return ApproveSpecs(store, commandsStoreKey, agent, project, specs, now)
}

// ApproveSpecs is ApproveCommands into section of Hookwarden's store.
func ApproveSpecs(store trust.Store, section, agent, project string, specs []CommandSpec, now time.Time) ([]string, error) {
	ps, err := PrepareSpecs(section, agent, project, specs, now)
	if err != nil {
		return nil, err
	}
	if err := store.Update(ps.Apply); err != nil {
		return nil, err
	}
	return ps.Keys, nil
}

// PreparedSpecs are approvals of commands with every fingerprint taken,
// ready to be written in one store update (Apply), alone or with the
// other parts of the same approval (an agent's own hooks), so that an
// approval is written whole or not at all.
type PreparedSpecs struct {
	section, agent, project string
	recs                    []specRecord
	// Keys are the fingerprints Apply wrote.
	Keys []string
}

type specRecord struct {
	key string
	ap  *CommandApproval
}

// PrepareSpecs reads and fingerprints what approving specs records in
// section of Hookwarden's store; nothing is written. A command whose
// scripts cannot be read fails it.
func PrepareSpecs(section, agent, project string, specs []CommandSpec, now time.Time) (*PreparedSpecs, error) {
	fp := trust.NewFingerprinter(project)
	// one fingerprinter per runtime, shared by the commands that run with
	// it: each script is read, parsed and followed once per approval, not
	// once per command
	byRuntime := map[*trust.Runtime]trust.Fingerprinter{}
	var recs []specRecord
	for _, c := range specs {
		ap := &CommandApproval{Kind: string(c.Hook.Kind), Name: c.Hook.Name, File: c.Hook.Origin.File, Label: c.Label,
			Fields: c.Fields, ApprovedAt: now.UTC().Format(time.RFC3339), Scripts: []trust.ScriptSnapshot{}}
		if c.ScriptCommand != "" {
			fp := fp
			if c.Runtime != nil {
				rfp, ok := byRuntime[c.Runtime]
				if !ok {
					rfp = trust.NewFingerprinterFor(project, *c.Runtime)
					byRuntime[c.Runtime] = rfp
				}
				fp = rfp
			}
			scripts, parseErr, err := fp.ScriptsIn(c.ScriptCommand, c.ScriptCwd, c.Hook.Env, c.ScriptRoots)
			if parseErr != nil {
				return nil, fmt.Errorf("finding the scripts of %s: %w", c.Label, parseErr)
			}
			if err != nil {
				return nil, err
			}
			ap.Scripts = append(ap.Scripts, scripts...)
		}
		if len(c.Traced) > 0 {
			// What its trace read joins the approval, fingerprinted as it is
			// now (what the review showed).
			files := make([]trust.TracedFile, len(c.Traced))
			for i, t := range c.Traced {
				files[i] = trust.TracedFile{Path: t.Path, KeepContent: true}
			}
			seen, err := trust.SnapshotTraced(project, files)
			if err != nil {
				return nil, fmt.Errorf("fingerprinting what the trace of %s read: %w", c.Label, err)
			}
			ap.Scripts = trust.WithTraced(ap.Scripts, seen)
		}
		recs = append(recs, specRecord{c.Key(), ap})
	}
	return &PreparedSpecs{section: section, agent: agent, project: project, recs: recs}, nil
}

// Apply writes the prepared approvals into d (inside a store update),
// replacing an earlier approval of the same kind, name and file.
func (ps *PreparedSpecs) Apply(d *trust.StoreData) error {
	p, err := specsProject(d, ps.section, ps.agent, ps.project, true)
	if err != nil {
		return err
	}
	ps.Keys = ps.Keys[:0]
	// The approvals by kind, name and file, indexed once: looking through
	// every approval for each record made approving n commands O(n²).
	type place struct{ kind, name, file string }
	placeOf := func(a *CommandApproval) place { return place{a.Kind, a.Name, a.File} }
	byPlace := map[place]map[string]bool{}
	for k, a := range p.Approved {
		if byPlace[placeOf(a)] == nil {
			byPlace[placeOf(a)] = map[string]bool{}
		}
		byPlace[placeOf(a)][k] = true
	}
	for _, r := range ps.recs {
		at := placeOf(r.ap)
		for k := range byPlace[at] {
			if k != r.key {
				delete(p.Approved, k)
				delete(byPlace[at], k)
			}
		}
		if old := p.Approved[r.key]; old != nil {
			delete(byPlace[placeOf(old)], r.key)
		}
		p.Approved[r.key] = r.ap
		if byPlace[at] == nil {
			byPlace[at] = map[string]bool{}
		}
		byPlace[at][r.key] = true
		delete(p.Revoked, r.key)
		ps.Keys = append(ps.Keys, r.key)
	}
	return nil
}

// RevokeCommands removes approvals by fingerprint (every approval of the
// project's commands when all), keeping each as history; it returns those
// that were there.
func RevokeCommands(store trust.Store, agent, project string, keys []string, all bool) ([]string, error) {
	return RevokeSpecs(store, commandsStoreKey, agent, project, keys, all)
}

// RevokeSpecs is RevokeCommands in section of Hookwarden's store.
func RevokeSpecs(store trust.Store, section, agent, project string, keys []string, all bool) ([]string, error) {
	var removed []string
	err := store.Update(func(d *trust.StoreData) error {
		removed = removed[:0]
		p, err := specsProject(d, section, agent, project, false)
		if err != nil || p == nil {
			return err
		}
		if all {
			keys = sortedKeys(p.Approved)
		}
		now := time.Now().UTC().Format(time.RFC3339)
		for _, k := range keys {
			if Retire(p.Approved, &p.Revoked, k, func(ap *CommandApproval) { ap.RevokedAt = now }) {
				removed = append(removed, k)
			}
		}
		return nil
	})
	return removed, err
}

// SelectCommands picks commands by selector: a hook ID, a fingerprint (or
// a prefix of at least 8 characters), the command's name, or its label.
// It returns the selectors that matched none.
func SelectCommands(specs []CommandSpec, selectors []string) ([]CommandSpec, []string) {
	picked := make([]bool, len(specs))
	var missing []string
	for _, sel := range selectors {
		found, alone := false, slices.IndexFunc(specs, func(c CommandSpec) bool { return c.Hook.ID == sel })
		for i, c := range specs {
			if alone >= 0 && i != alone {
				continue // an ID names its spec alone
			}
			k := c.Key()
			if c.Hook.ID == sel || k == sel || (len(sel) >= 8 && strings.HasPrefix(k, sel)) || c.Hook.Name == sel || c.Label == sel {
				picked[i], found = true, true
			}
		}
		if !found {
			missing = append(missing, sel)
		}
	}
	var out []CommandSpec
	for i, c := range specs {
		if picked[i] {
			out = append(out, c)
		}
	}
	return out, missing
}

// WithCommands is an agent's review document with the review of its
// commands that are not hooks as one more member, "commands" (the
// document must encode as a JSON object).
func WithCommands(doc any, commands []HookReview) any {
	return withCommands{doc: doc, commands: commands}
}

type withCommands struct {
	doc      any
	commands []HookReview
}

func (w withCommands) MarshalJSON() ([]byte, error) {
	base, err := json.Marshal(w.doc)
	if err != nil {
		return nil, err
	}
	cmds, err := json.Marshal(w.commands)
	if err != nil {
		return nil, err
	}
	if len(base) < 2 || base[0] != '{' {
		return nil, fmt.Errorf("a review document is not a JSON object")
	}
	if string(base) == "{}" {
		return []byte(`{"commands":` + string(cmds) + `}`), nil
	}
	return []byte(string(base[:len(base)-1]) + `,"commands":` + string(cmds) + `}`), nil
}

// ApproveCommandsFor is the part of an Approve that concerns commands
// that are not hooks: with all, every one of specs; else those the
// selectors name. It records them in Hookwarden's store (after Recheck,
// when any is picked) and returns the selectors that named none, for the
// agent's own hooks, with what it wrote added to res.
func ApproveCommandsFor(ctx context.Context, env Env, p Project, store trust.Store, agent, project string, specs []CommandSpec, req ApproveRequest, now time.Time, res *ApproveResult) ([]string, error) {
	pc, rest, err := PrepareCommandsFor(ctx, env, p, store, agent, project, specs, req, now)
	if err != nil || pc == nil {
		return rest, err
	}
	if err := store.Update(pc.Apply); err != nil {
		return rest, err
	}
	pc.Report(res, store.Path())
	return rest, nil
}

// PreparedCommands is the part of an approval that concerns commands
// that are not hooks (and user hooks that reach the project), checked and
// fingerprinted, not written yet: an agent that approves its own hooks in
// the same store applies both in one update (all or nothing).
type PreparedCommands struct {
	*PreparedSpecs
	labels []string
}

// PrepareCommandsFor is ApproveCommandsFor without the write: the
// commands picked (all with All, else those the selectors name), checked
// against the review the user saw (Recheck), against the disk (their
// files unchanged since Open: UnchangedOnDisk) and for what cannot be
// watched (CheckUnwatched), and fingerprinted. It returns nil when none is
// picked, and the selectors that named none. The store is read through
// env (the command's one decode of it).
func PrepareCommandsFor(ctx context.Context, env Env, p Project, store trust.Store, agent, project string, specs []CommandSpec, req ApproveRequest, now time.Time) (*PreparedCommands, []string, error) {
	data, err := env.LoadStore(store)
	if err != nil {
		return nil, req.IDs, err
	}
	specs = settleReach(data, agent, project, specs)
	picked, rest := specs, []string(nil)
	if !req.All {
		picked, rest = SelectCommands(specs, req.IDs)
	}
	if len(picked) == 0 {
		return nil, rest, nil
	}
	if err := Recheck(ctx, p, req.Reviewed); err != nil {
		return nil, rest, err
	}
	var ids []string
	var held []*hooks.Hook
	for _, c := range picked {
		// every picked command, not only the hooks: an MCP server whose
		// script cannot be followed to the end needs the same confirmation
		ids = append(ids, c.Hook.ID)
		held = append(held, c.Hook)
	}
	if err := UnchangedOnDisk(p, held); err != nil {
		return nil, rest, err
	}
	if err := CheckUnwatched(ctx, p, ids, req.AcceptUnwatched); err != nil {
		return nil, rest, err
	}
	ps, err := PrepareSpecs(commandsStoreKey, agent, project, picked, now)
	if err != nil {
		return nil, rest, err
	}
	pc := &PreparedCommands{PreparedSpecs: ps}
	for _, c := range picked {
		pc.labels = append(pc.labels, c.Label)
	}
	return pc, rest, nil
}

// Report adds what was approved to res, once Apply was written.
func (pc *PreparedCommands) Report(res *ApproveResult, storePath string) {
	res.Approved = append(res.Approved, pc.labels...)
	if !slices.Contains(res.Files, storePath) {
		res.Files = append(res.Files, storePath)
	}
	res.Written = append(res.Written, Written{Count: len(pc.Keys), What: "command", Store: storePath})
}

// RevokeCommandsFor is the part of a Revoke that concerns commands that
// are not hooks: every approval of the project's (All), those of the
// commands the selectors name or their fingerprints, and (Gone) those
// that match no command any more. It returns the selectors that named
// none, with what it removed added to res.
func RevokeCommandsFor(store trust.Store, data *trust.StoreData, agent, project string, specs []CommandSpec, req RevokeRequest, res *RevokeResult) ([]string, error) {
	var keys, rest []string
	specs = settleReach(data, agent, project, specs)
	if !req.All {
		var picked []CommandSpec
		picked, rest = SelectCommands(specs, req.IDs)
		for _, c := range picked {
			keys = append(keys, c.Key())
		}
		if p, err := commandsProject(data, agent, project, false); err == nil && p != nil {
			var still []string
			for _, sel := range rest {
				if p.Approved[sel] != nil {
					keys = append(keys, sel)
				} else {
					still = append(still, sel)
				}
			}
			rest = still
		}
		if req.Gone {
			cr, err := ReviewCommands(data, agent, project, specs)
			if err != nil {
				return rest, err
			}
			for _, g := range cr.Gone {
				keys = append(keys, g.Key)
			}
		}
	}
	if !req.All && len(keys) == 0 {
		return rest, nil
	}
	removed, err := RevokeCommands(store, agent, project, keys, req.All)
	if err != nil {
		return rest, err
	}
	if len(removed) > 0 {
		res.Revoked = append(res.Revoked, removed...)
		res.Files = append(res.Files, store.Path())
		res.Written = append(res.Written, Written{Count: len(removed), What: "command approval", Store: store.Path()})
	}
	return rest, nil
}

// AddCommands adds the review of commands that are not hooks to r: their
// reviews after the hooks', their gone approvals, whether any needs
// review, and the store file approving them writes.
func (r *Review) AddCommands(cr *CommandReview, storePath string) {
	if cr == nil {
		return
	}
	r.Hooks = append(r.Hooks, cr.Hooks...)
	r.Gone = append(r.Gone, cr.Gone...)
	r.NeedsReview = r.NeedsReview || cr.NeedsReview
	if len(cr.Hooks)+len(cr.Gone) > 0 && storePath != "" && !slices.Contains(r.Files, storePath) {
		r.Files = append(r.Files, storePath)
	}
}

// CommandMembers are the members of a command that is not a hook in the
// list document, after the agent's own: its kind, when the agent runs it
// and whether the agent asks first (none for a hook).
func CommandMembers(h *hooks.Hook) Document {
	if h.IsHook() {
		return nil
	}
	return Document{Member("kind", string(h.Kind)), Member("when", h.When), Member("gate", h.Gate)}
}

// CommandDetails are what a command that is not a hook runs (run, or nil
// for its command line or the URL it connects to), its environment, the
// agent's extra fields, when the agent (title) runs it and whether it
// asks first.
func CommandDetails(h *hooks.Hook, title string, run []Field, extra ...Field) []Field {
	out := []Field{{Key: "kind", Label: "Kind", Value: h.Kind.Title() + " " + h.Name, JSON: string(h.Kind)}}
	switch {
	case run != nil:
		out = append(out, run...)
	case h.Command != "":
		out = append(out, Field{Key: "command", Label: "Command", Value: h.Command, Code: true})
	case h.Description != "":
		out = append(out, Field{Key: "url", Label: "Command", Value: "connects to " + h.Description, JSON: h.Description, Code: true})
	}
	if len(h.Env) > 0 {
		var lines []string
		for _, k := range slices.Sorted(maps.Keys(h.Env)) {
			lines = append(lines, k+"="+h.Env[k])
		}
		out = append(out, Field{Key: "env", Label: "Environment", Value: strings.Join(lines, "\n"), JSON: h.Env, Code: true, Lines: true})
	}
	out = append(out, extra...)
	gate := h.Gate
	if gate == "" {
		gate = "no"
	}
	return append(out, Field{Key: "when", Label: "Runs", Value: h.When, JSON: h.When},
		Field{Key: "gate", Label: title + " asks first", Value: gate, JSON: h.Gate})
}
