package assets

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/settingsio"
)

// demoFiles is the demo project: project/ (the workspace), home/ (the user's
// home with ~/.gemini and one extension) and system/ (the system settings,
// system defaults and the scripts of the system policy hook).
//
//go:embed all:demo
var demoFiles embed.FS

// DemoProjectName is the folder name of the demo's project.
const DemoProjectName = "demo-project"

// approvedDemoHooks are the project hooks the demo's trusted_hooks.json
// already approves, as Gemini CLI keys them (name:command). The session
// context injector is left out on purpose so that the demo has a hook that
// still needs review.
var approvedDemoHooks = []string{
	"security-check:$GEMINI_PROJECT_DIR/.gemini/hooks/security-check.sh",
}

// Demo is a materialized copy of the demo project with its own home, system
// settings and trust files, so that loading it never reads or writes the
// user's real Gemini CLI files.
type Demo struct {
	// Root holds everything below; remove it to clean up.
	Root string
	// ProjectDir is the project folder to open.
	ProjectDir string
	// Home is the demo's home folder (it holds .gemini/).
	Home string
	// SystemSettings and SystemDefaults are the system settings files.
	SystemSettings string
	SystemDefaults string
	// TrustedFolders is the demo's trustedFolders.json (it trusts ProjectDir).
	TrustedFolders string
	// Env holds the variables that point Gemini CLI (and Hookwarden) at the
	// demo's files. Apply it over a process environment with Overlay.
	Env settingsio.Env
	// CodexConfig is the demo's Codex user config.toml ($CODEX_HOME is
	// <Home>/.codex): it trusts ProjectDir as `codex exec --trust` would.
	CodexConfig string
	// Unset are variables the demo's environment drops besides those
	// DemoClears names: the agents' home variables the demo does not set
	// (agents.ApproveDemo fills it from the registered agents' facts).
	Unset []string
	// ApprovedKeys are the trust keys of the project hooks the demo comes
	// with approved, of any agent without a demo approval of its own
	// (Gemini CLI's are in trusted_hooks.json already; agents.ApproveDemo
	// approves each through its agent, which records them in Hookwarden's
	// store as well).
	ApprovedKeys []string
}

// MaterializeDemo copies the demo project into dir (which must exist and
// should be empty, e.g. from os.MkdirTemp) and writes the trust files that
// depend on where it lands: trustedFolders.json trusts the project folder
// and trusted_hooks.json approves some of its hooks.
func MaterializeDemo(dir string) (Demo, error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return Demo{}, fmt.Errorf("demo folder %s: %w", dir, err)
	}
	if err := copyTree(demoFiles, "demo", root); err != nil {
		return Demo{}, fmt.Errorf("copying the demo project to %s: %w", root, err)
	}
	d := Demo{
		Root:           root,
		ProjectDir:     filepath.Join(root, DemoProjectName),
		Home:           filepath.Join(root, "home"),
		SystemSettings: filepath.Join(root, "system", "settings.json"),
		SystemDefaults: filepath.Join(root, "system", "system-defaults.json"),
		ApprovedKeys:   append([]string(nil), approvedDemoHooks...),
	}
	if err := os.Rename(filepath.Join(root, "project"), d.ProjectDir); err != nil {
		return Demo{}, fmt.Errorf("naming the demo project: %w", err)
	}
	geminiDir := filepath.Join(d.Home, ".gemini")
	d.TrustedFolders = filepath.Join(geminiDir, "trustedFolders.json")
	if err := writeJSON(d.TrustedFolders, map[string]string{d.ProjectDir: "TRUST_FOLDER"}); err != nil {
		return Demo{}, err
	}
	if err := writeJSON(filepath.Join(geminiDir, "trusted_hooks.json"), map[string][]string{d.ProjectDir: approvedDemoHooks}); err != nil {
		return Demo{}, err
	}
	// Claude Code's own folder flag, accepted for the demo project.
	claudeState := map[string]any{"projects": map[string]any{d.ProjectDir: map[string]bool{"hasTrustDialogAccepted": true}}}
	if err := writeJSON(filepath.Join(d.Home, ".claude.json"), claudeState); err != nil {
		return Demo{}, err
	}
	// Codex CLI's project trust, as `codex exec --trust` writes it; the
	// hook trust (trusted_hash) is written by approving them (see
	// agents/codex ApproveDemo).
	d.CodexConfig = filepath.Join(d.Home, ".codex", "config.toml")
	codexTrust, err := settingsio.EditTOML(d.CodexConfig, nil, settingsio.TOMLSetString([]string{"projects", d.ProjectDir}, "trust_level", "trusted"))
	if err != nil {
		return Demo{}, err
	}
	if err := os.WriteFile(d.CodexConfig, codexTrust, 0o600); err != nil {
		return Demo{}, fmt.Errorf("writing %s: %w", d.CodexConfig, err)
	}
	// Copilot CLI's folder trust: trustedFolders in ~/.copilot/config.json.
	if err := os.MkdirAll(filepath.Join(d.Home, ".copilot"), 0o700); err != nil {
		return Demo{}, err
	}
	if err := writeJSON(filepath.Join(d.Home, ".copilot", "config.json"), map[string][]string{"trustedFolders": {d.ProjectDir}}); err != nil {
		return Demo{}, err
	}
	d.Env = settingsio.Env{
		"HOME=" + d.Home,
		// Codex CLI reads the demo's own ~/.codex.
		"CODEX_HOME=" + filepath.Join(d.Home, ".codex"),
		// Hookwarden's own store (approvals, handlers it disabled) for the
		// demo stays in the copy too.
		"HOOKWARDEN_CONFIG_DIR=" + filepath.Join(d.Home, ".config", "hookwarden"),
		"GEMINI_CLI_HOME=" + d.Home,
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + d.SystemSettings,
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=" + d.SystemDefaults,
		"GEMINI_CLI_TRUSTED_FOLDERS_PATH=" + d.TrustedFolders,
		// Claude Code's managed settings are read from the demo's own
		// (empty) system folder, not /etc/claude-code (the variable is
		// claude.EnvManagedDir; assets cannot import agents/claude, which
		// embeds its payloads from here).
		"HOOKWARDEN_CLAUDE_MANAGED_DIR=" + filepath.Join(root, "system", "claude-code"),
		// The system policy hook's command is "$ACME_POLICY_DIR/check-shell.sh",
		// expanded at load time as Gemini CLI does.
		"ACME_POLICY_DIR=" + filepath.Join(root, "system", "policy"),
	}
	return d, nil
}

