package geminicli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

// FakeResponse is one line of a --fake-responses file: the answer to one
// model call. Method is "generateContent" (one response) or
// "generateContentStream" (a list of chunks).
type FakeResponse struct {
	Method   string `json:"method"`
	Response any    `json:"response"`
}

type part = map[string]any

func candidate(parts ...part) map[string]any {
	return map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": parts},
			"finishReason": "STOP",
			"index":        0,
		}},
	}
}

// RoutingResponse answers the model router's classification call
// (generateContent), which the CLI makes before a turn.
func RoutingResponse() FakeResponse {
	return FakeResponse{Method: "generateContent",
		Response: candidate(part{"text": `{"complexity_reasoning":"simple","complexity_score":10}`})}
}

func streamTurn(parts ...part) FakeResponse {
	chunk := candidate(parts...)
	chunk["usageMetadata"] = map[string]any{"promptTokenCount": 5, "candidatesTokenCount": 3, "totalTokenCount": 8}
	return FakeResponse{Method: "generateContentStream", Response: []any{chunk}}
}

// TextTurn is a model turn that answers with text.
func TextTurn(text string) FakeResponse {
	return streamTurn(part{"text": text})
}

// ToolCallTurn is a model turn that calls one tool.
func ToolCallTurn(tool string, args map[string]any) FakeResponse {
	return streamTurn(part{"functionCall": map[string]any{"name": tool, "args": args}})
}

// ReadFileThenAnswer is a conversation in which the model calls read_file on
// file once, then answers with answer. Spare routing answers follow, for the
// extra classification calls the interactive UI makes; the harness runs in
// non-strict mode, so unused answers do no harm.
func ReadFileThenAnswer(file, answer string) []FakeResponse {
	return []FakeResponse{
		RoutingResponse(),
		ToolCallTurn("read_file", map[string]any{"file_path": file}),
		TextTurn(answer),
		RoutingResponse(),
		RoutingResponse(),
	}
}

// WriteFakeResponses writes responses as a JSON Lines file the CLI reads
// with --fake-responses-non-strict.
func WriteFakeResponses(path string, responses []FakeResponse) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for i, r := range responses {
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("encoding fake response %d: %w", i, err)
		}
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing fake responses: %w", err)
	}
	return nil
}
