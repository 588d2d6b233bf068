package claude

import "testing"

func TestRestoreClaudeHandlerRejectsDamagedRecords(t *testing.T) {
	good := RemovedHandler{Place: HandlerPlace{Event: "Stop"}, Handler: `{"type":"command","command":"x"}`, Scope: "event"}
	if _, _, err := RestoreHandler("s.json", []byte("{}"), true, &good); err != nil {
		t.Fatalf("a sound record: %v", err)
	}
	for name, change := range map[string]func(*RemovedHandler){
		"negative group":  func(r *RemovedHandler) { r.Place.Group = -1 },
		"negative index":  func(r *RemovedHandler) { r.Place.Index = -3 },
		"negative offset": func(r *RemovedHandler) { r.Offset = -1 },
		"no event":        func(r *RemovedHandler) { r.Place.Event = "" },
		"no handler":      func(r *RemovedHandler) { r.Handler = "" },
	} {
		bad := good
		change(&bad)
		if _, _, err := RestoreHandler("s.json", []byte(`{"hooks":{"Stop":[]}}`), true, &bad); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
