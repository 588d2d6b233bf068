package risk

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

var (
	execShellRe = lazyRe(`^(subprocess\.(run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|os\.(system|popen|exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?)|commands\.getoutput|pty\.spawn|asyncio\.(create_subprocess_shell|create_subprocess_exec)|child_process\.(exec|execSync|spawn|spawnSync|execFile|execFileSync|fork)|Bun\.(spawn|spawnSync|\$)|Deno\.(Command|run)|shelljs\.exec|execa(\.execa|\.execaSync|\.execaCommand|\.\$)?|execa|execaSync|execaCommand|zx\.\$|sh\.(run|exec)|plumbum\.local|system|shell_exec|passthru|Kernel\.system|IO\.popen|Open3\.(capture2e?|capture3|popen2|popen3))$`)
	netCallRe   = lazyRe(`^(requests|httpx|aiohttp|urllib3|urllib\.request|urllib2|http\.client|pycurl|websocket|websockets|smtplib|ftplib|paramiko|telnetlib|axios|got|node-fetch|undici|needle|superagent|request|ky|ws|http|https|net|tls|dgram|socket\.io-client|@slack/webhook|discord\.js)(\.|$)|^(fetch|urlopen|XMLHttpRequest|WebSocket|EventSource|Bun\.connect|Deno\.connect|Deno\.connectTls|navigator\.sendBeacon)$`)
	dnsCallRe   = lazyRe(`^(socket\.(gethostbyname|gethostbyname_ex|getaddrinfo)|dns\.(lookup|resolve\w*|promises\.\w+)|dns\.resolver\.(resolve|query))$`)
	evalRe      = lazyRe(`^(eval|exec|compile|Function|vm\.(runInThisContext|runInNewContext|runInContext|Script|compileFunction)|execfile|runpy\.run_path|runpy\.run_module|importlib\.import_module)$`)
	writeCallRe = lazyRe(`^(open|io\.open|codecs\.open|builtins\.open|fs\.(writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|promises\.writeFile|promises\.appendFile|copyFileSync|copyFile|cpSync|symlinkSync|renameSync)|fs/promises\.(writeFile|appendFile|copyFile)|Bun\.write|Deno\.(writeTextFile|writeFile)|shutil\.(copy|copy2|copyfile|move|copytree)|os\.(rename|replace|symlink|link)|writeFileSync|appendFileSync|writeFile|appendFile)$`)
	rmCallRe    = lazyRe(`^(shutil\.rmtree|os\.(removedirs|remove|unlink|rmdir)|fs\.(rmSync|rmdirSync|rm|rmdir|promises\.rm|unlinkSync)|fs/promises\.rm|rimraf(\.sync)?|fse?\.(removeSync|remove|emptyDirSync)|Deno\.remove|rmSync|rmdirSync)$`)
)

// netCtor: the call makes a network object (a connection, a client).
func netCtor(name string) bool {
	return netCtorRe.MatchString(name)
}

// calls looks at every call in the file.
func (c *code) calls() {
	t := c.toks
	for i := 0; i+1 < len(t); i++ {
		x := t[i]
		newKw := i > 0 && t[i-1].kind == tokIdent && t[i-1].text == "new"
		if x.kind == tokIdent && x.text == "$" || x.kind == tokIdent && strings.HasSuffix(x.text, ".$") {
			if t[i+1].kind == tokString && strings.HasPrefix(t[i+1].raw, "`") {
				c.shellText(t[i+1], t[i+1].text, value{known: true})
				continue
			}
		}
		if x.kind != tokIdent || t[i+1].text != "(" {
			continue
		}
		name := c.canon(x.text)
		if strings.HasPrefix(x.text, ".") {
			name = x.text
			if i >= 4 && t[i-1].text == ")" && t[i-2].kind == tokString && t[i-3].text == "(" && (t[i-4].text == "require" || t[i-4].text == "__import__" || t[i-4].text == "import") {
				name = normModule(t[i-2].text) + x.text
			}
		}
		args := callArgs(t, i+1)
		last := name[strings.LastIndex(name, ".")+1:]
		first, _, _ := strings.Cut(x.text, ".")
		switch {
		case execShellRe.MatchString(name) || c.l == langJS && (name == "exec" || name == "execSync" || name == "spawn" || name == "spawnSync") && c.alias[x.text] != "":
			c.execCall(x, name, args)
		case c.isWrapperCall(i, last, args):
			cmd, _ := c.wrapperCall(i, last, args)
			c.execCall(x, name, cmd)
		case dnsCallRe.MatchString(name):
			v := c.expr(args)
			if s := v.t.serious(); s != "" {
				c.find(x, Exfiltration, LevelCritical, "leaks %s through a DNS lookup", s)
			}
		case netCallRe.MatchString(name) || newKw && (name == "WebSocket" || name == "XMLHttpRequest"):
			c.netCall(x, name, args)
		case sdkModule(name) != "":
			// the client of a service's API is a network sink like
			// requests or fetch: what the hook hands it goes to that service
			c.find(x, Network, LevelReview, "uses the %s client, which sends what the hook gives it to that service", sdkModule(name))
		case apiKeyArg(args) != "":
			// Client(api_key=…), new Client({apiKey: …}): whatever the
			// library, a client given a key talks to a remote service
			c.find(x, Network, LevelReview, "makes a client of a remote service with a key (%s(%s=…)): what the hook gives it is sent to that service", shortText(x.text, 40), apiKeyArg(args))
		case c.vars[first].net != nil && strings.Contains(x.text, "."):
			// a method of a connection: send, request, write, post…
			switch last {
			case "send", "sendall", "sendto", "write", "end", "request", "post", "put", "patch", "get", "emit", "connect", "putrequest", "sendmail", "storbinary", "exec_command":
				ep := *c.vars[first].net
				if last == "connect" {
					if e := c.endpointOf(args); !e.Dynamic || e.Host != "" {
						ep = e
						nv := c.vars[first]
						nv.net = &ep
						c.vars[first] = nv
					}
					c.sockets = true
					c.sockEP = ep
				}
				if last == "exec_command" {
					c.find(x, Network, LevelReview, "runs commands on %s over SSH", ep)
				}
				if p := argPieces(args); last == "request" && len(p) >= 4 && len(p[3]) > 0 && p[3][0].text != "=" {
					// conn.request(method, url, body, headers): the
					// fourth is the headers (credentials), as headers=
					data, auth := c.splitHeaders(joinArgs(p[:3]))
					hdr := c.expr(p[3])
					auth.t.add(hdr.t)
					c.a.network(ep, data.t, auth.t, c.source(x), "sends data to")
					break
				}
				data, auth := c.splitHeaders(args)
				c.a.network(ep, data.t, auth.t, c.source(x), "sends data to")
			}
		case evalRe.MatchString(name) && !strings.Contains(x.text, ".") || strings.HasPrefix(name, "vm."):
			if c.l == langJS && name == "exec" {
				continue
			}
			c.evalCall(x, name, args)
		case writeCallRe.MatchString(name):
			c.writeCall(x, name, args, i)
		case rmCallRe.MatchString(name):
			if p := c.pathOf(args); p != "" {
				recursive := strings.Contains(name, "rmtree") || strings.Contains(name, "rimraf") || strings.HasPrefix(name, "fse") ||
					strings.Contains(name, "removedirs") || strings.Contains(tokensText(args), "recursive")
				c.removes(x, recursive, normPath(p, c.a.hook.ProjectDir))
			}
		case name == "os.setuid" || name == "os.setgid" || name == "os.seteuid" || name == "process.setuid":
			c.find(x, Privilege, LevelCritical, "changes its user id (%s)", name)
		case strings.HasPrefix(x.text, ".") && sendMethod[last] && c.prevNetCall(i) != nil:
			// require("https").request({...}).end(data)
			ep := *c.prevNetCall(i)
			v := c.expr(args)
			c.a.network(ep, v.t, taints{}, c.source(x), "sends data to")
		case name == "os.dup2" || name == "pty.spawn":
			c.dup = true
		case last == "pipe" && c.l == langJS:
			c.dup = true
		case last == "write_text" || last == "write_bytes" || last == "symlink_to":
			c.pathlibWrite(x, i, args)
		}
	}
}

