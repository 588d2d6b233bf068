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

// mcpPlan is the part of an approval that records Claude Code's own
// choice: the names to add to enabledMcpjsonServers of path, worked out
// from the file as it is before anything is written. Hookwarden's record
// of them (record) goes into the same store update as the approval, and
// the file, which makes Claude Code start the servers without asking, is
// written last (write): a failure there puts the store back, so that
// nothing is half approved.
type mcpPlan struct {
	path string
	// add are the names the write adds (not in the list yet); created:
	// the file does not exist (createdDir: nor its folder).
	add                 []string
	created, createdDir bool
	now                 string
	// notes are what to tell the user (a rejected server, a tracked
	// file, names already there).
	notes []string
	// beforeWrite, when set, runs right before the file is written
	// (tests: a write that fails after the store was written).
	beforeWrite func()
}

// planMCPChoices works out what approving hs adds to
// enabledMcpjsonServers of .claude/settings.local.json, comments and
// layout kept: never in a file git tracks (Claude Code would ignore it
// there, and the change would go into the repository), never a server the
// user rejected in disabledMcpjsonServers. It writes nothing; a plan
// without names (add empty) writes nothing either, only its notes say why.
func (p *project) planMCPChoices(ctx context.Context, hs []*hooks.Hook) (*mcpPlan, error) {
	plan := &mcpPlan{path: p.Paths.Local, now: p.env.Clock().UTC().Format(time.RFC3339)}
	names := agentMCPServers(hs)
	if len(names) == 0 {
		return plan, nil
	}
	path := plan.path
	choices := p.reg.readMCPChoices()
	var want []string
	for _, n := range names {
		if by := choices.disabled[n]; by != "" {
			plan.notes = append(plan.notes, fmt.Sprintf("Claude Code's own choice for %s stays as you made it: rejected in disabledMcpjsonServers (%s)", n, by))
			continue
		}
		want = append(want, n)
	}
	if len(want) == 0 {
		return plan, nil
	}
	tracked, err := settingsio.GitTracked(ctx, path, p.env.Vars)
	switch {
	case err != nil && (!errors.Is(err, settingsio.ErrGitUnavailable) || p.RepoRoot != ""):
		// fail closed: in a repository, a file we cannot tell about may be
		// tracked
		plan.notes = append(plan.notes, fmt.Sprintf("Claude Code's own approval was not written: whether git tracks %s cannot be told (%v)", path, err))
		return plan, nil
	case tracked:
		plan.notes = append(plan.notes, fmt.Sprintf("Claude Code's own approval was not written: git tracks %s, and Claude Code takes no MCP approval from a tracked settings.local.json; it will ask when it starts interactively", path))
		return plan, nil
	}
	cur, err := settingsio.ReadRegularFile(path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	add, _, err := patchMCPChoices(path, cur, exists, want)
	if err != nil {
		return nil, fmt.Errorf("recording Claude Code's own approval in %s: %w", path, err)
	}
	if len(add) == 0 {
		plan.notes = append(plan.notes, "Claude Code already approves "+joinNames(want)+" in "+mcpChoiceKey)
		return plan, nil
	}
	_, dirErr := os.Stat(filepath.Dir(path))
	plan.add, plan.created, plan.createdDir = add, !exists, !exists && errors.Is(dirErr, fs.ErrNotExist)
	return plan, nil
}

// patchMCPChoices is cur with the names of want that are not in
// enabledMcpjsonServers yet appended, and those names.
func patchMCPChoices(path string, cur []byte, exists bool, want []string) ([]string, []byte, error) {
	var added []string
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
		return nil, cur, err
	}
	if !exists {
		out = append(out, '\n')
	}
	return added, out, nil
}

// record is Hookwarden's record of the names the write adds, in its
// Claude Code section of d (inside the approval's store update).
func (m *mcpPlan) record(d *trust.StoreData, project string) error {
	if m == nil || len(m.add) == 0 {
		return nil
	}
	sp, err := claudeProject(d, project)
	if err != nil {
		return err
	}
	if sp.MCPChoices == nil {
		sp.MCPChoices = map[string]*mcpChoice{}
	}
	// A file Hookwarden created stays Hookwarden's for every name it adds
	// later, so the last revoke takes it away.
	rec := mcpChoice{File: m.path, Created: m.created, CreatedDir: m.createdDir, WrittenAt: m.now}
	for _, ch := range sp.MCPChoices {
		if ch != nil && ch.File == m.path && ch.Created {
			rec.Created, rec.CreatedDir = true, rec.CreatedDir || ch.CreatedDir
		}
	}
	for _, n := range m.add {
		r := rec
		sp.MCPChoices[n] = &r
	}
	return nil
}

// write adds the names to the file, atomically, comments and layout kept.
// It returns the names it added: another program may have added some
// in the meantime (those are not Hookwarden's).
func (m *mcpPlan) write() ([]string, error) {
	if m.beforeWrite != nil {
		m.beforeWrite()
	}
	var added []string
	err := settingsio.UpdateFileAtomic(m.path, 0o644, func(cur []byte, exists bool) ([]byte, error) {
		a, out, err := patchMCPChoices(m.path, cur, exists, m.add)
		added = a
		return out, err
	})
	if err != nil {
		return nil, fmt.Errorf("recording Claude Code's own approval in %s: %w", m.path, err)
	}
	return added, nil
}

// unrecord takes out of Hookwarden's record the planned names the write
// did not add (another program added them first: they are not
// Hookwarden's to take away on revoke).
func (m *mcpPlan) unrecord(store trust.Store, project string, names []string) error {
	return store.Update(func(d *trust.StoreData) error {
		sp, err := claudeProject(d, project)
		if err != nil {
			return err
		}
		for _, n := range names {
			delete(sp.MCPChoices, n)
		}
		return nil
	})
}

// dropMCPChoices takes out of enabledMcpjsonServers the names Hookwarden
// added for the servers whose approvals were revoked (revoked: their
// approval records), unless another approval of that name still stands;
// a file Hookwarden created that holds nothing else goes back to absent.
func (p *project) dropMCPChoices(revoked []*handlerApproval, store trust.Store) ([]string, []string, error) {
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
	if c == nil || c.Projects[p.ProjectDir] == nil {
		return nil, nil, nil
	}
	sp := c.Projects[p.ProjectDir]
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
		sp, err := claudeProject(d, p.ProjectDir)
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
