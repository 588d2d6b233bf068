package claudeschema

import (
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/risk"
)

// Scan reads the hooks of a settings file a Scanner recognised (for
// `hookwarden scan`): every valid entry with a command, at the place of
// its command, the command as written (a folder scan has no agent
// environment to expand it with), run in the file's root. A file that
// cannot be read is an error; the hooks read before it come too.
func (s Schema) Scan(sf agents.ScanFile) ([]agents.ScanHook, error) {
	f := ReadSettings("", sf.Path)
	if !f.Exists && f.Err == nil {
		return nil, fmt.Errorf("%s: the file is gone", sf.Path)
	}
	s.Expand = nil
	es, _ := s.Parse(f)
	var out []agents.ScanHook
	for _, e := range es {
		if !e.Valid() || e.Hook.Command == "" {
			continue
		}
		n := e.Hook.Node.Get("command")
		out = append(out, agents.ScanHook{Line: n.Pos.Line, Column: n.Pos.Column, Event: e.Event, Matcher: e.Matcher, Type: e.Hook.Type, Command: e.Hook.Command,
			Subject: risk.Hook{Agent: string(s.Agent), Event: e.Event, Matcher: e.Matcher, Command: e.Hook.Command, Env: e.Hook.Env, ProjectDir: sf.Root}})
	}
	if f.Err != nil {
		return out, f.Err
	}
	return out, nil
}
