package risk

import (
	"strconv"
	"strings"
)

// Ruby, Perl, PHP and Lua are read by the same token reader as Python
// and JavaScript (code.go): a dialect is a table that names its calls by
// the canonical names the analysis judges (os.system runs a shell command,
// open writes a file, requests.post sends data, shutil.rmtree deletes a
// folder, os.environ is the environment…), not code of its own. A name
// a table does not list is read as it is written.
type dialect struct {
	// names maps a call or value as written (after dialectText: "::" and
	// "->" read as ".") to its canonical name.
	names map[string]string
	// prefixes maps the start of a name to a canonical start
	// ("Net.HTTP." → "requests."): every method of a client.
	prefixes map[string]string
	// backtickShell: `…` runs its text as a shell command.
	backtickShell bool
	// wholeEnv finds the code reading the whole environment (every token
	// and key in it) in the source text.
	wholeEnv *lazyRegexp
}

func (d *dialect) canon(name string) string {
	if c, ok := d.names[name]; ok {
		return c
	}
	for p, c := range d.prefixes {
		if strings.HasPrefix(name, p) {
			return c + strings.TrimPrefix(name, p)
		}
	}
	return name
}

// The canonical names, as the analysis's regular expressions know them.
const (
	cShell   = "os.system"        // runs a shell command line
	cEval    = "eval"             // runs code of the same language
	cWrite   = "fs.writeFileSync" // writes (path, content)
	cOpen    = "open"             // opens a file (path, mode)
	cRemove  = "shutil.rmtree"    // deletes a folder and what it holds
	cUnlink  = "os.remove"        // deletes a file
	cCopy    = "shutil.copy"      // copies (from, to)
	cEnv     = "os.environ"       // the environment (a table of it)
	cEnvCopy = "os.environ.copy"
	cGetenv  = "os.getenv" // one variable
	cHome    = "os.homedir"
	cExpand  = "os.path.expanduser"
	cPost    = "requests." // an HTTP client's method
	cURLOpen = "urlopen"   // opens a URL
	cSocket  = "socket.socket"
	// goCommand runs a program with its arguments as words
	// (exec.Command("sh", "-c", …)), as subprocess.run([…]) does
	goCommand = "subprocess.run"
)

