//go:build unix && !linux

package hooks

// groupAlive: without /proc, a group that still answers kill counts as
// alive.
func groupAlive(pgid int) bool { return true }
