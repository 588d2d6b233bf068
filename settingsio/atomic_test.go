package settingsio

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// helperEnv selects what the re-executed test binary does in
// TestAtomicHelperProcess.
const helperEnv = "HOOKWARDEN_ATOMIC_HELPER"

func TestWriteFileAtomicModes(t *testing.T) {
	tests := []struct {
		name     string
		existing *os.FileMode // nil: no file before
		newMode  os.FileMode
		wantMode os.FileMode
	}{
		{"new file gets newMode", nil, 0o600, 0o600},
		{"new file gets another newMode", nil, 0o644, 0o644},
		{"existing file keeps its mode", ptr(os.FileMode(0o640)), 0o600, 0o640},
		{"existing private file stays private", ptr(os.FileMode(0o600)), 0o644, 0o600},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "f.json")
			if tc.existing != nil {
				if err := os.WriteFile(path, []byte("old"), *tc.existing); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(path, *tc.existing); err != nil {
					t.Fatal(err)
				}
			}
			if err := WriteFileAtomic(path, []byte("new"), tc.newMode); err != nil {
				t.Fatal(err)
			}
			assertFile(t, path, "new")
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := fi.Mode().Perm(); got != tc.wantMode {
				t.Errorf("mode = %v, want %v", got, tc.wantMode)
			}
			assertNoTempFiles(t, filepath.Dir(path))
		})
	}
}

func TestWriteFileAtomicCreatesFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "f.json")
	if err := WriteFileAtomic(path, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	assertFile(t, path, "{}")
}

func TestWriteFileAtomicKeepsSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "link.json")
	if err := os.WriteFile(real, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, link); err != nil {
		t.Skipf("symlinks not available: %v", err)
	}
	if err := WriteFileAtomic(link, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(link)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a regular file")
	}
	assertFile(t, real, "new")
}

func TestWriteFileAtomicFailureLeavesOldFileAndNoTemp(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.json")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := writeFileAtomic(path, []byte("new"), 0o600, func() error { return boom })
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	assertFile(t, path, "old")
	assertNoTempFiles(t, dir)
}

func TestWriteFileAtomicRefusesNonRegularTarget(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "sub")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(target, []byte("x"), 0o600); err == nil {
		t.Fatal("writing over a folder succeeded")
	}
	if fi, err := os.Stat(target); err != nil || !fi.IsDir() {
		t.Fatalf("folder was replaced: %v", err)
	}
	assertNoTempFiles(t, dir)
}

// TestWriteFileAtomicKilledBeforeRename kills a writer (a re-executed test
// binary) after its temporary file is complete but before the rename: the
// old file must be intact.
func TestWriteFileAtomicKilledBeforeRename(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "trusted_hooks.json")
	old := "{\n  \"/p\": [\n    \":old\"\n  ]\n}"
	if err := os.WriteFile(path, []byte(old), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := helperCommand(t, "crash", path)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || strings.TrimSpace(line) != "ready" {
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("helper did not get to the rename: %q, %v", line, err)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	assertFile(t, path, old)
	var v map[string][]string
	data, _ := os.ReadFile(path)
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("file no longer parses: %v", err)
	}
}

// TestUpdateFileAtomicTwoProcesses runs this process and another one, each
// adding its own project entries to the same file at the same time; every
// entry of both must be there at the end.
func TestUpdateFileAtomicTwoProcesses(t *testing.T) {
	const n = 40
	path := filepath.Join(t.TempDir(), "trusted_hooks.json")
	cmd := helperCommand(t, "writer", path, strconv.Itoa(n))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	var ownErr error
	go func() {
		defer wg.Done()
		ownErr = addEntries(path, "/hookwarden/project", n)
	}()
	wg.Wait()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("other writer: %v\n%s", err, stderr.String())
	}
	if ownErr != nil {
		t.Fatal(ownErr)
	}
	var got map[string][]string
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatalf("result does not parse: %v\n%s", err, data)
	}
	for _, project := range []string{"/hookwarden/project", "/other/project"} {
		if len(got[project]) != n {
			t.Errorf("%s has %d entries, want %d", project, len(got[project]), n)
		}
	}
}