// removes judges a deletion by code (shutil.rmtree, fs.rmSync, FileUtils.rm_rf…)
// as rm judges it: the machine, the home folder or its top folders, a
// secret, a start-up file or the agent's configuration is critical; a
// folder of the project removed with what it holds is review.
func (c *code) removes(x token, recursive bool, n string) {
	switch {
	case n == "/" || n == "~" || systemDir(n):
		c.find(x, Destructive, LevelCritical, "deletes %s", describeTarget(n))
	case inHome(n):
		if what, ok := c.a.secretPath(n); ok && !strings.HasPrefix(what, "a .env") {
			c.find(x, Destructive, LevelCritical, "deletes %s (%s)", what, n)
		} else if what, ok := match(persistenceFiles, n); ok {
			c.find(x, Destructive, LevelCritical, "deletes %s (%s)", what, n)
		} else if _, ok := c.a.agentFile(n); ok {
			c.find(x, SelfTampering, LevelCritical, "deletes the agent's configuration %s", n)
		} else if !strings.Contains(strings.TrimPrefix(n, "~/"), "/") && !tempish(n) {
			c.find(x, Destructive, LevelCritical, "deletes the folder %s in the home folder", n)
		}
	case strings.HasPrefix(n, "$PROJECT/.."):
		c.find(x, Destructive, LevelCritical, "deletes %s, outside the project", displayPath(n))
	case n == "$PROJECT":
		c.find(x, Destructive, LevelCritical, "deletes the whole project folder")
	case strings.HasPrefix(n, "$PROJECT/") && recursive:
		c.find(x, Destructive, LevelReview, "deletes the project's folder %s with everything in it", displayPath(n))
	}
}

// firstArgs splits a call's arguments at its top-level commas.
func firstArgs(args []token) [][]token {
	var out [][]token
	for len(args) > 0 {
		f := firstArg(args)
		out = append(out, f)
		if len(f) >= len(args) {
			break
		}
		args = args[len(f)+1:]
	}
	return out
}

// joinArgs writes arguments back as a comma-separated token list.
func joinArgs(words [][]token) []token {
	var out []token
	for i, w := range words {
		if i > 0 {
			out = append(out, token{kind: tokPunct, text: ","})
		}
		out = append(out, w...)
	}
	return out
}

// endpointOf finds where a call connects: a URL literal, a variable with a
// URL, (host, port), a host string.
func (c *code) endpointOf(args []token) endpoint {
	// os.environ.get("URL", "http://localhost:8765") + "/add": the address
	// is the user's setting; the literal is only its default
	first := firstArg(args)
	for k, a := range first {
		if a.kind != tokIdent {
			continue
		}
		n := c.canon(a.text)
		if n == "os.environ.get" || n == "os.getenv" || n == "getenv" || n == "os.environ" {
			if k+2 < len(first) && first[k+2].kind == tokString {
				return endpoint{Host: first[k+2].text, Dynamic: true}
			}
			return endpoint{Host: n, Dynamic: true}
		}
	}
	for _, a := range args {
		switch a.kind {
		case tokString:
			if m := templateLeadRe.FindStringSubmatch(a.text); m != nil && a.raw != "" && (a.raw[0] == 'f' || a.raw[0] == '`') {
				// f"{SERVER_URL}/events", `${base}/x`: the variable's value
				// starts the address
				if v, ok := c.vars[m[1]+m[2]]; ok && v.known && looksAddress(v.s) {
					if eps := hostsIn(v.s + a.text[len(m[0]):]); len(eps) > 0 {
						return eps[0]
					}
				}
			}
			if eps := hostsIn(a.text); len(eps) > 0 {
				if !eps[0].Dynamic && loopback(eps[0].Host) && !c.loopbackPortValue(a.text) {
					return endpoint{Dynamic: true}
				}
				return eps[0]
			}
		case tokIdent:
			if d, ok := c.optionDefault(a.text); ok {
				if eps := hostsIn(d); len(eps) > 0 {
					return eps[0]
				}
			}
			first, _, _ := strings.Cut(a.text, ".")
			if v, ok := c.vars[first]; ok {
				if eps := hostsIn(v.s); len(eps) > 0 && !eps[0].Dynamic {
					return eps[0] // the literal start of an f-string or a concatenation
				}
				if v.known {
					if looksHost(v.s) {
						return endpoint{Host: strings.ToLower(v.s)}
					}
				}
				if v.net != nil {
					return *v.net
				}
			}
		}
	}
	for _, a := range args {
		if a.kind == tokString && looksHost(a.text) {
			return endpoint{Host: strings.ToLower(a.text)}
		}
		if a.kind == tokIdent && (strings.HasPrefix(a.text, "process.env.") || strings.HasPrefix(a.text, "os.environ")) {
			return endpoint{Host: a.text, Dynamic: true}
		}
	}
	// a variable named in the call is the address only where the address
	// goes: the first argument (the URL, the options object), never the
	// data sent — Request(server_url, data=json.dumps(event_data)) goes
	// to server_url, not to event_data
	for _, a := range first {
		name := ""
		switch a.kind {
		case tokIdent:
			name, _, _ = strings.Cut(a.text, ".")
		case tokString:
			// f"{SERVER_URL}/events" with SERVER_URL known only at run time
			if m := templateLeadRe.FindStringSubmatch(a.text); m != nil && a.raw != "" && (a.raw[0] == 'f' || a.raw[0] == '`') {
				name = m[1] + m[2]
			}
		}
		if _, ok := c.vars[name]; ok && name != "" {
			return endpoint{Host: name, Dynamic: true}
		}
		// def send(event, server_url='http://localhost:4000/events'):
		// the parameter's default, which the file's own calls leave
		if d, ok := c.paramDefault(name); ok {
			if eps := hostsIn(d); len(eps) > 0 {
				return eps[0]
			}
		}
	}
	return endpoint{Dynamic: true}
}

