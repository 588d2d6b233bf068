package risk

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// stdinOf is what a command reads on stdin: the pipe or redirection, or
// the hook's input when nothing else is connected.
func stdinOf(in *value) value {
	if in != nil {
		return *in
	}
	return value{t: payloadTaint()}
}

var curlWithArg = set("-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--data-urlencode", "--json", "-F", "--form", "--form-string",
	"-T", "--upload-file", "-H", "--header", "-o", "--output", "-X", "--request", "-u", "--user", "-A", "--user-agent", "-e", "--referer",
	"-b", "--cookie", "-c", "--cookie-jar", "-x", "--proxy", "--url", "-K", "--config", "-w", "--write-out", "-m", "--max-time",
	"--connect-timeout", "--retry", "-C", "-r", "--range", "--resolve", "--cacert", "--cert", "--key", "-E", "-Y", "-y", "-z", "--limit-rate",
	"-U", "--proxy-user", "--oauth2-bearer", "--retry-delay", "--retry-max-time", "--interface", "--dns-servers", "-D", "--dump-header", "--variable", "--expand-data", "--expand-url",
	"--preproxy", "--connect-to", "--socks4", "--socks4a", "--socks5", "--socks5-hostname")

// proxyVars are the variables curl and wget take a proxy from: the data
// then goes to the proxy, whatever the URL says.
var proxyVars = []string{"http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "ftp_proxy", "FTP_PROXY"}

var wgetWithArg = set("-O", "--output-document", "-o", "--output-file", "-a", "--post-data", "--post-file", "--body-data", "--body-file", "--header",
	"-U", "--user-agent", "--method", "-P", "--directory-prefix", "-t", "--tries", "-T", "--timeout", "-e", "--execute", "--user", "--password", "-i", "--input-file")

var filters = set("grep", "egrep", "fgrep", "rg", "sed", "awk", "gawk", "mawk", "cut", "sort", "uniq", "head", "tail", "tr", "fold", "fmt",
	"column", "paste", "nl", "iconv", "gzip", "bzip2", "xz", "zstd", "base32", "od", "hexdump", "strings", "cat", "tac", "less", "more", "python-json", "yq", "fx", "gron", "sponge", "dos2unix", "expand")

// program analyses a program run with its arguments, and returns what it
// writes on stdout.
func (sh *shell) program(base string, name field, args []field, n syntax.Node, s *syntax.Stmt, in *value) value {
	pd := sh.a.hook.ProjectDir
	if (base == "exit" || base == "return") && sh.inputCond > 0 && sh.nested == 0 {
		sh.exitsEarly = true // what it prints after runs on some inputs only
	}
	for _, h := range handlerOf(base) {
		if out, ok := h(sh, progCall{base: base, name: name, args: args, n: n, s: s, in: in}); ok {
			return out
		}
	}
	if slices.Contains(sh.a.opt.Agents.Programs, base) {
		out, _ := progClaude(sh, progCall{base: base, name: name, args: args, n: n, s: s, in: in})
		return out
	}
	if strings.HasPrefix(base, "mkfs") || base == "mke2fs" || base == "newfs" {
		sh.find(n, Destructive, LevelCritical, "formats a disk with %s", base)
		return value{}
	}
	if strings.HasPrefix(base, "python") && pythonVersionedRe.MatchString(base) {
		return sh.interpreter(base, args, n, in, set("-c"), set("-m"), set("-W", "-X"))
	}
	if strings.Contains(name.s, "/") && !systemProgram(name.s) {
		sh.addressOptions(args, n) // ./hook.py --server-url "$URL"
	}
	// A program run by path: downloaded before?
	if ep, ok := sh.downloadedAt(normPath(name.s, pd)); ok {
		sh.downloadExec(ep, n, "runs a program it downloaded from %s")
	}
	// Every other program: what it reads from a pipe flows on to its
	// output (md5sum, sed, a formatter…); for filters also the hook's input.
	if filters[base] {
		out := stdinOf(in)
		if in == nil && len(args) > 0 && base != "cat" {
			out = value{}
		}
		out.known = false
		return out
	}
	if in != nil {
		return value{t: in.t}
	}
	return value{}
}

func hasFlagPrefix(flags []flag, prefix string) bool {
	for _, f := range flags {
		if strings.HasPrefix(f.name, prefix) && !strings.HasPrefix(f.name, "--") {
			return true
		}
	}
	return false
}

func systemDir(p string) bool {
	for _, d := range []string{"/etc", "/usr", "/var", "/bin", "/sbin", "/boot", "/lib", "/lib64", "/opt", "/srv", "/System", "/Library", "/Applications", "/home", "/Users", "/root", "/private", "/dev", "/proc", "/sys"} {
		if p == d || strings.HasPrefix(p, d+"/") && strings.Count(p, "/") <= 2 && d != "/dev" && d != "/proc" && d != "/sys" {
			return true
		}
	}
	return false
}

// printOut is the output of echo and printf, with their escapes.
func (sh *shell) printOut(base string, args []field, n syntax.Node) value {
	out := value{known: true}
	esc := false
	var parts []string
	i := 0
	if base == "echo" {
		for ; i < len(args) && echoFlagsRe.MatchString(args[i].s); i++ {
			if strings.Contains(args[i].s, "e") {
				esc = true
			}
		}
	}
	rest := args[i:]
	if base == "printf" {
		if len(rest) > 0 && rest[0].s == "-v" && len(rest) > 2 {
			name := rest[1].s
			v := sh.printf(rest[2:])
			sh.vars[name] = v
			return value{}
		}
		v := sh.printf(rest)
		sh.printed(v.s, n)
		return v
	}
	for _, a := range rest {
		parts = append(parts, a.s)
		out.known = out.known && a.known
		out.merge(a.value)
	}
	out.s = strings.Join(parts, " ")
	if esc {
		if s, did := decodeEscapes(out.s, false); did {
			out.s, out.decoded = s, true
		}
	}
	out.s += "\n"
	sh.permissionMode(out, n)
	sh.printed(out.s, n)
	return out
}

// printed records text this shell writes on its output.
func (sh *shell) printed(text string, n syntax.Node) {
	sh.a.print(printed{text: text, src: sh.source(n), cond: sh.cond > 0 || sh.exitsEarly})
}

// printf formats literal arguments (enough for %s, %b and escapes).
func (sh *shell) printf(args []field) value {
	if len(args) == 0 {
		return value{known: true}
	}
	out := value{known: true}
	for _, a := range args {
		out.known = out.known && a.known
		out.merge(a.value)
	}
	format, did := decodeEscapes(args[0].s, false)
	rest := args[1:]
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 >= len(format) {
			b.WriteByte(format[i])
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("-+ #0123456789.", format[j]) >= 0 {
			j++
		}
		if j >= len(format) {
			break
		}
		verb := format[j]
		i = j
		if verb == '%' {
			b.WriteByte('%')
			continue
		}
		arg := ""
		if len(rest) > 0 {
			arg = rest[0].s
			rest = rest[1:]
		}
		if verb == 'b' {
			s, d := decodeEscapes(arg, false)
			did = did || d
			arg = s
		}
		b.WriteString(arg)
	}
	out.s = b.String()
	out.decoded = out.decoded || did
	return out
}

// permissionMode: output that switches an agent's permission checks off.
func (sh *shell) permissionMode(out value, n syntax.Node) {
	if strings.Contains(out.s, "bypassPermissions") && (strings.Contains(out.s, "setMode") || strings.Contains(out.s, "defaultMode") || strings.Contains(out.s, "updatedPermissions")) {
		sh.find(n, SelfTampering, LevelCritical, "tells the agent to switch its permission checks off (bypassPermissions)")
	}
}

// decoder applies base64 -d, xxd -r, rev, tr, gunzip to known text.
func (sh *shell) decoder(base string, args []field, in value) (value, bool) {
	flags, pos := options(args, nil, false)
	decodeFlag := hasFlag(flags, "-d", "--decode", "-D", "-r")
	src := in
	if len(pos) > 0 && base != "tr" && base != "openssl" {
		src = sh.readFile(pos[0].value, nil)
	}
	out := value{t: src.t, decoded: true, known: false}
	switch base {
	case "base64", "basenc", "uudecode":
		if !decodeFlag && base != "uudecode" {
			return value{}, false
		}
		if src.known {
			if b, err := base64.StdEncoding.DecodeString(stripSpace(src.s)); err == nil {
				out.s, out.known = string(b), true
			} else if b, err := base64.RawStdEncoding.DecodeString(strings.TrimRight(stripSpace(src.s), "=")); err == nil {
				out.s, out.known = string(b), true
			}
		}
		return out, true
	case "openssl":
		j := joinFields(args).s
		if !(strings.Contains(j, "base64") || strings.Contains(j, "-a")) || !strings.Contains(j, "-d") {
			return value{}, false
		}
		if src.known {
			if b, err := base64.StdEncoding.DecodeString(stripSpace(src.s)); err == nil {
				out.s, out.known = string(b), true
			}
		}
		return out, true
	case "xxd":
		if !hasFlag(flags, "-r") {
			return value{}, false
		}
		if src.known {
			if b, err := hex.DecodeString(stripSpace(src.s)); err == nil {
				out.s, out.known = string(b), true
			}
		}
		return out, true
	case "rev":
		if src.known {
			lines := strings.Split(strings.TrimSuffix(src.s, "\n"), "\n")
			for i, l := range lines {
				r := []rune(l)
				for a, b := 0, len(r)-1; a < b; a, b = a+1, b-1 {
					r[a], r[b] = r[b], r[a]
				}
				lines[i] = string(r)
			}
			out.s, out.known = strings.Join(lines, "\n")+"\n", true
		}
		return out, true
	case "tr":
		if len(pos) < 2 || hasFlag(flags, "-d", "-s", "-c") {
			return value{}, false
		}
		from, to := expandTr(pos[0].s), expandTr(pos[1].s)
		if !letterMap(from, to) {
			return value{}, false
		}
		if src.known {
			m := map[rune]rune{}
			tr := []rune(to)
			for i, r := range []rune(from) {
				if len(tr) > 0 {
					m[r] = tr[min(i, len(tr)-1)]
				}
			}
			var b strings.Builder
			for _, r := range src.s {
				if x, ok := m[r]; ok {
					r = x
				}
				b.WriteRune(r)
			}
			out.s, out.known = b.String(), true
		}
		return out, true
	case "gunzip", "gzip":
		if base == "gzip" && !decodeFlag {
			return value{}, false
		}
		return gunzip(src), true
	}
	return value{}, false
}

func gunzip(src value) value {
	out := value{t: src.t, decoded: true}
	if src.known {
		if r, err := gzip.NewReader(strings.NewReader(src.s)); err == nil {
			if b, err := io.ReadAll(io.LimitReader(r, 1<<20)); err == nil {
				out.s, out.known = string(b), true
			}
		}
	}
	return out
}

func (sh *shell) openssl(args []field, n syntax.Node, in value) value {
	j := joinFields(args).s
	if strings.Contains(j, "s_client") {
		for i, a := range args {
			if a.s == "-connect" && i+1 < len(args) {
				ep := bareHost(args[i+1].s)
				if !ep.Dynamic {
					ep.Host = args[i+1].s
				}
				sh.network(ep, in.t, taints{}, n, "sends data to")
				return value{sock: &ep}
			}
		}
	}
	if strings.Contains(j, "enc") && strings.Contains(j, "-d") {
		return value{t: in.t, decoded: true}
	}
	return value{t: in.t}
}

func stripSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\t' || r == '\r' {
			return -1
		}
		return r
	}, s)
}

