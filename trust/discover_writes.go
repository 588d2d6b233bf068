package trust

import (
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// writeRef is a path a command writes (or, dir, a folder it writes into).
type writeRef struct {
	path string
	dir  bool
	text string
	file string
	line int
}

// wrote records a write of the path a word names, in every working folder.
func (d *discoverer) wrote(sc *scope, at syntax.Node, v wordv, dir bool) {
	if !v.ok || v.text == "" {
		return // computed targets are not tracked (most are temporary files)
	}
	p := v.text
	if v.glob {
		p, dir = filepath.Dir(v.pattern), true
	}
	if strings.HasPrefix(p, "/dev/") {
		return
	}
	for _, abs := range d.resolve(sc, at, p) {
		d.writes = append(d.writes, writeRef{path: abs, dir: dir || isDir(abs), text: sc.text(at), file: sc.file, line: int(at.Pos().Line())})
	}
}

// redirWrites records the files a statement's redirections write.
func (d *discoverer) redirWrites(st *syntax.Stmt, sc *scope) {
	for _, r := range st.Redirs {
		switch r.Op {
		case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob, syntax.RdrInOut:
			d.wrote(sc, r, d.expand(r.Word, sc), false)
		}
	}
}

// commandWrites records what programs that write files write: cp, mv,
// install, ln, rsync (the last argument, or -t DIR), tee, dd of=, curl -o,
// wget -O (or into the folder), sed -i and perl -i (their files), and the
// programs that rewrite files of the working folder (git checkout, patch,
// tar x, unzip, …).
func (d *discoverer) commandWrites(st *syntax.Stmt, name string, args []cmdWord, sc *scope) {
	var operands []cmdWord
	opt := func(w cmdWord) bool { return w.v.ok && strings.HasPrefix(w.v.text, "-") && w.v.text != "-" }
	cwd := cmdWord{v: wordv{text: ".", ok: true}}
	switch name {
	case "cp", "mv", "install", "ln", "rsync":
		for i := 0; i < len(args); i++ {
			if t := args[i].v.text; (t == "-t" || t == "--target-directory") && i+1 < len(args) {
				d.wrote(sc, st, args[i+1].v, true)
				return
			}
			if !opt(args[i]) {
				operands = append(operands, args[i])
			}
		}
		if len(operands) >= 2 {
			d.wrote(sc, st, operands[len(operands)-1].v, len(operands) > 2)
		}
	case "tee":
		for _, a := range args {
			if !opt(a) {
				d.wrote(sc, st, a.v, false)
			}
		}
	case "dd":
		for _, a := range args {
			if a.v.ok && strings.HasPrefix(a.v.text, "of=") {
				v := a.v
				v.text = strings.TrimPrefix(v.text, "of=")
				d.wrote(sc, st, v, false)
			}
		}
	case "curl", "wget":
		out := false
		for i := 0; i < len(args); i++ {
			t := args[i].v.text
			switch {
			case (t == "-o" || t == "--output" || name == "wget" && (t == "-O" || t == "--output-document") ||
				name == "curl" && len(t) > 2 && t[0] == '-' && t[1] != '-' && strings.HasSuffix(t, "o")) && i+1 < len(args):
				d.wrote(sc, st, args[i+1].v, false)
				out = true
				i++
			case t == "-O" || t == "--remote-name" || t == "-P":
				d.wrote(sc, st, cwd.v, true)
				out = true
			}
		}
		if name == "wget" && !out {
			d.wrote(sc, st, cwd.v, true)
		}
	case "sed", "perl", "gsed":
		inPlace := false
		for _, a := range args {
			if a.v.ok && (a.v.text == "-i" || strings.HasPrefix(a.v.text, "-i") || a.v.text == "--in-place" || strings.HasPrefix(a.v.text, "-pi")) {
				inPlace = true
			}
		}
		if inPlace {
			for _, a := range args[1:] {
				if !opt(a) {
					d.wrote(sc, st, a.v, false)
				}
			}
		}
	case "git":
		for _, a := range args {
			switch a.v.text {
			case "checkout", "pull", "apply", "restore", "reset", "merge", "rebase", "switch", "stash", "am", "cherry-pick", "revert", "clone", "fetch":
				if a.v.text != "fetch" {
					d.wrote(sc, st, cwd.v, true)
				}
				return
			}
		}
	case "patch", "unzip":
		d.wrote(sc, st, cwd.v, true)
	case "tar", "bsdtar":
		for _, a := range args {
			if a.v.ok && (a.v.text == "-x" || a.v.text == "--extract" || !strings.HasPrefix(a.v.text, "--") && strings.HasPrefix(a.v.text, "-") && strings.Contains(a.v.text, "x") || a.v.text == "x" || strings.HasPrefix(a.v.text, "x")) {
				d.wrote(sc, st, cwd.v, true)
				return
			}
		}
	default:
		d.otherWrites(st, name, args, sc)
	}
}

// checkWrites marks the scripts the command itself writes: what runs then
// is not what was fingerprinted.
func (d *discoverer) checkWrites() {
	for _, w := range d.writes {
		for _, s := range d.out.Scripts {
			if s.Path == w.path || w.dir && within(s.Path, w.path) {
				u := UnresolvedCode{Text: w.text, Why: "the hook writes " + s.Path + ", which it also runs: what runs is what it wrote, not the fingerprinted file", File: w.file, Line: w.line}
				if k := u.String(); !d.unseen[k] {
					d.unseen[k] = true
					d.out.Unresolved = append(d.out.Unresolved, u)
				}
			}
		}
	}
}

// compressors write beside each file they are handed (x.gz from x, x from
// x.gz) unless told to write to stdout; decompressing is how a hook
// regenerates a script from a project file (atk's HOLE 2).
var compressors = set("gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "zstd", "unzstd", "zstdmt", "lz4", "lz4c", "unlz4",
	"compress", "uncompress", "pigz", "unpigz", "pbzip2", "lzip", "brotli")

// formatters rewrite the files they are handed in place (or, handed none,
// the working folder), some only with a flag.
var formatters = map[string]string{"black": "", "isort": "", "rustfmt": "", "ruff": "", "shfmt": "-w", "gofmt": "-w", "goimports": "-w",
	"clang-format": "-i", "autopep8": "-i", "yapf": "-i", "typos": "-w", "codespell": "-w", "taplo": "", "dos2unix": "", "unix2dos": "",
	"truncate": "", "shred": ""}

// otherWrites records what the programs discovery takes as reading only
// (inertPrograms) write after all: a compressor's outputs, sort -o, iconv
// -o, xxd's second operand, openssl -out, base64 -o, gpg -o, split's
// pieces, yq -i and the formatters' files. Where the target is a rule of
// the program's own, the folder it writes into is recorded (fail closed).
func (d *discoverer) otherWrites(st *syntax.Stmt, name string, args []cmdWord, sc *scope) {
	opt := func(w cmdWord) bool { return w.v.ok && strings.HasPrefix(w.v.text, "-") && w.v.text != "-" }
	var operands []cmdWord
	has := func(flags ...string) bool {
		for _, a := range args {
			for _, f := range flags {
				if a.v.ok && a.v.text == f {
					return true
				}
			}
		}
		return false
	}
	// optionValue records the word after (or glued to, =) one of flags.
	optionValue := func(flags ...string) bool {
		found := false
		for i, a := range args {
			for _, f := range flags {
				switch {
				case !a.v.ok:
				case a.v.text == f && i+1 < len(args):
					d.wrote(sc, st, args[i+1].v, false)
					found = true
				case strings.HasPrefix(a.v.text, f+"=") || len(f) == 2 && f[1] != '-' && strings.HasPrefix(a.v.text, f) && len(a.v.text) > 2 && !strings.HasPrefix(f, "--"):
					v := a.v
					v.text = strings.TrimPrefix(strings.TrimPrefix(v.text, f), "=")
					d.wrote(sc, st, v, false)
					found = true
				}
			}
		}
		return found
	}
	for _, a := range args {
		if !opt(a) {
			operands = append(operands, a)
		}
	}
	cwd := wordv{text: ".", ok: true}
	switch {
	case compressors[name]:
		if has("-c", "--stdout", "--to-stdout", "-t", "--test", "-l", "--list") || optionValue("-o", "--output") {
			return
		}
		for _, a := range operands {
			if a.v.ok && a.v.text != "-" {
				v := a.v
				v.text = filepath.Dir(v.text)
				d.wrote(sc, st, v, true)
			}
		}
	case name == "sort" || name == "iconv":
		optionValue("-o", "--output")
	case name == "openssl":
		optionValue("-out")
	case name == "base64" || name == "gpg" || name == "gpg2":
		optionValue("-o", "--output")
		if has("--decrypt-files", "--encrypt-files") {
			d.wrote(sc, st, cwd, true)
		}
	case name == "xxd":
		if len(operands) >= 2 {
			d.wrote(sc, st, operands[1].v, false)
		}
	case name == "split" || name == "csplit":
		d.wrote(sc, st, cwd, true)
	case name == "yq":
		if has("-i", "--inplace") {
			for _, a := range operands[min(1, len(operands)):] {
				d.wrote(sc, st, a.v, false)
			}
		}
	default:
		flag, ok := formatters[name]
		if !ok || flag != "" && !has(flag, "--write", "--in-place", "--inplace") || has("--check", "--diff", "-l", "-d") {
			return
		}
		if name == "ruff" && !has("format", "--fix") {
			return
		}
		n := 0
		for _, a := range operands {
			if a.v.ok && (a.v.text == "format" || a.v.text == "check" || a.v.text == "fmt") {
				continue
			}
			d.wrote(sc, st, a.v, false)
			n++
		}
		if n == 0 {
			d.wrote(sc, st, cwd, true)
		}
	}
}
