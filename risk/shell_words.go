package risk

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// value is a shell word or a stream as far as it can be known without
// running anything.
type value struct {
	s     string // the text; placeholders ($NAME) where unknown
	known bool   // s is exactly what the shell would see
	t     taints // what data it carries
	// obf: the text needed literal evaluation that hides it from a reader
	// (c'u'rl, $'\x63', ${IFS}, a name built from variables).
	obf bool
	// decoded: the text came out of a decoder (base64 -d, xxd -r, rev,
	// tr rot13, printf escapes).
	decoded bool
	net     *endpoint // downloaded from here
	sock    *endpoint // read from a raw socket
	// split: unquoted expansion that the shell splits into fields.
	split bool
	// shell: the output of an interactive shell (half of a reverse shell).
	shell bool
	// ranOutput: the text holds the output of a command the analysis
	// could not evaluate ($(brew --prefix), $(foo)): what it names is
	// chosen at run time.
	ranOutput bool
}

func (v *value) merge(o value) {
	v.t.add(o.t)
	v.obf = v.obf || o.obf
	v.decoded = v.decoded || o.decoded
	if v.net == nil {
		v.net = o.net
	}
	if v.sock == nil {
		v.sock = o.sock
	}
	v.shell = v.shell || o.shell
	v.ranOutput = v.ranOutput || o.ranOutput
}

// word evaluates a word literally.
func (sh *shell) word(w *syntax.Word) value {
	if w == nil {
		return value{known: true}
	}
	if len(w.Parts) == 1 {
		// one plain literal (most words): itself, with nothing built
		if l, ok := w.Parts[0].(*syntax.Lit); ok && !strings.Contains(l.Value, "\\") {
			return value{known: true, s: l.Value}
		}
	}
	v := value{known: true}
	var b strings.Builder
	sh.parts(&b, &v, w.Parts, false)
	v.s = b.String()
	if len(w.Parts) > 1 && v.known {
		quoted := false
		for _, p := range w.Parts {
			switch p.(type) {
			case *syntax.SglQuoted, *syntax.DblQuoted:
				quoted = true
			case *syntax.ParamExp:
				quoted = true
			}
		}
		if quoted && plainName(v.s) {
			v.obf = true
		}
	}
	return v
}

// plainName: a command-like word (letters, digits, - and _), the kind a
// reader expects to see written in one piece.
func plainName(s string) bool {
	if len(s) < 2 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

func (sh *shell) parts(b *strings.Builder, v *value, parts []syntax.WordPart, quoted bool) {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			s := p.Value
			if !quoted && strings.Contains(s, "\\") {
				if strings.Contains(strings.TrimPrefix(s, "\\"), "\\") {
					v.obf = true
				}
				s = unescapeLit(s)
			} else if quoted {
				s = unescapeDbl(s)
			}
			b.WriteString(s)
		case *syntax.SglQuoted:
			if p.Dollar {
				s, esc := ansiC(p.Value)
				if esc {
					v.obf, v.decoded = true, true
				}
				b.WriteString(s)
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			sh.parts(b, v, p.Parts, true)
		case *syntax.ParamExp:
			pv := sh.param(p)
			if !quoted && pv.known && strings.ContainsAny(pv.s, " \t\n") || pv.split && pv.known {
				v.split = true
			}
			if pv.obf && p.Param != nil && p.Param.Value == "IFS" {
				v.split = true
			}
			b.WriteString(pv.s)
			v.known = v.known && pv.known
			v.merge(pv)
		case *syntax.CmdSubst:
			mark := len(sh.a.printed)
			out := sh.subst(p.Stmts)
			sh.a.printed = sh.a.printed[:mark] // captured, not printed
			b.WriteString(strings.TrimRight(out.s, "\n"))
			v.known = v.known && out.known
			if !out.known && out.s == "" {
				// nothing of what it prints is known (a filter of known
				// text, sort | tail -1 of a glob's names, is a choice
				// among them)
				v.ranOutput = true
			}
			if !quoted && out.known && strings.ContainsAny(strings.TrimSpace(out.s), " \t\n") {
				v.split = true
			}
			v.merge(out)
		case *syntax.ProcSubst:
			mark := len(sh.a.printed)
			out := sh.subst(p.Stmts)
			sh.a.printed = sh.a.printed[:mark]
			b.WriteString("/dev/fd/63")
			v.known = false
			v.merge(out)
		case *syntax.ArithmExp:
			b.WriteString("$((…))")
			v.known = false
		case *syntax.ExtGlob:
			b.WriteString(p.Op.String() + p.Pattern.Value + ")")
		case *syntax.BraceExp:
			b.WriteString("{…}")
			v.known = false
		default:
			v.known = false
		}
	}
}

