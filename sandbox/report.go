package sandbox

import (
	"github.com/hookwarden/hookwarden/risk/vocab"
)

// Report is what a hook did in the sandbox. Every entry carries a
// Judgement in the risk analysis's words; Level is the highest of them.
type Report struct {
	Level    vocab.Level      `json:"level"`
	Files    []FileChange     `json:"files"`
	Secrets  []SecretRead     `json:"secretsRead"`
	Network  []NetworkAttempt `json:"network"`
	Programs []Program        `json:"programs"`
	// LeftRunning are processes still running when the hook's own process
	// ended (the sandbox killed them).
	LeftRunning []Program `json:"leftRunning"`
	// Reads are the files under the home, the project and the agents'
	// folders that the hook's processes opened for reading or executed
	// (with symbolic links resolved, and as named when that differs; each
	// once), for traced discovery;
	// ReadsCut says more were read than the report keeps.
	Reads    []string `json:"reads,omitempty"`
	ReadsCut bool     `json:"readsCut,omitempty"`
	// Notes say what the report may miss (records left out, a sink that
	// could not open).
	Notes []string `json:"notes,omitempty"`
}

// Judgement is one entry's meaning: Category is empty for what needs no
// attention (LevelNone).
type Judgement struct {
	Category vocab.Category `json:"category,omitempty"`
	Level    vocab.Level    `json:"level"`
	Summary  string         `json:"summary"`
}

// Change kinds of a file.
const (
	Created = "created"
	Changed = "changed"
	Deleted = "deleted"
)

// FileChange is a file the hook created, changed or deleted (in the
// scratch layer: the real file is untouched).
type FileChange struct {
	Path      string `json:"path"`
	Change    string `json:"change"`
	InProject bool   `json:"inProject"`
	Dir       bool   `json:"dir,omitempty"`
	Symlink   string `json:"symlink,omitempty"`
	Size      int64  `json:"size"`
	// Diff is a line diff against the real file ("- ", "+ ", "  "
	// prefixes, context trimmed) for text files; Binary says it was not
	// text.
	Diff   string `json:"diff,omitempty"`
	Binary bool   `json:"binary,omitempty"`
	Judgement
}

// SecretRead is a sensitive file the hook opened for reading.
type SecretRead struct {
	Path string `json:"path"`
	Judgement
}

// NetworkAttempt is a name looked up, or a connection or datagram, with
// what it carried.
type NetworkAttempt struct {
	// Kind is "dns", "tcp" or "udp".
	Kind string `json:"kind"`
	// Name is the looked-up name (dns), or the name whose answer was
	// Addr.
	Name  string `json:"name,omitempty"`
	QType string `json:"qtype,omitempty"`
	Addr  string `json:"addr,omitempty"`
	Port  int    `json:"port,omitempty"`
	// Method is the HTTP method, or "TLS"; Target, Host the HTTP request
	// target and Host header; SNI the TLS server name.
	Method string `json:"method,omitempty"`
	Target string `json:"target,omitempty"`
	Host   string `json:"host,omitempty"`
	SNI    string `json:"sni,omitempty"`
	// Bytes is how much was sent (the HTTP body, or the whole stream);
	// Preview its start.
	Bytes   int64  `json:"bytes"`
	Preview string `json:"preview,omitempty"`
	// SendsInput says the data or the name carried the hook's input;
	// SendsSecret names the sensitive file whose content it carried.
	SendsInput  bool   `json:"sendsInput,omitempty"`
	SendsSecret string `json:"sendsSecret,omitempty"`
	Judgement
}

// Program is a program the hook started.
type Program struct {
	Path string   `json:"path,omitempty"`
	Argv []string `json:"argv"`
	Judgement
}

// Empty reports whether the hook did nothing the report records.
func (r *Report) Empty() bool {
	return len(r.Files) == 0 && len(r.Secrets) == 0 && len(r.Network) == 0 && len(r.LeftRunning) == 0 && len(r.Programs) <= 1
}
