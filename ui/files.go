package ui

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

// fileCondition is what the Files view says about a file.
type fileCondition int

const (
	fileOK fileCondition = iota
	fileMissing
	fileIgnored
	fileBroken
	// fileAbsent: the layer has no file at all (the workspace of a project
	// that is the home folder).
	fileAbsent
)

// conditionOf is the view's condition of an agent's file state.
var conditionOf = map[agents.FileState]fileCondition{
	agents.FileOK: fileOK, agents.FileMissing: fileMissing, agents.FileIgnored: fileIgnored,
	agents.FileBroken: fileBroken, agents.FileAbsent: fileAbsent,
}

// fileState is one file the project's hooks or their trust come from.
type fileState struct {
	// Agent is the title of the agent that reads the file.
	Agent string
	// Kind is the badge caption ("workspace", "extension", "trust", …) and
	// Name tells files of one kind apart (an extension's name, the trust
	// file's role); Layer colours the badge ("" for trust files).
	Kind      string
	Name      string
	Layer     settingsio.Layer
	Path      string
	Condition fileCondition
	// Detail is the reason or the error, with line:column.
	Detail string
	// Hooks is the number of hooks configured in the file.
	Hooks int
	// Also are the other registered agents that read the file, each as
	// "<title> (<its state>)" (agents.Readers); nil when none.
	Also []string
}

// alsoReadBy fills in each file's Also: the agents of readers other than
// the one named agent that read it, with the file's state in their eyes.
func alsoReadBy(files []fileState, readers map[string][]agents.FileReader, agent string) {
	for i := range files {
		for _, r := range readers[agents.FileKey(files[i].Path)] {
			if r.Title == agent {
				continue
			}
			state := string(r.State)
			if r.Note != "" {
				state += ": " + r.Note
			}
			files[i].Also = append(files[i].Also, r.Title+" ("+state+")")
		}
	}
}

// fileStates are the agent's layers as the Files view lists them.
func fileStates(layers []agents.Layer, agent string) []fileState {
	out := make([]fileState, 0, len(layers))
	for _, l := range layers {
		out = append(out, fileState{Agent: agent, Kind: l.Kind, Name: l.Label, Layer: l.Layer, Path: l.Path,
			Condition: conditionOf[l.State], Detail: l.Note, Hooks: l.Hooks})
	}
	return out
}
