package agents

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// User hooks that run project code (issue 20, item 6). A hook of the
// user's own settings, the system's or an extension the user installed is
// the user's, and the agents' reviews leave it alone. But `make -s
// format`, `npm run lint`, `npx prettier --write` or `pytest` run in the
// project's folder run what the project's Makefile, package.json,
// node_modules/.bin, prettier.config.js or conftest.py say: the project
// decides what such a hook runs, and a pull changes it. Such a hook is
// reviewed per project like a command of the project (the shared command
// review, Hookwarden's store, section "commands"), with the project files
// it reaches fingerprinted; the dry run holds it like an unapproved
// project hook until approved.
//
// The agent supplies facts only: its hooks, which of them its own review
// already covers, and how it runs a command (trust.Runtime).

// ReachLabel is how the review names a user hook that runs project code.
const ReachLabel = "runs project code"

// ReachingHooks are the hooks of hs the agent's own review does not cover
// (and its commands that are not hooks: the shell commands of the user's
// own slash commands and skills, the user's MCP servers, which run in the
// project too)
// (reviewed reports those it does) whose command, run as rt says in the
// project folder, reaches code the project controls: trust's
// Discovery.ProjectCode is not empty. Those whose reach only a run can
// show (Discovery.Foreign: mytool, which may load ./.mytoolrc.js by
// itself) come too, with CommandSpec.Foreign set and no Reaches: the
// shared review settles them against their traces in the store
// (settleReach; TraceUserHooks records them). Scripts of the user's home that such
// a hook runs (~/.claude/hooks/fmt.sh) are followed too (home is a root),
// so that a `make` inside one is found. Each comes as a CommandSpec for
// the shared command review (ReviewCommands, ApproveCommandsFor,
// RevokeCommandsFor), with Reaches saying what of the project it runs.
func ReachingHooks(project, home string, hs []*hooks.Hook, rt trust.Runtime, reviewed func(*hooks.Hook) bool) []CommandSpec {
	return ReachingHooksIn(project, home, hs, rt, reviewed, nil)
}

// ReachingHooksIn is ReachingHooks for an agent that starts a hook in a
// folder of its own: cwd says which ("": the project; nil: every hook in
// the project). Its reach, and then its review, are found from there.
func ReachingHooksIn(project, home string, hs []*hooks.Hook, rt trust.Runtime, reviewed func(*hooks.Hook) bool, cwd func(*hooks.Hook) string) []CommandSpec {
	var out []CommandSpec
	var roots []string
	if home != "" {
		roots = []string{home}
	}
	for _, h := range hs {
		if h == nil || h.Type != "command" || strings.TrimSpace(h.Command) == "" || reviewed(h) {
			continue
		}
		if h.Status == hooks.StatusDisabled {
			continue // the agent does not run it; enabling it is a change to the user's own file
		}
		dir := ""
		if cwd != nil {
			dir = cwd(h)
		}
		d, err := trust.DiscoverHookIn(h.Command, project, dir, h.Env, roots, rt)
		var reaches []string
		if err != nil {
			continue // a command that does not parse runs nothing (the agent's shell says so)
		}
		reaches = d.ProjectCode(project)
		if len(reaches) == 0 && (len(d.Foreign) == 0 || OwnHook(h.Command)) {
			// Hookwarden's own protective hook or observer reads the
			// project as its job and runs none of its code: no trace to ask
			// for (one that names project code is still reviewed)
			continue
		}
		rtc := rt
		c := CommandSpec{Hook: h, Label: reachLabel(h), Fields: reachFields(h), ScriptCommand: h.Command,
			ScriptRoots: roots, ScriptCwd: dir, Runtime: &rtc, Reaches: reaches}
		if len(reaches) == 0 {
			c.Foreign = d.ForeignReach() // settled against its traces (settleReach)
		}
		out = append(out, c)
	}
	return out
}