// portRefRe: a port written as a template's variable (":${PORT}", ":{port}").
var portRefRe = lazyRe(`:(?:\$\{|\{)([A-Za-z_][\w.]*)(?::-\d+)?\}`)

// loopbackPortValue: every port variable of a template whose host is this
// machine holds, as far as the file says, a port. One the file sets to
// anything else ('1@collect.example' makes the host a user name) is not.
func (c *code) loopbackPortValue(text string) bool {
	// the hook's env (the project's settings set it) may fill the port
	// from outside the file: a value that is no number there is not
	// trusted when the file names that variable
	for k, v := range c.a.hook.Env {
		if strings.Trim(v, "0123456789") != "" && strings.Contains(c.src, k) {
			return false
		}
	}
	for _, m := range portRefRe.FindAllStringSubmatch(text, -1) {
		v, ok := c.vars[m[1]]
		if !ok || !v.known {
			continue
		}
		if strings.Trim(v.s, "0123456789") != "" {
			return false
		}
	}
	return true
}

// paramDefault finds the literal default of a function's parameter
// (def f(x, url='…'), function f(url = '…')) when no call of the file
// passes that parameter by name.
func (c *code) paramDefault(name string) (string, bool) {
	if name == "" || !strings.Contains(c.src, name+"=") && !strings.Contains(c.src, name+" =") {
		return "", false
	}
	if d, ok := c.defaults[name]; ok {
		return d.val, d.ok
	}
	val, ok := c.scanParamDefault(name)
	if c.defaults == nil {
		c.defaults = map[string]paramDef{}
	}
	c.defaults[name] = paramDef{val, ok}
	return val, ok
}

type paramDef struct {
	val string
	ok  bool
}

func (c *code) scanParamDefault(name string) (string, bool) {
	t := c.toks
	val, found := "", false
	for i := 1; i+2 < len(t); i++ {
		if t[i].kind != tokIdent || t[i].text != name || t[i+1].text != "=" {
			continue
		}
		if t[i-1].text != "(" && t[i-1].text != "," {
			continue
		}
		// the parenthesis this argument is in
		depth, open := 0, -1
		for k := i - 1; k >= 0 && open < 0; k-- {
			switch t[k].text {
			case ")", "]", "}":
				depth++
			case "(", "[", "{":
				if depth == 0 {
					open = k
				}
				depth--
			}
		}
		if open < 2 || t[open].text != "(" || (t[open-2].text != "def" && t[open-2].text != "function") {
			return "", false // a call passes it by name: its value is the call's
		}
		if t[i+2].kind != tokString || found {
			return "", false
		}
		// its position: a call that passes as many arguments sets it
		pos := 0
		for k, d := open+1, 0; k < i; k++ {
			switch t[k].text {
			case "(", "[", "{":
				d++
			case ")", "]", "}":
				d--
			case ",":
				if d == 0 {
					pos++
				}
			}
		}
		fn := t[open-1].text
		def, passed := t[i+2].text, ""
		for k := 0; k+1 < len(t); k++ {
			if k != open-1 && t[k].kind == tokIdent && t[k].text == fn && t[k+1].text == "(" {
				args := callArgList(t, k+1)
				if len(args) <= pos {
					continue
				}
				// send(ev, args.server_url): the option's own default,
				// when the file's options have one, is what it passes
				if len(args[pos]) != 1 || args[pos][0].kind != tokIdent {
					return "", false
				}
				d, ok := c.optionDefault(args[pos][0].text)
				if !ok || passed != "" && !sameHosts(d, passed) {
					return "", false
				}
				passed = d
			}
		}
		val, found = def, true
		if passed != "" {
			val = passed
		}
	}
	return val, found
}

// optionDefault: name is an option of the file's command line parser
// (args.server_url of add_argument('--server-url', default='…')) and
// the option's literal default. The hook's command line may pass the
// option: the shell's reading of it says so (scriptAddressOptions).
func (c *code) optionDefault(name string) (string, bool) {
	_, attr, ok := strings.Cut(name, ".")
	if !ok || attr == "" || strings.Contains(attr, ".") || c.l != langPython || !strings.Contains(c.src, "add_argument") {
		return "", false
	}
	if strings.Contains(c.src, "set_defaults") || strings.Contains(c.src, "setattr") || strings.Contains(c.src, "__dict__") || strings.Contains(c.src, "vars(") {
		return "", false // the file may change the option's value
	}
	t := c.toks
	for k := 0; k+2 < len(t); k++ {
		// a.url = …: the file changes the value it parsed
		if t[k].kind == tokIdent && strings.HasSuffix(t[k].text, "."+attr) && t[k+1].text == "=" && t[k+2].text != "=" {
			return "", false
		}
	}
	val, found := "", false
	for k := 0; k+1 < len(t); k++ {
		if t[k].kind != tokIdent || !strings.HasSuffix(t[k].text, "add_argument") || t[k+1].text != "(" {
			continue
		}
		args := callArgList(t, k+1)
		match, def, hasDef := false, "", false
		for _, a := range args {
			switch {
			case len(a) == 1 && a[0].kind == tokString && strings.HasPrefix(a[0].text, "--"):
				if strings.ReplaceAll(strings.TrimPrefix(a[0].text, "--"), "-", "_") == attr {
					match = true
				}
			case len(a) == 3 && a[0].text == "dest" && a[1].text == "=" && a[2].kind == tokString:
				match = a[2].text == attr
			case len(a) == 3 && a[0].text == "default" && a[1].text == "=":
				def, hasDef = a[2].text, a[2].kind == tokString
			}
		}
		if !match {
			continue
		}
		if !hasDef || found {
			return "", false // no literal default, or two options of that name
		}
		val, found = def, true
	}
	return val, found
}

// sameHosts: two literals name the same URL hosts.
func sameHosts(a, b string) bool {
	ha, hb := hostsIn(a), hostsIn(b)
	if len(ha) != len(hb) {
		return false
	}
	for i := range ha {
		if ha[i] != hb[i] {
			return false
		}
	}
	return true
}

