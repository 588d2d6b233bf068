package risk

import (
	"strconv"
	"strings"
)

// fold rewrites the ways a name is spelled in pieces so that the calls
// read as written plainly — a rule per form, on the tokens:
//
//	'o' + 's'                                  → 'os'
//	x['exec' + 'Sync'](…)  /  f(…)['system'](…) → x.execSync(…)  /  f(…).system(…)
//	getattr(os, 'system')                      → os.system
//	getattr(importlib.import_module('m'), 'n') → m.n
//	X = __import__('m')                        → import m as X
//	X = importlib.import_module('m')           → import m as X
//	__import__('m').n                          → m.n
//	pkgutil.resolve_name('m:n')                → m.n
func fold(ts []token) []token {
	ts = foldCharCodes(ts)
	ts = foldJoin(ts)
	ts = foldConcat(ts)
	ts = foldResolveName(ts)
	ts = foldGetattr(ts)
	ts = foldIndex(ts)
	ts = foldDynamicCall(ts)
	ts = foldModuleAttr(ts)
	return ts
}

// foldJoin reads a list of literals joined into one string:
// ['child', 'process'].join('_') (JavaScript, Ruby) and
// '_'.join(['child', 'process']) (Python).
func foldJoin(ts []token) []token {
	out := make([]token, 0, len(ts))
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		// [ S , S … ] .join ( S )
		if t.kind == tokPunct && t.text == "[" {
			if parts, j, ok := literalList(ts, i); ok && j+3 < len(ts) && ts[j].kind == tokIdent && ts[j].text == ".join" && ts[j+1].text == "(" && ts[j+2].kind == tokString && ts[j+3].text == ")" {
				out = append(out, token{kind: tokString, text: strings.Join(parts, ts[j+2].text), line: t.line, col: t.col})
				i = j + 3
				continue
			}
		}
		// S .join ( [ S , S … ] )
		if t.kind == tokString && i+3 < len(ts) && ts[i+1].kind == tokIdent && ts[i+1].text == ".join" && ts[i+2].text == "(" && ts[i+3].text == "[" {
			if parts, j, ok := literalList(ts, i+3); ok && j < len(ts) && ts[j].text == ")" {
				out = append(out, token{kind: tokString, text: strings.Join(parts, t.text), line: t.line, col: t.col})
				i = j
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// literalList reads [ S , S … ] at ts[i]: the strings and the index after ].
func literalList(ts []token, i int) ([]string, int, bool) {
	var parts []string
	j := i + 1
	for ; j < len(ts); j++ {
		switch {
		case ts[j].kind == tokString:
			parts = append(parts, ts[j].text)
		case ts[j].kind == tokPunct && ts[j].text == ",":
		case ts[j].kind == tokPunct && ts[j].text == "]":
			return parts, j + 1, len(parts) > 0
		default:
			return nil, i, false
		}
	}
	return nil, i, false
}

// foldCharCodes reads text spelled as character codes into a string:
// map(chr, [72, 105]) and bytes([72, 105]) (Python), String.fromCharCode(72,
// 105) (JavaScript).
func foldCharCodes(ts []token) []token {
	out := make([]token, 0, len(ts))
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		start := -1
		switch {
		case t.kind == tokIdent && t.text == "map" && i+4 < len(ts) && ts[i+1].text == "(" && ts[i+2].text == "chr" && ts[i+3].text == "," && ts[i+4].text == "[":
			start = i + 4
		case t.kind == tokIdent && (t.text == "bytes" || t.text == "bytearray") && i+2 < len(ts) && ts[i+1].text == "(" && ts[i+2].text == "[":
			start = i + 2
		case t.kind == tokIdent && (strings.HasSuffix(t.text, "String.fromCharCode") || t.text == "string.char") && i+1 < len(ts) && ts[i+1].text == "(":
			start = i + 1
		}
		if start < 0 {
			out = append(out, t)
			continue
		}
		closer := map[string]string{"[": "]", "(": ")"}[ts[start].text]
		var b strings.Builder
		j := start + 1
		for ; j < len(ts) && ts[j].kind == tokNumber; j += 2 {
			n, err := strconv.ParseInt(ts[j].raw, 0, 32)
			if err != nil || n < 0 || n > 0x10FFFF {
				break
			}
			b.WriteRune(rune(n))
			if j+1 < len(ts) && ts[j+1].text != "," {
				j++
				break
			}
		}
		if j >= len(ts) || ts[j].text != closer || b.Len() == 0 {
			out = append(out, t)
			continue
		}
		// map(chr, […]) and bytes(…) close once more
		end := j
		if t.text != "String.fromCharCode" && !strings.HasSuffix(t.text, "String.fromCharCode") && end+1 < len(ts) && ts[end+1].text == ")" {
			end++
		}
		out = append(out, token{kind: tokString, text: b.String(), line: t.line, col: t.col})
		i = end
	}
	return out
}

// foldModuleAttr rewrites __import__('m').name and
// importlib.import_module('m').name into m.name.
func foldModuleAttr(ts []token) []token {
	out := make([]token, 0, len(ts))
	for i := 0; i < len(ts); i++ {
		if m, j, ok := moduleCall(ts, i); ok && j < len(ts) && ts[j].kind == tokIdent && len(ts[j].text) > 1 && ts[j].text[0] == '.' {
			out = append(out, token{kind: tokIdent, text: m + ts[j].text, line: ts[i].line, col: ts[i].col})
			i = j
			continue
		}
		out = append(out, ts[i])
	}
	return out
}

// foldConcat joins string literals added together.
func foldConcat(ts []token) []token {
	out := make([]token, 0, len(ts))
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		for t.kind == tokString && i+2 < len(ts) {
			if ts[i+1].kind == tokPunct && concatOp[ts[i+1].text] && ts[i+2].kind == tokString {
				t.text += ts[i+2].text
				t.raw = ""
				i += 2
				continue
			}
			// Lua's .. read as two dots
			if i+3 < len(ts) && ts[i+1].text == "." && ts[i+2].text == "." && ts[i+3].kind == tokString {
				t.text += ts[i+3].text
				t.raw = ""
				i += 3
				continue
			}
			break
		}
		out = append(out, t)
	}
	return out
}

var identLike = lazyRe(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// moduleCall: ts[i:] is __import__('m') or importlib.import_module('m')
// (or require('m')): the module and the index after the call.
func moduleCall(ts []token, i int) (string, int, bool) {
	if i+3 < len(ts) && ts[i].kind == tokIdent && (ts[i].text == "__import__" || ts[i].text == "import_module" || strings.HasSuffix(ts[i].text, ".import_module") || ts[i].text == "require") &&
		ts[i+1].text == "(" && ts[i+2].kind == tokString && ts[i+3].text == ")" {
		return normModule(ts[i+2].text), i + 4, true
	}
	return "", i, false
}

// foldResolveName rewrites pkgutil.resolve_name('m:n') (or 'm.n') into
// the name it resolves.
func foldResolveName(ts []token) []token {
	out := make([]token, 0, len(ts))
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if t.kind == tokIdent && (t.text == "pkgutil.resolve_name" || t.text == "resolve_name") && i+3 < len(ts) && ts[i+1].text == "(" && ts[i+2].kind == tokString && ts[i+3].text == ")" {
			if name := strings.Replace(ts[i+2].text, ":", ".", 1); dottedRe.MatchString(name) {
				out = append(out, token{kind: tokIdent, text: name, line: t.line, col: t.col})
				i += 3
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// dottedRe: a dotted Python name (os.system, urllib.request.urlopen).
var dottedRe = lazyRe(`^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$`)

// foldGetattr rewrites getattr(OBJ, 'name') into OBJ.name.
func foldGetattr(ts []token) []token {
	out := make([]token, 0, len(ts))
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if t.kind == tokIdent && (t.text == "getattr" || t.text == "builtins.getattr") && i+5 < len(ts) && ts[i+1].text == "(" {
			obj, j := "", i+2
			if m, k, ok := moduleCall(ts, j); ok {
				obj, j = m, k
			} else if ts[j].kind == tokIdent {
				obj, j = ts[j].text, j+1
			}
			if obj != "" && j+2 < len(ts) && ts[j].text == "," && ts[j+1].kind == tokString && identLike.MatchString(ts[j+1].text) && ts[j+2].text == ")" {
				out = append(out, token{kind: tokIdent, text: obj + "." + ts[j+1].text, line: t.line, col: t.col})
				i = j + 2
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// foldIndex rewrites NAME['attr'] and CALL(…)['attr'] into a dotted name.
func foldIndex(ts []token) []token {
	out := make([]token, 0, len(ts))
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		// only before a call (x['execSync'](…)): a subscript that reads data
		// (d['tool_input'], os.environ['KEY']) keeps its own reading
		if t.kind == tokPunct && t.text == "[" && i+3 < len(ts) && ts[i+1].kind == tokString && identLike.MatchString(ts[i+1].text) && ts[i+2].text == "]" && ts[i+3].text == "(" && len(out) > 0 {
			prev := &out[len(out)-1]
			switch {
			case prev.kind == tokIdent:
				prev.text += "." + ts[i+1].text
				i += 2
				continue
			case prev.kind == tokPunct && prev.text == ")":
				out = append(out, token{kind: tokIdent, text: "." + ts[i+1].text, line: ts[i+1].line, col: ts[i+1].col})
				i += 2
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// namespacePrefixes are the objects through which a language reaches its
// global functions by name: what follows them is the function itself.
var namespacePrefixes = []string{"__builtins__.__dict__.", "__builtins__.", "builtins.", "globalThis.", "global.", "window.", "Kernel."}

// dynamicCallers call the function named by their first argument:
// call_user_func('system', …), X.send('system', …) and their kin.
var dynamicCallers = set("call_user_func", "call_user_func_array", "forward_static_call", "send", "public_send", "__send__", "method", "instance_method")

// foldDynamicCall rewrites a function reached by its name into a plain
// call — the table above, globals()['n'](…), and a variable bound to a
// name then called ($f = 'shell_exec'; $f(…)) — so the language's table
// of calls judges it as if it were written plainly.
func foldDynamicCall(ts []token) []token {
	bound := map[string]string{}
	out := make([]token, 0, len(ts))
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		if t.kind == tokIdent {
			for _, p := range namespacePrefixes {
				if rest, ok := strings.CutPrefix(t.text, p); ok && rest != "" {
					t.text = rest
					break
				}
			}
			// NAME = 'fn' ; … NAME(…)
			if i+2 < len(ts) && ts[i+1].text == "=" && ts[i+2].kind == tokString && identLike.MatchString(ts[i+2].text) && (i+3 >= len(ts) || ts[i+3].text != "+" && ts[i+3].text != ".") {
				bound[t.text] = ts[i+2].text
			} else if fn, ok := bound[t.text]; ok && i+1 < len(ts) && ts[i+1].text == "(" {
				t.text = fn
			}
			// globals()['n'] / locals()['n'] / vars()['n'] folded by foldIndex to globals ( ) .n
			if (t.text == "globals" || t.text == "locals" || t.text == "vars") && i+3 < len(ts) && ts[i+1].text == "(" && ts[i+2].text == ")" && ts[i+3].kind == tokIdent && strings.HasPrefix(ts[i+3].text, ".") {
				t.text = strings.TrimPrefix(ts[i+3].text, ".")
				out = append(out, t)
				i += 3
				continue
			}
			// caller ( 'fn' , …  →  fn ( …   and   OBJ.send ( 'fn' , … → OBJ.fn ( …
			recv, name := "", t.text
			if k := strings.LastIndex(t.text, "."); k >= 0 {
				recv, name = t.text[:k], t.text[k+1:]
			}
			if dynamicCallers[name] && i+3 < len(ts) && ts[i+1].text == "(" && ts[i+2].kind == tokString && identLike.MatchString(ts[i+2].text) && (ts[i+3].text == "," || ts[i+3].text == ")") {
				fn := ts[i+2].text
				if recv != "" && recv != "Kernel" && recv != "Object" && recv != "self" {
					fn = recv + "." + fn
				}
				out = append(out, token{kind: tokIdent, text: fn, line: t.line, col: t.col}, ts[i+1])
				// method('system').call(…): the call that follows is fn's
				if ts[i+3].text == ")" {
					i += 3
					if i+1 < len(ts) && ts[i+1].kind == tokIdent && (ts[i+1].text == ".call" || ts[i+1].text == ".()") && i+2 < len(ts) && ts[i+2].text == "(" {
						i += 2
					} else {
						out = append(out, ts[i])
					}
					continue
				}
				i += 3 // the comma: the rest are fn's arguments
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// definesFunc: the file defines a function of that name itself (def
// send(…), function send(…), sub send, const send = …), so a plain
// call of it is that function, not a dispatch by a name.
func (c *code) definesFunc(name string) bool {
	for i, t := range c.toks {
		if t.kind != tokIdent || t.text != name || i == 0 {
			continue
		}
		switch c.toks[i-1].text {
		case "def", "function", "sub", "const", "let", "var", "local", "fn", "func":
			return true
		}
	}
	return false
}

// concatOp joins two strings: + (Python, JavaScript, Ruby), . (PHP, Perl),
// .. (Lua).
var concatOp = set("+", ".", "..")

// dynamicCalls judges a function reached by a name that does not fold to
// a literal (getattr(m, NAME), call_user_func($x, …), obj.send(n, …)):
// Hookwarden cannot say what it calls. Alone that is ordinary code; with
// a secret read or an address to talk to it is review, with both critical.
func (c *code) dynamicCalls() {
	for i, t := range c.toks {
		if t.kind != tokIdent || i+2 >= len(c.toks) || c.toks[i+1].text != "(" || c.toks[i+2].kind == tokString {
			continue
		}
		name := t.text
		if k := strings.LastIndex(name, "."); k >= 0 {
			name = name[k+1:]
		}
		if name != "getattr" && !dynamicCallers[name] {
			continue
		}
		if name == t.text && c.definesFunc(name) {
			continue // def send(event): / send(…): the file's own function, called by its name
		}
		secret := c.a.secretText().MatchString(c.src)
		network := len(c.urlEPs) > 0
		switch {
		case secret && network:
			c.find(t, Obfuscation, LevelCritical, "calls a function whose name is chosen at run time (%s), in code that reads a secret and talks to %s", t.text, c.urlEPs[0])
		case secret || network:
			c.find(t, Unreadable, LevelReview, "calls a function whose name is chosen at run time (%s), which Hookwarden cannot see", t.text)
		default:
			continue
		}
		return
	}
}
