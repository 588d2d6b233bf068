package risk

import (
	"fmt"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// shell analyses one piece of shell text: a hook command, a script, or
// text a command runs (bash -c '…', eval, decoded blobs).
type shell struct {
	// homeImage: an image was built with the home folder or the whole
	// disk as its context (its files are in the image's layers)
	homeImage bool
	a         *analyzer
	file      string // display name ("" for the hook's command)
	src       string
	at        *Source // set for nested text: findings point at the outer word
	vars      map[string]value
	funcs     map[string]*syntax.Stmt
	// calls guards against recursive functions.
	calls int
	// downloaded are files a command wrote from the network.
	downloaded     map[string]endpoint
	downloadedDirs map[string]endpoint // repositories it cloned
	// written are files the hook wrote with data it carries (a secret
	// copied to /tmp, an archive of ~/.ssh), by path.
	written map[string]taints
	sockFDs map[string]endpoint
	depth   int
	nested  int
	// path is the script's absolute path ("" for the hook's command) and
	// cwd the folder a cd moved to, for $0, dirname and pwd.
	path, cwd string
	// cond counts the branches the current statement is inside (if,
	// case, &&, loops, a function's definition): output written there is
	// not written on every run.
	cond int
	// exitsEarly: an exit ran inside a branch before (…) && exit 0): what
	// the script prints after it is not printed on every run either.
	exitsEarly bool
	// inputCond counts the branches taken on the hook's input (a test of
	// a variable that holds it).
	inputCond int
	// remotes are the git remotes it added, by name.
	remotes map[string]string
	// arrayVars are the variables assigned an array (c=(curl -s …)),
	// elems their elements.
	arrayVars map[string]bool
	elems     map[string][]value
}

func (sh *shell) arrays() map[string]bool {
	if sh.arrayVars == nil {
		sh.arrayVars = map[string]bool{}
	}
	return sh.arrayVars
}

func (a *analyzer) newShell(file, src string, depth int) *shell {
	return &shell{a: a, file: file, src: src, vars: map[string]value{}, funcs: map[string]*syntax.Stmt{},
		downloaded: map[string]endpoint{}, downloadedDirs: map[string]endpoint{}, written: map[string]taints{},
		sockFDs: map[string]endpoint{}, depth: depth}
}

// child is a shell for text found inside this one, sharing its variables.
func (sh *shell) child(text string, at Source) *shell {
	c := *sh
	c.src = text
	if sh.at != nil {
		at = *sh.at
	}
	c.at = &at
	c.nested++
	return &c
}

func (sh *shell) run() {
	if sh.nested > 6 || sh.a.budget <= 0 {
		return
	}
	sh.a.budget--
	f := sh.a.parsed(sh)
	var err error
	if f == nil {
		parser := sh.a.opt.Cache.parser()
		f, err = parser.Parse(strings.NewReader(sh.src), sh.file)
		if err != nil && zshDisownRe.MatchString(sh.src) {
			// zsh's &! and &| (in the background, disowned) are read as
			// &, which is all they change for what runs
			if f2, err2 := parser.Parse(strings.NewReader(zshDisownRe.ReplaceAllString(sh.src, "&$1")), sh.file); err2 == nil {
				f, err = f2, nil
			}
		}
		sh.a.opt.Cache.release(parser)
	}
	if err != nil {
		src := Source{File: sh.file, Text: shortText(sh.src, 80)}
		if sh.at != nil {
			src = *sh.at
		}
		if pe, ok := err.(syntax.ParseError); ok && sh.at == nil {
			src.Line, src.Col = int(pe.Pos.Line()), int(pe.Pos.Col())
		}
		what := "the hook's command"
		if sh.file != "" {
			what = sh.file
		}
		if sh.at != nil {
			what = "shell text it runs"
		}
		sh.a.add(Finding{Category: Unreadable, Severity: LevelReview, Source: src,
			Summary: fmt.Sprintf("Hookwarden cannot parse %s as shell (%v), so it may do things not listed here", what, err)})
		return
	}
	sh.stmts(f.Stmts)
}

// zshDisownRe: zsh's &! or &| at the end of a command.
var zshDisownRe = lazyRe(`&[!|]([ \t]*(?:$|[;\n#)}]))`)

func (sh *shell) stmts(list []*syntax.Stmt) {
	for _, s := range list {
		mark := len(sh.a.printed)
		out := sh.stmt(s, nil)
		if out.s != "" && (out.known || out.decoded) && (len(sh.a.printed) > mark || out.decoded && out.known) && !sh.printedText(out.s) {
			// what a pipeline writes last (… | base64 -d): printed too
			sh.printed(out.s, s)
		}
	}
}

// printedText: the text is already recorded as printed.
func (sh *shell) printedText(text string) bool {
	for _, p := range sh.a.printed {
		if p.text == text {
			return true
		}
	}
	return false
}

// src gives the Source of a node.
func (sh *shell) source(n syntax.Node) Source {
	if sh.at != nil {
		return *sh.at
	}
	s := Source{File: sh.file}
	if n == nil {
		return s
	}
	s.Line, s.Col = int(n.Pos().Line()), int(n.Pos().Col())
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if start >= 0 && start <= end && end <= len(sh.src) {
		s.Text = sh.src[start:end]
	}
	return s
}

func (sh *shell) find(n syntax.Node, c Category, sev Level, format string, args ...any) {
	sh.a.add(Finding{Category: c, Severity: sev, Summary: fmt.Sprintf(format, args...), Source: sh.source(n)})
}

// stmt analyses a statement with its redirections; in is what its stdin
// carries (nil: the hook's own stdin, the payload).
func (sh *shell) stmt(s *syntax.Stmt, in *value) value {
	if s == nil {
		return value{}
	}
	var outs []*syntax.Redirect
	for _, r := range s.Redirs {
		switch r.Op {
		case syntax.RdrIn, syntax.RdrInOut:
			v := sh.word(r.Word)
			src := sh.readFile(v, r)
			src.net, src.sock, src.decoded = v.net, v.sock, v.decoded
			if ep, ok := devTCP(v.s); ok {
				src = value{sock: &ep}
				if r.Op == syntax.RdrInOut && r.N != nil {
					sh.sockFDs[r.N.Value] = ep
				}
				sh.network(ep, taints{}, taints{}, r, "opens a connection to")
			}
			in = &src
		case syntax.DplIn:
			if ep, ok := sh.sockFDs[r.Word.Lit()]; ok {
				in = &value{sock: &ep}
			}
		case syntax.WordHdoc:
			v := sh.word(r.Word)
			v.s += "\n"
			in = &v
		case syntax.Hdoc, syntax.DashHdoc:
			v := sh.heredoc(r)
			in = &v
		default:
			outs = append(outs, r)
		}
	}
	mark := len(sh.a.printed)
	out := sh.command(s.Cmd, s, in)
	for _, r := range outs {
		if toFile(r, sh) {
			// written to a file, not to the agent
			sh.a.printed = sh.a.printed[:mark]
		}
		if toStderr(r, sh) {
			for i := mark; i < len(sh.a.printed); i++ {
				sh.a.printed[i].stderr = true
			}
		}
		sh.redirectOut(r, s, out)
	}
	return out
}

// toFile: a redirection of stdout to a file (not to stdout or stderr,
// which the agent reads).
func toFile(r *syntax.Redirect, sh *shell) bool {
	if r.N != nil && r.N.Value != "1" && r.Op != syntax.RdrAll && r.Op != syntax.AppAll {
		return false
	}
	switch r.Op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob:
		w := sh.word(r.Word).s
		return w != "/dev/stdout" && w != "/dev/stderr" && w != "/dev/tty"
	}
	return false
}

