package risk

import (
	"sort"
	"strings"
)

// taintKind says what kind of data a value carries.
type taintKind uint8

const (
	// tMeta: fields of the hook's input that carry no user data (the
	// event name, the session id, a notification message).
	tMeta taintKind = 1 << iota
	// tPayload: the hook's input itself, or the parts with user data
	// (tool input, prompt, transcript).
	tPayload
	// tSecretVar: a credential-looking environment variable.
	tSecretVar
	// tSecretFile: the content of a credential file.
	tSecretFile
	// tEnvDump: the whole environment.
	tEnvDump
	// tTree: the whole project folder (an archive or a copy of it): its
	// source and whatever .env or key files it holds. Only an upload of
	// it as a file (curl -T, -F @) makes it serious: rsync, scp and git
	// send a tree to where the project is deployed or kept.
	tTree
)

// taints is what a value carries, with words for the report.
type taints struct {
	kinds taintKind
	vars  []string // secret variable names
	files []string // secret files ("SSH keys (~/.ssh/id_rsa)")
}

func (t taints) has(k taintKind) bool { return t.kinds&k != 0 }
func (t taints) empty() bool          { return t.kinds == 0 }

func (t *taints) add(o taints) {
	t.kinds |= o.kinds
	t.vars = appendNew(t.vars, o.vars...)
	t.files = appendNew(t.files, o.files...)
}

func appendNew(list []string, items ...string) []string {
	for _, it := range items {
		found := false
		for _, l := range list {
			if l == it {
				found = true
				break
			}
		}
		if !found {
			list = append(list, it)
		}
	}
	return list
}

func payloadTaint() taints { return taints{kinds: tPayload} }
func metaTaint() taints    { return taints{kinds: tMeta} }
func envDumpTaint() taints { return taints{kinds: tEnvDump} }
func secretVarTaint(name string) taints {
	return taints{kinds: tSecretVar, vars: []string{"$" + name}}
}
func secretFileTaint(what, path string) taints {
	return taints{kinds: tSecretFile, files: []string{what + " (" + path + ")"}}
}

// serious: the part of the data that makes sending it critical, in words.
func (t taints) serious() string {
	var parts []string
	if t.has(tPayload) {
		parts = append(parts, "the tool input it receives on stdin")
	}
	parts = append(parts, t.files...)
	if t.has(tEnvDump) {
		parts = append(parts, "the whole environment (with every token and key in it)")
	}
	return joinWords(parts)
}

func joinWords(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// sensitiveKeys are the parts of a hook's input that carry user data.
var sensitiveKeys = []string{"tool_input", "tool_response", "prompt", "transcript", "content",
	"command", "new_string", "old_string", "file_text", "user_prompt", "messages", "edits", "llm_request", "llm_response", "output", "stdout"}

// metaKeys are input fields that are safe to pass on (a notification's
// message, the event name…).
var metaKeys = []string{"message", "title", "hook_event_name", "session_id", "cwd", "notification_type",
	"stop_hook_active", "event", "type", "reason", "source", "timestamp", "tool_name", "name", "status", "model", "agent"}

// fieldTaint is the taint of a selection from the payload: the keys named
// in the selector decide whether it reads user data.
func fieldTaint(selector string, keys []string) taints {
	if len(keys) == 0 {
		keys = fieldsOf(selector)
	}
	if len(keys) == 0 {
		return payloadTaint()
	}
	for _, k := range keys {
		for _, s := range sensitiveKeys {
			if strings.Contains(k, s) {
				return payloadTaint()
			}
		}
	}
	for _, k := range keys {
		known := false
		for _, m := range metaKeys {
			if k == m {
				known = true
			}
		}
		if !known && !strings.HasPrefix(k, "file_path") && k != "path" && k != "tool_name" {
			return payloadTaint()
		}
	}
	return metaTaint()
}

// fieldsOf reads the field names of a jq filter (.a.b, .["a"], .a // "x").
func fieldsOf(filter string) []string {
	var out []string
	cur := strings.Builder{}
	in := false
	for _, r := range filter {
		switch {
		case r == '.':
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
			in = true
		case in && (r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'):
			cur.WriteRune(r)
		default:
			if cur.Len() > 0 {
				out = append(out, cur.String())
				cur.Reset()
			}
			in = false
		}
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	sort.Strings(out)
	return out
}
