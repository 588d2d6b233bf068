package codex

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// The catalogue of the top-level keys Codex CLI 0.171.0 accepts in a
// config.toml: all 109 of them, no more (testdata/codex-0.171.0-config-keys.txt
// says how the list was taken from the released binary and checked key by
// key against it; TestProjectCatalogIsCodexsKeyList holds the two to each
// other). Each key of a project's .codex/config.toml is one of:
//
//   - reviewed: it changes what runs, what the model may do or see, or
//     what leaves the machine. A reviewed entry of the project, its
//     fields (the table's keys, or its value) in the definition, so that
//     a pull that adds or changes it needs review and the diff names it;
//     a key naming a file Codex reads into the model's prompt adds the
//     file's text to the definition. by says which part of this package
//     already makes the entry ("" when the catalogue does).
//   - ignored: Codex drops it from a project config.toml with its own
//     warning (ignoredProjectKeys; observed).
//   - inert: it changes none of those (why says why). An inert table
//     lists the fields Codex 0.171.0 knows in it; any other field is an
//     unknown key.
//
// Any other key, a misspelt one, one of a newer Codex, is unknown: Codex
// 0.171.0 warns "Codex is ignoring 1 unrecognized configuration setting"
// and "`<key>` is ignored" and does not act on it (observed), but
// Hookwarden cannot know what another Codex does with it, so it is a
// reviewed entry too (catalogueEntries), and never reads as clean.
type keyClass int

const (
	keyReviewed keyClass = iota + 1
	keyIgnored
	keyInert
)

type catalogKey struct {
	key   string
	class keyClass
	// why: for a reviewed key, when and what it changes (the entry's
	// When); for an inert one, why it changes nothing Hookwarden guards;
	// for an ignored one, Codex's warning.
	why string
	// by names the code that makes a reviewed key's entry ("" for the
	// catalogue's own).
	by string
	// fields: an inert table's fields as 0.171.0 knows them.
	fields []string
	// file: the value is a path whose text Codex reads.
	file bool
}

const (
	byHooks    = "config.toml hooks (configtoml.go)"
	byCommands = "the commands Codex runs (commands.go, helpers.go)"
	bySettings = "settingKeys (projectkeys.go)"
	byEnv      = "the environment policy and js_repl_node_path (envpolicy.go)"

	atProvider = "tunes the model at the user's own provider: a project cannot set model_provider, model_providers or a base URL (Codex ignores them in a project, observed)"
	unreadFold = "Hookwarden does not read its fields, so the whole table is reviewed"
	ignoredMsg = "Ignored unsupported project-local config keys (observed)"
)

