//go:build unix

package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"
)

func TestAliveDoesNotCountZombies(t *testing.T) {
	sleeper := exec.Command("sleep", "100")
	if err := sleeper.Start(); err != nil {
		t.Fatal(err)
	}
	defer sleeper.Process.Kill()
	if !Alive(sleeper.Process.Pid) {
		t.Errorf("a running sleep is not alive")
	}
	// A child that ended and was not waited for is a zombie.
	quick := exec.Command("true")
	if err := quick.Start(); err != nil {
		t.Fatal(err)
	}
	pid := quick.Process.Pid
	if !WaitUntil(time.Minute, func() bool { return !Alive(pid) }) {
		t.Errorf("the zombie %d counts as alive", pid)
	}
	quick.Wait()
	if Alive(pid) {
		t.Errorf("a reaped process is alive")
	}
}

func TestWithFileLockExcludes(t *testing.T) {
	lock := filepath.Join(t.TempDir(), "x.lock")
	var inside, overlaps atomic.Int32
	done := make(chan error, 4)
	for range 4 {
		go func() {
			done <- WithFileLock(lock, func() error {
				if inside.Add(1) > 1 {
					overlaps.Add(1)
				}
				time.Sleep(20 * time.Millisecond)
				inside.Add(-1)
				return nil
			})
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if overlaps.Load() != 0 {
		t.Errorf("%d holders overlapped", overlaps.Load())
	}
}

func TestCleanEnvHasNoStartupFiles(t *testing.T) {
	t.Setenv("BASH_ENV", "/etc/evil")
	for _, kv := range CleanEnv(t) {
		if kv[:4] == "BASH" || kv == "HOME="+os.Getenv("HOME") {
			t.Errorf("CleanEnv carries %s", kv)
		}
	}
}
