// Package copilotlog reads GitHub Copilot CLI's own record of its hook
// runs (~/.copilot/session-state/<session>/events.jsonl, 1.0.102) for
// `hookwarden history import`: an agents.LogImporter for an agent
// Hookwarden does not register yet. Each hook.start line holds the
// dispatcher's input of one hook event; the payloads the hooks got are
// rebuilt from it.
package copilotlog