var projectCatalog = []catalogKey{
	{key: "model", class: keyInert, why: "which model answers; " + atProvider},
	{key: "review_model", class: keyInert, why: "which model /review uses; " + atProvider},
	{key: "model_context_window", class: keyInert, why: "a size of the conversation; " + atProvider},
	{key: "model_auto_compact_token_limit", class: keyInert, why: "when the conversation is compacted (by Codex's own prompt unless compact_prompt says otherwise, which is reviewed)"},
	{key: "model_auto_compact_token_limit_scope", class: keyInert, why: "what counts toward model_auto_compact_token_limit"},
	{key: "model_post_turn_compact_threshold_percent", class: keyInert, why: "when the conversation is compacted after a turn"},
	{key: "approval_policy", class: keyReviewed, by: bySettings},
	{key: "approvals_reviewer", class: keyReviewed, by: bySettings},
	{key: "auto_review", class: keyReviewed, by: bySettings},
	{key: "browser_use", class: keyReviewed, why: "for the browser-use tool: which browser and sites the model may drive; " + unreadFold},
	{key: "computer_use", class: keyReviewed, why: "for the computer-use tool: which apps and screens the model may control; " + unreadFold},
	{key: "shell_environment_policy", class: keyReviewed, by: byEnv},
	{key: "allow_login_shell", class: keyReviewed, by: bySettings},
	{key: "sandbox_mode", class: keyReviewed, by: bySettings},
	{key: "allow_symlinked_codex_home", class: keyReviewed, why: "whether Codex accepts a Codex home folder that is a symbolic link (a safety check of its own)"},
	{key: "sandbox_workspace_write", class: keyReviewed, by: bySettings},
	{key: "default_permissions", class: keyReviewed, by: bySettings},
	{key: "permissions", class: keyReviewed, by: bySettings},
	{key: "notify", class: keyIgnored, by: byCommands, why: ignoredMsg},
	{key: "instructions", class: keyReviewed, why: "on every turn: system instructions the model is given"},
	{key: "developer_instructions", class: keyReviewed, why: "on every turn: a developer message the model is given"},
	{key: "include_apps_instructions", class: keyReviewed, why: "on every turn: whether the model is told about the apps it has"},
	{key: "include_collaboration_mode_instructions", class: keyReviewed, why: "on every turn: whether the model is told its collaboration mode"},
	{key: "include_environment_context", class: keyReviewed, why: "on every turn: whether the model is told its folder, shell and sandbox"},
	{key: "model_instructions_file", class: keyReviewed, file: true, why: "on every turn: the file whose text replaces the model's built-in instructions (a relative path is the config.toml folder's)"},
	{key: "compact_prompt", class: keyReviewed, why: "when the conversation is compacted: the prompt that rewrites it"},
	{key: "forced_chatgpt_workspace_id", class: keyInert, why: "only narrows which ChatGPT workspace the user may log in to"},
	{key: "forced_login_method", class: keyInert, why: "only narrows how the user may log in"},
	{key: "cli_auth_credentials_store", class: keyInert, why: "where Codex keeps the user's own login: the user's Codex home, the keyring or memory"},
	{key: "mcp_servers", class: keyReviewed, by: byCommands},
	{key: "mcp_enterprise_managed_auth", class: keyReviewed, why: "when Codex logs in to MCP servers: the identity provider it gets their credentials from"},
	{key: "mcp_oauth_credentials_store", class: keyInert, why: "where Codex keeps MCP logins: the user's Codex home or the keyring"},
	{key: "mcp_oauth_callback_port", class: keyInert, why: "the local port of the MCP login listener"},
	{key: "mcp_oauth_callback_url", class: keyReviewed, why: "when the user logs in to an MCP server: where the login redirects, with its code"},
	{key: "mcp_optional_startup_grace_ms", class: keyInert, why: "how long Codex waits for optional MCP servers to start"},
	{key: "model_providers", class: keyIgnored, by: byCommands, why: ignoredMsg},
	{key: "project_doc_max_bytes", class: keyReviewed, why: "on every turn: how much of the project's AGENTS.md the model is given"},
	{key: "project_doc_fallback_filenames", class: keyReviewed, why: "on every turn: which of the project's files are read into the prompt when there is no AGENTS.md"},
	{key: "tool_output_token_limit", class: keyInert, why: "how much of a tool's output is kept in the conversation"},
	{key: "background_terminal_max_timeout", class: keyInert, why: "how long the model may wait on a background terminal"},
	{key: "thread_unload_delay_secs", class: keyInert, why: "when an idle session is unloaded"},
	{key: "js_repl_node_path", class: keyReviewed, by: byEnv},
	{key: "js_repl_node_module_dirs", class: keyReviewed, by: bySettings},
	{key: "history", class: keyInert, fields: []string{"persistence", "max_bytes"}, why: "what Codex keeps of the user's prompts in the user's own history file"},
	{key: "rollout_trace", class: keyReviewed, why: "whether and where Codex writes traces of the session; " + unreadFold},
	{key: "sqlite_home", class: keyReviewed, why: "where Codex writes its state databases (sessions, memories): a project can point it into the repository"},
	{key: "log_dir", class: keyReviewed, why: "where Codex writes its logs (and turns on the terminal's text log): a project can point it into the repository"},
	{key: "file_opener", class: keyInert, why: "the editor link scheme of file citations in Codex's output"},
	{key: "tui", class: keyReviewed, why: "the terminal interface (notifications, status line, …); Codex 0.171.0 does not warn about fields it does not know there (observed), and " + unreadFold},
	{key: "hide_agent_reasoning", class: keyInert, why: "what Codex shows the user, not the model"},
	{key: "show_raw_agent_reasoning", class: keyInert, why: "what Codex shows the user, not the model"},
	{key: "model_reasoning_effort", class: keyInert, why: atProvider},
	{key: "plan_mode_reasoning_effort", class: keyInert, why: atProvider},
	{key: "model_reasoning_summary", class: keyInert, why: atProvider},
	{key: "model_verbosity", class: keyInert, why: atProvider},
	{key: "model_catalog_json", class: keyReviewed, file: true, why: "when Codex starts: the file its model catalogue (each model's instructions and tools) is read from"},
	{key: "personality", class: keyInert, why: "one of Codex's built-in personalities"},
	{key: "service_tier", class: keyInert, why: atProvider},
	{key: "apps_mcp_product_sku", class: keyIgnored, why: ignoredMsg},
	{key: "responses", class: keyReviewed, why: "how Codex processes the model's responses; " + unreadFold},
	{key: "responses_api_metadata", class: keyIgnored, why: ignoredMsg},
	{key: "orchestrator", class: keyReviewed, why: "how Codex runs agent work; " + unreadFold},
	{key: "cloud", class: keyReviewed, why: "Codex's cloud settings; " + unreadFold},
	{key: "openai_base_url", class: keyIgnored, why: ignoredMsg},
	{key: "audio", class: keyInert, fields: []string{"microphone_channel", "microphone", "speaker"}, why: "the user's microphone and speaker for voice"},
	{key: "experimental_realtime_ws_base_url", class: keyIgnored, why: ignoredMsg},
	{key: "experimental_realtime_webrtc_call_base_url", class: keyIgnored, why: ignoredMsg},
	{key: "experimental_realtime_ws_model", class: keyInert, why: "the voice model; " + atProvider},
	{key: "experimental_realtime_ws_backend_prompt", class: keyReviewed, why: "in a voice session: the instructions the voice model is given"},
	{key: "experimental_realtime_ws_startup_context", class: keyReviewed, why: "in a voice session: the context the voice model is given"},
	{key: "experimental_realtime_start_instructions", class: keyReviewed, why: "when a voice session starts: the instructions the model is given"},
	{key: "experimental_thread_store_endpoint", class: keyReviewed, why: "a remote store for the sessions (removed: the source says Codex fails fast on it)"},
	{key: "experimental_thread_store", class: keyReviewed, why: "where Codex stores the sessions; " + unreadFold},
	{key: "tools", class: keyReviewed, why: "which tools the model has and how (web search, asking the user); " + unreadFold},
	{key: "tool_suggest", class: keyReviewed, why: "the tools Codex suggests installing; " + unreadFold},
	{key: "code_mode", class: keyReviewed, why: "the code-mode tool, in which the model runs JavaScript; " + unreadFold},
	{key: "goals", class: keyInert, fields: []string{"max_goal_token_budget"}, why: "a token budget of goals"},
	{key: "hooks", class: keyReviewed, by: byHooks},
	{key: "plugins", class: keyReviewed, why: "which plugins Codex loads (a plugin brings hooks, MCP servers and skills); " + unreadFold},
	{key: "suppress_unstable_features_warning", class: keyReviewed, why: "hides Codex's warning that unstable features are on"},
	{key: "ghost_snapshot", class: keyInert, fields: []string{"ignore_large_untracked_files", "ignore_untracked_files_over_bytes", "ignore_large_untracked_dirs", "large_untracked_dir_warning_threshold", "disable_warnings"},
		why: "a legacy setting that does nothing (the source: \"Legacy no-op setting retained for compatibility\")"},
	{key: "project_root_markers", class: keyReviewed, why: "which folder is the project root, and so which .codex folders Codex loads"},
	{key: "check_for_update_on_startup", class: keyInert, why: "whether Codex looks for its own updates"},
	{key: "disable_paste_burst", class: keyInert, why: "how typed input is buffered"},
	{key: "analytics", class: keyReviewed, why: "whether Codex sends usage analytics off the machine"},
	{key: "desktop", class: keyReviewed, why: "settings of the desktop app, which Codex keeps as it finds them; " + unreadFold},
	{key: "notice", class: keyReviewed, why: "hides some of Codex's own warnings (hide_full_access_warning, …)"},
	{key: "experimental_use_unified_exec_tool", class: keyReviewed, by: bySettings},
	{key: "oss_provider", class: keyReviewed, why: "with --oss: the local model server the prompts go to"},
	{key: "model_provider", class: keyIgnored, why: ignoredMsg},
	{key: "include_permissions_instructions", class: keyReviewed, why: "on every turn: whether the model is told its sandbox and approval rules"},
	{key: "profile", class: keyIgnored, why: ignoredMsg},
	{key: "profiles", class: keyIgnored, why: ignoredMsg},
	{key: "chatgpt_base_url", class: keyIgnored, why: ignoredMsg},
	{key: "realtime", class: keyInert, fields: []string{"version", "type", "transport", "voice"}, why: "the kind of voice session and its voice"},
	{key: "projects", class: keyReviewed, why: "the trust of folders (whether Codex honours a project's own projects table was not observed)"},
	{key: "web_search", class: keyReviewed, why: "whether the model may search the web, live: what it sends off the machine and what it reads"},
	{key: "agents", class: keyReviewed, why: "the sub-agents the model may start, each role with its own config file; " + unreadFold},
	{key: "memories", class: keyReviewed, why: "what Codex remembers across sessions and gives the model; " + unreadFold},
	{key: "skills", class: keyReviewed, why: "which skills the model has; " + unreadFold},
	{key: "marketplaces", class: keyReviewed, why: "where plugins are installed from; " + unreadFold},
	{key: "features", class: keyReviewed, by: bySettings},
	{key: "feedback", class: keyReviewed, why: "whether Codex may send feedback (with logs) off the machine"},
	{key: "apps", class: keyReviewed, why: "the app connectors and whether their tools ask first; " + unreadFold},
	{key: "otel", class: keyIgnored, by: byCommands, why: ignoredMsg},
	{key: "windows", class: keyReviewed, why: "the Windows sandbox (nothing on Linux or macOS)"},
	{key: "experimental_compact_prompt_file", class: keyReviewed, file: true, why: "when the conversation is compacted: the file whose text is the prompt that rewrites it"},
	{key: "include_environment_context_time", class: keyReviewed, why: "on every turn: whether the model is told the time"},
	{key: "daybreak", class: keyReviewed, why: "Codex's daybreak mode (true needs a signed-in account or an API key, observed); Hookwarden does not know what it changes"},
}

