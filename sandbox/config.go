package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// InitCommand is the hidden subcommand that runs the supervisor. The
// program that links this package calls Main with the arguments after it.
const InitCommand = "__sandbox-init"

// Config says how to start hook processes.
type Config struct {
	// Init is the executable that answers InitCommand (normally
	// os.Executable() of hookwarden).
	Init string
	// Isolate runs the process in the sandbox; false only supervises it.
	Isolate bool
	// Home and Project are the user's home and the project folder. Both are
	// overlaid; Project decides which writes are "inside the project".
	Home, Project string
	// Overlay lists further folders that are overlaid (an agent's
	// configuration folder outside the home, say).
	Overlay []string
	// Writable lists folders the runner itself reads back after the hook
	// (Claude Code's $CLAUDE_ENV_FILE folder): they stay writable and real.
	Writable []string
	// Markers are strings whose appearance in sent data or looked-up names
	// means the hook sends its input away (the payload's session id, say).
	Markers []string
	// TempDir holds the scratch layers ("" = os.TempDir()).
	TempDir string
	// Limits bound the memory, processes and CPU of a sandboxed hook.
	Limits Limits
	// AgentFiles are the agents' own settings, hook and trust files (the
	// registry's facts): "~/x" below the home, "/x" absolute, "x" below
	// the home or the project, a trailing "/" for a folder and what is in
	// it. Writing one reads as self-tampering; the sandbox names no agent.
	AgentFiles []string
	// AgentSecrets are the agents' login tokens and account files, in the
	// same form: reading one is recorded among the secrets read.
	AgentSecrets []string
	// RecordProbes makes the supervisor see the stat and access calls of
	// the hook's processes too, so that Report.Absent holds the paths they
	// looked for that way (a traced run; it costs a round trip to the
	// supervisor per call). Opens and execs of missing paths are recorded
	// either way.
	RecordProbes bool
	// Warm, when set, keeps the sandbox Probe sets up for the first
	// sandboxed hook that Start starts with the same configuration (one
	// set-up per dry run instead of two).
	Warm *Warm
	// Sequence, when set, stacks the upper layers of the earlier
	// sandboxed hooks of the same Sequence under this hook's own, so that
	// it sees the files they wrote, as under an agent that runs an
	// event's hooks one after another.
	Sequence *Sequence
}

// Limits bound what a sandboxed hook and everything it starts may use.
// A zero field takes its default; a negative one means no limit.
type Limits struct {
	// Memory is in bytes (default DefaultMemory).
	Memory int64
	// Processes counts processes and threads (default DefaultProcesses).
	Processes int
	// CPUs is the share of CPU time, in CPUs (default DefaultCPUs).
	CPUs float64
}

// Default limits.
const (
	DefaultMemory    = 1 << 30
	DefaultProcesses = 1024
	DefaultCPUs      = 1.0
)

// ErrUnavailable wraps every reason the sandbox cannot start here.
var ErrUnavailable = errors.New("the sandbox cannot start on this system")

// overlayTargets are the distinct, existing, absolute folders to overlay,
// outermost first (a folder inside another is mounted after it).
func (c *Config) overlayTargets() ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, d := range append([]string{c.Home, c.Project}, c.Overlay...) {
		if d == "" {
			continue
		}
		abs, err := filepath.Abs(d)
		if err != nil {
			return nil, err
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		fi, err := os.Stat(abs)
		if err != nil || !fi.IsDir() || abs == "/" || seen[abs] {
			continue
		}
		seen[abs] = true
		out = append(out, abs)
	}
	// outermost first: by depth, then by name
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && less(out[j], out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out, nil
}

func less(a, b string) bool {
	da, db := strings.Count(a, "/"), strings.Count(b, "/")
	if da != db {
		return da < db
	}
	return a < b
}

// within reports whether p is dir or inside it.
func within(p, dir string) bool {
	if dir == "" {
		return false
	}
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// scratchBase picks a folder for the scratch layers that is inside none of
// the overlaid folders (overlayfs refuses an upper layer inside its lower).
func (c *Config) scratchBase(targets []string) (string, error) {
	cands := []string{c.TempDir, os.TempDir(), "/tmp", "/var/tmp", "/dev/shm"}
	for _, d := range cands {
		if d == "" {
			continue
		}
		if real, err := filepath.EvalSymlinks(d); err == nil {
			d = real
		}
		ok := true
		for _, t := range targets {
			if within(d, t) || within(t, d) && d == t {
				ok = false
				break
			}
		}
		if fi, err := os.Stat(d); ok && err == nil && fi.IsDir() {
			return d, nil
		}
	}
	return "", fmt.Errorf("%w: no temporary folder outside the overlaid folders (%s)", ErrUnavailable, strings.Join(targets, ", "))
}

// ServeInit runs the supervisor and exits when this process was started as
// one (os.Args[1] is InitCommand); otherwise it returns. main calls it
// first.
func ServeInit() {
	if len(os.Args) > 1 && os.Args[1] == InitCommand {
		os.Exit(Main(os.Args[2:]))
	}
}
