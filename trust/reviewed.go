package trust

// ChangedSinceReview compares a hook as it was reviewed with a fresh
// review of the same hook (the same key), taken just before approving it:
// it returns the scripts whose content or existence differs, as they are
// now, so that an approval never records a version nobody saw. A script
// the command no longer runs is returned as it was reviewed, marked
// missing. None means the fresh review shows what was reviewed.
func ChangedSinceReview(reviewed, now HookReview) []ScriptReview {
	var out []ScriptReview
	seen := map[scriptPlace]bool{}
	before := map[scriptPlace]ScriptReview{}
	for _, s := range reviewed.Scripts {
		before[scriptPlace{s.Path, s.Via}] = s
	}
	for _, s := range now.Scripts {
		at := scriptPlace{s.Path, s.Via}
		seen[at] = true
		then, ok := before[at]
		if s.MadeByHook && !s.Flagged {
			continue // the hook's own product, as the review showed it: the hook rewrites it as it runs
		}
		if !ok || then.SHA256 != s.SHA256 || (then.Status == ScriptMissing) != (s.Status == ScriptMissing) {
			out = append(out, s)
		}
	}
	for _, s := range reviewed.Scripts {
		if !seen[scriptPlace{s.Path, s.Via}] {
			s.Status, s.Flagged, s.Diff = ScriptMissing, true, nil
			s.Note = "the command no longer runs this script"
			out = append(out, s)
		}
	}
	return out
}

// scriptPlace identifies a script of a hook: its path and what runs it.
type scriptPlace struct{ path, via string }