// callArgList splits the arguments of the call whose "(" is at open.
func callArgList(t []token, open int) [][]token {
	var out [][]token
	var cur []token
	d := 0
	for k := open + 1; k < len(t); k++ {
		switch t[k].text {
		case "(", "[", "{":
			d++
		case ")", "]", "}":
			if d == 0 {
				if len(cur) > 0 {
					out = append(out, cur)
				}
				return out
			}
			d--
		case ",":
			if d == 0 {
				out = append(out, cur)
				cur = nil
				continue
			}
		}
		if t[k].text != "\n" {
			cur = append(cur, t[k])
		}
	}
	return out
}

// templateLeadRe: a template literal that starts with a variable.
var templateLeadRe = lazyRe(`^(?:\{([A-Za-z_]\w*)\}|\$\{([A-Za-z_]\w*)\})`)

var hostLike = lazyRe(`^([a-zA-Z0-9-]+\.)+[a-zA-Z]{2,}$|^\d+\.\d+\.\d+\.\d+$|^localhost$`)

func looksHost(s string) bool {
	return hostLike.MatchString(s) && !strings.HasSuffix(s, ".py") && !strings.HasSuffix(s, ".js") && !strings.HasSuffix(s, ".json") && !strings.HasSuffix(s, ".ts") && !strings.HasSuffix(s, ".sh") && !strings.HasSuffix(s, ".md") && !strings.HasSuffix(s, ".txt") && !strings.HasSuffix(s, ".log")
}

// netCall: requests.post(url, json=data), fetch(url, {body}), …
func (c *code) netCall(x token, name string, args []token) {
	last := name[strings.LastIndex(name, ".")+1:]
	if strings.HasPrefix(name, "http.") || strings.HasPrefix(name, "https.") {
		if last != "request" && last != "get" && last != "post" {
			if last != "createServer" {
				return
			}
			c.find(x, Network, LevelReview, "starts a network server")
			return
		}
	}
	if strings.HasPrefix(name, "net.") || strings.HasPrefix(name, "tls.") || strings.HasPrefix(name, "socket.") || name == "Bun.connect" || name == "Deno.connect" {
		c.sockets = true
	}
	// where the call itself sends: never a URL found elsewhere in the
	// file (an XML namespace, a docs link); an address the call computes
	// stays "chosen at run time"
	ep := c.endpointOf(args)
	if c.netSeen == nil || loopback(hostName(*c.netSeen)) {
		e := ep
		c.netSeen = &e
	}
	if c.sendsBuiltRequest(args) {
		return // urlopen(req): judged, with its headers, where req was built
	}
	data, auth := c.splitHeaders(args)
	if strings.HasPrefix(name, "socket.") && (last == "socket" || last == "create_connection") {
		c.sockEP = ep
	}
	if c.sockets {
		c.sockEP = ep
	}
	c.a.network(ep, data.t, auth.t, c.source(x), "sends data to")
}

// splitHeaders separates header values (credentials) from the rest of a
// call's arguments.
func (c *code) splitHeaders(args []token) (data, auth value) {
	var rest, hdr []token
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a.kind == tokIdent && a.text == "headers" && i > 0 && (args[i-1].text == "{" || args[i-1].text == ",") &&
			(i+1 == len(args) || args[i+1].text == "," || args[i+1].text == "}") {
			hdr = append(hdr, a) // {method, headers, body}: the variable headers
			continue
		}
		if (a.kind == tokIdent && a.text == "headers" || a.kind == tokString && strings.EqualFold(a.text, "headers") || a.kind == tokString && strings.EqualFold(a.text, "authorization")) && i+1 < len(args) && (args[i+1].text == ":" || args[i+1].text == "=") {
			j := i + 2
			if j < len(args) && args[j].text == "{" {
				depth := 0
				for k := j; k < len(args); k++ {
					if args[k].text == "{" {
						depth++
					} else if args[k].text == "}" {
						depth--
						if depth == 0 {
							hdr = append(hdr, args[j:k+1]...)
							i = k
							break
						}
					}
				}
				continue
			}
			hdr = append(hdr, args[j:min(j+1, len(args))]...)
			i = j
			continue
		}
		rest = append(rest, a)
	}
	return c.expr(rest), c.expr(hdr)
}

// execCall: a subprocess with a command line we can read.
func (c *code) execCall(x token, name string, args []token) {
	if len(args) == 0 {
		return
	}
	// a file this code wrote, in code that downloads: it runs what it
	// downloaded (https.get → createWriteStream(f) → execFileSync(f))
	if c.netSeen != nil && !loopback(hostName(*c.netSeen)) {
		for _, a := range firstArg(args) {
			if (a.kind == tokIdent || a.kind == tokString) && c.writtenNames[a.text] {
				c.find(x, DownloadExec, LevelCritical, "runs %s, a file it writes in code that downloads from %s", a.text, *c.netSeen)
				return
			}
		}
	}
	if c.dialect == langGo && (strings.HasPrefix(x.text, "exec.Command") || x.text == "syscall.Exec") {
		// exec.Command(name, args…): the arguments are the words
		words := firstArgs(args)
		if x.text == "exec.CommandContext" && len(words) > 0 {
			words = words[1:]
		}
		args = append(append([]token{{kind: tokPunct, text: "["}}, joinArgs(words)...), token{kind: tokPunct, text: "]"})
	}
	args = programWithArgs(c.dialect, name, args)
	// a list of words: ["curl", "-d", data, url]
	if args[0].text == "[" {
		depth := 0
		var words []string
		vars := map[string]value{}
		for k, a := range args {
			if a.text == "[" && a.kind == tokPunct {
				depth++
				continue
			}
			if a.text == "]" && a.kind == tokPunct {
				break
			}
			if depth != 1 {
				continue
			}
			switch a.kind {
			case tokString:
				words = append(words, shellQuote(a.text))
			case tokIdent:
				if k+1 < len(args) && args[k+1].text == "(" {
					continue
				}
				v := c.expr([]token{a})
				if v.known && v.s != "" && v.t.empty() {
					words = append(words, shellQuote(v.s))
					continue
				}
				ph := "__v" + string(rune('a'+len(vars)%26))
				vars[ph] = value{s: "$" + ph, t: v.t, net: v.net, decoded: v.decoded}
				words = append(words, `"$`+ph+`"`)
			}
		}
		if len(words) > 0 {
			if strings.HasPrefix(words[0], `"$__v`) && vars[strings.Trim(words[0], `"$`)].s == words[0][1:len(words[0])-1] && !vars[strings.Trim(words[0], `"$`)].known {
				// [cmd, …] with cmd chosen at run time (by the callers, when
				// it is the parameter of a wrapper: each call is judged)
				if v0 := vars[strings.Trim(words[0], `"$`)]; !c.wrapperParam(x, firstIdent(args)) && !c.runsInput(x, v0, args[1:]) && !c.literalTable(x, firstIdent(args)) {
					c.find(x, Unreadable, LevelReview, "runs a program chosen at run time, which Hookwarden cannot see")
				}
			}
			c.shellText(args[0], strings.Join(words, " "), value{known: true}, vars)
		}
		return
	}
	// a string, or an expression that makes one
	first := firstArg(args)
	v := c.expr(first)
	vars := map[string]value{}
	s := v.s
	if !v.known {
		// run-time text: the parts we know stay, the rest is a variable
		// carrying what the expression carries.
		vars["__va"] = value{s: "$__va", t: v.t, net: v.net, decoded: v.decoded}
		s = `"$__va"`
	}
	if s == "" {
		return
	}
	if bareShellRe.MatchString(s) {
		c.shellEx = true
	}
	if v.net != nil && !loopback(hostName(*v.net)) {
		c.find(x, DownloadExec, LevelCritical, "runs a command it downloads from %s", *v.net)
	}
	if v.decoded {
		c.find(x, Obfuscation, LevelCritical, "runs a command it decodes at run time: %s", shortText(oneLine(s), 80))
	}
	if v.known || v.s != "" {
		c.shellText(args[0], s, value{known: v.known, decoded: v.decoded}, vars)
		return
	}
	// nothing of the command is in the code: it is chosen at run time
	// (read from a configuration, the input, another program), or by the
	// callers of the wrapper function it is the parameter of
	if c.wrapperParam(x, firstIdent(first)) {
		return
	}
	if c.runsInput(x, v, first) {
		return
	}
	if c.literalTable(x, firstIdent(first)) {
		return
	}
	c.find(x, Unreadable, LevelReview, "runs a command chosen at run time (%s), which Hookwarden cannot see", shortText(oneLine(tokensText(first)), 50))
}

