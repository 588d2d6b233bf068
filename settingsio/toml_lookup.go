package settingsio

import "fmt"

// TOMLTypeError is a value of the wrong kind:
// "config.toml:12:11: hooks.PreToolUse[0].timeout: expected integer, got string".
type TOMLTypeError struct {
	Path   string // the file
	Line   int
	Column int
	Key    string // the value's name with array indices
	Want   string
	Got    TOMLKind
}

func (e *TOMLTypeError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s: expected %s, got %s", e.Path, e.Line, e.Column, e.Key, e.Want, e.Got)
}

// Table returns the table at a key path from the root (nil when there is
// none, or something other than a table is there). It does not go into
// arrays; use ArrayOfTables for those.
func (d *TOMLDocument) Table(path ...string) *TOMLTable {
	return d.Root.Table(path...)
}

// Entry returns the entry of a key of t, or nil.
func (t *TOMLTable) Entry(key string) *TOMLEntry {
	if t == nil {
		return nil
	}
	return t.byKey[key]
}

// Value returns the value of a key of t, or nil.
func (t *TOMLTable) Value(key string) *TOMLValue {
	if e := t.Entry(key); e != nil {
		return e.Value
	}
	return nil
}

// Table returns the table at a key path below t, or nil.
func (t *TOMLTable) Table(path ...string) *TOMLTable {
	for _, k := range path {
		v := t.Value(k)
		if v == nil || v.Kind != TOMLTableValue {
			return nil
		}
		t = v.Table
	}
	return t
}

// ArrayOfTables returns the tables of an array under key, in order: the
// elements of [[key]] headers or the inline tables of key = [{...}, ...]
// (Codex reads both alike). A missing key is (nil, nil); anything but an
// array of tables is a *TOMLTypeError.
func (t *TOMLTable) ArrayOfTables(key string) ([]*TOMLTable, error) {
	v := t.Value(key)
	if v == nil {
		return nil, nil
	}
	if v.Kind != TOMLArray {
		return nil, t.typeError(key, v, "array of tables")
	}
	tables := make([]*TOMLTable, 0, len(v.Items))
	for i, it := range v.Items {
		if it.Kind != TOMLTableValue {
			return nil, t.doc.typeError(fmt.Sprintf("%s[%d]", tomlChildName(t.Name, key), i), it, "table")
		}
		tables = append(tables, it.Table)
	}
	return tables, nil
}

// String returns the string under key; ok is false when the key is
// missing; a value of another kind is a *TOMLTypeError.
func (t *TOMLTable) String(key string) (s string, ok bool, err error) {
	v, err := t.typed(key, TOMLString)
	if v == nil {
		return "", false, err
	}
	return v.Str, true, nil
}

// Int returns the integer under key, as String does.
func (t *TOMLTable) Int(key string) (i int64, ok bool, err error) {
	v, err := t.typed(key, TOMLInteger)
	if v == nil {
		return 0, false, err
	}
	return v.Int, true, nil
}

// Bool returns the boolean under key, as String does.
func (t *TOMLTable) Bool(key string) (b bool, ok bool, err error) {
	v, err := t.typed(key, TOMLBool)
	if v == nil {
		return false, false, err
	}
	return v.Bool, true, nil
}

func (t *TOMLTable) typed(key string, want TOMLKind) (*TOMLValue, error) {
	v := t.Value(key)
	if v == nil {
		return nil, nil
	}
	if v.Kind != want {
		return nil, t.typeError(key, v, want.String())
	}
	return v, nil
}

func (t *TOMLTable) typeError(key string, v *TOMLValue, want string) error {
	return t.doc.typeError(tomlChildName(t.Name, key), v, want)
}

func (d *TOMLDocument) typeError(name string, v *TOMLValue, want string) error {
	return &TOMLTypeError{Path: d.Path, Line: v.Pos.Line, Column: v.Pos.Column, Key: name, Want: want, Got: v.Kind}
}

// Pos returns where the table is defined: its header, its first dotted
// key, its opening brace (the start of the file for the root).
func (t *TOMLTable) Pos() Pos {
	if t.value == nil {
		return Pos{Line: 1, Column: 1}
	}
	return t.value.Pos
}

// Span returns the bytes that define the table: its header, its first
// dotted key, its { ... } (empty for the root).
func (t *TOMLTable) Span() TOMLSpan {
	if t.value == nil {
		return TOMLSpan{}
	}
	return t.value.Span
}
