package gemini

// WrittenFiles are the files Approve and Revoke write for snap: Gemini
// CLI's trusted_hooks.json and Hookwarden's store (when it has one), so
// that a caller can back them up to undo the write.
func (o Options) WrittenFiles(snap *Project) []string {
	files := []string{o.trustedHooksPath(snap)}
	if o.Store.Dir != "" {
		files = append(files, o.Store.Path())
	}
	return files
}
