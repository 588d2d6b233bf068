package risk

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The command handler table, second part: the programs shell.program
// judged in its own switch before the table existed (what they print,
// read, decode, write, run). Each handler returns what the program writes
// on stdout, or ok false to hand it on (to the next handler of the same
// program, then to what shell.program does with every other program).

// registerProgTable adds these handlers after the ones of buildProgHandlers, which
// run first for the programs both name.
func registerProgTable(reg func(progHandler, ...string)) {
	reg(progEcho, "echo", "printf")
	reg(progCat, "cat", "head", "tail", "tac", "less", "more", "nl", "strings", "od", "hexdump", "zcat", "gzcat", "bzcat", "tar", "zip", "7z", "base32", "sponge")
	reg(progBase64, "base64", "openssl", "xxd", "rev", "tr", "gunzip", "gzip", "uudecode", "basenc")
	reg(progJq, "jq", "gojq", "jaq")
	reg(progRead, "read")
	reg(progMapfile, "mapfile", "readarray")
	reg(progPrintenv, "printenv")
	reg(progSet, "set", "export", "declare", "typeset", "compgen")
	reg(progSecurity, "security")
	reg(progGh, "gh", "gcloud", "aws", "op", "pass", "vault", "az", "doctl", "heroku")
	reg(progCurl, "curl", "wget", "http", "https", "xh", "aria2c", "lynx", "links", "httpie")
	reg(progNc, "nc", "ncat", "netcat", "telnet", "socat", "openssl-s_client")
	reg(progSsh, "ssh", "scp", "sftp", "rsync")
	reg(progDig, "dig", "nslookup", "host", "drill", "ping", "ping6", "getent")
	reg(progPython, "python", "python2", "python3", "pypy", "pypy3")
	reg(progNode, "node", "nodejs", "bun", "deno", "tsx", "ts-node")
	reg(progPerl, "perl", "ruby")
	reg(progPhp, "php")
	reg(progAwk, "awk", "gawk", "mawk", "nawk")
	reg(progNgrok, "ngrok", "cloudflared", "bore", "frpc", "localtunnel", "lt", "chisel")
	reg(progHistory, "history", "fc")
	reg(progPreCommit, "pre-commit", "prek")
	reg(progPs, "ps")
	reg(progNpx, "npx", "pnpx", "bunx", "uvx", "pipx", "pnpm", "yarn", "npm", "uv", "go", "pip", "pip3", "gem", "cargo", "brew", "dnx", "bundle", "poetry", "composer", "pdm", "pipenv", "conda", "mamba", "twine")
	reg(progRm, "rm", "unlink", "rmdir", "shred", "srm", "trash")
	reg(progFind, "find")
	reg(progLs, "ls")
	reg(progDd, "dd")
	reg(progWipefs, "wipefs", "fdisk", "sfdisk", "parted", "shutdown", "reboot", "halt", "poweroff", "init", "diskutil", "format")
	reg(progChmod, "chmod")
	reg(progChown, "chown", "chgrp")
	reg(progSetcap, "setcap")
	reg(progDocker, "docker", "podman", "nerdctl")
	reg(progMake, "make", "gmake")
	reg(progCrontab, "crontab")
	reg(progAt, "at", "batch")
	reg(progSystemctl, "systemctl")
	reg(progLaunchctl, "launchctl")
	reg(progSchtasks, "schtasks", "reg")
	reg(progTee, "tee")
	reg(progCp, "cp", "mv", "install", "ln", "rsync-local")
	// other coding agents' programs (the registered agents' own come as
	// facts: Agents.Programs)
	reg(progClaude, "cursor-agent", "opencode", "amp", "aider", "goose", "crush", "kiro-cli", "droid")
	reg(progOsascript, "osascript")
	reg(progPowershell, "powershell", "pwsh", "powershell.exe", "pwsh.exe")
	reg(progMkfifo, "mkfifo")
	reg(progMktemp, "mktemp")
	reg(progDirname, "dirname")
	reg(progCd, "cd", "pushd")
	reg(progPwd, "pwd")
	reg(progRealpath, "realpath", "readlink")
	reg(progBash, "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "fish", "busybox")
}

// progEcho judges echo, printf.
func progEcho(sh *shell, c progCall) (value, bool) {
	base, args, n := c.base, c.args, c.n
	return sh.printOut(base, args, n), true
}

// progCat judges cat, head, tail, tac, less, more, nl, strings, od, hexdump, zcat, gzcat, bzcat, tar, zip, 7z, base32, sponge.
func progCat(sh *shell, c progCall) (value, bool) {
	base, args, n, in := c.base, c.args, c.n, c.in
	_, pos := options(args, set("-n", "-c", "-f", "-C", "-x"), false)
	if base == "sponge" {
		if len(pos) > 0 {
			sh.write(pos[0].value, stdinOf(in), n)
		}
		return value{}, true
	}
	if len(pos) == 0 || (len(pos) == 1 && pos[0].s == "-") {
		out := stdinOf(in)
		if base == "cat" && in != nil {
			sh.printed(in.s, n) // cat <<EOF … EOF
		}
		if base == "zcat" || base == "gzcat" {
			return gunzip(out), true
		}
		return out, true
	}
	out := value{known: false}
	tarDir := ""
	if base == "tar" {
		for i, a := range args {
			if (a.s == "-C" || a.s == "--directory") && i+1 < len(args) {
				tarDir = args[i+1].s
			} else if strings.HasPrefix(a.s, "--directory=") {
				tarDir = strings.TrimPrefix(a.s, "--directory=")
			}
		}
	}
	for _, p := range pos {
		if tarDir != "" && !strings.HasPrefix(p.s, "/") && !strings.HasPrefix(p.s, "~") {
			p.value.s = tarDir + "/" + p.s // tar -C DIR FILE…
		}
		out.merge(sh.readFile(p.value, n))
		if base == "cat" {
			sh.printFile(p.value, n)
		}
	}
	if base == "tar" || base == "zip" || base == "7z" {
		// tar czf OUT SRC… / zip -r OUT SRC…: OUT holds what SRC holds
		if archive, ok := archiveOut(base, args); ok {
			sh.write(archive.value, out, n)
			return value{}, true
		}
	}
	return out, true
}

// progBase64 judges base64, openssl, xxd, rev, tr, gunzip, gzip, uudecode, basenc.
func progBase64(sh *shell, c progCall) (value, bool) {
	base, args, n, in := c.base, c.args, c.n, c.in
	if in == nil {
		// base64 -d FILE: a file of the project decoded as its input is
		var rest []field
		var content *value
		for _, a := range args {
			if content == nil && !strings.HasPrefix(a.s, "-") && a.known {
				if text, ok := sh.projectText(a.s); ok {
					content = &value{s: text, known: true}
					continue
				}
			}
			rest = append(rest, a)
		}
		if content != nil {
			if v, ok := sh.decoder(base, rest, *content); ok {
				return v, true
			}
		}
	}
	if v, ok := sh.decoder(base, args, stdinOf(in)); ok {
		return v, true
	}
	_, pos := options(args, nil, false)
	out := stdinOf(in)
	if base == "openssl" {
		return sh.openssl(args, n, out), true
	}
	for _, p := range pos {
		out.merge(sh.readFile(p.value, n))
	}
	out.known = false
	return out, true
}

// jqCondRe: a jq filter that prints only for some inputs.
var jqCondRe = lazyRe(`\bif\b|\bselect\s*\(|\bempty\b`)

// jqVarRe matches $name in a jq filter.
func jqVarRe(name string) *regexp.Regexp {
	return regexp.MustCompile(`\$` + regexp.QuoteMeta(name) + `\b`)
}

// progJq judges jq, gojq, jaq.
func progJq(sh *shell, c progCall) (value, bool) {
	args, n, in := c.args, c.n, c.in
	// --arg NAME VALUE (and --argjson, --slurpfile, --rawfile) take two
	// words: the value is the second
	var named []flag
	rest := make([]field, 0, len(args))
	for i := 0; i < len(args); i++ {
		switch args[i].s {
		case "--arg", "--argjson", "--slurpfile", "--rawfile":
			if i+2 < len(args) {
				named = append(named, flag{name: args[i].s + " " + args[i+1].s, val: args[i+2], has: true})
				i += 2
				continue
			}
		}
		rest = append(rest, args[i])
	}
	flags, pos := options(rest, set("-L", "--indent", "--args", "--jsonargs"), false)
	flags = append(flags, named...)
	filter := ""
	if len(pos) > 0 {
		filter = pos[0].s
		pos = pos[1:]
	}
	var src value
	if hasFlag(flags, "-n", "--null-input") {
		src = value{}
		text := filter
		for _, fl := range flags {
			if name, ok := strings.CutPrefix(fl.name, "--arg "); ok && (fl.val.known || strings.Contains(fl.val.s, " ") && !strings.HasPrefix(fl.val.s, "$")) {
				// (a text with placeholders, $branch, is still its words)
				// {additionalContext: $c} with --arg c TEXT prints TEXT
				// under that key: read as the literal it is
				text = jqVarRe(name).ReplaceAllLiteralString(text, strconv.Quote(fl.val.s))
				continue
			}
			if fl.has {
				text += "\n" + fl.val.s
			}
		}
		sh.printed(text, n)
	} else if len(pos) > 0 {
		for _, p := range pos {
			src.merge(sh.readFile(p.value, n))
		}
	} else {
		src = stdinOf(in)
	}
	if !hasFlag(flags, "-n", "--null-input") && strings.Contains(filter, "{") && !sh.a.sub {
		// an object the filter builds from its input ({…, permissionDecision:
		// "allow", updatedInput: …}): its literal keys and values are printed
		// whatever the input; an if/select/empty filter prints on some inputs
		sh.a.print(printed{text: filter, src: sh.source(n), cond: sh.cond > 0 || sh.exitsEarly || jqCondRe.MatchString(filter)})
	}
	for _, fl := range flags {
		if fl.has {
			src.t.add(fl.val.t)
		}
	}
	if src.t.has(tPayload) && !hasFlag(flags, "-n") {
		keep := src.t
		keep.kinds &^= tPayload
		ft := fieldTaint(filter, nil)
		keep.add(ft)
		src.t = keep
	}
	src.known = false
	return src, true
}

// progRead judges read.
func progRead(sh *shell, c progCall) (value, bool) {
	args, in := c.args, c.in
	flags, pos := options(args, set("-d", "-n", "-N", "-p", "-t", "-u", "-a"), false)
	src := stdinOf(in)
	for _, p := range pos {
		sh.vars[p.s] = value{s: "$" + p.s, t: src.t, sock: src.sock, net: src.net}
	}
	if in != nil && len(pos) == 1 && strings.TrimSpace(in.s) != "" {
		// read -r -d '' TEXT <<EOF …: the variable holds the text given
		// (to the delimiter; a line without -d), placeholders and all
		text := in.s
		if !hasFlag(flags, "-d") {
			text, _, _ = strings.Cut(text, "\n")
		}
		v := *in
		v.s = strings.TrimSuffix(text, "\n")
		sh.vars[pos[0].s] = v
	}
	return value{}, true
}

// progMapfile judges mapfile, readarray.
func progMapfile(sh *shell, c progCall) (value, bool) {
	args, in := c.args, c.in
	_, pos := options(args, set("-d", "-n", "-O", "-s", "-u", "-C", "-c"), false)
	src := stdinOf(in)
	for _, p := range pos {
		sh.vars[p.s] = value{s: "$" + p.s, t: src.t}
	}
	return value{}, true
}

// progPrintenv judges printenv.
func progPrintenv(sh *shell, c progCall) (value, bool) {
	args := c.args
	if len(args) == 0 {
		return value{t: envDumpTaint()}, true
	}
	out := value{}
	for _, a := range args {
		if secretVar(a.s) {
			out.t.add(secretVarTaint(a.s))
		}
	}
	return out, true
}

// progSet judges set, export, declare, typeset, compgen.
func progSet(sh *shell, c progCall) (value, bool) {
	args := c.args
	if len(args) == 0 || (len(args) == 1 && (args[0].s == "-p" || args[0].s == "-x" || args[0].s == "-v")) {
		return value{t: envDumpTaint()}, true
	}
	return value{}, true
}

// progSecurity judges security.
func progSecurity(sh *shell, c progCall) (value, bool) {
	args := c.args
	if len(args) > 0 && (strings.HasPrefix(args[0].s, "find-") || args[0].s == "dump-keychain") {
		return value{t: secretFileTaint("the macOS keychain", "security "+args[0].s)}, true
	}
	return value{}, false
}

// progGh judges gh, gcloud, aws, op, pass, vault, az, doctl, heroku.
func progGh(sh *shell, c progCall) (value, bool) {
	base, args := c.base, c.args
	j := joinFields(args).s
	if cliTokenRe.MatchString(j) {
		return value{t: secretFileTaint("credentials from "+base, base+" "+shortText(j, 30))}, true
	}
	if base == "aws" || base == "gcloud" || base == "az" {
		return value{}, true
	}
	return value{}, false
}

// progCurl judges curl, wget, http, https, xh, aria2c, lynx, links, httpie.
func progCurl(sh *shell, c progCall) (value, bool) {
	base, args, n, in := c.base, c.args, c.n, c.in
	for i, a := range args {
		if (a.s == "--unix-socket" || a.s == "--abstract-unix-socket") && i+1 < len(args) && strings.Contains(args[i+1].s, "docker.sock") {
			sh.find(n, Privilege, LevelCritical, "talks to Docker's API through %s, which gives root on the machine", args[i+1].s)
		}
	}
	return sh.fetch(base, args, n, in), true
}

// progNc judges nc, ncat, netcat, telnet, socat, openssl-s_client.
func progNc(sh *shell, c progCall) (value, bool) {
	base, args, n, in := c.base, c.args, c.n, c.in
	return sh.rawSocket(base, args, n, in), true
}

// progSsh judges ssh, scp, sftp, rsync.
func progSsh(sh *shell, c progCall) (value, bool) {
	base, args, n, in := c.base, c.args, c.n, c.in
	return sh.remoteShell(base, args, n, in), true
}

// progDig judges dig, nslookup, host, drill, ping, ping6, getent.
func progDig(sh *shell, c progCall) (value, bool) {
	args, n := c.args, c.n
	flags, pos := options(args, set("-t", "-c", "-W", "-p", "-q", "-i", "-I", "-s", "-w"), false)
	if strings.HasPrefix(c.base, "ping") {
		// ping -p PATTERN fills each echo request with bytes of its
		// choosing: a channel out for what the pattern carries
		for _, f := range flags {
			if f.name == "-p" && f.has {
				if s := f.val.t.serious(); s != "" {
					sh.find(n, Exfiltration, LevelCritical, "sends %s out in the payload of ICMP echo requests (ping -p)", s)
				}
			}
		}
		for _, p := range pos {
			if p.t.serious() == "" && len(p.t.vars) == 0 {
				// a host to ping is not a name to look up a secret in
				if p.known && !loopback(p.s) && strings.Contains(p.s, ".") {
					sh.find(n, Network, LevelReview, "pings %s", shortText(p.s, 40))
				}
				continue
			}
			sh.dns(p, n)
		}
		return value{}, true
	}
	for _, p := range pos {
		if strings.HasPrefix(p.s, "@") || p.s == "hosts" || p.s == "ahosts" {
			continue
		}
		sh.dns(p, n)
	}
	return value{}, true
}

// progPython judges python, python2, python3, pypy, pypy3.
func progPython(sh *shell, c progCall) (value, bool) {
	base, args, n, in := c.base, c.args, c.n, c.in
	return sh.interpreter(base, args, n, in, set("-c"), set("-m"), set("-W", "-X")), true
}

// progNode judges node, nodejs, bun, deno, tsx, ts-node.
func progNode(sh *shell, c progCall) (value, bool) {
	base, args, n, in := c.base, c.args, c.n, c.in
	return sh.interpreter(base, args, n, in, set("-e", "--eval", "-p", "--print"), nil, set("-r", "--require", "--import", "--loader", "-C", "--input-type")), true
}

// progPerl judges perl, ruby.
func progPerl(sh *shell, c progCall) (value, bool) {
	base, args, n, in := c.base, c.args, c.n, c.in
	sh.inPlaceEdit(args, n)
	// ruby -run -e httpd DIR (un.rb): a file server on DIR
	for i := 0; base == "ruby" && i+2 < len(args); i++ {
		if (args[i].s == "-run" || args[i].s == "-run,") && args[i+1].s == "-e" && args[i+2].s == "httpd" {
			dir := sh.cwd
			_, pos := options(args[i+3:], set("-p", "--port", "-b", "--bind-address"), false)
			if len(pos) > 0 {
				dir = pos[0].s
			}
			sh.servesDir(dir, "ruby -run -e httpd", n)
			return value{}, true
		}
	}
	return sh.interpreter(base, args, n, in, set("-e", "-E"), nil, set("-I", "-M", "-r", "-C")), true
}

// progPhp judges php.
func progPhp(sh *shell, c progCall) (value, bool) {
	base, args, n, in := c.base, c.args, c.n, c.in
	return sh.interpreter(base, args, n, in, set("-r"), nil, set("-c", "-d")), true
}

// progAwk judges awk, gawk, mawk, nawk.
func progAwk(sh *shell, c progCall) (value, bool) {
	args, n, in := c.args, c.n, c.in
	// awk 'BEGIN { system("…") }': the command line system() runs
	for _, a := range args {
		for _, m := range awkSystemRe.FindAllStringSubmatch(a.s, -1) {
			sh.nestedShell(value{s: m[1], known: true}, n, "")
		}
		// gawk's "/inet/tcp/LPORT/HOST/PORT" special file is a socket:
		// what the program prints to it (its input, the files it
		// reads with getline) goes to HOST
		for _, m := range awkInetRe.FindAllStringSubmatch(a.s, -1) {
			var data taints
			data.add(stdinOf(in).t)
			for _, f := range awkGetlineRe.FindAllStringSubmatch(a.s, -1) {
				data.add(sh.readFile(value{s: f[1], known: true}, n).t)
			}
			ep := bareHost(m[1])
			if !ep.Dynamic {
				ep.Host += ":" + m[2]
			}
			sh.network(ep, data, taints{}, n, "sends data to")
		}
	}
	// getline < "SECRET" … system("curl … " k): what it read goes into
	// the command line it builds
	for _, a := range args {
		if !strings.Contains(a.s, "system(") {
			continue
		}
		var data taints
		for _, f := range awkGetlineRe.FindAllStringSubmatch(a.s, -1) {
			data.add(sh.readFile(value{s: f[1], known: true}, n).t)
		}
		if data.serious() == "" {
			continue
		}
		for _, ep := range hostsIn(a.s) {
			sh.network(ep, data, taints{}, n, "sends data to")
		}
	}
	out := stdinOf(in)
	out.known = false
	return out, true
}

// progNgrok judges ngrok, cloudflared, bore, frpc, localtunnel, lt, chisel.
func progNgrok(sh *shell, c progCall) (value, bool) {
	base, n := c.base, c.n
	sh.find(n, ReverseShell, LevelCritical, "opens a tunnel that exposes this machine to the internet (%s)", base)
	return value{}, true
}

// progHistory judges history, fc.
func progHistory(sh *shell, c progCall) (value, bool) {
	base := c.base
	return value{t: secretFileTaint("the shell history", base)}, true
}

// progNpx judges npx, pnpx, bunx, uvx, pipx, pnpm, yarn, npm, uv, go, pip, pip3, gem, cargo, brew, dnx.
func progNpx(sh *shell, c progCall) (value, bool) {
	base, args, n := c.base, c.args, c.n
	sh.packageRunner(base, args, n)
	return value{}, true
}

// progRm judges rm, unlink, rmdir, shred, srm, trash.
func progRm(sh *shell, c progCall) (value, bool) {
	base, args, n := c.base, c.args, c.n
	sh.remove(base, args, n)
	return value{}, true
}

// progFind judges find. What it prints names the files under its roots.
func progFind(sh *shell, c progCall) (value, bool) {
	args, n, in := c.args, c.n, c.in
	sh.findCmd(args, n, in)
	var roots []string
	for _, a := range args {
		if strings.HasPrefix(a.s, "-") || a.s == "(" || a.s == "!" {
			break
		}
		roots = append(roots, strings.TrimSuffix(a.s, "/")+"/*")
	}
	return value{s: strings.Join(roots, "\n")}, true
}

// progLs judges ls: what it prints names the files it lists.
func progLs(sh *shell, c progCall) (value, bool) {
	_, pos := options(c.args, set("-I", "--ignore", "-w", "--width"), false)
	var names []string
	for _, p := range pos {
		if strings.ContainsAny(p.s, "*?") {
			names = append(names, p.s)
		} else {
			names = append(names, strings.TrimSuffix(p.s, "/")+"/*")
		}
	}
	return value{s: strings.Join(names, "\n")}, true
}

// progDd judges dd.
func progDd(sh *shell, c progCall) (value, bool) {
	args, n := c.args, c.n
	pd := sh.a.hook.ProjectDir
	for _, a := range args {
		if strings.HasPrefix(a.s, "of=") {
			t := strings.TrimPrefix(a.s, "of=")
			if strings.HasPrefix(t, "/dev/") && t != "/dev/null" && !strings.HasPrefix(t, "/dev/std") && !strings.HasPrefix(t, "/dev/fd") {
				sh.find(n, Destructive, LevelCritical, "overwrites the disk %s with dd", t)
			} else if p := normPath(t, pd); inHome(p) && strings.Count(p, "/") <= 1 || strings.HasPrefix(p, "/etc") || strings.HasPrefix(p, "/boot") {
				sh.find(n, Destructive, LevelCritical, "overwrites %s with dd", p)
			} else {
				sh.write(value{s: t, known: a.known}, value{}, n)
			}
		}
	}
	return value{}, true
}

// progWipefs judges wipefs, fdisk, sfdisk, parted, shutdown, reboot, halt, poweroff, init, diskutil, format.
func progWipefs(sh *shell, c progCall) (value, bool) {
	base, args, n := c.base, c.args, c.n
	if base == "init" && (len(args) == 0 || (args[0].s != "0" && args[0].s != "6")) {
		return value{}, true
	}
	if base == "diskutil" && (len(args) == 0 || !strings.Contains(args[0].s, "erase")) {
		return value{}, true
	}
	if base == "format" && !slices.ContainsFunc(args, func(f field) bool { return driveArgRe.MatchString(f.s) }) {
		return value{}, true // format without a drive does nothing ("Fix & format" in prose)
	}
	if (base == "fdisk" || base == "sfdisk" || base == "parted") && slices.ContainsFunc(args, func(f field) bool { return f.s == "-l" || f.s == "--list" }) {
		return value{}, true // lists the partitions
	}
	sh.find(n, Destructive, LevelCritical, "runs %s, which wipes disks or stops the machine", base)
	return value{}, true
}

// driveArgRe: a disk operand (C:, /dev/sda, \\.\PhysicalDrive0).
var driveArgRe = lazyRe(`^(?:[A-Za-z]:\\?$|/dev/|\\\\\.\\)`)

// progChmod judges chmod.
func progChmod(sh *shell, c progCall) (value, bool) {
	args, n := c.args, c.n
	sh.chmod(args, n)
	return value{}, true
}

// progChown judges chown, chgrp.
func progChown(sh *shell, c progCall) (value, bool) {
	base, args, n := c.base, c.args, c.n
	pd := sh.a.hook.ProjectDir
	flags, pos := options(args, set("--from", "--reference"), false)
	if len(pos) >= 2 {
		owner := pos[0].s
		for _, t := range pos[1:] {
			p := normPath(t.s, pd)
			if (hasFlag(flags, "-R", "--recursive") && (p == "/" || p == "~" || systemDir(p))) || (strings.HasPrefix(owner, "root") && base == "chown") {
				sh.find(n, Privilege, LevelCritical, "gives %s to %s", displayPath(p), owner)
			} else if what, ok := sh.a.secretPath(p); ok && inHome(p) && !strings.Contains(owner, "$") && owner != "$USER" {
				// the user's credential given to another account
				sh.find(n, Destructive, LevelCritical, "gives %s (%s) to %s", what, displayPath(p), owner)
			}
		}
	}
	return value{}, true
}

// progSetcap judges setcap.
func progSetcap(sh *shell, c progCall) (value, bool) {
	args, n := c.args, c.n
	sh.find(n, Privilege, LevelCritical, "grants Linux capabilities with setcap (%s)", shortText(joinFields(args).s, 40))
	return value{}, true
}

// progDocker judges docker, podman, nerdctl.
func progDocker(sh *shell, c progCall) (value, bool) {
	args, n := c.args, c.n
	j := " " + joinFields(args).s + " "
	if privilegedContainerRe.MatchString(j) {
		sh.find(n, Privilege, LevelCritical, "starts a privileged container that can reach the whole machine")
	} else if strings.Contains(j, " -v /var/run/docker.sock") || strings.Contains(j, "/var/run/docker.sock:") {
		sh.find(n, Privilege, LevelCritical, "gives a container the Docker socket, which is root on the machine")
	} else if startsContainers(args) {
		sh.find(n, RemotePackage, LevelReview, "starts containers (%s), pulling and running their images at hook time", shortText(strings.TrimSpace(j), 40))
	}
	_, pos := options(args, set("-t", "--tag", "-f", "--file", "--build-arg", "--target", "--platform", "-o", "--output", "--label", "--cache-from", "--cache-to", "--secret", "--network", "--progress", "--iidfile", "--context", "-H", "--host"), false)
	if len(pos) > 0 && pos[0].s == "buildx" {
		pos = pos[1:]
	}
	if len(pos) >= 2 && pos[0].s == "build" {
		ctx := normPath(pos[len(pos)-1].s, sh.a.hook.ProjectDir)
		_, secret := sh.a.secretPath(ctx)
		if ctx == "~" || ctx == "/" || secret {
			sh.homeImage = true
			if hasFlag(flagsOf(args), "--push") {
				sh.find(n, Exfiltration, LevelCritical, "builds an image from %s and pushes it to a registry: the files there go with it", displayPath(ctx))
			}
		}
	}
	if len(pos) >= 1 && pos[0].s == "push" && sh.homeImage {
		sh.find(n, Exfiltration, LevelCritical, "pushes an image built from the home folder (or the whole disk) to a registry: its keys and tokens go with it")
	}
	return value{}, true
}

// flagsOf are the option words of args.
func flagsOf(args []field) []flag {
	var out []flag
	for _, a := range args {
		if strings.HasPrefix(a.s, "-") {
			name, _, _ := strings.Cut(a.s, "=")
			out = append(out, flag{name: name})
		}
	}
	return out
}

// startsContainers: docker run / compose up / start: images run at hook
// time (docker ps, logs, inspect only read).
func startsContainers(args []field) bool {
	withArg := set("-f", "--file", "-p", "--project-name", "--context", "-H", "--host", "--env-file", "--profile", "--project-directory", "--ansi", "--progress", "--parallel")
	_, all := options(args, withArg, true)
	// docker compose -f x.yml up: the subcommand's own options stand
	// between the group and the verb
	var pos []field
	for i := 0; i < len(all); i++ {
		if strings.HasPrefix(all[i].s, "-") {
			if withArg[all[i].s] {
				i++
			}
			continue
		}
		pos = append(pos, all[i])
	}
	for i, p := range pos {
		switch p.s {
		case "run", "up", "create", "pull":
			return true
		case "compose", "container", "image":
			continue
		}
		return i > 0 && p.s == "start"
	}
	return false
}

// progCrontab judges crontab.
// progMake notes the targets make is asked for, by Makefile (-C DIR,
// -f FILE), so that the Makefile is read for those targets only; one
// named at run time, or a Makefile given in a way not read here, leaves
// every recipe read. It hands make on (ok false).
func progMake(sh *shell, c progCall) (value, bool) {
	dir := sh.cwd
	if dir == "" || !filepath.IsAbs(dir) {
		dir = sh.a.hook.ProjectDir
	}
	file := ""
	var targets []string
	unknown := false
	for i := 0; i < len(c.args); i++ {
		a := c.args[i]
		switch {
		case !a.known:
			unknown = true
		case (a.s == "-C" || a.s == "--directory" || a.s == "-f" || a.s == "--file" || a.s == "--makefile") && i+1 < len(c.args):
			i++
			if !c.args[i].known {
				unknown = true
				break
			}
			if a.s == "-C" || a.s == "--directory" {
				dir = joinDir(dir, c.args[i].s)
			} else {
				file = c.args[i].s
			}
		case a.s == "-j" || a.s == "-l" || a.s == "-o" || a.s == "-W" || a.s == "-I":
			i++ // an option with a value of its own
		case strings.HasPrefix(a.s, "-") || strings.Contains(a.s, "="):
		default:
			targets = append(targets, a.s)
		}
	}
	if dir == "" || !filepath.IsAbs(dir) {
		return value{}, false
	}
	var paths []string
	if file != "" {
		paths = []string{joinDir(dir, file)}
	} else {
		for _, f := range []string{"GNUmakefile", "makefile", "Makefile"} {
			paths = append(paths, filepath.Join(dir, f))
		}
	}
	if len(targets) == 0 {
		targets = []string{""}
	}
	if sh.a.makeTargets == nil {
		sh.a.makeTargets = map[string][]string{}
	}
	for _, p := range paths {
		p = filepath.Clean(p)
		was, seen := sh.a.makeTargets[p]
		switch {
		case unknown || seen && was == nil:
			sh.a.makeTargets[p] = nil
		default:
			sh.a.makeTargets[p] = append(was, targets...)
		}
	}
	return value{}, false
}

// joinDir: p as seen from dir (p itself when absolute).
func joinDir(dir, p string) string {
	if filepath.IsAbs(p) || dir == "" {
		return p
	}
	return filepath.Join(dir, p)
}

func progCrontab(sh *shell, c progCall) (value, bool) {
	args, n := c.args, c.n
	flags, pos := options(args, set("-u"), false)
	if hasFlag(flags, "-l") && len(pos) == 0 {
		return value{}, true
	}
	sh.find(n, Persistence, LevelCritical, "installs a crontab, which runs commands on a schedule long after the hook")
	return value{}, true
}

// progAt judges at, batch.
func progAt(sh *shell, c progCall) (value, bool) {
	base, n := c.base, c.n
	sh.find(n, Persistence, LevelCritical, "schedules a command with %s to run later", base)
	return value{}, true
}

// progSystemctl judges systemctl.
func progSystemctl(sh *shell, c progCall) (value, bool) {
	args, n := c.args, c.n
	j := joinFields(args).s
	if systemdInstallRe.MatchString(j) {
		sh.find(n, Persistence, LevelCritical, "installs a systemd service that starts again at login or boot (%s)", shortText(j, 40))
	}
	return value{}, true
}

// progLaunchctl judges launchctl.
func progLaunchctl(sh *shell, c progCall) (value, bool) {
	args, n := c.args, c.n
	j := joinFields(args).s
	if launchdInstallRe.MatchString(j) {
		sh.find(n, Persistence, LevelCritical, "installs a launchd job that starts again at login (%s)", shortText(j, 40))
	}
	return value{}, true
}

// progSchtasks judges schtasks, reg.
func progSchtasks(sh *shell, c progCall) (value, bool) {
	base, args, n := c.base, c.args, c.n
	j := strings.ToLower(joinFields(args).s)
	if strings.Contains(j, "/create") || strings.Contains(j, `\run`) {
		sh.find(n, Persistence, LevelCritical, "registers a command to run at login (%s)", base)
	}
	return value{}, true
}

// progTee judges tee.
func progTee(sh *shell, c progCall) (value, bool) {
	args, n, in := c.args, c.n, c.in
	flags, pos := options(args, nil, false)
	src := stdinOf(in)
	for _, p := range pos {
		how := "writes"
		if hasFlag(flags, "-a", "--append") {
			how = "appends"
		}
		_ = how
		sh.write(p.value, src, n)
	}
	return src, true
}

// progCp judges cp, mv, install, ln, rsync-local.
func progCp(sh *shell, c progCall) (value, bool) {
	args, n := c.args, c.n
	flags, pos := options(args, set("-t", "--target-directory", "-m", "--mode", "-o", "-g", "-S", "--suffix"), false)
	var dest field
	for _, fl := range flags {
		if fl.name == "-t" || fl.name == "--target-directory" {
			dest = fl.val
		}
	}
	if dest.w == nil && len(pos) >= 2 {
		dest = pos[len(pos)-1]
		pos = pos[:len(pos)-1]
	}
	if dest.s != "" {
		if sh.mirrorsInstructions(dest, pos) {
			// ln -sf AGENTS.md CLAUDE.md: one of the project's standing
			// instruction files made from another one it already has —
			// the agent is told what the project already tells agents
			return value{}, true
		}
		content := value{}
		for _, p := range pos {
			content.merge(sh.readFile(p.value, n))
		}
		sh.write(dest.value, content, n)
	}
	return value{}, true
}

// mirrorsInstructions: cp, ln or mv makes a standing instruction file of
// the project (CLAUDE.md) from instruction files the project already
// holds (AGENTS.md), every path known and inside the project. A source of
// another kind (a hidden file, a download) still counts as a write.
func (sh *shell) mirrorsInstructions(dest field, srcs []field) bool {
	inProject := func(f field) (string, bool) {
		if !f.known {
			return "", false
		}
		p := normPath(f.s, sh.a.hook.ProjectDir)
		if strings.Contains(p, "..") || !(strings.HasPrefix(p, "$PROJECT/") || !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "$")) {
			return "", false
		}
		return p, true
	}
	d, ok := inProject(dest)
	if !ok || !instructionFile(d) || len(srcs) == 0 {
		return false
	}
	for _, s := range srcs {
		p, ok := inProject(s)
		if !ok || !instructionFile(p) {
			return false
		}
	}
	return true
}

