package claude

import (
	"regexp"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// preview shows what a prompt, agent or mcp_tool handler would send, without
// running it (those need a model or an MCP server).
func (rc *runContext) preview(h *hooks.Hook, res *runResult) {
	res.Form = "preview"
	res.Verdict = verdict{Kind: kindNotRun}
	c := HandlerOf(h)
	if c == nil {
		res.NotRunReason = "handler without its fields"
		return
	}
	switch h.Type {
	case typePrompt, typeAgent:
		res.Preview = fillPrompt(c.Prompt, rc.stdin)
		model := c.Model
		if model == "" {
			model = "a fast model (Haiku)"
		}
		what := "a single model call"
		if h.Type == typeAgent {
			what = "an agent with Read, Grep and Glob for up to 50 turns"
		}
		res.NotRunReason = "Hookwarden does not call models: Claude Code would send this prompt to " + what + " on " + model + ", which answers {\"ok\": true|false, \"reason\": …}"
	case typeMCPTool:
		res.Preview = "server " + c.Server + ", tool " + c.Tool + ", input " + fillMCPInput(c.Input, rc.input)
		res.NotRunReason = "Hookwarden does not call MCP servers: Claude Code would call this tool with this input"
	}
}

// fillPrompt is the prompt Claude Code sends: $ARGUMENTS replaced by the
// hook input JSON, or the input appended when the prompt does not use it.
func fillPrompt(prompt, inputJSON string) string {
	if strings.Contains(prompt, "$ARGUMENTS") {
		return strings.ReplaceAll(prompt, "$ARGUMENTS", inputJSON)
	}
	return prompt + "\n\n" + inputJSON
}

var inputPath = regexp.MustCompile(`\$\{([A-Za-z0-9_.]+)\}`)

// fillMCPInput substitutes ${path} in the string values of an mcp_tool
// handler's input (JSON text) with values from the hook input, e.g.
// ${tool_input.file_path}; a path that leads nowhere becomes "".
func fillMCPInput(inputJSON string, in *hooks.Object) string {
	if strings.TrimSpace(inputJSON) == "" {
		return "{}"
	}
	v, err := hooks.ParseJSON(inputJSON)
	if err != nil {
		return inputJSON
	}
	return string(hooks.AppendJSON(nil, hooks.MapStrings(v, func(s string) string {
		return inputPath.ReplaceAllStringFunc(s, func(m string) string {
			return lookupPath(in, m[2:len(m)-1])
		})
	})))
}

func lookupPath(in *hooks.Object, path string) string {
	var cur hooks.Value = in
	for _, part := range strings.Split(path, ".") {
		o, ok := cur.(*hooks.Object)
		if !ok {
			return ""
		}
		cur = o.Value(part)
	}
	switch t := cur.(type) {
	case nil:
		return ""
	case string:
		return t
	}
	return string(hooks.AppendJSON(nil, cur))
}
