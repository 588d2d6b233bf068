package risk

import (
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// code analyses one Python or JavaScript/TypeScript source: imports,
// calls and string literals, with a small taint of variables.
type code struct {
	a       *analyzer
	file    string
	src     string
	lines   []string
	at      *Source
	l       lang
	dialect lang // the language as written (l is how it is read)
	toks    []token
	alias   map[string]string // local name → module path (sp → subprocess)
	vars    map[string]value
	urlEPs  []endpoint // every URL literal of the file
	depth   int
	sockets bool // connects a raw socket
	shellEx bool // runs a shell (sh, bash, cmd) as a subprocess
	dup     bool // os.dup2 / pty.spawn / .pipe(
	sockEP  endpoint
	netSeen *endpoint // the first network call's endpoint
	// writtenNames are the names and literals of the files it writes
	writtenNames map[string]bool
	// ownWrappers are the functions of this file that run a parameter
	ownWrappers map[string]wrapper
	// defaults caches paramDefault by parameter name
	defaults map[string]paramDef
}

func (a *analyzer) scriptCode(file, text string, l lang, at *Source, depth int) {
	if a.budget <= 0 {
		return
	}
	a.budget--
	dialect := l
	if t := dialects[l]; t != nil {
		// Ruby, Perl, PHP and Lua are read as JavaScript is (statements,
		// assignments, calls), through their own table of names
		l = langJS
	}
	if at != nil && !a.sub {
		// inline code (python -c, node -e) prints to the agent as a
		// script does: what it prints is judged the same way
		a.print(printed{text: text, code: true, src: *at})
	}
	if at == nil {
		a.learnWrappersOf(text)
	}
	c := &code{a: a, file: file, src: text, lines: strings.Split(text, "\n"), at: at, l: l, dialect: dialect, toks: fold(tokenize(dialectText(dialect, text), dialect)),
		alias: map[string]string{}, vars: map[string]value{}, depth: depth}
	defer func(was bool) { a.codeStashBack = was }(a.codeStashBack)
	a.codeStashBack = stashPutBack(c.toks)
	c.run()
}

var (
	stashBackRe = lazyRe(`\bstash (?:pop|apply)\b`)
	stashGoneRe = lazyRe(`\bstash (?:drop|clear)\b|refs/stash`)
)

// stashPutBack: the string literals of code, in order, say git stash pop
// or apply (in one string or as list words) and never drop or clear.
func stashPutBack(toks []token) bool {
	var b strings.Builder
	for _, t := range toks {
		if t.kind == tokString {
			b.WriteString(strings.Join(strings.Fields(t.text), " "))
			b.WriteByte(' ')
		}
	}
	s := b.String()
	return stashBackRe.MatchString(s) && !stashGoneRe.MatchString(s)
}

func (c *code) source(t token) Source {
	if c.at != nil {
		return *c.at
	}
	s := Source{File: c.file, Line: t.line, Col: t.col}
	if t.line-1 < len(c.lines) && t.line > 0 {
		s.Text = strings.TrimSpace(c.lines[t.line-1])
	}
	return s
}

func (c *code) find(t token, cat Category, sev Level, format string, args ...any) {
	c.a.add(Finding{Category: cat, Severity: sev, Summary: fmt.Sprintf(format, args...), Source: c.source(t)})
}

func (c *code) run() {
	c.imports()
	for _, t := range c.toks {
		if t.kind == tokString {
			for _, ep := range hostsIn(t.text) {
				if !namespaceHost(ep.Host) {
					c.urlEPs = append(c.urlEPs, ep)
				}
			}
		}
	}
	c.printDecoded()
	c.statements()
	c.calls()
	c.dynamicCalls()
	c.dialectShell()
	c.printFolded()
	c.fileLevel()
}

// printDecoded adds the strings the source spells in pieces or as
// character codes ('per'+'mission', map(chr, […])) to the text it prints,
// so what it may tell the agent is read as the agent would read it.
func (c *code) printDecoded() {
	if c.a.sub || c.at != nil {
		return
	}
	var extra []string
	for _, t := range c.toks {
		if t.kind != tokString {
			continue
		}
		if t.raw == "" && len(t.text) >= 12 && !strings.Contains(c.src, t.text) {
			extra = append(extra, strconv.Quote(t.text))
		}
		// an encoded blob of prose (base64 of a sentence)
		if len(t.text) >= 24 && !strings.ContainsAny(t.text, " \n") {
			if b, ok := decodeLiteral("base64.b64decode", []token{t}); ok && isPrintable(b) && utf8.ValidString(b) && strings.Count(b, " ") >= 3 {
				extra = append(extra, strconv.Quote(b))
			}
		}
	}
	if len(extra) == 0 {
		return
	}
	for i := len(c.a.printed) - 1; i >= 0; i-- {
		if p := &c.a.printed[i]; p.code && p.src.File == c.file {
			p.text += "\n" + strings.Join(extra, "\n")
			return
		}
	}
}

// printFolded adds the code as it reads once its split strings are
// joined and its names bound to a literal are replaced by it
// (k = 'permission'+'Decision'; {k: 'al'+'low'} reads as
// {"permissionDecision": "allow"}) to the text it prints, so what it tells
// the agent is judged on what it says, not on how it is spelled.
func (c *code) printFolded() {
	if c.a.sub {
		return
	}
	var b strings.Builder
	changed := false
	for i, t := range c.toks {
		switch t.kind {
		case tokString:
			if t.raw == "" {
				changed = true // a string the fold built
			}
			text := t.text
			if strings.HasPrefix(t.raw, "`") && strings.Contains(text, "${") {
				// `…${d}…` with d a literal: the text it makes
				text = templateRefRe.ReplaceAllStringFunc(text, func(m string) string {
					if v, ok := c.vars[templateRefRe.FindStringSubmatch(m)[1]]; ok && v.known && v.t.empty() && v.s != "" {
						changed = true
						return v.s
					}
					return m
				})
			}
			b.WriteString(strconv.Quote(text))
		case tokIdent:
			next := ""
			if i+1 < len(c.toks) {
				next = c.toks[i+1].text
			}
			if v, ok := c.vars[t.text]; ok && v.known && v.t.empty() && v.net == nil && next != "=" && next != "(" && v.s != "" && len(v.s) < 64 && !strings.ContainsAny(v.s, "\n\"") {
				b.WriteString(strconv.Quote(v.s))
				changed = true
				continue
			}
			b.WriteString(t.text)
		case tokNumber:
			b.WriteString(t.raw)
		default:
			b.WriteString(t.text)
		}
		b.WriteByte(' ')
	}
	if !changed {
		return
	}
	for i := len(c.a.printed) - 1; i >= 0; i-- {
		if p := &c.a.printed[i]; p.code && (c.at == nil && p.src.File == c.file || c.at != nil && p.src == *c.at) {
			p.text += "\n" + strings.ReplaceAll(b.String(), "\n ", "\n")
			return
		}
	}
}

var templateRefRe = lazyRe(`\$\{\s*([A-Za-z_$][\w$]*)\s*\}`)

func normModule(m string) string {
	m = strings.TrimPrefix(m, "node:")
	return m
}

// imports fills the alias map.
func (c *code) imports() {
	t := c.toks
	for i := 0; i < len(t); i++ {
		switch {
		case c.l == langPython && t[i].kind == tokIdent && t[i].text == "import" && (i == 0 || t[i-1].text == "\n" || t[i-1].text == ";"):
			for j := i + 1; j < len(t) && t[j].text != "\n" && t[j].text != ";"; j++ {
				if t[j].kind == tokIdent && t[j].text != "as" {
					mod := t[j].text
					name := strings.Split(mod, ".")[0]
					target := name
					if j+2 < len(t) && t[j+1].text == "as" {
						name, target = t[j+2].text, mod
						j += 2
					}
					c.alias[name] = target
				}
			}
		case c.l == langPython && t[i].kind == tokIdent && t[i].text == "from" && i+2 < len(t) && t[i+2].text == "import":
			mod := t[i+1].text
			for j := i + 3; j < len(t) && t[j].text != "\n" && t[j].text != ";"; j++ {
				if t[j].kind == tokIdent && t[j].text != "as" {
					name, target := t[j].text, mod+"."+t[j].text
					if j+2 < len(t) && t[j+1].text == "as" {
						name = t[j+2].text
						j += 2
					}
					c.alias[name] = target
				}
			}
		case c.l == langPython && t[i].kind == tokIdent && i >= 2 && t[i-1].text == "=" && t[i-2].kind == tokIdent && (t[i].text == "__import__" || c.canon(t[i].text) == "importlib.import_module"):
			// m = __import__('os'), m = importlib.import_module('os'),
			// m = il.import_module('os') after import importlib as il
			tt := t[i]
			tt.text = c.canon(tt.text)
			if mod, _, ok := moduleCall(append([]token{tt}, t[i+1:min(i+4, len(t))]...), 0); ok {
				c.alias[t[i-2].text] = mod
			}
		case t[i].kind == tokIdent && i >= 2 && t[i-1].text == "=" && t[i-2].kind == tokIdent && strings.Contains(t[i].text, ".") &&
			(i+1 == len(t) || t[i+1].text == "\n" || t[i+1].text == ";") && c.knownModule(t[i].text):
			// f = urllib.request.urlopen: f is that function
			c.alias[t[i-2].text] = c.canon(t[i].text)
		case c.l == langJS && t[i].kind == tokIdent && (t[i].text == "require" || t[i].text == "import") && i+2 < len(t) && t[i+1].text == "(" && t[i+2].kind == tokString:
			c.bindJS(i, normModule(t[i+2].text))
			c.remoteImport(t[i+2])
		case c.l == langJS && t[i].kind == tokIdent && t[i].text == "import" && (i == 0 || t[i-1].text == "\n" || t[i-1].text == ";"):
			j := i + 1
			for ; j < len(t) && !(t[j].kind == tokIdent && t[j].text == "from") && t[j].kind != tokString; j++ {
			}
			if j < len(t) && t[j].kind == tokIdent && j+1 < len(t) && t[j+1].kind == tokString {
				mod := normModule(t[j+1].text)
				c.remoteImport(t[j+1])
				c.bindNames(t[i+1:j], mod)
			} else if j < len(t) && t[j].kind == tokString {
				c.remoteImport(t[j])
			}
		}
	}
}

func (c *code) remoteImport(t token) {
	if m := urlRe.FindStringSubmatch(t.text); m != nil && strings.HasPrefix(t.text, m[0]) {
		if ep := hostOf(m[2]); !loopback(ep.Host) {
			c.find(t, RemotePackage, LevelReview, "imports code from %s each time it runs", ep)
		}
	}
}

// bindJS binds the names on the left of `= require('m')`.
func (c *code) bindJS(i int, mod string) {
	t := c.toks
	if i < 2 || t[i-1].text != "=" {
		return
	}
	j := i - 2
	if t[j].kind == tokIdent {
		c.alias[t[j].text] = mod
		return
	}
	if t[j].text == "}" {
		k := j
		for k > 0 && t[k].text != "{" {
			k--
		}
		c.bindNames(t[k:j+1], mod)
	}
}

// bindNames reads `X`, `* as X`, `{ a, b as c, d: e }` bound to mod.
func (c *code) bindNames(ts []token, mod string) {
	inBrace := false
	for k := 0; k < len(ts); k++ {
		x := ts[k]
		switch {
		case x.text == "{":
			inBrace = true
		case x.text == "}":
			inBrace = false
		case x.kind == tokIdent && x.text == "as" && k+1 < len(ts):
			prev := "default"
			if k > 0 {
				prev = ts[k-1].text
			}
			if prev == "*" || !inBrace {
				c.alias[ts[k+1].text] = mod
			} else {
				c.alias[ts[k+1].text] = mod + "." + prev
			}
			k++
		case x.kind == tokIdent && x.text != "type" && x.text != "const" && x.text != "let" && x.text != "var":
			if k+1 < len(ts) && (ts[k+1].text == ":" || ts[k+1].kind == tokIdent && ts[k+1].text == "as") {
				if ts[k+1].text == ":" && k+2 < len(ts) {
					c.alias[ts[k+2].text] = mod + "." + x.text
					k += 2
				}
				continue
			}
			if inBrace {
				c.alias[x.text] = mod + "." + x.text
			} else {
				c.alias[x.text] = mod
			}
		}
	}
}

// canon resolves a dotted name through the imports.
func (c *code) canon(name string) string {
	first, rest, _ := strings.Cut(name, ".")
	if m, ok := c.alias[first]; ok {
		name = m
		if rest != "" {
			name = m + "." + rest
		}
		if t := dialects[c.dialect]; t != nil {
			return t.canon(name) // local http = require("socket.http")
		}
		return name
	}
	if t := dialects[c.dialect]; t != nil {
		return t.canon(name)
	}
	return name
}

// statements records assignments: NAME = expr.
func (c *code) statements() {
	t := c.toks
	start := 0
	depth := 0
	// objDepth: the braces of a JavaScript object literal assigned to a
	// name (const h = {"x-api-key": key}), which are one statement with
	// it, not blocks
	objDepth := 0
	for i := 0; i <= len(t); i++ {
		lit := false
		if i < len(t) {
			switch t[i].text {
			case "(", "[":
				if t[i].kind == tokPunct {
					depth++
				}
			case ")", "]":
				if t[i].kind == tokPunct && depth > 0 {
					depth--
				}
			case "{":
				if t[i].kind == tokPunct && c.l == langJS && (objDepth > 0 || depth == 0 && i > 0 && t[i-1].kind == tokPunct && t[i-1].text == "=") {
					objDepth++
					lit = true
				}
			case "}":
				if t[i].kind == tokPunct && objDepth > 0 {
					objDepth--
					lit = true
				}
			}
		}
		if i == len(t) || depth == 0 && objDepth == 0 && !lit && t[i].kind == tokPunct && (t[i].text == "\n" || t[i].text == ";" || c.l == langJS && (t[i].text == "{" || t[i].text == "}")) {
			c.statement(t[start:i])
			start = i + 1
		}
	}
}

func (c *code) statement(s []token) {
	if len(s) < 3 {
		return
	}
	for i := range s {
		if s[i].kind == tokIdent && isStdin(c.canon(s[i].text), s, i) {
			// process.stdin.on('data', c => raw += c): what the callback
			// collects is the hook's input.
			for j := 0; j+2 < len(s); j++ {
				if s[j].kind == tokIdent && (s[j+1].text == "+" && s[j+2].text == "=" || s[j+1].text == "=" && s[j+2].text != "=" && s[j+2].text != ">") {
					v := c.vars[s[j].text]
					v.t.add(payloadTaint())
					c.vars[s[j].text] = v
				}
			}
			break
		}
	}
	k := 0
	if c.l == langJS && s[0].kind == tokIdent && (s[0].text == "const" || s[0].text == "let" || s[0].text == "var" || s[0].text == "export") {
		k = 1
		if s[0].text == "export" && len(s) > 1 && (s[1].text == "const" || s[1].text == "let") {
			k = 2
		}
	}
	// with EXPR as NAME / for NAME in EXPR
	if c.l == langPython && s[0].kind == tokIdent && s[0].text == "with" {
		for j := 1; j+1 < len(s); j++ {
			if s[j].kind == tokIdent && s[j].text == "as" && s[j+1].kind == tokIdent {
				c.vars[s[j+1].text] = c.expr(s[1:j])
			}
		}
		return
	}
	if s[0].kind == tokIdent && s[0].text == "for" {
		for j := 1; j+1 < len(s); j++ {
			if s[j].kind == tokIdent && (s[j].text == "in" || s[j].text == "of") {
				v := c.expr(s[j+1:])
				for _, n := range s[1:j] {
					if n.kind == tokIdent && n.text != "const" && n.text != "let" && n.text != "await" {
						c.vars[n.text] = v
					}
				}
			}
		}
		return
	}
	// names on the left
	var names []string
	j := k
	for ; j < len(s); j++ {
		x := s[j]
		if x.kind == tokPunct && x.text == "=" {
			break
		}
		if x.kind == tokPunct && (x.text == "+" || x.text == ":") && j+1 < len(s) && s[j+1].text == "=" {
			j++
			break
		}
		if x.kind == tokIdent {
			names = append(names, x.text)
		} else if x.kind == tokPunct && !strings.Contains("{}[],*: ", x.text) {
			return
		}
		if x.kind == tokPunct && x.text == ":" && c.l == langPython && len(names) > 0 {
			// annotated assignment: x: int = …
			names = names[:1]
		}
	}
	if j >= len(s)-1 || len(names) == 0 || s[j+1].text == "=" || s[j+1].text == ">" {
		return
	}
	if c.l == langJS && k > 0 && len(names) > 1 && s[k].kind == tokIdent {
		names = names[:1] // const x: Type = …
	}
	v := c.expr(s[j+1:])
	if s[j+1].text == "[" && s[j+1].kind == tokPunct {
		v = c.listValue(s[j+1:])
	}
	for _, n := range names {
		if old, ok := c.vars[n]; ok && !old.t.empty() {
			v.merge(old)
		}
		c.vars[n] = v
	}
}

var decodeFuncs = lazyRe(`^(base64\.(b64decode|standard_b64decode|urlsafe_b64decode|b32decode|b16decode|decodebytes)|codecs\.decode|bytes\.fromhex|binascii\.(a2b_base64|unhexlify|a2b_hex)|zlib\.decompress|gzip\.decompress|Buffer\.from|atob|decodeURIComponent|unescape|decode_base64|MIME::Base64::decode_base64|MIME::Base64::decode|Base64\.decode64|Base64\.strict_decode64|base64_decode|String\.fromCharCode|String\.fromCodePoint|chr|unpack|string\.char|str_rot13|gzinflate|gzuncompress|gzdecode|hex2bin)$`)

// expr evaluates an expression: its literal text (when it is one), what
// it carries, whether it is decoded, whether it makes a network object.
// openHost: a value not known here follows an address whose host part is
// not closed by a "/" (BASE + endpoint, where endpoint may be
// "@collector.example/…"): the host is no longer the literal's, so a
// placeholder stands for the value, as in the shell's words.
func openHost(sb *strings.Builder, name string) {
	s := sb.String()
	if !looksAddress(s) {
		return
	}
	if _, rest, _ := strings.Cut(s, "://"); !strings.Contains(rest, "/") {
		sb.WriteString("$" + name)
	}
}

func (c *code) expr(ts []token) value {
	v := value{known: true}
	var sb strings.Builder
	nonLit := false
	var keys []string
	fromPayload := false
	homeish := false
	joining := false
	for i := 0; i < len(ts); i++ {
		x := ts[i]
		switch x.kind {
		case tokString:
			if i >= 2 && i+1 < len(ts) && ts[i-1].text == "[" && ts[i+1].text == "]" && (ts[i-2].kind == tokIdent || ts[i-2].text == "]" || ts[i-2].text == ")") {
				// x["key"]: a key the value is read by, not text of it
				nonLit = true
				continue
			}
			if homeish && sb.Len() == 0 && !strings.HasPrefix(x.text, "~") && !strings.HasPrefix(x.text, "/") {
				sb.WriteString("~/")
			}
			if t, ok := homeTemplate(x); ok {
				sb.WriteString(t)
				homeish = true
				c.literalSource(token{kind: tokString, text: t}, &v, false)
				continue
			}
			sb.WriteString(x.text)
			if strings.HasPrefix(x.raw, "f") || strings.HasPrefix(x.raw, "`") && strings.Contains(x.text, "${") {
				c.templateRefs(x, &v)
			}
			c.literalSource(x, &v, homeish)
		case tokIdent:
			name := c.canon(x.text)
			next := ""
			if i+1 < len(ts) {
				next = ts[i+1].text
			}
			if (next == "=" && (i+2 >= len(ts) || ts[i+2].text != "=")) || next == ":" && c.l == langJS {
				continue // a keyword argument or an object key: a name, not a value
			}
			if strings.HasSuffix(name, "path.join") || strings.HasSuffix(name, "path.resolve") || name == "Path" || name == "pathlib.Path" || strings.HasSuffix(name, ".joinpath") {
				joining = true
			}
			switch {
			case decodeFuncs.MatchString(name) && next == "(":
				arg := c.resolveLiterals(callArgs(ts, i+1))
				if d, ok := decodeLiteral(name, arg); ok {
					v.decoded = true
					sb.WriteString(d)
					i += len(arg) + 1
					continue
				}
				v.decoded = true
				nonLit = true
			case isStdin(name, ts, i):
				v.t.add(payloadTaint())
				fromPayload = true
				nonLit = true
			case name == "os.environ" || name == "os.environ.copy" || name == "process.env" || name == "Deno.env.toObject" || name == "Bun.env" || name == "os.environ.items":
				if next == "[" && i+2 < len(ts) && ts[i+2].kind == tokString {
					c.envVar(ts[i+2].text, &v)
					if ts[i+2].text == "HOME" || ts[i+2].text == "USERPROFILE" {
						homeish = true
						sb.WriteString("~")
						i += 3
						continue
					}
					i += 2
				} else if name == "os.environ" && strings.HasPrefix(next, ".get") {
				} else if !(c.l == langPython && i > 0 && ts[i-1].text == "=" && i > 1 && ts[i-2].text == "env") {
					v.t.add(envDumpTaint())
				}
				nonLit = true
			case name == "os.environ.get" || name == "os.getenv" || name == "os.environ.setdefault" || name == "getenv":
				arg := callArgs(ts, i+1)
				if len(arg) > 0 && arg[0].kind == tokString {
					c.envVar(arg[0].text, &v)
				}
				if len(arg) == 3 && arg[0].kind == tokString && arg[1].text == "," && arg[2].kind == tokString && loopbackURL(arg[2].text) {
					if _, set := c.a.hook.Env[arg[0].text]; !set {
						// os.environ.get("SERVER_URL", "http://localhost:4000"):
						// a local server unless the user's own environment
						// says otherwise (the hook's env, which the project
						// sets, is read instead when it sets it)
						sb.WriteString(arg[2].text)
						i += len(arg) + 1
						continue
					}
				}
				nonLit = true
			case name == "process.env.HOME" || name == "process.env.USERPROFILE":
				homeish = true
				sb.WriteString("~")
			case strings.HasPrefix(name, "process.env.") || strings.HasPrefix(name, "Bun.env.") || strings.HasPrefix(name, "import.meta.env."):
				parts := strings.Split(name, ".")
				if d, ok := envLoopbackDefault(ts, i); ok {
					// process.env.OBS_HOST || '127.0.0.1': as os.environ.get
					// above, a local server unless the user's own
					// environment says otherwise; the hook's env, which the
					// project sets, is read instead when it sets it
					if e, set := c.a.hook.Env[parts[len(parts)-1]]; set {
						d = e
					}
					sb.WriteString(d)
					i += 3
					continue
				}
				c.envVar(parts[len(parts)-1], &v)
				nonLit = true
			case name == "sys.executable" || name == "process.execPath" || name == "process.argv0" || name == "Deno.execPath":
				// the interpreter running the script: a known program
				if c.l == langPython {
					sb.WriteString("python3")
				} else {
					sb.WriteString("node")
				}
				if name == "Deno.execPath" && next == "(" {
					i += 2
				}
				continue
			case name == "os.path.expanduser" || name == "os.path.expandvars":
				homeish = true
			case name == "os.homedir" || name == "Path.home" || name == "pathlib.Path.home" || name == "homedir" || name == "process.env.HOME" || name == "Deno.env.get" && i+2 < len(ts) && ts[i+2].text == "HOME":
				homeish = true
				sb.WriteString("~")
			default:
				first, rest, _ := strings.Cut(x.text, ".")
				if joining && next == "(" && (strings.HasSuffix(name, "path.join") || strings.HasSuffix(name, "path.resolve") || strings.HasSuffix(name, ".joinpath")) {
					// path.join(…) after const path = require('path'):
					// the module is no value; the pieces that follow are
				} else if vv, ok := c.vars[first]; ok {
					if vv.t.has(tPayload) {
						fromPayload = true
						for _, k := range strings.Split(rest, ".") {
							if !methodName[k] {
								keys = append(keys, k)
							}
						}
						keys = append(keys, selectorKeys(ts, i+1)...)
						t := vv.t
						t.kinds &^= tPayload
						v.t.add(t)
					} else {
						v.t.add(vv.t)
					}
					v.decoded = v.decoded || vv.decoded
					if vv.net != nil {
						v.net = vv.net
					}
					if vv.known && rest == "" {
						sb.WriteString(vv.s)
					} else {
						nonLit = true
						openHost(&sb, first)
					}
				} else if next != "(" && !isKeyword(x.text) {
					nonLit = true
					openHost(&sb, first)
				}
				if netCtor(name) || netCallRe.MatchString(name) && next == "(" {
					ep := c.endpointOf(callArgs(ts, i+1))
					v.net = &ep
					nonLit = true
				}
			}
		case tokPunct:
			switch x.text {
			case "/":
				if homeish || sb.Len() > 0 {
					sb.WriteString("/")
				}
			case ",":
				if joining {
					sb.WriteString("/")
				} else {
					nonLit = true
				}
			case "+", "(", ")", " ", "\n":
			default:
				if x.text != "[" && x.text != "]" {
					nonLit = nonLit || x.text != "."
				}
			}
		case tokNumber:
			nonLit = true
		}
	}
	if fromPayload {
		v.t.add(fieldTaint("", keysOnly(keys)))
	}
	v.s = sb.String()
	v.known = !nonLit
	if joining && v.t.empty() && len(v.s) < 300 {
		// a path joined from pieces (os.path.join(home, '.ssh', 'id_rsa')):
		// each piece alone names nothing, the whole names the secret
		p := v.s
		if homeish && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "/") {
			p = "~/" + p
		}
		if what, ok := c.a.secretPath(normPath(p, c.a.hook.ProjectDir)); ok && (strings.HasPrefix(p, "~") || strings.HasPrefix(p, "/")) {
			v.t.add(secretFileTaint(what, p))
		}
	}
	return v
}

