package risk

import (
	"strings"
)

// Shared libraries wrap the subprocess call in a function of their own
// (run_command(cmd), runCommand(cmd, opts), func run(name string, args
// ...string)): inside it, the command is a parameter, which the callers
// choose. The wrapper's own call is then not "a command chosen at run
// time": each call of the wrapper is read as the subprocess call it makes,
// with the argument the caller gives (a literal command is analysed, a
// computed one is chosen at run time there).

// wrapper is a function that runs one of its parameters as a command.
type wrapper struct {
	param      string // the parameter it runs
	index      int    // its position among the parameters
	start, end int    // the lines of its body (1-based, end exclusive)
}

var (
	// funcHeaderRe: a function's header in Python, Ruby, JavaScript or
	// Go: its name (one of groups 1–4) and its parameters (group 5).
	funcHeaderRe = lazyRe(`(?m)^[ \t]*(?:export\s+)?(?:async\s+)?(?:def\s+(\w+)|function\s*\*?\s*(\w+)|(?:const|let|var)\s+(\w+)\s*=\s*(?:async\s*)?(?:function\s*\w*\s*)?|func\s+(?:\([^)]*\)\s*)?(\w+))\s*\(([^)]*)\)`)
	// wrapExecRe: a subprocess call whose command starts with a name
	// (group 1), possibly inside a list or spread ([*cmd, f], [...cmd]).
	wrapExecRe = lazyRe(`(?:subprocess\.\w+|os\.system|os\.popen|Popen|execSync|execFileSync|spawnSync|spawn|execFile|execa\w*|exec\.Command(?:Context)?|Open3\.\w+|IO\.popen|system)\s*\(\s*(?:ctx\s*,\s*)?\[?\s*(?:\*|\.\.\.)?(\w+)\b\s*[,)\]]`)
)

// scanWrappers finds the functions of a file that run a parameter: by a
// subprocess call, or by passing it on to a wrapper already known (run_ix(argv)
// → run_command(argv): the command is still the outer callers' choice).
func scanWrappers(text string, known map[string]wrapper) map[string]wrapper {
	if !strings.Contains(text, "(") {
		return nil
	}
	heads := funcHeaderRe.FindAllStringSubmatchIndex(text, -1)
	if len(heads) == 0 {
		return nil
	}
	var out map[string]wrapper
	for k, h := range heads {
		name := ""
		for g := 1; g <= 4; g++ {
			if h[2*g] >= 0 {
				name = text[h[2*g]:h[2*g+1]]
			}
		}
		if name == "" {
			continue
		}
		params := paramNames(text[h[10]:h[11]])
		end := len(text)
		if k+1 < len(heads) {
			end = heads[k+1][0]
		}
		end = bodyEnd(text, h[0], h[1], end)
		body := text[h[1]:end]
		for _, m := range wrapExecRe.FindAllStringSubmatch(body, -1) {
			arg := m[1]
			idx := indexOfParam(params, arg)
			if idx < 0 {
				// resolved = resolve(command): a name made from a parameter
				idx = indexOfParam(params, derivedFrom(body, arg, params))
			}
			if idx < 0 {
				continue
			}
			if out == nil {
				out = map[string]wrapper{}
			}
			out[name] = wrapper{param: arg, index: idx,
				start: strings.Count(text[:h[0]], "\n") + 1, end: strings.Count(text[:end], "\n") + 1}
			break
		}
		if _, ok := out[name]; ok || len(known) == 0 {
			continue
		}
		if arg, idx := passesOn(body, name, params, known); idx >= 0 {
			if out == nil {
				out = map[string]wrapper{}
			}
			out[name] = wrapper{param: arg, index: idx,
				start: strings.Count(text[:h[0]], "\n") + 1, end: strings.Count(text[:end], "\n") + 1}
		}
	}
	return out
}

// callRe: a name called (group 1).
var callRe = lazyRe(`\b([A-Za-z_]\w*)\s*\(`)