// Overlay returns base without the variables that would make the demo read
// or write other files (Clears) and with the demo's variables set.
func (d Demo) Overlay(base settingsio.Env) settingsio.Env {
	out := make(settingsio.Env, 0, len(base)+len(d.Env))
	for _, kv := range base {
		if k, _, _ := strings.Cut(kv, "="); d.Clears(k) {
			continue
		}
		out = append(out, kv)
	}
	for _, kv := range d.Env {
		k, v, _ := strings.Cut(kv, "=")
		out = out.With(k, v)
	}
	return out
}

// copyTree writes the files of fsys under src into dst, making shell
// scripts executable.
func copyTree(fsys fs.FS, src, dst string) error {
	return fs.WalkDir(fsys, src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(p, src), "/")
		target := filepath.Join(dst, filepath.FromSlash(rel))
		if e.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if path.Ext(p) == ".sh" {
			mode = 0o755
		}
		if err := os.WriteFile(target, data, mode); err != nil {
			return fmt.Errorf("writing %s: %w", target, err)
		}
		return nil
	})
}

// writeJSON writes v the way Gemini CLI writes its trust files
// (JSON.stringify(v, null, 2), mode 0600).
func writeJSON(p string, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encoding %s: %w", p, err)
	}
	data := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if err := os.WriteFile(p, data, 0o600); err != nil {
		return fmt.Errorf("writing %s: %w", p, err)
	}
	return nil
}

// Clears reports whether the demo's environment drops the variable key
// (DemoClears, or one of d.Unset) unless it sets it itself.
func (d Demo) Clears(key string) bool {
	return DemoClears(key) || slices.Contains(d.Unset, key)
}

// DemoClears reports whether the demo's environment drops the variable key:
// every GEMINI_* variable (they choose Gemini CLI's files and folder trust),
// CLAUDE_CONFIG_DIR (Claude Code's user folder), CODEX_HOME (Codex CLI's)
// and XDG_CONFIG_HOME.
func DemoClears(key string) bool {
	return strings.HasPrefix(key, "GEMINI_") || key == "CLAUDE_CONFIG_DIR" || key == "CODEX_HOME" || key == "XDG_CONFIG_HOME"
}