// toStderr: a redirection of stdout to stderr (>&2, >/dev/stderr).
func toStderr(r *syntax.Redirect, sh *shell) bool {
	if r.N != nil && r.N.Value != "1" {
		return false
	}
	switch r.Op {
	case syntax.DplOut:
		return sh.word(r.Word).s == "2"
	case syntax.RdrOut, syntax.AppOut:
		return sh.word(r.Word).s == "/dev/stderr"
	}
	return false
}

func (sh *shell) heredoc(r *syntax.Redirect) value {
	if r.Hdoc == nil {
		return value{known: true}
	}
	quotedDelim := r.Word != nil && len(r.Word.Parts) > 0
	if quotedDelim {
		if _, lit := r.Word.Parts[0].(*syntax.Lit); lit && len(r.Word.Parts) == 1 {
			quotedDelim = false
		}
	}
	if quotedDelim {
		var b strings.Builder
		for _, p := range r.Hdoc.Parts {
			if l, ok := p.(*syntax.Lit); ok {
				b.WriteString(l.Value)
			}
		}
		return value{s: b.String(), known: true}
	}
	return sh.word(r.Hdoc)
}

// redirectOut handles > FILE, >> FILE, &> FILE, >& /dev/tcp/….
func (sh *shell) redirectOut(r *syntax.Redirect, s *syntax.Stmt, out value) {
	if r.Word == nil {
		return
	}
	v := sh.word(r.Word)
	if r.Op == syntax.DplOut || r.Op == syntax.DplIn {
		if ep, ok := sh.sockFDs[v.s]; ok {
			if sh.isShell(s) {
				sh.reverseShell(ep, r)
			} else {
				sh.network(ep, out.t, taints{}, r, "sends its output to")
			}
		}
		if _, ok := devTCP(v.s); !ok {
			return
		}
	}
	if ep, ok := devTCP(v.s); ok {
		if r.N != nil && (r.Op == syntax.RdrInOut) {
			sh.sockFDs[r.N.Value] = ep
		}
		if sh.isShell(s) {
			sh.reverseShell(ep, r)
			return
		}
		sh.network(ep, out.t, taints{}, r, "sends its output to")
		return
	}
	sh.write(v, out, r)
}

