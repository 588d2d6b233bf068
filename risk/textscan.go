package risk

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The text reading: the analysis's last pass over every text the hook runs
// (its command and each script), in whatever language it is written. The
// structured readers (shell, the code reader, PowerShell) follow data and
// calls; a payload that defeats them — a name built at run time, a helper
// function in a second file, a language they do not know, an encoded
// string — still has to carry its addresses and commands as text. This
// pass decodes what is encoded (hex, base64, character codes, \x escapes,
// rot13 when the text names it), joins literals split by concatenation,
// and reads the result for three families, whatever calls them:
//   - a download piped into an interpreter (URL … | sh, python, $SHELL…);
//   - a credential of the home folder (or the whole environment) and a way
//     out to another machine in the same file; or a file uploaded by a
//     flag (--post-file, --data-binary @, --upload-file) anywhere in the
//     hook while a credential is named in another of its files;
//   - code hidden by an encoding: a decoded literal that holds an address,
//     a command, a credential path or a module that runs programs.
//
// It only raises: it never lowers what the structured readers found.

// textFacts of one text (a pure function of the text and the secret
// pattern, so it can be shared between hooks).
type textScan struct {
	downloadRun string // the line that pipes a download into an interpreter
	secret      string // a credential the text names
	sink        string // a way out to another machine
	upload      string // a file-upload flag's line
	hidden      string // a decoded literal that hides code or an address
	// reverseShell: a socket to another machine whose ends become a
	// shell's input and output (dup2, pipe, spawn with its streams)
	reverseShell string
}