func keysOnly(ks []string) []string {
	var out []string
	for _, k := range ks {
		if k != "" && len(k) < 40 && !strings.ContainsAny(k, " /{}") {
			out = append(out, k)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func isKeyword(s string) bool {
	switch s {
	case "None", "True", "False", "null", "undefined", "true", "false", "await", "new", "return", "not", "and", "or", "if", "else", "in", "is", "lambda", "typeof", "as":
		return true
	}
	return false
}

// homeRefRe: a template literal or f-string that starts with the home
// folder (`${os.homedir()}/.bashrc`, f"{Path.home()}/.bashrc").
var homeRefRe = lazyRe(`^(?:\$\{|\{)\s*(?:[\w.]*homedir\(\)|require\(['"](?:node:)?os['"]\)\.homedir\(\)|(?:pathlib\.)?Path\.home\(\)|process\.env\.(?:HOME|USERPROFILE)|os\.environ\[['"]HOME['"]\]|os\.getenv\(['"]HOME['"]\)|os\.path\.expanduser\(['"]~['"]\))\s*\}`)

// homeTemplate is a template literal or f-string whose text starts with
// the home folder, written as a path from ~.
func homeTemplate(x token) (string, bool) {
	if x.kind != tokString || !(strings.HasPrefix(x.raw, "`") || strings.HasPrefix(x.raw, "f") || strings.HasPrefix(x.raw, "F")) {
		return "", false
	}
	loc := homeRefRe.FindStringIndex(x.text)
	if loc == nil {
		return "", false
	}
	return "~" + x.text[loc[1]:], true
}

// templateRefs reads the variables an f-string or template literal uses.
func (c *code) templateRefs(x token, v *value) {
	for _, m := range templateRef.FindAllStringSubmatch(x.text, -1) {
		name := m[1]
		first, rest, _ := strings.Cut(name, ".")
		if vv, ok := c.vars[first]; ok {
			t := vv.t
			if t.has(tPayload) {
				// {ev.get('hook_event_name')}, {ev["x"]}, ${input.tool_name}
				var keys []string
				for _, k := range strings.Split(rest, ".") {
					if k != "" && !methodName[k] {
						keys = append(keys, k)
					}
				}
				for _, q := range templateKey.FindAllStringSubmatch(m[2], -1) {
					keys = append(keys, q[1])
				}
				if len(keys) > 0 {
					t.kinds &^= tPayload
					t.add(fieldTaint("", keys))
				}
			}
			v.t.add(t)
		}
		if strings.HasPrefix(name, "process.env.") {
			c.envVar(strings.TrimPrefix(name, "process.env."), v)
		}
		switch name {
		case "os.environ", "os.environ.get", "os.getenv", "process.env", "ENV", "getenv":
			// {os.environ['KEY']}, {os.getenv("KEY")}, ${process.env["KEY"]}
			if k := templateKey.FindStringSubmatch(m[2]); k != nil {
				c.envVar(k[1], v)
			}
		}
	}
}

func (c *code) envVar(name string, v *value) {
	if secretVar(name) {
		v.t.add(secretVarTaint(name))
	}
}

// literalSource: a string literal naming a secret file.
func (c *code) literalSource(x token, v *value, homeish bool) {
	s := x.text
	if len(s) > 300 {
		return
	}
	p := s
	if homeish && !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") {
		p = "~/" + p
	}
	if strings.HasPrefix(p, "~") || strings.HasPrefix(p, "/") || strings.HasPrefix(p, ".env") {
		if what, ok := c.a.secretPath(normPath(p, c.a.hook.ProjectDir)); ok {
			v.t.add(secretFileTaint(what, p))
			return
		}
	}
	if m := c.a.secretText().FindString(s); m != "" && (strings.Contains(m, "/") || strings.HasPrefix(s, ".")) && !strings.Contains(s, " ") {
		v.t.add(secretFileTaint("a credential file", strings.TrimLeft(m, "'\", ")))
	}
}

func isStdin(name string, ts []token, i int) bool {
	switch name {
	case "sys.stdin", "sys.stdin.read", "sys.stdin.readline", "sys.stdin.readlines", "sys.stdin.buffer.read", "sys.stdin.buffer",
		"process.stdin", "Bun.stdin", "Bun.stdin.text", "Bun.stdin.json", "Deno.stdin", "Deno.stdin.readable", "fileinput.input":
		return true
	case "input":
		return i+1 < len(ts) && ts[i+1].text == "("
	case "fs.readFileSync", "readFileSync", "fs.readFile", "fs.promises.readFile", "Deno.readTextFile", "Bun.file":
		arg := callArgs(ts, i+1)
		return len(arg) > 0 && (arg[0].kind == tokNumber && arg[0].text == "0" || arg[0].kind == tokString && arg[0].text == "/dev/stdin" || arg[0].kind == tokIdent && strings.HasSuffix(arg[0].text, "stdin.fd"))
	case "json.load", "json.loads":
		arg := callArgs(ts, i+1)
		return len(arg) > 0 && arg[0].kind == tokIdent && strings.HasPrefix(arg[0].text, "sys.stdin")
	}
	return strings.HasPrefix(name, "sys.stdin.") || strings.HasPrefix(name, "process.stdin.")
}

// envLoopbackDefault: the variable at i is followed by `|| '…'` or
// `?? '…'` whose literal is this machine (a URL or a bare host).
func envLoopbackDefault(ts []token, i int) (string, bool) {
	if i+3 >= len(ts) || ts[i+3].kind != tokString || ts[i+1].text != ts[i+2].text || ts[i+1].text != "|" && ts[i+1].text != "?" {
		return "", false
	}
	d := ts[i+3].text
	if loopbackURL(d) || loopback(d) {
		return d, true
	}
	return "", false
}

// loopbackURL: a URL literal of this machine (http://localhost:4000).
func loopbackURL(s string) bool {
	eps := hostsIn(s)
	return looksAddress(s) && len(eps) > 0 && !eps[0].Dynamic && loopback(hostName(eps[0]))
}

// looksAddress: a literal that is a URL.
func looksAddress(s string) bool {
	return strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "ws://") || strings.HasPrefix(s, "wss://")
}

// callArgs returns the tokens between the "(" at i and its ")".
func callArgs(ts []token, i int) []token {
	if i >= len(ts) || ts[i].text != "(" {
		return nil
	}
	depth := 0
	for j := i; j < len(ts); j++ {
		if ts[j].kind != tokPunct {
			continue
		}
		switch ts[j].text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				return ts[i+1 : j]
			}
		}
	}
	return ts[i+1:]
}

