package claude

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Claude Code's own approval of a project .mcp.json server is its name in
// enabledMcpjsonServers of the project's .claude/settings.local.json:
// that is where 2.1.332's "New MCP server found in this project" dialog
// writes it ("Use this MCP server" appends the name, "Don't use" appends
// it to disabledMcpjsonServers), and it reads a settings.local.json that
// git tracks for no approval (observed in the 2.1.332 bundle: the
// approval check skips localSettings when the file is tracked).
//
// Approving such a server in Hookwarden also records that choice, so that
// an interactive Claude Code does not ask again for what was reviewed;
// Hookwarden remembers what it added (StoreProject.MCPChoices) and
// revoking takes out only that, and a file it created only for it goes
// back to absent.

// mcpChoice is a name Hookwarden added to enabledMcpjsonServers.
type mcpChoice struct {
	File string `json:"file"`
	// Created: the file did not exist before (CreatedDir: nor its folder).
	Created    bool   `json:"created,omitempty"`
	CreatedDir bool   `json:"created_dir,omitempty"`
	WrittenAt  string `json:"written_at"`
}

// mcpChoiceKey is the settings key of Claude Code's approvals.
const mcpChoiceKey = "enabledMcpjsonServers"

// agentMCPServers are the names of the .mcp.json servers among hs (a
// plugin's or the user's own server has no such approval).
func agentMCPServers(hs []*hooks.Hook) []string {
	var names []string
	for _, h := range hs {
		if h.Kind == hooks.KindMCPServer && h.Origin.Layer == LayerProject && filepath.Base(h.Origin.File) == mcpFileName && !slices.Contains(names, h.Name) {
			names = append(names, h.Name)
		}
	}
	return names
}

// recordMCPChoices adds the approved .mcp.json servers of hs to
// enabledMcpjsonServers of .claude/settings.local.json, comments and
// layout kept, atomically; it refuses a file git tracks (Claude Code
// would ignore it there, and the change would go into the repository)
// and leaves a server the user rejected in disabledMcpjsonServers alone.
// It returns the file written ("" when none) and what to tell the user.
func (p *Project) recordMCPChoices(ctx context.Context, hs []*hooks.Hook, store trust.Store) (string, []string, error) {
	names := agentMCPServers(hs)
	if len(names) == 0 {
		return "", nil, nil
	}
	path := p.snap.Paths.Local
	choices := p.reg.readMCPChoices()
	var notes []string
	var want []string
	for _, n := range names {
		if by := choices.disabled[n]; by != "" {
			notes = append(notes, fmt.Sprintf("Claude Code's own choice for %s stays as you made it: rejected in disabledMcpjsonServers (%s)", n, by))
			continue
		}
		want = append(want, n)
	}
	if len(want) == 0 {
		return "", notes, nil
	}
	tracked, err := settingsio.GitTracked(ctx, path, p.env.Vars)
	switch {
	case err != nil && (!errors.Is(err, settingsio.ErrGitUnavailable) || p.snap.RepoRoot != ""):
		// fail closed: in a repository, a file we cannot tell about may be
		// tracked
		return "", append(notes, fmt.Sprintf("Claude Code's own approval was not written: whether git tracks %s cannot be told (%v)", path, err)), nil
	case tracked:
		return "", append(notes, fmt.Sprintf("Claude Code's own approval was not written: git tracks %s, and Claude Code takes no MCP approval from a tracked settings.local.json; it will ask when it starts interactively", path)), nil
	}
	_, dirErr := os.Stat(filepath.Dir(path))
	var added []string
	created := false
	err = settingsio.UpdateFileAtomic(path, 0o644, func(cur []byte, exists bool) ([]byte, error) {
		added, created = added[:0], !exists
		out, changed, err := settingsio.PatchStringList(path, cur, exists, []string{mcpChoiceKey}, func(list *settingsio.Node) (settingsio.ListChange, error) {
			var c settingsio.ListChange
			for _, n := range want {
				if !listHas(list, n) {
					c.Append = append(c.Append, n)
				}
			}
			added = append(added, c.Append...)
			return c, nil
		})
		if err != nil || !changed {
			return cur, err
		}
		if !exists {
			out = append(out, '\n')
		}
		return out, nil
	})
	if err != nil {
		return "", notes, fmt.Errorf("recording Claude Code's own approval in %s: %w", path, err)
	}
	if len(added) == 0 {
		return "", append(notes, "Claude Code already approves "+joinNames(want)+" in "+mcpChoiceKey), nil
	}
	now := p.env.Clock().UTC().Format(time.RFC3339)
	err = store.Update(func(d *trust.StoreData) error {
		sp, err := claudeProject(d, p.snap.ProjectDir)
		if err != nil {
			return err
		}
		if sp.MCPChoices == nil {
			sp.MCPChoices = map[string]*mcpChoice{}
		}
		// A file Hookwarden created stays Hookwarden's for every name it
		// adds later, so the last revoke takes it away.
		rec := mcpChoice{File: path, Created: created, CreatedDir: created && errors.Is(dirErr, fs.ErrNotExist), WrittenAt: now}
		for _, ch := range sp.MCPChoices {
			if ch != nil && ch.File == path && ch.Created {
				rec.Created, rec.CreatedDir = true, rec.CreatedDir || ch.CreatedDir
			}
		}
		for _, n := range added {
			r := rec
			sp.MCPChoices[n] = &r
		}
		return nil
	})
	notes = append(notes, fmt.Sprintf("Claude Code's own approval recorded: %s added to %s in %s (a file git does not track)", joinNames(added), mcpChoiceKey, path))
	return path, notes, err
}

