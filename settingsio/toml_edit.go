package settingsio

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"unicode/utf8"
)

// This file edits TOML files in place: a key set or removed, everything
// else (comments, blank lines, key and table order, CRLF, a missing final
// newline) byte for byte as it was. It is what writes Codex's hook trust
// ([hooks.state."<key>"] trusted_hash / enabled) into config.toml.

// TOMLEdit is one change to a TOML file: set Key in the table at the key
// path Table to Value (a string or a bool), or with Remove delete it. Build
// one with TOMLSetString, TOMLSetBool or TOMLRemove.
type TOMLEdit struct {
	Table  []string
	Key    string
	Value  any // string or bool; unused with Remove
	Remove bool
}

// TOMLSetString sets table.key = "s".
func TOMLSetString(table []string, key, s string) TOMLEdit {
	return TOMLEdit{Table: table, Key: key, Value: s}
}

// TOMLSetBool sets table.key = b.
func TOMLSetBool(table []string, key string, b bool) TOMLEdit {
	return TOMLEdit{Table: table, Key: key, Value: b}
}

// TOMLRemove deletes table.key; a [table] (or inline table) the removal
// leaves empty goes too. Removing what is not there changes nothing.
func TOMLRemove(table []string, key string) TOMLEdit {
	return TOMLEdit{Table: table, Key: key, Remove: true}
}

func (e TOMLEdit) name() string {
	n := ""
	for _, k := range e.Table {
		n = tomlChildName(n, k)
	}
	return tomlChildName(n, e.Key)
}

// EditTOML applies edits to a TOML file's content, in order, and returns
// the new content. Where the table already is, the key is set there, in
// the form it has: under its [header], in the inline table, next to the
// dotted keys that define it. A missing table is added as Codex (toml_edit)
// writes one (observed with 0.171.0): a [header] line and the key, after
// the last table of the nearest existing parent, or at the end, one blank
// line before it. It refuses (an
// error, and no content) a file that does not parse, a value TOML cannot
// hold, and any edit whose result would not parse, would not read back as
// asked, or would change anything else the file says.
//
// Many edits cost one parse and one check of the result, not one per edit
// (editBatch), when they only set keys that exist or add tables side by
// side (Codex's trust --all: a [hooks.state."<key>"] per hook); the result
// is byte for byte the one of applying them in order.
func EditTOML(path string, data []byte, edits ...TOMLEdit) ([]byte, error) {
	doc, perr := ParseTOML(path, data)
	if perr != nil {
		return nil, fmt.Errorf("not editing %s: %w", path, perr)
	}
	if len(edits) > 1 {
		if out, ok := doc.editBatch(path, edits); ok {
			return out, nil
		}
	}
	for _, e := range edits {
		next, err := doc.apply(e)
		if err != nil {
			return nil, fmt.Errorf("editing %s: %s: %w", path, e.name(), err)
		}
		next = keepFinalNewline(doc.Data, next)
		ndoc, perr := ParseTOML(path, next)
		if perr != nil {
			return nil, fmt.Errorf("editing %s: %s: the result would not parse (%v); nothing written", path, e.name(), perr)
		}
		if err := checkTOMLEdit(doc, ndoc, e); err != nil {
			return nil, fmt.Errorf("editing %s: %s: %w; nothing written", path, e.name(), err)
		}
		doc = ndoc
	}
	return doc.Data, nil
}

