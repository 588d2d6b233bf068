// Package cli is Hookwarden's headless command line: list, plan, run, audit,
// trust, untrust, folder-trust. It calls the same domain packages as the
// GUI. Data goes to stdout, errors to stderr.
//
// Exit codes: 0 done, 1 any other failure, 2 usage error (with a one-line
// hint), 3 something needs review (audit).
package cli
