package risk

import (
	"encoding/json"
	"io"
	"sort"
)

// SARIFResult is one finding placed in a file for a SARIF log.
type SARIFResult struct {
	Finding Finding
	// URI is the file the finding is reported in (relative to the scan
	// root, with forward slashes), Line and Col its place there.
	URI       string
	Line, Col int
	// Hook names the hook ("BeforeTool[write_file] .gemini/settings.json").
	Hook string
}

// WriteSARIF writes a SARIF 2.1.0 log (the format GitHub code scanning
// reads) with one rule per category.
func WriteSARIF(w io.Writer, toolVersion string, results []SARIFResult) error {
	type msg struct {
		Text string `json:"text"`
	}
	type rule struct {
		ID               string         `json:"id"`
		Name             string         `json:"name"`
		ShortDescription msg            `json:"shortDescription"`
		FullDescription  msg            `json:"fullDescription"`
		DefaultConfig    map[string]any `json:"defaultConfiguration"`
		Properties       map[string]any `json:"properties"`
	}
	type region struct {
		StartLine   int  `json:"startLine"`
		StartColumn int  `json:"startColumn,omitempty"`
		Snippet     *msg `json:"snippet,omitempty"`
	}
	type physical struct {
		ArtifactLocation map[string]string `json:"artifactLocation"`
		Region           *region           `json:"region,omitempty"`
	}
	type location struct {
		PhysicalLocation physical `json:"physicalLocation"`
	}
	type result struct {
		RuleID     string         `json:"ruleId"`
		RuleIndex  int            `json:"ruleIndex"`
		Level      string         `json:"level"`
		Message    msg            `json:"message"`
		Locations  []location     `json:"locations"`
		Properties map[string]any `json:"properties,omitempty"`
	}
	cats := Categories()
	index := map[Category]int{}
	rules := make([]rule, 0, len(cats))
	for i, c := range cats {
		index[c] = i
		rules = append(rules, rule{ID: "hookwarden/" + string(c), Name: string(c),
			ShortDescription: msg{categoryTitle[c]}, FullDescription: msg{categoryHelp[c]},
			DefaultConfig: map[string]any{"level": "warning"},
			Properties:    map[string]any{"tags": []string{"security", "hooks"}}})
	}
	out := make([]result, 0, len(results))
	for _, r := range results {
		level := "note"
		switch r.Finding.Severity {
		case LevelCritical:
			level = "error"
		case LevelReview:
			level = "warning"
		}
		loc := physical{ArtifactLocation: map[string]string{"uri": r.URI}}
		if r.Line > 0 {
			loc.Region = &region{StartLine: r.Line, StartColumn: r.Col}
			if r.Finding.Source.Text != "" {
				loc.Region.Snippet = &msg{r.Finding.Source.Text}
			}
		}
		props := map[string]any{"severity": r.Finding.Severity.String()}
		if r.Hook != "" {
			props["hook"] = r.Hook
		}
		out = append(out, result{RuleID: "hookwarden/" + string(r.Finding.Category), RuleIndex: index[r.Finding.Category],
			Level: level, Message: msg{r.Finding.Summary}, Locations: []location{{loc}}, Properties: props})
	}
	sort.SliceStable(out, func(i, j int) bool {
		return out[i].Locations[0].PhysicalLocation.ArtifactLocation["uri"] < out[j].Locations[0].PhysicalLocation.ArtifactLocation["uri"]
	})
	doc := map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs": []any{map[string]any{
			"tool": map[string]any{"driver": map[string]any{
				"name": "Hookwarden", "version": toolVersion, "informationUri": "https://github.com/hookwarden/hookwarden",
				"rules": rules,
			}},
			"results": out,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

var categoryTitle = map[Category]string{
	Exfiltration:  "Sends secrets or the hook's input to another machine",
	DownloadExec:  "Runs code downloaded from the network",
	ReverseShell:  "Gives a remote machine a shell on this one",
	Persistence:   "Installs code that runs again later",
	SelfTampering: "Changes an agent's own settings or trust",
	AgentOutput:   "Tells the agent to allow everything or the model to do harm",
	Destructive:   "Deletes or overwrites data outside the project",
	Privilege:     "Gains root or other users' rights",
	Obfuscation:   "Hides what it runs",
	RemotePackage: "Runs a registry package fetched at hook time",
	Network:       "Talks to a third-party endpoint",
	SecretRead:    "Reads credentials",
	Unreadable:    "Runs code Hookwarden cannot read",
}

var categoryHelp = map[Category]string{
	Exfiltration:  "A source — the hook's stdin payload, secret-looking environment variables, env/printenv, ~/.ssh, ~/.aws, .env, ~/.netrc, agent credential files — reaches a network sink (curl, wget, nc, socat, ssh/scp, /dev/tcp, DNS lookups with data in the name, Python or Node HTTP).",
	DownloadExec:  "Remote content is piped into a shell or interpreter, or downloaded, made executable and run.",
	ReverseShell:  "A shell or interpreter is wired to a network socket (bash -i >& /dev/tcp, nc -e, socat exec:, socket + dup2).",
	Persistence:   "Writes to shell start-up files, crontab, systemd or launchd units, ~/.ssh/authorized_keys, git hooks or core.hooksPath, or PATH/LD_PRELOAD through CLAUDE_ENV_FILE.",
	SelfTampering: "Writes to ~/.gemini/settings.json, trusted_hooks.json, trustedFolders.json, ~/.claude/settings.json, ~/.claude.json, ~/.codex/config.toml or Hookwarden's store, or switches permission checks off.",
	AgentOutput:   "What the hook prints back: a permission decision that always allows, or text that reaches the model (additionalContext, a Stop block's reason, a rewritten prompt or tool input) telling it to run something dangerous, hide from the user or skip checks.",
	Destructive:   "rm -rf of ~, /, $HOME or outside the project, dd or mkfs on a disk, chmod -R 777 ~, force-pushes.",
	Privilege:     "sudo, su, setuid bits, capabilities, privileged containers.",
	Obfuscation:   "A command hidden by encoding (base64, hex, rot13, escapes) or built from pieces at run time and then executed.",
	RemotePackage: "npx of a package that is not the project's own dependency, uvx, pipx run, go run pkg@version, bunx, deno run https://…: a remote artifact can change what the hook does at any time.",
	Network:       "A connection to an endpoint that is not this machine, carrying neither a secret nor the hook's input.",
	SecretRead:    "Reads a credential without a network sink in sight.",
	Unreadable:    "A script that is missing, binary or too big, text that does not parse, or code built at run time: the hook may do more than the analysis can see.",
}
