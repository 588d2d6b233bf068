package gemini

// The conformance adapter's case runner (agents/gemini/conform is its
// command, the --impl of the kit's run-oracle.sh): a case's files, settings
// and payload run through this package's registry, planner, runner and
// aggregator, and the result is printed as the kit's oracle.mjs prints
// Gemini CLI's own.

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode/utf16"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/settingsio"
)

const (
	sessionID = "11111111-2222-4333-8444-555555555555"
	longLimit = 65536
)

// RunConformanceCase runs the conformance kit's case in path
// (../shared/conformance) with env as the process environment and returns
// the canonical result (sorted keys, 2-space indent, newline).
func RunConformanceCase(ctx context.Context, path string, env []string) ([]byte, error) {
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
	if !validEvent(event) {
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
	reg := build(snap)
	var pctx *hooks.PlanContext
	if cv, ok := c.Value("context").(*hooks.Object); ok {
		pctx = &hooks.PlanContext{ToolName: str(cv.Value("toolName")), Trigger: str(cv.Value("trigger"))}
	}
	now := time.Now()
	timestamp := timestampString(now)
	fields, _ := c.Value("input").(*hooks.Object)
	input := newInput(inputBase{
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
	runner := &runner{
		Env:          env,
		Sanitization: sanitizationOf(c.Value("sanitization")),
		PlansDir:     filepath.Join(cwd, ".gemini", "plans"),
		Isolation:    isolationFor(env, cwd),
	}
	out := runner.Run(ctx, request{Plan: plan, Input: input, FolderTrusted: trustedAtRun})
	if out.Aborted != "" {
		return nil, "", fmt.Errorf("the reference would throw: %s", out.Aborted)
	}
	return describe(plan, out), timestamp, nil
}

func sanitizationOf(v hooks.Value) sanitization {
	o, _ := v.(*hooks.Object)
	var s sanitization
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

// describe renders a run as the oracle's result object.
func describe(plan *agents.Plan, out outcome) *hooks.Object {
	result := hooks.NewObject(3)
	p := hooks.NewObject(2)
	p.Set("sequential", plan.Sequential)
	hs := make([]hooks.Value, len(plan.Hooks))
	for i, h := range plan.Hooks {
		hs[i] = hookDesc(h)
	}
	p.Set("hooks", hs)
	result.Set("plan", p)

	rs := make([]hooks.Value, len(out.Results))
	for i := range out.Results {
		r := &out.Results[i]
		o := hookDesc(r.Hook)
		o.Set("success", r.Success)
		o.Set("exitCode", nullUnless(r.HasExitCode, float64(r.ExitCode)))
		o.Set("outputFormat", nullUnless(r.OutputFormat != "", r.OutputFormat))
		o.Set("output", r.Output)
		o.Set("stdout", nullUnless(r.HasStreams, r.Stdout))
		o.Set("stderr", nullUnless(r.HasStreams, r.Stderr))
		o.Set("error", nullUnless(r.Error != "", r.Error))
		rs[i] = o
	}
	result.Set("results", rs)

	agg := hooks.NewObject(3)
	agg.Set("success", out.Aggregated.Success)
	if out.Aggregated.FinalOutput != nil {
		agg.Set("finalOutput", out.Aggregated.FinalOutput)
	} else {
		agg.Set("finalOutput", nil)
	}
	errs := make([]hooks.Value, len(out.Aggregated.Errors))
	for i, e := range out.Aggregated.Errors {
		errs[i] = e
	}
	agg.Set("errors", errs)
	result.Set("aggregated", agg)
	return result
}

func nullUnless(ok bool, v hooks.Value) hooks.Value {
	if !ok {
		return nil
	}
	return v
}

// hookDesc is the oracle's desc(h): name, command and source as the hook
// config holds them (null when absent).
func hookDesc(h *hooks.Hook) *hooks.Object {
	o := hooks.NewObject(3)
	o.Set("name", configField(h, "name", h.Name))
	o.Set("command", configField(h, "command", h.Command))
	o.Set("source", string(FactsOf(h).Source))
	return o
}

func configField(h *hooks.Hook, key, parsed string) hooks.Value {
	if h.Node == nil {
		return nullUnless(parsed != "", parsed)
	}
	n := h.Node.Get(key)
	if n == nil {
		return nil
	}
	return nodeValue(n)
}

// nodeValue converts a settings node to a Value, keeping key order.
func nodeValue(n *settingsio.Node) hooks.Value {
	switch n.Kind {
	case settingsio.Bool:
		return n.Bool
	case settingsio.Number:
		return n.Number
	case settingsio.String:
		return n.Str
	case settingsio.Array:
		out := make([]hooks.Value, len(n.Items))
		for i, it := range n.Items {
			out[i] = nodeValue(it)
		}
		return out
	case settingsio.Object:
		o := hooks.NewObject(len(n.Members))
		for _, m := range n.Members {
			o.Set(m.Key, nodeValue(m.Value))
		}
		return o
	}
	return nil
}

// valueNode converts a Value to a settings node (no positions; Str = Raw,
// as the oracle hands the case's hooks to Gemini without env expansion).
func valueNode(v hooks.Value) *settingsio.Node {
	switch x := v.(type) {
	case bool:
		return &settingsio.Node{Kind: settingsio.Bool, Bool: x}
	case float64:
		return &settingsio.Node{Kind: settingsio.Number, Number: x, Raw: settingsio.FormatJSNumber(x)}
	case string:
		return &settingsio.Node{Kind: settingsio.String, Str: x, Raw: x}
	case []hooks.Value:
		n := &settingsio.Node{Kind: settingsio.Array}
		for _, e := range x {
			n.Items = append(n.Items, valueNode(e))
		}
		return n
	case *hooks.Object:
		n := &settingsio.Node{Kind: settingsio.Object}
		for _, k := range x.Keys() {
			n.Members = append(n.Members, settingsio.Member{Key: k, Value: valueNode(x.Value(k))})
		}
		return n
	}
	return &settingsio.Node{Kind: settingsio.Null}
}

// snapshotFor builds a snapshot with the case's hooks and hooksConfig.disabled
// in the user settings layer.
func snapshotFor(c *hooks.Object, cwd string, trusted bool) *Project {
	root := hooks.NewObject(2)
	if hv, ok := c.Get("hooks"); ok {
		root.Set("hooks", hv)
	} else {
		root.Set("hooks", hooks.NewObject(0))
	}
	hc := hooks.NewObject(1)
	if d, ok := c.Get("disabled"); ok {
		hc.Set("disabled", d)
	} else {
		hc.Set("disabled", []hooks.Value{})
	}
	root.Set("hooksConfig", hc)
	user := &settingsio.File{Layer: settingsio.LayerUser, Path: "case.json", Exists: true,
		Raw: hooks.AppendJSON(nil, root), Root: valueNode(root)}
	state := folderUntrusted
	if trusted {
		state = FolderTrusted
	}
	return &Project{
		ProjectDir: cwd,
		Settings: []*settingsio.File{
			{Layer: settingsio.LayerSystemDefaults},
			user,
			{Layer: settingsio.LayerWorkspace},
			{Layer: settingsio.LayerSystem},
		},
		FolderTrust: FolderTrust{State: state},
	}
}

// render prints v as canon.mjs does: keys sorted (integer-like keys first,
// as JavaScript objects order them), 2-space indent, trailing newline.
func render(v hooks.Value) []byte {
	var b strings.Builder
	writeIndented(&b, v, "")
	b.WriteByte('\n')
	return []byte(b.String())
}

func writeIndented(b *strings.Builder, v hooks.Value, indent string) {
	switch x := v.(type) {
	case []hooks.Value:
		if len(x) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, e := range x {
			b.WriteString(indent + "  ")
			writeIndented(b, e, indent+"  ")
			if i < len(x)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
	case *hooks.Object:
		keys := conformSortedKeys(x)
		if len(keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, k := range keys {
			b.WriteString(indent + "  ")
			b.Write(hooks.AppendJSON(nil, k))
			b.WriteString(": ")
			writeIndented(b, x.Value(k), indent+"  ")
			if i < len(keys)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
	default:
		b.Write(hooks.AppendJSON(nil, v))
	}
}

func conformSortedKeys(o *hooks.Object) []string {
	keys := append([]string(nil), o.Keys()...)
	sort.SliceStable(keys, func(i, j int) bool {
		ai, bi := isIndex(keys[i]), isIndex(keys[j])
		if ai != bi {
			return ai
		}
		if ai {
			return false // Keys already orders them numerically
		}
		return less16(keys[i], keys[j])
	})
	return keys
}

func isIndex(k string) bool {
	probe := hooks.NewObject(2)
	probe.Set("x", nil)
	probe.Set(k, nil)
	return probe.Keys()[0] == k && k != "x"
}

func less16(a, b string) bool {
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			return ua[i] < ub[i]
		}
	}
	return len(ua) < len(ub)
}
