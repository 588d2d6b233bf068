package risk

import (
	"fmt"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// field is one argument after word splitting.
type field struct {
	value
	w *syntax.Word
}

func (sh *shell) fields(words []*syntax.Word) []field {
	out := make([]field, 0, len(words))
	for _, w := range words {
		if elems, ok := sh.arrayElems(w); ok {
			// "${arr[@]}": one field per element, as assigned
			for _, e := range elems {
				out = append(out, field{e, w})
			}
			continue
		}
		v := sh.word(w)
		if v.split && v.known {
			for _, part := range strings.Fields(v.s) {
				pv := v
				pv.s = part
				out = append(out, field{pv, w})
			}
			continue
		}
		out = append(out, field{v, w})
	}
	return out
}

type flag struct {
	name string
	val  field
	has  bool
}

// options splits arguments into options (with the value of those in
// withArg) and positional words, stopping at "--" or, when stopAtFirst,
// at the first positional word.
func options(args []field, withArg map[string]bool, stopAtFirst bool) (flags []flag, pos []field) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.s == "--" {
			pos = append(pos, args[i+1:]...)
			return
		}
		if strings.HasPrefix(a.s, "-") && len(a.s) > 1 && a.known {
			name, val, eq := strings.Cut(a.s, "=")
			if eq && strings.HasPrefix(name, "--") {
				v := a
				v.s = val
				flags = append(flags, flag{name: name, val: v, has: true})
				continue
			}
			if withArg[a.s] && i+1 < len(args) {
				flags = append(flags, flag{name: a.s, val: args[i+1], has: true})
				i++
				continue
			}
			// -dVALUE for single-letter options that take a value
			if len(a.s) > 2 && !strings.HasPrefix(a.s, "--") && withArg[a.s[:2]] {
				v := a
				v.s = a.s[2:]
				flags = append(flags, flag{name: a.s[:2], val: v, has: true})
				continue
			}
			if len(a.s) > 2 && a.s[1] != '-' && withArg["-"+a.s[len(a.s)-1:]] && i+1 < len(args) {
				flags = append(flags, flag{name: a.s}, flag{name: "-" + a.s[len(a.s)-1:], val: args[i+1], has: true})
				i++
				continue
			}
			flags = append(flags, flag{name: a.s})
			continue
		}
		if stopAtFirst {
			pos = append(pos, args[i:]...)
			return
		}
		pos = append(pos, a)
	}
	return
}

func hasFlag(flags []flag, names ...string) bool {
	for _, f := range flags {
		for _, n := range names {
			if f.name == n {
				return true
			}
			// bundled short flags: -rf
			if len(n) == 2 && n[0] == '-' && len(f.name) > 2 && f.name[0] == '-' && f.name[1] != '-' && !f.has && strings.ContainsRune(f.name[1:], rune(n[1])) {
				return true
			}
		}
	}
	return false
}

func (sh *shell) call(ce *syntax.CallExpr, s *syntax.Stmt, in *value) value {
	for _, as := range ce.Assigns {
		sh.assign(as, in)
	}
	if len(ce.Args) == 0 {
		return value{}
	}
	return sh.run1(sh.fields(ce.Args), ce, s, in)
}

// sharedTempPath: p lies in a folder every local user can write.
func sharedTempPath(p string) bool {
	for _, d := range []string{"/tmp/", "/var/tmp/", "/dev/shm/", "/private/tmp/"} {
		if strings.HasPrefix(p, d) {
			return true
		}
	}
	return false
}

// windowsPathRe: a word written as a Windows drive path (C:\Users\…),
// whose backslashes separate folders: no escapes hiding a name.
var windowsPathRe = lazyRe(`^["']?[A-Za-z]:\\[A-Za-z0-9 ._()~-]+\\[A-Za-z0-9 ._()~\\-]*["']?$`)

