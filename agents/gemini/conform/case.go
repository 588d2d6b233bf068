package main

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/settingsio"
)

const (
	sessionID = "11111111-2222-4333-8444-555555555555"
	longLimit = 65536
)

// runCaseFile runs the case in path with env as the process environment
// and returns the canonical result (sorted keys, 2-space indent, newline).
func runCaseFile(ctx context.Context, path string, env []string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading case: %w", err)
	}
	v, err := hooks.ParseJSON(hooks.DecodeUTF8(data))
	if err != nil {
		return nil, fmt.Errorf("parsing case: %w", err)
	}
	c, ok := v.(*hooks.Object)
	if !ok {
		return nil, fmt.Errorf("case must be a JSON object")
	}
	event := hooks.Event(str(c.Value("event")))
	if !gemini.ValidEvent(event) {
		return nil, fmt.Errorf("unknown event %q", event)
	}
	cwdName := "project"
	if s, ok := c.Value("cwdName").(string); ok && s != "" {
		cwdName = s
	}
	if strings.Contains(cwdName, "/") || cwdName == "." || cwdName == ".." {
		return nil, fmt.Errorf("cwdName must be a single path segment")
	}
	tmp, err := os.MkdirTemp("", "hwc-")
	if err != nil {
		return nil, fmt.Errorf("creating project folder: %w", err)
	}
	base, err := filepath.EvalSymlinks(tmp)
	if err != nil {
		return nil, fmt.Errorf("resolving %s: %w", tmp, err)
	}
	if os.Getenv("ORACLE_KEEP") != "1" {
		defer os.RemoveAll(base)
	}
	cwd := filepath.Join(base, cwdName)
	if err := os.MkdirAll(cwd, 0o755); err != nil {
		return nil, fmt.Errorf("creating %s: %w", cwd, err)
	}
	if err := writeFiles(cwd, c.Value("files")); err != nil {
		return nil, err
	}
	out, timestamp, err := runCase(ctx, c, event, cwd, applyProcessEnv(env, c.Value("processEnv")))
	if err != nil {
		return nil, err
	}
	subst := [][2]string{{cwd, "$CWD"}, {base, "$TMPBASE"}, {timestamp, "$TIMESTAMP"}}
	return render(canon(out, subst)), nil
}

func str(v hooks.Value) string {
	s, _ := v.(string)
	return s
}

var scriptFile = regexp.MustCompile(`\.(sh|py)$`)

func writeFiles(cwd string, files hooks.Value) error {
	fs, ok := files.(*hooks.Object)
	if !ok {
		return nil
	}
	for _, rel := range fs.Keys() {
		if filepath.IsAbs(rel) || containsDotDot(rel) {
			return fmt.Errorf("file path must stay inside the project: %s", rel)
		}
		p := filepath.Join(cwd, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("creating folder for %s: %w", rel, err)
		}
		content := hooks.WellFormed(hooks.ToJSString(fs.Value(rel)))
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", rel, err)
		}
		if scriptFile.MatchString(rel) {
			if err := os.Chmod(p, 0o755); err != nil {
				return fmt.Errorf("making %s executable: %w", rel, err)
			}
		}
	}
	return nil
}

func containsDotDot(rel string) bool {
	for _, part := range strings.FieldsFunc(rel, func(r rune) bool { return r == '/' || r == '\\' }) {
		if part == ".." {
			return true
		}
	}
	return false
}

// applyProcessEnv applies {"K": "V" | null} to env.
func applyProcessEnv(env []string, pe hooks.Value) settingsio.Env {
	out := settingsio.Env(append([]string(nil), env...))
	o, ok := pe.(*hooks.Object)
	if !ok {
		return out
	}
	for _, k := range o.Keys() {
		v := o.Value(k)
		kept := out[:0:0]
		for _, kv := range out {
			if name, _, _ := strings.Cut(kv, "="); name != k {
				kept = append(kept, kv)
			}
		}
		out = kept
		if v != nil {
			out = append(out, k+"="+hooks.ToJSString(v))
		}
	}
	return out
}

