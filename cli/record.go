package cli

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/history"
	"github.com/hookwarden/hookwarden/hooks"
)

// observer is Hookwarden's observer hook for agent: the command record on
// writes, and how to tell it (by its arguments, whatever the binary path).
func (io *IO) observer(agent agents.Agent) (agents.Observer, error) {
	self := io.Init
	if self == "" {
		exe, err := os.Executable()
		if err != nil {
			return agents.Observer{}, fmt.Errorf("locating the hookwarden binary for the observer hook: %w", err)
		}
		self = exe
	}
	name := agent.Info().Name
	return agents.RecordedObserver(io.agentEnv(), name, agents.NewObserver(self, name)), nil
}

// historyStore is the event history of this environment.
func (io *IO) historyStore() (history.Store, error) {
	dir, err := history.Dir(io.Env.Get, io.GOOS)
	if err != nil {
		return history.Store{}, err
	}
	return history.Store{Dir: dir}, nil
}

// takeAgent removes --agent A from args: the agents it names (every
// agent for "all" or when there is none and all is true), or the default.
func takeAgent(io *IO, args []string, all bool) ([]agents.Agent, bool, []string, error) {
	var rest []string
	name := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--agent" || a == "-agent":
			if i+1 >= len(args) {
				return nil, false, nil, usagef("--agent needs a value (%s, or all)", io.Agents.NameList("or"))
			}
			name = args[i+1]
			i++
		case strings.HasPrefix(a, "--agent="), strings.HasPrefix(a, "-agent="):
			_, name, _ = strings.Cut(a, "=")
		default:
			rest = append(rest, a)
		}
	}
	switch {
	case name == allAgents || name == "" && all:
		return io.Agents.All(), name != "", rest, nil
	case name == "":
		return []agents.Agent{io.Agents.Default()}, false, rest, nil
	}
	a, ok := io.Agents.Get(name)
	if !ok {
		return nil, false, nil, usagef("unknown agent %q (%s, or all)", name, io.Agents.NameList("or"))
	}
	return []agents.Agent{a}, true, rest, nil
}

// runRecord is `hookwarden record on|off|status [--agent A|all]`: one
// observer hook per event in the agent's user settings (agents.Recorder),
// so that every event lands in the private history. Recording is off
// until the user turns it on; off puts the files back byte for byte.
func runRecord(ctx context.Context, io *IO, _ agents.Agent, args []string) error {
	list, named, args, err := takeAgent(io, args, false)
	if err != nil {
		return err
	}
	fs := newFlags("record")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 1 || (rest[0] != "on" && rest[0] != "off" && rest[0] != "status") {
		return usagef("record needs on, off or status")
	}
	store, serr := io.historyStore()
	env := io.agentEnv()
	off := false
	var failed []string
	for _, a := range list {
		r, ok := a.(agents.Recorder)
		if !ok {
			if named && len(list) == 1 {
				return agents.NotSupported("record", a.Info().Title+" has no hooks Hookwarden can record with, or Hookwarden does not write an observer for it yet")
			}
			// never left out in silence: the user asked for every agent
			also := ""
			if _, ok := a.(agents.LogImporter); ok {
				also = "; hookwarden history import reads its own logs"
			}
			printf(io.Stdout, "%s: not recorded (Hookwarden does not write an observer for it yet%s)\n", a.Info().Title, also)
			continue
		}
		obs, err := io.observer(a)
		if err != nil {
			return err
		}
		title := a.Info().Title
		switch rest[0] {
		case "on":
			notes, err := agents.RecordOn(env, a.Info().Name, r, obs)
			for _, n := range notes {
				printf(io.Stdout, "%s: %s\n", title, n)
			}
			if err != nil {
				printf(io.Stderr, "%s: %v\n", title, err)
				failed = append(failed, title)
				continue
			}
			evs, left := r.RecordEvents()
			printf(io.Stdout, "%s: recording %d events", title, len(evs))
			if len(left) > 0 {
				var names []string
				for _, s := range left {
					names = append(names, string(s.Event))
				}
				printf(io.Stdout, " (not %s: a hook there changes what the agent does)", strings.Join(names, ", "))
			}
			printf(io.Stdout, "\n")
		case "off":
			notes, err := agents.RecordOff(env, a.Info().Name, r, obs)
			for _, n := range notes {
				printf(io.Stdout, "%s: %s\n", title, n)
			}
			if err != nil {
				printf(io.Stderr, "%s: %v\n", title, err)
				failed = append(failed, title)
			}
		case "status":
			st, err := agents.RecordStatus(env, r, obs)
			if err != nil {
				printf(io.Stderr, "%s: %v\n", title, err)
				failed = append(failed, title)
				continue
			}
			for _, f := range st.Files {
				state := "off"
				switch {
				case f.Err != nil:
					state = "unknown: " + f.Err.Error()
				case f.On:
					state = "on"
				}
				printf(io.Stdout, "%s: %s: %s\n", title, f.Path, state)
			}
			off = off || !st.On()
		}
	}
	if serr == nil {
		size, files := store.Size()
		printf(io.Stdout, "history: %s (%s in %d file(s); hookwarden history clear deletes it)\n", store.Dir, byteSize(size), files)
	}
	if len(failed) > 0 {
		return fmt.Errorf("record %s failed for %s", rest[0], strings.Join(failed, ", "))
	}
	if rest[0] == "status" && off {
		return &ExitError{Code: ExitNeedsReview}
	}
	return nil
}

// byteSize is n in B, KiB or MiB.
func byteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// runObserve is the observer hook: it appends the payload on stdin to
// the history (history.Observe). It prints nothing and always succeeds: a
// broken payload is recorded as it came, and a history it cannot write (a
// full disk, a read-only home) loses the event, never the agent's run.
func runObserve(io *IO, args []string) {
	defer func() { _ = recover() }()
	agent, event := history.ObserveArgs(args)
	_ = history.Observe(io.Stdin, agent, event, io.Dir, io.Env.Get, io.GOOS)
}

// observeCommand is observe's entry in the command table: Main runs the
// observer itself (runObserve, which never fails); this answers --help.
func observeCommand(_ context.Context, io *IO, _ agents.Agent, args []string) error {
	fs := newFlags("observe")
	fs.String("event", "", "the event the agent fired, as its hook files name it")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	runObserve(io, args)
	return nil
}

// completeRecord fills in what the observer leaves to the agent that sent
// the payload: project, tool and session (the project is the observer's
// working folder when the payload names none).
func (io *IO) completeRecord(r *history.Record) {
	if a, ok := io.Agents.Get(r.Agent); ok && r.Source == history.SourceObserver {
		if rec, ok := a.(agents.Recorder); ok && r.IsJSON() {
			f := rec.PayloadFacts(hooks.Event(r.Event), r.PayloadBytes())
			r.Project, r.Tool, r.Session = firstNonEmpty(r.Project, f.Project), firstNonEmpty(r.Tool, f.Tool), firstNonEmpty(r.Session, f.Session)
		}
	}
	if r.Project == "" {
		r.Project = r.Cwd
	}
}

// firstNonEmpty is the first non-empty string.
func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
