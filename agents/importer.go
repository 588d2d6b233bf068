package agents

import (
	"time"

	"github.com/hookwarden/hookwarden/hooks"
)

// LogImporter rebuilds the events an agent fired from its own logs
// (transcripts, rollouts, session records), for `hookwarden history
// import` (optional): the events a user had before recording was on.
// Where the agent's files are, how its lines read and which payload
// fields they hold are the agent's facts. A package can offer one for an
// agent Hookwarden does not register yet (Registry.WithImporters).
type LogImporter interface {
	// ImportAgent is the agent's name and title as records carry them.
	ImportAgent() (name, title string)
	// LogFiles are the agent's log files in env (none: an empty list).
	LogFiles(env Env) ([]string, error)
	// ImportLog rebuilds the events of one log (read from path): each
	// with the payload the agent would have sent its hooks and the fields
	// that were inferred rather than read. Lines it cannot read are
	// errors naming file and line; the others still count.
	ImportLog(path string, data []byte) ([]ImportedEvent, []error)
}

// ImportedEvent is one event rebuilt from a log.
type ImportedEvent struct {
	Time  time.Time
	Event hooks.Event
	// Payload is the rebuilt payload (a JSON object).
	Payload []byte
	// Rebuilt names the payload fields that were inferred (from another
	// line, a default, the file's name) or could not be rebuilt.
	Rebuilt []string
	// Line is the log line the event was read from (1-based).
	Line int
	// Project, Tool and Session are what the payload says of itself.
	Project, Tool, Session string
}

// WithImporters adds log importers for agents r does not register; the
// registered agents' own (LogImporter) come first in Importers.
func (r *Registry) WithImporters(imps ...LogImporter) *Registry {
	r.importers = append(r.importers, imps...)
	return r
}

// Importers are every log importer: the registered agents' own, then the
// extra ones.
func (r *Registry) Importers() []LogImporter {
	var out []LogImporter
	for _, a := range r.agents {
		if li, ok := a.(LogImporter); ok {
			out = append(out, li)
		}
	}
	return append(out, r.importers...)
}
