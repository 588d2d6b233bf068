package codex

import (
	"context"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

func todo(op string) error { return agents.NotSupported(op, "not written yet") }

func (p *Project) Review(context.Context) (*agents.Review, error) { return nil, todo("review") }
func (p *Project) Approve(context.Context, agents.ApproveRequest) (*agents.ApproveResult, error) {
	return nil, todo("approve")
}
func (p *Project) Revoke(context.Context, agents.RevokeRequest) (*agents.RevokeResult, error) {
	return nil, todo("revoke")
}
func (p *Project) Gate(context.Context, agents.RunRequest) (*agents.RunGate, error) {
	return nil, todo("gate")
}
func (p *Project) DryRun(context.Context, agents.RunRequest) (*agents.RunResult, error) {
	return nil, todo("run")
}
func (p *Project) SamplePayload(hooks.Event, agents.Query) ([]byte, error) {
	return nil, todo("sample")
}
func (p *Project) RunNotice() agents.RunNotice { return agents.RunNotice{} }
func (p *Project) scriptPaths() []string       { return nil }
