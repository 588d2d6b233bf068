package all

import (
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// neutralPackages are the shared packages and the faces: none of their
// non-test files may name an agent's file, folder, variable or event in
// code (a string literal); they learn them from the registry (Facts,
// Events) that main.go hands them.
var neutralPackages = []string{"hooks", "trust", "risk", "sandbox", "settingsio", "guard", "cli", "ui"}

// knownAgentNames are the hits left, file by file: agent facts still
// named in shared code, each to be moved to its agent (issue 25). The
// test fails on a hit not listed here, and on an entry no longer hit
// (take it out: the gap closed).
var knownAgentNames = map[string][]string{
	// The project variables a zero trust.Runtime assumes (discovery for a
	// caller that does not say which agent runs the command: the risk
	// analysis's, Gemini CLI's script reviewer): every caller is to pass
	// its Runtime (the risk analysis from Options.Agents.ProjectVars).
	"trust/runtime.go": {"CLAUDE_PROJECT_DIR", "GEMINI_CWD", "GEMINI_PROJECT_DIR"},
	// Not an agent fact: PowerShell's Stop-Computer cmdlet in a rule of
	// the PowerShell reader matches the word of Claude Code's Stop event.
	"risk/powershell.go": {"Stop"},
	// Not an agent fact: Google's Gemini API, a service whose key has a
	// variable of its own (GEMINI_API_KEY sent to another host).
	"risk/network.go": {"gemini"},
	// Not an agent fact: the Recent menu's preference key of a folder's
	// agents (recentProjectsKey + ".agents:" + dir) spells the dot folder
	// of the skills Qwen Code reads (.agents/skills/).
	"ui/projects.go": {".agents"},
}

// agentWords are what the registry's agents declare of themselves: their
// files (the path, below the home or not, and the name code may use
// alone), their dot folders, their variables and their events.
func agentWords(t *testing.T) []string {
	reg := Registry()
	f := reg.Facts()
	var words []string
	add := func(w string) {
		if w != "" && !slices.Contains(words, w) {
			words = append(words, w)
		}
	}
	for _, file := range append(slices.Clone(f.Config), f.Credentials...) {
		p := strings.TrimSuffix(strings.TrimPrefix(file.Path, "~/"), "/")
		add(p)
		add(file.Name)
		if first, _, ok := strings.Cut(p, "/"); ok && strings.HasPrefix(first, ".") && len(first) > 1 {
			add(first)
		}
	}
	for _, vs := range [][]string{f.HomeVars, f.SystemVars, f.ProjectVars, f.BaseURLVars, f.SecretVars, f.EnvFileVars, f.Programs} {
		for _, v := range vs {
			add(v)
		}
	}
	for _, a := range reg.All() {
		for _, e := range a.Events() {
			add(string(e.Name))
			for _, x := range e.Aliases {
				add(string(x))
			}
		}
	}
	if len(words) < 20 {
		t.Fatalf("only %d agent words: %v", len(words), words)
	}
	return words
}

// wordAt reports whether w occurs in s as a word of its own: the
// characters around it are not letters, digits or '_' (nor, for a word
// that starts with '.', a dot folder's tail).
func wordAt(s, w string) bool {
	isWord := func(b byte) bool {
		return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
	}
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(w)
		before := start == 0 || !isWord(s[start-1])
		after := end == len(s) || !isWord(s[end])
		if before && after {
			return true
		}
		i = start + 1
	}
}

// hit is one agent word in one file.
type hit struct {
	file, word string
	lines      []int
}

// scanLiterals lists, for every non-test Go file under root/dir, the agent
// words its string literals hold.
func scanLiterals(t *testing.T, root string, words []string) []hit {
	var out []hit
	for _, dir := range neutralPackages {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			byWord := map[string][]int{}
			fset := token.NewFileSet()
			file := fset.AddFile(path, -1, len(src))
			var s scanner.Scanner
			s.Init(file, src, nil, 0)
			for {
				pos, tok, lit := s.Scan()
				if tok == token.EOF {
					break
				}
				if tok != token.STRING {
					continue
				}
				text, err := strconv.Unquote(lit)
				if err != nil {
					text = lit
				}
				for _, w := range words {
					if wordAt(text, w) {
						byWord[w] = append(byWord[w], fset.Position(pos).Line)
					}
				}
			}
			for w, lines := range byWord {
				out = append(out, hit{file: rel, word: w, lines: lines})
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].file != out[j].file {
			return out[i].file < out[j].file
		}
		return out[i].word < out[j].word
	})
	return out
}

// The shared packages and the faces name no agent's file, folder,
// variable or event in code: they are handed the registry's facts
// (agents.Env.Facts, risk.Options.Agents, sandbox.Config.AgentFiles).
// knownAgentNames lists what is left to move, so that the gap shows.
func TestNeutralPackagesNameNoAgent(t *testing.T) {
	words := agentWords(t)
	hits := scanLiterals(t, "../..", words)
	used := map[string]bool{}
	var report []string
	for _, h := range hits {
		if slices.Contains(knownAgentNames[h.file], h.word) {
			used[h.file+"\x00"+h.word] = true
			continue
		}
		for _, l := range h.lines {
			report = append(report, h.file+":"+strconv.Itoa(l)+": "+strconv.Quote(h.word))
		}
	}
	if len(report) > 0 {
		t.Errorf("%d literals name an agent's file, folder, variable or event in shared code (hand the registry's facts in instead):\n%s",
			len(report), strings.Join(report, "\n"))
	}
	for file, ws := range knownAgentNames {
		for _, w := range ws {
			if !used[file+"\x00"+w] {
				t.Errorf("knownAgentNames[%q] lists %q, which the file no longer names: take it out", file, w)
			}
		}
	}
}

func TestWordAt(t *testing.T) {
	for _, tt := range []struct {
		s, w string
		want bool
	}{
		{"~/.claude.json", ".claude.json", true},
		{"$CLAUDE_PROJECT_DIR/x", "CLAUDE_PROJECT_DIR", true},
		{"MY_CLAUDE_PROJECT_DIR", "CLAUDE_PROJECT_DIR", false},
		{"PreToolUseX", "PreToolUse", false},
		{"on Stop.", "Stop", true},
		{"Stopped", "Stop", false},
	} {
		if got := wordAt(tt.s, tt.w); got != tt.want {
			t.Errorf("wordAt(%q, %q) = %v", tt.s, tt.w, got)
		}
	}
}
