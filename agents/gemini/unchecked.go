package gemini

import (
	"fmt"
	"maps"
	"strings"

	"github.com/hookwarden/hookwarden/trust"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// uncheckedProjectHooks lists the hooks the project decides that Gemini
// CLI 0.61 runs without its trust check ever seeing them:
//
//   - a workspace event written as one object instead of a list: the
//     settings merge wraps it and runs it, while getUntrustedHooks skips
//     every value that is not an array;
//   - extension hooks the registry marks ProjectControlled: their command
//     takes a ${NAME} from the project's .env, or they come from a home
//     folder the project's .env moved Gemini to (GEMINI_CLI_HOME).
//
// Their keys are formed as Gemini forms any hook's (name:command, the
// command hydrated) and their Fields as for workspace entries (the
// settings' environment values included), so a change of a .env value
// shows as a changed hook or a changed definition.
//
// reg is hooks.Build(snap).
func uncheckedProjectHooks(snap *Project, reg *Registry) []trust.ProjectHook {
	if snap == nil || reg == nil {
		return nil
	}
	shared := trust.Definition{}
	if ws := workspaceFile(snap); ws != nil && ws.Root != nil {
		shared = workspaceFields(ws.Root)
	}
	var out []trust.ProjectHook
	for _, h := range reg.Hooks {
		var why string
		switch {
		case h.Origin.Layer == settingsio.LayerWorkspace && isWrappedObject(h):
			why = fmt.Sprintf("hooks.%s is written as one object: Gemini CLI runs it but its trust check skips it, so it never warns about it", h.Event)
		case FactsOf(h).ProjectControlled != "":
			why = FactsOf(h).ProjectControlled + "; Gemini CLI's trust check only looks at the workspace settings"
		default:
			continue
		}
		if h.Status == hooks.StatusInvalid || h.Type == "runtime" {
			continue
		}
		ph := trust.ProjectHook{Event: string(h.Event), Matcher: h.Matcher, Definition: -1, Index: -1,
			Path: h.Origin.Path, HookID: h.ID, Name: h.Name, Type: h.Type, IsCommand: h.Type == "command",
			Line: h.Origin.Line, Column: h.Origin.Column, Unchecked: why, File: h.Origin.File, Hydrated: FactsOf(h).Hydrated}
		if ph.IsCommand {
			ph.Command, ph.RawCommand = h.Command, h.RawCommand
		}
		ph.Key = ph.Name + ":" + ph.Command
		ph.Fields = uncheckedFields(h, shared)
		ph.Env = ph.Fields.Env()
		ph.Label = disableName(h)
		ph.LabelID = "s" + ph.Label
		out = append(out, ph)
	}
	return out
}

// isWrappedObject reports whether a hook sits in a definition written
// directly under its event (path hooks.<Event>.hooks[i], not
// hooks.<Event>[d].hooks[i]).
func isWrappedObject(h *hooks.Hook) bool {
	return strings.HasPrefix(h.Origin.Path, "hooks."+string(h.Event)+".hooks[")
}

// criticalFindings are the critical diagnostics of a snapshot's registry
// (a .env file of the project that moves Gemini's home or takes over the
// programs hooks run).
func criticalFindings(reg *Registry) []hooks.Diagnostic {
	out := []hooks.Diagnostic{}
	for _, d := range reg.Diagnostics {
		if d.Severity == hooks.SeverityCritical {
			out = append(out, d)
		}
	}
	return out
}

// uncheckedFields is the Definition of a hook Gemini's check never sees,
// as definitionOf forms it for workspace entries, with the environment
// values an extension's settings add (Gemini merges them over the hook's
// own env) and the workspace settings shared by every hook.
func uncheckedFields(h *hooks.Hook, shared trust.Definition) trust.Definition {
	d := definitionOf(string(h.Event), nil, h.Node)
	if h.HasMatcher && h.Matcher != "" {
		d[trust.FieldMatcher] = trust.JSONText(h.Matcher)
	}
	if FactsOf(h).Sequential {
		d[trust.FieldSequential] = "true"
	}
	for _, hy := range FactsOf(h).Hydrated {
		if hy.AsEnv {
			d[trust.EnvFieldPrefix+hy.Name] = trust.JSONText(hy.Value)
		}
	}
	maps.Copy(d, shared)
	return d
}