// decodeLiteral decodes base64.b64decode("…"), Buffer.from("…", "base64"),
// bytes.fromhex("…"), codecs.decode("…", "rot13"), atob("…").
func decodeLiteral(fn string, args []token) (string, bool) {
	var lit string
	var enc string
	for _, a := range args {
		if a.kind == tokString {
			if lit == "" {
				lit = a.text
			} else {
				enc = strings.ToLower(a.text)
			}
		}
		if a.kind == tokIdent && decodeFuncs.MatchString(a.text) {
			// nested decoders (zlib.decompress(b64decode('…'))): the
			// inner one first, when it is a literal too
			k := indexOf(args, a)
			inner, ok := decodeLiteral(a.text, callArgs(args, k+1))
			if !ok {
				return "", false
			}
			return decodeBytes(fn, inner, enc)
		}
	}
	if lit == "" {
		return "", false
	}
	return decodeBytes(fn, lit, enc)
}

// indexOf is the position of the token t in ts (by identity of place).
func indexOf(ts []token, t token) int {
	for i := range ts {
		if ts[i] == t {
			return i
		}
	}
	return -1
}

// decodeBytes applies one decoder to text it already holds.
func decodeBytes(fn, lit, enc string) (string, bool) {
	switch {
	case strings.Contains(fn, "zlib.decompress") || strings.Contains(fn, "gzip.decompress"):
		var r io.Reader
		var err error
		if strings.Contains(fn, "gzip") {
			r, err = gzip.NewReader(strings.NewReader(lit))
		} else {
			r, err = zlib.NewReader(strings.NewReader(lit))
		}
		if err != nil {
			return "", false
		}
		b, err := io.ReadAll(io.LimitReader(r, 1<<20))
		if err != nil && len(b) == 0 {
			return "", false
		}
		return string(b), true
	case strings.Contains(fn, "b64") || strings.Contains(fn, "base64") || strings.Contains(fn, "decode64") || fn == "atob" || fn == "Buffer.from" && (enc == "base64" || enc == "base64url"):
		if b, err := base64.StdEncoding.DecodeString(stripSpace(lit)); err == nil {
			return string(b), true
		}
		if b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(stripSpace(lit), "=")); err == nil {
			return string(b), true
		}
	case fn == "bytes.fromhex" || strings.Contains(fn, "hex") || fn == "Buffer.from" && enc == "hex":
		if b, err := hex.DecodeString(stripSpace(lit)); err == nil {
			return string(b), true
		}
	case fn == "codecs.decode" && strings.Contains(enc, "rot"):
		return rot13(lit), true
	case fn == "decodeURIComponent" || fn == "unescape":
		return lit, true
	}
	return "", false
}