func runCase(ctx context.Context, c *hooks.Object, event hooks.Event, cwd string, env settingsio.Env) (*hooks.Object, string, error) {
	trustedAtLoad := c.Value("trustedFolder") != false
	trustedAtRun := trustedAtLoad
	if b, ok := c.Value("trustedFolderAtRun").(bool); ok {
		trustedAtRun = b
	}
	snap := snapshotFor(c, cwd, trustedAtLoad)
	reg := gemini.Build(snap)
	var pctx *hooks.PlanContext
	if cv, ok := c.Value("context").(*hooks.Object); ok {
		pctx = &hooks.PlanContext{ToolName: str(cv.Value("toolName")), Trigger: str(cv.Value("trigger"))}
	}
	now := time.Now()
	timestamp := gemini.TimestampString(now)
	fields, _ := c.Value("input").(*hooks.Object)
	input := gemini.NewInput(gemini.InputBase{
		SessionID:      sessionID,
		TranscriptPath: filepath.Join(cwd, ".gemini", "chats", "session.json"),
		Cwd:            cwd,
		Event:          event,
		Timestamp:      now,
	}, fields)

	plan := reg.Plan(event, pctx)
	result := hooks.NewObject(3)
	if plan == nil {
		result.Set("plan", nil)
		result.Set("results", []hooks.Value{})
		agg := hooks.NewObject(3)
		agg.Set("success", true)
		agg.Set("finalOutput", nil)
		agg.Set("errors", []hooks.Value{})
		result.Set("aggregated", agg)
		return result, timestamp, nil
	}
	runner := &gemini.Runner{
		Env:          env,
		Sanitization: sanitizationOf(c.Value("sanitization")),
		PlansDir:     filepath.Join(cwd, ".gemini", "plans"),
		Isolation:    isolationFor(env, cwd),
	}
	out := runner.Run(ctx, gemini.Request{Plan: plan, Input: input, FolderTrusted: trustedAtRun})
	if out.Aborted != "" {
		return nil, "", fmt.Errorf("the reference would throw: %s", out.Aborted)
	}
	return describe(plan, out), timestamp, nil
}

func sanitizationOf(v hooks.Value) gemini.Sanitization {
	o, _ := v.(*hooks.Object)
	var s gemini.Sanitization
	s.Allowed = strings1(o.Value("allowedEnvironmentVariables"))
	s.Blocked = strings1(o.Value("blockedEnvironmentVariables"))
	s.Enabled = hooks.Truthy(o.Value("enableEnvironmentVariableRedaction"))
	return s
}

func strings1(v hooks.Value) []string {
	a, _ := v.([]hooks.Value)
	out := make([]string, 0, len(a))
	for _, e := range a {
		out = append(out, hooks.ToJSString(e))
	}
	return out
}

// canon replaces volatile substrings, shortens huge strings and sorts keys.
func canon(v hooks.Value, subst [][2]string) hooks.Value {
	switch x := v.(type) {
	case string:
		for _, s := range subst {
			if s[0] != "" {
				x = strings.ReplaceAll(x, s[0], s[1])
			}
		}
		if hooks.UTF16Len(x) > longLimit {
			sum := sha256.Sum256([]byte(hooks.WellFormed(x)))
			x = fmt.Sprintf("$LONG(len=%d,sha256=%x)", hooks.UTF16Len(x), sum)
		}
		return x
	case []hooks.Value:
		out := make([]hooks.Value, len(x))
		for i, e := range x {
			out[i] = canon(e, subst)
		}
		return out
	case *hooks.Object:
		out := hooks.NewObject(x.Len())
		for _, k := range x.Keys() {
			ck := canon(k, subst).(string)
			if ck == "__proto__" {
				// oracle.mjs assigns out[k] = …, which for __proto__ sets
				// the prototype (or is ignored): the key never shows.
				continue
			}
			out.Set(ck, canon(x.Value(k), subst))
		}
		return out
	}
	return v
}

// isolationFor reads HOOKWARDEN_CONFORM_ISOLATION: "" (hooks start
// directly), "supervised", or "sandbox" (every hook in the sandbox, with
// the case's home and project overlaid).
func isolationFor(env settingsio.Env, cwd string) hooks.Isolation {
	mode := env.Get("HOOKWARDEN_CONFORM_ISOLATION")
	if mode == "" {
		return hooks.Isolation{}
	}
	self, _ := os.Executable()
	iso := hooks.Isolation{Supervisor: sandbox.Config{Init: self, Home: env.Get("HOME"), Project: cwd}}
	if mode == "sandbox" {
		iso.Sandboxed = func(*hooks.Hook) bool { return true }
	}
	return iso
}