// passesOn: the body calls a known wrapper (not itself) with one of the
// function's parameters where that wrapper takes the command; the
// parameter and its index, or -1.
func passesOn(body, self string, params []string, known map[string]wrapper) (string, int) {
	for _, m := range callRe.FindAllStringSubmatchIndex(body, -1) {
		callee := body[m[2]:m[3]]
		w, ok := known[callee]
		if !ok || callee == self {
			continue
		}
		if m[2] > 0 && body[m[2]-1] == '.' && !strings.HasSuffix(body[:m[2]-1], "self") {
			// obj.run(…) of another object: not this wrapper
			continue
		}
		args := topLevelArgs(body[m[1]:])
		if w.index >= len(args) {
			continue
		}
		a := strings.TrimLeft(strings.TrimSpace(args[w.index]), "*.&[ ")
		if i := indexOfParam(params, a); i >= 0 {
			return a, i
		}
	}
	return "", -1
}

// topLevelArgs splits the text after a call's "(" at its top-level
// commas, up to the closing ")".
func topLevelArgs(s string) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s) && i < 2000; i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth == 0 {
				return append(out, s[start:i])
			}
			depth--
		case c == ',' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return nil
}

// paramNames are the names of a parameter list, in order (types,
// defaults, *, ... and self dropped).
func paramNames(list string) []string {
	var out []string
	for _, p := range strings.Split(list, ",") {
		p = strings.TrimSpace(p)
		p = strings.TrimLeft(p, "*&.")
		if i := strings.IndexAny(p, ":= \t"); i >= 0 {
			p = p[:i]
		}
		if p == "" || p == "self" || p == "cls" {
			if p == "" {
				out = append(out, "")
			}
			continue
		}
		out = append(out, p)
	}
	return out
}

func indexOfParam(params []string, name string) int {
	if name == "" {
		return -1
	}
	for i, p := range params {
		if p == name {
			return i
		}
	}
	return -1
}

// derivedFrom: the parameter name is assigned from in body (x =
// f(param) or x = [param, …]), or "".
func derivedFrom(body, name string, params []string) string {
	for _, line := range strings.Split(body, "\n") {
		l := strings.TrimSpace(line)
		for _, kw := range []string{"const ", "let ", "var "} {
			l = strings.TrimPrefix(l, kw)
		}
		lhs, rhs, ok := strings.Cut(l, "=")
		if !ok || strings.HasPrefix(rhs, "=") {
			continue
		}
		lhs = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(lhs), ":"))
		if i := strings.IndexAny(lhs, ": "); i >= 0 {
			lhs = lhs[:i]
		}
		if lhs != name {
			continue
		}
		for _, p := range params {
			if p != "" && wordIn(rhs, p) {
				return p
			}
		}
	}
	return ""
}