var shells = set("bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "fish", "busybox")

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// run1 analyses one simple command given as fields.
func (sh *shell) run1(f []field, n syntax.Node, s *syntax.Stmt, in *value) value {
	for depth := 0; len(f) > 0 && depth < 16; depth++ {
		name := f[0]
		base := path.Base(name.s)
		if name.known && name.obf && base != "" && !windowsPathRe.MatchString(sh.source(name.w).Text) {
			sh.find(n, Obfuscation, LevelCritical, "writes the command name %q in pieces (quotes, escapes or variables) so that it does not read as %s", base, base)
		}
		if name.decoded && name.known {
			sh.find(n, Obfuscation, LevelCritical, "runs a command whose name it decodes at run time (%s)", shortText(name.s, 40))
		}
		if name.sock != nil {
			sh.reverseShell(*name.sock, n)
			return value{}
		}
		if name.net != nil {
			sh.downloadExec(*name.net, n, "runs a command it downloads from %s")
			return value{}
		}
		if !name.known && sh.at == nil && runTimeProgram(name) && !(name.ranOutput && sh.a.resolved[strings.TrimSpace(sh.source(name.w).Text)]) {
			sh.find(n, Unreadable, LevelReview, "runs a program chosen at run time (%s), which Hookwarden cannot see", shortText(name.s, 40))
		}
		if name.known && strings.Contains(name.s, "/") && (sh.at == nil && defaultedWord(name.w) || paramWord(name.w)) {
			// ${DIR:-.}/x.sh: a program whose folder the environment may
			// choose, which discovery leaves unresolved; the file its
			// default names is what runs when the variable is not set, and
			// is read (after discovery's own scripts)
			p := name.s
			if !path.IsAbs(p) {
				p = path.Join(sh.a.hook.ProjectDir, p)
			}
			sh.a.defaulted = append(sh.a.defaulted, p)
		}
		if name.known && strings.Contains(name.s, "/") {
			// a program in a folder every local user can write (/tmp):
			// whoever puts it there chooses what the hook runs, and its
			// text is not here to read (one the hook writes or downloads
			// itself is judged by what it writes)
			if p := normPath(name.s, sh.a.hook.ProjectDir); sharedTempPath(p) {
				_, wrote := sh.written[p]
				_, fetched := sh.downloaded[p]
				if !wrote && !fetched {
					sh.find(n, Unreadable, LevelReview, "runs %s, from a folder any local user can write, whose content Hookwarden cannot read", shortText(p, 50))
				}
			}
		}
		args := f[1:]
		if base == "busybox" && len(args) > 0 && args[0].known && !strings.HasPrefix(args[0].s, "-") && !shells[args[0].s] {
			// busybox APPLET ARGS… runs the applet (nc, wget, …)
			f = args
			continue
		}
		switch base {
		case "env":
			flags, pos := options(args, set("-u", "--unset", "-C", "--chdir", "-S", "--split-string"), true)
			for _, fl := range flags {
				if fl.name == "-S" || fl.name == "--split-string" {
					sh.nestedShell(fl.val.value, n, "")
					return value{}
				}
			}
			for len(pos) > 0 && isAssign(pos[0].s) {
				k, v, _ := strings.Cut(pos[0].s, "=")
				sh.vars[k] = value{s: v, known: pos[0].known}
				pos = pos[1:]
			}
			if len(pos) == 0 {
				return value{t: envDumpTaint()}
			}
			f = pos
			continue
		case "command", "builtin":
			flags, pos := options(args, nil, true)
			if hasFlag(flags, "-v", "-V") {
				if len(pos) == 1 && pos[0].known {
					// command -v NAME prints where NAME is: that program
					return value{s: pos[0].s + "\n", known: true}
				}
				return value{}
			}
			f = pos
			continue
		case "exec":
			_, pos := options(args, set("-a"), true)
			f = pos
			continue
		case "nohup", "setsid", "time", "caffeinate", "chronic", "unbuffer", "stdbuf", "nice", "ionice", "flock", "then", "do":
			_, pos := options(args, set("-n", "-c", "-o", "-e", "-i", "-w", "-s", "-p"), true)
			if base == "flock" && len(pos) > 0 {
				pos = pos[1:]
			}
			f = pos
			continue
		case "busybox", "toybox":
			// busybox APPLET ARGS runs the applet (busybox sh, busybox wget)
			if len(args) > 0 && !strings.HasPrefix(args[0].s, "-") {
				f = args
				continue
			}
			return value{}
		case "timeout", "gtimeout":
			_, pos := options(args, set("-s", "--signal", "-k", "--kill-after"), true)
			if len(pos) > 0 {
				pos = pos[1:]
			}
			f = pos
			continue
		case "sudo", "doas", "pkexec", "run0":
			flags, pos := options(args, set("-u", "-g", "-C", "-D", "-h", "-p", "-U", "-r", "-t", "-T"), true)
			what := "runs commands as root"
			if len(pos) > 0 {
				what = "runs " + shortText(pos[0].s, 30) + " as root"
			}
			if hasFlag(flags, "-S", "--stdin") {
				what += ", feeding a password on stdin"
			}
			sev := LevelCritical
			if len(pos) > 0 && !hasFlag(flags, "-S", "--stdin", "-s", "-i", "-E", "--preserve-env") && rootServiceTool(pos) {
				// a local service's own tool (pg_ctlcluster, psql as the
				// postgres user, service x start): what it does is judged
				// below as the command it is
				sev = LevelReview
			}
			sh.find(n, Privilege, sev, "%s with %s", what, base)
			if hasFlag(flags, "-s", "-i") && len(pos) == 0 {
				return value{}
			}
			f = pos
			continue
		case "su":
			flags, pos := options(args, set("-c", "--command", "-s", "--shell", "-g", "-G"), false)
			sh.find(n, Privilege, LevelCritical, "switches to another user (root by default) with su")
			for _, fl := range flags {
				if fl.name == "-c" || fl.name == "--command" {
					sh.nestedShell(fl.val.value, fl.val.w, "")
				}
			}
			_ = pos
			return value{}
		case "xargs":
			xflags, pos := options(args, set("-I", "-n", "-P", "-d", "-L", "-s", "-E", "-a", "--max-args", "--max-procs", "--delimiter", "--arg-file"), true)
			if len(pos) == 0 {
				pos = []field{{value: value{s: "echo", known: true}}}
			}
			// -I REPL: each line of the input takes REPL's place in the
			// command (ls ~/.aws/* | xargs -I{} curl -T {} …)
			repl := ""
			for _, fl := range xflags {
				switch {
				case fl.name == "-I" || fl.name == "--replace" && fl.has:
					repl = fl.val.s
				case fl.name == "-i" || fl.name == "--replace":
					repl = "{}"
				}
			}
			if repl != "" && in != nil {
				line, _, _ := strings.Cut(strings.TrimSpace(in.s), "\n")
				sub := make([]field, len(pos))
				for k, p := range pos {
					sub[k] = p
					if strings.Contains(p.s, repl) {
						// the line is read as text even when it is a guess
						// (the names ls prints): the command it builds is
						// judged, not skipped
						sub[k].s = strings.ReplaceAll(p.s, repl, line)
						sub[k].t.add(in.t)
					}
				}
				pos = sub
			}
			extra := field{w: nil}
			if in != nil {
				extra.value = *in
			} else {
				extra.t = payloadTaint()
			}
			extra.known = false
			extra.decoded = in != nil && in.decoded
			f = append(append([]field{}, pos...), extra)
			in = nil
			if in == nil && shells[path.Base(pos[0].s)] && len(pos) == 1 {
				sh.execText(extra.value, n, path.Base(pos[0].s))
				return value{}
			}
			continue
		case "watch":
			_, pos := options(args, set("-n", "--interval", "-d"), true)
			if len(pos) > 0 {
				sh.nestedShell(joinFields(pos), n, "")
			}
			return value{}
		case "trap":
			if len(args) > 0 {
				sh.nestedShell(args[0].value, args[0].w, "")
			}
			return value{}
		case "eval":
			sh.nestedShell(joinFields(args), n, "eval")
			return value{}
		case "source", ".":
			if len(args) > 0 {
				if args[0].net != nil {
					sh.downloadExec(*args[0].net, n, "sources a script it downloads from %s")
				} else if ep, ok := sh.downloadedAt(normPath(args[0].s, sh.a.hook.ProjectDir)); ok {
					sh.downloadExec(ep, n, "sources a script it downloaded from %s")
				} else if args[0].decoded {
					sh.find(n, Obfuscation, LevelCritical, "sources shell code it decodes at run time")
				} else {
					sh.follow(args[0].value, "source")
				}
			}
			return value{}
		}
		if body, ok := sh.funcs[base]; ok {
			// run the function with its arguments bound to $1…$9
			if sh.calls < 8 && body != nil && sh.a.funcCalls < maxFuncCalls {
				sh.calls++
				sh.a.funcCalls++
				saved := map[string]value{}
				for i := 1; i <= 9; i++ {
					k := fmt.Sprint(i)
					if old, ok := sh.vars[k]; ok {
						saved[k] = old
					}
					delete(sh.vars, k)
					if i <= len(args) {
						sh.vars[k] = args[i-1].value
					}
				}
				out := sh.stmt(body, in)
				for i := 1; i <= 9; i++ {
					k := fmt.Sprint(i)
					delete(sh.vars, k)
					if old, ok := saved[k]; ok {
						sh.vars[k] = old
					}
				}
				sh.calls--
				return out
			}
			return value{}
		}
		return sh.program(base, name, args, n, s, in)
	}
	return value{}
}

func isAssign(s string) bool {
	k, _, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return false
	}
	for i, r := range k {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func joinFields(fs []field) value {
	v := value{known: true}
	parts := make([]string, 0, len(fs))
	for _, f := range fs {
		parts = append(parts, f.s)
		v.known = v.known && f.known
		v.merge(f.value)
	}
	v.s = strings.Join(parts, " ")
	return v
}

// nestedShell analyses text that a command runs as shell (bash -c, eval).
func (sh *shell) nestedShell(v value, n syntax.Node, how string) {
	switch {
	case v.net != nil:
		sh.downloadExec(*v.net, n, "runs shell code it downloads from %s")
		return
	case v.sock != nil:
		sh.reverseShell(*v.sock, n)
		return
	case !v.known:
		if v.decoded {
			sh.find(n, Obfuscation, LevelCritical, "runs code it decodes at run time, which Hookwarden cannot read")
			return
		}
		if len(sh.sockFDs) > 0 {
			for _, ep := range sh.sockFDs {
				sh.reverseShell(ep, n)
				return
			}
		}
		if how == "eval" || strings.Contains(v.s, "$") {
			sh.find(n, Unreadable, LevelReview, "runs shell text built at run time (%s), which Hookwarden cannot read", shortText(v.s, 50))
		}
		if !v.t.empty() && v.t.has(tPayload) {
			sh.find(n, Unreadable, LevelReview, "runs part of its input as shell code")
		}
		return
	}
	if v.decoded {
		sh.find(n, Obfuscation, LevelCritical, "runs hidden shell code that it decodes at run time: %s", shortText(oneLine(v.s), 80))
	}
	c := sh.child(v.s, sh.source(n))
	c.run()
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// execText: text fed to an interpreter on stdin (curl … | sh).
func (sh *shell) execText(v value, n syntax.Node, prog string) {
	switch {
	case v.net != nil:
		sh.downloadExec(*v.net, n, "pipes code it downloads from %s into "+prog)
	case v.sock != nil:
		sh.reverseShell(*v.sock, n)
	case v.known && v.s != "":
		if v.decoded {
			sh.find(n, Obfuscation, LevelCritical, "pipes hidden code that it decodes at run time into %s: %s", prog, shortText(oneLine(v.s), 80))
		}
		switch langOfProg(prog) {
		case langPython:
			sh.a.scriptCode(sh.file, v.s, langPython, ptr(sh.source(n)), sh.depth)
		case langJS, langRuby, langPerl, langPHP, langLua:
			sh.a.scriptCode(sh.file, v.s, langOfProg(prog), ptr(sh.source(n)), sh.depth)
		default:
			sh.child(v.s, sh.source(n)).run()
		}
	case v.decoded:
		sh.find(n, Obfuscation, LevelCritical, "pipes code it decodes at run time into %s", prog)
	}
}

func ptr[T any](v T) *T { return &v }

func langOfProg(prog string) lang {
	switch {
	case strings.HasPrefix(prog, "python") || strings.HasPrefix(prog, "pypy"):
		return langPython
	case prog == "node" || prog == "bun" || prog == "deno" || prog == "tsx" || prog == "ts-node":
		return langJS
	case prog == "perl":
		return langPerl
	case prog == "ruby":
		return langRuby
	case prog == "php":
		return langPHP
	case strings.HasPrefix(prog, "lua") || prog == "texlua":
		return langLua
	}
	return langShell
}

func (sh *shell) downloadExec(ep endpoint, n syntax.Node, format string) {
	sev := LevelCritical
	if loopback(hostName(ep)) {
		sev = LevelReview
	}
	sh.find(n, DownloadExec, sev, format, ep)
}

func hostName(ep endpoint) string {
	h := ep.Host
	if i := strings.LastIndex(h, ":"); i > 0 && !strings.Contains(h, "]") && strings.Count(h, ":") == 1 {
		h = h[:i]
	}
	return h
}

// maxFuncCalls bounds the function calls analysed with their arguments in
// one hook: functions that call each other many times must not multiply
// the work without end.
const maxFuncCalls = 500

// arrayElems: the word is "${arr[@]}" (or ${arr[@]}) of an array assigned
// earlier, whose elements are known one by one.
func (sh *shell) arrayElems(w *syntax.Word) ([]value, bool) {
	if w == nil || len(w.Parts) != 1 || sh.elems == nil {
		return nil, false
	}
	part := w.Parts[0]
	if dq, ok := part.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
		part = dq.Parts[0]
	}
	pe, ok := part.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Index == nil || pe.Exp != nil || pe.Slice != nil || pe.Repl != nil || pe.Length || pe.Excl {
		return nil, false
	}
	if iw, ok := pe.Index.(*syntax.Word); !ok || iw.Lit() != "@" {
		return nil, false
	}
	elems, ok := sh.elems[pe.Param.Value]
	return elems, ok
}

// runTimeProgram: a command name whose value is not known now (a
// variable set from a file, a command's output, the hook's input).
// The script's own arguments ("$@", "$1") are what its caller passed,
// read where the caller names them.
func runTimeProgram(name field) bool {
	if positionalRe.MatchString(name.s) {
		return false
	}
	// a path whose folder is what a command printed ("$(brew
	// --prefix)/bin/x", R=$(tool); "$R/x.sh") is chosen at run time as
	// surely as one in an unset variable
	return !name.t.empty() || name.s == "" || strings.HasPrefix(name.s, "$") || name.ranOutput
}

// paramWord: w holds a parameter ($0, "$1", "$f"): a program whose path
// the shell's variables give, which discovery may not have resolved (sh
// -c 'exec "$0"' x.sh); its value is known here, so the file is read.
func paramWord(w *syntax.Word) bool {
	found := false
	if w != nil {
		syntax.Walk(w, func(n syntax.Node) bool {
			if _, ok := n.(*syntax.ParamExp); ok {
				found = true
			}
			return !found
		})
	}
	return found
}

// defaultedWord: w holds ${NAME:-default} or ${NAME-default}.
func defaultedWord(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	var in func(parts []syntax.WordPart) bool
	in = func(parts []syntax.WordPart) bool {
		for _, p := range parts {
			switch p := p.(type) {
			case *syntax.ParamExp:
				if p.Exp != nil && (p.Exp.Op == syntax.DefaultUnset || p.Exp.Op == syntax.DefaultUnsetOrNull) {
					return true
				}
			case *syntax.DblQuoted:
				if in(p.Parts) {
					return true
				}
			}
		}
		return false
	}
	return in(w.Parts)
}

var positionalRe = lazyRe(`^\$(\{?[@*0-9]|\{?#)`)

// rootServiceTool: a command run with sudo that starts, stops or queries a
// local service (a database's own tools, service/systemctl status|start of
// a unit), not one that installs, writes or runs a shell.
// listenerTools are packages whose use is a raw connection in or out
// (reverse shells, port scans): installing one from a hook is no
// ordinary dependency.
var listenerTools = set("netcat", "netcat-openbsd", "netcat-traditional", "ncat", "nc", "socat", "nmap", "masscan", "hping3", "proxychains", "proxychains4", "tor")

func rootServiceTool(pos []field) bool {
	base := path.Base(pos[0].s)
	switch base {
	case "pg_ctlcluster", "pg_ctl", "psql", "createdb", "createuser", "dropdb", "pg_isready", "mysql", "mysqladmin", "redis-cli", "mongosh":
		return true
	case "apt-get", "apt", "dnf", "yum", "apk", "zypper":
		// the system's package manager installing packages by name from
		// the distribution's repositories (its own job needs root; a
		// package file or URL, or any other verb, is not this)
		if len(pos) >= 2 && (pos[1].s == "update" || pos[1].s == "makecache") && (base == "apt-get" || base == "apt" || base == "apk" || base == "dnf" || base == "yum") {
			// refreshing the package lists from the configured
			// repositories, with options only: the same job, no package
			for _, a := range pos[2:] {
				if !a.known || !strings.HasPrefix(a.s, "-") || strings.Contains(a.s, "=") {
					return false
				}
			}
			return true
		}
		if len(pos) < 3 || pos[1].s != "install" && pos[1].s != "add" {
			return false
		}
		names := 0
		for _, a := range pos[2:] {
			if !a.known || strings.ContainsAny(a.s, "/:=") || strings.HasSuffix(a.s, ".deb") || strings.HasSuffix(a.s, ".rpm") || strings.HasSuffix(a.s, ".apk") {
				return false
			}
			if !strings.HasPrefix(a.s, "-") {
				if listenerTools[a.s] {
					return false // a tool for raw connections in or out, installed by a hook
				}
				names++
			}
		}
		return names > 0
	case "service":
		return len(pos) > 2 && (pos[2].s == "start" || pos[2].s == "status" || pos[2].s == "restart" || pos[2].s == "stop")
	case "systemctl":
		return len(pos) > 2 && (pos[1].s == "start" || pos[1].s == "status" || pos[1].s == "restart" || pos[1].s == "stop")
	}
	return false
}
