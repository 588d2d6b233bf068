package history

import (
	"io"
	"time"
)

// ObserveReadCap bounds how long the observer waits for its payload: an
// agent closes stdin after writing it; one that does not must not hold
// the observer.
const ObserveReadCap = 5 * time.Second

// Observe is the observer hook's work: it reads one payload from r (all
// of it, keeping the store's cap, so the agent's write never blocks) and
// appends it as a record of agent's event, seen in the working folder
// cwd. The payload is stored as it came (secrets redacted), JSON or not;
// what it says of itself (project, tool) is read later, by the agent
// that sent it. The observer ignores the error (it must never fail the
// agent's run); it is returned for tests.
func Observe(r io.Reader, agent, event, cwd string, getenv func(string) string, goos string) error {
	dir, derr := Dir(getenv, goos)
	store := Store{Dir: dir}
	data, size, cut := readPayload(r, store.PayloadCap())
	if derr != nil {
		return derr
	}
	now := time.Now().UTC()
	rec := Record{ID: NewID(now), Time: now, Agent: agent, Event: event, Cwd: cwd, Source: SourceObserver}
	rec.SetPayload(data, store.PayloadCap())
	rec.Size, rec.Truncated = size, rec.Truncated || cut
	return store.Append(rec)
}

// ObserveArgs reads the observer's --agent and --event (anything else is
// ignored: a command line the observer does not know must not fail the
// agent's run).
func ObserveArgs(args []string) (agent, event string) {
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "--agent", "-agent":
			agent = args[i+1]
		case "--event", "-event":
			event = args[i+1]
		}
	}
	return agent, event
}

// readPayload reads r to its end, keeping at most max bytes (the rest is
// read and dropped), for at most ObserveReadCap (cut: stdin stayed open).
func readPayload(r io.Reader, max int) (data []byte, size int, cut bool) {
	type result struct {
		data []byte
		size int
	}
	done := make(chan result, 1)
	go func() {
		data, _ := io.ReadAll(io.LimitReader(r, int64(max)+1))
		size := len(data)
		if size > max {
			n, _ := io.Copy(io.Discard, r)
			size += int(n)
		}
		done <- result{data, size}
	}()
	timer := time.NewTimer(ObserveReadCap)
	defer timer.Stop()
	select {
	case res := <-done:
		return res.data, res.size, false
	case <-timer.C:
		return nil, 0, true
	}
}
