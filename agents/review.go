package agents

import (
	"context"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Reviewer is an agent's trust of single hooks: the review of the hooks a
// project controls against the agent's trust store (or Hookwarden's own
// store, for an agent that has none), and approving and revoking them.
type Reviewer interface {
	// Review reviews every hook Hookwarden reviews (Layer.Reviewed) with
	// every script it runs. Only a store that cannot be read is an error;
	// a file that cannot be read is in Review.Unreadable and makes the
	// review need review.
	Review(ctx context.Context) (*Review, error)
	// Approve approves the hooks of the IDs (all reviewed hooks needing
	// review when ids is empty and all is true) into the trust store,
	// after checking that every script they run can be read: one that
	// cannot fails the approval and nothing is written.
	Approve(ctx context.Context, req ApproveRequest) (*ApproveResult, error)
	// Revoke removes approvals: of the hooks or keys named, of every hook
	// of the project (All), or the approvals that match no hook any more
	// (Gone).
	Revoke(ctx context.Context, req RevokeRequest) (*RevokeResult, error)
}

// Review is the trust review of a project's hooks.
type Review struct {
	Project string `json:"project"`
	// Store says where approvals live, in words and as a path.
	Store     string `json:"store"`
	StorePath string `json:"store_path,omitempty"`
	// StoreError says why the store cannot be used (then nothing counts
	// as approved, as in the agent).
	StoreError  string       `json:"store_error,omitempty"`
	FolderTrust FolderTrust  `json:"folder_trust"`
	NeedsReview bool         `json:"needs_review"`
	Hooks       []HookReview `json:"hooks"`
	// Gone are approvals of this project that match no hook any more.
	Gone []Gone `json:"gone"`
	// Unreadable are files that exist but could not be read or parsed:
	// the review is incomplete.
	Unreadable []settingsio.FileError `json:"unreadable"`
	// Critical are findings about the project as a whole that need the
	// user's eyes (a .env file that moves the agent's home).
	Critical []hooks.Diagnostic `json:"critical"`
	// Warnings are what the agent itself says about the project's hooks
	// when it starts (Gemini CLI's project-hooks warning).
	Warnings []string `json:"warnings"`
	// Document is the agent's own review document for `audit --json`.
	Document any `json:"-"`
}

// Incomplete reports whether a file could not be read.
func (r *Review) Incomplete() bool { return len(r.Unreadable) > 0 }

// HookReview is one reviewed hook: the shared review (status, command
// diff, scripts with their fingerprints and diffs, definition changes,
// unseen code) plus where it is.
type HookReview struct {
	trust.HookReview
	// HookID is the ID of the hook in Project.Hooks.
	HookID string           `json:"hook_id"`
	Layer  settingsio.Layer `json:"layer"`
	File   string           `json:"file"`
	// Owner is the extension or plugin the hook belongs to.
	Owner string `json:"owner,omitempty"`
	// Label names the hook as the agent does.
	Label string `json:"label"`
}

// Gone is an approval that matches no hook any more.
type Gone struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	File  string `json:"file,omitempty"`
}

// ApproveRequest names what to approve.
type ApproveRequest struct {
	// IDs are hook IDs (Project.Hooks) or trust keys.
	IDs []string
	// All approves every reviewed hook that needs review.
	All bool
	// Repair puts back into the agent's store the approvals Hookwarden
	// recorded that the agent's store lost (Unsupported where the agent
	// has no store of its own).
	Repair bool
	// CarryOver moves the approvals of hooks that were only moved (same
	// definition, new position) to their new place, after the user saw
	// that nothing else changed (agents whose trust key is positional).
	CarryOver bool
}

// ApproveResult says what an approval did.
type ApproveResult struct {
	// Approved are the labels of the hooks approved.
	Approved []string `json:"approved"`
	// Lost are keys written that did not read back from the agent's store
	// (a concurrent writer, a broken file): not approved.
	Lost []string `json:"lost,omitempty"`
	// Files are the files written.
	Files []string `json:"files,omitempty"`
	// Notes are further things to say ("trusted_hooks.json repaired").
	Notes []string `json:"notes,omitempty"`
}

// RevokeRequest names what to revoke.
type RevokeRequest struct {
	IDs  []string
	All  bool
	Gone bool
}

// RevokeResult says what a revoke did.
type RevokeResult struct {
	Revoked []string `json:"revoked"`
	Files   []string `json:"files,omitempty"`
}
