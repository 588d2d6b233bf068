package agents

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// The dry run of an MCP server: Hookwarden starts it the way the agent
// would (its program, arguments, environment and folder, from the agent's
// MCPStarter), in the sandbox unless it is approved or the user confirms
// (the hooks' rule, hooks.SandboxPolicy), speaks the MCP handshake
// (JSON-RPC 2.0 over stdio, one message a line: initialize, then
// tools/list) and stops it: what it did in the sandbox and what it
// answered is the result.

// MCPStarter is a Project that can start its MCP servers for a dry run
// (optional): how the agent itself starts one.
type MCPStarter interface {
	// MCPLaunch is how the agent starts h, an MCP server or a helper
	// command of one (a headersHelper); an entry it cannot start is an
	// error that says why.
	MCPLaunch(h *hooks.Hook) (*MCPLaunch, error)
}

// MCPLaunch is how an agent starts one MCP server (or helper command).
type MCPLaunch struct {
	// Program is the program as the agent names it, Args its arguments,
	// Env the whole environment it gets, Dir its working folder.
	Program string
	Args    []string
	Env     []string
	Dir     string
	// Remote is the URL of a server that runs nowhere on this machine
	// ("" for a local one); HelperID is then the entry (Project.Hooks) of
	// the command that makes its request headers, "" when it has none.
	Remote   string
	HelperID string
	// Plain says the program is a helper that takes no MCP handshake: it
	// is started with no input and its output is shown.
	Plain bool
	// Supervisor is the sandbox of the run: the home, the project and the
	// agent's folders overlaid (Env.Supervisor).
	Supervisor sandbox.Config
	// Notes say how this start differs from the agent's own, in its words.
	Notes []string
}

// MCPProtocolVersion is the MCP version the dry run's initialize asks for.
const MCPProtocolVersion = "2025-06-18"

// DefaultMCPTimeout is how long a server may take to start and answer.
const DefaultMCPTimeout = 15 * time.Second

// mcpLinger is how long a server that answered may take to exit on its
// own once its stdin is closed, before Hookwarden stops it.
const mcpLinger = time.Second

// MCPRequest is one dry run of an MCP server.
type MCPRequest struct {
	// Server names it: its name, or its ID in Project.Hooks.
	Server string
	// Sandbox and Confirmed are the hooks' rule (RunRequest): a server
	// that needs review runs in the sandbox, or for real only Confirmed.
	Sandbox   SandboxChoice
	Confirmed bool
	// Timeout caps the whole run (0: DefaultMCPTimeout).
	Timeout time.Duration
}

// MCPRun is what a dry run of an MCP server did.
type MCPRun struct {
	HookID string `json:"id"`
	Label  string `json:"label"`
	// Where is the file and line it comes from.
	Where string `json:"where"`
	// Remote is the URL of a remote server (nothing local runs).
	Remote string `json:"remote,omitempty"`
	// NeedsReview says why Hookwarden's review does not vouch for it
	// ("" when it is approved or not reviewed).
	NeedsReview string `json:"needs_review,omitempty"`
	// Ran: something was started; NotRun says why nothing was; Held that
	// it was held back by the gate (the exit message).
	Ran    bool   `json:"ran"`
	NotRun string `json:"not_run,omitempty"`
	Held   bool   `json:"held,omitempty"`
	// Helper is the label of the helper command that ran in its place (a
	// remote server's headersHelper).
	Helper string `json:"helper,omitempty"`
	// Command is what was started, as a shell would show it.
	Command string `json:"command,omitempty"`
	// Answered says the server answered initialize; Server, Version and
	// Protocol are what it said of itself; Tools the tools it lists.
	Answered     bool      `json:"answered"`
	Server       string    `json:"server_name,omitempty"`
	Version      string    `json:"server_version,omitempty"`
	Protocol     string    `json:"protocol_version,omitempty"`
	Instructions string    `json:"instructions,omitempty"`
	Tools        []MCPTool `json:"tools"`
	// ToolsMore says the list was cut (more pages or tools than shown).
	ToolsMore bool `json:"tools_more,omitempty"`
	// ProtocolError is what went wrong in the conversation (an error
	// answer, a line that is not JSON-RPC, no answer in time).
	ProtocolError string `json:"protocol_error,omitempty"`
	// Ended says how the process ended, in words.
	Ended    string `json:"ended"`
	ExitCode int    `json:"exit_code"`
	Exited   bool   `json:"exited"`
	TimedOut bool   `json:"timed_out,omitempty"`
	// Stdout is what a helper printed (or a server's non-protocol
	// output); Stderr what it printed there.
	Stdout   string        `json:"stdout,omitempty"`
	Stderr   string        `json:"stderr,omitempty"`
	Duration time.Duration `json:"duration_ns"`
	Timeout  time.Duration `json:"timeout_ns"`
	// Sandboxed says it ran in the sandbox; Sandbox is what it did there.
	Sandboxed bool            `json:"sandboxed"`
	Sandbox   *sandbox.Report `json:"sandbox,omitempty"`
	// Notes say how the run differs from the agent's own.
	Notes []string `json:"notes,omitempty"`
}

