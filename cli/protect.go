package cli

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/safetext"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// maxToolPayload bounds the PreToolUse payload protect-check reads.
const maxToolPayload = 16 << 20

// protectIDName is the file in Hookwarden's folder that keeps the
// protective hook's token: a random word, made at the first `protect on`,
// that ends the hook's command line. Gemini CLI switches off a hook whose
// exact command a settings file lists in hooksConfig.disabled, and a
// workspace's settings can list one; with the token, no public repository
// can name the user's protective hook. protect-check ignores it.
const protectIDName = "protect-id"

// protectID is the protective hook's token ("" when none was made yet
// and create is false: a hook installed before tokens existed).
func (io *IO) protectID(create bool) (string, error) {
	dir, err := trust.StoreDirFromEnv(io.Env, io.GOOS)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, protectIDName)
	b, err := os.ReadFile(path)
	switch {
	case err == nil:
		id := strings.TrimSpace(string(b))
		if !validProtectID(id) {
			return "", fmt.Errorf("%s: not a token Hookwarden wrote; remove it and run hookwarden protect on again", path)
		}
		return id, nil
	case !errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("reading the protective hook's token: %w", err)
	case !create:
		return "", nil
	}
	raw := make([]byte, 16)
	if _, err := rand.Read(raw); err != nil {
		return "", err
	}
	id := hex.EncodeToString(raw)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	if err := settingsio.WriteFileAtomic(path, []byte(id+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("writing the protective hook's token: %w", err)
	}
	return id, nil
}

// validProtectID reports whether id is a token protectID makes: 32
// lowercase hex digits (safe in any shell without quoting).
func validProtectID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for _, c := range id {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// protectCommand is the command line of the protective hook for agent,
// ending in the user's token (protectID; create makes one when there is
// none).
func (io *IO) protectCommand(agent agents.Agent, create bool) (string, error) {
	id, err := io.protectID(create)
	if err != nil {
		return "", err
	}
	cmd, err := io.protectBaseCommand(agent)
	if err != nil || id == "" {
		return cmd, err
	}
	return cmd + " --id " + id, nil
}

// protectBaseCommand is the protective hook's command without the token.
func (io *IO) protectBaseCommand(agent agents.Agent) (string, error) {
	self := io.Init
	if self == "" {
		exe, err := os.Executable()
		if err != nil {
			return "", fmt.Errorf("locating the hookwarden binary for the protective hook: %w", err)
		}
		self = exe
	}
	return agents.ShellQuote(self) + " protect-check --agent " + agents.ShellQuote(agent.Info().Name), nil
}

// runProtect is `hookwarden protect on|off|status --agent A`: a user-level
// hook of the agent that denies its own tool calls writing to approved
// hook files, their scripts or the agents' settings (agents.Protector).
func runProtect(ctx context.Context, io *IO, agent agents.Agent, args []string) error {
	fs := newFlags("protect")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return usagef("protect needs on, off or status")
	}
	p, ok := agent.(agents.Protector)
	if !ok {
		return agents.NotSupported("protect", agent.Info().Title+" has no hook that can deny its own tool calls, or Hookwarden does not write one for it yet")
	}
	command, err := io.protectCommand(agent, rest[0] == "on")
	if err != nil {
		return err
	}
	env := io.agentEnv()
	// A hook installed before tokens existed runs the command without
	// one: a workspace's settings can name it (Gemini CLI's
	// hooksConfig.disabled). on replaces it, off removes it too, status
	// says it is there.
	legacy := ""
	if base, err := io.protectBaseCommand(agent); err == nil && base != command {
		if st, err := agents.ProtectStatus(env, p, base); err == nil && anyOn(st) {
			legacy = base
		}
	}
	switch rest[0] {
	case "on":
		if legacy != "" {
			notes, err := agents.ProtectOff(env, agent.Info().Name, p, legacy)
			for _, n := range notes {
				printf(io.Stdout, "%s\n", n)
			}
			if err != nil {
				return fmt.Errorf("removing the protective hook installed before tokens (a project's settings could name it): %w", err)
			}
		}
		notes, err := agents.ProtectOn(env, agent.Info().Name, p, command)
		for _, n := range notes {
			printf(io.Stdout, "%s\n", n)
		}
		if err != nil {
			return err
		}
		printf(io.Stdout, "%s now asks Hookwarden before each tool call that writes a file: a write to an approved hook file, a script an approved hook runs or the settings is denied (hookwarden protect off removes it)\n", agent.Info().Title)
	case "off":
		notes, err := agents.ProtectOff(env, agent.Info().Name, p, command)
		for _, n := range notes {
			printf(io.Stdout, "%s\n", n)
		}
		if err == nil && legacy != "" {
			notes, err = agents.ProtectOff(env, agent.Info().Name, p, legacy)
			for _, n := range notes {
				printf(io.Stdout, "%s\n", n)
			}
		}
		return err
	case "status":
		st, err := agents.ProtectStatus(env, p, command)
		if err != nil {
			return err
		}
		for _, f := range st.Files {
			state := "off"
			switch {
			case f.Err != nil:
				state = "unknown: " + f.Err.Error()
			case f.On:
				state = "on"
			}
			printf(io.Stdout, "%s: %s\n", f.Path, state)
		}
		if legacy != "" {
			st, _ := agents.ProtectStatus(env, p, legacy)
			for _, f := range st.Files {
				if f.On {
					printf(io.Stdout, "%s: a protective hook installed before tokens: a project's settings can name it to switch it off (hookwarden protect on replaces it)\n", f.Path)
				}
			}
		}
		off := legacy != ""
		if pr, err := io.open(ctx, agent, ""); err != nil {
			printf(io.Stdout, "whether this project switches it off: unknown (%v)\n", err)
			off = true
		} else {
			off = len(reportSwitchOffs(io, agents.ProjectSwitchOffs(pr))) > 0 || off
			// The agent's own reading of this folder: a protective hook that
			// it does not run here (a folder it does not trust, where it
			// registers no hooks at all) protects nothing here. Said, not
			// failed: the hook is installed, and a write there is caught by
			// the fingerprints before the hooks can run (once trusted).
			for _, h := range pr.Hooks() {
				if (h.Command == command || legacy != "" && h.Command == legacy) && h.Status != hooks.StatusRuns {
					printf(io.Stdout, "in %s the protective hook does not run: %s (%s); a tool call may write an approved hook file here, which audit and exec then report by its fingerprint\n",
						pr.Dir(), h.Status, h.Reason)
				}
			}
		}
		if !st.On() || off {
			return &ExitError{Code: ExitNeedsReview}
		}
	default:
		return usagef("protect needs on, off or status, not %q", rest[0])
	}
	return nil
}

