package trust

import (
	"reflect"
	"testing"
)

func TestFindScripts(t *testing.T) {
	const p = "/home/u/proj"
	tests := []struct {
		command string
		want    []ScriptRef
	}{
		{"$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh", []ScriptRef{{Word: "$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh", Path: p + "/.gemini/hooks/check.sh"}}},
		{`"${GEMINI_PROJECT_DIR}/hooks/a b.sh" --flag`, []ScriptRef{{Word: `"${GEMINI_PROJECT_DIR}/hooks/a b.sh"`, Path: p + "/hooks/a b.sh"}}},
		{"$CLAUDE_PROJECT_DIR/x.sh", []ScriptRef{{Word: "$CLAUDE_PROJECT_DIR/x.sh", Path: p + "/x.sh"}}},
		{"${GEMINI_CWD:-.}/x.sh", []ScriptRef{{Word: "${GEMINI_CWD:-.}/x.sh", Path: p + "/x.sh"}}},
		{"python3 .gemini/hooks/log.py --verbose", []ScriptRef{{Word: ".gemini/hooks/log.py", Path: p + "/.gemini/hooks/log.py", Via: "python3"}}},
		{"node --require ./setup.js hooks/run.js", []ScriptRef{{Word: "hooks/run.js", Path: p + "/hooks/run.js", Via: "node"}}},
		{"bash -e ./a.sh && sh b.sh | cat", []ScriptRef{
			{Word: "./a.sh", Path: p + "/a.sh", Via: "bash"},
			{Word: "b.sh", Path: p + "/b.sh", Via: "sh"},
		}},
		{"env FOO=1 /usr/local/bin/tool.sh", []ScriptRef{{Word: "/usr/local/bin/tool.sh", Path: "/usr/local/bin/tool.sh"}}},
		{`./hooks/x\ y.sh`, []ScriptRef{{Word: `./hooks/x\ y.sh`, Path: p + "/hooks/x y.sh"}}},
		{"deno run --allow-read hooks/a.ts", []ScriptRef{{Word: "hooks/a.ts", Path: p + "/hooks/a.ts", Via: "deno"}}},
		// No script file: inline code, modules, bare programs, unknown variables, globs.
		{"bash -c 'echo hi'", nil},
		{"bash -ec 'echo hi'", nil},
		{"python3 -m tool.module x.py", nil},
		{"node -e 'console.log(1)'", nil},
		{"echo hi", nil},
		{"$HOME_UNKNOWN/x.sh", nil},
		{"python3 hooks/*.py", nil},
		{"jq -r .x", nil},
	}
	for _, tc := range tests {
		t.Run(tc.command, func(t *testing.T) {
			got, err := FindScripts(tc.command, p)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestFindScriptsParseError(t *testing.T) {
	if _, err := FindScripts("echo 'unterminated", "/p"); err == nil {
		t.Fatal("no error for an unterminated quote")
	}
}