// dropMCPChoices takes out of enabledMcpjsonServers the names Hookwarden
// added for the servers whose approvals were revoked (revoked: their
// approval records), unless another approval of that name still stands;
// a file Hookwarden created that holds nothing else goes back to absent.
func (p *Project) dropMCPChoices(revoked []*Approval, store trust.Store) ([]string, []string, error) {
	var names []string
	for _, ap := range revoked {
		if ap == nil {
			continue
		}
		var d struct{ Kind, Name string }
		if json.Unmarshal([]byte(ap.Definition), &d) == nil && d.Kind == string(hooks.KindMCPServer) && filepath.Base(ap.File) == mcpFileName {
			names = append(names, d.Name)
		}
	}
	if len(names) == 0 {
		return nil, nil, nil
	}
	data, err := store.Load()
	if err != nil {
		return nil, nil, err
	}
	c, _ := storeSection(data)
	if c == nil || c.Projects[p.snap.ProjectDir] == nil {
		return nil, nil, nil
	}
	sp := c.Projects[p.snap.ProjectDir]
	stillApproved := map[string]bool{}
	for _, ap := range sp.Hooks {
		var d struct{ Kind, Name string }
		if ap != nil && json.Unmarshal([]byte(ap.Definition), &d) == nil && d.Kind == string(hooks.KindMCPServer) {
			stillApproved[d.Name] = true
		}
	}
	var files, notes []string
	var dropped []string
	for _, n := range names {
		ch := sp.MCPChoices[n]
		if ch == nil || stillApproved[n] {
			continue
		}
		gone, err := removeChoice(ch, n)
		if err != nil {
			return files, notes, err
		}
		dropped = append(dropped, n)
		if !slices.Contains(files, ch.File) {
			files = append(files, ch.File)
		}
		if gone {
			notes = append(notes, fmt.Sprintf("Claude Code's own approval of %s taken back: %s removed (Hookwarden had created it for it)", n, ch.File))
		} else {
			notes = append(notes, fmt.Sprintf("Claude Code's own approval of %s taken back: removed from %s in %s", n, mcpChoiceKey, ch.File))
		}
	}
	if len(dropped) == 0 {
		return nil, notes, nil
	}
	err = store.Update(func(d *trust.StoreData) error {
		sp, err := claudeProject(d, p.snap.ProjectDir)
		if err != nil {
			return err
		}
		for _, n := range dropped {
			delete(sp.MCPChoices, n)
		}
		return nil
	})
	return files, notes, err
}

// removeChoice takes name out of enabledMcpjsonServers of ch.File; it
// reports whether the file was removed (created by Hookwarden and left
// holding nothing but an empty list).
func removeChoice(ch *mcpChoice, name string) (bool, error) {
	path := ch.File
	empty := false
	err := settingsio.UpdateFileAtomic(path, 0o644, func(cur []byte, exists bool) ([]byte, error) {
		empty = false
		if !exists {
			return cur, nil
		}
		out, changed, err := settingsio.PatchStringList(path, cur, true, []string{mcpChoiceKey}, func(list *settingsio.Node) (settingsio.ListChange, error) {
			var c settingsio.ListChange
			if list == nil {
				return c, nil
			}
			for i, it := range list.Items {
				if it.Is(settingsio.String) && it.Str == name {
					c.Remove = append(c.Remove, i)
				}
			}
			return c, nil
		})
		if err != nil {
			return cur, err
		}
		empty = ch.Created && onlyEmptyChoices(path, out)
		if !changed {
			return cur, nil
		}
		return out, nil
	})
	if err != nil || !empty {
		return false, err
	}
	if err := os.Remove(path); err != nil {
		return false, err
	}
	if ch.CreatedDir {
		_ = os.Remove(filepath.Dir(path)) // only when empty
	}
	return true, nil
}

// onlyEmptyChoices reports whether data is an object with nothing but an
// empty enabledMcpjsonServers (comments count as content).
func onlyEmptyChoices(path string, data []byte) bool {
	root, err := settingsio.ParseJSONC(path, data)
	if err != nil || !root.Is(settingsio.Object) || len(root.Members) != 1 || root.Members[0].Key != mcpChoiceKey {
		return false
	}
	l := root.Members[0].Value
	if !l.Is(settingsio.Array) || len(l.Items) != 0 {
		return false
	}
	return !bytes.Contains(data, []byte("//")) && !bytes.Contains(data, []byte("/*"))
}

func listHas(list *settingsio.Node, name string) bool {
	if list == nil {
		return false
	}
	for _, it := range list.Items {
		if it.Is(settingsio.String) && it.Str == name {
			return true
		}
	}
	return false
}

func joinNames(ns []string) string {
	out := ""
	for i, n := range ns {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}
