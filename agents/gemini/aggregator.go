package gemini

import (
	"sort"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
)

// Aggregated is HookAggregator.aggregateResults' value.
type Aggregated struct {
	// Success is true when no result carries an error (a hook that exits 2
	// fails but leaves Success true).
	Success bool `json:"success"`
	// FinalOutput is the merged output as Gemini CLI's output class holds
	// it (only continue, stopReason, suppressOutput, systemMessage,
	// decision, reason, hookSpecificOutput; undefined ones absent), nil when
	// no hook produced output.
	FinalOutput *hooks.Object `json:"finalOutput"`
	// Errors are the error messages of the results, in plan order.
	Errors []string `json:"errors"`
	// TotalDuration is the sum of the results' durations.
	TotalDuration time.Duration `json:"totalDurationMs"`
	// Strategy names the merge strategy used for the event.
	Strategy Strategy `json:"strategy"`
}

// Strategy is one of the aggregator's merge strategies.
type Strategy string

// The four strategies.
const (
	StrategyOrDecision       Strategy = "or-decision"
	StrategyFieldReplacement Strategy = "field-replacement"
	StrategyToolSelection    Strategy = "tool-selection-union"
	StrategySimpleMerge      Strategy = "simple-merge"
)

// StrategyFor returns the aggregator's strategy for an event.
func StrategyFor(e hooks.Event) Strategy {
	switch e {
	case hooks.BeforeTool, hooks.AfterTool, hooks.BeforeAgent, hooks.AfterAgent, hooks.SessionStart:
		return StrategyOrDecision
	case hooks.BeforeModel, hooks.AfterModel:
		return StrategyFieldReplacement
	case hooks.BeforeToolSelection:
		return StrategyToolSelection
	}
	return StrategySimpleMerge
}

// outputFields are DefaultHookOutput's fields, in declaration order: the
// only fields the final output keeps.
var outputFields = []string{"continue", "stopReason", "suppressOutput", "systemMessage", "decision", "reason", "hookSpecificOutput"}

// Aggregate merges results as HookAggregator does for event. It returns an
// error (with the TypeError text V8 would give) when the reference code
// would throw, which Gemini CLI turns into a failed event with that error
// and no output; Aggregate then returns that value.
func Aggregate(event hooks.Event, results []Result) (Aggregated, error) {
	agg := Aggregated{Strategy: StrategyFor(event), Errors: []string{}}
	var outputs []hooks.Value
	for i := range results {
		r := &results[i]
		agg.TotalDuration += r.Duration
		if r.Error != "" {
			agg.Errors = append(agg.Errors, r.Error)
		}
		if r.Output != nil {
			outputs = append(outputs, r.Output)
		}
	}
	agg.Success = len(agg.Errors) == 0
	if len(outputs) == 0 {
		return agg, nil
	}
	merged, err := MergeOutputs(event, outputs)
	if err != nil {
		return Aggregated{Strategy: agg.Strategy, Errors: []string{err.Error()}, TotalDuration: agg.TotalDuration}, err
	}
	final := hooks.NewObject(len(outputFields))
	for _, k := range outputFields {
		if v, ok := merged.Get(k); ok {
			final.Set(k, v)
		}
	}
	agg.FinalOutput = final
	return agg, nil
}

// MergeOutputs is HookAggregator.mergeOutputs for a non-empty list of
// outputs (objects or arrays).
func MergeOutputs(event hooks.Event, outputs []hooks.Value) (*hooks.Object, error) {
	switch StrategyFor(event) {
	case StrategyOrDecision:
		return mergeOrDecision(outputs)
	case StrategyFieldReplacement:
		return mergeFieldReplacement(outputs), nil
	case StrategyToolSelection:
		return mergeToolSelection(outputs)
	}
	merged := hooks.NewObject(4)
	for _, o := range outputs {
		hooks.SpreadInto(merged, o)
	}
	return merged, nil
}

// field reads output[key] (outputs are objects or arrays).
func field(o hooks.Value, key string) hooks.Value {
	v, _ := hooks.Property(o, key)
	return v
}

func mergeOrDecision(outputs []hooks.Value) (*hooks.Object, error) {
	merged := hooks.NewObject(8)
	merged.Set("continue", true)
	merged.Set("suppressOutput", false)
	var stopReasons, reasons, systemMessages, contexts []string
	hasBlock, hasAsk, hasContinueFalse := false, false, false
	var hso *hooks.Object // merged.hookSpecificOutput, nil while undefined
	for _, out := range outputs {
		if c, ok := field(out, "continue").(bool); ok && !c {
			hasContinueFalse = true
			merged.Set("continue", false)
			if sr := field(out, "stopReason"); hooks.Truthy(sr) {
				stopReasons = append(stopReasons, hooks.ToJSString(sr))
			}
		}
		decision := field(out, "decision")
		switch decision {
		case "block", "deny":
			hasBlock = true
			merged.Set("decision", decision)
		case "ask":
			hasAsk = true
			if !hasBlock {
				merged.Set("decision", decision)
			}
		}
		if r := field(out, "reason"); hooks.Truthy(r) {
			reasons = append(reasons, hooks.ToJSString(r))
		}
		if m := field(out, "systemMessage"); hooks.Truthy(m) {
			systemMessages = append(systemMessages, hooks.ToJSString(m))
		}
		if hooks.Truthy(field(out, "suppressOutput")) {
			merged.Set("suppressOutput", true)
		}
		specific := field(out, "hookSpecificOutput")
		if cc, _ := hooks.Property(specific, "clearContext"); cc == true {
			next := hooks.NewObject(hso.Len() + 1)
			hooks.SpreadInto(next, hso)
			next.Set("clearContext", true)
			hso = next
		}
		if hooks.Truthy(specific) {
			rest := hooks.NewObject(4)
			hooks.SpreadInto(rest, specific)
			rest.Delete("clearContext")
			next := hooks.NewObject(hso.Len() + rest.Len())
			hooks.SpreadInto(next, hso)
			hooks.SpreadInto(next, rest)
			hso = next
			has, err := hooks.InOperator("additionalContext", specific)
			if err != nil {
				return nil, err
			}
			if has {
				if s, ok := field(specific, "additionalContext").(string); ok {
					contexts = append(contexts, s)
				}
			}
		}
		if hso != nil {
			merged.Set("hookSpecificOutput", hso)
		}
	}
	if !hasBlock && !hasAsk && !hasContinueFalse {
		merged.Set("decision", "allow")
	}
	if len(stopReasons) > 0 {
		merged.Set("stopReason", joinLines(stopReasons))
	}
	if len(reasons) > 0 {
		merged.Set("reason", joinLines(reasons))
	}
	if len(systemMessages) > 0 {
		merged.Set("systemMessage", joinLines(systemMessages))
	}
	if len(contexts) > 0 {
		next := hooks.NewObject(hso.Len() + 1)
		hooks.SpreadInto(next, hso)
		next.Set("additionalContext", joinLines(contexts))
		merged.Set("hookSpecificOutput", next)
	}
	return merged, nil
}