// MCPTool is one tool a server lists.
type MCPTool struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
}

// MCPServers are the project's MCP servers (and the helper commands a
// remote server runs), in Project.Hooks order.
func MCPServers(p Project) []*hooks.Hook {
	var out []*hooks.Hook
	for _, h := range p.Hooks() {
		if h.Kind == hooks.KindMCPServer {
			out = append(out, h)
		}
	}
	return out
}

// FindMCPServer is the server name names (its name or its ID): of several
// of one name, the one the agent starts. None is a *RequestError listing
// the servers there are.
func FindMCPServer(p Project, name string) (*hooks.Hook, error) {
	var found []*hooks.Hook
	for _, h := range MCPServers(p) {
		if h.ID == name {
			return h, nil
		}
		if h.Name == name {
			found = append(found, h)
		}
	}
	for _, h := range found {
		if h.Status == hooks.StatusRuns {
			return h, nil
		}
	}
	if len(found) > 0 {
		return found[len(found)-1], nil
	}
	var names []string
	for _, h := range MCPServers(p) {
		names = append(names, h.Name)
	}
	if len(names) == 0 {
		return nil, &RequestError{Msg: fmt.Sprintf("%s starts no MCP server in %s", p.Agent().Title, p.Dir())}
	}
	return nil, &RequestError{Msg: fmt.Sprintf("no MCP server %q; %s starts: %s", name, p.Agent().Title, strings.Join(names, ", "))}
}

// DryRunMCP starts the server req names the way the agent would, in the
// sandbox unless the hooks' rule lets it run for real (approved, or
// confirmed), speaks initialize and tools/list, and stops it. A remote
// server runs nothing here: its headersHelper runs in its place when it
// has one. Cancelling ctx stops the server.
func DryRunMCP(ctx context.Context, p Project, req MCPRequest) (*MCPRun, error) {
	h, err := FindMCPServer(p, req.Server)
	if err != nil {
		return nil, err
	}
	out := &MCPRun{HookID: h.ID, Label: p.Title(h), Where: where(h), Tools: []MCPTool{}}
	if req.Timeout <= 0 {
		req.Timeout = DefaultMCPTimeout
	}
	out.Timeout = req.Timeout
	starter, ok := p.(MCPStarter)
	if !ok {
		out.NotRun = p.Agent().Title + ": Hookwarden cannot start its MCP servers yet"
		return out, nil
	}
	if h.Status == hooks.StatusInvalid {
		out.NotRun = "the agent cannot start it: " + h.Reason
		return out, nil
	}
	launch, err := starter.MCPLaunch(h)
	if err != nil {
		out.NotRun = err.Error()
		return out, nil
	}
	out.Notes = append(out.Notes, launch.Notes...)
	if h.Status != hooks.StatusRuns && h.Reason != "" {
		out.Notes = append(out.Notes, p.Agent().Title+" would not start it here: "+h.Reason)
	}
	target := h
	if launch.Remote != "" {
		out.Remote = launch.Remote
		if launch.HelperID == "" {
			out.NotRun = "a remote server (" + launch.Remote + "): nothing runs on this machine to start, and Hookwarden does not connect to it"
			return out, nil
		}
		for _, x := range p.Hooks() {
			if x.ID == launch.HelperID {
				target = x
			}
		}
		if target == h {
			return nil, fmt.Errorf("the headers helper %s of %s is not in the project", launch.HelperID, h.Name)
		}
		if launch, err = starter.MCPLaunch(target); err != nil {
			out.NotRun = err.Error()
			return out, nil
		}
		out.Helper = p.Title(target)
		out.Notes = append(out.Notes, "a remote server ("+out.Remote+"): Hookwarden does not connect to it; it ran its headers helper, which "+p.Agent().Title+" runs before it connects")
	}
	review, err := p.Review(ctx)
	if err != nil {
		return nil, err
	}
	var unapproved []*hooks.Hook
	switch {
	case review.StoreError != "":
		out.NeedsReview = "Hookwarden's store cannot be read: " + review.StoreError
	default:
		for _, rv := range review.Hooks {
			if rv.HookID == target.ID && (rv.NeedsReview() || rv.RunsUnseenCode()) {
				out.NeedsReview = trustStatusWords(rv)
			}
		}
	}
	if out.NeedsReview != "" {
		unapproved = []*hooks.Hook{target}
	}
	req2 := RunRequest{Sandbox: req.Sandbox, Confirmed: req.Confirmed}
	choice := req2.Policy().Choose([]*hooks.Hook{target}, unapproved, sandbox.Prober(launch.Supervisor))
	if len(choice.Run) == 0 {
		out.Held = true
		why := "it needs review (" + out.NeedsReview + ")"
		if req.Sandbox == SandboxAlways {
			why = "the sandbox was asked for"
		}
		out.NotRun = "held back: " + why
		if choice.Unavailable != "" {
			out.NotRun += ", and " + choice.Unavailable
		}
		if req.Sandbox != SandboxAlways {
			out.NotRun += "; confirm to start it for real (--yes)"
		}
		return out, nil
	}
	out.Sandboxed = choice.Sandboxed[target]
	var check func() error
	if !out.Sandboxed && out.NeedsReview == "" {
		// As for a hook: right before it starts for real, the scripts it
		// runs must still be the approved ones.
		check = func() error { return stillApproved(ctx, p, target.ID) }
	}
	runMCP(ctx, launch, out, req.Timeout, check)
	return out, nil
}

