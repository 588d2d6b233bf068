package risk

import (
	"path"
	"regexp"
	"slices"
	"strings"
)

// Agents are what the analysis knows of the coding agents' own files and
// variables. The analysis names no agent itself: the caller hands in the
// facts its agents declare (agents.Registry.Facts, through Options.Agents).
// Without them, writing an agent's settings reads as an ordinary write
// and reading its login tokens as an ordinary read.
type Agents struct {
	// Config are the files whose content decides what an agent runs or
	// trusts: writing one is self-tampering.
	Config []AgentFile
	// Credentials are an agent's login tokens and account files: reading
	// one is reading a secret.
	Credentials []AgentFile
	// HomeVars move an agent's home or configuration folder.
	HomeVars []string
	// ProjectVars hold the project folder in a hook's environment.
	ProjectVars []string
	// BaseURLVars move an agent's model API to another server.
	BaseURLVars []string
	// PermissionEvents, ContinueEvents and ContextEvents are the agents'
	// events whose hook output the analysis weighs, and EnvFileVars the
	// variables naming their env files (see vocab.Outputs): the default
	// output vocabulary of a hook whose Outputs are nil.
	PermissionEvents, ContinueEvents, ContextEvents, EnvFileVars []string
	// Programs are the agents' own command-line programs (a hook that
	// starts one runs a model with its rights), judged like the other
	// agents' programs the analysis knows (agentPrograms).
	Programs []string
	// Outputs are what each agent does with its hooks' output where it
	// differs from the union above and vocab.DefaultOutputs, by the
	// agent's name (Hook.Agent); an agent without an entry is read with
	// the union.
	Outputs map[string]AgentOutputs
}

// AgentOutputs are one agent's own facts about its hooks' output (the
// agents' conformance kits observed them): the fields and events only it
// acts on, and the answers it does not act on.
type AgentOutputs struct {
	// Context are more fields whose text reaches its model; Rewrite more
	// fields that replace what it runs, sends or reads.
	Context, Rewrite []string
	// AllowIgnored are its events whose allow decision lets nothing run
	// without asking (it fails the hook, or asks as it would anyway).
	AllowIgnored []string
	// StderrAnswers are its events where JSON a hook writes to stderr
	// with a blocking exit is read as its answer: an allow there runs the
	// call, the exit blocks nothing.
	StderrAnswers []string
}

// AgentFile is one of an agent's files.
type AgentFile struct {
	// Path is "~/x" for a path in the home folder, "/x" for an absolute
	// path and "x" for that path below any folder; a trailing "/" means
	// the folder and everything in it.
	Path string
	// Name, when set, names the file in text by itself (a base name that
	// is the agent's alone: "oauth_creds.json"); else the path does.
	Name string
	// What the file is, in words.
	What string
}

// matches says whether p, in the analyser's form (see normPath), is f.
func (f AgentFile) matches(p string) bool {
	pat, dir := strings.CutSuffix(f.Path, "/")
	if strings.HasPrefix(pat, "~/") || strings.HasPrefix(pat, "/") {
		return p == pat || dir && strings.HasPrefix(p, pat+"/")
	}
	// below any folder
	if p == pat || strings.HasSuffix(p, "/"+pat) {
		return true
	}
	return dir && (strings.HasPrefix(p, pat+"/") || strings.Contains(p, "/"+pat+"/"))
}

// mention is how text names f: its Name, or its path without "~/" and a
// folder's trailing "/".
func (f AgentFile) mention() string {
	if f.Name != "" {
		return f.Name
	}
	return strings.TrimSuffix(strings.TrimPrefix(f.Path, "~/"), "/")
}

func matchAgentFile(fs []AgentFile, p string) (string, bool) {
	for _, f := range fs {
		if f.matches(p) {
			return f.What, true
		}
	}
	return "", false
}