func reachLabel(h *hooks.Hook) string {
	name := h.Name
	if name == "" {
		name = h.Command
	}
	if !h.IsHook() { // a command of the user's own that is not a hook (an MCP server, a slash command's shell)
		return fmt.Sprintf("%s %s %s (%s): %s", h.Origin.Layer, h.Kind.Title(), name, ReachLabel, h.Command)
	}
	return fmt.Sprintf("%s hook %s %s (%s): %s", h.Origin.Layer, h.Event, name, ReachLabel, h.Command)
}

// reachFields are what of a user hook changes what it runs: its event,
// matcher, command, type, timeout and env.
func reachFields(h *hooks.Hook) trust.Definition {
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) }
	d := trust.Definition{trust.FieldEvent: q(string(h.Event)), "command": q(h.Command), "type": q(h.Type), "name": q(h.Name)}
	if h.HasMatcher {
		d[trust.FieldMatcher] = q(h.Matcher)
	}
	if h.HasTimeout {
		d["timeout"] = strconv.FormatInt(h.TimeoutMS, 10)
	}
	for k, v := range h.Env {
		d[trust.EnvFieldPrefix+k] = q(v)
	}
	return d
}

// HoldReachingOf is a GateRule.Hold that holds the hooks specs gives
// (HoldReaching) with the data of store, read when the gate is made (a
// store that cannot be read holds every one).
func HoldReachingOf(store trust.Store, agent, project string, specs func() []CommandSpec) func(*RunGate) {
	return func(g *RunGate) {
		data, _ := store.Load()
		g.HoldReaching(data, agent, project, specs())
	}
}

// HoldReaching adds to the gate's Review the planned hooks among specs
// (ReachingHooks) whose shared review, against data, is not verified:
// not approved for this project, changed, a project file they reach
// changed, or running code Hookwarden cannot watch; and those whose reach
// only a run shows that were never traced in this project. A nil data
// (the store could not be read) holds every one. Call it before Choose.
func (g *RunGate) HoldReaching(data *trust.StoreData, agent, project string, specs []CommandSpec) {
	planned := map[string]*hooks.Hook{}
	for _, h := range g.Planned {
		planned[h.ID] = h
	}
	held := map[string]bool{}
	for _, s := range g.Review {
		held[s.ID] = true
	}
	// A user hook whose reach only a run shows, never traced here, may
	// run what the project's files say (mytool loading ./.mytoolrc.js):
	// the dry run holds it too (the sandbox shows it), not for real.
	var traced map[string]*CommandApproval
	if data != nil {
		if p, err := commandsProject(data, agent, project, false); err == nil && p != nil {
			traced = p.Traced
		}
	}
	for _, c := range specs {
		if c.Foreign != "" && traced[c.Key()] == nil && planned[c.Hook.ID] != nil && !held[c.Hook.ID] {
			held[c.Hook.ID] = true
			g.Review = append(g.Review, Skip{Hook: planned[c.Hook.ID], ID: c.Hook.ID, Reason: "a hook of your own settings that runs " + c.Foreign +
				", which may open files of this project by itself; never traced here, so what it runs of the project is not known (hookwarden trust --trace-user)"})
		}
	}
	var mine []CommandSpec
	if data != nil {
		specs = settleReach(data, agent, project, specs)
	} else {
		specs = staticReach(specs)
	}
	for _, c := range specs {
		if planned[c.Hook.ID] != nil && !held[c.Hook.ID] {
			mine = append(mine, c)
		}
	}
	if len(mine) == 0 {
		return
	}
	var cr *CommandReview
	if data != nil {
		cr, _ = ReviewCommands(data, agent, project, mine)
	}
	for i, c := range mine {
		h := planned[c.Hook.ID]
		why := "a hook of your own settings that runs the project's code (" + strings.Join(c.Reaches, ", ") + "), not approved for this project"
		if cr != nil {
			rv := cr.Hooks[i]
			if rv.Verified() {
				continue
			}
			switch {
			case rv.Status == trust.StatusScriptChanged:
				why = "a hook of your own settings whose project code changed since it was approved: " + strings.Join(changedScripts(rv.HookReview), ", ")
			case rv.Status == trust.StatusChanged || rv.Status == trust.StatusDefinitionChanged:
				why = "a hook of your own settings that runs the project's code, changed since it was approved"
			case !rv.NeedsReview():
				why = "a hook of your own settings that runs the project's code, part of which Hookwarden cannot watch: " + trust.UnseenList(rv.Unresolved)
			}
		}
		g.Review = append(g.Review, Skip{Hook: h, ID: h.ID, Reason: why})
	}
}

