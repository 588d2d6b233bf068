package codex

// staysOffOnceTrusted are the project hooks the untrusted project holds
// back that Codex would still skip once the project is trusted, by hook
// ID, with why: Codex runs a hook only when its trusted_hash equals its
// current hash and it is not disabled, and skips the others without a
// word, so the trust confirmation lists only what really starts running.
func (p *project) staysOffOnceTrusted() map[string]string {
	out := map[string]string{}
	for _, h := range p.Handlers {
		if h.Hook == nil || h.Hook.Status != statusProjectUntrusted {
			continue
		}
		switch {
		case h.Trust == untrusted:
			out[h.Hook.ID] = "its hash is not trusted: Codex skips it without a word until it is approved"
		case h.Trust == modified:
			out[h.Hook.ID] = "changed since its hash was trusted: Codex skips it until it is approved again"
		case !h.Enabled:
			out[h.Hook.ID] = "disabled (enabled = false in config.toml)"
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
