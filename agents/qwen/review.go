package qwen

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// storeSection is Qwen Code's section of Hookwarden's store: approvals of
// project hooks, in the shape of the shared "commands" section.
const storeSection = "qwen"

// dotEnvDrops are the names Qwen Code 0.24.4 takes from no .env file (its loader and project-excluded keys).
var dotEnvDrops = strings.Fields("NODE_OPTIONS npm_config_node_options npm_config_userconfig npm_config_globalconfig npm_config_script_shell npm_config_prefix NODE_PATH OPENSSL_CONF NODE_REPL_EXTERNAL_MODULE npm_config_node_gyp npm_config_init_module LD_PRELOAD LD_AUDIT DYLD_INSERT_LIBRARIES BASH_ENV ZDOTDIR BASH_FUNC_* QWEN_HOME QWEN_RUNTIME_DIR QWEN_AGENT_EXECUTION_BACKEND QWEN_CODE_MCP_APPROVALS_PATH QWEN_CODE_TRUSTED_FOLDERS_PATH QWEN_CODE_SYSTEM_SETTINGS_PATH QWEN_CODE_SYSTEM_DEFAULTS_PATH QWEN_UPDATE_BASE_URL QWEN_CODE_WARNINGS_FILE QWEN_CODE_SERVE QWEN_CODE_DESKTOP QWEN_CODE_SETTINGS_CORRUPTED_PATH QWEN_CODE_SETTINGS_WAS_RECOVERED QWEN_CODE_ACP_REPEATED_TOOL_FAILURE_GUARD QWEN_CODE_MEMORY_PROJECT_SCOPE QWEN_CODE_ENABLE_WORKFLOWS QWEN_CODE_DISABLE_WORKFLOWS QWEN_CODE_WORKFLOW_NAME_ONLY QWEN_REVIEW_PREBUILD QWEN_REVIEW_AUTOMATIC QWEN_TLS_INSECURE NODE_TLS_REJECT_UNAUTHORIZED NODE_EXTRA_CA_CERTS SSL_CERT_FILE SSL_CERT_DIR CURL_CA_BUNDLE REQUESTS_CA_BUNDLE GIT_SSL_CAINFO GIT_SSL_CAPATH npm_config_cafile npm_config_ca npm_config_strict_ssl PIP_CERT CURL_HOME WGETRC PIP_CONFIG_FILE GIT_SSH_COMMAND GIT_SSH GIT_EXEC_PATH GIT_TEMPLATE_DIR GIT_ASKPASS GIT_PROXY_COMMAND GIT_EDITOR GIT_SEQUENCE_EDITOR GIT_EXTERNAL_DIFF GIT_CONFIG_GLOBAL GIT_CONFIG_SYSTEM XDG_CONFIG_HOME GIT_CONFIG_COUNT GIT_CONFIG_PARAMETERS GIT_CONFIG_KEY_* GIT_CONFIG_VALUE_* QWEN_SANDBOX QWEN_SANDBOX_IMAGE QWEN_SANDBOX_PROXY_COMMAND QWEN_SANDBOX_NET SANDBOX SANDBOX_ENFORCEMENT XDG_CACHE_HOME TMPDIR TMP TEMP SSH_ASKPASS LESSOPEN LESSCLOSE NODE_GYP_FORCE_PYTHON npm_config_python PYTHON PYTHONSTARTUP VISUAL EDITOR npm_config_git BROWSER QWEN_CLI_ENTRY QWEN_CDP_MCP_COMMAND QWEN_SERVE_CDP_TUNNEL_OVER_WS QWEN_SERVE_NEW_FILE_MODE QWEN_SERVE_MAX_WORKSPACES QWEN_SERVE_SESSION_ATTACHMENTS_ROOT DEV QWEN_CODE_PRIVATE_CONVERSATIONS_RUNTIME QWEN_CODE_PRIVATE_RELAUNCH_ENV_PROVENANCE")

