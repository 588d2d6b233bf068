package sandbox

// The supervisor talks to the runner over a stream socket and a pipe: the
// runner writes one line of JSON (initConfig, with the run's cgroup.procs
// files attached), for a parked supervisor the
// hook (hookSpec, with its stdio attached) once it is parked, and then
// single control bytes to the control socket (fd 3 of the supervisor);
// the supervisor writes one JSON event per line to the event pipe (fd 4).
// End of file on the control socket (the runner is gone) counts as ctlEnd.

const (
	ctlTerminate = 'T' // SIGTERM to the hook's process group
	ctlKill      = 'K' // SIGKILL to every process of the hook
	ctlEnd       = 'E' // kill everything, flush the records, exit
)

// initConfig is what the supervisor needs to start the hook.
type initConfig struct {
	Isolate    bool     `json:"isolate"`
	Path       string   `json:"path"`
	Argv       []string `json:"argv"`
	Env        []string `json:"env"`
	Dir        string   `json:"dir"`
	NewSession bool     `json:"newSession"`
	// Park sets the sandbox up, tries a start in it (probeProgram, which
	// must fail with ENOENT), says evParked and waits for the hook: one
	// message on the control socket, a hookSpec line with the hook's
	// stdin, stdout and stderr attached (SCM_RIGHTS). Path, Argv, Env,
	// Dir and NewSession are then the hookSpec's.
	Park bool `json:"park,omitempty"`
	// Trace adds notes with the time each phase ended
	// (HOOKWARDEN_SANDBOX_TRACE=1 in the runner's environment).
	Trace bool `json:"trace,omitempty"`
	// Isolation only.
	Scratch  string   `json:"scratch,omitempty"`
	Overlays []string `json:"overlays,omitempty"` // outermost first; layer i in Scratch/i
	// MemScratch asks for the layers in a tmpfs of the supervisor's
	// (ScratchSize bytes at most, 0: tmpfs's default) instead of Scratch:
	// the supervisor sends its root to the runner over the control socket
	// (one byte, scratchMsg, with the descriptor attached) and puts the
	// layers on disk in Scratch/i when it cannot (memScratch).
	MemScratch  bool     `json:"memScratch,omitempty"`
	ScratchSize int64    `json:"scratchSize,omitempty"`
	Writable    []string `json:"writable,omitempty"`
	Home        string   `json:"home,omitempty"`
	Markers     []string `json:"markers,omitempty"`
	// AgentSecrets are Config.AgentSecrets (isSensitive).
	AgentSecrets []string `json:"agentSecrets,omitempty"`
	// Probes is Config.RecordProbes.
	Probes bool `json:"probes,omitempty"`
	// CgroupProcs is how many cgroup.procs files the runner attached to
	// this line (SCM_RIGHTS): the hook's first process is written into
	// each.
	CgroupProcs int `json:"cgroupProcs,omitempty"`
	// CgroupTasks is how many cgroup v1 tasks files follow them, one per
	// cgroup.procs in the same order, or 0 (a cgroup v2 among them): a
	// parked supervisor moves the thread it forks the hook from into
	// them while it waits (threadInCgroups), so that the hook is born
	// there.
	CgroupTasks int `json:"cgroupTasks,omitempty"`
	// Lowers are the layer folders of earlier hooks (Config.Sequence),
	// the latest first: layer i's overlay stacks their i/upper folders,
	// in that order, over its target.
	Lowers []string `json:"lowers,omitempty"`
	// Rlimits bound what no cgroup bounds; Fallback is used instead when
	// the hook could not be moved into a cgroup.
	Rlimits  *rlimits `json:"rlimits,omitempty"`
	Fallback *rlimits `json:"fallback,omitempty"`
}

// hookSpec is the hook a parked supervisor starts.
type hookSpec struct {
	Path       string   `json:"path"`
	Argv       []string `json:"argv"`
	Env        []string `json:"env"`
	Dir        string   `json:"dir"`
	NewSession bool     `json:"newSession"`
	Markers    []string `json:"markers,omitempty"`
}

// scratchMsg is the byte the supervisor sends the runner on the control
// socket with the root of its scratch tmpfs attached.
const scratchMsg = 'S'

// controlFd is the supervisor's end of the control socket.
const controlFd = 3

// Event kinds.
const (
	evExit     = "exit"     // the hook's process ended (Code or Signal)
	evStarted  = "started"  // the hook's program was started: the sandbox's setup is over
	evParked   = "parked"   // a parked supervisor is set up and waits for its hook
	evError    = "error"    // the supervisor could not start the hook (Msg)
	evExec     = "exec"     // a program was started (Path, Argv)
	evOpen     = "open"     // a sensitive file was opened for reading (Path)
	evDNS      = "dns"      // a name was looked up (Name, QType)
	evConnect  = "connect"  // a connection or datagram to Addr:Port (Proto)
	evSent     = "sent"     // what a connection sent (Conn, HTTP/TLS fields, Bytes)
	evUnix     = "unix"     // a Unix socket outside the sandbox was refused (Path, Msg: the call, Code: errno)
	evFamily   = "family"   // a socket of a family outside the network namespace was refused (Path: its name)
	evDevice   = "device"   // a device the sandbox lacks was opened, or TIOCSTI/TIOCLINUX tried (Path, Msg)
	evLeftover = "leftover" // a process still running when the hook ended (Argv)
	evNote     = "note"     // something the report should say (Msg)
	evTemp     = "temp"     // a file the hook left in a private temporary folder (Path)
	evNoCgroup = "nocgroup" // the hook could not be moved into its cgroups (Msg): rlimits bound it
	evEnd      = "end"      // the supervisor is done; nothing follows (Exited: every process of the hook has ended and was reaped)
)

// event is one line of the event pipe.
type event struct {
	T      string   `json:"t"`
	Msg    string   `json:"msg,omitempty"`
	Exited bool     `json:"exited,omitempty"`
	Code   int      `json:"code,omitempty"`
	Signal string   `json:"signal,omitempty"`
	Pid    int      `json:"pid,omitempty"`
	Path   string   `json:"path,omitempty"`
	Argv   []string `json:"argv,omitempty"`
	Name   string   `json:"name,omitempty"`
	QType  string   `json:"qtype,omitempty"`
	Proto  string   `json:"proto,omitempty"`
	Addr   string   `json:"addr,omitempty"`
	Port   int      `json:"port,omitempty"`
	// sent
	Conn       int    `json:"conn,omitempty"`
	Method     string `json:"method,omitempty"`
	Target     string `json:"target,omitempty"`
	Host       string `json:"host,omitempty"`
	SNI        string `json:"sni,omitempty"`
	Bytes      int64  `json:"bytes,omitempty"`
	Preview    string `json:"preview,omitempty"`
	HasPayload bool   `json:"hasPayload,omitempty"`
	Secret     string `json:"secret,omitempty"` // the sensitive file whose content was sent
}

// rlimits are what the hook's first process sets before exec (0: none).
type rlimits struct {
	Data  uint64 `json:"data,omitempty"`
	Nproc uint64 `json:"nproc,omitempty"`
	CPU   uint64 `json:"cpu,omitempty"` // seconds
	Nice  int    `json:"nice,omitempty"`
}
