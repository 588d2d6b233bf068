package settingsio

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2/unstable"
)

// This file reads TOML (Codex CLI's config.toml, requirements.toml) into a
// positioned document: every table, key and value with its byte range and
// its line and column. The syntax is go-toml's unstable parser; what it
// leaves to its caller is checked here, as Codex (Rust toml / toml_edit)
// checks it: duplicate keys, tables defined twice, dotted keys that extend a
// table defined elsewhere, integers out of range, impossible dates.

// TOMLKind is the kind of a TOML value.
type TOMLKind int

// The kinds of TOML values. A table is either a standard table (a [header],
// a super-table, a table made by dotted keys, an element of [[array]]) or an
// inline table { ... }; TOMLTable.Kind tells which.
const (
	TOMLString TOMLKind = iota + 1
	TOMLInteger
	TOMLFloat
	TOMLBool
	TOMLDatetime
	TOMLArray
	TOMLTableValue
)

// String names the kind as error messages do ("expected integer, got string").
func (k TOMLKind) String() string {
	switch k {
	case TOMLString:
		return "string"
	case TOMLInteger:
		return "integer"
	case TOMLFloat:
		return "float"
	case TOMLBool:
		return "boolean"
	case TOMLDatetime:
		return "datetime"
	case TOMLArray:
		return "array"
	case TOMLTableValue:
		return "table"
	}
	return "invalid"
}

// TOMLDatetimeKind tells the four TOML date/time forms apart.
type TOMLDatetimeKind int

// The TOML date/time forms.
const (
	TOMLOffsetDatetime TOMLDatetimeKind = iota + 1 // 1979-05-27T07:32:00Z
	TOMLLocalDatetime                              // 1979-05-27T07:32:00
	TOMLLocalDate                                  // 1979-05-27
	TOMLLocalTime                                  // 07:32:00
)

// TOMLTableKind says how a table came to be.
type TOMLTableKind int

// How a table was defined.
const (
	TOMLRootTable     TOMLTableKind = iota + 1
	TOMLHeaderTable                 // [a.b]
	TOMLImplicitTable               // a super-table only named by a longer header: a in [a.b]
	TOMLDottedTable                 // made by dotted keys: a in a.b = 1
	TOMLInlineTable                 // { ... }
	TOMLArrayElement                // one [[a.b]] element
)

// TOMLSpan is a byte range [Start, End) of the file.
type TOMLSpan struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// TOMLKey is one part of a (dotted) key as written.
type TOMLKey struct {
	Name string   // the key after unquoting
	Span TOMLSpan // the bytes as written, quotes included
	Pos  Pos      // where it starts
}

// TOMLValue is one value with where it stands in the file.
type TOMLValue struct {
	Kind TOMLKind
	Span TOMLSpan // the value's bytes; for a [header] table, the header; for an array of tables, its first header
	Pos  Pos      // where Span starts
	Raw  string   // scalars: the text as written

	Str      string           // TOMLString, after unescaping
	Int      int64            // TOMLInteger
	Float    float64          // TOMLFloat
	Bool     bool             // TOMLBool
	Datetime TOMLDatetimeKind // TOMLDatetime (Raw holds the text)

	Items         []*TOMLValue // TOMLArray, in order
	ArrayOfTables bool         // TOMLArray made by [[headers]] (its items are TOMLArrayElement tables)
	Table         *TOMLTable   // TOMLTableValue
}

// TOMLEntry is one key of a table and its value.
type TOMLEntry struct {
	Key   TOMLKey // the key part that first named it (for a header table, in the header)
	Value *TOMLValue
	kv    *tomlKeyval // the key/value that set it; nil for tables named by headers
}

// TOMLTable is a table: its keys in the order they were defined.
type TOMLTable struct {
	Kind TOMLTableKind
	Path []string // the key path from the root (array indices left out)
	// Name is the path for messages, with array indices:
	// hooks.PreToolUse[0].hooks[1], hooks.state."/p/hooks.json:stop:0:0".
	Name    string
	Header  *TOMLStatement // the [header] or [[header]] that opened it, or nil
	Entries []*TOMLEntry

	doc   *TOMLDocument
	value *TOMLValue // the value that holds it (nil for the root)
	byKey map[string]*TOMLEntry
	defs  []*tomlKeyval // TOMLDottedTable: the key/values whose dotted keys name it
	kvs   []*tomlKeyval // TOMLInlineTable: its key/values in order
	// holder is the key/value whose value this inline table is (nil for
	// an inline table inside an array).
	holder *tomlKeyval
}