// editBatch applies edits all at once when each one either sets a key that
// exists (its value replaced) or adds a new [header] table below one and
// the same existing table (each table its own, all at the same depth): the
// forms whose result does not depend on the order they are applied in
// beyond the one it keeps. The result is parsed and checked once, as
// EditTOML checks each edit (every edit reads back, nothing else changed).
// ok is false for any other edit, and for a result that does not check:
// EditTOML then applies them one by one (and says what went wrong).
func (d *TOMLDocument) editBatch(path string, edits []TOMLEdit) (out []byte, ok bool) {
	if len(d.Data) > 0 && !bytes.HasSuffix(d.Data, []byte("\n")) && len(bytes.TrimPrefix(d.Data, tomlBOM)) > 0 {
		return nil, false // keepFinalNewline would change what the next edit appends to
	}
	nl := d.newline()
	var patches []tomlPatch
	targets := make(map[string]bool, len(edits))
	tables := map[string]bool{}
	var group *TOMLTable // the existing table the new tables go below
	var groupPatch tomlPatch
	var added strings.Builder
	depthOfNew := -1
	for _, e := range edits {
		if e.Remove {
			return nil, false
		}
		for _, k := range append(append([]string(nil), e.Table...), e.Key) {
			if !utf8.ValidString(k) {
				return nil, false
			}
		}
		text, err := tomlValueText(e.Value)
		if err != nil {
			return nil, false
		}
		name := e.name()
		if targets[name] {
			return nil, false
		}
		targets[name] = true
		t, depth := d.Root, 0
		for ; depth < len(e.Table); depth++ {
			v := t.Value(e.Table[depth])
			if v == nil {
				break
			}
			if v.Kind != TOMLTableValue {
				return nil, false
			}
			t = v.Table
		}
		if depth == len(e.Table) {
			ent := t.Entry(e.Key)
			if ent == nil || ent.kv == nil || ent.kv.value != ent.Value {
				return nil, false
			}
			patches = append(patches, tomlPatch{ent.Value.Span.Start, ent.Value.Span.End, text})
			continue
		}
		if t.inInline() || t.Kind == TOMLDottedTable || t.Kind == TOMLArrayElement {
			return nil, false
		}
		table := strings.Join(e.Table, "\x00")
		if tables[table] || (depthOfNew >= 0 && len(e.Table) != depthOfNew) || (group != nil && t != group) {
			return nil, false
		}
		tables[table], depthOfNew = true, len(e.Table)
		rest := append(append([]string(nil), e.Table[depth:]...), e.Key)
		if group == nil {
			p, err := d.addTo(t, rest, text)
			if err != nil {
				return nil, false
			}
			group, groupPatch = t, p
			continue
		}
		// Applied in order, each next table lands right after the one
		// before it, one blank line apart.
		added.WriteString(nl + "[" + tomlDottedText(e.Table) + "]" + nl + tomlKeyText(e.Key) + " = " + text + nl)
	}
	if group != nil {
		groupPatch.text += added.String()
		patches = append(patches, groupPatch)
	}
	next, ok := applyDisjointTOMLPatches(d.Data, patches)
	if !ok {
		return nil, false
	}
	next = keepFinalNewline(d.Data, next)
	ndoc, perr := ParseTOML(path, next)
	if perr != nil {
		return nil, false
	}
	want, got := tomlLeaves(d), tomlLeaves(ndoc)
	for _, e := range edits {
		target := e.name()
		delete(want, target)
		v := ndoc.Table(e.Table...).Value(e.Key)
		ok := v != nil
		switch x := e.Value.(type) {
		case string:
			ok = ok && v.Kind == TOMLString && v.Str == x
		case bool:
			ok = ok && v.Kind == TOMLBool && v.Bool == x
		}
		if !ok {
			return nil, false
		}
		delete(got, target)
	}
	if len(want) != len(got) {
		return nil, false
	}
	for k, v := range want {
		if g, ok := got[k]; !ok || g != v {
			return nil, false
		}
	}
	return ndoc.Data, true
}

// applyDisjointTOMLPatches applies patches that do not overlap in one pass
// (false when two overlap).
func applyDisjointTOMLPatches(data []byte, patches []tomlPatch) ([]byte, bool) {
	sort.SliceStable(patches, func(i, j int) bool { return patches[i].start < patches[j].start })
	size := len(data)
	for i, p := range patches {
		if p.start > p.end || p.end > len(data) || (i > 0 && p.start < patches[i-1].end) ||
			(i > 0 && p.start == patches[i-1].start && p.start == p.end) {
			return nil, false
		}
		size += len(p.text) - (p.end - p.start)
	}
	out := make([]byte, 0, size)
	at := 0
	for _, p := range patches {
		out = append(out, data[at:p.start]...)
		out = append(out, p.text...)
		at = p.end
	}
	return append(out, data[at:]...), true
}

