package launch

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// initBudget is what a package of Hookwarden's may allocate while the
// binary starts, before main: every start pays it, each command and each
// hook's supervisor (a dry run of an event with three hooks starts the
// binary four times), and on a machine where a page fault is dear (a
// virtual machine with shadow page tables) each 4 KB page of it costs
// more than the work. Regular expressions and pattern tables are compiled
// on first use in these packages (sync.OnceValue); the maps of words they
// look up stay (trust's, ~110 KB). A package not listed has no budget
// here yet.
var initBudget = map[string]int{
	"github.com/hookwarden/hookwarden/history":       8 << 10,
	"github.com/hookwarden/hookwarden/settingsio":    8 << 10,
	"github.com/hookwarden/hookwarden/sandbox":       8 << 10,
	"github.com/hookwarden/hookwarden/agents/gemini": 40 << 10,
	"github.com/hookwarden/hookwarden/trust":         160 << 10,
	"github.com/hookwarden/hookwarden/risk":          64 << 10,
}

// TestPackagesInitialiseWithinBudget starts this test binary again (it
// links every package the command-line build links) with the runtime's
// init trace and checks what each package in initBudget allocated while
// initialising. Allocations, not times: the same on a loaded machine.
func TestPackagesInitialiseWithinBudget(t *testing.T) {
	if os.Getenv("HOOKWARDEN_INITTRACE_CHILD") == "1" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPackagesInitialiseWithinBudget$", "-test.count=1")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "HOOKWARDEN_INITTRACE_CHILD=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if out, err := cmd.Output(); err != nil {
		t.Fatalf("the traced start: %v\n%s%s", err, out, stderr.Bytes())
	}
	traced := 0
	trace := stderr.Bytes()
	sc := bufio.NewScanner(bytes.NewReader(trace))
	for sc.Scan() {
		// init <package> @<t> ms, <c> ms clock, <n> bytes, <m> allocs
		f := strings.Fields(sc.Text())
		if len(f) < 9 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		traced++
		budget, ok := initBudget[f[1]]
		if !ok {
			continue
		}
		n, err := strconv.Atoi(f[7])
		if err != nil {
			t.Fatalf("reading %q: %v", sc.Text(), err)
		}
		if n > budget {
			t.Errorf("%s allocates %d bytes at init, over its budget of %d: compile its patterns and tables on first use (sync.OnceValue)", f[1], n, budget)
		}
	}
	if traced == 0 {
		// a package with no initialisation left prints no line
		t.Fatalf("GODEBUG=inittrace=1 printed no init line:\n%s", trace)
	}
}
