package sandbox

import (
	"github.com/hookwarden/hookwarden/risk/vocab"
)

// Report is what a hook did in the sandbox. Every entry carries a
// Judgement in the risk analysis's words; Level is the highest of them.
type Report struct {
	Level vocab.Level  `json:"level"`
	Files []FileChange `json:"files"`
	// FilesLeftOut counts, by folder, the changed files beyond the cap
	// of listed ones: the most serious are listed first, so only the
	// least serious are counted here.
	FilesLeftOut []FilesLeftOut   `json:"filesLeftOut,omitempty"`
	Secrets      []SecretRead     `json:"secretsRead"`
	Network      []NetworkAttempt `json:"network"`
	Programs     []Program        `json:"programs"`
	// Devices are devices the hook reached for that the sandbox does not
	// have (a terminal, a disk), and keystrokes it tried to push into a
	// terminal: all refused.
	Devices []DeviceAttempt `json:"devices,omitempty"`
	// LeftRunning are processes still running when the hook's own process
	// ended (the sandbox killed them).
	LeftRunning []Program `json:"leftRunning"`
	// Limits says how the hook's memory, processes and CPU were bounded
	// and which limit it ran into.
	Limits []LimitHit `json:"limits,omitempty"`
	// Reads are the files under the home, the project and the agents'
	// folders that the hook's processes opened for reading or executed
	// (with symbolic links resolved, and as named when that differs; each
	// once), for traced discovery;
	// ReadsCut says more were read than the report keeps.
	Reads    []string `json:"reads,omitempty"`
	ReadsCut bool     `json:"readsCut,omitempty"`
	// Absent are the paths under the same folders that the hook's
	// processes looked for (opened, executed, stat'ed, access'ed) and that
	// did not exist (each once, as named), for traced discovery: a file a
	// later pull adds there changes what the hook runs. AbsentCut says
	// more were looked for than the report keeps.
	Absent    []string `json:"absent,omitempty"`
	AbsentCut bool     `json:"absentCut,omitempty"`
	// Listed are the folders under the same folders that the hook's
	// processes opened to list (a glob, opendir, a module finder's cache;
	// with links resolved, and as named when that differs; each once),
	// for traced discovery: a file a later pull adds to such a folder
	// changes what the listing finds. ListedCut says more were listed
	// than the report keeps.
	Listed    []string `json:"listed,omitempty"`
	ListedCut bool     `json:"listedCut,omitempty"`
	// SawEarlier is how many earlier sandboxed hooks of its sequence
	// (Config.Sequence) this hook's view held the files of: under it, the
	// upper layers of those that wrote any.
	SawEarlier int `json:"sawEarlier,omitempty"`
	// TempFiles are what the hook left in the sandbox's private /tmp,
	// /var/tmp and /dev/shm (their top entries, at most 20 each): gone with
	// its sandbox, so a later hook of its sequence did not see them.
	TempFiles []string `json:"tempFiles,omitempty"`
	// Notes say what the report may miss (records left out, a sink that
	// could not open).
	Notes []string `json:"notes,omitempty"`
}

// LimitHit is a resource limit the sandbox put on the hook: Hit says the
// hook ran into it (its Judgement then needs review).
type LimitHit struct {
	// Resource is "memory", "processes" or "cpu"; Limit the bound in
	// words ("96 MiB", "40 processes"); By is how it was enforced
	// ("cgroup v2", "cgroup v1", "rlimit").
	Resource string `json:"resource"`
	Limit    string `json:"limit"`
	By       string `json:"by"`
	Hit      bool   `json:"hit,omitempty"`
	Judgement
	// periods is, for a CPU quota of a cgroup, the number of the quota's
	// enforcement periods the kernel counted (cpu.stat nr_periods): the
	// hook's processes together can have used at most the quota once per
	// period counted, and once more (TestSandboxBoundsCPU).
	periods int64
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
	// Special is "fifo", "socket" or "device" for a file that is none of
	// a regular file, a folder or a link (never read).
	Special string `json:"special,omitempty"`
	Size    int64  `json:"size"`
	// Diff is a line diff against the real file ("- ", "+ ", "  "
	// prefixes, context trimmed) for text files; Binary says it was not
	// text.
	Diff   string `json:"diff,omitempty"`
	Binary bool   `json:"binary,omitempty"`
	Judgement
}

// FilesLeftOut is a count of changed files under one folder that the
// report does not list; its Judgement is the worst of theirs.
type FilesLeftOut struct {
	Under string `json:"under"` // as shown: ~/x, ./x or absolute
	Count int    `json:"count"`
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
	// Kind is "dns", "tcp", "udp", "unix" (a Unix socket outside the
	// sandbox that the hook was refused: Addr is its path, Method the
	// call) or "socket" (a socket of an address family the sandbox
	// refuses, such as AF_VSOCK: Addr names it).
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

// DeviceAttempt is a device node the hook opened (it is not in the
// sandbox's /dev, so the open failed), or a TIOCSTI/TIOCLINUX call (What)
// on the descriptor Path names (failed with EPERM).
type DeviceAttempt struct {
	Path string `json:"path"`
	What string `json:"what"` // "open", "write" (a FIFO or device outside the sandbox), "TIOCSTI" or "TIOCLINUX"
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
	return len(r.Files) == 0 && len(r.FilesLeftOut) == 0 && len(r.Limits) == 0 && len(r.Devices) == 0 && len(r.Secrets) == 0 && len(r.Network) == 0 && len(r.LeftRunning) == 0 && len(r.Programs) <= 1
}