// stillApproved reviews p again and fails when the entry id needs review
// now (a script it runs changed since the review before the run).
func stillApproved(ctx context.Context, p Project, id string) error {
	review, err := p.Review(ctx)
	if err != nil {
		return err
	}
	if review.StoreError != "" {
		return fmt.Errorf("Hookwarden's store cannot be read: %s", review.StoreError)
	}
	for _, rv := range review.Hooks {
		if rv.HookID == id && (rv.NeedsReview() || rv.RunsUnseenCode()) {
			return fmt.Errorf("it changed since its review (%s)", trustStatusWords(rv))
		}
	}
	return nil
}

// trustStatusWords is why a review does not vouch for a command.
func trustStatusWords(rv HookReview) string {
	s := string(rv.Status)
	if rv.RunsUnseenCode() {
		s += "; it runs code Hookwarden cannot see"
	}
	return s
}

func where(h *hooks.Hook) string {
	if h.Origin.File == "" {
		return string(h.Origin.Layer)
	}
	if h.Origin.Line > 0 {
		return fmt.Sprintf("%s %s:%d", h.Origin.Layer, h.Origin.File, h.Origin.Line)
	}
	return string(h.Origin.Layer) + " " + h.Origin.File
}

// runMCP starts launch and, unless it is a plain helper, speaks the MCP
// handshake with it; out gets the outcome.
func runMCP(ctx context.Context, launch *MCPLaunch, out *MCPRun, timeout time.Duration, check func() error) {
	argv := append([]string{launch.Program}, launch.Args...)
	words := make([]string, len(argv))
	for i, a := range argv {
		words[i] = ShellQuote(a)
	}
	out.Command = strings.Join(words, " ")
	spec := hooks.SpawnSpec{Program: launch.Program, Path: hooks.ResolveExecutable(launch.Program, launch.Env),
		Args: launch.Args, Env: launch.Env, Dir: launch.Dir, Timeout: timeout, NewSession: true, Check: check}
	spec.DefaultLimits()
	cfg := launch.Supervisor
	if out.Sandboxed {
		cfg.Isolate = true
		spec.Supervisor = &cfg
	} else if cfg.Init != "" {
		spec.Supervisor = &cfg
	}
	runCtx, stop := context.WithCancel(ctx)
	defer stop()
	var conv *mcpConversation
	var wg sync.WaitGroup
	if !launch.Plain {
		conv = newMCPConversation()
		spec.OnStdout = conv.feed
		spec.Converse = func(stdin *os.File) {
			defer wg.Done()
			conv.talk(runCtx, stdin, stop)
		}
		wg.Add(1)
	}
	start := time.Now()
	res := spec.Run(runCtx)
	out.Duration = time.Since(start)
	stop()
	wg.Wait()
	if res.StartErr != "" {
		out.NotRun = res.StartErr
		return
	}
	out.Ran = true
	out.Sandbox = res.Sandbox
	out.Exited, out.ExitCode, out.TimedOut = res.Exited, res.Code, res.TimedOut
	out.Stderr = string(res.Stderr)
	if launch.Plain {
		out.Stdout = string(res.Stdout)
	}
	if conv != nil {
		conv.result(out)
	}
	switch {
	case res.TimedOut && !out.Answered:
		out.Ended = fmt.Sprintf("did not answer within %s: stopped by Hookwarden", timeout)
		if out.ProtocolError == "" {
			out.ProtocolError = "no answer to initialize"
		}
	case res.TimedOut:
		out.Ended = fmt.Sprintf("still running after %s: stopped by Hookwarden", timeout)
	case conv != nil && conv.stopped.Load():
		out.Ended = "stopped by Hookwarden after its answers"
	case res.Exited:
		out.Ended = fmt.Sprintf("exited with %d", res.Code)
	case res.Signal != "":
		out.Ended = "ended by " + res.Signal
	case res.Cancelled:
		out.Ended = "cancelled"
	default:
		out.Ended = "ended"
	}
	if conv != nil && !out.Answered && out.ProtocolError == "" {
		out.ProtocolError = "it ended without answering initialize"
	}
}