func joinLines(parts []string) string {
	n := len(parts) - 1
	for _, p := range parts {
		n += len(p)
	}
	b := make([]byte, 0, n)
	for i, p := range parts {
		if i > 0 {
			b = append(b, '\n')
		}
		b = append(b, p...)
	}
	return string(b)
}

func mergeFieldReplacement(outputs []hooks.Value) *hooks.Object {
	merged := hooks.NewObject(8)
	for _, out := range outputs {
		next := hooks.NewObject(merged.Len() + 4)
		hooks.SpreadInto(next, merged)
		hooks.SpreadInto(next, out)
		hso := hooks.NewObject(4)
		hooks.SpreadInto(hso, merged.Value("hookSpecificOutput"))
		hooks.SpreadInto(hso, field(out, "hookSpecificOutput"))
		next.Set("hookSpecificOutput", hso)
		merged = next
	}
	return merged
}

func mergeToolSelection(outputs []hooks.Value) (*hooks.Object, error) {
	hasNone, hasAny := false, false
	var names []hooks.Value
	seen := map[any]bool{}
	for _, out := range outputs {
		tc, _ := hooks.Property(field(out, "hookSpecificOutput"), "toolConfig")
		if !hooks.Truthy(tc) {
			continue
		}
		switch field(tc, "mode") {
		case "NONE":
			hasNone = true
		case "ANY":
			hasAny = true
		}
		list := field(tc, "allowedFunctionNames")
		if !hooks.Truthy(list) {
			continue
		}
		items, err := iterate(list, "toolConfig.allowedFunctionNames")
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			key := sameValueZeroKey(it)
			if key != nil && seen[key] {
				continue
			}
			if key != nil {
				seen[key] = true
			}
			names = append(names, it)
		}
	}
	mode := "AUTO"
	switch {
	case hasNone:
		mode, names = "NONE", nil
	case hasAny:
		mode = "ANY"
	}
	sortJSDefault(names)
	if names == nil {
		names = []hooks.Value{}
	}
	tc := hooks.NewObject(2)
	tc.Set("mode", mode)
	tc.Set("allowedFunctionNames", names)
	hso := hooks.NewObject(2)
	hso.Set("hookEventName", string(hooks.BeforeToolSelection))
	hso.Set("toolConfig", tc)
	merged := hooks.NewObject(1)
	merged.Set("hookSpecificOutput", hso)
	return merged, nil
}

// iterate is for…of over a JSON value: arrays by element, strings by code
// point; anything else is not iterable.
func iterate(v hooks.Value, expr string) ([]hooks.Value, error) {
	switch x := v.(type) {
	case []hooks.Value:
		return x, nil
	case string:
		var out []hooks.Value
		for i := 0; i < len(x); {
			_, n := hooks.DecodeWTF8(x, i)
			out = append(out, x[i:i+n])
			i += n
		}
		return out, nil
	}
	return nil, &hooks.JSTypeError{Msg: expr + " is not iterable"}
}

type sameValueKey struct {
	kind byte
	s    string
	f    float64
}

// sameValueZeroKey is a map key that is equal for SameValueZero-equal
// primitives; nil for objects and arrays (each is distinct).
func sameValueZeroKey(v hooks.Value) any {
	switch x := v.(type) {
	case nil:
		return sameValueKey{kind: 'n'}
	case bool:
		if x {
			return sameValueKey{kind: 't'}
		}
		return sameValueKey{kind: 'f'}
	case float64:
		if x == 0 {
			x = 0 // -0 and +0 are the same
		}
		return sameValueKey{kind: 'd', f: x}
	case string:
		return sameValueKey{kind: 's', s: x}
	}
	return nil
}

// sortJSDefault is Array.prototype.sort() without a comparator: stable, by
// String(value) in UTF-16 code-unit order.
func sortJSDefault(vs []hooks.Value) {
	keys := make([]string, len(vs))
	for i, v := range vs {
		keys[i] = hooks.ToJSString(v)
	}
	idx := make([]int, len(vs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return hooks.CompareUTF16(keys[idx[a]], keys[idx[b]]) < 0 })
	sorted := make([]hooks.Value, len(vs))
	for i, j := range idx {
		sorted[i] = vs[j]
	}
	copy(vs, sorted)
}