// mentionIn says whether text names one of fs, case-insensitively and
// with either slash (PowerShell writes paths with backslashes).
func mentionIn(fs []AgentFile, text string) bool {
	t := strings.ToLower(strings.ReplaceAll(text, `\`, "/"))
	for _, f := range fs {
		if m := f.mention(); m != "" && strings.Contains(t, strings.ToLower(m)) {
			return true
		}
	}
	return false
}

// agentFile names p when it is one of the agents' configuration files
// (or Hookwarden's store, or a file of a tool Hookwarden does not model).
func (a *analyzer) agentFile(p string) (string, bool) {
	for _, f := range a.opt.Agents.Config {
		if f.matches(p) && !(strings.HasSuffix(f.Path, "/") && recordFile(p)) {
			return f.What, true
		}
	}
	return match(toolFiles, p)
}

// recordFile: p is by its extension a record a program keeps (a log, a
// JSON-lines journal, a text report, a pid or lock file), a kind of file
// no agent reads from its folders as settings, hooks or instructions; a
// hook that logs into its own folder (.github/hooks/audit.log) changes
// nothing the agent runs or trusts. Images are records too: a hook that
// renders a status badge beside itself (.github/hooks/last-tool.svg)
// writes a picture, not a hook.
func recordFile(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".log", ".jsonl", ".ndjson", ".txt", ".out", ".err", ".pid", ".lock", ".csv", ".tsv",
		".svg", ".png", ".jpg", ".jpeg", ".gif", ".webp", ".ico", ".bmp":
		return true
	}
	return false
}

// secretPath says whether a path holds credentials, the agents' login
// tokens among them. .env.example and similar templates are not secrets.
func (a *analyzer) secretPath(p string) (string, bool) {
	if what, ok := secretPath(p); ok || notSecret(p) {
		return what, ok
	}
	return matchAgentFile(a.opt.Agents.Credentials, p)
}

// secretsInText names the secret files a piece of code in a language read
// by lines (Lua, PowerShell) opens below the home folder, and the path.
func (a *analyzer) secretsInText(text string) (what, p string, ok bool) {
	for _, m := range dotPathRe.FindAllString(text, -1) {
		cand := "~" + strings.ReplaceAll(m, `\`, "/")
		if w, ok := a.secretPath(cand); ok {
			return w, cand, true
		}
	}
	return "", "", false
}

// secretText finds a secret path in a piece of literal text (a string
// literal in a script, or words joined): secretTextRe with the agents'
// credential files. It is built once per analysis (and once per Cache).
func (a *analyzer) secretText() *regexp.Regexp {
	if a.secretTextRe == nil {
		a.secretTextRe = a.opt.Cache.secretText(a.opt.Agents.Credentials)
	}
	return a.secretTextRe
}

// secretTextFor is secretTextRe's pattern with the mentions of creds added
// to its alternatives.
func secretTextFor(creds []AgentFile) *regexp.Regexp {
	var alts []string
	for _, f := range creds {
		if m := f.mention(); m != "" && !slices.Contains(alts, regexp.QuoteMeta(m)) {
			alts = append(alts, regexp.QuoteMeta(m))
		}
	}
	if len(alts) == 0 {
		return secretTextRe.get()
	}
	src := secretTextRe.String()
	return regexp.MustCompile(src[:len(src)-1] + "|" + strings.Join(alts, "|") + ")")
}

func (c *Cache) secretText(creds []AgentFile) *regexp.Regexp {
	if c == nil {
		return secretTextFor(creds)
	}
	if re := c.lastSecret(creds); re != nil {
		return re
	}
	var key strings.Builder
	for _, f := range creds {
		key.WriteString(f.mention())
		key.WriteByte(0)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if re, ok := c.secretTexts[key.String()]; ok {
		c.last = lastCreds{credsAt(creds), re, nil}
		return re
	}
	re := secretTextFor(creds)
	if c.secretTexts == nil {
		c.secretTexts = map[string]*regexp.Regexp{}
	}
	c.secretTexts[key.String()] = re
	c.last = lastCreds{credsAt(creds), re, nil}
	return re
}

// lastCreds is the secret pattern (and its words) of the credential list
// a cache was last asked for, by where the list lies in memory: the
// hooks of one listing share one Agents, so the pattern is not looked up
// by its mentions (a key built per hook) every time.
type lastCreds struct {
	at   credsKey
	re   *regexp.Regexp
	lits []string
}

type credsKey struct {
	first *AgentFile
	n     int
}

func credsAt(creds []AgentFile) credsKey {
	if len(creds) == 0 {
		return credsKey{}
	}
	return credsKey{&creds[0], len(creds)}
}

// lastSecret is the pattern for creds when they are the list the cache
// was last asked for (nil otherwise; the caller holds no lock).
func (c *Cache) lastSecret(creds []AgentFile) *regexp.Regexp {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last.re != nil && c.last.at == credsAt(creds) {
		return c.last.re
	}
	return nil
}

// secretLitsOf is a.secretLits(), made once per credential list the cache
// is used with.
func (c *Cache) secretLitsOf(a *analyzer) []string {
	if c == nil {
		return a.secretLits()
	}
	at := credsAt(a.opt.Agents.Credentials)
	c.mu.Lock()
	if c.last.lits != nil && c.last.at == at {
		lits := c.last.lits
		c.mu.Unlock()
		return lits
	}
	c.mu.Unlock()
	re := a.secretText() // the pattern these words go with, made first
	lits := a.secretLits()
	c.mu.Lock()
	if c.last.re == re && c.last.at == at {
		c.last.lits = lits
	}
	c.mu.Unlock()
	return lits
}

func (a *analyzer) homeVar(name string) bool {
	return slices.Contains(a.opt.Agents.HomeVars, name)
}

func (a *analyzer) baseURLVar(name string) bool {
	return slices.Contains(a.opt.Agents.BaseURLVars, name) || slices.Contains(apiProxyVars, name)
}

func (a *analyzer) projectVar(name string) bool {
	return name == "PWD" || slices.Contains(a.opt.Agents.ProjectVars, name)
}

// apiProxyVars send every program's web traffic, the agent's API calls with
// its key among them, through another server.
var apiProxyVars = []string{"HTTPS_PROXY", "HTTP_PROXY", "ALL_PROXY"}