// expandTr expands tr's ranges (a-z) and classes ([:lower:]).
func expandTr(s string) string {
	s = strings.NewReplacer("[:lower:]", "a-z", "[:upper:]", "A-Z", "[:alpha:]", "A-Za-z").Replace(s)
	var b strings.Builder
	r := []rune(s)
	for i := 0; i < len(r); i++ {
		if i+2 < len(r) && r[i+1] == '-' && r[i] <= r[i+2] {
			for c := r[i]; c <= r[i+2]; c++ {
				b.WriteRune(c)
			}
			i += 2
			continue
		}
		b.WriteRune(r[i])
	}
	return b.String()
}

// letterMap: tr maps letters onto letters in another order (rot13 and
// other ciphers), not a case change or a simple character swap.
func letterMap(from, to string) bool {
	if len(from) < 13 || len(from) != len(to) {
		return false
	}
	if strings.ToUpper(from) == to || strings.ToLower(from) == to {
		return false
	}
	return from != to
}

// interpreter handles python, node, perl … with inline code, stdin or a
// script (scripts are followed by the analyser).
func (sh *shell) interpreter(base string, args []field, n syntax.Node, in *value, codeFlags, moduleFlags, withArg map[string]bool) value {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if base == "deno" && a.s == "run" || base == "bun" && a.s == "run" {
			continue
		}
		if i == 0 && (base == "bun" && (a.s == "add" || a.s == "install" || a.s == "i" || a.s == "update") || base == "deno" && (a.s == "install" || a.s == "add")) {
			// bun add zod, bun install, deno install -g …: packages from
			// the network, with their install scripts
			sh.projectInstall(base+" "+a.s, n)
			return value{}
		}
		if (base == "deno" || base == "bun") && (a.s == "x" || a.s == "eval") {
			if a.s == "x" {
				sh.packageRunner("bunx", args[i+1:], n)
				return value{}
			}
			if i+1 < len(args) {
				sh.code(base, args[i+1], n)
			}
			return value{}
		}
		if codeFlags[a.s] && i+1 < len(args) {
			sh.code(base, args[i+1], n)
			return value{}
		}
		if a.known && len(a.s) > 2 && len(a.s) <= 5 && a.s[0] == '-' && a.s[1] != '-' && onlyLetters(a.s[1:]) && codeFlags["-"+a.s[len(a.s)-1:]] && i+1 < len(args) {
			sh.code(base, args[i+1], n) // python3 -Ic, perl -ne
			return value{}
		}
		if moduleFlags[a.s] && i+1 < len(args) {
			mod := args[i+1].s
			if mod == "http.server" || mod == "SimpleHTTPServer" || mod == "pyftpdlib" {
				dir := sh.cwd
				for k := i + 2; k+1 < len(args); k++ {
					if args[k].s == "-d" || args[k].s == "--directory" {
						dir = args[k+1].s
					}
				}
				sh.servesDir(dir, "python -m "+mod, n)
			}
			if mod == "pip" && i+2 < len(args) && args[i+2].s == "install" {
				sh.find(n, RemotePackage, LevelReview, "installs Python packages from the network at hook time")
			}
			return value{}
		}
		if withArg[a.s] {
			// node -r ./pre.js, --import ./x.mjs: a file it loads first
			if (a.s == "-r" || a.s == "--require" || a.s == "--import" || a.s == "--loader") && i+1 < len(args) &&
				(strings.HasPrefix(args[i+1].s, ".") || strings.HasPrefix(args[i+1].s, "/")) {
				sh.follow(args[i+1].value, "node")
			}
			i++
			continue
		}
		if strings.HasPrefix(a.s, "-") && a.s != "-" {
			continue
		}
		if a.s == "-" {
			sh.execText(stdinOf(in), n, base)
			return value{}
		}
		if a.net != nil {
			sh.downloadExec(*a.net, n, "runs a script it downloads from %s with "+base)
			return value{}
		}
		if !a.known && a.decoded {
			sh.find(n, Obfuscation, LevelCritical, "runs a %s script it decodes at run time", base)
		}
		if m := urlRe.FindStringSubmatch(a.s); m != nil && strings.HasPrefix(a.s, m[0]) {
			ep := hostOf(m[2])
			if loopback(ep.Host) {
				return value{}
			}
			if knownCodeHost(ep.Host) {
				sh.find(n, RemotePackage, LevelReview, "runs a script fetched from %s at hook time", ep)
				return value{}
			}
			sh.downloadExec(ep, n, "runs a script it downloads from %s with "+base)
			return value{}
		}
		if ep, ok := sh.downloadedAt(normPath(a.s, sh.a.hook.ProjectDir)); ok {
			sh.downloadExec(ep, n, "runs a script it downloaded from %s")
		}
		sh.addressOptions(args[i+1:], n)
		sh.follow(a.value, base)
		return value{}
	}
	if in != nil {
		sh.execText(*in, n, base)
	}
	return value{}
}

// addressOptRe: an option that names where a script sends
// (--server-url, --webhook, --endpoint=…, --host).
var addressOptRe = lazyRe(`(?i)^--?[a-z0-9_-]*(?:url|uri|host|endpoint|server|webhook|addr|address)[a-z0-9_-]*(?:=|$)`)

// addressOptions: the words after a script name pass it an address
// (--server-url "$OBS_URL", --webhook https://…). The script's reading
// takes an option's default as its address (optionDefault); one the
// command line passes is this machine only when it is written out so.
func (sh *shell) addressOptions(args []field, n syntax.Node) {
	for k, a := range args {
		if !strings.HasPrefix(a.s, "-") || !addressOptRe.MatchString(a.s) {
			continue
		}
		v := a.value
		if i := strings.IndexByte(a.s, '='); i >= 0 {
			v = value{s: a.s[i+1:], known: a.known}
		} else if k+1 < len(args) {
			v = args[k+1].value
		} else {
			continue
		}
		ep := endpoint{Dynamic: true}
		if v.known && !strings.ContainsAny(v.s, "$`") {
			if eps := hostsIn(v.s); len(eps) > 0 {
				ep = eps[0]
			} else if v.s != "" {
				ep = bareHost(v.s)
			}
		}
		if !ep.Dynamic && loopback(ep.Host) {
			continue
		}
		sh.find(n, Network, LevelReview, "passes the address %s to the script it runs, which may send there what it reads", ep)
	}
}

// onlyLetters: s is a bundle of single-letter options (-ne, -lne, -Ic),
// not an option with a value (-MFile::Path=remove_tree).
func onlyLetters(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// code analyses inline interpreter code (python -c, node -e).
func (sh *shell) code(base string, a field, n syntax.Node) {
	if a.net != nil {
		sh.downloadExec(*a.net, n, "runs code it downloads from %s with "+base)
		return
	}
	if !a.known {
		if a.decoded {
			sh.find(n, Obfuscation, LevelCritical, "runs %s code it decodes at run time", base)
		}
		// code with a part the shell fills in ("… $PATH …", "$1"): the
		// rest is still code, read with the part as its placeholder
		if a.decoded || a.s == "" || strings.HasPrefix(strings.TrimSpace(a.s), "$") {
			return
		}
	}
	if a.decoded {
		sh.find(n, Obfuscation, LevelCritical, "runs hidden %s code that it decodes at run time", base)
	}
	src := sh.source(a.w)
	if a.w == nil {
		src = sh.source(n)
	}
	sh.a.scriptCode(sh.file, a.s, langOfProg(base), &src, sh.depth)
}

// shellProg: bash -c TEXT, bash < x, bash -i >& /dev/tcp/….
func (sh *shell) shellProg(base string, args []field, n syntax.Node, s *syntax.Stmt, in *value) value {
	interactive := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.s == "-c" || (len(a.s) > 1 && a.s[0] == '-' && a.s[1] != '-' && strings.HasSuffix(a.s, "c")):
			if i+1 < len(args) {
				// sh -c SCRIPT NAME ARG…: $0, $1… are the words after it
				saved := map[string]*value{}
				for k := 0; k <= 9 && i+2+k < len(args); k++ {
					name := fmt.Sprint(k)
					if old, ok := sh.vars[name]; ok {
						saved[name] = &old
					} else {
						saved[name] = nil
					}
					sh.vars[name] = args[i+2+k].value
				}
				sh.nestedShell(args[i+1].value, n, "-c")
				for name, old := range saved {
					if old == nil {
						delete(sh.vars, name)
					} else {
						sh.vars[name] = *old
					}
				}
			}
			return value{}
		case a.s == "-i" || (len(a.s) > 1 && a.s[0] == '-' && strings.Contains(a.s, "i") && a.s[1] != '-'):
			interactive = true
		case a.s == "-s":
		case a.s == "-o" || a.s == "-O" || a.s == "--rcfile" || a.s == "--init-file":
			i++
		case strings.HasPrefix(a.s, "-") || strings.HasPrefix(a.s, "+"):
		default:
			if a.net != nil {
				sh.downloadExec(*a.net, n, "runs a script it downloads from %s")
			} else if ep, ok := sh.downloadedAt(normPath(a.s, sh.a.hook.ProjectDir)); ok {
				sh.downloadExec(ep, n, "runs a script it downloaded from %s")
			} else if a.decoded && !a.known {
				sh.find(n, Obfuscation, LevelCritical, "runs a shell script it decodes at run time")
			} else {
				if p := normPath(a.s, sh.a.hook.ProjectDir); a.known && sharedTempPath(p) {
					if _, wrote := sh.written[p]; !wrote {
						sh.find(n, Unreadable, LevelReview, "runs %s, from a folder any local user can write, whose content Hookwarden cannot read", shortText(p, 50))
					}
				}
				sh.follow(a.value, base)
			}
			return value{}
		}
	}
	if base == "busybox" && len(args) > 0 {
		return value{}
	}
	if in != nil {
		sh.execText(*in, n, base)
	} else if interactive && len(sh.sockFDs) > 0 {
		for _, ep := range sh.sockFDs {
			sh.reverseShell(ep, n)
			break
		}
	}
	return value{shell: interactive || in != nil}
}

