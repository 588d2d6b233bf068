package gemini

import (
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

func jsonResult(t *testing.T, name, out string, code int) result {
	t.Helper()
	stdout := out + "\n"
	p := parseHookOutput(stdout, "", code)
	return result{Hook: &hooks.Hook{Name: name, Type: "command", Command: "x"}, Success: code == 0, ExitCode: code, HasExitCode: true,
		Stdout: stdout, HasStreams: true, Output: p.Output, OutputFormat: p.Format, Parsed: p}
}

func TestAggregate(t *testing.T) {
	for _, tc := range []struct {
		name    string
		event   hooks.Event
		outputs []string
		want    string // JSON.stringify of finalOutput, "" = none
	}{
		{"or: deny wins, reasons joined", beforeTool, []string{`{"decision":"allow","reason":"a"}`, `{"decision":"deny","reason":"b"}`},
			`{"continue":true,"suppressOutput":false,"decision":"deny","reason":"a\nb"}`},
		{"or: approve is allow", beforeTool, []string{`{"decision":"approve"}`}, `{"continue":true,"suppressOutput":false,"decision":"allow"}`},
		{"or: block then ask keeps block", beforeTool, []string{`{"decision":"block"}`, `{"decision":"ask"}`}, `{"continue":true,"suppressOutput":false,"decision":"block"}`},
		{"or: continue false leaves decision unset", beforeAgent, []string{`{"continue":false,"stopReason":"s"}`}, `{"continue":false,"stopReason":"s","suppressOutput":false}`},
		{"or: clearContext sticky, contexts joined", afterAgent, []string{
			`{"hookSpecificOutput":{"clearContext":true,"additionalContext":"a"}}`,
			`{"hookSpecificOutput":{"clearContext":false,"additionalContext":"b","k":1}}`},
			`{"continue":true,"suppressOutput":false,"decision":"allow","hookSpecificOutput":{"clearContext":true,"additionalContext":"a\nb","k":1}}`},
		{"or: arrays contribute nothing", beforeTool, []string{`[1,2]`}, `{"continue":true,"suppressOutput":false,"decision":"allow"}`},
		{"field replacement", beforeModel, []string{`{"decision":"deny","reason":"first","hookSpecificOutput":{"tag":"a"}}`, `{"reason":"second"}`},
			`{"decision":"deny","reason":"second","hookSpecificOutput":{"tag":"a"}}`},
		{"field replacement keeps null, spreads strings", afterModel, []string{`{"hookSpecificOutput":"ab","continue":null}`},
			`{"continue":null,"hookSpecificOutput":{"0":"a","1":"b"}}`},
		{"tool selection union sorted by code unit", beforeToolSelection, []string{
			`{"hookSpecificOutput":{"toolConfig":{"mode":"AUTO","allowedFunctionNames":["b","a",10,9,"10"]}}}`,
			`{"hookSpecificOutput":{"toolConfig":{"allowedFunctionNames":["a"]}},"decision":"deny"}`},
			`{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"AUTO","allowedFunctionNames":[10,"10",9,"a","b"]}}}`},
		{"tool selection NONE wins", beforeToolSelection, []string{
			`{"hookSpecificOutput":{"toolConfig":{"mode":"ANY","allowedFunctionNames":["a"]}}}`,
			`{"hookSpecificOutput":{"toolConfig":{"mode":"NONE"}}}`},
			`{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"NONE","allowedFunctionNames":[]}}}`},
		{"tool selection without toolConfig", beforeToolSelection, []string{`{"systemMessage":"x"}`},
			`{"hookSpecificOutput":{"hookEventName":"BeforeToolSelection","toolConfig":{"mode":"AUTO","allowedFunctionNames":[]}}}`},
		{"simple merge", notification, []string{`{"systemMessage":"a","decision":"deny"}`, `{"systemMessage":"b","extra":1}`},
			`{"systemMessage":"b","decision":"deny"}`},
		{"no outputs", sessionEnd, nil, ""},
	} {
		var results []result
		for _, o := range tc.outputs {
			results = append(results, jsonResult(t, "h", o, 0))
		}
		agg, err := aggregate(tc.event, results)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		got := ""
		if agg.FinalOutput != nil {
			got = string(hooks.AppendJSON(nil, agg.FinalOutput))
		}
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, tc.want)
		}
		if agg.Strategy != strategyFor(tc.event) || !agg.Success {
			t.Errorf("%s: strategy %s success %v", tc.name, agg.Strategy, agg.Success)
		}
	}
}

