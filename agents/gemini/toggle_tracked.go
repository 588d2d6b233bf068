package gemini

import (
	"context"
	"fmt"

	"github.com/hookwarden/hookwarden/settingsio"
)

// tracked says whether a settings file the switch would edit is tracked by
// git.
type tracked struct {
	Path    string `json:"path"`
	Tracked bool   `json:"tracked"`
	// Unknown says why it could not be told (git missing, git failed);
	// Tracked is then false.
	Unknown string `json:"unknown,omitempty"`
}

// WorkspaceTracked tells whether the workspace settings file is tracked by
// git (settingsio.GitTracked), so that the switch can say so before it
// edits a file the user shares with their repository: the edit would show
// in `git status` and stop the next `git pull` that touches the file.
func (t *toggler) WorkspaceTracked(ctx context.Context) tracked {
	f, err := t.writableFile(settingsio.LayerWorkspace)
	if err != nil {
		return tracked{}
	}
	tr := tracked{Path: f.Path}
	ok, err := settingsio.GitTracked(ctx, f.Path, t.Env)
	if err != nil {
		tr.Unknown = err.Error()
		return tr
	}
	tr.Tracked = ok
	return tr
}

// trackedMessage is what the switch says before it would edit a tracked
// workspace file for name ("" for every hook): why it stops, and what the
// user scope means instead.
func trackedMessage(path, name string) string {
	what := fmt.Sprintf("disabling %q", name)
	if name == "" {
		what = "disabling every hook"
	}
	return fmt.Sprintf("%s is tracked by git: %s there changes a file you share with the repository (it shows in git status, and the next git pull that touches it stops on the local change). %s",
		path, what, userScopeNote(name))
}

// userScopeNote explains the user scope: Gemini CLI matches
// hooksConfig.disabled by name (or by command for an unnamed hook) in every
// project.
func userScopeNote(name string) string {
	if name == "" {
		return "The user scope (your ~/.gemini/settings.json) instead disables those names and commands for you only, but in every project."
	}
	return fmt.Sprintf("The user scope (your ~/.gemini/settings.json) instead disables %q for you only, but in every project: Gemini CLI turns off any hook with that name (or, unnamed, that command) wherever it runs.", name)
}
