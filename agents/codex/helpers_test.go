package codex

import (
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// Each helper key of 0.171.0 is an entry of kind helper at its value's
// place, in every shape the binary leaves open; a shape that is no
// command is invalid (and still reviewed), a switched-off MCP server's
// headers helper does not run, and a project's otel and model_providers
// helpers are reviewed but do not run (Codex ignores those tables there).
func TestHelperKeys(t *testing.T) {
	projectTOML := "[otel]\nheaders_helper = \"./otel.sh --x\"\n\n" +
		"[model_providers.corp]\nauth = { command = \"./token.sh\", args = [\"-v\"] }\n\n" +
		"[model_providers.bedrock.aws]\nauth_refresh = { command = \"aws\", args = [\"sso\", \"login\"] }\ncredential_export = [\"./creds.sh\", \"a b\"]\n\n" +
		"[model_providers.bad.aws]\ncredential_export = 7\n\n" +
		"[mcp_servers.on]\nurl = \"https://mcp.example/x\"\nhttp_headers_helper = \"./hdr.sh\"\n\n" +
		"[mcp_servers.off]\nurl = \"https://mcp.example/y\"\nhttp_headers_helper = \"./off.sh\"\nenabled = false\n"
	user := "[otel]\nheaders_helper = \"/usr/bin/user-otel\"\n"
	s := &project{Files: []*file{
		{Path: "/p/.codex/config.toml", Kind: kindConfigTOML, State: fileOK, Layer: layerProject, Loaded: true, Raw: []byte(projectTOML)},
	}}
	// the user's file comes first in layer order; Codex ignores the
	// project's otel and model_providers tables, so the user's helper runs
	s.Files = append([]*file{{Path: "/h/.codex/config.toml", Kind: kindConfigTOML, State: fileOK, Layer: layerUser, Loaded: true, Raw: []byte(user)}}, s.Files...)
	s.collectCommands()
	type want struct {
		command string
		line    int
		status  hooks.Status
	}
	wants := map[string]want{
		"otel.headers_helper":                           {"./otel.sh --x", 2, statusSkipped},
		"model_providers.corp.auth":                     {"./token.sh -v", 5, statusSkipped},
		"model_providers.bedrock.aws.auth_refresh":      {"aws sso login", 8, statusSkipped},
		"model_providers.bedrock.aws.credential_export": {"./creds.sh 'a b'", 9, statusSkipped},
		"model_providers.bad.aws.credential_export":     {"", 12, hooks.StatusInvalid},
		"mcp_servers.on.http_headers_helper":            {"./hdr.sh", 16, hooks.StatusRuns},
		"mcp_servers.off.http_headers_helper":           {"./off.sh", 20, hooks.StatusDisabled},
	}
	seen := map[string]bool{}
	for _, h := range s.Commands {
		if h.Kind != hooks.KindHelper {
			continue
		}
		if h.Origin.Layer == layerUser {
			if h.Name != "otel.headers_helper" || h.Status != hooks.StatusRuns || strings.Contains(h.Reason, "later config.toml") {
				t.Errorf("user otel helper: %s %s (%s), want it to run (the project's is ignored)", h.Name, h.Status, h.Reason)
			}
			continue
		}
		w, ok := wants[h.Name]
		if !ok {
			t.Errorf("unexpected helper %s", h.Name)
			continue
		}
		seen[h.Name] = true
		if h.Command != w.command || h.Origin.Line != w.line || h.Status != w.status || h.When == "" {
			t.Errorf("%s: command %q line %d status %s when %q, want %q line %d status %s", h.Name, h.Command, h.Origin.Line, h.Status, h.When, w.command, w.line, w.status)
		}
	}
	for name := range wants {
		if !seen[name] {
			t.Errorf("no entry for %s", name)
		}
	}
	// the project's helpers are reviewed, the invalid one too
	specs := map[string]bool{}
	for _, c := range s.commandSpecs() {
		specs[c.Hook.Name] = true
	}
	for name := range wants {
		if !specs[name] {
			t.Errorf("%s is not reviewed", name)
		}
	}
}
