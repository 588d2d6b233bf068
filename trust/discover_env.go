package trust

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// EnvValues turns a hook's env object, name to the JSON text of the
// value (ProjectHook.Env), into the values the hook's process gets, as
// Node's spawn turns them into strings; a value Hookwarden cannot turn
// into the same text is unknown.
func EnvValues(env map[string]string) map[string]string {
	if len(env) == 0 {
		return nil
	}
	out := make(map[string]string, len(env))
	for k, text := range env {
		var v any
		switch err := json.Unmarshal([]byte(text), &v); x := v.(type) {
		case nil:
			if err == nil {
				continue // null: Node leaves the variable out
			}
			out[k] = unknownVar
		case string:
			out[k] = x
		case bool, float64:
			out[k] = text
		default:
			out[k] = unknownVar
		}
	}
	return out
}

// setEnv records a variable the command is given alone (NAME=value cmd).
func (rc *runCtx) setEnv(name, value string) {
	if rc.env == nil {
		rc.env = map[string]string{}
	}
	rc.env[name] = value
}

// getEnv is a variable as the command sees it: its own assignment, or
// the shell's.
func (rc runCtx) getEnv(sc *scope, name string) (string, bool) {
	if v, ok := rc.env[name]; ok {
		return v, true
	}
	v, ok := sc.vars[name]
	return v, ok
}

// envCode lists the files that variables make a program load before its
// own code: LD_PRELOAD and DYLD_INSERT_LIBRARIES for any program,
// BASH_ENV for bash, the -r/--require/--import of NODE_OPTIONS for node.
func (d *discoverer) envCode(st *syntax.Stmt, prog string, sc *scope, rc runCtx) {
	each := func(name, sep string, shell bool) {
		value, set := rc.getEnv(sc, name)
		if !set || value == "" {
			return
		}
		if value == unknownVar || strings.Contains(value, inheritedPath) {
			d.unresolved(sc, st, name+" is set at run time, and "+prog+" loads what it names")
			return
		}
		if shell && strings.ContainsAny(value, "$`") {
			// bash expands BASH_ENV (parameters, command substitution,
			// arithmetic) before it sources the result
			d.unresolved(sc, st, name+" is expanded by "+prog+" at run time, and "+prog+" sources what it names")
			return
		}
		for _, p := range strings.FieldsFunc(value, func(r rune) bool { return strings.ContainsRune(sep, r) }) {
			for _, abs := range d.resolve(sc, st, p) {
				d.add(sc, nil, abs, name, FoundPreload, shell, false)
			}
		}
	}
	each("LD_PRELOAD", ": ", false)
	each("DYLD_INSERT_LIBRARIES", ":", false)
	switch base := filepath.Base(prog); {
	case base == "bash":
		each("BASH_ENV", "", true)
	case base == "node" || base == "nodejs":
		value, set := rc.getEnv(sc, "NODE_OPTIONS")
		if !set {
			return
		}
		if value == unknownVar {
			d.unresolved(sc, st, "NODE_OPTIONS is set at run time, and node loads what it names")
			return
		}
		opts := strings.Fields(value)
		for i := 0; i < len(opts); i++ {
			k, v, hasValue := strings.Cut(opts[i], "=")
			if !nodeInterp.preload[k] {
				continue
			}
			if !hasValue && i+1 < len(opts) {
				i++
				v = opts[i]
			}
			if strings.HasPrefix(v, ".") || filepath.IsAbs(v) {
				for _, abs := range d.resolve(sc, st, v) {
					d.add(sc, nil, abs, "NODE_OPTIONS "+k, FoundPreload, false, false)
				}
			}
		}
	}
}

// inheritedPath stands for $PATH as the hook inherits it (the user's,
// not the project's) in a PATH assigned by the command.
const inheritedPath = "\x01PATH\x01"

// shellBuiltins are the commands bash runs without a PATH lookup.
var shellBuiltins = set("cd", "pushd", "popd", "source", ".", "eval", "exec", "command", "builtin", "echo", "printf", "read", "test", "[", "[[",
	"true", "false", ":", "exit", "return", "set", "unset", "export", "local", "declare", "typeset", "readonly", "shift", "trap", "alias",
	"unalias", "wait", "jobs", "kill", "type", "hash", "shopt", "getopts", "let", "ulimit", "umask", "break", "continue", "times", "dirs")

// pathLookup finds a bare program name in the folders of a PATH the
// command set itself (PATH=./bin:$PATH tool), which may be the project's:
// found, the project's file runs instead of the program the name usually
// means, and is fingerprinted; stop says no other program can be meant.
// A PATH set to something computed leaves the program unresolved.
func (d *discoverer) pathLookup(st *syntax.Stmt, w cmdWord, sc *scope, rc runCtx) (stop bool) {
	value, set := rc.getEnv(sc, "PATH")
	if !set || shellBuiltins[w.v.text] {
		return false
	}
	if value == unknownVar {
		d.unresolved(sc, st, "the program "+w.v.text+" is looked up in a PATH set at run time")
		return true
	}
	beforeInherited := true
	for _, dir := range strings.Split(value, ":") {
		if dir == inheritedPath {
			beforeInherited = false
			continue
		}
		if strings.Contains(dir, inheritedPath) {
			continue
		}
		if dir == "" {
			dir = "."
		}
		for _, p := range d.resolve(sc, w.w, filepath.Join(dir, w.v.text)) {
			if !d.followable(filepath.Dir(p)) {
				continue // the machine's own programs
			}
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				d.add(sc, w.w, p, "PATH", FoundProgram, false, false)
				if beforeInherited {
					return true
				}
			}
		}
	}
	return false
}
