package gemini

import (
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

func layerFile(t *testing.T, layer settingsio.Layer, text string) *settingsio.File {
	t.Helper()
	if text == "" {
		return &settingsio.File{Layer: layer}
	}
	root, perr := settingsio.ParseJSONC(string(layer), []byte(text))
	if perr != nil {
		t.Fatal(perr)
	}
	return &settingsio.File{Layer: layer, Path: string(layer), Exists: true, Root: root}
}

func TestSettingPrecedence(t *testing.T) {
	tests := []struct {
		name                       string
		sysDefaults, user, ws, sys string
		trusted                    bool
		wantRaw                    string // "" = nil
		wantLayer                  settingsio.Layer
	}{
		{"unset", "", "", "", "", true, "", ""},
		{"user over system-defaults", `{"hooksConfig":{"enabled":true}}`, `{"hooksConfig":{"enabled":false}}`, "", "", true, "false", settingsio.LayerUser},
		{"trusted workspace over user", "", `{"hooksConfig":{"enabled":false}}`, `{"hooksConfig":{"enabled":true}}`, "", true, "true", settingsio.LayerWorkspace},
		{"untrusted workspace ignored", "", `{"hooksConfig":{"enabled":false}}`, `{"hooksConfig":{"enabled":true}}`, "", false, "false", settingsio.LayerUser},
		{"system over everything", "", `{"hooksConfig":{"enabled":true}}`, `{"hooksConfig":{"enabled":true}}`, `{"hooksConfig":{"enabled":false}}`, true, "false", settingsio.LayerSystem},
		{"null is a value", "", `{"hooksConfig":{"enabled":true}}`, "", `{"hooksConfig":{"enabled":null}}`, true, "null", settingsio.LayerSystem},
		{"scalar parent hides earlier values", `{"hooksConfig":{"enabled":false}}`, `{"hooksConfig":5}`, "", "", true, "", ""},
		{"object after scalar parent starts afresh", `{"hooksConfig":"x"}`, "", `{"hooksConfig":{"enabled":"false"}}`, "", true, `"false"`, settingsio.LayerWorkspace},
		{"missing key in a later layer keeps earlier value", `{"hooksConfig":{"enabled":false}}`, `{"hooksConfig":{}}`, "", "", true, "false", settingsio.LayerSystemDefaults},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			state := folderUntrusted
			if tt.trusted {
				state = FolderTrusted
			}
			s := &Project{
				Settings: []*settingsio.File{layerFile(t, settingsio.LayerSystemDefaults, tt.sysDefaults), layerFile(t, settingsio.LayerUser, tt.user),
					layerFile(t, settingsio.LayerWorkspace, tt.ws), layerFile(t, settingsio.LayerSystem, tt.sys)},
				FolderTrust: FolderTrust{State: state},
			}
			n, f := s.Setting("hooksConfig", "enabled")
			if tt.wantRaw == "" {
				if n != nil {
					got, _ := n.MarshalJSON()
					t.Errorf("Setting = %s, want unset", got)
				}
				return
			}
			if n == nil || f == nil {
				t.Fatalf("Setting unset, want %s from %s", tt.wantRaw, tt.wantLayer)
			}
			if got, _ := n.MarshalJSON(); string(got) != tt.wantRaw || f.Layer != tt.wantLayer {
				t.Errorf("Setting = %s from %s, want %s from %s", got, f.Layer, tt.wantRaw, tt.wantLayer)
			}
		})
	}
}

func TestCoerceBoolAndDefault(t *testing.T) {
	tests := []struct {
		json        string
		coerce, def bool // def: value ?? true
	}{
		{`true`, true, true}, {`false`, false, false}, {`"FALSE"`, false, false}, {`"True"`, true, true},
		{`"no"`, true, true}, {`""`, false, false}, {`0`, false, false}, {`null`, false, true}, {`{}`, true, true},
	}
	for _, tt := range tests {
		root, perr := settingsio.ParseJSONC("f", []byte(`{"v":`+tt.json+`}`))
		if perr != nil {
			t.Fatal(perr)
		}
		n := root.Get("v")
		if got := coerceBool(n); got != tt.coerce {
			t.Errorf("CoerceBool(%s) = %v, want %v", tt.json, got, tt.coerce)
		}
		if got := settingOr(n, true); got != tt.def {
			t.Errorf("settingOr(%s, true) = %v, want %v", tt.json, got, tt.def)
		}
	}
	if coerceBool(nil) || !settingOr(nil, true) {
		t.Error("nil node")
	}
}