// mcpMaxLine caps one message line; mcpMaxTools the tools kept; mcpPages
// the tools/list pages asked for.
const (
	mcpMaxLine  = 4 << 20
	mcpMaxTools = 500
	mcpPages    = 10
	mcpMaxNoise = 4 << 10
)

// mcpConversation is the client side of the handshake: messages read
// from the server's stdout, one a line, and the answers by request id.
type mcpConversation struct {
	mu      sync.Mutex
	line    []byte
	over    bool // the current line passed mcpMaxLine
	answers map[int64]json.RawMessage
	errs    map[int64]string
	noise   bytes.Buffer
	bad     string
	arrived chan struct{}
	// requests are requests the server sent (answered "method not found").
	requests []mcpMessage
	stopped  atomic.Bool
	// outcome, written by talk
	init      json.RawMessage
	tools     []MCPTool
	toolsMore bool
	protoErr  string
}

type mcpMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

func newMCPConversation() *mcpConversation {
	return &mcpConversation{answers: map[int64]json.RawMessage{}, errs: map[int64]string{},
		arrived: make(chan struct{}, 1)}
}

// feed takes a piece of the server's stdout (OnStdout).
func (c *mcpConversation) feed(b []byte) {
	c.mu.Lock()
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		part := b
		if i >= 0 {
			part = b[:i]
		}
		if !c.over {
			if len(c.line)+len(part) > mcpMaxLine {
				c.over, c.line = true, nil
				if c.bad == "" {
					c.bad = fmt.Sprintf("a line of more than %d bytes", mcpMaxLine)
				}
			} else {
				c.line = append(c.line, part...)
			}
		}
		if i < 0 {
			break
		}
		if !c.over {
			c.message(bytes.TrimSpace(c.line))
		}
		c.line, c.over = c.line[:0], false
		b = b[i+1:]
	}
	c.mu.Unlock()
	select {
	case c.arrived <- struct{}{}:
	default:
	}
}

// message reads one line (c.mu held).
func (c *mcpConversation) message(line []byte) {
	if len(line) == 0 {
		return
	}
	var m mcpMessage
	if err := json.Unmarshal(line, &m); err != nil || m.JSONRPC != "2.0" {
		if c.noise.Len() < mcpMaxNoise {
			c.noise.Write(line[:min(len(line), mcpMaxNoise-c.noise.Len())])
			c.noise.WriteByte('\n')
		}
		if c.bad == "" {
			c.bad = "it printed something that is not a JSON-RPC 2.0 message on stdout: " + Clip(string(line), 80)
		}
		return
	}
	var id int64
	hasID := len(m.ID) > 0 && json.Unmarshal(m.ID, &id) == nil
	switch {
	case m.Method != "" && len(m.ID) > 0:
		c.requests = append(c.requests, m)
	case m.Method != "":
		// a notification (logging, list changed): nothing to do
	case hasID && m.Error != nil:
		c.errs[id] = fmt.Sprintf("error %d: %s", m.Error.Code, m.Error.Message)
	case hasID:
		c.answers[id] = m.Result
	}
}

