package risk

import (
	"slices"
	"strings"
)

// literalTable: the command is taken from a table of literals the file
// itself holds — a loop over a list or dict (for name, cmd in CHECKS:,
// for (const c of TOOLS)), or the object a function of the file returns
// ({bin: 'npx', args: ['prettier', …]}) — so it is one of those
// literals, not chosen at run time: each string of the table is judged
// as the command it would be, and true is returned when there is a table.
func (c *code) literalTable(at token, expr string) bool {
	root := expr
	if k := strings.IndexAny(root, ".["); k > 0 {
		root = root[:k]
	}
	if root == "" {
		return false
	}
	var lits []string
	ts := c.toks
	for i := 0; i < len(ts) && lits == nil; i++ {
		t := ts[i]
		switch {
		case t.kind == tokIdent && t.text == "for":
			// for … root … in|of NAME
			bound := false
			for j := i + 1; j < len(ts) && ts[j].text != "\n" && j < i+24; j++ {
				if ts[j].kind == tokIdent && ts[j].text == root {
					bound = true
				}
				if bound && ts[j].kind == tokIdent && (ts[j].text == "in" || ts[j].text == "of") {
					if j+1 < len(ts) && (ts[j+1].text == "(" || ts[j+1].text == "[") {
						// for command in ([…], […]): the table is written in place
						lits, _ = literalGroups(ts[j+1:])
					} else if name := tableName(ts[j+1:]); name != "" {
						lits = c.tableLiterals(name)
					}
					break
				}
			}
		case t.kind == tokIdent && t.text == root && i+3 < len(ts) && ts[i+1].text == "=" && ts[i+2].kind == tokIdent && ts[i+3].text == "(":
			// root = f(…): what f returns
			lits = c.returnedLiterals(ts[i+2].text)
		}
	}
	if len(lits) == 0 {
		// CMDS['setup'], CMDS.get(name), CMD_LIST: a table of literals
		// written in the file (and never changed); which entry is chosen
		// at run time, each is read
		lits = c.tableLiterals(root)
	}
	if len(lits) == 0 {
		return false
	}
	for _, s := range lits {
		if strings.TrimSpace(s) != "" {
			c.shellText(at, s, value{known: true})
		}
	}
	return true
}

// tableName is the name a loop walks: NAME, NAME.items(), enumerate(NAME),
// Object.entries(NAME).
func tableName(ts []token) string {
	for k, t := range ts {
		if k > 4 || t.text == "\n" {
			break
		}
		if t.kind != tokIdent {
			continue
		}
		switch t.text {
		case "enumerate", "sorted", "list", "tuple", "reversed", "Object.entries", "Object.values", "Object.keys":
			continue
		}
		for _, suf := range []string{".items", ".values", ".keys"} {
			t.text = strings.TrimSuffix(t.text, suf)
		}
		return t.text
	}
	return ""
}

// tableLiterals: the strings of NAME = [ … ] / { … } / ( … ).
func (c *code) tableLiterals(name string) []string {
	ts := c.toks
	for i := 0; i+2 < len(ts); i++ {
		if ts[i].kind != tokIdent || ts[i].text != name || i > 0 && ts[i-1].text != "\n" && ts[i-1].text != "const" && ts[i-1].text != "let" && ts[i-1].text != "var" {
			continue
		}
		at, eq := i, i+1
		if ts[eq].text == ":" {
			// CHECKS: list[tuple[str, list[str]]] = [ … ]: past the annotation
			for eq < len(ts) && ts[eq].text != "=" && ts[eq].text != "\n" {
				eq++
			}
		}
		if eq+1 >= len(ts) || ts[eq].text != "=" {
			continue
		}
		i = eq - 1
		open := ts[i+2].text
		if open != "[" && open != "{" && open != "(" {
			continue
		}
		out, ok := literalGroups(ts[i+2:])
		if !ok || c.tableChanged(name, at) {
			return nil // unbalanced, not all literals, or changed: not a table we can read
		}
		return out
	}
	return nil
}

// tableChanged: the table name defined at def is used anywhere but in its
// definition and the headers of for loops (CHECKS.append(cmd),
// CHECKS[0] = cmd, CHECKS += more, a second CHECKS = …): its contents may
// then be more than its literals.
func (c *code) tableChanged(name string, def int) bool {
	ts := c.toks
	inFor := false
	for k, t := range ts {
		switch {
		case t.text == "\n":
			inFor = false
		case t.kind == tokIdent && t.text == "for":
			inFor = true
		case k != def && t.kind == tokIdent && (t.text == name || strings.HasPrefix(t.text, name+".")) && !inFor:
			if !tableRead(ts, k, name) {
				return true
			}
		}
	}
	return false
}