// TOMLStatementKind is the kind of a top-level line.
type TOMLStatementKind int

// Top-level statements.
const (
	TOMLHeaderStatement      TOMLStatementKind = iota + 1 // [a.b]
	TOMLArrayHeaderStatement                              // [[a.b]]
	TOMLKeyValueStatement                                 // a.b = v
)

// TOMLStatement is one top-level statement: a table header or a key/value.
type TOMLStatement struct {
	Kind  TOMLStatementKind
	Span  TOMLSpan   // the statement, without its trailing comment and newline
	Line  TOMLSpan   // from the start of its first line to past the newline that ends it (or the end of the file)
	Keys  []TOMLKey  // the header's name or the key/value's dotted key
	Value *TOMLValue // key/values only
	// Section is the table whose keys this statement's lines set: the
	// table a header opens, or for a key/value the table of the header
	// above it (the root before the first header).
	Section *TOMLTable
}

// TOMLDocument is a parsed TOML file.
type TOMLDocument struct {
	Path       string
	Data       []byte
	Root       *TOMLTable
	Statements []*TOMLStatement // in file order
	lines      *tomlLines
}

// tomlKeyval is one key = value, at the top level or inside an inline table.
type tomlKeyval struct {
	keys      []TOMLKey
	value     *TOMLValue
	span      TOMLSpan   // key through value
	container *TOMLTable // the table its key starts from
	stmt      *TOMLStatement
}

// ParseTOML parses a TOML file. Errors carry path, line and column
// (1-based, the column in characters): syntax errors, and what TOML 1.0 and
// Codex reject beyond the syntax (duplicate keys, a table defined twice, a
// dotted key or header that extends an inline table or a table defined
// elsewhere, integers past 64 bits, impossible dates), and nesting deeper
// than tomlMaxDepth. A byte order mark at the start is accepted, as Codex does.
func ParseTOML(path string, data []byte) (*TOMLDocument, *ParseError) {
	doc := &TOMLDocument{Path: path, Data: data, lines: newTOMLLines(data)}
	doc.Root = &TOMLTable{Kind: TOMLRootTable, doc: doc, byKey: map[string]*TOMLEntry{}}
	src := data
	if strings.HasPrefix(string(data[:min(3, len(data))]), "\xef\xbb\xbf") {
		// Same offsets, with the mark read as indentation.
		src = append([]byte("   "), data[3:]...)
	}
	b := &tomlBuilder{doc: doc, src: src, section: doc.Root}
	p := &unstable.Parser{}
	p.Reset(src)
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table, unstable.ArrayTable:
			b.header(e)
		case unstable.KeyValue:
			b.topKeyval(e)
		}
		if b.err != nil {
			return nil, b.err
		}
	}
	if err := p.Error(); err != nil {
		off := len(data)
		var perr *unstable.ParserError
		msg := err.Error()
		if errors.As(err, &perr) {
			if o := cap(src) - cap(perr.Highlight); o >= 0 && o <= len(data) {
				off = o
			}
			msg = perr.Message
		}
		return nil, doc.errorAt(off, "%s", msg)
	}
	return doc, nil
}

// Position is the line and column (1-based, the column in characters) of a
// byte offset.
func (d *TOMLDocument) Position(offset int) Pos { return d.lines.pos(offset) }

func (d *TOMLDocument) errorAt(offset int, format string, args ...any) *ParseError {
	p := d.lines.pos(offset)
	return &ParseError{Path: d.Path, Line: p.Line, Column: p.Column, Msg: fmt.Sprintf(format, args...)}
}

// tomlLines maps offsets to lines and columns in characters; offsets asked
// for in increasing order on one line cost only the bytes between them.
type tomlLines struct {
	data                       []byte
	starts                     []int
	lastOff, lastLine, lastCol int
}