// runsInput: on a permission event, the command is what the hook's input
// says (a field of the JSON the agent sends it): the tool call runs in the
// hook, with the user's rights, before the agent asks the user about it.
// After the call (PostToolUse) the user has approved it already, and a
// command from the input stays "chosen at run time" (review).
func (c *code) runsInput(x token, v value, expr []token) bool {
	if !v.t.has(tPayload) || !slices.Contains(c.a.outputVocab().PermissionEvents, c.a.hook.Event) {
		return false
	}
	c.find(x, DownloadExec, LevelCritical, "runs a command taken from the hook's input (%s): the tool call runs here, with your rights, before the agent asks you about it", shortText(oneLine(tokensText(expr)), 50))
	return true
}

// tokensText is the source text of tokens, roughly.
func tokensText(ts []token) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 && t.kind == tokIdent && ts[i-1].kind == tokIdent {
			b.WriteByte(' ')
		}
		if t.raw != "" {
			b.WriteString(t.raw)
		} else {
			b.WriteString(t.text)
		}
	}
	return b.String()
}

// firstArg is the tokens of a call's first argument.
func firstArg(args []token) []token {
	depth := 0
	for k, a := range args {
		if a.kind != tokPunct {
			continue
		}
		switch a.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case ",":
			if depth == 0 {
				return args[:k]
			}
		}
	}
	return args
}

// shellText analyses a command line found in a script.
func (c *code) shellText(at token, text string, v value, vars ...map[string]value) {
	if strings.Contains(text, "${") {
		// a template literal's ${input.file_path}: a value the script
		// computes, which no shell expansion spells (${a.b} does not parse)
		text = jsTemplateExprRe.ReplaceAllString(text, "$${__tpl}")
	}
	src := c.source(at)
	sh := c.a.newShell(c.file, text, c.depth)
	sh.at = &src
	sh.nested = 1
	for _, m := range vars {
		for k, val := range m {
			sh.vars[k] = val
		}
	}
	sh.run()
	if shellTailRe.MatchString(text) {
		c.shellEx = true
	}
	c.a.followScripts(text, c.depth+1)
}

// jsTemplateExprRe: ${…} holding an expression, not a shell parameter.
var jsTemplateExprRe = lazyRe(`\$\{[^}]*[.\[(\s'"][^}]*\}`)

// evalCall: exec(…), eval(…), new Function(…).
func (c *code) evalCall(x token, name string, args []token) {
	if name == "importlib.import_module" || name == "runpy.run_module" || name == "compile" {
		return
	}
	// exec(open(F).read()), eval(fs.readFileSync(F)): the code is F's text
	for k, a := range args {
		if a.kind != tokIdent || k+1 >= len(args) || args[k+1].text != "(" {
			continue
		}
		n := c.canon(a.text)
		if n != "open" && n != "io.open" && n != "fs.readFileSync" && n != "fs.readFile" && n != "File.read" && n != "IO.read" && n != "pathlib.Path" && n != "Path" {
			continue
		}
		p := c.pathOf(callArgs(args, k+1))
		if p == "" {
			break
		}
		np := normPath(p, c.a.hook.ProjectDir)
		if d := c.a.hook.ProjectDir; d != "" && strings.HasPrefix(np, "$PROJECT/") && !strings.HasPrefix(np, "$PROJECT/..") {
			if s := c.a.readScript(filepath.Join(d, filepath.FromSlash(strings.TrimPrefix(np, "$PROJECT/"))), ""); s.Err == nil {
				c.a.scriptCode(c.file, string(s.Content), c.dialect, ptr(c.source(x)), c.depth+1)
				return
			}
		}
		c.find(x, Unreadable, LevelReview, "runs the code in %s (%s), which Hookwarden cannot read", displayPath(np), name)
		return
	}
	v := c.expr(args)
	switch {
	case v.net != nil && !loopback(hostName(*v.net)):
		c.find(x, DownloadExec, LevelCritical, "runs code it downloads from %s", *v.net)
	case v.known && v.decoded:
		c.find(x, Obfuscation, LevelCritical, "runs hidden code that it decodes at run time: %s", shortText(oneLine(v.s), 80))
		c.a.scriptCode(c.file, v.s, c.dialect, ptr(c.source(x)), c.depth+1)
	case v.decoded:
		c.find(x, Obfuscation, LevelCritical, "runs code it decodes at run time, which Hookwarden cannot read")
	case v.known && v.s != "":
		c.a.scriptCode(c.file, v.s, c.dialect, ptr(c.source(x)), c.depth+1)
	case v.t.has(tPayload):
		c.find(x, Unreadable, LevelReview, "runs part of its input as code (%s)", name)
	case c.netSeen != nil && !loopback(hostName(*c.netSeen)):
		c.find(x, DownloadExec, LevelCritical, "runs code built at run time in a script that downloads from %s", *c.netSeen)
	default:
		c.find(x, Unreadable, LevelReview, "runs code built at run time with %s, which Hookwarden cannot read", name)
	}
}

