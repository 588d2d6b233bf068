// Command coverage measures how much of real hook commands Hookwarden's
// script discovery follows to the end. It reads a TSV of hook commands
// (repository, commit, file, event, command) and a folder holding each
// repository's checked-out tree, runs discovery on every command as the
// agent that reads the file would run it, and prints the share that is
// complete or declared incomplete (with the reasons), and every command
// that looks silently incomplete: discovery calls it complete although the
// command's text or one of its scripts names an existing code file of the
// project that is not among the files it fingerprinted.
//
// The corpus itself is public code and is not kept in the repository; the
// list of its sources is (docs/coverage-sources.tsv).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/hookwarden/hookwarden/trust"
)

type row struct {
	repo, commit, file, event, command string
}

func main() {
	tsv := flag.String("tsv", "", "the commands (repo, commit, file, event, command)")
	tree := flag.String("tree", "", "the folder holding each repository's tree")
	verbose := flag.Bool("v", false, "print every command with its result")
	flag.Parse()
	rows, err := readRows(*tsv)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	seen := map[string]bool{}
	var complete, incomplete, traceable, suspect, failed, foreign int
	reasons := map[string]int{}
	programs := map[string]int{}
	for _, r := range rows {
		key := r.repo + "\x00" + r.command
		if seen[key] {
			continue
		}
		seen[key] = true
		repoDir := filepath.Join(*tree, r.repo)
		project, rt := runtimeFor(repoDir, r.file)
		d, err := trust.DiscoverScriptsFor(r.command, project, rt)
		if err != nil {
			failed++
			if *verbose {
				fmt.Printf("ERROR\t%s\t%s\t%v\n", r.repo, r.command, err)
			}
			continue
		}
		if len(d.Foreign) > 0 && len(d.ProjectCode(project)) == 0 {
			// As a hook of the user's own settings it names no project code
			// but runs programs whose opens only a run shows: it would read
			// "not traced in this folder" until traced (trust --trace-user).
			foreign++
			for _, f := range d.Foreign {
				programs[f]++
			}
		}
		if d.Complete() {
			if miss := missed(r.command, project, d); len(miss) > 0 {
				suspect++
				fmt.Printf("SUSPECT\t%s\t%s\t%s\tnot fingerprinted: %s\n", r.repo, r.file, r.command, strings.Join(miss, ", "))
			} else {
				complete++
				if *verbose {
					var ps []string
					for _, s := range d.Scripts {
						if rel, err := filepath.Rel(repoDir, s.Path); err == nil {
							ps = append(ps, rel)
						}
					}
					fmt.Printf("COMPLETE\t%s\t%s\t%d script(s)\t%s\n", r.repo, r.command, len(d.Scripts), strings.Join(ps, " "))
				}
			}
			continue
		}
		incomplete++
		kinds := map[string]bool{}
		all := true
		for _, u := range d.Unresolved {
			k := string(u.Kind)
			if k == "" {
				k = "unclassified"
			}
			kinds[k] = true
			all = all && u.Traceable
		}
		if all {
			traceable++
		}
		for k := range kinds {
			reasons[k]++
		}
		if *verbose {
			fmt.Printf("INCOMPLETE\t%s\t%s\t%s\n", r.repo, r.command, d.Unresolved[0].String())
		}
	}
	total := complete + incomplete + suspect + failed
	pct := func(n int) float64 { return 100 * float64(n) / float64(total) }
	fmt.Printf("\n%d distinct commands from %d repositories\n", total, countRepos(seen))
	fmt.Printf("complete                 %4d  %5.1f %%\n", complete, pct(complete))
	fmt.Printf("declared incomplete      %4d  %5.1f %%\n", incomplete, pct(incomplete))
	fmt.Printf("  of which a trace can cover every reason (trust --trace): %d\n", traceable)
	fmt.Printf("suspect (silently inc.)  %4d  %5.1f %%\n", suspect, pct(suspect))
	fmt.Printf("command does not parse   %4d  %5.1f %%\n", failed, pct(failed))
	fmt.Printf("as a user hook: no project code named, programs whose opens only a run shows: %d\n", foreign)
	var fs []string
	for f := range programs {
		fs = append(fs, f)
	}
	sort.Slice(fs, func(i, j int) bool {
		return programs[fs[i]] > programs[fs[j]] || programs[fs[i]] == programs[fs[j]] && fs[i] < fs[j]
	})
	if len(fs) > 12 {
		fs = fs[:12]
	}
	for _, f := range fs {
		fmt.Printf("  %-16s %d\n", f, programs[f])
	}
	var ks []string
	for k := range reasons {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	for _, k := range ks {
		fmt.Printf("  incomplete because %-10s %d\n", k, reasons[k])
	}
}

func countRepos(seen map[string]bool) int {
	repos := map[string]bool{}
	for k := range seen {
		repos[strings.SplitN(k, "\x00", 2)[0]] = true
	}
	return len(repos)
}

func readRows(path string) ([]row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var rows []row
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		p := strings.SplitN(sc.Text(), "\t", 5)
		if len(p) != 5 {
			continue
		}
		cmd := strings.ReplaceAll(p[4], `\n`, "\n")
		rows = append(rows, row{p[0], p[1], p[2], p[3], cmd})
	}
	return rows, sc.Err()
}

