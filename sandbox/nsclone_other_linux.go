//go:build linux && !amd64

package sandbox

import (
	"errors"
	"os"
)

// nsCloneAvailable says startNamespaced can be used on this architecture:
// not here (no rawVfork for it), so the supervisor is started by os/exec.
const nsCloneAvailable = false

type nsCloneError struct{ error }

func startNamespaced(path string, argv, env []string, files []*os.File, caps []uintptr, uid, gid int) (*os.Process, error) {
	return nil, &nsCloneError{errors.New("not on this architecture")}
}
