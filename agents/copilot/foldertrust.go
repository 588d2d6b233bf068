package copilot

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

// trustState is Copilot's own trust of the session folder, as load
// decides it (FolderTrust is its neutral form).
type trustState struct {
	// Trusted: the repository layers load.
	Trusted bool
	// Rule says what decided, in words; Folder is the trustedFolders
	// entry that trusts the folder ("" none).
	Rule   string
	Folder string
	// AllowAll and OptIn are COPILOT_ALLOW_ALL=true and
	// GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS=true.
	AllowAll bool
	OptIn    bool
	// Folders are config.json's trustedFolders; ConfigErr says why it
	// cannot be read ("" when it can).
	Folders   []string
	ConfigErr string
}

// FolderTrust is Copilot's trust of the folder in the neutral form.
func (p *project) FolderTrust() agents.FolderTrust {
	t := p.Trust
	state := "untrusted"
	switch {
	case t.Trusted:
		state = "trusted"
	case t.OptIn:
		state = "untrusted (repository hooks opted in)"
	}
	reason := t.Rule
	if !t.Trusted && !t.OptIn {
		reason += "; repository hooks are skipped silently by Copilot CLI"
	}
	return agents.FolderTrust{Supported: true, Trusted: t.Trusted || t.OptIn, State: state, Source: p.Paths.Config,
		Reason: reason, Levels: []string{"trusted", "untrusted"}}
}

// FolderTrustDetails are Copilot's trust decision for the folder in rows.
func (p *project) FolderTrustDetails() ([]agents.Field, error) {
	ft, t := p.FolderTrust(), p.Trust
	rows := []agents.Field{
		{Key: "project", Label: "project", Value: p.Dir(), Code: true},
		{Key: "folder_trust", Label: "folder trust", Value: ft.State},
		{Key: "rule", Label: "rule", Value: t.Rule},
		{Key: "repository_files", Label: "repository files", Value: p.Paths.RepoRoot, Code: true},
		{Key: "file", Label: "file", Value: p.Paths.Config, Code: true},
		{Key: "session", Label: "not recorded", Value: "`copilot --trust-folder` trusts the folder for one session only; in a git subfolder it then reads the subfolder's .github/hooks, not the git root's"},
	}
	if t.ConfigErr != "" {
		return rows, fmt.Errorf("%s (Copilot cannot read the folder trust)", t.ConfigErr)
	}
	return rows, nil
}

// SetFolderTrust adds the folder to trustedFolders in ~/.copilot/config.json
// ("trusted") or removes every entry that trusts it ("untrusted"): the
// list Copilot reads (observed), every other byte kept.
func (p *project) SetFolderTrust(_ context.Context, level string) (*agents.FolderTrustResult, error) {
	if level != "trusted" && level != "untrusted" {
		return nil, &agents.InputError{Msg: fmt.Sprintf("unknown Copilot CLI trust level %q (want trusted or untrusted)", level)}
	}
	path, dir := p.Paths.Config, p.Dir()
	decide := func(list *settingsio.Node) (settingsio.ListChange, error) {
		var ch settingsio.ListChange
		found := false
		if list != nil {
			for i, it := range list.Items {
				if it.Kind != settingsio.String {
					continue
				}
				f := filepath.Clean(it.Raw)
				if f == dir {
					found = true
				}
				if level == "untrusted" && within(dir, f) {
					ch.Remove = append(ch.Remove, i)
				}
			}
		}
		if level == "trusted" && !found {
			ch.Append = []string{dir}
		}
		return ch, nil
	}
	b, changed, err := agents.PatchListFile(path, []string{"trustedFolders"}, decide)
	if err != nil {
		return nil, editError(path, err)
	}
	msg := fmt.Sprintf("added %s to trustedFolders in %s", dir, path)
	if level == "untrusted" {
		msg = fmt.Sprintf("removed the trustedFolders entries of %s and the folders above it from %s", dir, path)
	}
	if len(changed) == 0 {
		msg = "nothing to write: " + path + " already says so"
	}
	if level == "untrusted" && p.Trust.AllowAll {
		msg += " (COPILOT_ALLOW_ALL=true still trusts every folder)"
	}
	res := &agents.FolderTrustResult{Message: msg, Files: changed, Backup: b}
	if res.Files == nil {
		res.Files = []string{}
	}
	return res, nil
}

// editError words an error of editing config.json: a file Copilot reads
// (comments and trailing commas allowed) that Hookwarden will not edit (a
// trailing comma) is never said to be one Copilot refuses.
func editError(path string, err error) error {
	data, rerr := settingsio.ReadRegularFile(path)
	if rerr != nil {
		return err
	}
	if _, perr := settingsio.ParseJWCC(path, data); perr != nil {
		return err
	}
	if _, perr := settingsio.ParseJSONC(path, data); perr != nil {
		return fmt.Errorf("%s:%d:%d: Copilot CLI reads this file, but Hookwarden does not edit a file with a trailing comma; remove it (or start copilot once: it rewrites the file) and try again; the file was not changed",
			path, perr.Line, perr.Column)
	}
	return err
}