// fetch handles curl, wget and friends: where they connect, what they
// send, where the download goes.
func (sh *shell) fetch(base string, args []field, n syntax.Node, in *value) value {
	withArg := curlWithArg
	if base == "wget" {
		withArg = wgetWithArg
	}
	flags, pos := options(args, withArg, false)
	var data, auth taints
	var eps []endpoint
	outFile := ""
	toStdout := base != "wget" && base != "aria2c"
	for _, fl := range flags {
		if !fl.has {
			if base == "wget" && (fl.name == "-qO-" || fl.name == "-O-") {
				toStdout = true
			}
			continue
		}
		v := fl.val
		switch fl.name {
		case "-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--data-urlencode", "--json", "-F", "--form", "--form-string", "--post-data", "--body-data":
			data.add(v.t)
			if i := strings.Index(v.s, "@"); i >= 0 && fl.name != "--data-raw" {
				file := v.s[i+1:]
				if semi := strings.IndexByte(file, ';'); semi >= 0 {
					file = file[:semi]
				}
				if file == "-" {
					data.add(stdinOf(in).t)
				} else {
					data.add(sh.readFile(value{s: file, known: v.known}, n).t)
				}
			}
		case "-T", "--upload-file", "--post-file", "--body-file":
			if v.s == "-" || v.s == "." {
				data.add(stdinOf(in).t)
			} else {
				data.add(sh.readFile(v.value, n).t)
			}
		case "-H", "--header", "-u", "--user", "--oauth2-bearer", "-b", "--cookie", "--password":
			auth.add(v.t)
		case "-o", "--output", "-O", "--output-document":
			if v.s == "-" {
				toStdout = true
			} else {
				outFile = v.s
				toStdout = false
			}
		case "--url":
			eps = append(eps, sh.urlEndpoint(v)...)
			data.add(v.t)
		case "-x", "--proxy", "--preproxy", "--socks4", "--socks4a", "--socks5", "--socks5-hostname":
			eps = append(eps, proxyEndpoint(v.s))
		case "--resolve", "--connect-to":
			eps = append(eps, redirectEndpoints(fl.name, v.s)...)
		}
	}
	for _, name := range proxyVars {
		if pv, ok := sh.vars[name]; ok && pv.s != "" {
			eps = append(eps, proxyEndpoint(pv.s))
		}
	}
	if hasFlag(flags, "-O", "--remote-name") && base == "curl" {
		toStdout = false
	}
	for _, p := range pos {
		eps = append(eps, sh.urlEndpoint(p)...)
		data.add(p.t)
	}
	if len(eps) == 0 {
		eps = []endpoint{{Dynamic: true}}
	}
	var out value
	for _, ep := range eps {
		if data.has(tTree) && !ep.Dynamic && !loopback(hostName(ep)) && data.serious() == "" {
			// an archive or a copy of the whole project uploaded as a
			// file (zip -r - . | curl -T -, cp -r . /tmp/x; tar; curl -T)
			sh.find(n, Exfiltration, LevelCritical, "uploads the whole project folder (its source and any .env or key files in it) to %s", ep)
		}
		sh.network(ep, data, auth, n, "sends data to")
		e := ep
		if toStdout {
			out.net = &e
		}
		if outFile != "" {
			sh.downloaded[normPath(outFile, sh.a.hook.ProjectDir)] = ep
			sh.write(value{s: outFile, known: true}, value{net: &e}, n)
		}
	}
	if base == "wget" && outFile == "" && !toStdout {
		for _, p := range pos {
			if u := urlRe.FindString(p.s); u != "" {
				sh.downloaded[normPath(path.Base(u), sh.a.hook.ProjectDir)] = eps[0]
			}
		}
	}
	return out
}

// urlEndpoint reads the endpoint of a URL word (a variable URL is dynamic).
func (sh *shell) urlEndpoint(f field) []endpoint {
	if m := urlRe.FindStringSubmatch(f.s); m != nil {
		ep := hostOf(m[2])
		if ep.Dynamic {
			ep.Host = shortText(f.s, 40)
		}
		if _, port, ok := strings.Cut(strings.TrimPrefix(m[2], "["), ":"); ok && loopback(ep.Host) && (port == "2375" || port == "2376") {
			ep.Host += ":" + port // Docker's API: judged by its port
		}
		return []endpoint{ep}
	}
	if strings.HasPrefix(f.s, "$") || !f.known {
		return []endpoint{{Host: shortText(f.s, 40), Dynamic: true}}
	}
	if strings.Contains(f.s, ".") || strings.Contains(f.s, ":") || f.s == "localhost" {
		return []endpoint{bareHost(strings.SplitN(f.s, "/", 2)[0])}
	}
	return nil
}

// network judges data sent to an endpoint.
func (sh *shell) network(ep endpoint, data, auth taints, n syntax.Node, verb string) {
	sh.a.network(ep, data, auth, sh.source(n), verb)
}

func (a *analyzer) network(ep endpoint, data, auth taints, src Source, verb string) {
	if !ep.Dynamic && loopback(hostName(ep)) {
		a.loopbackSink(ep, data, auth, src)
		return
	}
	where := ep.String()
	if ep.Dynamic && ep.Host != "" {
		where = "the address in " + ep.Host
	}
	add := func(c Category, sev Level, format string, args ...any) {
		a.add(Finding{Category: c, Severity: sev, Summary: fmt.Sprintf(format, args...), Source: src})
	}
	if s := data.serious(); s != "" {
		onlyInput := data.kinds&^tMeta == tPayload && len(data.files) == 0 && len(data.vars) == 0
		if onlyInput && ep.Dynamic {
			// its input to an address the user configures (a webhook in
			// an environment variable): a notifier or a logger, whose
			// destination is not in the hook to judge
			add(Network, LevelReview, "sends %s to %s, an address set outside the hook", s, where)
			return
		}
		if onlyInput && !ep.Dynamic {
			for _, v := range auth.vars {
				if serviceOf(strings.TrimPrefix(v, "$"), ep) {
					// the user's own account at that service (an LLM
					// summary with your own key): the session goes
					// there, on purpose
					add(Network, LevelReview, "sends %s to %s with your own key for it (%s)", s, where, v)
					return
				}
			}
		}
		add(Exfiltration, LevelCritical, "sends %s to %s", s, where)
		return
	}
	var own, foreign []string
	for _, v := range data.vars {
		if serviceOf(strings.TrimPrefix(v, "$"), ep) {
			own = append(own, v)
		} else {
			foreign = append(foreign, v)
		}
	}
	if len(foreign) > 0 {
		add(Exfiltration, LevelCritical, "sends the secret %s to %s", joinWords(foreign), where)
		return
	}
	for _, v := range auth.vars {
		if svc := otherService(strings.TrimPrefix(v, "$"), ep); svc != "" {
			add(Exfiltration, LevelCritical, "sends the %s credential %s to %s, which is not %s", svc, v, where, svc)
			return
		}
	}
	creds := append(own, auth.vars...)
	if auth.serious() != "" {
		if ownCredential(auth, ep) {
			add(Network, LevelReview, "authenticates to %s with %s, its own credential", where, auth.serious())
			return
		}
		add(Exfiltration, LevelCritical, "sends %s to %s", auth.serious(), where)
		return
	}
	if len(creds) > 0 {
		add(Network, LevelReview, "authenticates to %s with %s", where, joinWords(appendNew(nil, creds...)))
		return
	}
	if data.has(tMeta) {
		add(Network, LevelReview, "sends fields of its input (such as the event or message) to %s", where)
		return
	}
	if !ep.Dynamic && releaseIndexHosts[strings.ToLower(hostName(ep))] {
		// nothing sent, no credential: a read of a public package index
		// or release list (an update check) tells nobody anything
		return
	}
	add(Network, LevelReview, "%s %s", strings.Replace(verb, "sends data to", "connects to", 1), where)
}

// releaseIndexHosts are the public package indexes and release lists an
// update check reads (versions, tags, release notes).
var releaseIndexHosts = map[string]bool{
	"api.github.com": true, "registry.npmjs.org": true, "registry.yarnpkg.com": true, "pypi.org": true,
	"crates.io": true, "index.crates.io": true, "proxy.golang.org": true, "rubygems.org": true,
	"formulae.brew.sh": true, "api.nuget.org": true,
}

// rawSocket handles nc, ncat, socat, telnet.
func (sh *shell) rawSocket(base string, args []field, n syntax.Node, in *value) value {
	j := " " + joinFields(args).s + " "
	var ep endpoint
	if base == "socat" {
		m := socatAddressRe.FindStringSubmatch(j)
		if m != nil {
			ep = bareHost(m[2])
			if !ep.Dynamic && m[4] != "" {
				ep.Host += ":" + m[4]
			}
		} else {
			ep = endpoint{Dynamic: true}
		}
		if socatExecRe.MatchString(j) {
			sh.reverseShell(ep, n)
			return value{}
		}
		if strings.Contains(strings.ToLower(j), "listen") {
			sh.find(n, Network, LevelReview, "opens a listening socket with socat")
			return value{}
		}
	} else {
		flags, pos := options(args, set("-e", "-c", "--exec", "--sh-exec", "-p", "-s", "-w", "-i", "-q", "-x", "-X", "--lua-exec"), false)
		for _, fl := range flags {
			if fl.name == "-e" || fl.name == "-c" || fl.name == "--exec" || fl.name == "--sh-exec" || fl.name == "--lua-exec" {
				host := endpoint{Dynamic: true}
				if len(pos) > 0 {
					host = bareHost(pos[0].s)
				}
				if hasFlag(flags, "-l", "--listen") {
					sh.find(n, ReverseShell, LevelCritical, "serves a shell to anyone who connects (a bind shell with %s)", base)
				} else {
					sh.reverseShell(host, n)
				}
				return value{}
			}
		}
		if hasFlag(flags, "-l", "--listen") {
			sh.find(n, Network, LevelReview, "listens for connections from the network with %s", base)
			return value{sock: &endpoint{Host: "a listening socket"}}
		}
		if len(pos) == 0 {
			return value{}
		}
		ep = bareHost(pos[0].s)
		if !ep.Dynamic && len(pos) > 1 {
			ep.Host += ":" + pos[1].s
		}
	}
	src := stdinOf(in)
	if in != nil && in.shell {
		sh.reverseShell(ep, n)
		return value{sock: &ep}
	}
	sh.network(ep, src.t, taints{}, n, "opens a raw connection to")
	return value{sock: &ep}
}

// remoteShell handles ssh, scp, sftp and rsync.
func (sh *shell) remoteShell(base string, args []field, n syntax.Node, in *value) value {
	flags, pos := options(args, set("-p", "-P", "-i", "-l", "-o", "-F", "-L", "-R", "-D", "-J", "-b", "-c", "-E", "-e", "-m", "-O", "-Q", "-S", "-W", "-w", "-B", "--rsh", "--exclude", "--include"), false)
	if base == "ssh" {
		if len(pos) == 0 {
			return value{}
		}
		ep := bareHost(pos[0].s)
		for _, fl := range flags {
			if fl.name == "-R" {
				sh.find(n, ReverseShell, LevelCritical, "opens a tunnel from %s into this machine (ssh -R %s)", ep, fl.val.s)
			}
		}
		src := stdinOf(in)
		data := taints{}
		if in != nil {
			data = src.t
		}
		for _, p := range pos[1:] {
			data.add(p.t)
		}
		sh.network(ep, data, taints{}, n, "opens a remote shell on")
		return value{}
	}
	if base == "rsync" && len(pos) >= 2 && (hasFlagPrefix(flags, "--del") || hasFlag(flags, "--delete", "--delete-after", "--delete-before", "--delete-during", "--delete-excluded", "--remove-source-files")) {
		if d := normPath(pos[len(pos)-1].s, sh.a.hook.ProjectDir); d == "~" || d == "/" || systemDir(d) || inHome(d) && !strings.Contains(strings.TrimPrefix(d, "~/"), "/") && !tempish(d) {
			sh.find(n, Destructive, LevelCritical, "deletes what is not in the source from %s (rsync --delete)", displayPath(d))
		}
	}
	for _, fl := range flags {
		if fl.name == "-e" || fl.name == "--rsh" {
			sh.nestedShell(fl.val.value, n, "") // the remote shell it runs
		}
	}
	var remote []endpoint
	var data taints
	for _, p := range pos {
		if host, _, ok := strings.Cut(p.s, ":"); ok && !strings.Contains(host, "/") && host != "" {
			remote = append(remote, bareHost(host))
			continue
		}
		data.add(sh.readFile(p.value, n).t)
	}
	for _, ep := range remote {
		sh.network(ep, data, taints{}, n, "copies files to")
	}
	return value{}
}