// progClaude judges a coding agent's program (the registered agents'
// Agents.Programs, cursor-agent, opencode…).
func progClaude(sh *shell, c progCall) (value, bool) {
	base, args, n := c.base, c.args, c.n
	j := " " + joinFields(args).s + " "
	if agentNoChecksRe.MatchString(j) {
		sh.find(n, SelfTampering, LevelCritical, "starts %s with every permission check switched off", base)
	}
	if agentConfigRe.MatchString(j) {
		sh.find(n, SelfTampering, LevelCritical, "changes %s's own configuration (%s)", base, shortText(strings.TrimSpace(j), 50))
	}
	if headlessRun(args) {
		sh.find(n, Network, LevelReview, "runs %s headless (%s): a model acts with this hook's rights and sends it what it reads, while nobody watches", base, shortText(strings.TrimSpace(j), 50))
	}
	return value{}, true
}

// headlessRun: an agent's command line that gives it a task (a prompt, a
// print or exec mode), not one that only asks for its version or help.
func headlessRun(args []field) bool {
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		switch a.s {
		case "--version", "-v", "-V", "--help", "-h", "help", "version", "login", "logout", "doctor", "update", "--list", "list",
			// its own settings and accounts: no task for a model
			"config", "mcp", "auth", "status", "plugin", "plugins", "install", "setup-token", "migrate-installer":
			return false
		}
	}
	return true
}

