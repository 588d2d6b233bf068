package cli

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// auditKeys are the top-level members of `audit --json`, in order, for
// every agent (untraced_user_hooks only when there are some).
var auditKeys = []string{"agent", "project", "folder_trust", "store", "store_path", "needs_review", "hooks", "commands", "gone", "unreadable", "critical", "warnings"}

// topKeys are the members of a JSON object, in order.
func topKeys(t *testing.T, raw []byte) []string {
	t.Helper()
	o, err := jsonMembers(json.RawMessage(raw))
	if err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	var keys []string
	for _, m := range o {
		keys = append(keys, m.key)
	}
	return keys
}

// The agent's own members: what the common ones say is left out, what
// only the agent says goes under "agent" — a common name with another
// value (its own folder trust) too, and an empty member of its own.
func TestAuditDocumentPutsTheAgentsOwnFactsUnderAgent(t *testing.T) {
	t.Parallel()
	r := &agents.Review{Project: "/p", Store: "the store", StorePath: "/s/approvals.json", NeedsReview: true,
		FolderTrust: agents.FolderTrust{Supported: true, State: "trusted"},
		Unreadable:  []settingsio.FileError{{Path: "/p/x.json", Line: 3, Column: 5}},
		Warnings:    []string{"w1"},
		Gone:        []agents.Gone{{Key: "old-key", Label: "old-key"}},
		Document: map[string]any{
			"agent":        "demo",
			"project":      "/p",
			"needs_review": true,
			"store":        "/s/approvals.json",
			"folder_trust": map[string]any{"state": "trusted", "rule": "/p"},
			"own_warnings": []string{"w1"},
			"config":       "/h/config.toml",
			"fatal":        "",
			"hooks":        []map[string]any{{"key": "k", "status": "new"}},
			"gone":         []string{"old-key"},
		}}
	doc, err := auditDocument(agents.Info{Name: "demo", Title: "Demo Agent"}, r, nil, agents.StartFolders{})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(doc)
	if got := topKeys(t, raw); !slices.Equal(got, auditKeys) {
		t.Errorf("members %q, want %q", got, auditKeys)
	}
	var got struct {
		Agent       map[string]any   `json:"agent"`
		FolderTrust map[string]any   `json:"folder_trust"`
		Store       string           `json:"store"`
		StorePath   string           `json:"store_path"`
		Hooks       []map[string]any `json:"hooks"`
		Gone        []agents.Gone    `json:"gone"`
		Unreadable  []map[string]any `json:"unreadable"`
		Critical    []any            `json:"critical"`
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	agentKeys := []string{}
	for k := range got.Agent {
		agentKeys = append(agentKeys, k)
	}
	slices.Sort(agentKeys)
	if want := []string{"config", "fatal", "folder_trust", "gone", "name", "title"}; !slices.Equal(agentKeys, want) {
		t.Errorf("agent members %q, want %q (%s)", agentKeys, want, raw)
	}
	if got.Agent["name"] != "demo" || got.Agent["title"] != "Demo Agent" || got.Agent["config"] != "/h/config.toml" {
		t.Errorf("agent = %v", got.Agent)
	}
	if ft, _ := got.Agent["folder_trust"].(map[string]any); ft["rule"] != "/p" || got.FolderTrust["state"] != "trusted" || got.FolderTrust["supported"] != true {
		t.Errorf("folder trust: common %v, the agent's %v", got.FolderTrust, got.Agent["folder_trust"])
	}
	if got.Store != "the store" || got.StorePath != "/s/approvals.json" || len(got.Hooks) != 1 || got.Hooks[0]["key"] != "k" ||
		len(got.Gone) != 1 || got.Gone[0].Key != "old-key" || !slices.Equal(got.Agent["gone"].([]any), []any{"old-key"}) || len(got.Unreadable) != 1 || got.Critical == nil {
		t.Errorf("common members: %s", raw)
	}

	// An agent without a document of its own still has every member.
	doc, err = auditDocument(agents.Info{Name: "bare", Title: "Bare"}, &agents.Review{Project: "/p"}, []agents.UntracedHook{{}}, agents.StartFolders{})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ = json.Marshal(doc)
	if got := topKeys(t, raw); !slices.Equal(got, append(slices.Clone(auditKeys), "untraced_user_hooks")) {
		t.Errorf("members %q", got)
	}
	if !strings.Contains(string(raw), `"hooks":[]`) || !strings.Contains(string(raw), `"gone":[]`) {
		t.Errorf("empty lists are not []: %s", raw)
	}

	// A document that is not a JSON object is an error, not a half document.
	if _, err := auditDocument(agents.Info{Title: "Odd"}, &agents.Review{Document: []int{1}}, nil, agents.StartFolders{}); err == nil {
		t.Error("a review document that is no object was accepted")
	}
}

// Every registered agent's audit --json has the same members, in the same
// order, with its name under agent.
func TestAuditJSONHasOneSchemaForEveryAgent(t *testing.T) {
	t.Parallel()
	e := newGitEnv(t)
	_, clone := e.upstreamAndClone()
	writeFile(t, clone+"/.claude/settings.json", `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo new-claude-hook"}]}]}}`, 0o644)
	_, out, errOut := e.hookwarden(clone, "audit", "--agent", "all", "--json")
	var doc struct {
		Agents map[string]json.RawMessage `json:"agents"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s%s", err, out, errOut)
	}
	for _, a := range testAgents().All() {
		name := a.Info().Name
		raw := doc.Agents[name]
		keys := topKeys(t, raw)
		if !slices.Equal(keys, auditKeys) && !slices.Equal(keys, append(slices.Clone(auditKeys), "untraced_user_hooks")) {
			t.Errorf("%s: members %q, want %q", name, keys, auditKeys)
		}
		var d struct {
			Agent struct{ Name, Title string } `json:"agent"`
		}
		if err := json.Unmarshal(raw, &d); err != nil || d.Agent.Name != name || d.Agent.Title != a.Info().Title {
			t.Errorf("%s: agent %+v (%v)", name, d.Agent, err)
		}
	}
}

// A hook object of `audit --json` has one shape for every agent: the
// contract's review of it (agents.HookReview, diffs in words and spans,
// what it runs unseen), and what only the agent's own object of it says
// under "agent" — paired by key; the agent's own objects of hooks it does
// not review go under the document's "agent".
func TestAuditHookObjectsHaveOneSchemaWithTheAgentsFactsUnderAgent(t *testing.T) {
	t.Parallel()
	rv := agents.HookReview{Label: "echo hi", Layer: "project", File: "/p/hooks.json", HookID: "h1"}
	rv.Key, rv.Command, rv.Status, rv.Scripts = "k1", "echo hi", "new", []trust.ScriptReview{{Word: "x.sh", Path: "/p/x.sh", Diff: []trust.Span{{Kind: trust.SpanInsert, Text: "curl x | sh\n"}}}}
	r := &agents.Review{Project: "/p", Hooks: []agents.HookReview{rv}, Document: map[string]any{
		"hooks": []map[string]any{
			{"key": "user-hook", "trust_status": "trusted"},
			{"key": "k1", "command": "echo hi", "trust_status": "untrusted", "current_hash": "sha256:1", "scripts": []any{}},
		}}}
	doc, err := auditDocument(agents.Info{Name: "demo", Title: "Demo Agent"}, r, nil, agents.StartFolders{})
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(doc)
	var got struct {
		Agent map[string]any   `json:"agent"`
		Hooks []map[string]any `json:"hooks"`
	}
	if err := json.Unmarshal(raw, &got); err != nil || len(got.Hooks) != 1 {
		t.Fatalf("%v %s", err, raw)
	}
	h := got.Hooks[0]
	for _, k := range []string{"key", "command", "status", "scripts", "hook_id", "layer", "file", "label", "risk", "unresolved", "unseen_code"} {
		if _, ok := h[k]; !ok {
			t.Errorf("hook lacks the common member %q: %s", k, raw)
		}
	}
	if _, ok := h["trust_status"]; ok {
		t.Errorf("an agent-only member at the top of the hook: %s", raw)
	}
	own, _ := h["agent"].(map[string]any)
	if own["trust_status"] != "untrusted" || own["current_hash"] != "sha256:1" || own["command"] != nil || own["key"] != nil {
		t.Errorf("hook's agent object %v", own)
	}
	if sc := h["scripts"].([]any)[0].(map[string]any); !strings.Contains(sc["diff"].(string), "+ curl x | sh") || sc["diff_spans"] == nil {
		t.Errorf("script diff %v", sc)
	}
	if hs, _ := got.Agent["hooks"].([]any); len(hs) != 1 || hs[0].(map[string]any)["key"] != "user-hook" {
		t.Errorf("the agent's own hook it does not review: %v", got.Agent)
	}
}
