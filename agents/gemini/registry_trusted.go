package gemini

// buildAsTrusted builds the registry as Gemini CLI would if the folder
// were trusted: what a user asks for when they dry-run the hooks of a
// folder they have not trusted yet. The snapshot itself is not changed.
func buildAsTrusted(snap *Project) *Registry {
	trusted := *snap
	trusted.FolderTrust.State = FolderTrusted
	trusted.FolderTrust.Reason = "treated as trusted for this dry run (" + snap.FolderTrust.Reason + ")"
	return build(&trusted)
}
