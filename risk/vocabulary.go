package risk

import "github.com/hookwarden/hookwarden/risk/vocab"

// The vocabulary lives in package vocab (a leaf the sandbox can import
// without depending on the analyser); these are its names here.
type (
	// Level is how much a hook needs a person's attention (vocab.Level).
	Level = vocab.Level
	// Category is the kind of thing a finding says a hook does.
	Category = vocab.Category
	// Source is where a finding comes from.
	Source = vocab.Source
	// Finding is one thing a hook would do, in words.
	Finding = vocab.Finding
	// Report is the result of analysing one hook.
	Report = vocab.Report
)

// Levels.
const (
	LevelNone     = vocab.LevelNone
	LevelReview   = vocab.LevelReview
	LevelCritical = vocab.LevelCritical
)

// Categories.
const (
	Exfiltration  = vocab.Exfiltration
	DownloadExec  = vocab.DownloadExec
	ReverseShell  = vocab.ReverseShell
	Persistence   = vocab.Persistence
	SelfTampering = vocab.SelfTampering
	AgentOutput   = vocab.AgentOutput
	Destructive   = vocab.Destructive
	Privilege     = vocab.Privilege
	Obfuscation   = vocab.Obfuscation
	RemotePackage = vocab.RemotePackage
	Network       = vocab.Network
	SecretRead    = vocab.SecretRead
	Unreadable    = vocab.Unreadable
)

// ParseLevel reads a level name ("none", "review", "critical").
func ParseLevel(s string) (Level, error) { return vocab.ParseLevel(s) }

// Categories lists every category, in the order a report names them.
func Categories() []Category { return vocab.Categories() }

// CategoryTitle is a category in words, as a sentence without its full
// stop ("Runs code downloaded from the network"); SARIF's rule titles and
// the window say it so. An unknown category is its own word.
func CategoryTitle(c Category) string {
	if t, ok := categoryTitle[c]; ok {
		return t
	}
	return string(c)
}