// progOsascript judges osascript.
func progOsascript(sh *shell, c progCall) (value, bool) {
	args, n := c.args, c.n
	j := joinFields(args).s
	if strings.Contains(j, "do shell script") {
		sh.find(n, Obfuscation, LevelReview, "runs shell commands through AppleScript, which Hookwarden does not read")
	}
	return value{}, true
}

// progPowershell judges powershell, pwsh, powershell.exe, pwsh.exe.
func progPowershell(sh *shell, c progCall) (value, bool) {
	args, n := c.args, c.n
	j := strings.ToLower(joinFields(args).s)
	if psEncodedFlagRe.MatchString(j+" ") || strings.Contains(j, "frombase64string") {
		sh.find(n, Obfuscation, LevelCritical, "runs an encoded PowerShell command that hides what it does")
	}
	if strings.Contains(j, "iex") || strings.Contains(j, "invoke-expression") {
		if strings.Contains(j, "http") || strings.Contains(j, "downloadstring") || strings.Contains(j, "iwr") || strings.Contains(j, "invoke-webrequest") {
			sh.find(n, DownloadExec, LevelCritical, "runs PowerShell code it downloads")
		}
	}
	// what a web request in the same command carries: a credential file
	// it reads (Get-Content, [IO.File]::ReadAllText) — the reading of
	// PowerShell scripts (powerShell) in one line
	var data taints
	if what, p, ok := sh.a.secretsInText(joinFields(args).s); ok && psWeb.MatchString(j) {
		data = secretFileTaint(what, p)
	}
	for _, ep := range hostsIn(j) {
		sh.network(ep, data, taints{}, n, "connects to")
	}
	sh.powerShellCommand(args)
	return value{}, true
}

