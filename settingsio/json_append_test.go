package settingsio

import "testing"

// JSONAppend keeps comments and layout, adds missing parents, and refuses
// a path through something that is not an object or array.
func TestJSONAppend(t *testing.T) {
	in := "{\n  // mine\n  \"a\": 1,\n  \"hooks\": {\"E\": [{\"x\": 1}]}\n}\n"
	out, err := JSONAppend("f", []byte(in), []string{"hooks", "E"}, []byte(`{"y": 2}`))
	if err != nil || string(out) != "{\n  // mine\n  \"a\": 1,\n  \"hooks\": {\"E\": [{\"x\": 1},{\"y\":2}]}\n}\n" {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err = JSONAppend("f", []byte(in), []string{"hooks", "F"}, []byte(`{"y": 2}`))
	if err != nil || string(out) != "{\n  // mine\n  \"a\": 1,\n  \"hooks\": {\"E\": [{\"x\": 1}],\"F\":[{\"y\":2}]}\n}\n" {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err = JSONAppend("f", []byte("{}"), []string{"hooks", "a/b"}, []byte(`1`))
	if err != nil || string(out) != `{"hooks":{"a/b":[1]}}` {
		t.Fatalf("%v\n%s", err, out)
	}
	if _, err := JSONAppend("f", []byte(`{"hooks": []}`), []string{"hooks", "E"}, []byte(`1`)); err == nil {
		t.Fatal("appended through an array")
	}
	if _, err := JSONAppend("f", []byte(`{"hooks": {"E": {}}}`), []string{"hooks", "E"}, []byte(`1`)); err == nil {
		t.Fatal("appended to an object")
	}
	back, err := JSONRemoveIndex("f", []byte(`{"hooks": {"E": [1, /* c */ 2]}}`), []string{"hooks", "E"}, 0)
	if err != nil || string(back) != `{"hooks": {"E": [ /* c */ 2]}}` {
		t.Fatalf("%v %s", err, back)
	}
}