func (s *snapshot) dotEnv() *claudeschema.DotEnv { // the .env search of Qwen Code 0.24.4 (findEnvFiles)
	return &claudeschema.DotEnv{Dir: ".qwen", HomeDir: s.home, Home: []string{filepath.Join(s.qwenHome, ".env"), filepath.Join(s.home, ".env")}, Drops: dotEnvDrops, Withheld: []string{"QWEN_SERVER_TOKEN", "QWEN_DAEMON_TOKEN", "QWEN_CODE_EXTERNAL_TOOL_GUARD_TOKEN", "QWEN_CODE_PRIVATE_ACP_CAPABILITY"}, ProjectVars: facts.ProjectVars, Untrusted: !s.trust.trusted, Watch: []string{".mcp.json"}, Settings: s.settings} // its MCP servers start at launch (loadProjectMcpServers)
}

func (p *project) section() claudeschema.Section {
	return claudeschema.Section{Store: p.store, Key: storeSection, Agent: string(name), Title: agentTitle, Project: p.Dir(), DotEnv: p.snap.dotEnv(), StoreErr: p.storeErr, Git: p.env.GitConfig()}
}

// specs are every handler of the project file, whatever Qwen makes of it
// now (a hook of an untrusted folder runs once trust is off or granted),
// with the command as written as its label and the scripts of what runs
// (an API key Qwen expanded into it named by its variable).
func (p *project) specs() agents.SpecList {
	var at []*handler
	for _, c := range p.snap.handlers {
		if c.Hook.Origin.Layer == layerProject {
			at = append(at, c)
		}
	}
	cmds := p.section().Reaching(p.snap.hooks, p.snap.home, layerProject, p.snap.commands) // the user's hooks that run the project's code, and the project's commands that are not hooks, after them
	for _, h := range p.snap.commands {
		if h.Origin.Layer == layerProject || claudeschema.Reaches(h) != nil { // a user's template injecting the project's files too
			cmds = append(cmds, claudeschema.CommandSpec(h, nil, p.Dir()))
		}
	}
	return agents.SpecList{N: len(at) + len(cmds), At: func(i int) agents.CommandSpec {
		if i >= len(at) {
			return cmds[i-len(at)]
		}
		return claudeschema.WithSettings(at[i].Spec(title(at[i].Hook), p.redact), at[i].file.Root, "$version")
	}}
}

// TrustStates is Review's trust states, without risk, texts or notes (agents.TrustStater).
func (p *project) TrustStates(_ context.Context, keep func(*agents.HookReview) bool) ([]agents.HookReview, error) {
	return p.section().TrustStates(p.env, p.specs(), keep)
}

func (p *project) Review(ctx context.Context) (*agents.Review, error) {
	return agents.WithOtherReaders(ctx, p.env, p, p.review)
}

var reviewWords = agents.StoreWords(agentTitle, agentTitle, agents.ReviewWords{
	Noun: "project hook", Banner: "Qwen Code hook", KeyLabel: "Fingerprint",
	Empty: "This folder has no Qwen Code project hooks (.qwen/settings.json): there is nothing to review.",
	Meaning: map[trust.HookStatus]string{
		trust.StatusNew: "Not approved in Hookwarden. Qwen Code has no per-hook trust: wherever it reads the project's settings (folder trust is off by default), " +
			"it runs this hook unprompted, with your API keys in its environment; below, what it does here now. Read it, then approve it.",
		trust.StatusPartlyUnwatched: "Approved, partly unwatched: part of what it runs (listed under it) cannot be watched.",
	},
})

func (p *project) review() (*agents.Review, error) {
	base := &agents.Review{Project: p.Dir(), FolderTrust: p.folderTrust(), Unreadable: p.Unreadable(), Critical: p.critical(), Warnings: []string{}}
	for _, f := range p.observed() {
		base.Warnings = append(base.Warnings, f.Value)
	}
	r, err := p.section().Review(p.env, p, p.specs().All(), base, func(h *hooks.Hook) (string, []string) {
		return p.says(h), p.ListNotes(h)
	})
	if err != nil {
		return nil, err
	}
	r.Words, r.Folder = reviewWords, p.folderView()
	r.Document = p.section().Document(r, "critical", r.Critical, "warnings", r.Warnings)
	return r, nil
}

