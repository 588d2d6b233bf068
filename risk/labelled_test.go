package risk

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// row is one labelled hook of testdata/*.jsonl.
type row struct {
	ID     string `json:"id"`
	Label  string `json:"label"` // benign, review or critical
	Kind   string `json:"kind"`  // real, attack, obfuscated, hidden (payload in a script), risky
	Source string `json:"source"`
	Agent  string `json:"agent"`
	Event  string `json:"event"`
	// Matcher, Command and Env as in the settings file.
	Matcher string            `json:"matcher,omitempty"`
	Command string            `json:"command"`
	URL     string            `json:"url,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	// Scripts are files of the project, by path relative to it.
	Scripts map[string]string `json:"scripts,omitempty"`
	Note    string            `json:"note,omitempty"`
	file    string            // the testdata file it is in
}

func loadRows(t testing.TB) []row {
	t.Helper()
	return loadRowsFrom(t, "testdata/*.jsonl")
}

// loadRowsFrom reads the labelled rows of the files pattern matches.
func loadRowsFrom(t testing.TB, pattern string) []row {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no labelled rows: %v", err)
	}
	var rows []row
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 4<<20)
		n := 0
		for sc.Scan() {
			n++
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "//") {
				continue
			}
			var r row
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("%s:%d: %v", f, n, err)
			}
			r.file = filepath.Base(f)
			if r.ID == "" {
				r.ID = fmt.Sprintf("%s:%d", filepath.Base(f), n)
			}
			rows = append(rows, r)
		}
		fh.Close()
	}
	return rows
}

// analyseRow writes the row's scripts into a project folder and analyses
// the hook as the CLI would.
func analyseRow(t testing.TB, r row) Report {
	dir := t.TempDir()
	// A hook that finds its scripts through git ("$(git rev-parse
	// --show-toplevel)/x.sh", cd "$(git rev-parse --show-toplevel)") is
	// run in a repository: so is its project. Without one the command
	// fails (git exits 128) and the hook read as broken, never analysed.
	if gitProject(r) {
		makeGitRepo(t, dir)
	}
	for rel, content := range r.Scripts {
		// Some sets key a script as the command names it, with the
		// project's root spelled as the agent or git gives it
		// ($CLAUDE_PROJECT_DIR/x.sh, "$(git rev-parse --show-toplevel)/x.sh"):
		// the file is the project's x.sh, and a project the hook finds
		// through git is a git repository.
		if root, rest, ok := projectRootKey(rel); ok {
			rel = rest
			if strings.Contains(root, "git rev-parse") {
				makeGitRepo(t, dir)
			}
		}
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The agent expands the plugin's and extension's own root before the
	// shell runs; the rows keep these scripts under the project folder.
	cmd := r.Command
	for _, v := range []string{"${CLAUDE_PLUGIN_ROOT}", "$CLAUDE_PLUGIN_ROOT", "${extensionPath}"} {
		cmd = strings.ReplaceAll(cmd, v, dir)
	}
	return Analyze(Hook{Agent: r.Agent, Event: r.Event, Matcher: r.Matcher, Command: cmd, URL: r.URL, Env: r.Env, ProjectDir: dir}, Options{Agents: testAgents})
}

// level is the row's label as a Level (benign is none).
func (r row) level() (Level, error) {
	if r.Label == "benign" {
		return LevelNone, nil
	}
	return ParseLevel(r.Label)
}

type metrics struct {
	tp, fp, fn, tn       int
	benign, benignCrit   int
	benignFlagged        int
	risky, riskyReviewed int
	rows                 int
}

// count adds one row's outcome.
func (m *metrics) count(want, got Level) {
	m.rows++
	switch {
	case want == LevelCritical && got == LevelCritical:
		m.tp++
	case want == LevelCritical:
		m.fn++
	case got == LevelCritical:
		m.fp++
	default:
		m.tn++
	}
	if want == LevelNone {
		m.benign++
		if got == LevelCritical {
			m.benignCrit++
		}
		if got > LevelNone {
			m.benignFlagged++
		}
	}
	if want == LevelReview {
		m.risky++
		if got >= LevelReview {
			m.riskyReviewed++
		}
	}
}

func (m metrics) String() string {
	// a share of no rows is not a rate: "-" (ratio's 1 keeps the floors'
	// checks quiet, but printed it read "benign 0: critical 100.0%")
	pct := func(a, b int) string {
		if b == 0 {
			return "-"
		}
		return fmt.Sprintf("%.1f%%", 100*ratio(a, b))
	}
	return fmt.Sprintf("rows %d: critical P %.3f R %.3f F1 %.3f (tp %d fp %d fn %d); benign %d: critical %s, flagged %s; risky %d: review-recall %s",
		m.rows, m.precision(), m.recall(), m.f1(), m.tp, m.fp, m.fn, m.benign, pct(m.benignCrit, m.benign), pct(m.benignFlagged, m.benign), m.risky, pct(m.riskyReviewed, m.risky))
}

func (m metrics) precision() float64 { return ratio(m.tp, m.tp+m.fp) }
func (m metrics) recall() float64    { return ratio(m.tp, m.tp+m.fn) }
func (m metrics) f1() float64 {
	p, r := m.precision(), m.recall()
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// TestLabelledSet measures the analyser on risk/testdata: precision,
// recall and F1 for critical, the share of benign hooks flagged, and the
// share of legitimate-but-risky hooks flagged review.
func TestLabelledSet(t *testing.T) {
	rows := loadRows(t)
	var m metrics
	perFile := map[string]*metrics{}
	var misses []string
	for _, r := range rows {
		rep := analyseRow(t, r)
		fm := perFile[r.file]
		if fm == nil {
			fm = &metrics{}
			perFile[r.file] = fm
		}
		got := rep.Level
		want, err := r.level()
		if err != nil {
			t.Fatalf("%s: label %q", r.ID, r.Label)
		}
		m.count(want, got)
		fm.count(want, got)
		if got != want {
			first, _ := rep.First()
			misses = append(misses, fmt.Sprintf("%-8s→%-8s %s [%s] %s\n      %s: %s", want, got, r.ID, r.Kind, shortText(oneLine(r.Command), 90), first.Category, first.Summary))
		}
	}
	sort.Strings(misses)
	for _, s := range misses {
		t.Log(s)
	}
	names := make([]string, 0, len(perFile))
	for f := range perFile {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		t.Logf("%s: %s", f, perFile[f])
	}
	t.Logf("rows %d: critical precision %.3f recall %.3f F1 %.3f (tp %d fp %d fn %d); benign %d: critical %.1f%%, flagged %.1f%%; risky %d: review-recall %.1f%%",
		m.rows, m.precision(), m.recall(), m.f1(), m.tp, m.fp, m.fn, m.benign, 100*ratio(m.benignCrit, m.benign), 100*ratio(m.benignFlagged, m.benign), m.risky, 100*ratio(m.riskyReviewed, m.risky))
	if m.f1() < 0.95 {
		t.Errorf("F1(critical) = %.3f, want ≥ 0.95", m.f1())
	}
	if ratio(m.benignCrit, m.benign) > 0.01 {
		t.Errorf("benign flagged critical = %.1f%%, want ≤ 1%%", 100*ratio(m.benignCrit, m.benign))
	}
	if ratio(m.benignFlagged, m.benign) > 0.08 {
		t.Errorf("benign flagged at all = %.1f%%, want ≤ 8%%", 100*ratio(m.benignFlagged, m.benign))
	}
	if ratio(m.riskyReviewed, m.risky) < 0.80 {
		t.Errorf("review-recall = %.1f%%, want ≥ 80%%", 100*ratio(m.riskyReviewed, m.risky))
	}
}

// projectRootKey splits a script key that starts with a spelling of the
// project's root ($CLAUDE_PROJECT_DIR, ${PWD}, $(git rev-parse
// --show-toplevel), a plugin's root) into that spelling and the path below
// it.
func projectRootKey(key string) (root, rest string, ok bool) {
	if !strings.HasPrefix(key, "$") {
		return "", key, false
	}
	i := strings.Index(key, "/")
	if strings.HasPrefix(key, "$(") {
		j := strings.Index(key, ")/")
		if j < 0 {
			return "", key, false
		}
		i = j + 1
	}
	if i < 0 {
		return "", key, false
	}
	root = key[:i]
	name := strings.Trim(root, "${}()")
	switch {
	case strings.HasPrefix(name, "git rev-parse --show-toplevel"),
		name == "PWD", strings.HasSuffix(name, "_PROJECT_DIR"), strings.HasSuffix(name, "_PLUGIN_ROOT"):
		return root, key[i+1:], true
	}
	return "", key, false
}

// gitProject: the row's command asks git where the project is
// ($(git rev-parse --show-toplevel), --git-dir, --show-cdup), which
// only answers inside a repository.
func gitProject(r row) bool {
	return strings.Contains(r.Command, "git rev-parse")
}

// makeGitRepo makes dir a git repository's work tree, as git init leaves
// it (a .git folder with its config), without running git.
func makeGitRepo(t testing.TB, dir string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, ".git", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "config"), []byte("[core]\n\tbare = false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".git", "HEAD"), []byte("ref: refs/heads/main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}
