package gemini

import (
	"context"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// Stubs of the contract methods not written yet. Each owner deletes the
// stubs of their concern when they add the real methods (see
// /work/coord/WAVE2.md); this file must be gone before issue 14 is done.

func todo(op string) error { return agents.NotSupported(op, "not written yet") }

// --- switch (w-switch)

func (p *Project) Find(string) ([]*hooks.Hook, error) { return nil, todo("find") }
func (p *Project) Toggle(context.Context, agents.ToggleRequest) (*agents.ToggleResult, error) {
	return nil, todo("toggle")
}
func (p *Project) Scopes() []string                             { return nil }
func (p *Project) SetFolderTrust(context.Context, string) error { return todo("folder trust") }
