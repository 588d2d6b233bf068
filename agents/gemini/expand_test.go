package gemini

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/internal/geminicli"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

// Expected values are shell-quote 1.8.3's quote([s]).
var shellQuoteCases = []struct{ in, want string }{
	{"/home/u/p", "/home/u/p"},
	{"", "''"},
	{"/tmp/my proj", "'/tmp/my proj'"},
	{`a"b`, `'a"b'`},
	{`a\b`, `'a\b'`},
	{"it's", `"it's"`},
	{"it's $x!`a`", "\"it's \\$x\\!\\`a\\`\""},
	{"a:b#c(d)&e", `a\:b\#c\(d\)\&e`},
	{"C:\\x", `'C:\x'`},
	{"C:#", `C:\#`},
	{"a\u00a0b", "'a\u00a0b'"},
	{"~user/*.go", `~user/\*.go`},
	{"11111111-2222-4333-8444-555555555555", "11111111-2222-4333-8444-555555555555"},
}

func TestShellQuote(t *testing.T) {
	for _, tc := range shellQuoteCases {
		if got := shellQuote(tc.in); got != tc.want {
			t.Errorf("ShellQuote(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestShellQuoteAgainstInstalledPackage compares with the shell-quote the
// kit installs (the real Gemini CLI's dependency). Without node or the kit
// it is testenv.Missing: a skip, or a failure under CI=true.
func TestShellQuoteAgainstInstalledPackage(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		testenv.Missing(t, "needs node: %v", err)
	}
	bundle := geminicli.RequireBundle(t) // installs the kit's packages once
	// <dir>/node_modules/@google/gemini-cli/bundle/gemini.js
	modules := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(bundle))))
	quoteJS := filepath.Join(modules, "shell-quote", "quote.js")
	if _, err := os.Stat(quoteJS); err != nil {
		t.Fatalf("the kit's install has no shell-quote: %v", err)
	}
	ins := []string{}
	for _, tc := range shellQuoteCases {
		ins = append(ins, tc.in)
	}
	ins = append(ins, "a'b\"c", "x y'z", "$HOME", "!bang", "tab\there", "semi;colon", "[x]", "{a,b}", "a=b", "@host", "^caret", "back`tick", "é ü")
	data, _ := json.Marshal(ins)
	script := `const q=require(process.argv[1]);const xs=JSON.parse(process.argv[2]);console.log(JSON.stringify(xs.map(s=>q([s]))))`
	abs, _ := filepath.Abs(quoteJS)
	out, err := exec.Command(node, "-e", script, abs, string(data)).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want []string
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	for i, in := range ins {
		if got := shellQuote(in); got != want[i] {
			t.Errorf("ShellQuote(%q) = %s, shell-quote gives %s", in, got, want[i])
		}
	}
}

func TestExpandCommand(t *testing.T) {
	for _, tc := range []struct {
		cmd, cwd, plans, session string
		shell                    shell
		want                     string
	}{
		{"$GEMINI_PROJECT_DIR/x.sh", "/p", "/pl", "s", shellBash, "/p/x.sh"},
		{"echo '$GEMINI_CWD' ${GEMINI_CWD}", "/my p", "", "s", shellBash, "echo ''/my p'' ${GEMINI_CWD}"},
		{"$GEMINI_CWD_X $CLAUDE_PROJECT_DIR $GEMINI_SESSION_ID $GEMINI_PLANS_DIR", "/p", "/pl", "", shellBash, "/p_X /p  /pl"},
		{"& $GEMINI_CWD", `C:\my p`, "", "s", shellPowerShell, `& 'C:\my p'`},
		{"$GEMINI_SESSION_ID", "/p", "", "abc-1.2_3", shellPowerShell, "abc-1.2_3"},
	} {
		if got := expandCommand(tc.cmd, tc.cwd, tc.plans, tc.session, tc.shell); got != tc.want {
			t.Errorf("ExpandCommand(%q, %q) = %q, want %q", tc.cmd, tc.cwd, got, tc.want)
		}
	}
}

func TestShellFor(t *testing.T) {
	none := func(string) string { return "" }
	pwsh := func(n string) string { return `C:\pwsh\` + n }
	for _, tc := range []struct {
		goos string
		env  []string
		look func(string) string
		exe  string
	}{
		{"linux", nil, none, "bash"},
		{"windows", []string{`ComSpec=C:\Windows\System32\WindowsPowerShell\v1.0\PowerShell.exe`}, pwsh, `C:\Windows\System32\WindowsPowerShell\v1.0\PowerShell.exe`},
		{"windows", []string{`ComSpec=C:\Windows\system32\cmd.exe`}, pwsh, `C:\pwsh\pwsh.exe`},
		{"windows", nil, none, "powershell.exe"},
	} {
		if got := shellFor(tc.goos, tc.env, tc.look); got.Executable != tc.exe {
			t.Errorf("ShellFor(%s, %v) = %+v, want %s", tc.goos, tc.env, got, tc.exe)
		}
	}
}