// anyOn reports whether a file of st holds the entries.
func anyOn(st agents.ProtectState) bool {
	for _, f := range st.Files {
		if f.On {
			return true
		}
	}
	return false
}

// runProtectCheck is the protective hook itself: it reads the agent's
// PreToolUse payload on stdin and denies, in the agent's words, a tool
// call that writes (or, for a shell command, names) a protected file. It
// fails closed: a payload it cannot read or a project it cannot review
// denies the call.
func runProtectCheck(ctx context.Context, io *IO, agent agents.Agent, args []string) error {
	fs := newFlags("protect-check")
	fs.String("id", "", "the user's token (protectID): names the hook, checked by nothing")
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	p, ok := agent.(agents.Protector)
	if !ok {
		return agents.NotSupported("protect-check", agent.Info().Title+" has no protective hook")
	}
	deny := func(reason string) error {
		out, code := p.Deny(reason)
		if _, err := io.Stdout.Write(out); err != nil {
			return err
		}
		if code != 0 {
			return &ExitError{Code: code}
		}
		return nil
	}
	payload, err := readAtMost(io.Stdin, maxToolPayload)
	if err != nil {
		return deny("Hookwarden could not read this tool call (" + err.Error() + "), so it denies it")
	}
	call, err := p.ToolCall(payload)
	if err != nil {
		return deny("Hookwarden could not read this tool call (" + err.Error() + "), so it denies it")
	}
	if len(call.Writes) == 0 && call.Command == "" {
		return nil
	}
	cwd := call.Cwd
	if cwd == "" || !filepath.IsAbs(cwd) {
		cwd = io.Dir
	}
	project := io.projectDir(cwd)
	command, err := io.protectCommand(agent, false)
	if err != nil {
		return deny(err.Error())
	}
	env := io.agentEnv()
	var extra []string
	if edits, err := p.ProtectEdits(env, command); err == nil {
		for _, e := range edits {
			extra = append(extra, e.Path)
		}
	}
	if dir, err := trust.StoreDirFromEnv(io.Env, io.GOOS); err == nil {
		extra = append(extra, dir+string(filepath.Separator))
	}
	prot, err := agents.ProtectedFiles(ctx, io.Agents, env, project, extra...)
	if err != nil {
		return deny("Hookwarden could not check which hook files this call may change (" + err.Error() + "), so it denies it")
	}
	const why = "; approved hooks must not change behind the review: make this change yourself outside the agent, then review it (hookwarden audit)"
	for _, w := range call.Writes {
		if f, ok := prot.Covers(cwd, w); ok {
			return deny("Hookwarden protects " + f + ": it is an agent's hook or settings file, or a script an approved hook runs" + why)
		}
	}
	if call.Command != "" {
		f, ok := prot.Named(call.Command, cwd, io.home())
		if !ok && call.Dir != "" {
			f, ok = prot.Named(call.Command, call.Dir, io.home()) // names relative to the folder it runs in
		}
		if ok {
			return deny("Hookwarden protects " + f + " (an agent's hook or settings file, or a script an approved hook runs), and this shell command names it; what a shell command writes cannot be told before it runs" + why)
		}
	}
	return nil
}

// reportSwitchOffs says on stderr, with file:line, every setting of the
// project p that switches off a user-level hook of Hookwarden's
// (agents.UserHookSwitches), and returns them.
func reportSwitchOffs(io *IO, offs []agents.SwitchOff) []agents.SwitchOff {
	for _, o := range offs {
		printf(io.Stderr, "hookwarden: %s\n", switchOffText(o))
	}
	return offs
}

// switchOffText says what o switches off and where, on one line.
func switchOffText(o agents.SwitchOff) string {
	return fmt.Sprintf("%s is switched off by %s:%d: %s; a project that switches off your own guard needs review",
		o.What(), safetext.Line(o.File), o.Line, safetext.Line(o.Setting))
}

// readAtMost reads r to its end, refusing more than n bytes.
func readAtMost(r io.Reader, n int64) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, n+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > n {
		return nil, fmt.Errorf("more than %d bytes", n)
	}
	return b, nil
}
