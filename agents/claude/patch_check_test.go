package claude

import "testing"

func TestRestoreClaudeHandlerRejectsDamagedRecords(t *testing.T) {
	good := RemovedClaudeHandler{Place: ClaudeHandlerPlace{Event: "Stop"}, Handler: `{"type":"command","command":"x"}`, Scope: "event"}
	if _, _, err := RestoreClaudeHandler("s.json", []byte("{}"), true, &good); err != nil {
		t.Fatalf("a sound record: %v", err)
	}
	for name, change := range map[string]func(*RemovedClaudeHandler){
		"negative group":  func(r *RemovedClaudeHandler) { r.Place.Group = -1 },
		"negative index":  func(r *RemovedClaudeHandler) { r.Place.Index = -3 },
		"negative offset": func(r *RemovedClaudeHandler) { r.Offset = -1 },
		"no event":        func(r *RemovedClaudeHandler) { r.Place.Event = "" },
		"no handler":      func(r *RemovedClaudeHandler) { r.Handler = "" },
	} {
		bad := good
		change(&bad)
		if _, _, err := RestoreClaudeHandler("s.json", []byte(`{"hooks":{"Stop":[]}}`), true, &bad); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
