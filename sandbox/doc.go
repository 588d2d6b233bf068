// Package sandbox starts a hook's process under a small supervisor that
// Hookwarden runs as a re-execution of itself (the hidden subcommand
// InitCommand), and, when asked, isolates it.
//
// Supervised (Config.Isolate false), the supervisor is a child subreaper:
// every process the hook starts, including one that calls setsid and
// double-forks, stays its descendant, and when the run ends the supervisor
// stops and kills all of them before it exits, so a dry run never leaves a
// process behind. The hook itself runs as the runner would run it directly:
// same program, arguments, environment, folder, process group or session,
// stdin and output pipes.
//
// Isolated (Linux), the supervisor is the init of new user, mount, PID,
// network, IPC and UTS namespaces:
//   - the home, project and agent folders are overlays whose upper layers
//     are scratch folders: the hook's writes succeed inside and land nowhere
//     real; /tmp, /var/tmp and /dev/shm are private; the rest of the file
//     system is read-only;
//   - the network namespace has only loopback, with every IPv4 and IPv6
//     address routed to it (a "local" route for 0.0.0.0/0 and ::/0), a stub
//     DNS resolver that answers every name with an address of its own, and
//     sinks that accept each connection, answer HTTP, read a TLS ClientHello
//     and record what was sent;
//   - a seccomp filter with a user-space listener (the supervisor) records
//     every execve/execveat (argv), every open of a sensitive file, and every
//     connect/sendto/sendmsg destination; the supervisor opens a sink on a
//     port the moment a connect names it, so a connection to any port
//     reaches a sink;
//   - the supervisor has a session of its own and the hook gets no
//     terminal (a terminal stdio becomes /dev/null, TIOCSTI fails); /dev
//     holds only null, zero, full, random and urandom;
//   - the supervisor performs every connect of a Unix socket (and every
//     send to a named destination from a Unix datagram socket) itself,
//     letting through only the hook's own sockets in the private /tmp,
//     /var/tmp and /dev/shm;
//   - a cgroup (v2, else v1) bounds the hook's memory, processes and CPU,
//     rlimits where there is none;
//   - when the run ends, the PID namespace ends with its init, which kills
//     everything the hook left behind.
//
// A dry run sets its sandboxes up ahead (Warm): the probe's supervisor
// sets the sandbox up and parks, supervisors for the run's further
// sandboxed hooks set it up behind it, and each hook takes one of its own,
// so that its report is its alone.
//
// The outcome is a Report: files created, changed and deleted (with a diff
// for text), sensitive files read, network attempts and programs started,
// each judged in the risk package's words; and, for traced discovery, the
// files under the overlaid folders the hook read, the folders there it
// listed, and the paths there it looked for that were missing (stat and
// access calls with Config.RecordProbes). docs/sandbox.md describes the
// method, its limits and the macOS design.
package sandbox