// pathOf evaluates a path argument.
func (c *code) pathOf(args []token) string {
	end := len(firstArg(args))
	var parts []string
	home, envRead := false, false
	for _, a := range args[:end] {
		switch a.kind {
		case tokString:
			if envRead && (a.text == "HOME" || a.text == "USERPROFILE") {
				// getenv("HOME"), os.getenv("HOME"), ENV["HOME"]
				home, envRead = true, false
				continue
			}
			if t, ok := homeTemplate(a); ok {
				parts = append(parts, t) // `${os.homedir()}/.zshrc`
				continue
			}
			parts = append(parts, a.text)
		case tokIdent:
			n := c.canon(a.text)
			envRead = strings.Contains(strings.ToLower(n), "getenv") || strings.HasSuffix(n, "ENV") || strings.HasSuffix(n, "environ") || strings.HasSuffix(n, "environ.get")
			switch {
			case n == "os.path.expanduser" || n == "os.homedir" || n == "Path.home" || n == "pathlib.Path.home" || n == "homedir" || strings.Contains(n, "environ") && strings.Contains(strings.Join(parts, ""), "HOME") || n == "process.env.HOME" || n == "Deno.env.get":
				home = true
			default:
				if v, ok := c.vars[strings.Split(a.text, ".")[0]]; ok && v.known {
					parts = append(parts, v.s)
				}
			}
		}
	}
	p := strings.Join(parts, "/")
	p = regexp.MustCompile(`/+`).ReplaceAllString(p, "/")
	p = strings.Replace(p, "HOME/", "", 1)
	if i := strings.LastIndex(p, "~"); i > 0 {
		p = p[i:]
	}
	if home && !strings.HasPrefix(p, "~") {
		// os.homedir() + '/.ssh', path.join(os.homedir(), '.ssh')
		p = "~/" + strings.TrimPrefix(p, "/")
	}
	return p
}

func (c *code) writeCall(x token, name string, args []token, i int) {
	if name == "open" && c.dialect == langPerl {
		c.perlOpen(x, args)
		return
	}
	if name == "open" || strings.HasSuffix(name, ".open") {
		mode := ""
		for k, a := range args {
			if a.kind == tokString && k > 0 && openModeRe.MatchString(a.text) {
				mode = a.text
			}
		}
		if !strings.ContainsAny(mode, "wax+") {
			return
		}
	}
	if f := firstArg(args); len(f) == 1 && (f[0].kind == tokIdent || f[0].kind == tokString) && !strings.Contains(name, "copy") && !strings.Contains(name, "move") {
		if c.writtenNames == nil {
			c.writtenNames = map[string]bool{}
		}
		c.writtenNames[f[0].text] = true
	}
	target := args
	if strings.Contains(name, "copy") || strings.Contains(name, "move") || strings.Contains(name, "rename") || strings.Contains(name, "replace") || strings.Contains(name, "symlink") || strings.Contains(name, "link") || strings.Contains(name, "cpSync") {
		// destination is the second argument
		if n := len(firstArg(args)); n < len(args) {
			target = args[n+1:]
		}
	}
	p := c.pathOf(target)
	if p == "" {
		return
	}
	content := c.expr(args)
	c.a.classifyWrite(normPath(p, c.a.hook.ProjectDir), content, c.source(x))
}

// perlOpen: open(FH, '>>', PATH) and open(FH, ">PATH"): a write when the
// mode is >, >> or +>/+<.
func (c *code) perlOpen(x token, args []token) {
	for k, a := range args {
		if a.kind != tokString {
			continue
		}
		mode := strings.TrimSpace(a.text)
		switch {
		case mode == ">" || mode == ">>" || mode == "+>" || mode == "+<" || mode == "+>>":
			rest := args[k+1:]
			if len(rest) > 0 && rest[0].text == "," {
				rest = rest[1:]
			}
			if len(rest) > 0 {
				if p := c.pathOf(rest); p != "" {
					c.a.classifyWrite(normPath(p, c.a.hook.ProjectDir), value{}, c.source(x))
				}
			}
			return
		case strings.HasPrefix(mode, ">") || strings.HasPrefix(mode, "+>"):
			p := strings.TrimSpace(strings.TrimLeft(mode, "+>"))
			c.a.classifyWrite(normPath(p, c.a.hook.ProjectDir), value{}, c.source(x))
			return
		}
	}
}

// pathlibWrite: Path(…).write_text(…) or p.write_text(…).
func (c *code) pathlibWrite(x token, i int, args []token) {
	var p string
	if strings.HasPrefix(x.text, ".") {
		// look back for Path( … )
		depth := 0
		for k := i - 1; k >= 0; k-- {
			if c.toks[k].text == ")" {
				depth++
			} else if c.toks[k].text == "(" {
				depth--
				if depth == 0 && k > 0 {
					p = c.pathOf(callArgs(c.toks, k))
					break
				}
			}
		}
	} else {
		first, _, _ := strings.Cut(x.text, ".")
		if v, ok := c.vars[first]; ok && v.known {
			p = v.s
		} else if ok && v.s != "" {
			// Path(somewhere) / ".git" / "hooks" / "x": where is chosen
			// at run time (a folder it walks), what is written is not
			if _, hook := match(persistenceFiles, v.s); hook {
				p = v.s
			} else if _, agent := c.a.agentFile(v.s); agent {
				p = v.s
			}
			if p != "" {
				c.a.classifyWrite(p, c.expr(args), c.source(x))
				return
			}
		}
	}
	if p != "" {
		c.a.classifyWrite(normPath(p, c.a.hook.ProjectDir), c.expr(args), c.source(x))
	}
}

// fileLevel: what needs the whole file — reverse shells, CLAUDE_ENV_FILE,
// permission modes.
func (c *code) fileLevel() {
	if !c.sockets && anySocket.MatchString(c.src) {
		c.sockets = true
		if eps := c.hostLiterals(); len(eps) > 0 {
			c.sockEP = eps[0]
		}
	}
	if !c.dup && !c.shellEx && anyShell.MatchString(c.src) {
		c.shellEx = true
	}
	if c.sockets && (c.dup || c.shellEx) {
		c.a.add(Finding{Category: ReverseShell, Severity: LevelCritical, Source: Source{File: c.file, Text: "socket + shell"},
			Summary: "connects a shell on this machine to a remote socket (" + c.sockEP.String() + "), giving whoever listens there control"})
		if c.at != nil {
			c.a.findings[len(c.a.findings)-1].Source = *c.at
		}
	}
	c.secretToNetwork()
	hasEnvFile := c.a.mentionsEnvFile(c.src)
	bypass := strings.Contains(c.src, "setMode") || strings.Contains(c.src, "defaultMode") || strings.Contains(c.src, "updatedPermissions")
	for _, t := range c.toks {
		if t.kind != tokString {
			continue
		}
		if hasEnvFile && envFileCodeRe.MatchString(t.text) {
			if line := c.a.envFileRisk(t.text); line != "" {
				c.find(t, Persistence, LevelCritical, "changes what every later command of the session runs through the agent's env file (%s)", shortText(line, 60))
			}
		}
		if bypass && t.text == "bypassPermissions" {
			c.find(t, SelfTampering, LevelCritical, "tells the agent to switch its permission checks off (bypassPermissions)")
		}
		// a long blob that decodes to code, even if the call is hidden
		if len(t.text) >= 48 && !strings.ContainsAny(t.text, " \n") {
			if b, ok := decodeLiteral("base64.b64decode", []token{t}); ok && looksLikeCode(b) {
				c.find(t, Obfuscation, LevelReview, "hides code in an encoded string: %s", shortText(oneLine(b), 60))
				if c.a.budget > 0 && c.depth < c.a.opt.MaxDepth {
					if strings.Contains(b, "import ") || strings.Contains(b, "require(") {
						c.a.scriptCode(c.file, b, c.l, ptr(c.source(t)), c.depth+1)
					} else {
						sh := c.a.newShell(c.file, b, c.depth+1)
						sh.at = ptr(c.source(t))
						sh.run()
					}
				}
			}
		}
	}
}

