package trust

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// catOf returns FILE when a word is exactly $(cat FILE), "$(cat FILE)",
// $(< FILE), `cat FILE` or <(cat FILE): code taken from a file's text.
func catOf(w *syntax.Word) *syntax.Word {
	if w == nil || len(w.Parts) != 1 {
		return nil
	}
	part := w.Parts[0]
	if dq, ok := part.(*syntax.DblQuoted); ok {
		if len(dq.Parts) != 1 {
			return nil
		}
		part = dq.Parts[0]
	}
	var stmts []*syntax.Stmt
	switch s := part.(type) {
	case *syntax.CmdSubst:
		stmts = s.Stmts
	case *syntax.ProcSubst:
		if s.Op != syntax.CmdIn {
			return nil
		}
		stmts = s.Stmts
	default:
		return nil
	}
	if len(stmts) != 1 {
		return nil
	}
	return catFile(stmts[0])
}

// catFile returns FILE when a statement is `cat FILE` or `< FILE`.
func catFile(st *syntax.Stmt) *syntax.Word {
	if st.Cmd == nil && len(st.Redirs) == 1 && st.Redirs[0].Op == syntax.RdrIn {
		return st.Redirs[0].Word
	}
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Assigns) > 0 || len(st.Redirs) > 0 {
		return nil
	}
	args := c.Args
	if len(args) < 2 || args[0].Lit() != "cat" {
		return nil
	}
	args = args[1:]
	if args[0].Lit() == "--" {
		args = args[1:]
	}
	if len(args) != 1 {
		return nil
	}
	return args[0]
}

func isStdinPath(p string) bool {
	return p == "/dev/stdin" || p == "/dev/fd/0" || p == "/proc/self/fd/0"
}

// stdinCode finds the code an interpreter reads on standard input: a
// redirected file, a here-document or here-string, or the output of the
// command piped into it. shell: the interpreter is a shell (inline code is
// parsed in turn).
func (d *discoverer) stdinCode(st *syntax.Stmt, sc *scope, via string, shell bool, pipeFrom *syntax.Stmt) {
	var in *syntax.Redirect
	for _, r := range st.Redirs {
		if (r.N == nil || r.N.Value == "0") && (r.Op == syntax.RdrIn || r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc || r.Op == syntax.WordHdoc) {
			in = r
		}
	}
	switch {
	case in != nil && in.Op == syntax.RdrIn:
		d.addResolved(sc, in.Word, d.expand(in.Word, sc), via, FoundStdin, shell, false)
	case in != nil:
		body := in.Hdoc
		if in.Op == syntax.WordHdoc {
			body = in.Word
		}
		if file := catOf(body); file != nil {
			d.addResolved(sc, file, d.expand(file, sc), via, FoundCat, shell, false)
			return
		}
		v := d.expandHdoc(body, sc, in.Op == syntax.WordHdoc)
		if !v.ok {
			d.unresolved(sc, st, "code fed to "+via+" is "+v.why)
			return
		}
		if !shell {
			// python3 - <<'EOF': read by the language reader, or incomplete
			d.inlineForeign(st, cmdWord{w: body, v: v}, sc, via)
			return
		}
		d.inline(st, v.text, sc, false)
	case pipeFrom != nil:
		d.pipedCode(st, pipeFrom, sc, via, shell)
	default:
		// The hook's standard input is the agent's JSON payload.
		d.unresolved(sc, st, via+" reads its program from standard input (the hook's JSON input, or what its caller pipes)")
	}
}

// pipedCode is the code an interpreter reads from the command piped into it.
func (d *discoverer) pipedCode(st, from *syntax.Stmt, sc *scope, via string, shell bool) {
	if c, ok := from.Cmd.(*syntax.CallExpr); ok && len(c.Args) > 0 {
		name := c.Args[0].Lit()
		switch {
		case name == "cat" && len(c.Args) > 1:
			for _, a := range c.Args[1:] {
				if a.Lit() == "--" || strings.HasPrefix(a.Lit(), "-") && a.Lit() != "-" {
					continue
				}
				d.addResolved(sc, a, d.expand(a, sc), via, FoundStdin, shell, false)
			}
			return
		case name == "echo" || name == "printf":
			var parts []string
			for _, a := range c.Args[1:] {
				v := d.expand(a, sc)
				if !v.ok {
					d.unresolved(sc, from, "code piped into "+via+" is "+v.why)
					return
				}
				parts = append(parts, v.text)
			}
			if name == "printf" && len(parts) > 0 && strings.Contains(parts[0], "%") || strings.Contains(strings.Join(parts, " "), `\`) {
				d.unresolved(sc, from, "code piped into "+via+" is built by "+name)
				return
			}
			if !shell {
				// echo 'source x.tcl' | tclsh: read by a language reader, or incomplete
				d.inlineForeign(st, cmdWord{w: c.Args[len(c.Args)-1], v: wordv{ok: true, text: strings.Join(parts, " ")}}, sc, via)
				return
			}
			d.inline(st, strings.Join(parts, " "), sc, false)
			return
		}
	}
	why := "reads its code from the output of another command"
	if downloads(sc.text(from)) {
		why = "downloads code and runs it"
	}
	d.unresolved(sc, from, via+" "+why)
}

func downloads(s string) bool {
	for _, k := range []string{"curl", "wget", "fetch", "http://", "https://", "nc ", "/dev/tcp/", "Invoke-WebRequest", "iwr "} {
		if strings.Contains(s, k) {
			return true
		}
	}
	return false
}