// param evaluates $NAME and ${NAME…}.
func (sh *shell) param(p *syntax.ParamExp) value {
	if p.Param == nil {
		return value{s: "$?"}
	}
	name := p.Param.Value
	if (name == "0" || name == "BASH_SOURCE") && sh.path != "" {
		return value{s: sh.path, known: true}
	}
	if name == "IFS" {
		return value{s: " ", known: true, obf: true}
	}
	if p.Excl && p.Index == nil && p.Names == 0 {
		// ${!k}: the variable whose name k holds
		if k, ok := sh.lookup(name); ok && k.known && k.s != "" {
			v, _ := sh.lookup(k.s)
			v.obf = true
			return v
		}
		return value{s: "${!" + name + "}"}
	}
	v, ok := sh.lookup(name)
	if p.Exp != nil && ok && v.known {
		// ${c,,} ${c^^} ${c,} ${c^}: case changes of a literal
		switch p.Exp.Op {
		case syntax.LowerAll:
			return value{s: strings.ToLower(v.s), known: true, obf: true, t: v.t}
		case syntax.UpperAll:
			return value{s: strings.ToUpper(v.s), known: true, obf: true, t: v.t}
		case syntax.LowerFirst, syntax.UpperFirst:
			if v.s != "" {
				first := strings.ToLower(v.s[:1])
				if p.Exp.Op == syntax.UpperFirst {
					first = strings.ToUpper(v.s[:1])
				}
				return value{s: first + v.s[1:], known: true, obf: true, t: v.t}
			}
		}
	}
	if p.Index != nil && sh.arrays()[name] && ok {
		// "${c[@]}": every element, each a word of its own
		if w, isWord := p.Index.(*syntax.Word); isWord && (w.Lit() == "@" || w.Lit() == "*") {
			if ifs, set := sh.lookup("IFS"); w.Lit() == "*" && set && ifs.known && v.known {
				// "${c[*]}" after IFS=…: the elements joined by IFS's
				// first character (none when IFS is empty): c=(c u r l)
				// makes curl
				sep := ""
				if ifs.s != "" {
					sep = ifs.s[:1]
				}
				parts := strings.Fields(v.s)
				if els, ok := sh.elems[name]; ok {
					parts = parts[:0]
					for _, e := range els {
						parts = append(parts, e.s)
					}
				}
				return value{s: strings.Join(parts, sep), known: true, obf: true, t: v.t}
			}
			v.split = true
			return v
		}
	}
	if p.Exp != nil && (p.Exp.Op == syntax.DefaultUnset || p.Exp.Op == syntax.DefaultUnsetOrNull) && !ok {
		d := sh.word(p.Exp.Word)
		d.t.add(v.t)
		return d
	}
	if p.Slice != nil || p.Repl != nil || p.Exp != nil && p.Exp.Op != syntax.DefaultUnset && p.Exp.Op != syntax.DefaultUnsetOrNull {
		if ok && v.known && p.Slice != nil {
			// ${x:off:len} of a literal: evaluate it (a common way to hide a word).
			off, e1 := strconv.Atoi(strings.TrimSpace(printArith(p.Slice.Offset)))
			ln := len(v.s) - off
			var e2 error
			if p.Slice.Length != nil {
				ln, e2 = strconv.Atoi(strings.TrimSpace(printArith(p.Slice.Length)))
			}
			if e1 == nil && e2 == nil && off >= 0 && off <= len(v.s) && ln >= 0 {
				if off+ln > len(v.s) {
					ln = len(v.s) - off
				}
				return value{s: v.s[off : off+ln], known: true, obf: true, t: v.t}
			}
		}
		if ok && v.known && p.Repl != nil {
			from, to := sh.word(p.Repl.Orig), sh.word(p.Repl.With)
			if from.known && to.known {
				n := 1
				if p.Repl.All {
					n = -1
				}
				return value{s: strings.Replace(v.s, from.s, to.s, n), known: true, obf: true, t: v.t}
			}
		}
		v.known = false
	}
	if !ok {
		return v
	}
	return v
}