var (
	// concatRe: two literals joined by + . .. (the join is folded).
	concatRe = lazyRe(`(['"])\s*(?:\+|\.\.|\.)\s*(['"])`)
	// implicitConcatRe: adjacent literals (Python, C) separated by space.
	implicitConcatRe = lazyRe(`"\s*\n\s*"|'\s*\n\s*'`)
	joinListRe       = lazyRe(`\[\s*((?:['"][^'"\n]*['"]\s*,\s*)+['"][^'"\n]*['"])\s*\]\s*\.join\(\s*(?:''|"")\s*\)`)
	listSepRe        = lazyRe(`['"]\s*,\s*['"]`)
	hexLitRe         = lazyRe(`(?i)['"]((?:[0-9a-f]{2}){6,})['"]`)
	escHexRe         = lazyRe(`(?:\\x[0-9a-fA-F]{2}){3,}`)
	b64Re            = lazyRe(`[A-Za-z0-9+/]{16,}={0,2}`)
	charCodesRe      = lazyRe(`\b\d{2,3}(?:\s*,\s*\d{2,3}){3,}\b`)
	chrCallsRe       = lazyRe(`(?:chr\(\s*\d{2,3}\s*\)\s*[+.,]?\s*){3,}`)
	digitsRe         = lazyRe(`\d{2,3}`)
	rot13MarkRe      = lazyRe(`(?i)rot.?13|N-ZA-M|n-za-m`)

	// downloadRunRe: a URL and, later on the same line, a pipe into an
	// interpreter that reads its program from stdin.
	downloadRunRe = lazyRe(`(?i)\b(?:https?|ftp)://[^\s'"|)]+[^\n]{0,240}?\|\s*(?:(?:sudo|busybox|toybox|command|exec|nohup|env)\s+(?:-\S+\s+)*)?["']?(?:\$\{?SHELL\b|(?:/usr)?(?:/bin/)?(?:ba|z|da|k|fi)?sh\b|python[0-9.]*\b|perl\b|ruby\b|node\b|iex\b|invoke-expression\b)`)
	// runDownloadRe: an interpreter that runs what a download prints.
	runDownloadRe = lazyRe(`(?i)(?:\b(?:ba|z|da)?sh\s+(?:-c\s+)?["']?\$\(|\b(?:ba|z)?sh\s+<\(|\beval\s+["']?\$\(|\biex\s*\(|invoke-expression\s*\()\s*(?:curl|wget|fetch|irm|iwr|invoke-restmethod|invoke-webrequest|\(?new-object\s+net\.webclient\)?\.downloadstring)\b[^\n]*?\b(?:https?|ftp)://`)
	// evalFetchRe: code evaluated from what a fetch returns, in any
	// language (eval(file_get_contents(URL)), eval get(URL),
	// exec(urlopen(URL).read()), iex (irm URL)).
	// fetchThenEvalRe: a fetch whose body is then evaluated, the eval
	// after it (fetch(URL).then(r=>r.text()).then(eval),
	// https.get(URL, r=>{…r.on('end',()=>eval(s))}).
	fetchThenEvalRe = lazyRe(`(?i)\b(?:fetch|https?\.get|https?\.request|axios\.get|got|request|urlopen)\s*\(\s*['"\x60]?(?:https?|ftp)://[^\n]{0,300}?(?:\.then\(\s*(?:eval|Function|new\s+Function)\s*\)|\b(?:eval|exec|new\s+Function|runInThisContext)\s*\()`)
	evalFetchRe     = lazyRe(`(?i)\b(?:eval|exec|iex|invoke-expression|instance_eval|class_eval|new\s+Function|runInThisContext|loadstring|load)\b\s*\(?\s*[^;\n]{0,40}?\b(?:file_get_contents|get|getstore|urlopen|fetch|Net::HTTP\.get|requests\.get|httpx\.get|http\.get|URI\.open|URI\.parse|open|irm|iwr|invoke-restmethod|invoke-webrequest|DownloadString|curl_exec|readurl)\b[^;\n]{0,80}?\b(?:https?|ftp)://[^\s'")]+`)
	// A reverse shell in any language: a connection, the file
	// descriptors or streams handed over, and an interactive shell.
	socketRe           = lazyRe(`(?i)\b(?:socket\.(?:socket|create_connection)|TCPSocket|fsockopen|IO::Socket|net\.(?:connect|createConnection|Socket)|new\s+Socket|Net\.Sockets|socket\s*\(|\.connect\s*\()`)
	fdShellRe          = lazyRe(`(?i)\bdup2\b|\bfileno\b|\.pipe\s*\(|open\s*\(\s*STDIN|>&\s*%d|<&\s*%d|stdin\s*[:=]\s*\w*sock|GetStream\(\)`)
	interactiveShellRe = lazyRe(`(?i)["'](?:/bin/)?(?:ba|z|da)?sh(?:\s+-i)?["']|\bpty\.spawn\b|/bin/(?:ba)?sh\s+-i|cmd\.exe|powershell\.exe`)
	// homeSecretRe: a credential of the home folder, however the path is
	// joined (".gem", "credentials"), or the process environment whole.
	homeSecretRe = lazyRe(`(?:^|[\s'"/=:(,\\])\.(?:ssh|aws|gnupg|kube|netrc|git-credentials|pgpass|pypirc|password-store|azure)\b|\.docker\W{1,6}config\.json|\.config\W{1,6}(?:gcloud|gh)\b|\.gem\W{1,6}credentials|/proc/[^\s/'"]*/environ|\bid_(?:rsa|ed25519|ecdsa|dsa)\b|\.(?:bash|zsh)_history\b`)
	wholeEnvRe   = lazyRe(`\bdict\(\s*os\.environ\s*\)|\bos\.environ\.copy\(\)|json\.dumps\(\s*(?:dict\()?os\.environ|JSON\.stringify\(\s*process\.env\s*\)|\{\s*\.\.\.process\.env\s*\}|\bENV\.to_h\b|\bos\.Environ\(\)|\bGet-ChildItem\s+env:|\$\((?:env|printenv)\)|\bDeno\.env\.toObject\(\)|\bObject\.(?:entries|keys|values|assign)\(\s*(?:\{\s*\}\s*,\s*)?(?:process|Bun)\.env\b|\b\w*(?:[^v\W]|[^n\W]v|[^e\W]nv)\s*:\s*(?:Bun|process)\.env\s*[,}]|\bos\.environ\.items\(\)|(?:^|[;&|]\s*)(?:env|printenv)\s*\|`)
	// uploadFileRe: a flag that sends a named file's content.
	uploadFileRe = lazyRe(`--post-file[= ]|--body-file[= ]|--upload-file[= ]|--data(?:-binary|-raw|-urlencode)?[= ]+["']?@|\s-d\s*["']?@|\s-F\s*["']?[\w-]+=@|\s-T\s`)
	// envUploadRe: a project .env file sent by an upload flag.
	dotEnvRe = lazyRe(`(?:^|[/'"\s])\.env\b(?:[^.\w]|$)`)
	// netVerbRe: something that talks to another machine.
	netVerbRe = lazyRe(`(?i)\b(?:curl|wget|urlopen|urllib|requests\.(?:post|put|get|request)|httpx|aiohttp|https?\.(?:request|get)|http\.(?:Post|Get|NewRequest|Client)|Net::HTTP|LWP|HTTP::Tiny|Invoke-(?:WebRequest|RestMethod)|\biwr\b|\birm\b|WebClient|Upload(?:File|String|Data)|socket|XMLHttpRequest|axios|fsockopen|nc|ncat|netcat|socat|dig|nslookup|host|scp|rsync|sftp|gsutil|s3\s+cp|swaks|sendmail|smtplib|dns\.resolve|s_client|sqs\s+send-message|sns\s+publish|net\.Dial(?:UDP|TCP|Timeout)?)\b|\bhttps?\s+(?:-[\w-]+\s+)*(?:POST|PUT|PATCH)\s+https?://|\bfetch\s*\(|\.(?:post|put|patch|upload|send|sendall|request)\s*\(`)
	// hostLitRe: an address in a literal (a URL, a domain with a path, an
	// IPv4 address).
	hostLitRe = lazyRe(`(?i)\b(?:https?|wss?|ftps?)://([a-z0-9.-]+\.[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})|["'/\s]([a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|app|sh|co|me|xyz|site|cloud|ai|info|biz|ru|cn|top|link|live|report|tech|tools|run|pro)/[^\s'"]*)|\b(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})\b|[.{}"']([a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|xyz|ru|cn|top))(?::\d{1,5})?["']`)
	// hiddenWorkRe: what an encoded literal should not hold.
	hiddenWorkRe  = lazyRe(`(?i)(?:https?|ftp)://|\|\s*(?:ba|z)?sh\b|\b(?:curl|wget|child_process|subprocess|os\.system|urllib|urlopen|execSync|shell_exec|powershell|invoke-expression|/dev/tcp)\b|\bsystem\b.*\b(?:curl|wget|sh)\b`)
	commentLineRe = lazyRe(`^\s*(?:#|//|--|;|\*|/\*|<!--|REM\s|rem\s)`)
)

