package gemini

import (
	"sort"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
)

// aggregated is HookAggregator.aggregateResults' value.
type aggregated struct {
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
	// strategy names the merge strategy used for the event.
	Strategy strategy `json:"strategy"`
}

// strategy is one of the aggregator's merge strategies.
type strategy string

// The four strategies.
const (
	strategyOrDecision       strategy = "or-decision"
	strategyFieldReplacement strategy = "field-replacement"
	strategyToolSelection    strategy = "tool-selection-union"
	strategySimpleMerge      strategy = "simple-merge"
)

// strategyFor returns the aggregator's strategy for an event.
func strategyFor(e hooks.Event) strategy {
	switch e {
	case beforeTool, afterTool, beforeAgent, afterAgent, sessionStart:
		return strategyOrDecision
	case beforeModel, afterModel:
		return strategyFieldReplacement
	case beforeToolSelection:
		return strategyToolSelection
	}
	return strategySimpleMerge
}

// outputFields are DefaultHookOutput's fields, in declaration order: the
// only fields the final output keeps.
var outputFields = []string{"continue", "stopReason", "suppressOutput", "systemMessage", "decision", "reason", "hookSpecificOutput"}

// aggregate merges results as HookAggregator does for event. It returns an
// error (with the TypeError text V8 would give) when the reference code
// would throw, which Gemini CLI turns into a failed event with that error
// and no output; Aggregate then returns that value.
func aggregate(event hooks.Event, results []result) (aggregated, error) {
	agg := aggregated{Strategy: strategyFor(event), Errors: []string{}}
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
	merged, err := mergeOutputs(event, outputs)
	if err != nil {
		return aggregated{Strategy: agg.Strategy, Errors: []string{err.Error()}, TotalDuration: agg.TotalDuration}, err
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

// mergeOutputs is HookAggregator.mergeOutputs for a non-empty list of
// outputs (objects or arrays).
func mergeOutputs(event hooks.Event, outputs []hooks.Value) (*hooks.Object, error) {
	switch strategyFor(event) {
	case strategyOrDecision:
		return mergeOrDecision(outputs)
	case strategyFieldReplacement:
		return mergeFieldReplacement(outputs), nil
	case strategyToolSelection:
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

// mergeOrDecision is HookAggregator's OR-decision merge, Gemini CLI's rule
// for BeforeTool, AfterTool, BeforeAgent, AfterAgent and SessionStart
// (gemini-hooks.md §6, hookAggregator.ts). It
// starts from {continue: true, suppressOutput: false} and walks the outputs
// in plan order:
//   - continue === false sets continue to false and collects its stopReason;
//   - a "block" or "deny" decision wins (the last one seen), "ask" holds only
//     while no blocking decision has been seen so far, and with no block, no
//     ask and no continue:false the decision is "allow" (deny/block > ask >
//     allow; with only continue:false it stays unset);
//   - the truthy reasons and systemMessages of all outputs are collected,
//     allow ones included, and any truthy suppressOutput wins;
//   - hookSpecificOutput is shallow-merged, later keys winning, except that
//     clearContext sticks once any output set it to true, and the string
//     additionalContext values are collected.
//
// Collected texts are joined with "\n". Key order, the `in` TypeError on a
// truthy non-object hookSpecificOutput and the places where the reference
// spreads a fresh object are kept as the reference has them, so the result
// serializes byte for byte as Gemini CLI's.
func mergeOrDecision(outputs []hooks.Value) (*hooks.Object, error) {
	m := orDecisionMerge{merged: hooks.NewObject(8)}
	m.merged.Set("continue", true)
	m.merged.Set("suppressOutput", false)
	for _, out := range outputs {
		m.addStop(out)
		m.addDecision(out)
		m.addMessages(out)
		if err := m.addSpecific(field(out, "hookSpecificOutput")); err != nil {
			return nil, err
		}
	}
	return m.finish(), nil
}

// orDecisionMerge is mergeOrDecision's state between outputs.
type orDecisionMerge struct {
	merged *hooks.Object
	// specific is merged.hookSpecificOutput, nil while no output had one.
	specific *hooks.Object

	stopReasons, reasons, systemMessages, additionalContexts []string

	sawBlock, sawAsk, sawContinueFalse bool
}

// addStop takes an output's continue:false and its stopReason.
func (m *orDecisionMerge) addStop(out hooks.Value) {
	if c, ok := field(out, "continue").(bool); !ok || c {
		return
	}
	m.sawContinueFalse = true
	m.merged.Set("continue", false)
	if stopReason := field(out, "stopReason"); hooks.Truthy(stopReason) {
		m.stopReasons = append(m.stopReasons, hooks.ToJSString(stopReason))
	}
}

// addDecision applies an output's decision: block/deny always, ask while
// nothing has blocked.
func (m *orDecisionMerge) addDecision(out hooks.Value) {
	decision := field(out, "decision")
	switch decision {
	case "block", "deny":
		m.sawBlock = true
		m.merged.Set("decision", decision)
	case "ask":
		m.sawAsk = true
		if !m.sawBlock {
			m.merged.Set("decision", decision)
		}
	}
}

// addMessages collects an output's reason and systemMessage and takes its
// suppressOutput.
func (m *orDecisionMerge) addMessages(out hooks.Value) {
	if reason := field(out, "reason"); hooks.Truthy(reason) {
		m.reasons = append(m.reasons, hooks.ToJSString(reason))
	}
	if message := field(out, "systemMessage"); hooks.Truthy(message) {
		m.systemMessages = append(m.systemMessages, hooks.ToJSString(message))
	}
	if hooks.Truthy(field(out, "suppressOutput")) {
		m.merged.Set("suppressOutput", true)
	}
}

// addSpecific merges an output's hookSpecificOutput: a sticky
// clearContext:true, the other keys spread over the earlier ones, and a
// string additionalContext collected. Like the reference it asks
// `"additionalContext" in specific`, which throws for a truthy primitive.
func (m *orDecisionMerge) addSpecific(specific hooks.Value) error {
	if clearContext, _ := hooks.Property(specific, "clearContext"); clearContext == true {
		next := hooks.NewObject(m.specific.Len() + 1)
		hooks.SpreadInto(next, m.specific)
		next.Set("clearContext", true)
		m.specific = next
	}
	if hooks.Truthy(specific) {
		rest := hooks.NewObject(4)
		hooks.SpreadInto(rest, specific)
		rest.Delete("clearContext")
		next := hooks.NewObject(m.specific.Len() + rest.Len())
		hooks.SpreadInto(next, m.specific)
		hooks.SpreadInto(next, rest)
		m.specific = next
		has, err := hooks.InOperator("additionalContext", specific)
		if err != nil {
			return err
		}
		if has {
			if context, ok := field(specific, "additionalContext").(string); ok {
				m.additionalContexts = append(m.additionalContexts, context)
			}
		}
	}
	if m.specific != nil {
		m.merged.Set("hookSpecificOutput", m.specific)
	}
	return nil
}

// finish sets the default decision and the joined texts and returns the
// merged output.
func (m *orDecisionMerge) finish() *hooks.Object {
	if !m.sawBlock && !m.sawAsk && !m.sawContinueFalse {
		m.merged.Set("decision", "allow")
	}
	if len(m.stopReasons) > 0 {
		m.merged.Set("stopReason", joinLines(m.stopReasons))
	}
	if len(m.reasons) > 0 {
		m.merged.Set("reason", joinLines(m.reasons))
	}
	if len(m.systemMessages) > 0 {
		m.merged.Set("systemMessage", joinLines(m.systemMessages))
	}
	if len(m.additionalContexts) > 0 {
		next := hooks.NewObject(m.specific.Len() + 1)
		hooks.SpreadInto(next, m.specific)
		next.Set("additionalContext", joinLines(m.additionalContexts))
		m.merged.Set("hookSpecificOutput", next)
	}
	return m.merged
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
	hso.Set("hookEventName", string(beforeToolSelection))
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