func printArith(e syntax.ArithmExpr) string {
	var b strings.Builder
	_ = syntax.NewPrinter().Print(&b, e)
	return b.String()
}

// lookup finds a variable: assigned earlier in the text, the hook's env,
// the agents' well-known variables, or an unknown one (with the taint its
// name suggests).
func (sh *shell) lookup(name string) (value, bool) {
	if v, ok := sh.vars[name]; ok {
		return v, true
	}
	if v, ok := sh.a.hook.Env[name]; ok {
		return value{s: v, known: true}, true
	}
	if sh.a.projectVar(name) {
		if d := sh.a.hook.ProjectDir; d != "" {
			return value{s: d, known: true}, true
		}
		return value{s: "$PROJECT", known: true}, true
	}
	switch name {
	case "HOME":
		return value{s: "~", known: true}, true
	case "XDG_CONFIG_HOME":
		return value{s: "~/.config", known: true}, true
	case "USER", "LOGNAME":
		return value{s: "$" + name}, false
	}
	v := value{s: "$" + name}
	if secretVar(name) {
		v.t = secretVarTaint(name)
	}
	return v, false
}

func unescapeLit(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func unescapeDbl(s string) string {
	if !strings.Contains(s, "\\") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ansiC decodes the body of $'…'; esc reports hex, octal or unicode escapes.
func ansiC(s string) (string, bool) {
	return decodeEscapes(s, true)
}

// decodeEscapes reads backslash escapes as $'…', printf and echo -e do.
func decodeEscapes(s string, ansi bool) (string, bool) {
	var b strings.Builder
	esc := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'e', 'E':
			b.WriteByte(27)
		case 'f':
			b.WriteByte(12)
		case 'v':
			b.WriteByte(11)
		case '\\':
			b.WriteByte('\\')
		case '\'':
			b.WriteByte('\'')
		case '"':
			b.WriteByte('"')
		case 'x', 'u', 'U':
			digits := map[byte]int{'x': 2, 'u': 4, 'U': 8}[s[i]]
			n, end := hexRun(s, i+1, digits)
			switch {
			case end == i+1 && s[i] == 'x':
				b.WriteString("\\x")
			case end == i+1:
			case s[i] == 'x':
				b.WriteByte(byte(n))
			default:
				b.WriteRune(rune(n))
			}
			if end > i+1 {
				esc = true
				i = end - 1
			}
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			if s[i] == '0' && !ansi {
				j = i + 1 // printf/echo -e: \0NNN
			}
			k := j
			for k < len(s) && k < j+3 && s[k] >= '0' && s[k] <= '7' {
				k++
			}
			if k > j {
				n, _ := strconv.ParseUint(s[j:k], 8, 8)
				b.WriteByte(byte(n))
				esc = true
				i = k - 1
			} else {
				b.WriteByte(0)
			}
		default:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		}
	}
	return b.String(), esc
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// hexRun reads up to max hex digits of s from start: the value and where
// the digits end (start when there are none).
func hexRun(s string, start, max int) (uint64, int) {
	j := start
	for j < len(s) && j < start+max && isHex(s[j]) {
		j++
	}
	if j == start {
		return 0, start
	}
	n, _ := strconv.ParseUint(s[start:j], 16, 32)
	return n, j
}