// progMkfifo judges mkfifo.
func progMkfifo(sh *shell, c progCall) (value, bool) {
	return value{}, true
}

// progMktemp judges mktemp.
func progMktemp(sh *shell, c progCall) (value, bool) {
	// a fresh name under /tmp: what is copied there is followed
	return value{s: mktempName + fmt.Sprint(len(sh.written)) + "\n", known: false}, true
}

// progDirname judges dirname.
func progDirname(sh *shell, c progCall) (value, bool) {
	args := c.args
	_, pos := options(args, nil, false)
	if len(pos) == 1 && pos[0].known {
		p := strings.TrimRight(pos[0].s, "/")
		if normPath(p, sh.a.hook.ProjectDir) == "$PROJECT" || p == "$HOME" || p == "~" {
			// the folder that holds the project (or the home folder)
			return value{s: p + "/..\n", known: true}, true
		}
		return value{s: path.Dir(pos[0].s) + "\n", known: true}, true
	}
	return value{}, true
}

// progCd judges cd, pushd.
func progCd(sh *shell, c progCall) (value, bool) {
	args := c.args
	_, pos := options(args, nil, false)
	if len(pos) == 1 && (pos[0].known || strings.HasPrefix(pos[0].s, mktempName)) {
		// a folder mktemp made is known by the name the analysis gave it
		sh.cwd = strings.TrimSpace(pos[0].s)
	}
	return value{}, true
}