func newTOMLLines(data []byte) *tomlLines {
	starts := []int{0}
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &tomlLines{data: data, starts: starts, lastLine: 1, lastCol: 1}
}

func (l *tomlLines) pos(off int) Pos {
	off = max(0, min(off, len(l.data)))
	if off >= l.lastOff && (l.lastLine == len(l.starts) || off < l.starts[l.lastLine]) {
		l.lastCol += utf8.RuneCount(l.data[l.lastOff:off])
		l.lastOff = off
		return Pos{Offset: off, Line: l.lastLine, Column: l.lastCol}
	}
	i := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > off }) - 1
	l.lastOff, l.lastLine, l.lastCol = off, i+1, utf8.RuneCount(l.data[l.starts[i]:off])+1
	return Pos{Offset: off, Line: l.lastLine, Column: l.lastCol}
}

// tomlBuilder turns the parser's expressions into the document.
type tomlBuilder struct {
	doc     *TOMLDocument
	src     []byte
	section *TOMLTable
	err     *ParseError
}

func (b *tomlBuilder) fail(offset int, format string, args ...any) {
	if b.err == nil {
		b.err = b.doc.errorAt(offset, format, args...)
	}
}

func (b *tomlBuilder) offset(r unstable.Range) int { return int(r.Offset) }

func (b *tomlBuilder) span(r unstable.Range) TOMLSpan {
	return TOMLSpan{Start: int(r.Offset), End: int(r.Offset + r.Length)}
}

func (b *tomlBuilder) keys(it unstable.Iterator) []TOMLKey {
	var keys []TOMLKey
	for it.Next() {
		n := it.Node()
		s := b.span(n.Raw)
		keys = append(keys, TOMLKey{Name: string(n.Data), Span: s, Pos: b.doc.Position(s.Start)})
	}
	return keys
}

// lineSpan widens a statement's span to its whole lines, through the
// newline after it (its trailing comment included).
func (b *tomlBuilder) lineSpan(s TOMLSpan) TOMLSpan {
	start := s.Start
	for start > 0 && b.src[start-1] != '\n' {
		start--
	}
	if start == 0 && len(b.doc.Data) >= 3 && string(b.doc.Data[:3]) == "\xef\xbb\xbf" {
		start = 3 // the byte order mark is no part of the first line
	}
	end := s.End
	for end < len(b.src) && b.src[end] != '\n' {
		end++
	}
	if end < len(b.src) {
		end++
	}
	return TOMLSpan{Start: start, End: end}
}

// skipTrivia returns the first offset at or after i that is not white
// space, a newline, a comment or (with commas) a comma.
func (b *tomlBuilder) skipTrivia(i int, commas bool) int {
	for i < len(b.src) {
		switch c := b.src[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || (commas && c == ','):
			i++
		case c == '#':
			for i < len(b.src) && b.src[i] != '\n' {
				i++
			}
		default:
			return i
		}
	}
	return i
}