// critical is, in red, that folder trust is off while the project has
// hooks: Qwen Code runs them unprompted (observed).
func (p *project) critical() []hooks.Diagnostic {
	out, n := []hooks.Diagnostic{}, 0
	for _, c := range p.snap.handlers {
		if c.Hook.Origin.Layer == layerProject && c.Valid() {
			n++
		}
	}
	if f := p.snap.byLayer(layerProject); n > 0 && !p.snap.trust.enabled {
		out = append(out, hooks.Diagnostic{File: f.Path, Line: 1, Column: 1, Severity: hooks.SeverityCritical, Unprompted: true,
			Message: fmt.Sprintf("Qwen Code's folder trust is off (the default): the %d hook(s) of this project run unprompted when Qwen Code starts here", n)})
	}
	// A project's false beats the user's (and system-defaults') true.
	if f := p.snap.byLayer(layerProject); f.disableAll != nil && !f.disableAll.Bool && f.Ignored == "" && p.snap.off == nil {
		for _, g := range p.snap.files[:2] {
			if g.disableAll != nil && g.disableAll.Bool {
				out = append(out, hooks.Diagnostic{File: f.Path, Line: f.disableAll.Pos.Line, Column: f.disableAll.Pos.Column, Severity: hooks.SeverityCritical,
					Message: "\"disableAllHooks\": false here switches back on every hook " + g.Path + " switched off: Qwen Code lets the project's setting win"})
			}
		}
	}
	// Qwen runs one copy of a name and command, the first (the project's):
	// a project copy of your hook replaces it, with its own async, timeout, env.
	users := map[string][]*handler{} // by event, name and command (a scan per hook was quadratic)
	for _, u := range p.snap.handlers {
		if u.Hook.Origin.Layer != layerProject && u.Valid() {
			users[string(u.Event)+"\x00"+u.Name+":"+u.Hook.Command] = append(users[string(u.Event)+"\x00"+u.Name+":"+u.Hook.Command], u)
		}
	}
	for _, c := range p.snap.handlers {
		for _, u := range users[string(c.Event)+"\x00"+c.Name+":"+c.Hook.Command] {
			if c.Hook.Origin.Layer == layerProject && c.Valid() {
				out = append(out, hooks.Diagnostic{File: c.Hook.Origin.File, Line: c.Hook.Origin.Line, Column: c.Hook.Origin.Column, Severity: hooks.SeverityCritical, HookID: c.Hook.ID,
					Message: fmt.Sprintf("this project hook has the name and command of the %s hook at %s:%d: Qwen Code runs only the project's copy, with its matcher, async, timeout and env", u.Hook.Origin.Layer, u.Hook.Origin.File, u.Hook.Origin.Line)})
			}
		}
	}
	return out
}

// says is what Qwen does with a hook now, in words.
func (p *project) says(h *hooks.Hook) string {
	switch h.Status {
	case hooks.StatusRuns:
		if h.Gate != "" {
			return "runs it " + h.When + "; it " + h.Gate
		}
		return "runs it unprompted"
	case hooks.StatusBlockedUntrustedFolder:
		return "skips it silently (folder not trusted)"
	}
	return string(h.Status) + ": " + h.Reason
}

// Approve records the named project hooks (every one with All) in
// Hookwarden's store, with the scripts they run, as the snapshot read
// them (a settings file changed on disk since is refused).
func (p *project) Approve(ctx context.Context, req agents.ApproveRequest) (*agents.ApproveResult, error) {
	r, err := p.review()
	if err != nil {
		return nil, err
	}
	return p.section().Approve(ctx, p, r, p.specs().All(), req, p.env.Clock())
}

// Revoke removes approvals from Hookwarden's store.
func (p *project) Revoke(_ context.Context, req agents.RevokeRequest) (*agents.RevokeResult, error) {
	return p.section().Revoke(p.specs().All(), req, p.review)
}
