package assets

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// payloadFS holds sample hook inputs: the event's own fields only (the
// base fields are filled at run time). Tool events have one file per tool
// under <Event>/<tool>.json; the others are <Event>.json. Strings may hold
// ${PROJECT} and ${HOME}, replaced by the chosen project and home folder.
//
//go:embed payloads
var payloadFS embed.FS

// PayloadTools lists the tools that have sample BeforeTool/AfterTool
// payloads, sorted.
func PayloadTools() []string {
	return SampleNames(payloadFS, "payloads/BeforeTool")
}

// SampleNames lists the entries of dir in fsys without their .json ending,
// sorted; nil when dir does not exist. The agents' packages list their own
// embedded sample folders with it.
func SampleNames(fsys fs.FS, dir string) []string {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".json"))
	}
	sort.Strings(out)
	return out
}

// Payload returns the sample event fields (a JSON object) for event, and
// for BeforeTool/AfterTool for the tool (a sample tool name from
// PayloadTools).
func Payload(event, tool string) ([]byte, error) {
	p := path.Join("payloads", event+".json")
	if event == "BeforeTool" || event == "AfterTool" {
		if tool == "" {
			return nil, fmt.Errorf("sample payload for %s: no tool given", event)
		}
		p = path.Join("payloads", event, tool+".json")
	}
	data, err := payloadFS.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("sample payload for %s %s: %w", event, tool, err)
	}
	return data, nil
}
