package trust

import (
	"fmt"
	"sort"
	"strings"

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
// command hydrated), so a change of the .env value changes the key and
// shows as a changed hook.
func uncheckedProjectHooks(snap *settingsio.Snapshot) []ProjectHook {
	if snap == nil {
		return nil
	}
	reg := hooks.Build(snap)
	var out []ProjectHook
	for _, h := range reg.Hooks {
		var why string
		switch {
		case h.Origin.Layer == settingsio.LayerWorkspace && isWrappedObject(h):
			why = fmt.Sprintf("hooks.%s is written as one object: Gemini CLI runs it but its trust check skips it, so it never warns about it", h.Event)
		case h.ProjectControlled != "":
			why = h.ProjectControlled + "; Gemini CLI's trust check only looks at the workspace settings"
		default:
			continue
		}
		if h.Status == hooks.StatusInvalid || h.Type == "runtime" {
			continue
		}
		ph := ProjectHook{Event: string(h.Event), Matcher: h.Matcher, Definition: -1, Index: -1,
			Path: h.Origin.Path, HookID: h.ID, Name: h.Name, Type: h.Type, IsCommand: h.Type == "command",
			Line: h.Origin.Line, Column: h.Origin.Column, Unchecked: why, File: h.Origin.File, Hydrated: h.Hydrated}
		if ph.IsCommand {
			ph.Command, ph.RawCommand = h.Command, h.RawCommand
		}
		// Gemini never checks these keys, so Hookwarden's can hold more:
		// the environment values the project's .env gives the hook, so
		// that a change of them is a changed hook too.
		ph.Key = ph.Name + ":" + ph.Command + envKeySuffix(h.Hydrated)
		ph.Label = h.DisableName()
		ph.labelID = "s" + ph.Label
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

// criticalFindings are the registry's critical diagnostics for snap (a
// .env file of the project that moves Gemini's home or takes over the
// programs hooks run).
func criticalFindings(snap *settingsio.Snapshot) []hooks.Diagnostic {
	out := []hooks.Diagnostic{}
	for _, d := range hooks.Build(snap).Diagnostics {
		if d.Severity == hooks.SeverityCritical {
			out = append(out, d)
		}
	}
	return out
}

// envKeySuffix is " (env K=V, …)" for the environment values a hook gets
// from the project's .env file, sorted; "" when it gets none.
func envKeySuffix(hs []hooks.Hydration) string {
	var kv []string
	for _, hy := range hs {
		if hy.AsEnv && hy.Workspace {
			kv = append(kv, hy.Name+"="+hy.Value)
		}
	}
	if len(kv) == 0 {
		return ""
	}
	sort.Strings(kv)
	return " (env " + strings.Join(kv, ", ") + ")"
}