// wordIn: w occurs in s as a whole identifier.
func wordIn(s, w string) bool {
	for i := strings.Index(s, w); i >= 0; {
		before := i == 0 || !identByte(s[i-1])
		after := i+len(w) >= len(s) || !identByte(s[i+len(w)])
		if before && after {
			return true
		}
		j := strings.Index(s[i+1:], w)
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

func identByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// learnWrappers records the wrapper functions of the code files a
// discovery found, before any is analysed: a caller is often read before
// the library that defines its wrapper.
func (a *analyzer) learnWrappers(d *discovered) {
	var texts []string
	for _, r := range d.Scripts {
		switch langOf(r.Path, r.Via, "") {
		case langPython, langJS, langRuby, langGo:
		default:
			continue
		}
		if a.wrapperScanned[r.Path] {
			continue
		}
		if a.wrapperScanned == nil {
			a.wrapperScanned = map[string]bool{}
		}
		a.wrapperScanned[r.Path] = true
		s := a.readScript(r.Path, r.Via)
		if s.Err != nil {
			continue
		}
		a.learnWrappersOf(string(s.Content))
		texts = append(texts, string(s.Content))
	}
	// a wrapper of a wrapper, in this file or another: a few rounds
	for round := 0; round < 3 && len(a.wrappers) > 0; round++ {
		n := len(a.wrappers)
		for _, t := range texts {
			a.learnWrappersOf(t)
		}
		if len(a.wrappers) == n {
			break
		}
	}
}

func (a *analyzer) learnWrappersOf(text string) {
	for name, w := range scanWrappers(text, a.wrappers) {
		if a.wrappers == nil {
			a.wrappers = map[string]wrapper{}
		}
		a.wrappers[name] = w
	}
}

// wrapperParam: the command name at tok is the parameter of a wrapper
// function of this file whose body holds tok: its callers choose it.
func (c *code) wrapperParam(tok token, name string) bool {
	if c.ownWrappers == nil {
		c.ownWrappers = scanWrappers(c.src, c.a.wrappers)
		if c.ownWrappers == nil {
			c.ownWrappers = map[string]wrapper{}
		}
	}
	for _, w := range c.ownWrappers {
		if w.param == name && tok.line >= w.start && tok.line < w.end {
			return true
		}
	}
	return false
}

// wrapperCall: a call of a wrapper function (by its last name: utils.run
// is run), with the argument it runs; ok false when it is not one, or is
// its own definition.
func (c *code) wrapperCall(i int, last string, args []token) ([]token, bool) {
	if len(c.a.wrappers) == 0 {
		return nil, false
	}
	w, ok := c.a.wrappers[last]
	if !ok {
		return nil, false
	}
	if i > 0 {
		switch c.toks[i-1].text {
		case "def", "function", "func", "fn", "sub":
			return nil, false
		}
	}
	parts := splitArgs(args)
	if w.index >= len(parts) || len(parts[w.index]) == 0 {
		return nil, false
	}
	return parts[w.index], true
}

// splitArgs splits call arguments at their top-level commas.
func splitArgs(args []token) [][]token {
	var out [][]token
	for {
		f := firstArg(args) // the one scanner of brackets and commas
		out = append(out, f)
		if len(f) >= len(args) {
			return out
		}
		args = args[len(f)+1:]
	}
}

func (c *code) isWrapperCall(i int, last string, args []token) bool {
	_, ok := c.wrapperCall(i, last, args)
	return ok
}

// firstIdent is the first name among tokens ("" when none comes before
// anything else but brackets and spreads).
func firstIdent(ts []token) string {
	for _, t := range ts {
		switch {
		case t.kind == tokIdent:
			return t.text
		case t.kind == tokPunct && (t.text == "\n" || t.text == "[" || t.text == "*" || t.text == "..." || t.text == "(" || t.text == "&"):
			continue
		default:
			return ""
		}
	}
	return ""
}

// bodyEnd is where the body of the function whose header is
// text[start:hdrEnd] ends: its closing brace, or (Python) the first line
// indented no deeper than the header; at most limit.
func bodyEnd(text string, start, hdrEnd, limit int) int {
	rest := text[hdrEnd:limit]
	if i := strings.IndexAny(rest, "{:\n"); i >= 0 && rest[i] == '{' || strings.Contains(strings.SplitN(rest, "\n", 2)[0], "{") {
		depth := 0
		var quote byte
		for i := hdrEnd; i < limit; i++ {
			c := text[i]
			switch {
			case quote != 0:
				if c == '\\' {
					i++
				} else if c == quote {
					quote = 0
				}
			case c == '"' || c == '\'' || c == '`':
				quote = c
			case c == '{':
				depth++
			case c == '}':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return limit
	}
	lineStart := strings.LastIndexByte(text[:start], '\n') + 1
	indent := len(text[lineStart:start]) + len(text[start:]) - len(strings.TrimLeft(text[start:], " \t"))
	// the body starts on the line after the header's colon
	nl := strings.IndexByte(text[hdrEnd:limit], '\n')
	if nl < 0 {
		return limit
	}
	pos := hdrEnd + nl + 1
	for pos < limit {
		e := strings.IndexByte(text[pos:limit], '\n')
		line := text[pos:limit]
		if e >= 0 {
			line = text[pos : pos+e]
		}
		t := strings.TrimLeft(line, " \t")
		if t != "" && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, ")") && len(line)-len(t) <= indent {
			return pos
		}
		if e < 0 {
			break
		}
		pos += e + 1
	}
	return limit
}