func (b *tomlBuilder) header(n *unstable.Node) {
	array := n.Kind == unstable.ArrayTable
	keys := b.keys(n.Key())
	start := keys[0].Span.Start
	for start > 0 && b.src[start-1] != '[' {
		start--
	}
	start--
	if array {
		start--
	}
	end := keys[len(keys)-1].Span.End
	for end < len(b.src) && b.src[end] != ']' {
		end++
	}
	end++
	if array {
		end++
	}
	stmt := &TOMLStatement{Kind: TOMLHeaderStatement, Span: TOMLSpan{start, end}, Keys: keys}
	if array {
		stmt.Kind = TOMLArrayHeaderStatement
	}
	stmt.Line = b.lineSpan(stmt.Span)
	b.doc.Statements = append(b.doc.Statements, stmt)
	if len(keys) > tomlMaxDepth {
		b.fail(start, "a table name of more than %d keys; Hookwarden refuses to read a file this deep", tomlMaxDepth)
		return
	}
	t := b.doc.Root
	for i, k := range keys[:len(keys)-1] {
		e := t.byKey[k.Name]
		if e == nil {
			t = b.newTable(t, k, TOMLImplicitTable, TOMLSpan{start, end}, nil)
			continue
		}
		v := e.Value
		switch {
		case v.Kind == TOMLTableValue && v.Table.Kind == TOMLInlineTable:
			b.fail(k.Span.Start, "%s: cannot add a table to an inline table (defined at %s)", tomlKeyPath(keys[:i+1]), b.at(v.Pos))
			return
		case v.Kind == TOMLTableValue:
			t = v.Table
		case v.Kind == TOMLArray && v.ArrayOfTables:
			t = v.Items[len(v.Items)-1].Table
		default:
			b.fail(k.Span.Start, "%s: cannot add a table to a value of type %s (defined at %s)", tomlKeyPath(keys[:i+1]), v.Kind, b.at(v.Pos))
			return
		}
	}
	last := keys[len(keys)-1]
	e := t.byKey[last.Name]
	switch {
	case e == nil && !array:
		b.section = b.newTable(t, last, TOMLHeaderTable, stmt.Span, stmt)
	case e == nil:
		v := &TOMLValue{Kind: TOMLArray, ArrayOfTables: true, Span: stmt.Span, Pos: b.doc.Position(stmt.Span.Start)}
		b.addEntry(t, &TOMLEntry{Key: last, Value: v})
		b.section = b.newElement(t, v, stmt)
	case array && e.Value.Kind == TOMLArray && e.Value.ArrayOfTables:
		b.section = b.newElement(t, e.Value, stmt)
	case !array && e.Value.Kind == TOMLTableValue && e.Value.Table.Kind == TOMLImplicitTable:
		tb := e.Value.Table
		tb.Kind, tb.Header = TOMLHeaderTable, stmt
		e.Value.Span, e.Value.Pos = stmt.Span, b.doc.Position(stmt.Span.Start)
		b.section = tb
	default:
		b.fail(last.Span.Start, "duplicate key %s: already defined at %s", tomlKeyPath(keys), b.at(e.Value.Pos))
		return
	}
	stmt.Section = b.section
}

func (b *tomlBuilder) at(p Pos) string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

func (b *tomlBuilder) newTable(parent *TOMLTable, k TOMLKey, kind TOMLTableKind, span TOMLSpan, hdr *TOMLStatement) *TOMLTable {
	t := &TOMLTable{Kind: kind, Path: appendPath(parent.Path, k.Name), Name: tomlChildName(parent.Name, k.Name),
		Header: hdr, doc: b.doc, byKey: map[string]*TOMLEntry{}}
	v := &TOMLValue{Kind: TOMLTableValue, Table: t, Span: span, Pos: b.doc.Position(span.Start)}
	t.value = v
	b.addEntry(parent, &TOMLEntry{Key: k, Value: v})
	return t
}

func (b *tomlBuilder) newElement(parent *TOMLTable, arr *TOMLValue, hdr *TOMLStatement) *TOMLTable {
	key := hdr.Keys[len(hdr.Keys)-1].Name
	t := &TOMLTable{Kind: TOMLArrayElement, Path: appendPath(parent.Path, key),
		Name:   fmt.Sprintf("%s[%d]", tomlChildName(parent.Name, key), len(arr.Items)),
		Header: hdr, doc: b.doc, byKey: map[string]*TOMLEntry{}}
	v := &TOMLValue{Kind: TOMLTableValue, Table: t, Span: hdr.Span, Pos: b.doc.Position(hdr.Span.Start)}
	t.value = v
	arr.Items = append(arr.Items, v)
	return t
}

func appendPath(p []string, k string) []string {
	return append(append(make([]string, 0, len(p)+1), p...), k)
}

func (b *tomlBuilder) addEntry(t *TOMLTable, e *TOMLEntry) {
	t.Entries = append(t.Entries, e)
	t.byKey[e.Key.Name] = e
}

func (b *tomlBuilder) topKeyval(e *unstable.Node) {
	kv := b.keyval(e, b.section, len(b.section.Path))
	if kv == nil {
		return
	}
	stmt := &TOMLStatement{Kind: TOMLKeyValueStatement, Span: kv.span, Keys: kv.keys, Value: kv.value, Section: b.section}
	stmt.Line = b.lineSpan(stmt.Span)
	kv.stmt = stmt
	b.doc.Statements = append(b.doc.Statements, stmt)
}

