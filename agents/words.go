package agents

// Worder is an Agent that names, in its own words, the values it takes
// for an argument of the command line, each with what it does (optional):
// the faces list them in usage and help instead of naming one agent's
// words for all. An agent without a Worder, or with no words for an
// argument, takes no value there.
type Worder interface {
	Words(arg WordsOf) []Word
}

// WordsOf names an argument whose values are the agent's own.
type WordsOf string

// Arguments with agent words.
const (
	// WordsFolderTrust are the levels SetFolderTrust records.
	WordsFolderTrust WordsOf = "folder-trust"
	// WordsScope are the scopes of a switch (SwitchInfo.Scopes), the
	// default first.
	WordsScope WordsOf = "scope"
)

// Word is one value of an argument and what it does.
type Word struct {
	Value   string `json:"value"`
	Meaning string `json:"meaning"`
}

// WordsFor are a's words for arg; nil when a is nil or has none.
func WordsFor(a Agent, arg WordsOf) []Word {
	if w, ok := a.(Worder); ok {
		return w.Words(arg)
	}
	return nil
}
