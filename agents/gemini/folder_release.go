package gemini

import "github.com/hookwarden/hookwarden/hooks"

// staysOffOnceTrusted are the settings hooks the untrusted folder holds
// back that Gemini CLI would still not run once the folder is trusted, by
// hook ID, with Gemini's reason: the merge is made again as in a trusted
// folder (the workspace file's hooksConfig then counts too), so that the
// trust confirmation lists only what really starts running.
func (p *Project) staysOffOnceTrusted() map[string]string {
	held := map[string]bool{}
	for _, h := range p.reg.Hooks {
		if h.Status == hooks.StatusBlockedUntrustedFolder {
			held[h.ID] = true
		}
	}
	if len(held) == 0 {
		return nil
	}
	snap := *p
	snap.FolderTrust.State = FolderTrusted
	out := map[string]string{}
	for _, h := range build(&snap).Hooks {
		if held[h.ID] && h.Status != hooks.StatusRuns {
			out[h.ID] = h.Reason
		}
	}
	return out
}