// await waits for the answer to request id, answering the server's own
// requests meanwhile; "" error and the result, or why there is none.
func (c *mcpConversation) await(ctx context.Context, stdin *os.File, id int64) (json.RawMessage, string) {
	for {
		c.mu.Lock()
		res, ok := c.answers[id]
		e, failed := c.errs[id]
		reqs := c.requests
		c.requests = nil
		c.mu.Unlock()
		for _, r := range reqs {
			// Hookwarden offers no client capabilities: refuse politely.
			b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": r.ID, "error": map[string]any{"code": -32601, "message": "Hookwarden's dry run offers no " + r.Method}})
			_, _ = stdin.Write(append(b, '\n'))
		}
		switch {
		case ok:
			return res, ""
		case failed:
			return nil, e
		}
		select {
		case <-c.arrived:
		case <-ctx.Done():
			return nil, "no answer"
		}
	}
}

// talk is the handshake: initialize, initialized, tools/list (following
// its pages), then stdin is closed; a server that has not exited a moment
// later is stopped (stop).
func (c *mcpConversation) talk(ctx context.Context, stdin *os.File, stop func()) {
	send := func(v map[string]any) bool {
		v["jsonrpc"] = "2.0"
		b, _ := json.Marshal(v)
		_, err := stdin.Write(append(b, '\n'))
		return err == nil
	}
	var id int64 = 1
	if !send(map[string]any{"id": id, "method": "initialize", "params": map[string]any{
		"protocolVersion": MCPProtocolVersion, "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "hookwarden-dry-run", "version": "1"}}}) {
		c.protoErr = "it did not read its stdin"
		return
	}
	res, e := c.await(ctx, stdin, id)
	if e != "" {
		c.protoErr = "initialize: " + e
		return
	}
	c.init = res
	send(map[string]any{"method": "notifications/initialized"})
	var cursor any
	for page := 0; page < mcpPages; page++ {
		id++
		params := map[string]any{}
		if cursor != nil {
			params["cursor"] = cursor
		}
		if !send(map[string]any{"id": id, "method": "tools/list", "params": params}) {
			c.protoErr = "tools/list: it stopped reading its stdin"
			break
		}
		res, e := c.await(ctx, stdin, id)
		if e != "" {
			c.protoErr = "tools/list: " + e
			break
		}
		var list struct {
			Tools      []MCPTool `json:"tools"`
			NextCursor any       `json:"nextCursor"`
		}
		if err := json.Unmarshal(res, &list); err != nil {
			c.protoErr = "tools/list: an answer that is not a tool list: " + err.Error()
			break
		}
		for _, t := range list.Tools {
			if len(c.tools) >= mcpMaxTools {
				c.toolsMore = true
				break
			}
			c.tools = append(c.tools, t)
		}
		if cursor = list.NextCursor; cursor == nil || cursor == "" || c.toolsMore {
			break
		}
		if page == mcpPages-1 {
			c.toolsMore = true
		}
	}
	stdin.Close()
	t := time.NewTimer(mcpLinger)
	defer t.Stop()
	select {
	case <-t.C:
		c.stopped.Store(true)
		stop()
	case <-ctx.Done():
	}
}

// result copies the outcome into out (after talk returned).
func (c *mcpConversation) result(out *MCPRun) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.init != nil {
		var init struct {
			ProtocolVersion string `json:"protocolVersion"`
			ServerInfo      struct {
				Name    string `json:"name"`
				Version string `json:"version"`
			} `json:"serverInfo"`
			Instructions string `json:"instructions"`
		}
		if err := json.Unmarshal(c.init, &init); err != nil {
			c.protoErr = "initialize: an answer that is not an initialize result: " + err.Error()
		} else {
			out.Answered = true
			out.Server, out.Version, out.Protocol, out.Instructions = init.ServerInfo.Name, init.ServerInfo.Version, init.ProtocolVersion, init.Instructions
		}
	}
	out.Tools = append(out.Tools, c.tools...)
	out.ToolsMore = c.toolsMore
	out.ProtocolError = c.protoErr
	if c.bad != "" {
		if out.ProtocolError != "" {
			out.ProtocolError += "; "
		}
		out.ProtocolError += c.bad
	}
	out.Stdout = c.noise.String()
}

// Summary is the run in one line, as `run --mcp` prints it first.
func (r *MCPRun) Summary() string {
	switch {
	case !r.Ran:
		return "not started: " + r.NotRun
	case r.Helper != "":
		return fmt.Sprintf("ran its headers helper (%s), %s", Milliseconds(r.Duration), r.Ended)
	case r.Answered:
		name := r.Server
		if r.Version != "" {
			name += " " + r.Version
		}
		return fmt.Sprintf("answered as %s (MCP %s) with %d tool(s), %s; %s", name, r.Protocol, len(r.Tools), Milliseconds(r.Duration), r.Ended)
	}
	return "no MCP answer (" + r.ProtocolError + "); " + r.Ended
}
