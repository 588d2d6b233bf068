package sandbox

import (
	"reflect"
	"testing"
)

// A parked supervisor serves a hook only when everything it fixed at set-up
// is what the hook asks for: two configurations that differ in any field
// but those a hook brings itself must have different keys, so a new field
// of Config cannot be forgotten (a traced run taking a sandbox whose filter
// does not hand over the stat calls would miss the paths it looked for).
func TestHookKeyCoversEveryConfigField(t *testing.T) {
	perHook := map[string]bool{"Markers": true, "Project": true, "Warm": true, "Sequence": true}
	dir := t.TempDir()
	base := Config{Init: "/bin/true", Home: dir}
	typ := reflect.TypeOf(base)
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		if perHook[f.Name] {
			continue
		}
		changed := base
		v := reflect.ValueOf(&changed).Elem().Field(i)
		switch f.Type.Kind() {
		case reflect.String:
			v.SetString(v.String() + "/other")
		case reflect.Bool:
			v.SetBool(!v.Bool())
		case reflect.Slice:
			v.Set(reflect.ValueOf([]string{t.TempDir()}))
		case reflect.Struct:
			v.Field(0).SetInt(12345)
		default:
			t.Fatalf("field %s (%s): the test does not know how to change it; decide whether hookKey must include it", f.Name, f.Type)
		}
		if hookKey(base, dir) == hookKey(changed, dir) {
			t.Errorf("hookKey ignores Config.%s: a parked sandbox set up for one value would serve a hook asking for another", f.Name)
		}
	}
}