// keyval converts one key = value and sets it in container, following the
// dotted keys: they may create tables and extend tables that dotted keys
// made, nothing else.
func (b *tomlBuilder) keyval(e *unstable.Node, container *TOMLTable, depth int) *tomlKeyval {
	keys := b.keys(e.Key())
	if depth+len(keys) > tomlMaxDepth {
		b.fail(keys[0].Span.Start, "nested more than %d levels deep; Hookwarden refuses to read a file this deep", tomlMaxDepth)
		return nil
	}
	// The value starts after "=" and the blanks around it.
	vstart := keys[len(keys)-1].Span.End
	for vstart < len(b.src) && (b.src[vstart] == ' ' || b.src[vstart] == '\t' || b.src[vstart] == '=') {
		vstart++
	}
	t := container
	for i, k := range keys[:len(keys)-1] {
		ent := t.byKey[k.Name]
		if ent == nil {
			t = b.newTable(t, k, TOMLDottedTable, k.Span, nil)
			continue
		}
		v := ent.Value
		switch {
		case v.Kind == TOMLTableValue && v.Table.Kind == TOMLDottedTable:
			t = v.Table
		case v.Kind == TOMLTableValue && v.Table.Kind == TOMLInlineTable:
			b.fail(k.Span.Start, "%s: cannot extend an inline table (defined at %s) with a dotted key", b.fullName(container, keys[:i+1]), b.at(v.Pos))
			return nil
		case v.Kind == TOMLTableValue || (v.Kind == TOMLArray && v.ArrayOfTables):
			b.fail(k.Span.Start, "duplicate key %s: a table defined at %s cannot be extended with a dotted key", b.fullName(container, keys[:i+1]), b.at(v.Pos))
			return nil
		default:
			b.fail(k.Span.Start, "%s: cannot extend a value of type %s (defined at %s) with a dotted key", b.fullName(container, keys[:i+1]), v.Kind, b.at(v.Pos))
			return nil
		}
	}
	last := keys[len(keys)-1]
	if prev := t.byKey[last.Name]; prev != nil {
		b.fail(last.Span.Start, "duplicate key %s: already defined at %s", b.fullName(container, keys), b.at(prev.Value.Pos))
		return nil
	}
	value := b.value(e.Value(), vstart, depth+len(keys), tomlChildName(t.Name, last.Name), appendPath(t.Path, last.Name))
	if value == nil {
		return nil
	}
	kv := &tomlKeyval{keys: keys, value: value, span: TOMLSpan{keys[0].Span.Start, value.Span.End}, container: container}
	for tt := t; tt != container; tt = tt.parentOfDotted(container) {
		tt.defs = append(tt.defs, kv)
	}
	if container.Kind == TOMLInlineTable {
		container.kvs = append(container.kvs, kv)
	}
	if value.Kind == TOMLTableValue && value.Table.Kind == TOMLInlineTable {
		value.Table.holder = kv
	}
	b.addEntry(t, &TOMLEntry{Key: last, Value: value, kv: kv})
	return kv
}

// parentOfDotted walks up from a dotted table towards container; tables
// keep no parent pointer, so it is found from the path.
func (t *TOMLTable) parentOfDotted(container *TOMLTable) *TOMLTable {
	cur := container
	for _, k := range t.Path[len(container.Path) : len(t.Path)-1] {
		cur = cur.byKey[k].Value.Table
	}
	return cur
}

func (b *tomlBuilder) fullName(container *TOMLTable, keys []TOMLKey) string {
	name := container.Name
	for _, k := range keys {
		name = tomlChildName(name, k.Name)
	}
	return name
}