// mktempName starts the name the analysis gives what mktemp makes.
const mktempName = "/tmp/tmp.mktemp"

// progPwd judges pwd.
func progPwd(sh *shell, c progCall) (value, bool) {
	if sh.cwd != "" {
		return value{s: sh.cwd + "\n", known: true}, true
	}
	if d := sh.a.hook.ProjectDir; d != "" {
		return value{s: d + "\n", known: true}, true
	}
	return value{}, true
}

// progRealpath judges realpath, readlink.
func progRealpath(sh *shell, c progCall) (value, bool) {
	args := c.args
	_, pos := options(args, nil, false)
	if len(pos) == 1 && pos[0].known {
		return value{s: pos[0].s + "\n", known: true}, true
	}
	return value{}, true
}

// progBash judges bash, sh, zsh, dash, ksh, mksh, ash, fish, busybox.
func progBash(sh *shell, c progCall) (value, bool) {
	base, args, n, s, in := c.base, c.args, c.n, c.s, c.in
	return sh.shellProg(base, args, n, s, in), true
}

// inPlaceEdit: perl -pi -e CODE FILE…, ruby -i -pe CODE FILE…: with -i the
// files named after the code are rewritten in place, as sed -i does.
func (sh *shell) inPlaceEdit(args []field, n syntax.Node) {
	inPlace, code := false, value{}
	var files []field
	for i := 0; i < len(args); i++ {
		a := args[i].s
		switch {
		case a == "-e" || a == "-E":
			if i+1 < len(args) {
				code = args[i+1].value
				i++
			}
		case a == "-I" || a == "-M" || a == "-r":
			i++
		case len(a) > 1 && a[0] == '-' && a[1] != '-':
			flagChars, _, _ := strings.Cut(a[1:], ".")
			if strings.ContainsRune(flagChars, 'i') && !strings.ContainsAny(flagChars[:strings.IndexRune(flagChars, 'i')], "IMe") {
				inPlace = true
			}
			if strings.HasSuffix(flagChars, "e") && i+1 < len(args) {
				code = args[i+1].value
				i++
			}
		default:
			files = append(files, args[i])
		}
	}
	if !inPlace {
		return
	}
	if !code.known && code.s == "" && len(files) > 0 {
		files = files[1:] // perl -i SCRIPT FILE…: the first is the program
	}
	for _, f := range files {
		sh.write(f.value, code, n)
	}
}

// progPreCommit judges pre-commit: autoupdate moves every hook repository
// of the project's configuration to its newest release (fetched now, run
// at the next commit); run and install only use what is pinned.
func progPreCommit(sh *shell, c progCall) (value, bool) {
	_, pos := options(c.args, set("-c", "--config", "--repo"), false)
	if len(pos) > 0 && pos[0].s == "autoupdate" {
		sh.find(c.n, RemotePackage, LevelReview, "updates the project's git hook repositories to their newest versions from the network (%s autoupdate): their new code runs at the next commit", c.base)
	}
	return value{}, false
}

// progPs judges ps: with the BSD "e" modifier (ps e, ps eww, ps auxe) it
// prints each process's environment after its command line, the agent's
// keys with it.
func progPs(sh *shell, c progCall) (value, bool) {
	for _, a := range c.args {
		if !strings.HasPrefix(a.s, "-") && strings.Contains(a.s, "e") && strings.Trim(a.s, "auxwejfgclmrsSTvnhH") == "" {
			return value{t: envDumpTaint()}, true
		}
	}
	return value{}, true
}
