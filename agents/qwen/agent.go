package qwen

import (
	"embed"
	"slices"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// name is hooks.Hook.Agent of Qwen hooks, the agent's --agent name and
// its section of Hookwarden's store.
const name hooks.Agent = "qwen"

const (
	version    = "0.24.4"
	agentTitle = "Qwen Code"
)

// agent is Qwen Code behind the agent contract.
type agent struct{}

// New returns Qwen Code's agent.
func New() agent { return agent{} }

// Info names Qwen Code and declares its files and variables.
func (agent) Info() agents.Info {
	return agents.Info{Name: string(name), Title: agentTitle, Version: version, Types: []string{"command", "http", "prompt", "function"},
		Statuses: []hooks.Status{statusUnknownEvent, statusNotModelled},
		Tones:    map[hooks.Status]agents.Tone{statusUnknownEvent: agents.ToneWarn, statusNotModelled: agents.ToneWarn},
		Layers: map[settingsio.Layer]agents.LayerRole{layerDefaults: agents.RoleDefaults, layerUser: agents.RoleUser,
			layerProject: agents.RoleProject, layerSystem: agents.RoleAdmin},
		Facts: facts,
		Lacks: map[agents.Capability]string{
			agents.CapRepair: agentTitle + " has no trust store of its own to repair",
			agents.CapCarryOver: agentTitle + " has no per-hook trust, and Hookwarden carries none of its approvals over to a moved hook: " +
				"approve it again where it is now (hookwarden untrust --gone drops the approval it left behind)",
		}}
}

// facts are the files and variables Qwen Code 0.24.4 reads (source:
// Storage, settings.ts, trustedFolders.ts, the auth code; observed: the
// hook environment; the relative ones from its start folder: load).
var facts = agents.Facts{
	Config: []agents.File{
		{Path: ".qwen/settings.json", What: "Qwen Code's settings (user in ~/.qwen, project in the folder)"},
		{Path: "~/.qwen/trustedFolders.json", What: "Qwen Code's folder trust"},
		{Path: "/etc/qwen-code/", What: "Qwen Code's system settings and system-defaults"},
		{Path: ".qwen/.env", What: "the environment file Qwen Code loads"},
		{Path: "~/.qwen/extensions/", What: "Qwen Code's extensions (their hooks and MCP servers)"},
		{Path: ".qwen/commands/", What: "Qwen Code's custom commands (their !{…} run in a shell)"}, {Path: ".lsp.json", What: "Qwen Code's language servers (--experimental-lsp)"},
		{Path: ".qwen/skills/", What: "Qwen Code's skills (their frontmatter holds hooks)"}, {Path: ".agents/skills/", What: "Qwen Code's skills (their frontmatter holds hooks)"},
		{Path: ".qwen/agents/", What: "Qwen Code's subagents (their frontmatter holds hooks and MCP servers)"},
	},
	Credentials: []agents.File{{Path: "~/.qwen/oauth_creds.json", What: "Qwen Code's Qwen OAuth login"},
		{Path: "~/.qwen/mcp-oauth-tokens.json", What: "Qwen Code's MCP server tokens"}},
	HomeVars:    []string{"QWEN_HOME", "QWEN_CODE_SYSTEM_SETTINGS_PATH", "QWEN_CODE_SYSTEM_DEFAULTS_PATH", "QWEN_CODE_TRUSTED_FOLDERS_PATH"},
	SystemVars:  []string{"QWEN_CODE_SYSTEM_SETTINGS_PATH", "QWEN_CODE_SYSTEM_DEFAULTS_PATH"},
	Programs:    []string{"qwen"},
	ProjectVars: []string{"QWEN_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR"},
	BaseURLVars: []string{"OPENAI_BASE_URL", "ANTHROPIC_BASE_URL", "DASHSCOPE_PROXY_BASE_URL"},
	SecretVars:  []string{"OPENAI_API_KEY", "DASHSCOPE_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "GOOGLE_API_KEY"},
	Output:      agents.Output{StderrAnswers: []string{"PreToolUse"}}, // exit 2 + JSON on stderr is the answer (observed)
}

//go:embed payloads/*.json
var payloads embed.FS

// event is one of Qwen's events: what its matcher sees and what its
// answers do (observed unless said otherwise).
type event struct {
	name, desc string
	context    agents.ContextKind
	label      string
	values     []string
	block      bool
	notes      []string
}

// events are the 22 events 0.24.4 accepts (source: HookEventName;
// observed with the kit's observers), in lifecycle order.
var events = []event{
	{"SessionStart", "a session starts, resumes or compacts", agents.ContextTrigger, "source", []string{"startup", "resume", "clear", "compact"}, false,
		[]string{"stdout and additionalContext go into the system prompt", "exit 2 does nothing"}},
	{"InstructionsLoaded", "an instructions file (QWEN.md, output-language.md) is loaded", agents.ContextTrigger, "file path", nil, false, nil},
	{"Notification", "Qwen notifies (auth_success, permission prompts)", agents.ContextTrigger, "notification type", []string{"auth_success", "permission_prompt"}, false, nil},
	{"UserPromptSubmit", "a prompt is submitted, and again for every tool-result and Stop continuation", agents.ContextNone, "", nil, true,
		[]string{"block or exit 2: no model request, nothing on the screen, exit 0", "stdout and additionalContext reach the model each time"}},
	{"UserPromptExpansion", "a slash command or skill expands (not observed)", agents.ContextTrigger, "command name", nil, false, nil},
	{"PreToolUse", "before a tool call", agents.ContextTool, "tool name", toolNames, true,
		[]string{"exit 2 blocks only with stderr", "the last permissionDecision of all scopes wins", "updatedInput and additionalContext are ignored"}},
	{"PermissionRequest", "a permission dialog would open (never in -p)", agents.ContextTool, "tool name", toolNames, true, nil},
	{"PermissionDenied", "the auto classifier denies a tool (not observed)", agents.ContextTool, "tool name", toolNames, false, nil},
	{"PostToolUse", "after a tool call succeeds", agents.ContextTool, "tool name", toolNames, false,
		[]string{"additionalContext is appended to the result", "continue: false replaces the result", "block and exit 2 do nothing"}},
	{"PostToolUseFailure", "after a tool call fails or is interrupted", agents.ContextTool, "tool name", toolNames, false, nil},
	{"PostToolBatch", "after a batch of tool calls", agents.ContextNone, "", nil, true, []string{"block puts its reason into the last result"}},
	{"SubagentStart", "a subagent starts", agents.ContextTrigger, "agent type", []string{"general-purpose"}, false, nil},
	{"SubagentStop", "a subagent stops", agents.ContextTrigger, "agent type", []string{"general-purpose"}, false, nil},
	{"TodoCreated", "a todo is created (not observed)", agents.ContextNone, "", nil, false, nil},
	{"TodoCompleted", "a todo is completed (not observed)", agents.ContextNone, "", nil, false, nil},
	{"PreCompact", "before compaction", agents.ContextTrigger, "trigger", []string{"auto", "manual"}, false, nil},
	{"PostCompact", "after compaction", agents.ContextTrigger, "trigger", []string{"auto", "manual"}, false, nil},
	{"MessageDisplay", "a message is shown (fire and forget)", agents.ContextNone, "", nil, false, nil},
	{"Stop", "the model ends its turn", agents.ContextNone, "", nil, true,
		[]string{"block, exit 2 and continue: false re-prompt (at most 8 times)", "a matcher is ignored"}},
	{"StopFailure", "a turn ends in an error (not for API errors in -p)", agents.ContextTrigger, "error", nil, false, nil},
	{"SessionEnd", "/clear or an ACP session ends (never in -p)", agents.ContextTrigger, "reason", nil, false, nil},
	{"SessionDelete", "a session is deleted (fire and forget; not observed)", agents.ContextNone, "", nil, false, nil},
}

var toolNames = []string{"run_shell_command", "write_file", "edit", "read_file", "grep_search", "glob", "agent", "web_fetch"}

func lookupEvent(n string) (event, bool) {
	i := slices.IndexFunc(events, func(e event) bool { return e.name == n })
	return events[max(i, 0)], i >= 0
}

// Events are Qwen's 22 events with the captured sample payloads.
func (agent) Events() []agents.EventInfo {
	var out []agents.EventInfo
	for _, e := range events {
		info := agents.EventInfo{Name: hooks.Event(e.name), Description: e.desc, Context: e.context, ContextLabel: e.label,
			Values: append([]string(nil), e.values...), CanBlock: e.block, Notes: append([]string(nil), e.notes...)}
		info.Sample, _ = payloads.ReadFile("payloads/" + e.name + ".json")
		out = append(out, info)
	}
	return out
}

// Words are Qwen's folder-trust levels and switch scopes, explained.
func (agent) Words(arg agents.WordsOf) []agents.Word {
	switch arg {
	case agents.WordsFolderTrust:
		return []agents.Word{
			{Value: "TRUST_FOLDER", Meaning: "trust this folder (and the folders below it) in ~/.qwen/trustedFolders.json"},
			{Value: "TRUST_PARENT", Meaning: "trust this folder's parent and every folder below it"},
			{Value: "DO_NOT_TRUST", Meaning: "never trust this folder: Qwen Code skips its project settings"},
		}
	case agents.WordsScope:
		return []agents.Word{
			{Value: "user", Meaning: "disableAllHooks in ~/.qwen/settings.json: every folder"},
			{Value: "project", Meaning: "disableAllHooks in the folder's .qwen/settings.json: this folder only"},
		}
	}
	return nil
}

// HookFile recognises Qwen Code's settings files (.qwen/settings.json),
// whose hooks run in the folder holding .qwen.
func (agent) HookFile(p string) (agents.ScanFile, bool) {
	return agents.MatchScanRules(p, agents.ScanRule{Folder: ".qwen", Names: []string{"settings.json"}, Kind: "settings"})
}

// ScanHooks reads a settings file's hooks as Open does.
func (agent) ScanHooks(sf agents.ScanFile) ([]agents.ScanHook, error) { return schema(nil).Scan(sf) }