func TestAggregateErrorsAndThrows(t *testing.T) {
	results := []result{jsonResult(t, "a", `{"decision":"allow"}`, 2), {Error: "Hook timed out after 5ms"}}
	agg, err := aggregate(beforeTool, results)
	if err != nil || agg.Success || len(agg.Errors) != 1 || agg.Errors[0] != "Hook timed out after 5ms" {
		t.Fatalf("got %+v, %v", agg, err)
	}
	agg, err = aggregate(beforeTool, []result{jsonResult(t, "a", `{"hookSpecificOutput":"str"}`, 0)})
	if err == nil || agg.FinalOutput != nil || agg.Success || agg.Errors[0] != "Cannot use 'in' operator to search for 'additionalContext' in str" {
		t.Fatalf("got %+v, %v", agg, err)
	}
	_, err = aggregate(beforeToolSelection, []result{jsonResult(t, "a", `{"hookSpecificOutput":{"toolConfig":{"allowedFunctionNames":5}}}`, 0)})
	if err == nil || err.Error() != "toolConfig.allowedFunctionNames is not iterable" {
		t.Fatalf("got %v", err)
	}
}

func TestApplyOutputToInput(t *testing.T) {
	in, _ := hooks.ParseJSON(`{"prompt":"p","tool_input":{"a":1,"b":2},"llm_request":{"model":"m","config":{"t":1}}}`)
	input := in.(*hooks.Object)
	for _, tc := range []struct {
		event hooks.Event
		out   string
		want  string
	}{
		{beforeTool, `{"hookSpecificOutput":{"tool_input":{"b":3,"c":4}}}`, `{"prompt":"p","tool_input":{"a":1,"b":3,"c":4},"llm_request":{"model":"m","config":{"t":1}}}`},
		{beforeAgent, `{"hookSpecificOutput":{"additionalContext":"C"}}`, `{"prompt":"p\n\nC","tool_input":{"a":1,"b":2},"llm_request":{"model":"m","config":{"t":1}}}`},
		{beforeModel, `{"hookSpecificOutput":{"llm_request":{"config":{"x":2}}}}`, `{"prompt":"p","tool_input":{"a":1,"b":2},"llm_request":{"model":"m","config":{"x":2}}}`},
		{afterTool, `{"hookSpecificOutput":{"tool_input":{"z":1}}}`, `{"prompt":"p","tool_input":{"a":1,"b":2},"llm_request":{"model":"m","config":{"t":1}}}`},
	} {
		out, _ := hooks.ParseJSON(tc.out)
		next, err := applyOutputToInput(input, out, tc.event)
		if err != nil {
			t.Fatal(err)
		}
		if got := string(hooks.AppendJSON(nil, next)); got != tc.want {
			t.Errorf("%s: got %s want %s", tc.event, got, tc.want)
		}
	}
	if got := string(hooks.AppendJSON(nil, input)); got != `{"prompt":"p","tool_input":{"a":1,"b":2},"llm_request":{"model":"m","config":{"t":1}}}` {
		t.Errorf("input was modified: %s", got)
	}
	out, _ := hooks.ParseJSON(`{"hookSpecificOutput":7}`)
	if _, err := applyOutputToInput(input, out, beforeTool); err == nil {
		t.Error("a numeric hookSpecificOutput must throw as in the reference")
	}
}

func TestParseHookOutput(t *testing.T) {
	for _, tc := range []struct {
		stdout, stderr string
		code           int
		format, want   string
	}{
		{`{"decision":"deny"}`, "", 0, formatJSON, `{"decision":"deny"}`},
		{"  \n", `{"decision":"deny"}`, 2, formatJSON, `{"decision":"deny"}`},
		{"log\n{\"decision\":\"deny\"}", "", 0, formatText, `{"decision":"allow","systemMessage":"log\n{\"decision\":\"deny\"}"}`},
		{"oops", "", 1, formatText, `{"decision":"allow","systemMessage":"Warning: oops"}`},
		{"", "bad", 2, formatText, `{"decision":"deny","reason":"bad"}`},
		{`"{\"a\":1}"`, "", 0, formatJSON, `{"a":1}`},
		{`"not json"`, "", 0, formatText, `{"decision":"allow","systemMessage":"\"not json\""}`},
		{"42", "", 0, "", "null"},
		{"", "", 2, "", "null"},
	} {
		p := parseHookOutput(tc.stdout, tc.stderr, tc.code)
		if p.Format != tc.format || string(hooks.AppendJSON(nil, p.Output)) != tc.want {
			t.Errorf("%q/%q exit %d: got %s %s", tc.stdout, tc.stderr, tc.code, p.Format, hooks.AppendJSON(nil, p.Output))
		}
	}
}