var dialects = map[lang]*dialect{
	langGo: {
		names: map[string]string{
			"exec.Command": goCommand, "exec.CommandContext": goCommand, "syscall.Exec": goCommand,
			"os.ReadFile": cOpen, "ioutil.ReadFile": cOpen, "os.Open": cOpen, "os.WriteFile": cWrite, "ioutil.WriteFile": cWrite,
			"os.Create": cOpen, "os.OpenFile": cOpen, "os.RemoveAll": cRemove, "os.Remove": cUnlink, "os.Rename": "os.rename", "os.Symlink": "os.symlink",
			"os.Getenv": cGetenv, "os.LookupEnv": cGetenv, "os.Environ": cEnvCopy, "os.UserHomeDir": cHome, "filepath.Join": "path.join", "path.Join": "path.join",
			"http.Post": cPost + "post", "http.PostForm": cPost + "post", "http.Get": cPost + "get", "http.NewRequest": cPost + "request",
			"http.NewRequestWithContext": cPost + "request", "net.Dial": cSocket, "net.DialTimeout": cSocket, "tls.Dial": cSocket,
		},
		wholeEnv: lazyRe(`\bos\.Environ\(\)`),
	},
	langRuby: {
		names: map[string]string{
			"system": cShell, "exec": cShell, "spawn": cShell, "Kernel.system": cShell, "Kernel.exec": cShell,
			"Kernel.spawn": cShell, "Process.spawn": cShell, "IO.popen": cShell, "Open3.capture2": cShell,
			"Open3.capture2e": cShell, "Open3.capture3": cShell, "Open3.popen3": cShell, "Open3.popen2": cShell, "PTY.spawn": "pty.spawn",
			"eval": cEval, "instance_eval": cEval, "class_eval": cEval, "module_eval": cEval, "Kernel.eval": cEval, "load": cEval,
			"File.write": cWrite, "IO.write": cWrite, "File.binwrite": cWrite, "File.open": cOpen, "File.new": cOpen, "open": cOpen,
			"FileUtils.rm_rf": cRemove, "FileUtils.rm_r": cRemove, "FileUtils.remove_dir": cRemove, "FileUtils.remove_entry": cRemove,
			"FileUtils.rm": cUnlink, "FileUtils.rm_f": cUnlink, "File.delete": cUnlink, "File.unlink": cUnlink, "Dir.rmdir": "os.rmdir",
			"FileUtils.cp": cCopy, "FileUtils.cp_r": "shutil.copytree", "FileUtils.mv": "shutil.move", "FileUtils.ln_s": "os.symlink",
			"ENV": cEnv, "ENV.to_h": cEnvCopy, "ENV.to_hash": cEnvCopy, "ENV.each": cEnvCopy, "ENV.map": cEnvCopy, "ENV.inspect": cEnvCopy, "ENV.fetch": "os.environ.get",
			"Dir.home": cHome, "File.expand_path": cExpand,
			"URI.open": cURLOpen, "Net.HTTP.post": cPost + "post", "Net.HTTP.post_form": cPost + "post", "Net.HTTP.get": cPost + "get",
			"Net.HTTP.get_response": cPost + "get", "Net.HTTP.start": cPost + "request", "Net.HTTP.new": "requests.Session",
			"TCPSocket.new": cSocket, "TCPSocket.open": cSocket, "Socket.tcp": cSocket,
		},
		prefixes:      map[string]string{"HTTParty.": cPost, "Faraday.": cPost, "RestClient.": cPost, "Excon.": cPost, "HTTP.": cPost},
		backtickShell: true,
		wholeEnv:      lazyRe(`\bENV\.(to_h|to_hash|each|map|inspect|to_a|select|reject|filter_map)\b|\bENV\s*\)|=\s*ENV\s*$|\(ENV\)`),
	},
	langPerl: {
		names: map[string]string{
			"system": cShell, "exec": cShell, "qx": cShell, "IPC.Open3.open3": cShell, "open3": cShell, "IPC.Run.run": cShell,
			"eval": cEval, "do": cEval, "unlink": cUnlink, "rmtree": cRemove, "remove_tree": cRemove,
			"File.Path.rmtree": cRemove, "File.Path.remove_tree": cRemove, "File.Copy.copy": cCopy, "copy": cCopy, "move": "shutil.move",
			"File.Copy.move": "shutil.move", "symlink": "os.symlink", "open": cOpen,
			"LWP.UserAgent.new": "requests.Session", "HTTP.Tiny.new": "requests.Session", "LWP.Simple.get": cURLOpen, "getstore": cURLOpen,
			"LWP.Simple.getstore": cURLOpen, "IO.Socket.INET.new": cSocket, "IO.Socket.SSL.new": cSocket,
		},
		backtickShell: true,
		wholeEnv:      lazyRe(`%ENV\b|\bkeys\s*\(?\s*%ENV|\beach\s*\(?\s*%ENV`),
	},
	langPHP: {
		names: map[string]string{
			"system": cShell, "exec": cShell, "shell_exec": cShell, "passthru": cShell, "proc_open": cShell, "popen": cShell, "pcntl_exec": cShell,
			"eval": cEval, "assert": cEval, "create_function": cEval, "include": cEval, "require": cEval,
			"file_put_contents": cWrite, "fopen": cOpen, "unlink": cUnlink, "rmdir": "os.rmdir", "copy": cCopy, "rename": "os.rename", "symlink": "os.symlink",
			"$_ENV": cEnv, "$_SERVER": cEnv, "getenv": cGetenv,
			"curl_exec": cPost + "post", "fsockopen": cSocket, "stream_socket_client": cSocket, "socket_create": cSocket,
		},
		backtickShell: true,
		wholeEnv:      lazyRe(`\$_ENV\b|\$_SERVER\b|\bgetenv\(\s*\)`),
	},
	langLua: {
		names: map[string]string{
			"os.execute": cShell, "io.popen": cShell, "load": cEval, "loadstring": cEval, "dofile": cEval, "loadfile": cEval,
			"io.open": cOpen, "os.remove": cUnlink, "os.rename": "os.rename", "os.getenv": cGetenv,
			"socket.tcp": cSocket, "socket.connect": cSocket, "socket.http.request": "http.request", "ssl.https.request": "https.request",
		},
	},
}

