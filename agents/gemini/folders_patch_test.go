package gemini

import (
	"strings"
	"testing"
)

func TestPatchTrustedFoldersKeepsLayout(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty file", "", "{\n  \"/p\": \"TRUST_FOLDER\"\n}"},
		{"empty object CRLF", "{}\r\n", "{\r\n  \"/p\": \"TRUST_FOLDER\"\r\n}\r\n"},
		{"after a trailing comment", "{\n  \"/a\": \"DO_NOT_TRUST\" // old\n}\n",
			"{\n  \"/a\": \"DO_NOT_TRUST\", // old\n  \"/p\": \"TRUST_FOLDER\"\n}\n"},
		{"after a trailing comment, CRLF", "{\r\n  \"/a\": \"DO_NOT_TRUST\" // main\r\n}\r\n",
			"{\r\n  \"/a\": \"DO_NOT_TRUST\", // main\r\n  \"/p\": \"TRUST_FOLDER\"\r\n}\r\n"},
		{"changed level in place", "{\r\n  \"/p\": \"DO_NOT_TRUST\" /* was */\r\n}", "{\r\n  \"/p\": \"TRUST_FOLDER\" /* was */\r\n}"},
	}
	for _, tt := range tests {
		got, err := patchTrustedFolders("trustedFolders.json", []byte(tt.in), "/p", trustFolder)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if string(got) != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
		if strings.Contains(tt.in, "\r\n") && strings.Count(string(got), "\n") != strings.Count(string(got), "\r\n") {
			t.Errorf("%s: mixed line breaks %q", tt.name, got)
		}
	}
}
