package gemini

import (
	"reflect"
	"testing"
)

// keyCases are project hooks objects with the keys and warning labels
// Gemini CLI 0.61 gives them; gemini_keys_test.go checks the same cases
// against the real TrustedHooksManager.
var keyCases = []struct {
	name      string
	hooks     string
	wantKeys  []string
	wantLabel []string // GeminiWarnings with nothing trusted
	abort     bool
}{
	{"name and command", `{"BeforeTool":[{"hooks":[{"type":"command","name":"a","command":"echo 1"}]}]}`,
		[]string{"a:echo 1"}, []string{"a"}, false},
	{"no name", `{"BeforeTool":[{"hooks":[{"type":"command","command":"echo 1"}]}]}`,
		[]string{":echo 1"}, []string{"echo 1"}, false},
	{"missing command is undefined", `{"BeforeTool":[{"hooks":[{"type":"command","name":"a"}]}]}`,
		[]string{"a:undefined"}, []string{"a"}, false},
	{"other types have no command part", `{"BeforeTool":[{"hooks":[{"type":"plugin","name":"p","command":"x"},{"name":"q","command":"y"}]}]}`,
		[]string{"p:", "q:"}, []string{"p", "q"}, false},
	{"runtime skipped", `{"BeforeTool":[{"hooks":[{"type":"runtime","name":"r"},{"type":"command","command":"c"}]}]}`,
		[]string{":c"}, []string{"c"}, false},
	{"non-string values as String()", `{"X":[{"hooks":[{"type":"command","name":5,"command":1e21},{"type":"command","name":0,"command":[1,null,"a"]},{"type":"command","name":{"a":1},"command":true}]}]}`,
		[]string{"5:1e+21", ":1,,a", "[object Object]:true"}, []string{"5", "1,,a", "[object Object]"}, false},
	{"labels de-duplicated", `{"BeforeTool":[{"hooks":[{"type":"command","name":"a","command":"1"},{"type":"command","name":"a","command":"2"}]}],"AfterTool":[{"hooks":[{"type":"command","command":"a"}]}]}`,
		[]string{"a:1", "a:2", ":a"}, []string{"a"}, false},
	{"odd definitions skipped", `{"A":[null,"s",{"hooks":{}},{"hooks":"x"},[1]],"B":{"hooks":[{"type":"command","command":"nope"}]},"enabled":true,"C":[{"hooks":["str"]}]}`,
		[]string{":"}, []string{"unknown-hook"}, false},
	{"integer-like event keys come first", `{"b":[{"hooks":[{"type":"command","command":"b"}]}],"10":[{"hooks":[{"type":"command","command":"ten"}]}],"2":[{"hooks":[{"type":"command","command":"two"}]}]}`,
		[]string{":two", ":ten", ":b"}, []string{"two", "ten", "b"}, false},
	{"duplicate event key: last value at first place", `{"A":[{"hooks":[{"type":"command","command":"first"}]}],"B":[{"hooks":[{"type":"command","command":"b"}]}],"A":[{"hooks":[{"type":"command","command":"last"}]}]}`,
		[]string{":last", ":b"}, []string{"last", "b"}, false},
	{"null hook aborts Gemini's check", `{"A":[{"hooks":[{"type":"command","command":"a"},null]}]}`,
		[]string{":a"}, nil, true},
}

func TestProjectHookKeysLikeGemini(t *testing.T) {
	for _, tc := range keyCases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.settings(`{"hooks": ` + tc.hooks + `}`)
			hooks, abort := reviewedHooks(f.load())
			var keys []string
			for _, h := range hooks {
				keys = append(keys, h.Key)
			}
			if !reflect.DeepEqual(keys, tc.wantKeys) {
				t.Errorf("keys %q, want %q", keys, tc.wantKeys)
			}
			if (abort != nil) != tc.abort {
				t.Fatalf("abort = %+v, want %v", abort, tc.abort)
			}
			if abort == nil {
				if got := geminiWarnings(hooks, nil); !reflect.DeepEqual(got, tc.wantLabel) {
					t.Errorf("labels %q, want %q", got, tc.wantLabel)
				}
			}
		})
	}
}

func TestProjectHookKeyUsesExpandedCommand(t *testing.T) {
	f := newFixture(t)
	f.settings(`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "h", "command": "$HOME/x.sh ${NOPE:-d} $GEMINI_PROJECT_DIR/y"}]}]}}`)
	hooks, _ := reviewedHooks(f.load())
	want := "h:" + f.home + "/x.sh d $GEMINI_PROJECT_DIR/y"
	if len(hooks) != 1 || hooks[0].Key != want {
		t.Fatalf("key %+v, want %q", hooks, want)
	}
	if hooks[0].RawCommand != "$HOME/x.sh ${NOPE:-d} $GEMINI_PROJECT_DIR/y" {
		t.Errorf("raw command %q", hooks[0].RawCommand)
	}
}
