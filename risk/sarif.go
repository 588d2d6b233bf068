package risk

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// SARIFResult is one finding placed in a file for a SARIF log.
type SARIFResult struct {
	Finding Finding
	// URI is the file the finding is reported in: relative to the scan
	// root (the repository, %SRCROOT%) with forward slashes, or absolute
	// when the file lies outside it. Line is its place there (Col, in
	// bytes, is not written: see sarifResultOf).
	URI       string
	Line, Col int
	// Hook names the hook (its event, matcher and file, as the agent
	// names them).
	Hook string
}

// SARIF 2.1.0 objects, the subset Hookwarden writes (field names as in the
// OASIS schema; GitHub code scanning reads them).
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifHelp struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown"`
	}
	sarifRule struct {
		ID               string             `json:"id"`
		Name             string             `json:"name"`
		ShortDescription sarifMessage       `json:"shortDescription"`
		FullDescription  sarifMessage       `json:"fullDescription"`
		Help             sarifHelp          `json:"help"`
		HelpURI          string             `json:"helpUri"`
		DefaultConfig    sarifConfiguration `json:"defaultConfiguration"`
		Properties       sarifRuleProps     `json:"properties"`
	}
	sarifConfiguration struct {
		Level string `json:"level"`
	}
	sarifRuleProps struct {
		Tags      []string `json:"tags"`
		Precision string   `json:"precision"`
	}
	sarifResult struct {
		RuleID              string            `json:"ruleId"`
		RuleIndex           int               `json:"ruleIndex"`
		Level               string            `json:"level"`
		Message             sarifMessage      `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		Properties          map[string]string `json:"properties,omitempty"`
	}
	sarifLocation struct {
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           sarifRegion   `json:"region"`
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine int           `json:"startLine"`
		Snippet   *sarifMessage `json:"snippet,omitempty"`
	}
)

// SARIFFingerprintKey names Hookwarden's partial fingerprint. Code
// scanning matches a finding across commits by it: it hashes the rule,
// the file and the finding's normalized text, not its line, so a finding
// that moves keeps its alert and a changed command is a new one.
const SARIFFingerprintKey = "hookwardenFinding/v1"

// SARIFRootBase is the uriBaseId of a relative URI: the scanned root.
const SARIFRootBase = "%SRCROOT%"

const sarifHelpURI = "https://github.com/hookwarden/hookwarden#scan-in-ci"

// WriteSARIF writes a SARIF 2.1.0 log (the format GitHub code scanning
// reads) with one rule per category, each with its help as text and
// Markdown, and every result placed at a relative URI under %SRCROOT%,
// a start line, a level and a partial fingerprint.
func WriteSARIF(w io.Writer, toolVersion string, results []SARIFResult) error {
	cats := Categories()
	index := map[Category]int{}
	rules := make([]sarifRule, 0, len(cats))
	for i, c := range cats {
		index[c] = i
		rules = append(rules, sarifRule{ID: sarifRuleID(c), Name: sarifRuleName(c),
			ShortDescription: sarifMessage{categoryTitle[c]}, FullDescription: sarifMessage{categoryHelp[c]},
			Help: sarifHelp{
				Text:     categoryTitle[c] + ".\n\n" + categoryHelp[c] + "\n\n" + sarifHelpTail,
				Markdown: "**" + categoryTitle[c] + ".**\n\n" + categoryHelp[c] + "\n\n" + sarifHelpTailMarkdown,
			},
			HelpURI:       sarifHelpURI,
			DefaultConfig: sarifConfiguration{Level: "warning"},
			Properties:    sarifRuleProps{Tags: []string{"security", "hooks", "ai-agents"}, Precision: "medium"}})
	}
	out := make([]sarifResult, 0, len(results))
	for _, r := range results {
		out = append(out, sarifResultOf(r, index[r.Finding.Category]))
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].Locations[0].PhysicalLocation, out[j].Locations[0].PhysicalLocation
		if a.ArtifactLocation.URI != b.ArtifactLocation.URI {
			return a.ArtifactLocation.URI < b.ArtifactLocation.URI
		}
		return a.Region.StartLine < b.Region.StartLine
	})
	// Two identical findings in one file (the same command twice) are two
	// alerts: the second and later ones get their ordinal in the key.
	seen := map[string]int{}
	for i := range out {
		fp := out[i].PartialFingerprints[SARIFFingerprintKey]
		seen[fp]++
		if n := seen[fp]; n > 1 {
			out[i].PartialFingerprints[SARIFFingerprintKey] = fmt.Sprintf("%s:%d", fp, n)
		}
	}
	doc := sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs: []sarifRun{{
			Tool: sarifTool{Driver: sarifDriver{Name: "Hookwarden", Version: toolVersion,
				InformationURI: "https://github.com/hookwarden/hookwarden", Rules: rules}},
			Results: out,
		}},
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(doc)
}

const (
	sarifHelpTail = "Hookwarden found this in a hook of an AI coding agent (Gemini CLI, Claude Code, Codex CLI): " +
		"a command the agent runs with your rights. Read the hook and every script it runs " +
		"(hookwarden audit), then approve it (hookwarden trust) or remove it."
	sarifHelpTailMarkdown = "Hookwarden found this in a hook of an AI coding agent (Gemini CLI, Claude Code, Codex CLI): " +
		"a command the agent runs with your rights. Read the hook and every script it runs " +
		"(`hookwarden audit`), then approve it (`hookwarden trust`) or remove it."
)

func sarifRuleID(c Category) string { return "hookwarden/" + string(c) }

// sarifRuleName is the category in PascalCase ("download-exec" →
// "DownloadExec"), as SARIF's rule names are.
func sarifRuleName(c Category) string {
	var b strings.Builder
	for _, part := range strings.Split(string(c), "-") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

func sarifResultOf(r SARIFResult, ruleIndex int) sarifResult {
	level := "note"
	switch r.Finding.Severity {
	case LevelCritical:
		level = "error"
	case LevelReview:
		level = "warning"
	}
	art := sarifArtifactOf(r.URI)
	// No startColumn: Hookwarden's columns count bytes, and SARIF's
	// columnKind knows only UTF-16 code units and code points, which a
	// line with a non-ASCII character before the column tells apart.
	region := sarifRegion{StartLine: max(r.Line, 1)}
	if r.Finding.Source.Text != "" {
		region.Snippet = &sarifMessage{r.Finding.Source.Text}
	}
	props := map[string]string{"severity": r.Finding.Severity.String()}
	if r.Hook != "" {
		props["hook"] = r.Hook
	}
	return sarifResult{RuleID: sarifRuleID(r.Finding.Category), RuleIndex: ruleIndex, Level: level,
		Message:             sarifMessage{sarifText(r.Finding.Summary)},
		Locations:           []sarifLocation{{sarifPhysical{ArtifactLocation: art, Region: region}}},
		PartialFingerprints: map[string]string{SARIFFingerprintKey: sarifFingerprint(r.Finding, filepath.ToSlash(r.URI))},
		Properties:          props}
}

// sarifArtifactOf makes a URI reference of a path: relative paths under
// %SRCROOT%, absolute ones as file: URIs, both percent-encoded (a space or
// a '#' in a folder name is part of the path, not of the URI's syntax).
func sarifArtifactOf(p string) sarifArtifact {
	p = filepath.ToSlash(p)
	if path.IsAbs(p) || filepath.IsAbs(p) || (len(p) > 1 && p[1] == ':') {
		if !strings.HasPrefix(p, "/") {
			p = "/" + p // C:/x → /C:/x
		}
		return sarifArtifact{URI: (&url.URL{Scheme: "file", Path: p}).String()}
	}
	p = strings.TrimPrefix(path.Clean(p), "./")
	return sarifArtifact{URI: (&url.URL{Path: p}).EscapedPath(), URIBaseID: SARIFRootBase}
}

// sarifFingerprint hashes what identifies a finding across commits: its
// rule, its file and its text (the summary and the source it quotes,
// whitespace collapsed), never its line or column.
func sarifFingerprint(f Finding, uri string) string {
	h := sha256.New()
	for _, part := range []string{sarifRuleID(f.Category), uri, normalizeSpace(f.Summary), normalizeSpace(f.Source.Text)} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

func normalizeSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// sarifText escapes a plain-text message: SARIF reads "[text](target)" in
// message.text as a link, so a hook that names itself "[click](https://…)"
// must not become one (SARIF 2.1.0 §3.11.6: a literal bracket is escaped
// with a backslash, and so is the backslash).
func sarifText(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`).Replace(s)
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
	Persistence:   "Writes to shell start-up files, crontab, systemd or launchd units, ~/.ssh/authorized_keys, git hooks or core.hooksPath, or PATH/LD_PRELOAD through an agent's env file.",
	SelfTampering: "Writes to an agent's settings, hook, trust or account files or Hookwarden's store, or switches permission checks off.",
	AgentOutput:   "What the hook prints back: a permission decision that always allows, or text that reaches the model (additionalContext, the reason of a block that keeps the agent working, a rewritten prompt or tool input) telling it to run something dangerous, hide from the user or skip checks.",
	Destructive:   "rm -rf of ~, /, $HOME or outside the project, dd or mkfs on a disk, chmod -R 777 ~, force-pushes.",
	Privilege:     "sudo, su, setuid bits, capabilities, privileged containers.",
	Obfuscation:   "A command hidden by encoding (base64, hex, rot13, escapes) or built from pieces at run time and then executed.",
	RemotePackage: "npx of a package that is not the project's own dependency, uvx, pipx run, go run pkg@version, bunx, deno run https://…: a remote artifact can change what the hook does at any time.",
	Network:       "A connection to an endpoint that is not this machine, carrying neither a secret nor the hook's input.",
	SecretRead:    "Reads a credential without a network sink in sight.",
	Unreadable:    "A script that is missing, binary or too big, text that does not parse, or code built at run time: the hook may do more than the analysis can see.",
}