// TestUpdateFileAtomicRetriesWhenChangedUnderIt simulates another program
// (Gemini CLI, which neither locks nor renames) writing the file between
// UpdateFileAtomic's read and its rename: that write must survive.
func TestUpdateFileAtomicRetriesWhenChangedUnderIt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "trusted_hooks.json")
	if err := os.WriteFile(path, []byte(`{"/a":["x"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	calls := 0
	err := UpdateFileAtomic(path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
		calls++
		if calls == 1 {
			// The other program writes after our read.
			if err := os.WriteFile(path, []byte(`{"/a":["x"],"/gemini":["g"]}`), 0o600); err != nil {
				return nil, err
			}
		}
		return addEntry(cur, "/hw", "h")
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls < 2 {
		t.Errorf("update was called %d times; the change under it went unnoticed", calls)
	}
	var got map[string][]string
	data, _ := os.ReadFile(path)
	if err := json.Unmarshal(data, &got); err != nil {
		t.Fatal(err)
	}
	if len(got["/gemini"]) != 1 || len(got["/hw"]) != 1 || len(got["/a"]) != 1 {
		t.Errorf("entries lost: %s", data)
	}
}

func TestUpdateFileAtomicGivesUpWhenAlwaysChanging(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.json")
	if err := os.WriteFile(path, []byte(`{}`), 0o600); err != nil {
		t.Fatal(err)
	}
	i := 0
	err := UpdateFileAtomic(path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
		i++
		if err := os.WriteFile(path, []byte(fmt.Sprintf(`{"n":%d}`, i)), 0o600); err != nil {
			return nil, err
		}
		return []byte(`{"mine":true}`), nil
	})
	if !errors.Is(err, ErrFileChanged) {
		t.Fatalf("err = %v, want ErrFileChanged", err)
	}
	assertFile(t, path, fmt.Sprintf(`{"n":%d}`, i))
}

func TestUpdateFileAtomicErrorAndNoChange(t *testing.T) {
	tests := []struct {
		name   string
		update UpdateFunc
		want   error
	}{
		{"error aborts", func([]byte, bool) ([]byte, error) { return nil, errors.New("refused") }, errors.New("refused")},
		{"same content is not written", func(cur []byte, _ bool) ([]byte, error) { return cur, nil }, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "f.json")
			if err := os.WriteFile(path, []byte("old"), 0o640); err != nil {
				t.Fatal(err)
			}
			before, _ := os.Stat(path)
			err := UpdateFileAtomic(path, 0o600, tc.update)
			if (err == nil) != (tc.want == nil) || (err != nil && err.Error() != tc.want.Error()) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			assertFile(t, path, "old")
			after, _ := os.Stat(path)
			if !os.SameFile(before, after) {
				t.Errorf("the file was replaced")
			}
			assertNoTempFiles(t, dir)
		})
	}
}

func TestUpdateFileAtomicMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "f.json")
	var sawExists = true
	err := UpdateFileAtomic(path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
		sawExists = exists
		return addEntry(cur, "/p", "k")
	})
	if err != nil {
		t.Fatal(err)
	}
	if sawExists {
		t.Errorf("exists = true for a missing file")
	}
	assertFile(t, path, `{"/p":["k"]}`)
}

// TestAtomicHelperProcess is not a test: it is the body of the helper
// processes the tests above start (re-executing the test binary).
func TestAtomicHelperProcess(t *testing.T) {
	mode := os.Getenv(helperEnv)
	if mode == "" {
		t.Skip("helper process for other tests")
	}
	args := strings.Split(os.Getenv(helperEnv+"_ARGS"), "\x1f")
	switch mode {
	case "crash":
		err := writeFileAtomic(args[0], []byte("{\"half\": "), 0o600, func() error {
			fmt.Println("ready")
			select {} // wait to be killed
		})
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	case "writer":
		n, _ := strconv.Atoi(args[1])
		if err := addEntries(args[0], "/other/project", n); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(2)
}

func helperCommand(t *testing.T, mode string, args ...string) *exec.Cmd {
	t.Helper()
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no subprocesses on this platform")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestAtomicHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, helperEnv+"_ARGS="+strings.Join(args, "\x1f"))
	return cmd
}

// addEntries adds n keys to project's array, one UpdateFileAtomic each.
func addEntries(path, project string, n int) error {
	for i := 0; i < n; i++ {
		key := fmt.Sprintf("hook-%d:cmd", i)
		err := UpdateFileAtomic(path, 0o600, func(cur []byte, _ bool) ([]byte, error) {
			return addEntry(cur, project, key)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func addEntry(cur []byte, project, key string) ([]byte, error) {
	m := map[string][]string{}
	if len(cur) > 0 {
		if err := json.Unmarshal(cur, &m); err != nil {
			return nil, err
		}
	}
	m[project] = append(m[project], key)
	return json.Marshal(m)
}

func assertFile(t *testing.T, path, want string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s = %q, want %q", path, got, want)
	}
}

func assertNoTempFiles(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

func ptr[T any](v T) *T { return &v }

// A write killed half way leaves its temporary file; the next write of the
// same file removes it once it is old, and nothing that is not
// unmistakably one of ours.
func TestWriteFileAtomicRemovesStaleTempsOfItsOwn(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "settings.json")
	old := time.Now().Add(-time.Hour)
	makeFile := func(name string, age time.Time) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("half"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, age, age); err != nil {
			t.Fatal(err)
		}
		return p
	}
	stale := makeFile(".settings.json.tmp-123456", old)
	keep := []string{
		makeFile(".settings.json.tmp-987", time.Now()), // a write still going on
		makeFile(".settings.json.tmp-12ab", old),       // not a name we make
		makeFile(".other.json.tmp-42", old),            // another file's
		makeFile("settings.json.tmp-42", old),          // not hidden: not ours
		makeFile(".settings.json.tmp-", old),           // no number
		makeFile(".settings.json.tmp-5.bak", old),      // something else
	}
	link := filepath.Join(dir, ".settings.json.tmp-777")
	if err := os.Symlink(keep[0], link); err != nil {
		t.Fatal(err)
	}
	keep = append(keep, link)
	if err := WriteFileAtomic(target, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(stale); err == nil {
		t.Errorf("stale %s is still there", stale)
	}
	for _, p := range keep {
		if _, err := os.Lstat(p); err != nil {
			t.Errorf("%s was removed", p)
		}
	}
}