// decodeText returns what the text's encoded literals decode to (printable
// text only), one per line.
func decodeText(t string) []string {
	var out []string
	keep := func(b []byte) {
		if len(b) < 4 {
			return
		}
		printable := 0
		for _, c := range b {
			if c == '\n' || c == '\t' || c >= 32 && c < 127 {
				printable++
			}
		}
		if printable*10 >= len(b)*9 || hiddenWork(b) {
			out = append(out, string(b))
		}
	}
	joined := t
	if strings.Contains(t, "\n") && strings.ContainsAny(t, `'"`) {
		joined = implicitConcatRe.ReplaceAllString(t, "")
	}
	for _, m := range hexLitRe.FindAllStringSubmatch(joined, 50*btoi(hasRun(joined, isHexByte, 12))) {
		if b, err := hex.DecodeString(m[1]); err == nil {
			keep(b)
		}
	}
	for _, m := range escHexRe.FindAllString(t, 50*btoi(strings.Contains(t, `\x`))) {
		var b []byte
		for i := 0; i+4 <= len(m); i += 4 {
			v, _ := strconv.ParseUint(m[i+2:i+4], 16, 8)
			b = append(b, byte(v))
		}
		keep(b)
	}
	for _, m := range b64Runs(joined, 50) {
		if !strings.ContainsAny(m, "0123456789+/=") && strings.ToLower(m) == m {
			continue // a plain word
		}
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding} {
			if b, err := enc.DecodeString(m); err == nil {
				keep(b)
				break
			}
		}
	}
	for _, re := range []*lazyRegexp{charCodesRe, chrCallsRe} {
		if re == charCodesRe && !digitComma(t) || re == chrCallsRe && !strings.Contains(t, "chr(") {
			continue
		}
		for _, m := range re.FindAllString(t, 50) {
			var b []byte
			ok := true
			for _, d := range digitsRe.FindAllString(m, -1) {
				v, _ := strconv.Atoi(d)
				if v < 32 || v > 126 {
					ok = false
					break
				}
				b = append(b, byte(v))
			}
			if ok {
				keep(b)
			}
		}
	}
	if (strings.Contains(t, "13") || strings.Contains(t, "-") && mayFold(t, rot13Lits)) && rot13MarkRe.MatchString(t) {
		out = append(out, rot13(joined))
	}
	if strings.Contains(t, "rev") || strings.Contains(t, "::-1]") {
		if reverseMarkRe.MatchString(t) {
			// string.reverse("hs | …"), "…"[::-1], "…".split("").reverse(),
			// strrev('…'): the literals read backwards
			for _, m := range quotedLitRe.FindAllStringSubmatch(joined, 50) {
				keep([]byte(reverseString(m[1] + m[2])))
			}
		}
	}
	return out
}