// tableRead: the use of the table name at k only reads an entry
// (NAME['key'] or NAME[i] not assigned to, NAME.get(…)).
func tableRead(ts []token, k int, name string) bool {
	if ts[k].text == name+".get" {
		return true
	}
	if ts[k].text != name || k+1 >= len(ts) || ts[k+1].text != "[" {
		return false
	}
	depth := 0
	for j := k + 1; j < len(ts); j++ {
		switch ts[j].text {
		case "[":
			depth++
		case "]":
			depth--
			if depth == 0 {
				// what follows a read: the end of an argument or a line
				// (an assignment, an operator or a method may change it)
				return j+1 >= len(ts) || slices.Contains([]string{")", ",", "\n", ";", "}", "]"}, ts[j+1].text)
			}
		case "\n":
			return false
		}
	}
	return false
}

// returnedLiterals: the strings the function fn of the file returns in
// object or list literals (return {bin: 'npx', args: […]}), and none when
// any return of it is not such a literal.
func (c *code) returnedLiterals(fn string) []string {
	ts := c.toks
	start := -1
	for i := 1; i < len(ts); i++ {
		if ts[i].kind == tokIdent && ts[i].text == fn && (ts[i-1].text == "def" || ts[i-1].text == "function") {
			start = i
			break
		}
	}
	if start < 0 {
		return nil
	}
	var out []string
	for i := start + 1; i < len(ts); i++ {
		t := ts[i]
		if t.kind == tokIdent && (t.text == "def" || t.text == "function") {
			break
		}
		if t.kind != tokIdent || t.text != "return" || i+1 >= len(ts) {
			continue
		}
		switch ts[i+1].text {
		case "{", "[", "(":
		case "null", "None", "undefined", ";", "\n":
			continue
		default:
			return nil
		}
		g, ok := literalGroups(ts[i+1:])
		if !ok {
			return nil
		}
		out = append(out, g...)
	}
	return out
}

// literalGroups reads the bracketed literal ts starts with: each string
// alone, and the strings of each innermost bracket joined as the words of
// one command (["curl", "-d", "@~/.ssh/id_rsa"] is one call). Only a table
// of literals is one: a name, a call, an operator or a formatted string in
// it (data["cmd"], os.environ[…], f"{x}", `${x}`, "a" + b) is a value
// chosen at run time, so it is no table (false), never its literals alone.
func literalGroups(ts []token) ([]string, bool) {
	var out []string
	var stack [][]string
	for k, t := range ts {
		if len(stack) > 0 && !literalPart(t, ts[k+1:]) {
			return nil, false
		}
		if t.kind == tokPunct {
			switch t.text {
			case "[", "{", "(":
				stack = append(stack, nil)
			case "]", "}", ")":
				if len(stack) == 0 {
					return nil, false
				}
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if len(top) > 1 {
					out = append(out, strings.Join(top, " "))
				}
				if len(stack) == 0 {
					return out, true
				}
			}
		}
		if t.kind == tokString && len(stack) > 0 {
			out = append(out, t.text)
			stack[len(stack)-1] = append(stack[len(stack)-1], t.text)
		}
	}
	return nil, false
}

// literalPart: t, inside a table, is part of a literal: a plain string, a
// number, a constant, a bracket, a separator, or an object's key.
func literalPart(t token, rest []token) bool {
	switch t.kind {
	case tokString:
		q := strings.IndexAny(t.raw, "'\"`")
		return q < 0 || !strings.ContainsAny(t.raw[:q], "fF") && !(t.raw[q] == '`' && strings.Contains(t.raw, "${"))
	case tokNumber:
		return true
	case tokPunct:
		switch t.text {
		case "[", "]", "{", "}", "(", ")", ",", ":", "\n", "-":
			return true
		}
		return false
	case tokIdent:
		switch t.text {
		case "True", "False", "None", "true", "false", "null", "undefined":
			return true
		}
		return len(rest) > 0 && rest[0].text == ":" // {bin: 'npx'}: a key
	}
	return false
}