// runtimeFor is the project folder and the way the agent that reads file
// runs its commands.
func runtimeFor(repoDir, file string) (string, trust.Runtime) {
	dir := filepath.Dir(filepath.Join(repoDir, file))
	switch {
	case strings.Contains(file, ".github/hooks/"):
		// Copilot CLI: /bin/bash -c in the project root (the folder holding .github).
		return filepath.Dir(filepath.Dir(dir)), trust.Runtime{Dialect: trust.DialectBash, ProjectVars: []string{"COPILOT_PROJECT_DIR", "CLAUDE_PROJECT_DIR"}, TextVars: []string{}}
	case strings.Contains(file, ".qwen/"):
		// Qwen Code: bash, with its project variables.
		return filepath.Dir(dir), trust.Runtime{Dialect: trust.DialectBash, ProjectVars: []string{"QWEN_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR"}, TextVars: []string{}}
	case strings.HasSuffix(file, ".codex/hooks.json"):
		return filepath.Dir(dir), trust.Runtime{Dialect: trust.DialectBash, ProjectVars: []string{}, TextVars: []string{}}
	case strings.HasSuffix(file, "hooks/hooks.json") && !strings.Contains(file, ".claude/"):
		root := filepath.Dir(dir)
		return root, trust.Runtime{Dialect: trust.DialectPOSIX, ProjectVars: []string{"CLAUDE_PROJECT_DIR"}, TextVars: []string{}, Env: map[string]string{"CLAUDE_PLUGIN_ROOT": root}}
	case strings.Contains(file, ".gemini/"):
		return filepath.Dir(dir), trust.Runtime{Dialect: trust.DialectBash, ProjectVars: []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"}, TextVars: []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"}}
	}
	return filepath.Dir(dir), trust.Runtime{Dialect: trust.DialectPOSIX, ProjectVars: []string{"CLAUDE_PROJECT_DIR"}, TextVars: []string{}}
}

var codePath = regexp.MustCompile(`[A-Za-z0-9_./-]+\.(?:sh|bash|py|js|mjs|cjs|ts|rb|pl|php|lua)\b`)

// missed lists existing code files of the project named in the command or
// in one of its scripts that discovery did not fingerprint: the crude,
// independent check against a silently incomplete discovery.
func missed(command, project string, d trust.Discovery) []string {
	have := map[string]bool{}
	for _, s := range d.Scripts {
		if p, err := filepath.EvalSymlinks(s.Path); err == nil {
			have[p] = true
		}
		have[s.Path] = true
	}
	texts := []string{command}
	for _, s := range d.Scripts {
		if b, err := os.ReadFile(s.Path); err == nil && len(b) < 1<<20 {
			texts = append(texts, withoutComments(string(b)))
		}
	}
	var out []string
	for _, t := range texts {
		for _, m := range codePath.FindAllString(t, -1) {
			for _, base := range []string{project} {
				p := filepath.Join(base, strings.TrimPrefix(m, "./"))
				if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
					rp, _ := filepath.EvalSymlinks(p)
					if !have[p] && !have[rp] {
						out = append(out, m)
					}
				}
			}
		}
	}
	return dedupe(out)
}

func dedupe(s []string) []string {
	sort.Strings(s)
	var out []string
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// withoutComments drops whole-line comments (# and //): a file named in a
// comment is not run.
func withoutComments(text string) string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "#!") || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "*") {
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}
