package claude

import "testing"

func TestRestoreClaudeHandlerRejectsDamagedRecords(t *testing.T) {
	good := removedHandler{Place: handlerPlace{Event: "Stop"}, Handler: `{"type":"command","command":"x"}`, Scope: "event"}
	if _, _, err := restoreHandler("s.json", []byte("{}"), true, &good); err != nil {
		t.Fatalf("a sound record: %v", err)
	}
	for name, change := range map[string]func(*removedHandler){
		"negative group":  func(r *removedHandler) { r.Place.Group = -1 },
		"negative index":  func(r *removedHandler) { r.Place.Index = -3 },
		"negative offset": func(r *removedHandler) { r.Offset = -1 },
		"no event":        func(r *removedHandler) { r.Place.Event = "" },
		"no handler":      func(r *removedHandler) { r.Handler = "" },
	} {
		bad := good
		change(&bad)
		if _, _, err := restoreHandler("s.json", []byte(`{"hooks":{"Stop":[]}}`), true, &bad); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