// dns: a name looked up; data in the name leaks through DNS.
func (sh *shell) dns(p field, n syntax.Node) {
	if s := p.t.serious(); s != "" || len(p.t.vars) > 0 {
		what := s
		if what == "" {
			what = joinWords(p.t.vars)
		}
		sh.find(n, Exfiltration, LevelCritical, "leaks %s through a DNS lookup of %s", what, shortText(p.s, 40))
		return
	}
	if p.known && !loopback(p.s) && strings.Contains(p.s, ".") {
		sh.find(n, Network, LevelReview, "looks up %s on the network", shortText(p.s, 40))
	}
}

// packageRunner: npx, uvx, pipx run, go run pkg@ver, bunx, npm i -g…
func (sh *shell) packageRunner(base string, args []field, n syntax.Node) {
	flags, pos := options(args, set("-p", "--package", "-c", "--call", "--from", "--python", "--with", "--spec", "--registry", "--cwd", "--prefix", "-C", "--dir", "--filter", "-F", "-w", "--workspace"), true)
	sub := ""
	if len(pos) > 0 {
		sub = pos[0].s
	}
	remote := func(pkg string) {
		// code fetched at run time that is handed a secret (--upload
		// ~/.ssh): what the package does with it is not in the hook
		for _, a := range args {
			if what, ok := sh.a.secretPath(normPath(a.s, sh.a.hook.ProjectDir)); ok && !strings.HasPrefix(what, "a .env") && !sh.a.declaredPkg(pkgName(pkg)) {
				sh.find(n, Exfiltration, LevelCritical, "hands %s to %s, code it downloads and runs (%s)", what, pkg, base)
				return
			}
		}
		sh.remotePackage(base, pkg, n)
	}
	// a package source given by an option (uvx --from git+https://…,
	// pipx run --spec URL, uv run --with URL, npx -p URL): code
	// downloaded from that address and run
	for i, a := range args {
		name, v, eq := strings.Cut(a.s, "=")
		switch name {
		case "--from", "--spec", "--with", "-p", "--package":
			if !eq && i+1 < len(args) {
				v = args[i+1].s
			}
			if urlRe.MatchString(v) || strings.HasPrefix(v, "git+") {
				sh.remotePackage(base, v, n)
				return
			}
			if name == "--from" || name == "--with" || name == "--spec" {
				// uvx --from ruff-evil ruff, --with a,b: what is fetched is
				// the packages the option names, whatever the command is
				// called (each judged as a runner's package is)
				for _, pkg := range strings.Split(v, ",") {
					if pkg = strings.TrimSpace(pkg); pkg != "" {
						sh.remotePackage(base, pkg, n)
					}
				}
				continue
			}
			if name := pkgName(strings.TrimSpace(v)); typoOf(name) != "" && !sh.a.declaredPkg(name) {
				// npx -p rufff: the package the option names
				sh.remotePackage(base, v, n)
			}
		}
	}
	if (sub == "install" || sub == "i" || sub == "add") && sh.installsFromURL(base, pos[1:], n) {
		return
	}
	if base == "uv" && sub == "pip" && len(pos) > 1 && pos[1].s == "install" && sh.installsFromURL(base, pos[2:], n) {
		return
	}
	if base == "npx" || base == "pnpx" || base == "npm" && (sub == "exec" || sub == "x") {
		// npx -c 'curl … | sh' (npm exec --call): npm runs the text in a
		// shell, with the project's bins on its PATH
		calls := flags
		if base == "npm" {
			calls, _ = options(pos[1:], set("-c", "--call", "-p", "--package"), true)
		}
		for _, fl := range calls {
			if fl.name == "-c" || fl.name == "--call" {
				sh.nestedShell(fl.val.value, n, "-c")
			}
		}
	}
	switch base {
	case "npx", "pnpx", "bunx", "dnx":
		if hasFlag(flags, "--no-install", "--no") || len(pos) == 0 {
			return
		}
		pkg := pos[0].s
		for _, fl := range flags {
			if fl.name == "-p" || fl.name == "--package" {
				pkg = fl.val.s
			}
		}
		if !sh.a.ownPackage(pkg) {
			remote(pkg)
		}
		if urlRe.MatchString(pkg) {
			return
		}
		switch strings.SplitN(strings.TrimPrefix(pkg, "@"), "@", 2)[0] {
		case "tsx", "ts-node", "esno", "esbuild-register", "node", "bun", "vite-node":
			if len(pos) > 1 && !strings.HasPrefix(pos[1].s, "-") {
				sh.follow(pos[1].value, "node")
			}
		}
		if len(pos) > 1 && !sh.a.ownPackage(pkg) && urlRe.MatchString(pos[1].s) {
			return
		}
	case "uvx":
		if len(pos) > 0 {
			remote(pos[0].s)
		}
	case "pipx":
		if sub == "run" && len(pos) > 1 {
			_, rest := options(pos[1:], set("--spec", "--python"), true)
			if len(rest) > 0 {
				remote(rest[0].s)
			}
		} else if sub == "install" {
			remote(joinFields(pos[1:]).s)
		}
	case "uv":
		if sub == "tool" && len(pos) > 2 && pos[1].s == "run" {
			remote(pos[2].s)
		}
		if sub == "pip" && len(pos) > 1 && pos[1].s == "install" {
			sh.find(n, RemotePackage, LevelReview, "installs Python packages from the network at hook time")
		}
		if sub == "run" {
			for _, fl := range flags {
				if fl.name == "--with" {
					remote(fl.val.s)
				}
			}
			_, rest := options(pos[1:], set("--python", "-p", "--with", "--project", "--directory"), true)
			if len(rest) > 0 && (rest[0].s == "python" || rest[0].s == "python3") {
				rest = rest[1:]
			}
			if len(rest) > 0 && !strings.HasPrefix(rest[0].s, "-") {
				sh.addressOptions(rest[1:], n)
				sh.follow(rest[0].value, "python3")
			}
			for k, p := range pos[1:] {
				if k > 0 && addressOptRe.MatchString(pos[k].s) {
					continue // the value of --server-url: said above
				}
				if m := urlRe.FindStringSubmatch(p.s); m != nil && strings.HasPrefix(p.s, m[0]) && !loopback(hostOf(m[2]).Host) {
					sh.find(n, RemotePackage, LevelReview, "runs a script fetched from %s at hook time", hostOf(m[2]))
				}
			}
		}
	case "pnpm", "yarn", "npm":
		switch sub {
		case "run", "run-script", "test", "t", "start", "stop", "restart":
			if sub == "run" || sub == "run-script" {
				for _, p := range pos[1:] {
					if !strings.HasPrefix(p.s, "-") {
						sh.taskScript(p.s, n) // npm run --silent NAME
						break
					}
				}
			} else if sub == "t" {
				sh.taskScript("test", n)
			} else {
				sh.taskScript(sub, n)
			}
		case "", "install", "i", "ci", "add", "update", "upgrade", "up":
			if sub == "" && base == "npm" {
				break
			}
			sh.projectInstall(base+" "+sub, n)
		case "audit":
			// npm audit fix: installs newer versions of the dependencies
			if len(pos) > 1 && pos[1].s == "fix" {
				sh.projectInstall(base+" audit fix", n)
			}
		case "dlx", "exec", "x":
			rest := pos[1:]
			for len(rest) > 0 && strings.HasPrefix(rest[0].s, "-") {
				rest = rest[1:] // npm exec -- prettier, pnpm dlx --silent x
			}
			if len(rest) > 0 && !(base == "npm" && sub == "exec" && sh.a.ownPackage(rest[0].s)) && !(sub == "exec" && base != "npm") {
				remote(rest[0].s)
			}
		default:
			if base != "npm" && !strings.ContainsAny(sub, "/.") {
				sh.taskScript(sub, n) // yarn lint, pnpm build: a script of package.json
			}
		}
		if hasFlag(flags, "-g", "--global") || base == "npm" && len(pos) > 1 && hasGlobal(pos) {
			sh.find(n, RemotePackage, LevelReview, "installs npm packages globally at hook time")
		}
	case "go":
		if sub == "run" {
			for _, p := range pos[1:] {
				if strings.Contains(p.s, "@") && !strings.HasPrefix(p.s, ".") && !strings.HasPrefix(p.s, "-") {
					remote(p.s)
				}
				if strings.HasSuffix(p.s, ".go") {
					sh.follow(p.value, "") // go run hook.go: read as Go
				} else if !strings.HasPrefix(p.s, "-") && !strings.Contains(p.s, "@") {
					sh.followGoPackage(p.value) // go run ./tools/x: its files
				}
			}
		}
		if sub == "install" {
			for _, p := range pos[1:] {
				if strings.Contains(p.s, "@") {
					if known := goModuleTypo(p.s); known != "" {
						sh.find(n, RemotePackage, LevelCritical, "installs and builds %s, whose path is one letter away from the well-known %s: what a typo-squat looks like (go install)", p.s, known)
						continue
					}
					sh.find(n, RemotePackage, LevelReview, "installs %s from the network at hook time", p.s)
				}
			}
		}
	case "pip", "pip3", "gem", "cargo", "brew":
		switch {
		case sub == "install", base == "gem" && sub == "update", base == "brew" && (sub == "upgrade" || sub == "reinstall"):
			sh.find(n, RemotePackage, LevelReview, "installs packages from the network at hook time (%s %s)", base, sub)
		case base == "brew" && sub == "bundle" && firstWord(pos[1:]) == "" || base == "brew" && sub == "bundle" && firstWord(pos[1:]) == "install":
			// brew bundle installs what the project's Brewfile lists
			sh.projectInstall("brew bundle", n)
		}
	case "bundle", "poetry", "composer", "pdm", "pipenv", "conda", "mamba":
		switch sub {
		case "", "install", "add", "update", "sync", "require":
			sh.projectInstall(base+" "+sub, n)
		}
	}
	if base == "uv" && (sub == "sync" || sub == "add") {
		sh.projectInstall("uv "+sub, n)
	}
	// uv tool install ruff, yarn global add serve: a tool for the user,
	// from the network
	if (base == "uv" && sub == "tool" || base == "yarn" && sub == "global") && len(pos) > 1 && (pos[1].s == "install" || pos[1].s == "upgrade" || pos[1].s == "add") {
		sh.find(n, RemotePackage, LevelReview, "installs packages from the network at hook time (%s %s %s)", base, sub, pos[1].s)
	}
	if sub == "publish" || base == "gem" && sub == "push" || base == "twine" && sub == "upload" {
		sh.publish(base+" "+sub, n)
	}
}