// isShell: the statement runs an interactive shell or interpreter (the
// half of a reverse shell).
func (sh *shell) isShell(s *syntax.Stmt) bool {
	ce, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) == 0 {
		return false
	}
	name := path.Base(sh.word(ce.Args[0]).s)
	switch name {
	case "bash", "sh", "zsh", "dash", "ksh", "ash", "python", "python3", "perl", "ruby", "php", "exec", "0<&196;exec":
		return true
	}
	return false
}

func (sh *shell) reverseShell(ep endpoint, n syntax.Node) {
	sev := LevelCritical
	if loopback(ep.Host) {
		sev = LevelReview
	}
	sh.find(n, ReverseShell, sev, "gives a shell on this machine to whoever listens at %s", ep)
}

// devTCP reads /dev/tcp/HOST/PORT and /dev/udp/HOST/PORT.
func devTCP(p string) (endpoint, bool) {
	for _, pre := range []string{"/dev/tcp/", "/dev/udp/"} {
		if strings.HasPrefix(p, pre) {
			host, port, _ := strings.Cut(p[len(pre):], "/")
			ep := bareHost(host)
			if ep.Dynamic {
				ep.Host = host
			} else if port != "" {
				ep.Host += ":" + port
				if loopback(strings.Split(ep.Host, ":")[0]) {
					return endpoint{Host: "localhost:" + port}, true
				}
			}
			return ep, true
		}
	}
	return endpoint{}, false
}