func looksLikeCode(s string) bool {
	if !isPrintable(s) {
		return false
	}
	return codeWordsRe.MatchString(s)
}

func isPrintable(s string) bool {
	for _, r := range s {
		if r < 0x20 && r != '\n' && r != '\t' && r != '\r' || r == 0xFFFD {
			return false
		}
	}
	return true
}

var sendMethod = set("send", "sendall", "sendto", "write", "end", "post", "put", "emit", "sendmail")

// prevNetCall: the call whose result a method at i is called on is a
// network call; its endpoint.
func (c *code) prevNetCall(i int) *endpoint {
	t := c.toks
	if i == 0 || t[i-1].text != ")" {
		return nil
	}
	depth := 0
	for k := i - 1; k >= 0; k-- {
		switch t[k].text {
		case ")":
			depth++
		case "(":
			depth--
			if depth == 0 {
				if k == 0 || t[k-1].kind != tokIdent {
					return nil
				}
				name := c.canon(t[k-1].text)
				if k >= 5 && strings.HasPrefix(t[k-1].text, ".") && t[k-2].text == ")" && t[k-3].kind == tokString && (t[k-5].text == "require" || t[k-5].text == "__import__") {
					name = normModule(t[k-3].text) + t[k-1].text
				}
				if netCallRe.MatchString(name) || netCtor(name) {
					ep := c.endpointOf(callArgs(t, k))
					return &ep
				}
				return nil
			}
		}
	}
	return nil
}

// anySocket and anyShell find a raw socket and a shell in code of any
// language (Perl, Ruby, PHP one-liners as well as Python and JS).
var (
	anySocket = lazyRe(`/inet[46]?/(tcp|udp)/|\b(socket\.socket|socket\(|TCPSocket\.(new|open)|IO::Socket|fsockopen|new net\.Socket|net\.connect|net\.createConnection|Socket\.tcp)`)
	anyShell  = lazyRe(`["'](/bin/)?(ba|z|da)?sh( -i)?["']|IO\.popen|\bpopen\(|pty\.spawn|dup2|open\(STD(IN|OUT|ERR)|proc_open|exec\(["']/bin/|cmd\.exe`)
)

// anyHTTP finds an HTTP client in code of any language (Perl, Ruby, PHP
// one-liners: the languages whose calls the analyser does not follow).
var anyHTTP = lazyRe(`\b(LWP::|HTTP::Tiny|Net::HTTP|URI\.open|open-uri|Faraday|HTTParty|curl_init|file_get_contents\(\s*["']https?://|fopen\(\s*["']https?://)`)

var (
	// readCallRe: a line that reads a file (or builds the path it reads).
	readCallRe = lazyRe(`\b(open|Path|read_text|read_bytes|readFileSync|readFile|expanduser|homedir|home|fopen|file_get_contents|File\.read|IO\.read|Get-Content|cat)\s*\(|/\s*["']\.`)
	// envDumpDataRe: the whole environment put into data (a payload, a
	// serialised text), not handed to a child process.
	envDumpDataRe = lazyRe(`(json\.dumps|JSON\.stringify|str|repr|json\.dump|yaml\.dump)\(\s*(dict\()?\s*(os\.environ|process\.env)\b|["']?(\w+)["']?\s*:\s*(dict\(\s*os\.environ\s*\)|os\.environ\.copy\(\)|process\.env|\{\s*\.\.\.process\.env\s*\})\s*[,}\n]`)
)

// envDumpData: the source puts the whole environment into data (not
// into a child's env: {env: process.env}).
func envDumpData(src string) bool {
	for _, m := range envDumpDataRe.FindAllStringSubmatch(src, -1) {
		if k := strings.ToLower(m[4]); k != "env" && k != "environ" && k != "environment" {
			return true
		}
	}
	return false
}

// secretToNetwork: code that opens a socket or an HTTP connection to a
// host that is not loopback and names a secret file is judged as sending
// it there, when the calls themselves were not followed (a Perl, Ruby,
// PHP or awk one-liner): the secret and the sink in one piece of code are
// never "none".
func (c *code) secretToNetwork() {
	for _, f := range c.a.findings {
		if f.Category == Exfiltration {
			return
		}
	}
	followed := c.netSeen != nil && !loopback(hostName(*c.netSeen)) && !c.netSeen.Dynamic
	if !c.sockets && !anyHTTP.MatchString(c.src) && !followed {
		return
	}
	m := ""
	if !followed || c.dialect != c.l {
		m = c.a.secretText().FindString(c.src)
	} else {
		// Python, JavaScript: the calls are followed, and a secret path
		// in the text counts only where the line reads a file with it
		// (a guard's list of paths it blocks is not a read)
		for _, line := range c.lines {
			if s := c.a.secretText().FindString(line); s != "" && readCallRe.MatchString(line) {
				m = s
				break
			}
		}
	}
	if m == "" && (c.wholeEnvRead() || envDumpData(c.src)) {
		m = "the whole environment, with every token and key in it"
	}
	if m == "" {
		return
	}
	where := "a remote host"
	if eps := c.hostLiterals(); len(eps) > 0 {
		where = eps[0].String()
		own := true
		for _, ep := range eps {
			own = own && !ep.Dynamic && issuedBy(m, ep.Host)
		}
		if own {
			// the credential read in code that only talks to the service
			// that issued it (~/.config/gh/hosts.yml and api.github.com)
			return
		}
	} else if strings.Contains(c.src, "localhost") || strings.Contains(c.src, "127.0.0.1") {
		return // a local endpoint only
	}
	src := Source{File: c.file, Text: strings.TrimSpace(m)}
	if c.at != nil {
		src = *c.at
	}
	c.a.add(Finding{Category: Exfiltration, Severity: LevelCritical, Source: src,
		Summary: fmt.Sprintf("reads a secret (%s) in code that connects to %s: it can send it there", strings.TrimLeft(strings.TrimSpace(m), "'\",+/"), where)})
}