// publish: a package manager uploads the folder it runs in to a public
// registry; what the hook copied there goes with it.
func (sh *shell) publish(what string, n syntax.Node) {
	dir := normPath(strings.TrimSpace(sh.cwd), sh.a.hook.ProjectDir)
	if strings.TrimSpace(sh.cwd) == "" {
		dir = "$PROJECT"
	}
	var data taints
	for p, t := range sh.written {
		if p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/") {
			data.add(t)
		}
	}
	if s := data.serious(); s != "" {
		sh.find(n, Exfiltration, LevelCritical, "publishes %s to a public package registry (%s)", s, what)
		return
	}
	sh.find(n, Network, LevelReview, "publishes a package to a registry from the hook (%s)", what)
}

// projectInstall: a package manager installs the project's dependencies
// at hook time, which downloads them and runs their install scripts.
func (sh *shell) projectInstall(what string, n syntax.Node) {
	if raw := sh.rawText(n); strings.Contains(raw, "--check") || strings.Contains(raw, "--dry-run") || strings.Contains(raw, "--help") {
		return // it only checks
	}
	if strings.Contains(sh.rawText(n), "--ignore-scripts") {
		sh.find(n, RemotePackage, LevelReview, "installs the project's dependencies from the network at hook time (%s)", strings.TrimSpace(what))
		return
	}
	sh.find(n, RemotePackage, LevelReview, "installs the project's dependencies from the network at hook time (%s), which runs their install scripts", strings.TrimSpace(what))
}

// taskScript analyses the script of package.json a task runner runs
// (npm run NAME, yarn NAME, npm test) with its pre and post scripts, as
// the shell they are.
func (sh *shell) taskScript(name string, n syntax.Node) {
	if name == "" || strings.HasPrefix(name, "-") || sh.depth > sh.a.opt.MaxDepth {
		return
	}
	dir := sh.cwd
	if dir == "" || !filepath.IsAbs(dir) {
		dir = sh.a.hook.ProjectDir
	}
	if dir == "" {
		return
	}
	b, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return
	}
	var pj struct {
		Scripts map[string]string `json:"scripts"`
	}
	if json.Unmarshal(b, &pj) != nil {
		sh.find(n, Unreadable, LevelReview, "runs a script of package.json, which does not parse")
		return
	}
	for _, s := range []string{"pre" + name, name, "post" + name} {
		if code, ok := pj.Scripts[s]; ok && code != "" {
			sh.nestedShell(value{s: code, known: true}, n, "-c")
		}
	}
}

func hasGlobal(pos []field) bool {
	for _, p := range pos {
		if p.s == "-g" || p.s == "--global" {
			return true
		}
	}
	return false
}

// ownPackage: the package is one of the project's own npm dependencies
// (or its own bin), so npx runs the locked local copy.
func (a *analyzer) ownPackage(pkg string) bool {
	name := pkg
	if strings.HasPrefix(name, "@") {
		if i := strings.Index(name[1:], "@"); i >= 0 {
			name = name[:i+1]
		}
	} else if i := strings.Index(name, "@"); i >= 0 {
		name = name[:i]
	}
	if a.pkgDeps == nil {
		a.pkgDeps = map[string]bool{}
		// the project's package.json and its packages' (a monorepo's
		// workspaces: npx in packages/ui finds packages/ui's tools)
		var manifests []string
		if d := a.hook.ProjectDir; d != "" {
			manifests = append(manifests, filepath.Join(d, "package.json"))
			for _, pat := range []string{"*/package.json", "*/*/package.json"} {
				m, _ := filepath.Glob(filepath.Join(d, pat))
				for _, f := range m {
					if !strings.Contains(f, "node_modules") && len(manifests) < 64 {
						manifests = append(manifests, f)
					}
				}
			}
		}
		for _, manifest := range manifests {
			if b, err := readRegular(manifest, 1<<20); err == nil {
				var pj struct {
					Name            string            `json:"name"`
					Bin             any               `json:"bin"`
					Dependencies    map[string]string `json:"dependencies"`
					DevDependencies map[string]string `json:"devDependencies"`
					Optional        map[string]string `json:"optionalDependencies"`
				}
				if json.Unmarshal(b, &pj) == nil {
					for _, m := range []map[string]string{pj.Dependencies, pj.DevDependencies, pj.Optional} {
						for k := range m {
							a.pkgDeps[k] = true
						}
					}
					if pj.Name != "" {
						a.pkgDeps[pj.Name] = true
					}
				}
			}
		}
	}
	if a.pkgDeps[name] {
		return true
	}
	if d := a.hook.ProjectDir; d != "" && !strings.Contains(name, "/") {
		if _, err := os.Stat(filepath.Join(d, "node_modules", ".bin", name)); err == nil {
			return true
		}
	}
	return false
}

// remove judges rm and friends.
func (sh *shell) remove(base string, args []field, n syntax.Node) {
	flags, pos := options(args, nil, false)
	recursive := hasFlag(flags, "-r", "-R", "--recursive") || base == "rmdir" || base == "shred"
	if hasFlag(flags, "--no-preserve-root") {
		sh.find(n, Destructive, LevelCritical, "deletes everything on the machine (rm --no-preserve-root)")
		return
	}
	for _, p := range pos {
		if !p.known && (strings.HasPrefix(p.s, "~") || strings.HasPrefix(p.s, "/")) && placeholderRe.MatchString(p.s) {
			// ~/$X/*: with X empty (unset, a typo) it is ~/*
			if empty := normPath(placeholderRe.ReplaceAllString(p.s, ""), sh.a.hook.ProjectDir); recursive && (empty == "/" || empty == "/*" || empty == "~" || empty == "~/*" || empty == "~/.*") {
				sh.find(n, Destructive, LevelCritical, "deletes %s when %s is empty", describeTarget(empty), strings.Join(placeholderRe.FindAllString(p.s, -1), ", "))
				continue
			}
		}
		if !p.known && !strings.HasPrefix(p.s, "~") && !strings.HasPrefix(p.s, "$HOME") {
			// rm -rf "$DIR" with DIR unknown: nothing to say
			if !(recursive && (p.s == "$HOME/*" || p.s == "/*")) {
				continue
			}
		}
		t := normPath(p.s, sh.a.hook.ProjectDir)
		switch {
		case t == "/" || t == "/*" || t == "~" || t == "~/*" || t == "~/.*" || systemDir(strings.TrimSuffix(t, "/*")):
			sh.find(n, Destructive, LevelCritical, "deletes %s", describeTarget(t))
		case t == "$PROJECT" || t == "$PROJECT/*" || t == "$PROJECT/.*":
			if recursive {
				sh.find(n, Destructive, LevelCritical, "deletes the whole project folder")
			}
		case strings.HasPrefix(t, "$PROJECT/..") || strings.HasPrefix(t, "../"):
			if recursive {
				sh.find(n, Destructive, LevelCritical, "deletes %s, outside the project", displayPath(t))
			}
		case strings.HasPrefix(t, "$PROJECT/"):
			// a folder of the project, removed with all it holds: the
			// user's work unless it is a cache or a temporary folder
			if recursive {
				sh.find(n, Destructive, LevelReview, "deletes the project's folder %s with everything in it", displayPath(t))
			}
		case inHome(t):
			rest := strings.TrimPrefix(t, "~/")
			if what, ok := sh.a.secretPath(t); ok && !strings.HasPrefix(what, "a .env") {
				sh.find(n, Destructive, LevelCritical, "deletes %s (%s)", what, t)
			} else if _, ok := match(persistenceFiles, t); ok {
				sh.find(n, Destructive, LevelCritical, "deletes %s", t)
			} else if _, ok := sh.a.agentFile(t); ok {
				sh.find(n, SelfTampering, LevelCritical, "deletes the agent's configuration %s", t)
			} else if recursive && !strings.Contains(rest, "/") && !tempish(rest) {
				sh.find(n, Destructive, LevelCritical, "deletes the folder %s in the home folder", t)
			}
		}
	}
}

func tempish(name string) bool {
	// a variable's name is not the folder's: "$HOME/${BUILD_CACHE}" is
	// the home folder itself while BUILD_CACHE is unset. The variables
	// that name temporary folders ($TMPDIR, $XDG_CACHE_HOME) still count.
	name = varRefRe.ReplaceAllStringFunc(name, func(v string) string {
		if tempVars[strings.Trim(v, "${}")] {
			return v
		}
		return ""
	})
	for _, s := range []string{"tmp", "temp", "cache", ".cache", "log", "logs"} {
		if strings.Contains(strings.ToLower(name), s) {
			return true
		}
	}
	return false
}

