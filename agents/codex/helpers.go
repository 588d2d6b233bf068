package codex

import (
	"fmt"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Helper commands of Codex CLI 0.171.0 beyond notify, read from the
// binary (its config structs and their error texts; the helpers' own
// source files are otel/src/headers_helper.rs,
// model-provider/src/amazon_bedrock/auth_refresh.rs and
// credential_export.rs):
//
//   - otel.headers_helper (OtelConfigToml): the program that prints the
//     OpenTelemetry exporter's HTTP headers, re-run every
//     otel.headers_helper_refresh_interval_ms;
//   - model_providers.<id>.auth (ModelProviderAuthInfo: command, args,
//     timeout_ms, refresh_interval_ms, cwd): the program that prints the
//     provider's bearer token;
//   - model_providers.<id>.aws.auth_refresh (AwsAuthRefreshConfig; 0.171
//     insists its command be `aws`) and .aws.credential_export
//     (CredentialExportConfig): programs Codex runs for a Bedrock
//     provider's AWS credentials;
//   - mcp_servers.<name>.http_headers_helper: the program that prints a
//     streamable-HTTP MCP server's headers.
//
// Observed with 0.171.0 (codex-live, TestLiveCodexProjectHelpers): a
// trusted project's http_headers_helper runs; its otel and
// model_providers tables are ignored ("Ignored unsupported project-local
// config keys"), so their helpers are listed as skipped, and still
// reviewed in case a later Codex honours them.
//
// The binary does not show every value shape (the fields of the two AWS
// structs are not in its strings), so each is read conservatively: a
// string is a command line, an array of strings an argv, a table its
// command (a string or an argv) and args. Whatever shape, the value is
// reviewed field by field; one that is none of these is invalid and
// still needs review.

// helperKey is one such key found in a config.toml.
type helperKey struct {
	path string // the dotted key, e.g. otel.headers_helper
	v    *settingsio.TOMLValue
	when string
	// off says why Codex never runs it (its MCP server is switched off).
	off string
	// notInProject: Codex ignores the key's table in a project
	// config.toml (observed with 0.171.0: "Ignored unsupported
	// project-local config keys in …: otel", and the same for
	// model_providers; it warns and runs nothing).
	notInProject string
}

// helperKeys are the helper commands a config.toml sets, in file order
// of their kinds.
func helperKeys(root *settingsio.TOMLTable) []helperKey {
	var out []helperKey
	if otel := root.Table("otel"); otel != nil {
		if v := otel.Value("headers_helper"); v != nil {
			out = append(out, helperKey{"otel.headers_helper", v,
				"when Codex exports telemetry (OpenTelemetry), for the exporter's HTTP headers, and again every otel.headers_helper_refresh_interval_ms", "", "otel"})
		}
	}
	if mp := root.Value("model_providers"); mp != nil && mp.Kind == settingsio.TOMLTableValue {
		for _, e := range mp.Table.Entries {
			if e.Value.Kind != settingsio.TOMLTableValue {
				continue
			}
			id := tomlPathKey(e.Key.Name)
			p := e.Value.Table
			if v := p.Value("auth"); v != nil {
				out = append(out, helperKey{"model_providers." + id + ".auth", v,
					fmt.Sprintf("when Codex needs a token for model provider %s (the one model_provider selects), and again every refresh_interval_ms", e.Key.Name), "", "model_providers"})
			}
			if aws := p.Value("aws"); aws != nil && aws.Kind == settingsio.TOMLTableValue {
				if v := aws.Table.Value("auth_refresh"); v != nil {
					out = append(out, helperKey{"model_providers." + id + ".aws.auth_refresh", v,
						fmt.Sprintf("when the AWS credentials of model provider %s (the one model_provider selects) need refreshing; Codex 0.171.0 accepts only the program aws, with any arguments", e.Key.Name), "", "model_providers"})
				}
				if v := aws.Table.Value("credential_export"); v != nil {
					out = append(out, helperKey{"model_providers." + id + ".aws.credential_export", v,
						fmt.Sprintf("when Codex loads the AWS credentials of model provider %s (the one model_provider selects)", e.Key.Name), "", "model_providers"})
				}
			}
		}
	}
	if ms := root.Value("mcp_servers"); ms != nil && ms.Kind == settingsio.TOMLTableValue {
		for _, e := range ms.Table.Entries {
			if e.Value.Kind != settingsio.TOMLTableValue {
				continue
			}
			if v := e.Value.Table.Value("http_headers_helper"); v != nil {
				k := helperKey{path: "mcp_servers." + tomlPathKey(e.Key.Name) + ".http_headers_helper", v: v,
					when: fmt.Sprintf("when Codex connects to MCP server %s, for its HTTP headers", e.Key.Name)}
				if b, ok, _ := e.Value.Table.Bool("enabled"); ok && !b {
					k.off = "its MCP server has enabled = false: Codex does not start it"
				}
				out = append(out, k)
			}
		}
	}
	return out
}

// helperEntry is one helper key of f as an entry of the model.
func (s *project) helperEntry(f *file, k helperKey) *hooks.Hook {
	h := s.commandEntry(f, hooks.KindHelper, k.path, k.v, k.path)
	h.When = k.when
	argv, line, ok := helperCommand(k.v)
	switch {
	case !ok:
		s.invalidCommand(h, k.v, k.path+" must be a command: a string, an array of strings, or a table with a command and args")
	case line != "":
		h.Type, h.Command = "command", line
	case len(argv) == 0 || argv[0] == "":
		s.invalidCommand(h, k.v, k.path+" names no program")
	default:
		h.Type, h.Command = "command", shellJoin(argv)
	}
	h.RawCommand = h.Command
	switch {
	case h.Status != "":
	case k.notInProject != "" && f.Layer == layerProject:
		// still reviewed, in case a later Codex honours it
		h.Status = statusSkipped
		h.Reason = "Codex 0.171.0 ignores the " + k.notInProject + " table of a project config.toml (observed: it warns \"Ignored unsupported project-local config keys\"), so it does not run this"
	case k.off != "":
		h.Status, h.Reason = hooks.StatusDisabled, k.off
	}
	return h
}

// helperCommand reads a helper value: a command line (a string, read as
// a shell would so that nothing it could run is missed) or an argv.
func helperCommand(v *settingsio.TOMLValue) (argv []string, line string, ok bool) {
	switch v.Kind {
	case settingsio.TOMLString:
		return nil, v.Str, true
	case settingsio.TOMLArray:
		a, ok := tomlStrings(v)
		return a, "", ok
	case settingsio.TOMLTableValue:
		c := v.Table.Value("command")
		if c == nil {
			return nil, "", false
		}
		var args []string
		if a := v.Table.Value("args"); a != nil {
			var ok bool
			if args, ok = tomlStrings(a); !ok {
				return nil, "", false
			}
		}
		switch c.Kind {
		case settingsio.TOMLString:
			if len(args) == 0 {
				return []string{c.Str}, "", true
			}
			return append([]string{c.Str}, args...), "", true
		case settingsio.TOMLArray:
			a, ok := tomlStrings(c)
			return append(a, args...), "", ok
		}
	}
	return nil, "", false
}