// value converts a value that starts at offset start.
func (b *tomlBuilder) value(n *unstable.Node, start, depth int, name string, path []string) *TOMLValue {
	if depth > tomlMaxDepth {
		b.fail(start, "nested more than %d levels deep; Hookwarden refuses to read a file this deep", tomlMaxDepth)
		return nil
	}
	v := &TOMLValue{}
	switch n.Kind {
	case unstable.Array:
		v.Kind = TOMLArray
		i := start + 1
		idx := 0
		for it := n.Children(); it.Next(); {
			c := it.Node()
			if c.Kind == unstable.Comment {
				continue
			}
			i = b.skipTrivia(i, true)
			item := b.value(c, i, depth+1, fmt.Sprintf("%s[%d]", name, idx), path)
			if item == nil {
				return nil
			}
			v.Items = append(v.Items, item)
			i = item.Span.End
			idx++
		}
		i = b.skipTrivia(i, true)
		v.Span = TOMLSpan{start, i + 1}
	case unstable.InlineTable:
		start = b.offset(n.Raw)
		t := &TOMLTable{Kind: TOMLInlineTable, Path: path, Name: name, doc: b.doc, byKey: map[string]*TOMLEntry{}, value: v}
		v.Kind, v.Table = TOMLTableValue, t
		i := start + 1
		for it := n.Children(); it.Next(); {
			c := it.Node()
			if c.Kind != unstable.KeyValue {
				continue
			}
			kv := b.keyval(c, t, depth)
			if kv == nil {
				return nil
			}
			i = kv.span.End
		}
		i = b.skipTrivia(i, true)
		v.Span = TOMLSpan{start, i + 1}
	default:
		v.Span = b.span(n.Raw)
		v.Raw = string(n.Data)
		if n.Kind != unstable.String {
			v.Raw = string(b.src[v.Span.Start:v.Span.End])
		}
		if !b.scalar(n, v) {
			return nil
		}
	}
	v.Pos = b.doc.Position(v.Span.Start)
	return v
}

// scalar fills in a scalar value and checks what the parser leaves to its
// caller: integer range, float syntax, date and time fields.
func (b *tomlBuilder) scalar(n *unstable.Node, v *TOMLValue) bool {
	switch n.Kind {
	case unstable.String:
		v.Kind, v.Str = TOMLString, string(n.Data)
		v.Raw = string(b.src[v.Span.Start:v.Span.End])
	case unstable.Bool:
		v.Kind, v.Bool = TOMLBool, v.Raw == "true"
	case unstable.Integer:
		v.Kind = TOMLInteger
		i, err := strconv.ParseInt(v.Raw, 0, 64)
		if err != nil {
			b.fail(v.Span.Start, "integer %s does not fit in 64 bits", v.Raw)
			return false
		}
		v.Int = i
	case unstable.Float:
		v.Kind = TOMLFloat
		s := strings.ReplaceAll(v.Raw, "_", "")
		switch strings.TrimLeft(s, "+-") {
		case "inf":
			v.Float = math.Inf(1)
			if s[0] == '-' {
				v.Float = math.Inf(-1)
			}
		case "nan":
			v.Float = math.NaN()
		default:
			f, err := strconv.ParseFloat(s, 64)
			if err != nil && !errors.Is(err, strconv.ErrRange) {
				b.fail(v.Span.Start, "invalid float %s", v.Raw)
				return false
			}
			v.Float = f
		}
	case unstable.LocalDate, unstable.LocalTime, unstable.LocalDateTime, unstable.DateTime:
		v.Kind = TOMLDatetime
		kind, msg := checkTOMLDatetime(v.Raw)
		if msg != "" {
			b.fail(v.Span.Start, "invalid date/time %s: %s", v.Raw, msg)
			return false
		}
		v.Datetime = kind
	default:
		b.fail(v.Span.Start, "unexpected value")
		return false
	}
	return true
}