// changedScripts are the paths of the flagged scripts of a review.
func changedScripts(rv trust.HookReview) []string {
	var out []string
	for _, s := range rv.Scripts {
		if s.Flagged {
			out = append(out, s.Path)
		}
	}
	return out
}

// ReviewEnv is the env of h (a hook's, or a command's such as an MCP
// server's) as its review reads it: each value as JSON text
// (trust.ProjectHook.Env), where h.Env holds the values themselves, as
// approval read them (PrepareSpecs passes c.Hook.Env to discovery).
// Passed as they were, a value that is not JSON read as unknown; left
// out, the review never followed the BASH_ENV and LD_PRELOAD files the
// approval fingerprinted, so a change to them read as trusted. Every
// review of a command (a spec here, an agent's own review of
// its handlers) takes its env from here.
func ReviewEnv(h *hooks.Hook) map[string]string {
	var env map[string]string
	for k, v := range h.Env {
		if env == nil {
			env = make(map[string]string, len(h.Env))
		}
		env[k] = string(hooks.AppendJSON(nil, v))
	}
	return env
}

// reachReviewOf is the review of a user hook that runs project code, in
// the shape of a command's.
func reachReviewOf(c CommandSpec) HookReview {
	h := c.Hook
	rv := trust.HookReview{DiscoverCommand: c.ScriptCommand, ScriptRoots: c.ScriptRoots, ScriptCwd: c.ScriptCwd}
	rv.ProjectHook = trust.ProjectHook{
		Event: string(h.Event), Path: h.Origin.Path, HookID: h.ID, Name: h.Name, Matcher: h.Matcher,
		Command: c.Label, RawCommand: c.ScriptCommand, Type: h.Type, IsCommand: c.ScriptCommand != "", Env: ReviewEnv(h),
		Key: c.Key(), Label: c.Label, Line: h.Origin.Line, Column: h.Origin.Column, Fields: c.Fields,
	}
	var fields []Field
	if len(c.Reaches) > 0 { // a user hook reaching the project; a project's own hook needs no such words
		fields = []Field{{Key: "kind", Label: "Kind", Value: "a hook of " + string(h.Origin.Layer) + " settings that runs code of this project, reviewed for this project"},
			{Key: "reaches", Label: "Project code", Value: strings.Join(c.Reaches, "\n"), JSON: c.Reaches, Code: true}}
	}
	return HookReview{HookReview: rv, HookID: h.ID, Layer: h.Origin.Layer, File: h.Origin.File, Label: c.Label, Fields: fields}
}

// TraceCommand adds the files a traced run saw to the approval of key in
// the store's commands section (a command that is not a hook, or a user
// hook that runs project code), inside a store update: it reports whether
// there was one. Every agent's RecordTrace falls back to it.
func TraceCommand(d *trust.StoreData, agent, project, key string, seen []trust.ScriptSnapshot) bool {
	return TraceSpec(d, commandsStoreKey, agent, project, key, seen)
}

// TraceSpec adds the files a traced run saw to the approval of key in an
// agent's store section of reviewed hooks (PrepareSpecs: section),
// inside a store update: it reports whether there was one.
func TraceSpec(d *trust.StoreData, section, agent, project, key string, seen []trust.ScriptSnapshot) bool {
	p, err := specsProject(d, section, agent, project, false)
	if err != nil || p == nil || p.Approved[key] == nil {
		return false
	}
	p.Approved[key].Scripts = trust.WithTraced(p.Approved[key].Scripts, seen)
	return true
}
