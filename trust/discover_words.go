package trust

import (
	"path/filepath"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// wordv is a shell word's value as far as it is known without running
// anything.
type wordv struct {
	text string
	// pattern is the word as a filepath.Match pattern when glob.
	pattern string
	glob    bool
	ok      bool
	// split: an unquoted expansion gave part of the text, which the
	// shell splits into words at blanks.
	split bool
	// why says what the value depends on when not ok ("a variable …").
	why string
}

func unknown(why string) wordv { return wordv{why: why} }

// expand evaluates a word: quoting, the project folder variables, the
// variables assigned literally before, $0 and BASH_SOURCE in a script,
// $PWD, $(dirname …), $(cd … && pwd) and $(pwd).
func (d *discoverer) expand(w *syntax.Word, sc *scope) wordv {
	if w == nil {
		return unknown("missing")
	}
	if len(w.Parts) == 1 {
		// one plain literal (most words): itself, with nothing built
		if lit, ok := w.Parts[0].(*syntax.Lit); ok && !strings.ContainsAny(lit.Value, `~*?[\`) {
			return wordv{ok: true, text: lit.Value, pattern: lit.Value}
		}
	}
	e := wordExpander{d: d, sc: sc, v: wordv{ok: true}}
	if len(w.Parts) > 0 {
		if lit, ok := w.Parts[0].(*syntax.Lit); ok && strings.HasPrefix(lit.Value, "~") {
			return unknown("a path in a home folder")
		}
	}
	e.parts(w.Parts, false)
	if !e.v.ok {
		return e.v
	}
	e.v.text, e.v.pattern = e.text.String(), e.pat.String()
	return e.v
}

// expandPath evaluates a value assigned to PATH: $PATH is the inherited
// one (inheritedPath).
func (d *discoverer) expandPath(w *syntax.Word, sc *scope) wordv {
	e := wordExpander{d: d, sc: sc, v: wordv{ok: true}, inheritPath: true}
	e.parts(w.Parts, false)
	if !e.v.ok {
		return e.v
	}
	e.v.text = e.text.String()
	return e.v
}

// expandHdoc evaluates a here-document or here-string body.
func (d *discoverer) expandHdoc(w *syntax.Word, sc *scope, hereString bool) wordv {
	if w == nil {
		return wordv{ok: true}
	}
	e := wordExpander{d: d, sc: sc, v: wordv{ok: true}}
	e.parts(w.Parts, !hereString)
	e.v.text, e.v.glob = e.text.String(), false
	return e.v
}

type wordExpander struct {
	d         *discoverer
	sc        *scope
	text, pat strings.Builder
	v         wordv
	// inheritPath: $PATH (not assigned before) stands for the inherited one.
	inheritPath bool
}

func (e *wordExpander) lit(s string, quoted bool) {
	e.text.WriteString(s)
	if quoted {
		for _, r := range s {
			if strings.ContainsRune(`*?[\`, r) {
				e.pat.WriteByte('\\')
			}
			e.pat.WriteRune(r)
		}
		return
	}
	e.pat.WriteString(s)
}

func (e *wordExpander) fail(why string) {
	if e.v.ok {
		e.v = unknown(why)
	}
}

func (e *wordExpander) parts(parts []syntax.WordPart, quoted bool) {
	for _, p := range parts {
		if !e.v.ok {
			return
		}
		switch x := p.(type) {
		case *syntax.Lit:
			if !quoted && strings.ContainsAny(x.Value, "*?[") {
				e.v.glob = true
				e.text.WriteString(unescape(x.Value, false))
				e.pat.WriteString(x.Value)
				continue
			}
			e.lit(unescape(x.Value, quoted), quoted)
		case *syntax.SglQuoted:
			if x.Dollar {
				e.fail("an ANSI-C quoted string ($'…')")
				return
			}
			e.lit(x.Value, true)
		case *syntax.DblQuoted:
			if x.Dollar {
				e.fail("a translated string ($\"…\")")
				return
			}
			e.parts(x.Parts, true)
		case *syntax.ParamExp:
			if e.inheritPath && x.Param != nil && x.Param.Value == "PATH" && x.Exp == nil && x.Index == nil {
				cur, assigned := e.sc.vars["PATH"]
				switch {
				case !assigned:
					e.lit(inheritedPath, true)
				case cur == unknownVar:
					e.fail("set from a PATH computed at run time")
					return
				default:
					e.lit(cur, true)
				}
				continue
			}
			v, ok := e.d.param(x, e.sc)
			if !ok {
				name := "a variable"
				if x.Param != nil {
					name = "the variable $" + x.Param.Value
				}
				e.fail("set from " + name + " at run time")
				return
			}
			if !quoted && globbed(v) {
				e.fail("the pattern an unquoted variable expands to, which the shell matches against the files there at run time")
				return
			}
			e.lit(v, true)
			if !quoted {
				e.v.split = true
			}
		case *syntax.CmdSubst:
			v, ok := e.d.pathSubst(x, e.sc)
			if !ok {
				why := "the output of a command"
				if downloads(e.sc.text(x)) {
					why = "downloaded at run time"
				}
				e.fail(why)
				return
			}
			if !quoted && globbed(v) {
				e.fail("the pattern an unquoted command substitution gives, which the shell matches against the files there at run time")
				return
			}
			e.lit(v, true)
			if !quoted {
				e.v.split = true
			}
		case *syntax.ProcSubst:
			e.fail("a process substitution's output")
			return
		default:
			e.fail("computed at run time")
			return
		}
	}
}

// globbed reports whether the value of an unquoted expansion is a
// pattern: the shell expands it to the files it matches (d='[s]cripts';
// bash $d/x.sh runs scripts/x.sh), which its text does not name.
func globbed(v string) bool { return strings.ContainsAny(v, "*?[") }

// param is the value of a parameter expansion Hookwarden can know.
func (d *discoverer) param(p *syntax.ParamExp, sc *scope) (string, bool) {
	if p.Param == nil || p.Excl || p.Length || p.Width || p.Slice != nil || p.Repl != nil || p.Names != 0 || p.NestedParam != nil || len(p.Modifiers) > 0 {
		return "", false
	}
	var trim func(string) string
	if p.Exp != nil && p.Exp.Op != syntax.DefaultUnset && p.Exp.Op != syntax.DefaultUnsetOrNull {
		if trim = pathTrim(p.Exp); trim == nil {
			return "", false
		}
	}
	v, ok := d.paramValue(p, sc)
	if !ok || trim == nil {
		return v, ok
	}
	return trim(v), true
}

// pathTrim is the folder and file idioms of ${x%/*} (dirname), ${x%%/*},
// ${x#*/} and ${x##*/} (basename); nil for any other pattern.
func pathTrim(e *syntax.Expansion) func(string) string {
	if e.Word == nil {
		return nil
	}
	switch pat := e.Word.Lit(); {
	case e.Op == syntax.RemSmallSuffix && pat == "/*":
		return func(s string) string {
			if i := strings.LastIndexByte(s, '/'); i >= 0 {
				return s[:i]
			}
			return s
		}
	case e.Op == syntax.RemLargeSuffix && pat == "/*":
		return func(s string) string {
			if i := strings.IndexByte(s, '/'); i >= 0 {
				return s[:i]
			}
			return s
		}
	case e.Op == syntax.RemSmallPrefix && pat == "*/":
		return func(s string) string {
			if i := strings.IndexByte(s, '/'); i >= 0 {
				return s[i+1:]
			}
			return s
		}
	case e.Op == syntax.RemLargePrefix && pat == "*/":
		return func(s string) string { return s[strings.LastIndexByte(s, '/')+1:] }
	}
	return nil
}

// paramValue is the value of a plain parameter Hookwarden knows.
func (d *discoverer) paramValue(p *syntax.ParamExp, sc *scope) (string, bool) {
	name := p.Param.Value
	if n, err := strconv.Atoi(name); err == nil && sc.pos != nil && p.Index == nil && name == strconv.Itoa(n) {
		if n >= len(sc.pos) {
			return "", false // unset: the shell gives nothing
		}
		return sc.pos[n], sc.pos[n] != unknownVar
	}
	if name == "BASH_SOURCE" && (p.Index == nil || indexZero(p.Index)) || name == "0" && p.Index == nil {
		return sc.self, sc.self != ""
	}
	if p.Index != nil {
		return "", false
	}
	if d.cache.rt.textVar(name) && p.Short && sc.file == "" {
		// the agent replaces its text variables (Runtime.TextVars,
		// unbraced) in the command's text before the shell sees it,
		// whatever the hook's env says
		return d.project, true
	}
	if v, ok := sc.vars[name]; ok {
		return v, v != unknownVar && !strings.Contains(v, inheritedPath)
	}
	if d.cache.rt.projectVar(name) {
		return d.project, true
	}
	if name == "PWD" && len(sc.cwds) == 1 {
		return sc.cwds[0], true
	}
	return "", false
}

func indexZero(a syntax.ArithmExpr) bool {
	w, ok := a.(*syntax.Word)
	return ok && w.Lit() == "0"
}

// pathSubst evaluates the command substitutions scripts use to find their
// own folder: $(dirname X), $(cd X && pwd), $(cd X; pwd), $(pwd),
// $(realpath X) / $(readlink -f X) of a path that stays lexical.
func (d *discoverer) pathSubst(c *syntax.CmdSubst, sc *scope) (string, bool) {
	if len(c.Stmts) == 0 {
		return "", false
	}
	// cd X && pwd, or cd X; pwd
	var cdStmt, pwdStmt *syntax.Stmt
	switch {
	case len(c.Stmts) == 1:
		if b, ok := c.Stmts[0].Cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.AndStmt {
			cdStmt, pwdStmt = b.X, b.Y
		} else {
			pwdStmt = c.Stmts[0]
		}
	case len(c.Stmts) == 2:
		cdStmt, pwdStmt = c.Stmts[0], c.Stmts[1]
	default:
		return "", false
	}
	inner := sc.clone()
	if cdStmt != nil {
		call, ok := cdStmt.Cmd.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 || call.Args[0].Lit() != "cd" {
			return "", false
		}
		words := make([]cmdWord, len(call.Args))
		for i, w := range call.Args {
			words[i] = cmdWord{w: w, v: d.expand(w, sc)}
		}
		d.cd(words, inner)
	}
	call, ok := pwdStmt.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 || len(pwdStmt.Redirs) > 0 {
		return "", false
	}
	args := call.Args[1:]
	for len(args) > 0 && call.Args[0].Lit() != "git" && (strings.HasPrefix(args[0].Lit(), "-")) {
		args = args[1:]
	}
	switch call.Args[0].Lit() {
	case "git":
		if cdStmt == nil {
			return d.gitRevParse(call.Args[1:], sc)
		}
		return d.gitRevParse(call.Args[1:], inner)
	case "pwd":
		if len(inner.cwds) == 1 && len(args) == 0 {
			return inner.cwds[0], true
		}
	case "dirname", "realpath", "readlink":
		if cdStmt != nil || len(args) != 1 {
			return "", false
		}
		v := d.expand(args[0], sc)
		if !v.ok || v.glob {
			return "", false
		}
		p := v.text
		if !filepath.IsAbs(p) {
			if len(sc.cwds) != 1 {
				return "", false
			}
			p = filepath.Join(sc.cwds[0], p)
		}
		if call.Args[0].Lit() == "dirname" {
			return filepath.Dir(p), true
		}
		p = physical(p)
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real
		}
		return p, true
	}
	return "", false
}

// unescape removes the shell's backslash quoting from a literal: outside
// quotes a backslash quotes any character (and drops a newline); inside
// double quotes only $ ` " \ and newline.
func unescape(s string, quoted bool) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		next := s[i+1]
		switch {
		case next == '\n':
			i++
		case !quoted || strings.IndexByte("$`\"\\", next) >= 0:
			b.WriteByte(next)
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
