package codex

// Provenance texts the UI can show next to a file or layer: how each fact
// is known.
const (
	provUserJSON = "user layer, $CODEX_HOME/hooks.json (observed with Codex 0.171.0)"
	provUserTOML = "user layer, [hooks] of $CODEX_HOME/config.toml (observed); also the only file Codex reads hook trust " +
		"([hooks.state]) and project trust ([projects]) from (observed)"
	provProjectJSON = "project layer, <folder>/.codex/hooks.json, loaded only when the folder is trusted (observed); " +
		"every .codex folder from the project root (nearest .git) down to the session folder is a layer of its own (observed)"
	provProjectTOML = "project layer, [hooks] of <folder>/.codex/config.toml, loaded only when the folder is trusted " +
		"(observed); its [hooks.state] is ignored (observed)"
	provSystemTOML = "system layer, [hooks] of /etc/codex/config.toml: managed, always trusted (observed with a private /etc/codex)"
	provSystemJSON = "system layer, /etc/codex/hooks.json: managed, always trusted; with [hooks] in /etc/codex/config.toml " +
		"Codex warns about both forms (observed with a private /etc/codex)"
	provRequirements = "managed hooks ([hooks], keyed by managed_dir when it is set) and allow_managed_hooks_only of " +
		"/etc/codex/requirements.toml (observed with a private /etc/codex: managed hooks listed as source system, " +
		"trust managed, always enabled; allow_managed_hooks_only drops user and project hooks). MDM and cloud " +
		"requirements (source: config loader) are not read by Hookwarden"
)

// provenance says, for the UI and the docs, what Hookwarden knows about
// Codex's hook layers and how it knows it.
func provenance() string {
	return `Codex CLI 0.171.0 hook layers, as Hookwarden reads them:
- ` + provUserJSON + `
- ` + provUserTOML + `
- ` + provProjectJSON + `
- ` + provProjectTOML + `
- ` + provSystemTOML + `
- ` + provSystemJSON + `
- ` + provRequirements + `
- session flags (-c hooks.…, -c hooks.state=…, -c projects=…): in memory for one run (observed)
- plugin hooks: Codex loads hooks of installed plugins, keyed by plugin id and the file's path inside the plugin,
  trusted like user hooks, with PLUGIN_ROOT/CLAUDE_PLUGIN_ROOT and PLUGIN_DATA/CLAUDE_PLUGIN_DATA substituted in the
  command (source: discovery.rs append_plugin_hook_sources; not observed). Hookwarden does not list them yet.
"observed" = seen with the real binary (conformance kit codex-live, hooks/list); "source" = read in openai/codex at a
commit of unknown distance from 0.171.0.`
}