var (
	// reverseMarkRe: a language's way of reversing a string.
	reverseMarkRe = lazyRe(`\bstring\.reverse\b|:reverse\(|\.reverse\b|\[::-1\]|\bstrrev\b|\breverse\s*\(|\brev\b`)
	quotedLitRe   = lazyRe(`"([^"\n]{8,})"|'([^'\n]{8,})'`)
)

func reverseString(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// codeLines drops the comment lines of a text, and its block comments and
// docstrings (a triple-quoted string that is a statement by itself, /* … */,
// =begin … =end, <# … #>, --[[ … ]]).
func codeLines(t string) string {
	if !strings.ContainsAny(t, "#/-;*<Rr\"'=") {
		return t
	}
	lines := strings.Split(t, "\n")
	out := lines[:0]
	end := "" // the end of the block comment the line is in
	for _, l := range lines {
		trim := strings.TrimSpace(l)
		if end != "" {
			if strings.Contains(trim, end) {
				end = ""
			}
			continue
		}
		if open, close, ok := blockOpens(trim); ok {
			if rest := strings.TrimPrefix(trim, open); !strings.Contains(rest, close) {
				end = close
			}
			continue
		}
		if trim == "" || !strings.ContainsRune("#/-;*<Rr", rune(trim[0])) || !commentLineRe.MatchString(l) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// blockOpens: the line starts a block comment or a docstring.
func blockOpens(trim string) (open, close string, ok bool) {
	for _, b := range [][2]string{{`"""`, `"""`}, {"'''", "'''"}, {"/*", "*/"}, {"=begin", "=end"}, {"<#", "#>"}, {"--[[", "]]"}} {
		if strings.HasPrefix(trim, b[0]) {
			return b[0], b[1], true
		}
	}
	return "", "", false
}

// scanText reads one text.
func scanText(t string, secretRe *regexp.Regexp, secretLits []string) textScan {
	var s textScan
	code := codeLines(t)
	folded := code
	if mayConcat(code) {
		folded = concatRe.ReplaceAllStringFunc(code, func(m string) string {
			if m[0] == m[len(m)-1] {
				return ""
			}
			return m
		})
	}
	if strings.Contains(folded, ".join(") {
		folded = joinListRe.ReplaceAllStringFunc(folded, func(m string) string {
			inner := joinListRe.FindStringSubmatch(m)[1]
			return `"` + listSepRe.ReplaceAllString(strings.Trim(inner, `'" `), "") + `"`
		})
	}
	decoded := decodeText(code)
	for _, d := range decoded {
		if hiddenWorkRe.MatchString(d) && !strings.Contains(code, d) {
			s.hidden = d
			break
		}
	}
	view := folded
	if len(decoded) > 0 {
		view += "\n" + strings.Join(decoded, "\n")
	}
	s.downloadRun = downloadRun(view)
	if mayFold(view, socketLits) && fdShellRe.MatchString(view) && socketRe.MatchString(view) && interactiveShellRe.MatchString(view) {
		s.reverseShell = strings.TrimSpace(interactiveShellRe.FindString(view))
	}
	if m := secretIn(view, homeSecretRe.get(), homeSecretLits); m != "" {
		s.secret = strings.TrimLeft(m, ` '"/=:(,\`)
	} else if m := secretIn(view, secretRe, secretLits); m != "" {
		s.secret = strings.TrimLeft(m, ` '"/=:(,`)
	} else if containsAny(view, "env", "Env", "ENV") {
		if m := wholeEnvRe.FindString(view); m != "" {
			s.secret = "the whole environment (" + strings.TrimSpace(m) + ")"
		}
	}
	// uploadFileRe's forms with --data, -d and -F name the file with @
	if containsAny(view, "--post-file", "--body-file", "--upload-file", "-T") || strings.Contains(view, "@") && containsAny(view, "--data", "-d", "-F") {
		s.upload = strings.TrimSpace(uploadFileRe.FindString(view))
	}
	if s.upload != "" && s.secret == "" && dotEnvRe.MatchString(view) {
		s.secret = "the project's .env file"
	}
	if s.secret != "" || s.upload != "" {
		// a way out only counts with a credential or an upload
		// (textFallback): looked for only then
		s.sink = sinkIn(view)
	}
	return s
}

// downloadRun finds a line that pipes a download into an interpreter. A
// message that shows such a line (an install hint printed to the user, a
// guard's reason) is not one: the line starts by printing and the pipe is
// inside the quoted text, with nothing after it that runs or stores it.
// What a hook prints to the model is judged by the output analysis.
func downloadRun(view string) string {
	if !strings.Contains(view, "://") {
		return ""
	}
	for _, line := range strings.Split(view, "\n") {
		if !strings.Contains(line, "://") {
			continue // each pattern has the URL on the line
		}
		lower := foldLower(line)
		for i, re := range []*lazyRegexp{downloadRunRe, runDownloadRe, evalFetchRe, fetchThenEvalRe} {
			if !containsAny(lower, downloadRunLits[i]...) || i == 0 && !containsAny(lower, downloadRunInterps...) {
				continue // a word the pattern needs is not on the line
			}
			loc := re.FindStringIndex(line)
			if loc == nil {
				continue
			}
			m := line[loc[0]:loc[1]]
			if h := hostsIn(m); len(h) > 0 && (loopback(h[0].Host) || docHost(h[0].Host)) {
				continue
			}
			if inMessage(line, loc[0], loc[1]) || dataLineRe.MatchString(line) {
				continue
			}
			return m
		}
	}
	return ""
}

// downloadRunLits are, for each of downloadRun's patterns in order, the
// words (in lower case) one of which it needs: downloadRunRe the pipe
// after the URL; runDownloadRe the interpreter's "$(", "<(" or iex/
// invoke-expression call; evalFetchRe and fetchThenEvalRe the word that
// evaluates (instance_eval and class_eval contain eval, loadstring load).
//
// downloadRunRe needs one of downloadRunInterps as well: the interpreter
// the download is piped into ($SHELL and every sh end in sh).
var downloadRunInterps = []string{"sh", "python", "perl", "ruby", "node", "iex", "invoke-expression"}

var downloadRunLits = [4][]string{
	{"|"},
	{"$(", "<(", "iex", "invoke-expression"},
	{"eval", "exec", "iex", "invoke-expression", "function", "runinthiscontext", "load"},
	{"eval", "exec", "function", "runinthiscontext"},
}

// inMessage: line[i:j] lies inside a quoted string printed as a message
// (echo '…', printf "…", print("…"), console.error(`…`), a log call),
// and nothing after the string runs or stores it.
func inMessage(line string, i, j int) bool {
	locs := messageCallRe.FindAllStringIndex(line[:i], -1)
	if len(locs) == 0 {
		return false
	}
	start := locs[len(locs)-1][1] - 1 // the opening quote
	q := line[start]
	if strings.IndexByte(line[start+1:i], q) >= 0 {
		return false // the string closed before the match
	}
	end := strings.IndexByte(line[j:], q)
	if end < 0 {
		return false
	}
	after := line[j+end+1:]
	return !strings.Contains(after, ">>") && !pipeAfterRe.MatchString(after)
}

// dataLineRe: a line that is only a string literal (an element of a list
// of examples a guard refuses).
var dataLineRe = lazyRe(`^\s*(?:"[^"]*"|'[^']*')\s*,?\s*$`)

var (
	messageCallRe = lazyRe(`(?i)(?:^|[\s;&|({])(?:echo(?:\s+-[neE]+)?|printf|print|puts|say|warn|die|console\.\w+|write-(?:host|output|warning)|[\w.]*(?:msg|message|log|hint|warn|info|error|notify)\w*)\s*\(?\s*['"` + "`" + `]`)
	pipeAfterRe   = lazyRe(`\|\s*["']?(?:ba|z|da)?sh\b|\|\s*["']?\$\{?SHELL`)
)

// secretIn finds a credential the text names outside a printed message
// ("no keys in ~/.ssh" shown to the user reads nothing).
func secretIn(view string, re *regexp.Regexp, lits []string) string {
	if lits != nil && !containsAny(view, lits...) || !re.MatchString(view) {
		return ""
	}
	for _, line := range strings.Split(view, "\n") {
		for _, loc := range re.FindAllStringIndex(line, -1) {
			if !inMessage(line, loc[0], loc[1]) {
				return line[loc[0]:loc[1]]
			}
		}
	}
	return ""
}

// sinkIn finds a way out: an address on a line that talks to the network
// (curl URL, urlopen("…"), nc HOST, dig X.domain), not one only named in a
// message or a comment.
func sinkIn(view string) string {
	if !mayFold(view, netVerbLits) || !netVerbRe.MatchString(view) {
		return ""
	}
	for _, line := range strings.Split(view, "\n") {
		if !netVerbRe.MatchString(line) {
			continue
		}
		if !hostLitRe.MatchString(line) {
			// aws sqs send-message --queue-url "$Q": the address a
			// variable of the same text was given (Q=https://…)
			line += " " + assignedAddrs(view, line)
		}
		for _, loc := range hostLitRe.FindAllStringSubmatchIndex(line, -1) {
			if inMessage(line, loc[0], loc[1]) {
				continue // an address only shown in a printed text
			}
			var h string
			for g := 2; g+1 < len(loc); g += 2 {
				if loc[g] >= 0 {
					h += line[loc[g]:loc[g+1]]
				}
			}
			if i := strings.IndexByte(h, '/'); i >= 0 {
				h = h[:i]
			}
			if h == "" || loopback(h) || privateAddr(h) || docHost(h) {
				continue
			}
			return h
		}
	}
	return ""
}

// assignedAddrs are the values of the shell variables line uses that view
// assigns an address to (NAME=https://…), space-separated.
func assignedAddrs(view, line string) string {
	var out []string
	for _, m := range shellVarUseRe.FindAllStringSubmatch(line, 8) {
		name := m[1] + m[2]
		re, err := regexp.Compile(`(?m)(?:^|[\s;])(?:export\s+|local\s+|readonly\s+)?` + regexp.QuoteMeta(name) + `=["']?((?:https?|wss?|ftps?)://[^\s'"]+)`)
		if err != nil {
			continue
		}
		if a := re.FindStringSubmatch(view); a != nil {
			out = append(out, a[1])
		}
	}
	return strings.Join(out, " ")
}

var shellVarUseRe = lazyRe(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)

// privateAddr: an address of this machine's own networks (10/8, 192.168/16,
// 172.16/12) or a version-like number (1.2.3.4 in "version 1.2.3.4").
func privateAddr(h string) bool {
	return strings.HasPrefix(h, "10.") || strings.HasPrefix(h, "192.168.") || strings.HasPrefix(h, "172.16.") || strings.HasPrefix(h, "0.")
}

// docHost: a host only named as a reference (schemas, documentation).
func docHost(h string) bool {
	h = strings.ToLower(h)
	for _, d := range []string{"www.w3.org", "w3.org", "json-schema.org", "schema.org", "example.com", "example.org", "example.net", "xmlns.com", "purl.org"} {
		if h == d {
			return true
		}
	}
	return false
}

// textFallback reads every text the hook runs as text (see above).
func (a *analyzer) textFallback() {
	if a.sub {
		return
	}
	var secret, upload, secretFile string
	lits := a.opt.Cache.secretLitsOf(a)
	for i, t := range a.rawTexts {
		// the hook's own command is read as it is: a project's hooks
		// rarely share one, and keeping the reading of each would hold
		// one entry per hook for the whole command (a list of 100,000)
		c := a.opt.Cache
		if i == 0 && t == a.ownText {
			c = nil
		}
		s := c.scan(t, a.secretText(), lits)
		src := Source{Text: shortText(firstLine(t), 80)}
		if s.downloadRun != "" {
			a.add(Finding{Category: DownloadExec, Severity: LevelCritical, Source: src,
				Summary: fmt.Sprintf("pipes a download into an interpreter (%s), in text the hook runs", shortText(s.downloadRun, 90))})
		}
		if s.reverseShell != "" {
			a.add(Finding{Category: ReverseShell, Severity: LevelCritical, Source: src,
				Summary: fmt.Sprintf("connects a socket to another machine and hands it a shell (%s): whoever is at the other end runs commands as you", shortText(s.reverseShell, 40))})
		}
		if s.hidden != "" {
			a.add(Finding{Category: Obfuscation, Severity: LevelCritical, Source: src,
				Summary: fmt.Sprintf("hides code behind an encoding: a literal decodes to %q", shortText(oneLine(s.hidden), 90))})
		}
		if s.secret != "" && s.sink != "" {
			if issuedBy(s.secret, s.sink) {
				// a credential used with the service that issued it (the gh
				// token with api.github.com): the file talks to its owner
				a.add(Finding{Category: Network, Severity: LevelReview, Source: src,
					Summary: fmt.Sprintf("names %s and talks to %s, the service it belongs to", shortText(s.secret, 60), s.sink)})
			} else {
				a.add(Finding{Category: Exfiltration, Severity: LevelCritical, Source: src,
					Summary: fmt.Sprintf("names %s and talks to %s in the same file: it can send it there", shortText(s.secret, 60), s.sink)})
			}
		}
		if s.secret != "" && secret == "" {
			secret, secretFile = s.secret, src.Text
		}
		if s.upload != "" && s.sink != "" && upload == "" {
			upload = s.sink
		}
	}
	if secret != "" && upload != "" {
		a.add(Finding{Category: Exfiltration, Severity: LevelCritical, Source: Source{Text: secretFile},
			Summary: fmt.Sprintf("names %s in one file and uploads a file to %s in another: it can send it there", shortText(secret, 60), upload)})
	}
}

func firstLine(t string) string {
	if i := strings.IndexByte(t, '\n'); i >= 0 {
		return t[:i]
	}
	return t
}

// scanKey identifies a text read with one secret pattern.
type scanKey struct {
	re   *regexp.Regexp
	text string
}

// scan reads a text once per cache (a script many hooks run, or the same
// command in several agents' files).
func (c *Cache) scan(t string, secretRe *regexp.Regexp, secretLits []string) textScan {
	if c == nil {
		return scanText(t, secretRe, secretLits)
	}
	k := scanKey{secretRe, t}
	c.mu.Lock()
	s, ok := c.scans[k]
	c.mu.Unlock()
	if ok {
		return s
	}
	s = scanText(t, secretRe, secretLits)
	c.mu.Lock()
	if c.scans == nil {
		c.scans = map[scanKey]textScan{}
	}
	c.scans[k] = s
	c.mu.Unlock()
	return s
}

// issuers are the services whose own credential files a text may name
// while it talks to them: by a word of the file's path, the host suffixes
// of the service.
var issuers = []struct{ path, hosts []string }{
	{[]string{"config/gh", "gh/hosts", "git-credentials"}, []string{"github.com"}},
	{[]string{".aws"}, []string{"amazonaws.com", "aws.amazon.com"}},
	{[]string{".azure"}, []string{"azure.com", "microsoft.com", "windows.net"}},
	{[]string{"gcloud"}, []string{"googleapis.com", "google.com"}},
	{[]string{".docker"}, []string{"docker.io", "docker.com"}},
	{[]string{".npmrc"}, []string{"npmjs.org", "npmjs.com"}},
	{[]string{".pypirc"}, []string{"pypi.org", "python.org"}},
	{[]string{".gem"}, []string{"rubygems.org"}},
}

// issuedBy: the secret is a credential of the service host belongs to.
// Hosts where anyone keeps content (a bucket, a gist, uploads) belong to
// whoever made them, not to the service.
func issuedBy(secret, host string) bool {
	if userContentHostRe.MatchString(host) {
		return false
	}
	for _, is := range issuers {
		named := false
		for _, p := range is.path {
			named = named || strings.Contains(secret, p)
		}
		if !named {
			continue
		}
		for _, h := range is.hosts {
			if host == h || strings.HasSuffix(host, "."+h) {
				return true
			}
		}
	}
	return false
}

var userContentHostRe = lazyRe(`(?i)(?:^|[.-])(?:s3|gist|uploads?|storage|blob|bucket|usercontent|pages|raw)(?:[.-]|$)`)

// homeSecretLits: homeSecretRe matches nothing without one of them.
var homeSecretLits = []string{".ssh", ".aws", ".gnupg", ".kube", ".netrc", ".git-credentials", ".pgpass", ".pypirc", ".password-store", ".azure",
	".docker", ".config", ".gem", "/environ", "id_rsa", "id_ed25519", "id_ecdsa", "id_dsa", "_history"}

func containsAny(s string, subs ...string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// secretTextLits: secretTextRe matches nothing without one of them.
var secretTextLits = []string{".ssh/", ".aws/credentials", ".netrc", ".git-credentials", ".config/gh/hosts.yml", ".docker/config.json", ".kube/config", "/etc/shadow", ".gnupg", ".npmrc", ".pypirc"}

// secretLits are the words a.secretText() cannot match without: its fixed
// ones and the agents' credential mentions.
func (a *analyzer) secretLits() []string {
	lits := append([]string{}, secretTextLits...)
	for _, f := range a.opt.Agents.Credentials {
		if m := f.mention(); m != "" {
			lits = append(lits, m)
		}
	}
	return lits
}

// netVerbLits: netVerbRe matches nothing without one of them (in lower
// case).
var netVerbLits = []string{"invoke-", "sockopen", "netcat", "socat", "curl", "wget", "url", "request", "http", "fetch", "lwp", "iwr", "irm", "webclient", "upload", "socket", "axios",
	"nc", "dig", "nslookup", "host", "scp", "rsync", "sftp", "gsutil", "s3", "swaks", "sendmail", "smtp", "dns", "s_client", "sqs", "sns", "dial",
	".post", ".put", ".patch", ".send"}

func isB64Byte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/'
}

// b64Runs returns what b64Re.FindAllString(t, max) returns — every run
// of 16 or more base64 characters with up to two '=' after it — without
// the regexp machine.
func b64Runs(t string, max int) []string {
	var out []string
	for i := 0; i < len(t) && len(out) < max; {
		if !isB64Byte(t[i]) {
			i++
			continue
		}
		j := i
		for j < len(t) && isB64Byte(t[j]) {
			j++
		}
		if j-i < 16 {
			i = j
			continue
		}
		for k := 0; k < 2 && j < len(t) && t[j] == '='; k++ {
			j++
		}
		out = append(out, t[i:j])
		i = j
	}
	return out
}

// hasRun: the text has n bytes in a row that in accepts.
func hasRun(t string, in func(byte) bool, n int) bool {
	k := 0
	for i := 0; i < len(t); i++ {
		if in(t[i]) {
			if k++; k >= n {
				return true
			}
		} else {
			k = 0
		}
	}
	return false
}

func isHexByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// digitComma: a digit followed (after spaces) by a comma, without which
// charCodesRe matches nothing.
func digitComma(t string) bool {
	for i := strings.IndexByte(t, ','); i >= 0; {
		j := i - 1
		for j >= 0 && (t[j] == ' ' || t[j] == '\t' || t[j] == '\n' || t[j] == '\r' || t[j] == '\f' || t[j] == '\v') {
			j--
		}
		if j >= 0 && t[j] >= '0' && t[j] <= '9' {
			return true
		}
		k := strings.IndexByte(t[i+1:], ',')
		if k < 0 {
			return false
		}
		i += k + 1
	}
	return false
}

// mayConcat: a quote, then (after white space) + or ., then (after white
// space and dots) a quote — without which concatRe matches nothing.
func mayConcat(t string) bool {
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' }
	for i := 0; i < len(t); i++ {
		if t[i] != '\'' && t[i] != '"' {
			continue
		}
		j := i + 1
		for j < len(t) && isSpace(t[j]) {
			j++
		}
		if j >= len(t) || t[j] != '+' && t[j] != '.' {
			continue
		}
		j++
		for j < len(t) && (isSpace(t[j]) || t[j] == '.') {
			j++
		}
		if j < len(t) && (t[j] == '\'' || t[j] == '"') {
			return true
		}
	}
	return false
}

// hiddenWorkLits: hiddenWorkRe matches nothing without one of them (in
// lower case).
var hiddenWorkLits = []string{"://", "|", "curl", "wget", "child_process", "subprocess", "os.system", "urllib", "urlopen", "execsync",
	"shell_exec", "powershell", "invoke-expression", "/dev/tcp", "system"}

// hiddenWork is hiddenWorkRe.Match, tried only when a word it needs is there.
func hiddenWork(b []byte) bool {
	return mayFold(string(b), hiddenWorkLits) && hiddenWorkRe.Match(b)
}

var (
	socketLits = []string{"socket", "sockopen", "connect"}
	rot13Lits  = []string{"za-m"}
)

// mayFold: a case-insensitive pattern that needs one of lits (in lower
// case) may match t. Text is judged by its lower case; of the characters
// outside ASCII, only the Kelvin sign and the long s fold onto ASCII
// letters (k and s, as unicode.SimpleFold says), and ToLower turns the
// Kelvin sign into k but leaves the long s, which is made an s here.
func mayFold(t string, lits []string) bool {
	return containsAny(foldLower(t), lits...)
}

// foldLower is t in lower case with the long s made an s: a literal a
// case-insensitive pattern needs is in it, in lower case, where the
// pattern matches t.
func foldLower(t string) string {
	lower := strings.ToLower(t)
	for i := 0; i < len(t); i++ {
		if t[i] >= 0x80 {
			return strings.ReplaceAll(lower, "ſ", "s")
		}
	}
	return lower
}