// command analyses one command of any kind.
func (sh *shell) command(c syntax.Command, s *syntax.Stmt, in *value) value {
	switch c := c.(type) {
	case *syntax.CallExpr:
		return sh.call(c, s, in)
	case *syntax.BinaryCmd:
		switch c.Op {
		case syntax.Pipe, syntax.PipeAll:
			out := sh.stmt(c.X, in)
			return sh.stmt(c.Y, &out)
		default:
			x := sh.stmt(c.X, in)
			sh.cond++
			defer func() { sh.cond-- }()
			if sh.onInput(c.X) {
				sh.inputCond++
				defer func() { sh.inputCond-- }()
			}
			y := sh.stmt(c.Y, in)
			if c.Op == syntax.OrStmt {
				y.t.add(x.t) // $(jq … || true): what the first printed is in the output too
			}
			return y
		}
	case *syntax.Block:
		return sh.list(c.Stmts, in)
	case *syntax.Subshell:
		return sh.list(c.Stmts, in)
	case *syntax.IfClause:
		sh.cond++
		defer func() { sh.cond-- }()
		var out value
		for ic := c; ic != nil; ic = ic.Else {
			for _, st := range ic.Cond {
				if sh.onInput(st) {
					sh.inputCond++
					defer func() { sh.inputCond-- }()
					break
				}
			}
			sh.list(ic.Cond, in)
			o := sh.list(ic.Then, in)
			out.merge(o)
		}
		return out
	case *syntax.WhileClause:
		sh.cond++
		defer func() { sh.cond-- }()
		sh.list(c.Cond, in)
		return sh.list(c.Do, in)
	case *syntax.ForClause:
		sh.cond++
		defer func() { sh.cond-- }()
		if wi, ok := c.Loop.(*syntax.WordIter); ok {
			var first *value
			for _, w := range wi.Items {
				v := sh.word(w)
				if first == nil {
					first = &v
				} else {
					first.t.add(v.t)
				}
			}
			if first != nil && wi.Name != nil {
				sh.vars[wi.Name.Value] = *first
			}
		}
		return sh.list(c.Do, in)
	case *syntax.CaseClause:
		sh.word(c.Word) // the patterns are data
		sh.cond++
		defer func() { sh.cond-- }()
		if sh.onInput(c.Word) {
			sh.inputCond++
			defer func() { sh.inputCond-- }()
		}
		var out value
		for _, it := range c.Items {
			out.merge(sh.list(it.Stmts, in))
		}
		return out
	case *syntax.FuncDecl:
		if c.Name != nil {
			sh.funcs[c.Name.Value] = c.Body
			if forkBomb(c) {
				sh.find(c, Destructive, LevelCritical, "defines a fork bomb (%s) that exhausts the machine's processes", c.Name.Value)
			}
		}
		sh.cond++
		sh.stmt(c.Body, nil)
		sh.cond--
	case *syntax.TestClause:
		sh.testSubst(c.X) // patterns and comparisons are data; substitutions run
	case *syntax.DeclClause:
		nameref := c.Variant != nil && c.Variant.Value == "nameref"
		for _, as := range c.Args {
			if as.Name == nil && as.Value != nil {
				if f := as.Value.Lit(); strings.HasPrefix(f, "-") && strings.Contains(f, "n") {
					nameref = true // declare -n r=VAR: r is VAR
				}
				continue
			}
			if nameref && as.Name != nil && as.Value != nil {
				if target := sh.word(as.Value); target.known {
					v, _ := sh.lookup(target.s)
					v.obf = true
					sh.vars[as.Name.Value] = v
					continue
				}
			}
			sh.assign(as, in)
		}
	case *syntax.ArithmCmd, *syntax.LetClause:
	case *syntax.TimeClause:
		return sh.stmt(c.Stmt, in)
	case *syntax.CoprocClause:
		return sh.stmt(c.Stmt, in)
	}
	return value{}
}

func (sh *shell) list(stmts []*syntax.Stmt, in *value) value {
	out := value{known: true}
	for _, s := range stmts {
		o := sh.stmt(s, in)
		if ce, ok := s.Cmd.(*syntax.CallExpr); ok && len(ce.Args) == 0 && len(s.Redirs) == 0 && !s.Background {
			// NAME=value alone writes nothing to stdout (what its
			// substitutions print is captured): known and empty
			o.s, o.known = "", true
		}
		out.merge(o)
		out.s += o.s
		out.known = out.known && o.known
	}
	return out
}

func forkBomb(f *syntax.FuncDecl) bool {
	self := 0
	syntax.Walk(f.Body, func(n syntax.Node) bool {
		if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 && ce.Args[0].Lit() == f.Name.Value {
			self++
		}
		return true
	})
	return self >= 2
}

// testSubst runs the command substitutions inside [[ … ]]: the words
// themselves are data.
func (sh *shell) testSubst(x syntax.TestExpr) {
	syntax.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			sh.subst(n.Stmts)
			return false
		case *syntax.ProcSubst:
			sh.subst(n.Stmts)
			return false
		}
		return true
	})
}

// subst evaluates $(…): its output, as far as it is known.
func (sh *shell) subst(stmts []*syntax.Stmt) value {
	return sh.list(stmts, nil)
}