// checkTOMLDatetime checks a date/time literal field by field (RFC 3339 as
// TOML has it: 'T', 't' or a space between date and time; seconds optional,
// as TOML 1.1 and Codex allow) and returns its form, or a reason.
func checkTOMLDatetime(s string) (TOMLDatetimeKind, string) {
	num := func(s string, lo, hi int, what string) string {
		if len(s) != 2 && len(s) != 4 {
			return "bad " + what
		}
		n := 0
		for _, c := range []byte(s) {
			if c < '0' || c > '9' {
				return "bad " + what
			}
			n = n*10 + int(c-'0')
		}
		if n < lo || n > hi {
			return fmt.Sprintf("%s must be between %0*d and %d", what, len(s), lo, hi)
		}
		return ""
	}
	checkTime := func(t string) string {
		if len(t) < 5 || t[2] != ':' {
			return "expected HH:MM"
		}
		if m := num(t[0:2], 0, 23, "hour"); m != "" {
			return m
		}
		if m := num(t[3:5], 0, 59, "minute"); m != "" {
			return m
		}
		rest := t[5:]
		if rest == "" {
			return ""
		}
		if len(rest) < 3 || rest[0] != ':' {
			return "expected :SS"
		}
		if m := num(rest[1:3], 0, 60, "second"); m != "" {
			return m
		}
		rest = rest[3:]
		if rest == "" {
			return ""
		}
		if rest[0] != '.' || len(rest) == 1 || strings.Trim(rest[1:], "0123456789") != "" {
			return "bad fraction of a second"
		}
		return ""
	}
	checkDate := func(d string) string {
		if len(d) != 10 || d[4] != '-' || d[7] != '-' {
			return "expected YYYY-MM-DD"
		}
		if m := num(d[0:4], 0, 9999, "year"); m != "" {
			return m
		}
		if m := num(d[5:7], 1, 12, "month"); m != "" {
			return m
		}
		y, _ := strconv.Atoi(d[0:4])
		mo, _ := strconv.Atoi(d[5:7])
		days := [13]int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[mo]
		if mo == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			days = 29
		}
		return num(d[8:10], 1, days, "day")
	}
	if len(s) >= 3 && s[2] == ':' {
		return TOMLLocalTime, checkTime(s)
	}
	if len(s) == 10 {
		return TOMLLocalDate, checkDate(s)
	}
	if len(s) < 11 || !strings.ContainsRune("Tt ", rune(s[10])) {
		return 0, "expected a date, a time, or a date and time"
	}
	if m := checkDate(s[:10]); m != "" {
		return 0, m
	}
	t := s[11:]
	kind := TOMLLocalDatetime
	if n := len(t); n > 0 && (t[n-1] == 'Z' || t[n-1] == 'z') {
		t, kind = t[:n-1], TOMLOffsetDatetime
	} else if i := strings.LastIndexAny(t, "+-"); i >= 0 {
		off := t[i+1:]
		if len(off) != 5 || off[2] != ':' {
			return 0, "bad time offset"
		}
		if m := num(off[0:2], 0, 23, "offset hour"); m != "" {
			return 0, m
		}
		if m := num(off[3:5], 0, 59, "offset minute"); m != "" {
			return 0, m
		}
		t, kind = t[:i], TOMLOffsetDatetime
	}
	return kind, checkTime(t)
}

// tomlChildName extends a table name for messages by one key, quoted where
// a bare key would not do.
func tomlChildName(parent, key string) string {
	k := tomlKeyText(key)
	if parent == "" {
		return k
	}
	return parent + "." + k
}

func tomlKeyPath(keys []TOMLKey) string {
	name := ""
	for _, k := range keys {
		name = tomlChildName(name, k.Name)
	}
	return name
}

// tomlKeyText is a key as TOML writes it: bare when it can be, else a basic
// string.
func tomlKeyText(key string) string {
	if key != "" && strings.Trim(key, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") == "" {
		return key
	}
	return tomlQuote(key)
}

// tomlQuote is s as a TOML basic string: quote, backslash and every
// control character escaped; everything else, non-ASCII included, as is.
func tomlQuote(s string) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			sb.WriteString(`\"`)
		case '\\':
			sb.WriteString(`\\`)
		case '\b':
			sb.WriteString(`\b`)
		case '\t':
			sb.WriteString(`\t`)
		case '\n':
			sb.WriteString(`\n`)
		case '\f':
			sb.WriteString(`\f`)
		case '\r':
			sb.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(&sb, `\u%04X`, r)
			} else {
				sb.WriteRune(r)
			}
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// tomlMaxDepth is the deepest nesting Hookwarden reads in a TOML file
// (Codex's config.toml): TOML parsers bound their recursion far lower than
// JSON.parse does, and no real config nests past a few levels.
const tomlMaxDepth = 256
