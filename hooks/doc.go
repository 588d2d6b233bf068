// Package hooks is the hook model and Gemini CLI's hook machinery
// reimplemented: the registry merge of every layer (registry.go), the
// planner (planner.go), the runner (runner.go) and the aggregator
// (aggregator.go). It has no UI and is shared by the GUI and the CLI.
//
// It works on a loaded settingsio.Snapshot value instead of a global
// configuration object.
package hooks
