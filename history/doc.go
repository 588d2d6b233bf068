// Package history is Hookwarden's private record of the events the
// agents really sent to their hooks: what the observer hook (`hookwarden
// observe`) appends and what an import rebuilds from an agent's own logs,
// so that "why didn't my hook fire?" can be answered with the user's own
// payloads (`hookwarden history`, `run --replay`).
//
// The history stays on the machine and private: a folder of its own
// (0700) under the user's state folder, files 0600, one JSON line per
// event, a size cap with rotation, and every string that looks like a
// secret (API keys, bearer tokens, AWS keys, GitHub tokens, JWTs,
// private keys, key=value assignments of secrets) redacted before it is
// written. Concurrent observers append under a file lock, each record in
// one write. The package is agent-neutral: what a payload says (project,
// tool, session) is read by the agent that sent it.
package history