// catalogued is the catalogue's entry of key, or nil.
func catalogued(key string) *catalogKey {
	for i := range projectCatalog {
		if projectCatalog[i].key == key {
			return &projectCatalog[i]
		}
	}
	return nil
}

// unknownReason is what an entry of a key Codex 0.171.0 does not know
// says.
func unknownReason(path, codexPath string) string {
	return "Codex 0.171.0 does not know " + path + ": it warns \"`" + codexPath + "` is ignored\" and does not act on it (observed); " +
		"Hookwarden cannot tell what another Codex does with it, so it needs review"
}

// catalogueEntries are the reviewed entries of a project config.toml the
// rest of the package does not make: the catalogue's own reviewed keys,
// and every key (or field of an inert table) Codex 0.171.0 does not know,
// each with a warning at its line.
func (s *project) catalogueEntries(f *file, root *settingsio.TOMLTable) []*hooks.Hook {
	if f.Layer != layerProject {
		return nil
	}
	var out []*hooks.Hook
	unknown := func(path, codexPath string, v *settingsio.TOMLValue) {
		h := s.commandEntry(f, hooks.KindHelper, path, v, path)
		h.When, h.Type, h.Description = "never by Codex 0.171.0, which does not know "+path+" (it warns \"`"+codexPath+"` is ignored\", observed); another Codex may act on it", "setting", settingSummary(v)
		h.Status, h.Reason = statusSkipped, unknownReason(path, codexPath)
		s.diags = append(s.diags, hooks.Diagnostic{File: f.Path, Line: v.Pos.Line, Column: v.Pos.Column, Severity: hooks.SeverityWarning,
			Message: "Codex 0.171.0 does not know " + path + " and ignores it (observed: \"`" + codexPath + "` is ignored\"); another Codex may not, so it needs review"})
		out = append(out, h)
	}
	for _, e := range root.Entries {
		k, v := e.Key.Name, e.Value
		c := catalogued(k)
		switch {
		case c == nil:
			unknown(tomlPathKey(k), k, v)
		case c.class == keyInert && c.fields != nil && v.Kind == settingsio.TOMLTableValue:
			for _, fe := range v.Table.Entries {
				if !contains(c.fields, fe.Key.Name) {
					unknown(tomlPathKey(k)+"."+tomlPathKey(fe.Key.Name), k+"."+fe.Key.Name, fe.Value)
				}
			}
		case c.class == keyReviewed && c.by == "":
			h := s.commandEntry(f, hooks.KindHelper, k, v, k)
			h.When, h.Type, h.Description = c.why, "setting", settingSummary(v)
			out = append(out, h)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// catalogueFileField is, for an entry of a key whose value names a file
// Codex reads (model_instructions_file, …), that file's text as a field
// of the definition: a pull that changes the file changes the entry. A
// file that cannot be read is its error, which changes when it can be.
func catalogueFileField(h *hooks.Hook, v *settingsio.TOMLValue) (key, value string, ok bool) {
	c := catalogued(h.Name)
	if c == nil || !c.file || h.Type != "setting" || v.Kind != settingsio.TOMLString {
		return "", "", false
	}
	p := v.Str
	if !filepath.IsAbs(p) {
		// Codex resolves it against the folder of the config.toml
		// (observed: a relative model_instructions_file of the user's
		// config.toml was read from ~/.codex)
		p = filepath.Join(filepath.Dir(h.Origin.File), p)
	}
	key = "text of " + p
	str := func(s string) string { return tomlJSON(&settingsio.TOMLValue{Kind: settingsio.TOMLString, Str: s}) }
	// not a regular file (a FIFO, /dev/zero): never opened, so that a
	// project cannot make Hookwarden wait or read forever
	if fi, err := os.Stat(p); err != nil {
		return key, str("unreadable: " + err.Error()), true
	} else if !fi.Mode().IsRegular() {
		return key, str("not a regular file: " + fi.Mode().String()), true
	}
	fh, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return key, str("unreadable: " + err.Error()), true
	}
	defer fh.Close()
	// the text itself when short, so that the diff shows it (as a
	// rules file's); else its hash
	head := make([]byte, rulesMaxText+1)
	m, err := io.ReadFull(fh, head)
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		return key, str("unreadable: " + err.Error()), true
	}
	if m <= rulesMaxText && utf8.Valid(head[:m]) {
		return key, str(string(head[:m])), true
	}
	sum := sha256.New()
	sum.Write(head[:m])
	n, err := io.Copy(sum, fh)
	if err != nil {
		return key, str("unreadable: " + err.Error()), true
	}
	return key, str(fmt.Sprintf("sha256 %s (%d bytes)", hex.EncodeToString(sum.Sum(nil)), n+int64(m))), true
}
