package copilot

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

// FolderTrustDetails are Copilot's trust decision for the folder in rows.
func (p *project) FolderTrustDetails() ([]agents.Field, error) {
	ft, t := p.FolderTrust(), p.snap.Trust
	rows := []agents.Field{
		{Key: "project", Label: "project", Value: p.Dir(), Code: true},
		{Key: "folder_trust", Label: "folder trust", Value: ft.State},
		{Key: "rule", Label: "rule", Value: t.Rule},
		{Key: "repository_files", Label: "repository files", Value: p.snap.Paths.RepoRoot, Code: true},
		{Key: "file", Label: "file", Value: p.snap.Paths.Config, Code: true},
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
	path, dir := p.snap.Paths.Config, p.Dir()
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
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	b, changed, err := agents.BackedUp([]string{path}, func() error {
		return settingsio.UpdateFileAtomic(path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
			out, _, err := settingsio.PatchStringList(path, cur, exists, []string{"trustedFolders"}, decide)
			return out, err
		})
	})
	if err != nil {
		return nil, err
	}
	msg := fmt.Sprintf("added %s to trustedFolders in %s", dir, path)
	if level == "untrusted" {
		msg = fmt.Sprintf("removed the trustedFolders entries of %s and the folders above it from %s", dir, path)
	}
	if len(changed) == 0 {
		msg = "nothing to write: " + path + " already says so"
	}
	if level == "untrusted" && p.snap.Trust.AllowAll {
		msg += " (COPILOT_ALLOW_ALL=true still trusts every folder)"
	}
	res := &agents.FolderTrustResult{Message: msg, Files: changed, Backup: b}
	if res.Files == nil {
		res.Files = []string{}
	}
	return res, nil
}