var (
	varRefRe = lazyRe(`\$\{?[A-Za-z_][A-Za-z0-9_]*\}?`)
	tempVars = set("TMPDIR", "TMP", "TEMP", "TEMPDIR", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR", "RUNNER_TEMP")
)

func describeTarget(t string) string {
	switch t {
	case "/", "/*":
		return "everything on the machine (" + t + ")"
	case "~", "~/*", "~/.*":
		return "the user's whole home folder (" + t + ")"
	}
	return "the system folder " + t
}

func (sh *shell) findCmd(args []field, n syntax.Node, in *value) {
	var roots []string
	i := 0
	for ; i < len(args) && !strings.HasPrefix(args[i].s, "-") && args[i].s != "(" && args[i].s != "!"; i++ {
		roots = append(roots, normPath(args[i].s, sh.a.hook.ProjectDir))
	}
	name := ""
	var names []string
	for k := i; k+1 < len(args); k++ {
		if args[k].s == "-name" || args[k].s == "-iname" {
			name = args[k+1].s
			names = append(names, args[k+1].s)
		}
	}
	for ; i < len(args); i++ {
		switch args[i].s {
		case "-delete":
			// find ROOT… -delete removes what it finds under each root, as
			// rm -r would: judge the roots as rm's targets, whatever the filter.
			nroots := 0
			for nroots < len(args) && !strings.HasPrefix(args[nroots].s, "-") && args[nroots].s != "(" && args[nroots].s != "!" {
				nroots++
			}
			// A filter (-name '*.pyc') inside the project deletes some of
			// its files, not the project; outside it, any filter still
			// deletes the user's files.
			filtered := false
			for _, a := range args[nroots:] {
				switch a.s {
				case "-name", "-iname", "-path", "-ipath", "-regex", "-iregex", "-type", "-mtime", "-mmin", "-atime", "-newer", "-size", "-empty", "-user", "-perm", "-wholename":
					filtered = true
				}
			}
			targets := []field{{value: value{s: "-r", known: true}}}
			for _, r := range args[:nroots] {
				if p := normPath(r.s, sh.a.hook.ProjectDir); filtered && (p == "$PROJECT" || strings.HasPrefix(p, "$PROJECT/") && !strings.HasPrefix(p, "$PROJECT/..")) {
					continue
				}
				targets = append(targets, r)
			}
			sh.remove("rm", targets, n)
		case "-exec", "-execdir", "-ok", "-okdir":
			j := i + 1
			for j < len(args) && args[j].s != ";" && args[j].s != "+" {
				j++
			}
			if j > i+1 {
				sub := append([]field{}, args[i+1:j]...)
				for k := range sub {
					if strings.Contains(sub[k].s, "{}") {
						found := roots0(roots)
						if name != "" {
							found += "/" + name
						}
						if cred := credentialUnder(roots, names); cred != "" {
							// what it finds includes a credential file
							// (~/.docker/config.json under ~/.docker with
							// -name '*.json'): that is what {} may be
							found = cred
						}
						sub[k].s = strings.ReplaceAll(sub[k].s, "{}", found)
					}
				}
				sh.run1(sub, n, nil, nil)
			}
			i = j
		}
	}
}

// knownCredentials are credential files at the places tools keep them,
// by normPath's spelling: what a search under a folder may find.
var knownCredentials = []string{
	"~/.ssh/id_rsa", "~/.ssh/id_ed25519", "~/.ssh/id_ecdsa", "~/.aws/credentials", "~/.aws/config",
	"~/.config/gh/hosts.yml", "~/.config/gcloud/credentials.db", "~/.config/gcloud/application_default_credentials.json",
	"~/.docker/config.json", "~/.kube/config", "~/.netrc", "~/.git-credentials", "~/.npmrc", "~/.pypirc",
	"~/.azure/accessTokens.json", "~/.gnupg/private-keys-v1.d/key.key", "$PROJECT/.env", "$PROJECT/.env.local",
}

// credentialUnder: a known credential file below one of find's roots
// that every name filter lets through (any of them, as -o joins them),
// or "".
func credentialUnder(roots, names []string) string {
	for _, r := range roots {
		r = strings.TrimSuffix(r, "/")
		for _, c := range knownCredentials {
			if r != c && !strings.HasPrefix(c, r+"/") {
				continue
			}
			ok := len(names) == 0
			for _, nm := range names {
				if m, err := path.Match(nm, path.Base(c)); err == nil && m {
					ok = true
				}
			}
			if ok {
				return c
			}
		}
	}
	return ""
}

func roots0(r []string) string {
	if len(r) == 0 {
		return "."
	}
	return r[0]
}

func (sh *shell) chmod(args []field, n syntax.Node) {
	flags, pos := options(args, set("--reference"), false)
	if len(pos) < 2 {
		return
	}
	mode := pos[0].s
	if strings.HasPrefix(mode, "-") {
		return
	}
	recursive := hasFlag(flags, "-R", "--recursive")
	for _, t := range pos[1:] {
		p := normPath(t.s, sh.a.hook.ProjectDir)
		if setuidModeRe.MatchString(mode) {
			sh.find(n, Privilege, LevelCritical, "makes %s setuid or setgid (chmod %s)", displayPath(p), mode)
			continue
		}
		wide := wideModeRe.MatchString(mode) || mode == "777" || mode == "666"
		if wide && (p == "/" || p == "~" || systemDir(p) || recursive && inHome(p) && !strings.Contains(strings.TrimPrefix(p, "~/"), "/")) {
			sh.find(n, Destructive, LevelCritical, "opens %s to every user (chmod %s%s)", displayPath(p), map[bool]string{true: "-R ", false: ""}[recursive], mode)
			continue
		}
		if recursive && (p == "/" || p == "~" || systemDir(p)) && locksOwner(mode) {
			sh.find(n, Destructive, LevelCritical, "takes every right away on %s (chmod -R %s): nothing there can be read or run", displayPath(p), mode)
			continue
		}
		if _, ok := sh.a.agentFile(p); ok && wide {
			sh.find(n, SelfTampering, LevelCritical, "makes the agent's file %s writable by everyone", p)
		}
		// a credential opened to others (chmod 644 id_rsa): tightening
		// (600, 400, go-rwx) is the usual fix-up and says nothing
		if what, ok := sh.a.secretPath(p); ok && inHome(p) && opensToOthers(mode) {
			sh.find(n, Destructive, LevelCritical, "lets other users read %s (%s, chmod %s)", what, displayPath(p), mode)
		}
	}
}

// locksOwner: a mode that leaves the owner without read or execute
// (000, 0, u-r, a-rwx).
func locksOwner(mode string) bool {
	if octal := strings.TrimLeft(mode, "0"); strings.Trim(mode, "01234567") == "" {
		if octal == "" || len(octal) < 3 {
			return true // 0, 000, 0044: the owner's digit is 0
		}
		o := octal[len(octal)-3]
		return o < '4' // no read for the owner
	}
	return strings.HasPrefix(mode, "u-") && strings.Contains(mode, "r") || strings.HasPrefix(mode, "a-") && strings.Contains(mode, "r") || strings.HasPrefix(mode, "-") && strings.Contains(mode, "r")
}

// opensToOthers: a chmod mode that gives group or others any right
// (644, 0755, o+r, a+rw, +r); one that only removes rights does not.
func opensToOthers(mode string) bool {
	if octal := strings.TrimLeft(mode, "0"); octal != "" && strings.Trim(octal, "01234567") == "" {
		return len(octal) >= 2 && strings.Trim(octal[len(octal)-2:], "0") != ""
	}
	for _, clause := range strings.Split(mode, ",") {
		who, op, ok := strings.Cut(clause, "+")
		if !ok {
			who, op, ok = strings.Cut(clause, "=")
		}
		if !ok || strings.Trim(op, "rwxXst") != "" || strings.Trim(op, "st") == "" {
			continue
		}
		if who == "" || strings.ContainsAny(who, "goa") {
			return true
		}
	}
	return false
}

func (sh *shell) git(args []field, n syntax.Node) {
	flags, pos := options(args, set("-C", "-c", "--git-dir", "--work-tree"), true)
	workDir := sh.cwd
	for _, fl := range flags {
		if fl.name == "-c" && strings.HasPrefix(strings.ToLower(fl.val.s), "core.hookspath") && !gitDirHooks(fl.val.value, true) {
			sh.find(n, Persistence, LevelCritical, "points git's hooks at %s, so its code runs on every git action", fl.val.s)
		}
		if fl.name == "-c" {
			// -c core.pager=CMD, diff.external=CMD, alias.x=!CMD run now
			k, v, _ := strings.Cut(fl.val.s, "=")
			if gitCommandKey(k) {
				sh.nestedShell(value{s: strings.TrimPrefix(v, "!"), known: fl.val.known}, n, "")
			}
		}
		if fl.name == "-C" || fl.name == "--work-tree" {
			workDir = fl.val.s
		}
	}
	if len(pos) == 0 {
		return
	}
	sub, rest := pos[0].s, pos[1:]
	if skipsGitHooks(sub, rest) {
		sh.find(n, SelfTampering, LevelReview, "runs git %s --no-verify, which skips the project's own git hooks (its checks before a commit or push)", sub)
	}
	switch sub {
	case "clean":
		cf, _ := options(rest, set("-e", "--exclude"), false)
		if hasFlag(cf, "-f", "--force") || hasFlagPrefix(cf, "-f") || strings.Contains(joinFields(rest).s, "f") {
			if d := normPath(workDir, sh.a.hook.ProjectDir); workDir != "" && (inHome(d) || d == "/" || systemDir(d) || strings.HasPrefix(d, "$PROJECT/..")) {
				sh.find(n, Destructive, LevelCritical, "deletes every untracked file under %s with git clean", displayPath(d))
			} else {
				sh.find(n, Destructive, LevelReview, "deletes the project's untracked files with git clean (work not yet committed)")
			}
		}
	case "remote":
		if len(rest) >= 3 && (rest[0].s == "add" || rest[0].s == "set-url") {
			if m := urlRe.FindStringSubmatch(rest[2].s); m != nil || strings.Contains(rest[2].s, "@") {
				sh.gitRemotes()[rest[1].s] = rest[2].s
			}
		}
	case "config":
		j := strings.ToLower(joinFields(rest).s)
		switch {
		case gitInsteadOfRe.MatchString(j) && !strings.Contains(j, "--get") && !strings.Contains(j, "--unset") && len(rest) >= 2:
			sh.find(n, Persistence, LevelCritical, "rewrites where git fetches and pushes (%s), so later clones and pushes go to another server", shortText(j, 60))
		case strings.Contains(j, "core.hookspath") && !strings.Contains(j, "--get") && !strings.Contains(j, "--unset") && len(rest) >= 2:
			// The folder it names runs on every git action. A folder of the
			// project, for this repository only, is the project's own code,
			// on view with it (review); --global or --system, or a folder
			// outside the project, is code from elsewhere on every repository
			// (critical).
			dir := rest[len(rest)-1]
			scoped := !strings.Contains(j, "--global") && !strings.Contains(j, "--system") && !strings.Contains(j, "--file") && !strings.Contains(j, "-f ")
			gitDir, top, rel := gitDirWord(dir.w)
			if scoped && top {
				// "$(git rev-parse --show-toplevel)/REL": the project's REL
				dir = field{value: value{s: sh.a.hook.ProjectDir + "/" + rel, known: sh.a.hook.ProjectDir != "" && rel != ""}, w: dir.w}
			}
			if p := strings.TrimSuffix(normPath(dir.s, sh.a.hook.ProjectDir), "/"); scoped && len(flags) == 0 && (gitDir || gitDirHooks(dir.value, false) || dir.known && p == "$PROJECT/.git/hooks") {
				// git's own hooks folder of this repository, where its
				// hooks are when core.hooksPath is unset: resetting it runs
				// the hooks this clone already has, files git never fetches
				// or checks out, nothing the project or the hook chooses
				break
			}
			if p := normPath(dir.s, sh.a.hook.ProjectDir); dir.known && !strings.HasPrefix(dir.s, "-") && !strings.Contains(j, "--global") && !strings.Contains(j, "--system") && (p == "$PROJECT" || strings.HasPrefix(p, "$PROJECT/") && !strings.HasPrefix(p, "$PROJECT/..")) {
				sh.find(n, Persistence, LevelReview, "sets git's core.hooksPath to the project's %s, so the scripts there run on every git action", displayPath(p))
			} else {
				sh.find(n, Persistence, LevelCritical, "sets git's core.hooksPath, so code it chooses runs on every git action")
			}
		case (strings.Contains(j, "credential.helper") || strings.Contains(j, "core.sshcommand") || strings.Contains(j, "core.fsmonitor") || strings.Contains(j, "core.pager") || strings.Contains(j, "alias.")) && !strings.Contains(j, "--get") && len(rest) >= 2:
			sh.find(n, Persistence, LevelCritical, "changes git's configuration so a command it chooses runs later (%s)", shortText(j, 40))
		}
	case "push":
		_, targets := options(rest, set("-o", "--push-option", "--repo", "--receive-pack", "--exec"), false)
		if len(targets) > 0 {
			dest := targets[0].s
			if u, ok := sh.gitRemotes()[dest]; ok {
				dest = u
			}
			if m := urlRe.FindStringSubmatch(dest); m != nil || strings.Contains(dest, "@") && strings.Contains(dest, ":") {
				ep := bareHost(dest)
				if m != nil {
					ep = hostOf(m[2])
				}
				if !loopback(ep.Host) {
					sh.find(n, Exfiltration, LevelCritical, "pushes the repository to %s, a remote the project does not name", ep)
				}
			}
		}
		if leaseOnly(rest) {
			// --force-with-lease alone, onto a branch that is not a
			// shared one: it overwrites the branch only as this clone
			// last saw it (nobody else's pushes), like a rebase's push
			sh.find(n, Network, LevelReview, "force-pushes with a lease (%s): it rewrites the remote branch on its own", shortText(joinFields(rest).s, 40))
			rest = nil
		}
		for _, r := range rest {
			if r.s == "--force" || r.s == "-f" || strings.HasPrefix(r.s, "--force-with-lease") || strings.HasPrefix(r.s, "--mirror") || forceFlagRe.MatchString(r.s) || strings.HasPrefix(r.s, "+") || r.s == "--delete" || r.s == "-d" {
				sh.find(n, Destructive, LevelCritical, "force-pushes (%s), which can overwrite history on the remote", shortText(joinFields(rest).s, 40))
				return
			}
		}
		sh.find(n, Network, LevelReview, "pushes the project's commits to its remote on its own (git push)")
	case "filter-branch", "filter-repo", "branch", "restore", "update-ref", "reflog":
		// history rewritten, a branch or ref thrown away, the tree's
		// uncommitted changes discarded: the user's work, on its own
		if gitDropsWork(sub, rest) {
			sh.find(n, Destructive, LevelReview, "rewrites or throws away the repository's history or work on its own (git %s)", shortText(strings.TrimSpace(sub+" "+joinFields(rest).s), 50))
		}
	case "commit", "merge", "rebase", "reset", "stash", "checkout", "switch", "tag", "cherry-pick", "revert", "am":
		// the hook changes the repository's history or working tree on
		// its own: what it commits or drops is the user's work
		if gitChangesHistory(sub, rest) && !(sub == "stash" && sh.stashCheckpoint(rest, n)) {
			sh.find(n, Destructive, LevelReview, "changes the repository on its own (git %s)", shortText(strings.TrimSpace(sub+" "+joinFields(rest).s), 50))
		}
	case "clone", "fetch", "pull", "submodule":
		if sub == "pull" {
			sh.find(n, Network, LevelReview, "merges the remote's commits into the project on its own (git pull)")
		}
		_, pos := options(rest, set("-b", "--branch", "--depth", "-o", "--origin", "-c", "--config", "--reference"), false)
		for i, r := range pos {
			if m := urlRe.FindStringSubmatch(r.s); m != nil {
				ep := hostOf(m[2])
				sh.network(ep, taints{}, taints{}, n, "fetches code from")
				if sub == "clone" && !loopback(ep.Host) {
					dir := strings.TrimSuffix(path.Base(r.s), ".git")
					if i+1 < len(pos) {
						dir = pos[i+1].s
					}
					sh.downloadedDirs[normPath(dir, sh.a.hook.ProjectDir)] = ep
				}
			}
		}
	}
}

// gitChangesHistory: git SUB ARGS writes commits, moves a branch or drops
// work, rather than only reading (git stash list, git checkout -- with no
// change, git tag -l read).
func gitChangesHistory(sub string, rest []field) bool {
	for _, r := range rest {
		switch r.s {
		case "-l", "--list", "list", "show", "--show-current", "-h", "--help", "--abort", "--quit":
			return false
		}
	}
	switch sub {
	case "reset":
		for _, r := range rest {
			if r.s == "--hard" || r.s == "--keep" || r.s == "--merge" {
				return true
			}
		}
		return false
	case "checkout", "switch":
		for _, r := range rest {
			if r.s == "--" || r.s == "." || r.s == "-f" || r.s == "--force" || r.s == "--discard-changes" {
				return true
			}
		}
		return false
	case "stash":
		if len(rest) > 0 && (rest[0].s == "create" || rest[0].s == "store") {
			// a commit of the work made aside (create) and recorded in
			// the stash list (store): the tree and index are untouched
			return false
		}
		return true
	case "tag":
		return len(rest) > 0
	}
	return true
}

// gitDropsWork: git filter-branch/filter-repo (always), branch -d/-D/
// --delete, restore of the working tree (not --staged alone), update-ref
// -d, reflog expire/delete.
func gitDropsWork(sub string, rest []field) bool {
	has := func(opts ...string) bool {
		for _, r := range rest {
			for _, o := range opts {
				if r.s == o || strings.HasPrefix(o, "--") && strings.HasPrefix(r.s, o+"=") {
					return true
				}
			}
		}
		return false
	}
	switch sub {
	case "filter-branch", "filter-repo":
		return !has("-h", "--help")
	case "branch":
		return has("-d", "-D", "--delete")
	case "restore":
		return !has("--staged", "-S") || has("--worktree", "-W")
	case "update-ref":
		return has("-d", "--delete")
	case "reflog":
		return len(rest) > 0 && (rest[0].s == "expire" || rest[0].s == "delete")
	}
	return false
}

// write judges a write of content to a file.
func (sh *shell) write(target value, content value, n syntax.Node) {
	raw := target.s
	if sh.a.mentionsEnvFile(sh.rawText(n)) && (sh.a.mentionsEnvFile(raw) || !target.known) {
		line, entry := sh.a.envFileRiskEntry(content.s)
		if from := content.net; from != nil || content.sock != nil {
			// the shell runs the env file before every later command:
			// text a server chose (a PATH root, a value inside quotes)
			// is programs and code that server chooses
			if from == nil {
				from = content.sock
			}
			sh.find(n, Persistence, LevelCritical, "writes text downloaded from %s into the agent's env file, which runs before every later command of the session", from)
			return
		}
		switch {
		case line == "":
		case !content.known && unknownRootToolEntry(entry) && content.t.kinds&^tMeta == 0 && content.t.has(tMeta):
			// the root is a field of the agent's own input (jq -r .cwd):
			// the session's working folder, whose node_modules/.bin or
			// .venv/bin is the project's tool folder
		case !content.known && unknownRootToolEntry(entry):
			sh.find(n, Persistence, LevelReview, "puts a tool folder below a folder known only at run time on PATH for every later command of the session, through the agent's env file (%s)", shortText(line, 60))
		default:
			sh.find(n, Persistence, LevelCritical, "changes what every later command of the session runs through the agent's env file (%s)", shortText(line, 60))
		}
		return
	}
	// A path with a part known only at run time is judged by what is
	// known (>> /var/spool/cron/crontabs/$USER is still the cron tables).
	p := normPath(raw, sh.a.hook.ProjectDir)
	if p == "/dev/null" || strings.HasPrefix(p, "/dev/std") || strings.HasPrefix(p, "/dev/fd") {
		return
	}
	if !content.t.empty() {
		t := sh.written[p]
		t.add(content.t)
		sh.written[p] = t
	}
	if content.net != nil {
		// curl … | tee FILE, cat > FILE: the file holds what was downloaded
		sh.downloaded[p] = *content.net
	}
	sh.a.classifyWrite(p, content, sh.source(n))
}

func (a *analyzer) classifyWrite(p string, content value, src Source) {
	add := func(c Category, format string, args ...any) {
		a.add(Finding{Category: c, Severity: LevelCritical, Summary: fmt.Sprintf(format, args...), Source: src})
	}
	if what, ok := a.agentFile(p); ok {
		add(SelfTampering, "writes to %s (%s), changing what the agent runs or trusts", what, displayPath(p))
		return
	}
	if what, ok := match(persistenceFiles, p); ok {
		add(Persistence, "writes to %s (%s), so its code runs again later", what, displayPath(p))
		return
	}
	if what, ok := a.secretPath(p); ok && (inHome(p) || strings.HasPrefix(p, "/")) || strings.HasPrefix(p, "~/.ssh/") {
		// A write onto a credential outside the project destroys or
		// replaces it (a project's own .env is the project's business).
		if what == "" {
			what = "SSH's files"
		}
		add(Destructive, "writes over %s (%s): the credential is replaced or destroyed", what, displayPath(p))
		return
	}
	if strings.HasPrefix(p, "/dev/sd") || strings.HasPrefix(p, "/dev/nvme") || strings.HasPrefix(p, "/dev/disk") || strings.HasPrefix(p, "/dev/mmcblk") {
		add(Destructive, "overwrites the disk %s", p)
		return
	}
	if otherProgramConfig(p) {
		a.add(Finding{Category: Persistence, Severity: LevelReview, Source: src,
			Summary: fmt.Sprintf("changes the configuration of another program (%s), outside the project", displayPath(p))})
	}
	if instructionFile(p) {
		a.add(Finding{Category: AgentOutput, Severity: LevelReview, Source: src,
			Summary: fmt.Sprintf("writes to %s, a Markdown file of the kind agents load as standing instructions: what it writes there steers later sessions", displayPath(p))})
	}
	if systemDir(p) || strings.HasPrefix(p, "/etc/") {
		if !strings.HasPrefix(p, "/var/tmp") && !strings.HasPrefix(p, "/var/log") && !strings.HasPrefix(p, "/private/tmp") {
			a.add(Finding{Category: Privilege, Severity: LevelReview, Summary: fmt.Sprintf("writes to the system file %s", p), Source: src})
		}
	}
	_ = bytes.MinRead
}

// otherProgramConfig: a file of the user's configuration, outside the
// project — ~/.config/TOOL/…, a dotfile at the top of the home folder —
// that is not a log, a cache or a temporary file.
func otherProgramConfig(p string) bool {
	if !inHome(p) || tempish(p) || strings.Contains(strings.ToLower(p), "trash") {
		return false
	}
	rest := strings.TrimPrefix(p, "~/")
	return strings.HasPrefix(rest, ".config/") || strings.HasPrefix(rest, ".") && !strings.Contains(rest, "/")
}

// instructionFile: a Markdown file named in capitals (NOTES.md, the
// memory files agents read at the start of a session) at the top of the
// project or in a dot folder of the project or the home folder, or one
// named as instructions: a file an agent may load as what it is told.
func instructionFile(p string) bool {
	dir, name := path.Split(p)
	if strings.Contains(strings.ToLower(name), "instructions") && strings.HasSuffix(strings.ToLower(name), ".md") {
		return true
	}
	if !capsMarkdownRe.MatchString(name) {
		return false
	}
	dir = strings.TrimSuffix(dir, "/")
	switch {
	case dir == "$PROJECT" || dir == "" || dir == ".":
		return true
	case strings.HasPrefix(dir, "$PROJECT/.") || strings.HasPrefix(dir, "~/.") || strings.HasPrefix(dir, "."):
		return !strings.Contains(strings.TrimPrefix(strings.TrimPrefix(dir, "$PROJECT/"), "~/"), "/")
	}
	return false
}

var capsMarkdownRe = lazyRe(`^[A-Z][A-Z0-9_-]*\.md$`)

func (sh *shell) rawText(n syntax.Node) string {
	if n == nil {
		return ""
	}
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start >= 0 && start <= end && end <= len(sh.src) {
		return sh.src[start:end]
	}
	return ""
}

// follow analyses a script this shell runs by a path it computes
// ($(dirname "$0")/lib.sh, $SCRIPT_DIR/x.py) when the path is known;
// literal paths are found by trust.FindScripts as well.
func (sh *shell) follow(v value, via string) {
	if !v.known || v.s == "" || strings.ContainsAny(v.s, "$`*?") {
		return
	}
	p := v.s
	if strings.HasPrefix(p, "~") {
		return // the user's own files: not part of the project's hook
	}
	if !filepath.IsAbs(p) {
		base := sh.cwd
		if base == "" || !filepath.IsAbs(base) {
			base = sh.a.hook.ProjectDir
		}
		if base == "" {
			return
		}
		p = filepath.Join(base, p)
	}
	p = filepath.Clean(p)
	if sh.a.scripts[p] || systemProgram(p) {
		return
	}
	s := sh.a.readScript(p, via)
	if s.Err != nil && s.Content == nil && !strings.Contains(s.Err.Error(), "limit") {
		return // trust.FindScripts reports literal paths that are missing
	}
	sh.a.script(s, sh.depth+1)
}

// downloadedAt: a file the hook downloaded, or one inside a repository it
// cloned.
func (sh *shell) downloadedAt(p string) (endpoint, bool) {
	if ep, ok := sh.downloaded[p]; ok {
		return ep, true
	}
	for dir, ep := range sh.downloadedDirs {
		if strings.HasPrefix(p, dir+"/") {
			return ep, true
		}
	}
	return endpoint{}, false
}

// archiveOut is the archive a tar, zip or 7z command writes ("" for "-",
// stdout).
func archiveOut(base string, args []field) (field, bool) {
	switch base {
	case "tar":
		for i, a := range args {
			if strings.HasPrefix(a.s, "-") && strings.Contains(a.s, "f") || !strings.HasPrefix(a.s, "-") && i == 0 && strings.Contains(a.s, "f") && strings.ContainsAny(a.s, "cr") {
				if i+1 < len(args) && args[i+1].s != "-" {
					return args[i+1], true
				}
				return field{}, false
			}
		}
	case "zip", "7z":
		for _, a := range args {
			if a.s == "-" {
				return field{}, false // to stdout
			}
			if !strings.HasPrefix(a.s, "-") && a.s != "a" {
				return a, true
			}
		}
	}
	return field{}, false
}

var gitInsteadOfRe = lazyRe(`url\..*\.(push)?insteadof`)

// gitCommandKey: a git configuration key whose value is a command git runs.
func gitCommandKey(k string) bool {
	k = strings.ToLower(k)
	switch k {
	case "core.pager", "core.sshcommand", "core.fsmonitor", "core.editor", "core.askpass", "diff.external", "sequence.editor", "credential.helper", "gpg.program", "core.gitproxy", "uploadpack.packobjectshook":
		return true
	}
	return strings.HasPrefix(k, "alias.") || strings.HasPrefix(k, "pager.") || strings.HasSuffix(k, ".textconv") || strings.HasPrefix(k, "filter.") || strings.HasSuffix(k, ".cmd")
}

// gitRemotes are the remotes this shell added (git remote add NAME URL).
func (sh *shell) gitRemotes() map[string]string {
	if sh.remotes == nil {
		sh.remotes = map[string]string{}
	}
	return sh.remotes
}

// loopbackSink: this machine's own ports are no third party, but Docker's
// API is root on the machine, and credential files have no business on a
// local port (a tunnel or proxy there forwards them).
func (a *analyzer) loopbackSink(ep endpoint, data, auth taints, src Source) {
	add := func(c Category, sev Level, format string, args ...any) {
		a.add(Finding{Category: c, Severity: sev, Summary: fmt.Sprintf(format, args...), Source: src})
	}
	if _, port, ok := strings.Cut(ep.Host, ":"); ok && (port == "2375" || port == "2376") {
		add(Privilege, LevelCritical, "talks to Docker's API on %s, which gives root on the machine", ep)
		return
	}
	data.add(auth)
	switch {
	case data.has(tSecretFile) || data.has(tEnvDump):
		add(Exfiltration, LevelCritical, "sends %s to a local port (%s), where a listener can pass them on", data.serious(), ep)
	case data.has(tSecretVar):
		add(Network, LevelReview, "sends the secret %s to a local port (%s)", joinWords(data.vars), ep)
	}
}

// placeholderRe: a variable left in a path because its value is unknown.
var placeholderRe = lazyRe(`\$\{?[A-Za-z_][A-Za-z0-9_]*\}?`)

// skipsGitHooks: git commit, push, merge, am or rebase told not to run the
// repository's hooks (--no-verify; -n for commit).
func skipsGitHooks(sub string, rest []field) bool {
	switch sub {
	case "commit", "push", "merge", "am", "rebase", "cherry-pick":
	default:
		return false
	}
	for _, f := range rest {
		if f.s == "--" {
			return false
		}
		if f.s == "--no-verify" || sub == "commit" && f.s == "-n" {
			return true
		}
	}
	return false
}

// followGoPackage reads the Go files of a package folder of the project
// (go run ./tools/x), as go run builds them.
func (sh *shell) followGoPackage(v value) {
	if !v.known || v.s == "" || strings.ContainsAny(v.s, "$`*?~") || sh.a.hook.ProjectDir == "" {
		return
	}
	dir := v.s
	if !filepath.IsAbs(dir) {
		base := sh.cwd
		if base == "" || !filepath.IsAbs(base) {
			base = sh.a.hook.ProjectDir
		}
		dir = filepath.Join(base, dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if n++; n > 50 {
			return
		}
		sh.follow(value{s: filepath.Join(dir, name), known: true}, "")
	}
}

// servesDir: a file server (python -m http.server, ruby -run -e httpd,
// php -S) started by the hook on a folder. The home folder or the system
// is every key and credential of the user handed to the network.
func (sh *shell) servesDir(dir, what string, n syntax.Node) {
	if d := normPath(dir, sh.a.hook.ProjectDir); dir != "" && (inHome(d) && !strings.Contains(strings.TrimPrefix(d, "~/"), "/") && !tempish(d) || d == "/" || systemDir(d)) {
		sh.find(n, Exfiltration, LevelCritical, "serves %s, with its keys and credentials, to the network with %s", map[bool]string{true: "the home folder", false: d}[inHome(d)], what)
	} else {
		sh.find(n, Network, LevelReview, "serves files of this machine over the network with %s", what)
	}
}

// knownCodeHost: the registries an interpreter loads modules from by URL
// as its documented way (deno.land/std, jsr.io, esm.sh).
func knownCodeHost(h string) bool {
	switch h {
	case "deno.land", "jsr.io", "esm.sh":
		return true
	}
	return false
}

// ownCredential: what is sent is only credential files, each issued by the
// service the address belongs to.
func ownCredential(t taints, ep endpoint) bool {
	if t.kinds&^tMeta != tSecretFile || len(t.files) == 0 || ep.Dynamic {
		return false
	}
	for _, f := range t.files {
		if !issuedBy(f, hostName(ep)) {
			return false
		}
	}
	return true
}

// firstWord is the first of args that is not an option ("" when none).
func firstWord(args []field) string {
	for _, a := range args {
		if !strings.HasPrefix(a.s, "-") {
			return a.s
		}
	}
	return ""
}

// leaseOnly: a push forced only with --force-with-lease (or
// --force-if-includes), with no other force, deletion or mirror, and no
// shared branch (main, master, trunk, develop, release…) named.
func leaseOnly(args []field) bool {
	lease := false
	for _, a := range args {
		switch {
		case strings.HasPrefix(a.s, "--force-with-lease"):
			lease = true
			if _, v, ok := strings.Cut(a.s, "="); ok && sharedBranch(strings.Split(v, ":")[0]) {
				return false
			}
		case a.s == "--force-if-includes", a.s == "-u", a.s == "--set-upstream", a.s == "-q", a.s == "--quiet", a.s == "--no-verify", a.s == "--porcelain", a.s == "-v":
		case strings.HasPrefix(a.s, "-"), strings.HasPrefix(a.s, "+"), strings.Contains(a.s, "*"):
			return false
		default:
			ref := a.s
			if i := strings.LastIndex(ref, ":"); i >= 0 {
				ref = ref[i+1:]
			}
			if sharedBranch(strings.TrimPrefix(ref, "refs/heads/")) {
				return false
			}
		}
	}
	return lease
}

// sharedBranch: a branch name others build on.
func sharedBranch(b string) bool {
	switch b {
	case "main", "master", "trunk", "develop", "development", "dev", "production", "prod", "staging", "HEAD":
		return true
	}
	return strings.HasPrefix(b, "release")
}

// gitDirWord reads a word git would compute: "$(git rev-parse
// --git-dir)/hooks" (also --absolute-git-dir, --git-common-dir, or
// $(git rev-parse --git-path hooks)) is this repository's own hooks
// folder (gitDir); "$(git rev-parse --show-toplevel)/REL" is the
// project's REL (top). A rev-parse with options of its own (-C, --git-dir=)
// or any other shape is neither.
func gitDirWord(w *syntax.Word) (gitDir, top bool, rel string) {
	if w == nil {
		return false, false, ""
	}
	var parts []syntax.WordPart
	for _, p := range w.Parts {
		if dq, ok := p.(*syntax.DblQuoted); ok {
			parts = append(parts, dq.Parts...)
			continue
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 || len(parts) > 2 {
		return false, false, ""
	}
	cs, ok := parts[0].(*syntax.CmdSubst)
	if !ok || len(cs.Stmts) != 1 {
		return false, false, ""
	}
	st := cs.Stmts[0]
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(st.Redirs) > 0 || st.Background || st.Negated || len(call.Assigns) > 0 {
		return false, false, ""
	}
	var args []string
	for _, a := range call.Args {
		l := a.Lit()
		if l == "" {
			return false, false, ""
		}
		args = append(args, l)
	}
	tail := ""
	if len(parts) == 2 {
		l, ok := parts[1].(*syntax.Lit)
		if !ok {
			return false, false, ""
		}
		tail = l.Value
	}
	if len(args) < 3 || args[0] != "git" || args[1] != "rev-parse" {
		return false, false, ""
	}
	switch {
	case len(args) == 3 && (args[2] == "--git-dir" || args[2] == "--absolute-git-dir" || args[2] == "--git-common-dir"):
		return tail == "/hooks" || tail == "/hooks/", false, ""
	case len(args) == 4 && args[2] == "--git-path" && args[3] == "hooks":
		return tail == "" || tail == "/", false, ""
	case len(args) == 3 && args[2] == "--show-toplevel" && strings.HasPrefix(tail, "/") && !strings.Contains(tail, ".."):
		return false, true, strings.Trim(tail, "/")
	}
	return false, false, ""
}

// gitDirMark is what $(git rev-parse --git-dir) reads as: the
// repository's own git folder, not known here.
const gitDirMark = "$(git rev-parse --git-dir)"

// gitDirHooks: v is the repository's own hooks folder as the git handler
// names it ($(git rev-parse --git-dir)/hooks, through a variable too);
// with key, v is "core.hooksPath=" followed by it.
func gitDirHooks(v value, key bool) bool {
	s := v.s
	if key {
		_, s, _ = strings.Cut(s, "=")
	}
	return !v.known && strings.TrimSuffix(s, "/") == gitDirMark+"/hooks"
}