// dialectText is the source as the token reader reads it: Ruby's, Perl's
// and PHP's "::" and "->" as ".", Lua's obj:method( as obj.method(, a
// Perl qx{…} or Ruby %x{…} as `…`.
func dialectText(l lang, text string) string {
	switch l {
	case langRuby, langPerl, langPHP:
		text = qxRe.ReplaceAllString(text, "`$2$3$4`")
		if l != langPHP {
			text = quoteOps(text)
		}
		text = homeInterpRe.ReplaceAllString(text, "~") // the home folder interpolated in a string
		return strings.NewReplacer("::", ".", "->", ".").Replace(text)
	case langLua:
		return luaMethodRe.ReplaceAllString(text, "$1.$2")
	case langGo:
		return strings.ReplaceAll(text, ":=", " =") // declarations read as assignments
	}
	return text
}

var (
	homeInterpRe = lazyRe(`\$ENV\{\s*['"]?HOME['"]?\s*\}|#\{\s*(?:Dir\.home|ENV\[['"]HOME['"]\]|ENV\.fetch\(['"]HOME['"]\))\s*\}|\{\$_SERVER\[['"]HOME['"]\]\}`)
	qxRe         = lazyRe(`\b(qx|%x)(?:\{([^{}\n]*)\}|\(([^()\n]*)\)|\[([^\[\]\n]*)\])`)
	luaMethodRe  = lazyRe(`([\w\])]):([A-Za-z_]\w*\s*[("'])`)
)

// dialectShell runs the backtick strings of a dialect that has them as
// the shell commands they are.
func (c *code) dialectShell() {
	d := dialects[c.dialect]
	if d == nil || !d.backtickShell {
		return
	}
	for _, t := range c.toks {
		if t.kind == tokString && strings.HasPrefix(t.raw, "`") {
			c.shellText(t, t.text, value{known: !strings.Contains(t.text, "#{") && !strings.Contains(t.text, "$")})
		}
	}
}

// dialectEnv: the code reads the whole environment in an idiom of its
// language; the taint it names goes with the code's first network call.
func (c *code) wholeEnvRead() bool {
	d := dialects[c.dialect]
	return d != nil && d.wholeEnv != nil && d.wholeEnv.MatchString(c.src)
}

// quoteOpRe: the start of a quoting operator, Perl's q{…} and qq{…} or
// Ruby's %q{…}, %Q{…} (any bracket, or the same character at both ends).
var quoteOpRe = lazyRe(`(?:^|[^\w$@%&])(qq|q|%q|%Q)\s*([{(\[<]|[!|~^])`)

// quoteOps rewrites quoting operators as plain double-quoted strings, so
// that their text is one string (a payload in q{…} is a literal like any
// other), with what they hold escaped.
func quoteOps(text string) string {
	if !strings.Contains(text, "q") {
		return text
	}
	var b strings.Builder
	last := 0
	for _, m := range quoteOpRe.FindAllStringSubmatchIndex(text, -1) {
		if m[0] < last {
			continue
		}
		open := text[m[4]]
		closeCh := open
		switch open {
		case '{':
			closeCh = '}'
		case '(':
			closeCh = ')'
		case '[':
			closeCh = ']'
		case '<':
			closeCh = '>'
		}
		depth, end := 1, -1
		for i := m[5]; i < len(text); i++ {
			c := text[i]
			if c == '\\' {
				i++
				continue
			}
			if c == closeCh && closeCh != open || c == closeCh && open == closeCh {
				depth--
				if depth == 0 {
					end = i
					break
				}
			} else if c == open && closeCh != open {
				depth++
			}
		}
		if end < 0 {
			break
		}
		b.WriteString(text[last:m[2]])
		b.WriteString(strconv.Quote(text[m[5]:end]))
		last = end + 1
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}