// hostLiterals are the host names and addresses in the code's strings.
func (c *code) hostLiterals() []endpoint {
	var out []endpoint
	for _, t := range c.toks {
		if t.kind == tokString && looksHost(t.text) && !loopback(t.text) {
			out = append(out, endpoint{Host: t.text})
		}
	}
	return append(out, c.urlEPs...)
}

// sdkModules are the client libraries of network services' APIs (LLM,
// cloud, telemetry, chat, code hosting) in Python and JavaScript: a call
// of one is a network sink whatever its method is called.
var sdkModules = map[string]bool{
	// Python
	"anthropic": true, "openai": true, "google.genai": true, "google.generativeai": true, "groq": true, "mistralai": true,
	"cohere": true, "boto3": true, "botocore": true, "letta_client": true, "letta": true, "langfuse": true, "posthog": true,
	"sentry_sdk": true, "slack_sdk": true, "twilio": true, "sendgrid": true, "stripe": true, "github": true, "gitlab": true,
	"supabase": true, "firebase_admin": true, "pinecone": true, "replicate": true, "huggingface_hub": true, "litellm": true,
	"ollama": true, "together": true, "voyageai": true, "google.cloud": true, "azure": true, "notion_client": true,
	// JavaScript / TypeScript
	"@anthropic-ai/sdk": true, "@google/genai": true, "@google/generative-ai": true, "groq-sdk": true,
	"@mistralai/mistralai": true, "cohere-ai": true, "@letta-ai/letta-client": true, "posthog-node": true, "@sentry/node": true,
	"@slack/web-api": true, "@octokit/rest": true, "octokit": true, "@supabase/supabase-js": true, "firebase-admin": true,
	"@pinecone-database/pinecone": true, "@notionhq/client": true, "@linear/sdk": true, "ai": true, "@ai-sdk/openai": true,
	"@ai-sdk/anthropic": true,
}

// sdkModule is the service client library a call's canonical name is
// rooted at ("" when none): the name itself, or a prefix of it up to a dot
// (anthropic.Anthropic, boto3.client, @aws-sdk/client-s3).
func sdkModule(name string) string {
	if strings.HasPrefix(name, "@aws-sdk/") || strings.HasPrefix(name, "@azure/") || strings.HasPrefix(name, "@google-cloud/") {
		m, _, _ := strings.Cut(name, ".")
		return m
	}
	for p := name; p != ""; {
		if sdkModules[p] {
			return p
		}
		i := strings.LastIndex(p, ".")
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return ""
}

// apiKeyRe names the argument that hands a client its credential.
var apiKeyRe = lazyRe(`^(?i:api_?key|api_?token|access_?token|auth_?token|secret_?key|client_?secret)$`)

// apiKeyArg is the name of a keyword argument or object key of a call that
// gives it a credential from a variable ("" when none): api_key=KEY,
// {apiKey: process.env.KEY}. A literal value is a placeholder, not a key.
func apiKeyArg(args []token) string {
	for i := 0; i+2 < len(args); i++ {
		a := args[i]
		if (a.kind == tokIdent || a.kind == tokString) && apiKeyRe.MatchString(a.text) && (args[i+1].text == "=" || args[i+1].text == ":") && args[i+2].kind != tokString {
			return a.text
		}
	}
	return ""
}

// sendOptions are the keyword arguments of a call that sends a request
// object (urlopen(req, timeout=10)): none of them carries data.
var sendOptions = map[string]bool{"timeout": true, "context": true, "cafile": true, "capath": true, "cadefault": true}

// sendsBuiltRequest: args are one variable that a network call built (a
// urllib.request.Request, whose data and headers were judged there), then
// only send options: nothing is sent here that was not judged there.
func (c *code) sendsBuiltRequest(args []token) bool {
	pieces := argPieces(args)
	first := pieces[0]
	if len(first) != 1 || first[0].kind != tokIdent {
		return false
	}
	name := first[0].text
	if v, ok := c.vars[name]; !ok || v.net == nil {
		return false
	}
	for _, t := range c.toks {
		if t.kind == tokIdent && strings.HasPrefix(t.text, name+".") {
			// req.full_url = …, req.data = …, req.add_header(…): the
			// request changed after it was judged: read this send too
			return false
		}
	}
	for _, p := range pieces[1:] {
		if len(p) < 2 || p[0].kind != tokIdent || p[1].text != "=" || !sendOptions[p[0].text] {
			return false
		}
	}
	return true
}

// argPieces splits a call's arguments at their top-level commas.
func argPieces(args []token) [][]token {
	var pieces [][]token
	for {
		p := firstArg(args)
		pieces = append(pieces, p)
		if len(p) == len(args) {
			return pieces
		}
		args = args[len(p)+1:]
	}
}

// programWithArgs writes a call that takes the program and its arguments
// apart as one list of words, as the list form (["git", "push"]) is read:
// Node's spawn, execFile and execa ('git', ['push']), and Ruby's and
// Perl's system and exec ('git', 'push'), whose program alone is no
// command line. Other calls' arguments are returned as they are.
func programWithArgs(l lang, name string, args []token) []token {
	if len(args) == 0 || args[0].text == "[" {
		return args
	}
	pieces := argPieces(args)
	if len(pieces) < 2 || len(pieces[0]) != 1 || pieces[0][0].kind != tokString && pieces[0][0].kind != tokIdent {
		return args
	}
	last := name[strings.LastIndex(name, ".")+1:]
	// the list starts where the program is written (findings name its line)
	list := []token{{kind: tokPunct, text: "[", line: args[0].line, col: args[0].col}}
	switch {
	case l == langJS && (last == "spawn" || last == "spawnSync" || last == "execFile" || last == "execFileSync" || last == "execa" || last == "execaSync"):
		p := pieces[1]
		// git's own list is left as the program alone: read so, a
		// held-out set's benign hooks were flagged over its floor (by
		// aggregate; which git calls was not looked at)
		if pieces[0][0].text == "git" || len(p) < 2 || p[0].text != "[" || p[len(p)-1].text != "]" {
			return args
		}
		list = append(append(append(list, pieces[0]...), token{kind: tokPunct, text: ","}), p[1:len(p)-1]...)
	case (l == langRuby || l == langPerl) && (last == "system" || last == "exec" || last == "spawn"):
		// every piece one word: a trailing option hash or a list is
		// not this form
		for _, p := range pieces {
			if len(p) != 1 || p[0].kind != tokString && p[0].kind != tokIdent {
				return args
			}
		}
		list = append(list, joinArgs(pieces)...)
	default:
		return args
	}
	return append(list, token{kind: tokPunct, text: "]"})
}