func rot13(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+13)%26
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+13)%26
		}
		return r
	}, s)
}

var methodName = set("get", "items", "keys", "values", "copy", "strip", "lower", "upper", "split", "encode", "decode", "read", "text", "json", "get_json", "toString", "trim", "replace", "startsWith", "endsWith", "includes", "match", "test", "length", "setdefault", "pop")

// selectorKeys reads the keys a payload variable is indexed with after
// its token: data["tool_input"]["command"], data.get("message"),
// input.tool_input.command, .get("x") after a subscript.
func selectorKeys(ts []token, j int) []string {
	var keys []string
	for j < len(ts) {
		switch {
		case ts[j].text == "[" && ts[j].kind == tokPunct && j+2 < len(ts) && ts[j+1].kind == tokString && ts[j+2].text == "]":
			keys = append(keys, ts[j+1].text)
			j += 3
		case ts[j].text == "(" && ts[j].kind == tokPunct && j+1 < len(ts) && ts[j+1].kind == tokString && j > 0 && strings.HasSuffix(ts[j-1].text, "get"):
			keys = append(keys, ts[j+1].text)
			k := j
			for k < len(ts) && ts[k].text != ")" {
				k++
			}
			j = k + 1
		case ts[j].kind == tokIdent && strings.HasPrefix(ts[j].text, "."):
			for _, k := range strings.Split(strings.TrimPrefix(ts[j].text, "."), ".") {
				if !methodName[k] {
					keys = append(keys, k)
				}
			}
			j++
		default:
			return keys
		}
	}
	return keys
}

