package trust

// ChangedSinceReview compares a hook as it was reviewed with a fresh
// review of the same hook (the same key), taken just before approving it:
// it returns the scripts that differ in anything an approval records
// (ScriptSnapshot: content, existence, whether a link takes the path out
// of the project, whether the hook made the file itself, the exec bit of
// a file run as a program), as they are now, so that an approval never
// records a version nobody saw. A script
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
		if !ok || !sameRecorded(then, s) {
			if ok && then.SHA256 == s.SHA256 && then.Mode != s.Mode && s.Note == "" {
				s.Note = "the text is the same, but its exec bit changed since you reviewed it: it can no longer run as a program"
				if s.Mode == "exec" {
					s.Note = "the text is the same, but its exec bit changed since you reviewed it: it can now run as a program"
				}
			}
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

// sameRecorded reports whether two reviews of a script show the same of
// everything an approval records of it (ScriptSnapshot).
func sameRecorded(then, now ScriptReview) bool {
	return then.SHA256 == now.SHA256 && then.Size == now.Size &&
		(then.Status == ScriptMissing) == (now.Status == ScriptMissing) &&
		(then.Status == ScriptOutside) == (now.Status == ScriptOutside) &&
		then.MadeByHook == now.MadeByHook && then.Mode == now.Mode
}

// scriptPlace identifies a script of a hook: its path and what runs it.
type scriptPlace struct{ path, via string }
