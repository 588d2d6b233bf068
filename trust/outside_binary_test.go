package trust

import "testing"

// A link out of the project to a file that is not text (.venv/bin/python
// -> the machine's interpreter) was flagged on every audit, approved or
// not, so a hook run by a virtual environment's python could never read
// as approved. Approved and the same file: not flagged; another file
// behind the link, or a link that did not lead out when approved: flagged.
func TestApprovedLinkOutOfTheProjectToABinaryIsNotFlaggedAgain(t *testing.T) {
	now := ScriptSnapshot{Path: "/p/.venv/bin/python", Exists: true, OutsideProject: true, SHA256: "aa", Size: 4096}
	if sr := compareScript(now, nil, nil); !sr.Flagged {
		t.Errorf("unapproved: not flagged: %+v", sr)
	}
	same := now
	if sr := compareScript(now, nil, &same); sr.Flagged {
		t.Errorf("approved, the same file: flagged: %s", sr.Note)
	}
	other := now
	other.SHA256 = "bb"
	if sr := compareScript(now, nil, &other); !sr.Flagged {
		t.Errorf("another file behind the link: not flagged: %+v", sr)
	}
	inside := now
	inside.OutsideProject = false
	if sr := compareScript(now, nil, &inside); !sr.Flagged {
		t.Errorf("a link that did not lead out when approved: not flagged: %+v", sr)
	}
}
