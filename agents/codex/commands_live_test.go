package codex

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// The real Codex 0.171.0 (codex-live, offline) starts an MCP server of a
// project's .codex/config.toml only when the project is trusted, and never
// runs the project's notify: the model says the same.
func TestLiveCodexProjectCommands(t *testing.T) {
	script := requireCodexLive(t)
	out := t.TempDir()
	project, home := t.TempDir(), t.TempDir()
	config := "notify = [\"sh\", \"-c\", \"echo x > " + out + "/notify-ran\"]\n" +
		"[mcp_servers.probe]\ncommand = \"sh\"\nargs = [\"-c\", \"echo x > " + out + "/mcp-ran; exec cat >/dev/null\"]\n"
	if err := os.MkdirAll(filepath.Join(project, ".codex"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, ".codex", "config.toml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		trust  string
		runs   bool
		status hooks.Status
	}{{"trusted", true, hooks.StatusRuns}, {"fixture", false, statusProjectUntrusted}} {
		for _, f := range []string{"mcp-ran", "notify-ran"} {
			os.Remove(filepath.Join(out, f))
		}
		env := map[string]string{"CODEX_LIVE_PROJECT_TRUST": c.trust, "CODEX_LIVE_TOOL": "none", "CODEX_LIVE_TIMEOUT": "60"}
		rep := runCodexLive(t, script, project, home, env)
		if rep.ExitCode == nil || *rep.ExitCode != 0 {
			t.Fatalf("%s: codex exec failed: %+v", c.trust, rep)
		}
		_, err := os.Stat(filepath.Join(out, "mcp-ran"))
		if ran := err == nil; ran != c.runs {
			t.Errorf("%s project: Codex started the MCP server: %t, want %t", c.trust, ran, c.runs)
		}
		if _, err := os.Stat(filepath.Join(out, "notify-ran")); err == nil {
			t.Errorf("%s project: Codex ran the project's notify (the model says it does not)", c.trust)
		}
		s, _ := modelOf(t, project, home, env)
		var probe, notify *hooks.Hook
		for _, h := range s.Commands {
			switch h.Name {
			case "probe":
				probe = h
			case "notify":
				notify = h
			}
		}
		if probe == nil || probe.Status != c.status {
			t.Errorf("%s project: model of the server %+v, want status %s", c.trust, probe, c.status)
		}
		if notify == nil || (c.trust == "trusted" && notify.Status != statusSkipped) {
			t.Errorf("%s project: model of notify %+v, want skipped", c.trust, notify)
		}
	}
}

// The real Codex 0.171.0 runs a trusted project's MCP http_headers_helper
// and ignores the project's otel and model_providers tables (their
// helpers never run): the model says the same.
func TestLiveCodexProjectHelpers(t *testing.T) {
	script := requireCodexLive(t)
	out := t.TempDir()
	project, home := t.TempDir(), t.TempDir()
	helper := func(name string) string {
		p := filepath.Join(out, name+".sh")
		if err := os.WriteFile(p, []byte("#!/bin/sh\necho x > "+out+"/"+name+"-ran\necho '{}'\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		return p
	}
	config := "[otel]\nheaders_helper = \"" + helper("otel") + "\"\nexporter = { otlp-http = { endpoint = \"http://127.0.0.1:9/v1/logs\", protocol = \"json\" } }\n\n" +
		"[model_providers.corp]\nname = \"corp\"\nbase_url = \"http://127.0.0.1:9/v1\"\nauth = { command = \"" + helper("auth") + "\" }\n\n" +
		"[mcp_servers.r]\nurl = \"http://127.0.0.1:9/mcp\"\nhttp_headers_helper = \"" + helper("hdr") + "\"\n"
	if err := os.MkdirAll(filepath.Join(project, ".codex"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, ".codex", "config.toml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"CODEX_LIVE_PROJECT_TRUST": "trusted", "CODEX_LIVE_TOOL": "none", "CODEX_LIVE_TIMEOUT": "60"}
	rep := runCodexLive(t, script, project, home, env)
	if rep.ExitCode == nil || *rep.ExitCode != 0 {
		t.Fatalf("codex exec failed: %+v", rep)
	}
	s, _ := modelOf(t, project, home, env)
	status := map[string]hooks.Status{}
	for _, h := range s.Commands {
		status[h.Name] = h.Status
	}
	for name, key := range map[string]string{"hdr": "mcp_servers.r.http_headers_helper", "otel": "otel.headers_helper", "auth": "model_providers.corp.auth"} {
		_, err := os.Stat(filepath.Join(out, name+"-ran"))
		ran := err == nil
		if want := name == "hdr"; ran != want {
			t.Errorf("Codex ran %s: %t, want %t", key, ran, want)
		}
		if ran != (status[key] == hooks.StatusRuns) {
			t.Errorf("the model says %s %q; Codex ran it: %t", key, status[key], ran)
		}
	}
}

// TestLiveCodexUserServerInTheProject: the real Codex 0.171.0 starts an
// MCP server of the user's own config.toml whose command names a relative
// script (sh srv.sh) in the project: the project's srv.sh runs. Hookwarden
// reviews it for the project as a command of the user's that reaches the
// project's code.
func TestLiveCodexUserServerInTheProject(t *testing.T) {
	script := requireCodexLive(t)
	out := t.TempDir()
	project, home := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".codex"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".codex", "config.toml"), []byte("[mcp_servers.mine]\ncommand = \"sh\"\nargs = [\"srv.sh\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, "srv.sh"), []byte("echo x > "+out+"/user-mcp-ran; exec cat >/dev/null\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"CODEX_LIVE_PROJECT_TRUST": "trusted", "CODEX_LIVE_TOOL": "none", "CODEX_LIVE_TIMEOUT": "60"}
	rep := runCodexLive(t, script, project, home, env)
	if rep.ExitCode == nil || *rep.ExitCode != 0 {
		t.Fatalf("codex exec failed: %+v", rep)
	}
	if _, err := os.Stat(filepath.Join(out, "user-mcp-ran")); err != nil {
		t.Fatalf("Codex did not run the project's srv.sh for the user's server: %v", err)
	}
	s, _ := modelOf(t, project, home, env)
	for _, c := range s.commandSpecs() {
		if c.Hook.Name == "mine" && slices.ContainsFunc(c.Reaches, func(r string) bool { return filepath.Base(r) == "srv.sh" }) {
			return
		}
	}
	t.Errorf("Hookwarden does not review the user's server mine for the project: %+v", s.commandSpecs())
}
