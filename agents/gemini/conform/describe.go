package main

import (
	"sort"
	"strings"
	"unicode/utf16"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// describe renders a run as the oracle's result object.
func describe(plan *gemini.Plan, out gemini.Outcome) *hooks.Object {
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
	o.Set("source", string(gemini.FactsOf(h).Source))
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
func snapshotFor(c *hooks.Object, cwd string, trusted bool) *gemini.Snapshot {
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
	state := gemini.FolderUntrusted
	if trusted {
		state = gemini.FolderTrusted
	}
	return &gemini.Snapshot{
		ProjectDir: cwd,
		Layers: []*settingsio.File{
			{Layer: settingsio.LayerSystemDefaults},
			user,
			{Layer: settingsio.LayerWorkspace},
			{Layer: settingsio.LayerSystem},
		},
		FolderTrust: gemini.FolderTrust{State: state},
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
		keys := sortedKeys(x)
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

func sortedKeys(o *hooks.Object) []string {
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