// EditTOMLFile applies edits to the file at path with UpdateFileAtomic
// (atomic, permissions kept, a concurrent writer's change not lost). A
// missing file is created with newMode. Nothing is written when the edits
// change nothing or fail.
func EditTOMLFile(path string, newMode os.FileMode, edits ...TOMLEdit) error {
	return UpdateFileAtomic(path, newMode, func(current []byte, _ bool) ([]byte, error) {
		return EditTOML(path, current, edits...)
	})
}

// tomlBOM is the UTF-8 byte order mark, which Codex accepts at the start.
var tomlBOM = []byte("\xef\xbb\xbf")

// tomlPatch replaces data[start:end] with text.
type tomlPatch struct {
	start, end int
	text       string
}

func applyTOMLPatches(data []byte, patches []tomlPatch) []byte {
	sort.SliceStable(patches, func(i, j int) bool { return patches[i].start > patches[j].start })
	out := append([]byte(nil), data...)
	for _, p := range patches {
		out = append(out[:p.start], append([]byte(p.text), out[p.end:]...)...)
	}
	return out
}

// newline is the file's line ending: CRLF when its first line ends so.
func (d *TOMLDocument) newline() string {
	if i := bytes.IndexByte(d.Data, '\n'); i > 0 && d.Data[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// keepFinalNewline makes next end with a newline exactly when old did (an
// empty old file counts as ending with one).
func keepFinalNewline(old, next []byte) []byte {
	had := len(bytes.TrimPrefix(old, tomlBOM)) == 0 || old[len(old)-1] == '\n'
	has := len(next) > 0 && next[len(next)-1] == '\n'
	switch {
	case had || !has:
		return next
	case bytes.HasSuffix(next, []byte("\r\n")):
		return next[:len(next)-2]
	default:
		return next[:len(next)-1]
	}
}

func tomlValueText(v any) (string, error) {
	switch x := v.(type) {
	case string:
		if !utf8.ValidString(x) {
			return "", errors.New("the value is not valid UTF-8, which a TOML string cannot hold")
		}
		return tomlQuote(x), nil
	case bool:
		if x {
			return "true", nil
		}
		return "false", nil
	}
	return "", fmt.Errorf("cannot write a value of type %T", v)
}

func (d *TOMLDocument) apply(e TOMLEdit) ([]byte, error) {
	for _, k := range append(append([]string(nil), e.Table...), e.Key) {
		if !utf8.ValidString(k) {
			return nil, errors.New("the key is not valid UTF-8, which TOML cannot hold")
		}
	}
	if e.Remove {
		return d.remove(e)
	}
	text, err := tomlValueText(e.Value)
	if err != nil {
		return nil, err
	}
	// The deepest table of the path that exists.
	t := d.Root
	depth := 0
	for ; depth < len(e.Table); depth++ {
		v := t.Value(e.Table[depth])
		if v == nil {
			break
		}
		if v.Kind != TOMLTableValue {
			return nil, fmt.Errorf("%s is %s at %d:%d, not a table", tomlChildName(t.Name, e.Table[depth]), tomlArticle(v.Kind), v.Pos.Line, v.Pos.Column)
		}
		t = v.Table
	}
	if depth == len(e.Table) {
		if ent := t.Entry(e.Key); ent != nil {
			if ent.kv == nil || ent.kv.value != ent.Value {
				return nil, fmt.Errorf("%s is a table at %d:%d; a value there would be a duplicate key", tomlChildName(t.Name, e.Key), ent.Value.Pos.Line, ent.Value.Pos.Column)
			}
			return applyTOMLPatches(d.Data, []tomlPatch{{ent.Value.Span.Start, ent.Value.Span.End, text}}), nil
		}
	}
	rest := append(append([]string(nil), e.Table[depth:]...), e.Key)
	p, err := d.addTo(t, rest, text)
	if err != nil {
		return nil, err
	}
	return applyTOMLPatches(d.Data, []tomlPatch{p}), nil
}

func tomlArticle(k TOMLKind) string {
	if k == TOMLArray || k == TOMLInteger {
		return "an " + k.String()
	}
	return "a " + k.String()
}

// inInline reports whether t is an inline table or a dotted table inside one.
func (t *TOMLTable) inInline() bool {
	switch t.Kind {
	case TOMLInlineTable:
		return true
	case TOMLDottedTable:
		return len(t.defs) > 0 && t.defs[0].container.inInline()
	}
	return false
}

func tomlDottedText(keys []string) string {
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = tomlKeyText(k)
	}
	return strings.Join(parts, ".")
}

// addTo adds rest (tables still missing below t, then the key) = text to t.
func (d *TOMLDocument) addTo(t *TOMLTable, rest []string, text string) (tomlPatch, error) {
	nl := d.newline()
	switch {
	case t.inInline():
		// In an inline table a missing table becomes a nested inline
		// table: "K" = { trusted_hash = "..." }.
		value := text
		for i := len(rest) - 1; i >= 1; i-- {
			value = "{ " + tomlKeyText(rest[i]) + " = " + value + " }"
		}
		entry := tomlKeyText(rest[0]) + " = " + value
		if t.Kind == TOMLDottedTable {
			kv := t.defs[len(t.defs)-1]
			return tomlPatch{kv.span.End, kv.span.End, ", " + d.dottedPrefix(kv, t) + "." + entry}, nil
		}
		if len(t.kvs) > 0 {
			end := t.kvs[len(t.kvs)-1].span.End
			return tomlPatch{end, end, ", " + entry}, nil
		}
		s := t.value.Span
		if strings.TrimSpace(string(d.Data[s.Start+1:s.End-1])) == "" {
			return tomlPatch{s.Start, s.End, "{ " + entry + " }"}, nil
		}
		return tomlPatch{s.Start + 1, s.Start + 1, " " + entry + ","}, nil
	case t.Kind == TOMLDottedTable:
		kv := t.defs[len(t.defs)-1]
		return d.lineAfter(kv.stmt, d.dottedPrefix(kv, t)+"."+tomlDottedText(rest)+" = "+text), nil
	case len(rest) == 1 && (t.Kind == TOMLHeaderTable || t.Kind == TOMLArrayElement):
		last := t.Header
		for _, s := range d.Statements {
			if s.Kind == TOMLKeyValueStatement && s.Section == t {
				last = s
			}
		}
		return d.lineAfter(last, tomlKeyText(rest[0])+" = "+text), nil
	case len(rest) == 1 && t.Kind == TOMLRootTable:
		var last *TOMLStatement
		for _, s := range d.Statements {
			if s.Kind == TOMLKeyValueStatement && s.Section == t {
				last = s
			}
		}
		if last != nil {
			return d.lineAfter(last, tomlKeyText(rest[0])+" = "+text), nil
		}
		if len(d.Statements) == 0 {
			return d.appendText(tomlKeyText(rest[0]) + " = " + text + nl), nil
		}
		at := 0
		if bytes.HasPrefix(d.Data, tomlBOM) {
			at = 3 // after the byte order mark
		}
		return tomlPatch{at, at, tomlKeyText(rest[0]) + " = " + text + nl + nl}, nil
	}
	// A new [header] table: the path below t, then the key.
	full := append(append([]string(nil), t.Path...), rest[:len(rest)-1]...)
	if t.Kind == TOMLArrayElement {
		return tomlPatch{}, fmt.Errorf("%s is an element of an array of tables; Hookwarden does not add tables below one", t.Name)
	}
	block := "[" + tomlDottedText(full) + "]" + nl + tomlKeyText(rest[len(rest)-1]) + " = " + text + nl
	// After the last statement of the last section below t, or at the
	// end: where Codex 0.171.0 (toml_edit) put the [projects."<path>"]
	// table of `codex exec --trust` (golden cases codex-exec-trust-*).
	var last *TOMLStatement
	if t.Kind != TOMLRootTable {
		for _, s := range d.Statements {
			if s.Section != nil && tomlHasPrefix(s.Section.Path, t.Path) {
				last = s
			}
		}
	}
	if last == nil {
		return d.appendText(block), nil
	}
	at := last.Line.End
	if at == len(d.Data) {
		return d.appendText(block), nil
	}
	return tomlPatch{at, at, nl + block}, nil
}

func tomlHasPrefix(p, prefix []string) bool {
	if len(p) < len(prefix) {
		return false
	}
	for i := range prefix {
		if p[i] != prefix[i] {
			return false
		}
	}
	return true
}

// appendText adds a block at the end of the file, one blank line after
// what is there.
func (d *TOMLDocument) appendText(block string) tomlPatch {
	nl := d.newline()
	n := len(d.Data)
	switch {
	case len(bytes.TrimSpace(bytes.TrimPrefix(d.Data, tomlBOM))) == 0:
		return tomlPatch{n, n, block}
	case !bytes.HasSuffix(d.Data, []byte("\n")):
		return tomlPatch{n, n, nl + nl + block}
	case bytes.HasSuffix(bytes.TrimRight(d.Data, " \t"), []byte("\n\n")) || bytes.HasSuffix(d.Data, []byte("\n\r\n")):
		return tomlPatch{n, n, block}
	}
	return tomlPatch{n, n, nl + block}
}

// lineAfter inserts a line after statement s, indented as s is.
func (d *TOMLDocument) lineAfter(s *TOMLStatement, line string) tomlPatch {
	nl := d.newline()
	indent := ""
	if s.Kind == TOMLKeyValueStatement {
		indent = string(d.Data[s.Line.Start:s.Span.Start])
	}
	at := s.Line.End
	if at == len(d.Data) && (at == 0 || d.Data[at-1] != '\n') {
		return tomlPatch{at, at, nl + indent + line}
	}
	return tomlPatch{at, at, indent + line + nl}
}

// dottedPrefix is the dotted key of kv as written, up to the part that
// names t: `hooks.state."K"` of `hooks.state."K".trusted_hash = "…"`.
func (d *TOMLDocument) dottedPrefix(kv *tomlKeyval, t *TOMLTable) string {
	n := len(t.Path) - len(kv.container.Path)
	return string(d.Data[kv.keys[0].Span.Start:kv.keys[n-1].Span.End])
}

func (d *TOMLDocument) remove(e TOMLEdit) ([]byte, error) {
	t := d.Table(e.Table...)
	ent := t.Entry(e.Key)
	if ent == nil {
		return d.Data, nil
	}
	if ent.kv == nil || ent.kv.value != ent.Value {
		return nil, fmt.Errorf("%s is a table at %d:%d, not a value", tomlChildName(t.Name, e.Key), ent.Value.Pos.Line, ent.Value.Pos.Column)
	}
	// The key/value goes; a dotted table it alone made goes with it.
	patches := d.removeKeyval(ent.kv)
	if len(t.Entries) == 1 {
		switch {
		case t.Kind == TOMLHeaderTable:
			patches = append(patches, d.removeHeader(t.Header)...)
		case t.Kind == TOMLInlineTable && t.holder != nil:
			patches = d.removeKeyval(t.holder)
		}
	}
	return applyTOMLPatches(d.Data, mergeTOMLPatches(patches)), nil
}

// removeKeyval removes one key = value: its lines at the top level; in an
// inline table, the entry and one comma next to it.
func (d *TOMLDocument) removeKeyval(kv *tomlKeyval) []tomlPatch {
	if kv.stmt != nil {
		return []tomlPatch{{kv.stmt.Line.Start, kv.stmt.Line.End, ""}}
	}
	kvs := kv.container.kvs
	i := 0
	for i < len(kvs) && kvs[i] != kv {
		i++
	}
	comment := func(a, b int) bool { return bytes.IndexByte(d.Data[a:b], '#') >= 0 }
	switch {
	case i+1 < len(kvs) && !comment(kv.span.End, kvs[i+1].span.Start):
		return []tomlPatch{{kv.span.Start, kvs[i+1].span.Start, ""}}
	case i > 0 && !comment(kvs[i-1].span.End, kv.span.Start):
		return []tomlPatch{{kvs[i-1].span.End, kv.span.End, ""}}
	}
	if s := kv.container.value.Span; len(kvs) == 1 && len(bytes.TrimSpace(d.Data[s.Start+1:kv.span.Start])) == 0 &&
		len(bytes.Trim(d.Data[kv.span.End:s.End-1], " \t\r\n,")) == 0 {
		return []tomlPatch{{s.Start, s.End, "{}"}} // the only entry: { k = v } becomes {}
	}
	end := kv.span.End
	j := end
	for j < len(d.Data) && (d.Data[j] == ' ' || d.Data[j] == '\t') {
		j++
	}
	if j < len(d.Data) && d.Data[j] == ',' {
		end = j + 1
	}
	return []tomlPatch{{kv.span.Start, end, ""}}
}

// removeHeader removes a table's header line, and a blank line next to it
// so that the tables around keep one blank line between them.
func (d *TOMLDocument) removeHeader(h *TOMLStatement) []tomlPatch {
	start, end := h.Line.Start, h.Line.End
	blank := func(a, b int) bool { return len(bytes.TrimSpace(d.Data[a:b])) == 0 }
	if start > 0 {
		prev := bytes.LastIndexByte(d.Data[:start-1], '\n') + 1
		if blank(prev, start) {
			start = prev
		}
	} else if end < len(d.Data) {
		next := bytes.IndexByte(d.Data[end:], '\n')
		if next >= 0 && blank(end, end+next+1) {
			end += next + 1
		}
	}
	return []tomlPatch{{start, end, ""}}
}

// mergeTOMLPatches joins removals that overlap or touch.
func mergeTOMLPatches(ps []tomlPatch) []tomlPatch {
	sort.Slice(ps, func(i, j int) bool { return ps[i].start < ps[j].start })
	var out []tomlPatch
	for _, p := range ps {
		if n := len(out); n > 0 && p.start <= out[n-1].end && p.text == "" && out[n-1].text == "" {
			out[n-1].end = max(out[n-1].end, p.end)
			continue
		}
		out = append(out, p)
	}
	return out
}

// checkTOMLEdit verifies that the edited document says what the old one
// said, with only the edit applied: the key reads back as set (or is
// gone) and every other value is where and what it was.
func checkTOMLEdit(old, next *TOMLDocument, e TOMLEdit) error {
	target := e.name()
	want := tomlLeaves(old)
	delete(want, target)
	got := tomlLeaves(next)
	if e.Remove {
		if _, ok := got[target]; ok {
			return errors.New("the key is still there after the edit")
		}
	} else {
		v := next.Table(e.Table...).Value(e.Key)
		ok := v != nil
		switch x := e.Value.(type) {
		case string:
			ok = ok && v.Kind == TOMLString && v.Str == x
		case bool:
			ok = ok && v.Kind == TOMLBool && v.Bool == x
		}
		if !ok {
			return errors.New("the value does not read back as written")
		}
		delete(got, target)
	}
	for k, v := range want {
		if got[k] != v {
			return fmt.Errorf("the edit would change %s", k)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			return fmt.Errorf("the edit would add %s", k)
		}
	}
	return nil
}

// tomlLeaves lists every scalar (and empty array) of a document by its
// name, with its kind and value.
func tomlLeaves(d *TOMLDocument) map[string]string {
	out := map[string]string{}
	var value func(name string, v *TOMLValue)
	var table func(t *TOMLTable)
	value = func(name string, v *TOMLValue) {
		switch v.Kind {
		case TOMLTableValue:
			table(v.Table)
		case TOMLArray:
			if len(v.Items) == 0 {
				out[name] = "[]"
			}
			for i, it := range v.Items {
				value(fmt.Sprintf("%s[%d]", name, i), it)
			}
		case TOMLString:
			out[name] = "string " + v.Str
		default:
			out[name] = v.Kind.String() + " " + v.Raw
		}
	}
	table = func(t *TOMLTable) {
		for _, e := range t.Entries {
			value(tomlChildName(t.Name, e.Key.Name), e.Value)
		}
	}
	table(d.Root)
	return out
}