// assign records NAME=value.
func (sh *shell) assign(as *syntax.Assign, in *value) {
	if as == nil || as.Name == nil {
		return
	}
	if as.Value == nil && as.Array == nil {
		if _, ok := sh.vars[as.Name.Value]; !ok && as.Naked {
			return
		}
	}
	var v value
	if as.Array != nil {
		sh.arrays()[as.Name.Value] = true
		if sh.elems == nil {
			sh.elems = map[string][]value{}
		}
		var elems []value
		v = value{known: true}
		var parts []string
		for _, el := range as.Array.Elems {
			ev := sh.word(el.Value)
			elems = append(elems, ev)
			parts = append(parts, ev.s)
			v.known = v.known && ev.known
			v.merge(ev)
		}
		v.s = strings.Join(parts, " ")
		if !as.Append {
			sh.elems[as.Name.Value] = elems
		} else {
			sh.elems[as.Name.Value] = append(sh.elems[as.Name.Value], elems...)
		}
	} else {
		v = sh.word(as.Value)
	}
	if as.Append {
		if old, ok := sh.vars[as.Name.Value]; ok {
			old.s += v.s
			old.known = old.known && v.known
			old.merge(v)
			v = old
		}
	}
	sh.vars[as.Name.Value] = v
	switch as.Name.Value {
	case "PATH":
		if first := strings.SplitN(v.s, ":", 2)[0]; first != "" && !strings.HasPrefix(first, "$PATH") && !strings.HasPrefix(first, "/usr") && !strings.HasPrefix(first, "/bin") && !strings.HasPrefix(first, "/opt") && !strings.HasPrefix(first, "~/.") && !strings.Contains(first, "node_modules") && !strings.HasPrefix(first, "$PROJECT") && !strings.HasPrefix(first, sh.a.hook.ProjectDir+"/") {
			if strings.HasPrefix(first, "/tmp") {
				sh.find(as, Obfuscation, LevelReview, "puts %s first on PATH, so the programs it names may be replaced by files there", first)
			}
		}
	case "GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER", "GIT_EDITOR", "EDITOR", "VISUAL", "GIT_SEQUENCE_EDITOR", "GIT_ASKPASS", "SSH_ASKPASS",
		"GIT_PROXY_COMMAND", "GIT_SSH_COMMAND", "GIT_SSH", "LESSOPEN", "LESSCLOSE", "MANPAGER", "SUDO_ASKPASS":
		// a command the programs it starts run for it
		sh.nestedShell(value{s: strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v.s), "|")), known: v.known, t: v.t, decoded: v.decoded}, as, "")
	case "LD_PRELOAD", "BASH_ENV", "DYLD_INSERT_LIBRARIES":
		sh.find(as, Obfuscation, LevelCritical, "sets %s, which loads %s into the programs it starts", as.Name.Value, shortText(v.s, 60))
	}
}

// readFile is the content of a file redirected or read (< FILE, cat FILE).
func (sh *shell) readFile(v value, n syntax.Node) value {
	p := normPath(v.s, sh.a.hook.ProjectDir)
	out := value{t: v.t}
	if what, ok := sh.a.secretPath(p); ok {
		out.t.add(secretFileTaint(what, displayPath(p)))
	}
	if p == "/dev/stdin" || v.s == "-" {
		out.t.add(payloadTaint())
	}
	if p == "$PROJECT" {
		out.t.add(taints{kinds: tTree}) // the project folder, read whole
	}
	if t, ok := sh.written[p]; ok {
		out.t.add(t)
	}
	for w, t := range sh.written {
		// a folder read whole (tar -C DIR .) holds the files written into it
		if strings.HasPrefix(w, p+"/") {
			out.t.add(t)
		}
	}
	return out
}

func displayPath(p string) string {
	if strings.HasPrefix(p, "$PROJECT/") {
		return strings.TrimPrefix(p, "$PROJECT/")
	}
	return p
}

// onInput: the node reads a variable that holds the hook's input (the
// tool call it decides on).
func (sh *shell) onInput(n syntax.Node) bool {
	found := false
	syntax.Walk(n, func(x syntax.Node) bool {
		if found {
			return false
		}
		if pe, ok := x.(*syntax.ParamExp); ok && pe.Param != nil {
			if v, ok := sh.vars[pe.Param.Value]; ok && v.t.has(tPayload) {
				found = true
			}
		}
		return true
	})
	return found
}