// resolveLiterals replaces variables holding literal text by that text.
func (c *code) resolveLiterals(ts []token) []token {
	out := make([]token, len(ts))
	for i, t := range ts {
		out[i] = t
		if t.kind == tokIdent {
			if v, ok := c.vars[t.text]; ok && v.known && v.s != "" {
				out[i] = token{kind: tokString, text: v.s, line: t.line, col: t.col}
			}
		}
	}
	return out
}

// listValue reads a list of words (["curl", "-d", data, url]) as a shell
// command line: strings quoted, other elements as what they carry.
func (c *code) listValue(ts []token) value {
	v := value{known: true}
	var words []string
	depth := 0
	for k, t := range ts {
		if t.kind == tokPunct {
			switch t.text {
			case "[", "(", "{":
				depth++
			case "]", ")", "}":
				depth--
			}
			continue
		}
		if depth != 1 {
			continue
		}
		switch t.kind {
		case tokString:
			words = append(words, shellQuote(t.text))
		case tokIdent:
			if k+1 < len(ts) && ts[k+1].text == "(" {
				v.known = false
				continue
			}
			ev := c.expr([]token{t})
			v.merge(ev)
			if ev.known && ev.s != "" {
				words = append(words, shellQuote(ev.s))
			} else {
				v.known = false
			}
		default:
			v.known = false
		}
	}
	v.s = strings.Join(words, " ")
	return v
}

var (
	templateRef = lazyRe(`\{\s*([A-Za-z_$][\w.$]*)((?:\[['"][^'"]*['"]\]|\(['"][^'"]*['"][^)]*\)|\.[\w$]+)*)`)
	templateKey = lazyRe(`['"]([^'"]+)['"]`)
)

// namespaceHost: hosts whose URLs name a namespace or a schema (an SVG's
// xmlns, a JSON schema), never where data is sent.
func namespaceHost(h string) bool {
	switch h {
	case "www.w3.org", "w3.org", "json-schema.org", "schema.org", "purl.org", "xmlns.com", "ns.adobe.com", "schemas.xmlsoap.org",
		"schemas.microsoft.com", "schemas.openxmlformats.org", "www.schemastore.org", "json.schemastore.org", "docs.oasis-open.org":
		return true
	}
	return false
}

// knownModule: a dotted name whose first part is an imported module or a
// module the analyser knows (urllib.request.urlopen, os.system).
func (c *code) knownModule(name string) bool {
	first, _, _ := strings.Cut(name, ".")
	if _, ok := c.alias[first]; ok {
		return true
	}
	canon := c.canon(name)
	return execShellRe.MatchString(canon) || netCallRe.MatchString(canon) || evalRe.MatchString(canon)
}
