package claude

// Registry is every handler of the project (the ones Hookwarden disabled
// included), for the migration to Gemini CLI (agents/migrate).
func (p *project) Registry() *registry { return p.reg }
