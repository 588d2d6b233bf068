package trust

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// ScriptRef is a file a hook command runs: the program itself when it is
// given as a path, the script argument of an interpreter (bash x.sh,
// python3 x.py, node x.js, …), a file a shell sources or reads its code
// from, a module or preload of an interpreter, or any of these inside a
// shell script of the project that the command runs.
type ScriptRef struct {
	// Word is the word as it stands in the command (or in From).
	Word string `json:"word"`
	// Path is the absolute, cleaned path: relative words and
	// $GEMINI_PROJECT_DIR, $GEMINI_CWD, $CLAUDE_PROJECT_DIR are resolved
	// against the project folder, where the agents run hooks (and the
	// folders a cd before it changed to).
	Path string `json:"path"`
	// Via is what reads the script ("" when the script is the program):
	// an interpreter (bash, python3 -m, node -r), source or ., $(cat).
	Via string `json:"via,omitempty"`
	// How says how it was found.
	How Found `json:"how,omitempty"`
	// From is the script whose text runs this one ("" = the hook command).
	From string `json:"from,omitempty"`
}

// interpreter says how a program's options are read.
type interpreter struct {
	// withArg: options that consume the next word.
	withArg map[string]bool
	// code: options whose value (the next word) is inline code; the
	// program then reads no script file.
	code map[string]bool
	// noScript: options or words after which no script file follows.
	noScript map[string]bool
	// preload: options whose value is a file loaded before the program.
	preload map[string]bool
	// script: options whose value is the script (awk -f, php -f, pwsh -File).
	script map[string]bool
	// module: options whose value is a module to run (python -m).
	module map[string]bool
	// subcommands are words skipped before the script (deno run x.ts).
	subcommands map[string]bool
	// combined: single-letter options may be bundled (bash -ec).
	combined bool
	// shell: a POSIX-like shell (inline code and scripts are followed).
	shell bool
	// programFirst: without a script option the first argument is the
	// program text (awk '{…}').
	programFirst bool
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

var (
	shellInterp = interpreter{withArg: set("-o", "+o", "-O", "+O"), code: set("-c"), noScript: set("-s"),
		preload: set("--rcfile", "--init-file"), combined: true, shell: true}
	fishInterp   = interpreter{withArg: set("-C", "--init-command"), code: set("-c", "--command"), combined: true}
	pythonInterp = interpreter{withArg: set("-W", "-X", "-Q"), code: set("-c"), module: set("-m"), noScript: set("-"), combined: true}
	nodeInterp   = interpreter{withArg: set("--env-file", "--conditions", "-C", "--input-type", "--title", "--stack-size", "--max-old-space-size"),
		preload: set("-r", "--require", "--import", "--loader", "--experimental-loader"),
		code:    set("-e", "--eval", "-p", "--print"), noScript: set("-", "-i", "--interactive", "--test", "--run")}
	denoInterp = interpreter{subcommands: set("run"), withArg: set("--config", "-c", "--import-map", "--lock", "--cert", "--env-file", "--location", "--seed", "--v8-flags"),
		preload: set("--preload"), code: set("eval"), noScript: set("-", "repl", "task", "install", "add")}
	bunInterp = interpreter{subcommands: set("run"), withArg: set("--cwd", "--env-file", "--config", "-c"), preload: set("-r", "--preload"),
		code: set("-e", "--eval", "-p", "--print"), noScript: set("x", "install", "add", "-")}
	rubyInterp   = interpreter{withArg: set("-I", "-C", "-E", "-F"), preload: set("-r"), code: set("-e"), noScript: set("-")}
	perlInterp   = interpreter{withArg: set("-I", "-M", "-m", "-x"), code: set("-e", "-E"), noScript: set("-")}
	phpInterp    = interpreter{withArg: set("-c", "-d", "-z"), code: set("-r"), script: set("-f"), noScript: set("-a", "-")}
	pwshInterp   = interpreter{withArg: set("-ExecutionPolicy", "-WorkingDirectory", "-ConfigurationName", "-OutputFormat", "-InputFormat"), code: set("-Command", "-c", "-EncodedCommand", "-e"), script: set("-File", "-f"), noScript: set("-")}
	awkInterp    = interpreter{withArg: set("-F", "-v"), script: set("-f"), programFirst: true}
	sedInterp    = interpreter{withArg: set("-l"), script: set("-f", "--file"), code: set("-e", "--expression"), programFirst: true}
	luaInterp    = interpreter{preload: set("-l"), code: set("-e"), noScript: set("-")}
	simpleInterp = interpreter{code: set("-e", "--eval")}
)

// versioned names a Python interpreter: python3, python3.12, pypy3,
// pythonw, and the Python launcher py (pyw), which runs one (pyLauncher).
var versioned = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^((python|pypy)[0-9.]*w?|pyw?)$`) })

func interpreterFor(prog string) (interpreter, bool) {
	base := strings.TrimSuffix(filepath.Base(prog), ".exe")
	if versioned().MatchString(base) {
		return pythonInterp, true
	}
	switch base {
	case "bash", "sh", "zsh", "dash", "ksh", "mksh", "ash", "rbash", "yash", "posh":
		return shellInterp, true
	case "fish":
		return fishInterp, true
	case "node", "nodejs":
		return nodeInterp, true
	case "deno":
		return denoInterp, true
	case "bun":
		return bunInterp, true
	case "ruby":
		return rubyInterp, true
	case "perl":
		return perlInterp, true
	case "php":
		return phpInterp, true
	case "pwsh", "powershell":
		return pwshInterp, true
	case "awk", "gawk", "mawk", "nawk":
		return awkInterp, true
	case "sed", "gsed":
		return sedInterp, true
	case "lua", "luajit":
		return luaInterp, true
	case "tsx", "ts-node", "ts-node-esm", "esno", "Rscript", "osascript", "tclsh", "wish", "julia", "elixir", "groovy", "swift", "kotlin":
		return simpleInterp, true
	}
	return interpreter{}, false
}

// wrapperSpec says how a program that runs another command reads its own
// options.
type wrapperSpec struct {
	withArg map[string]bool
	// positional: words of the wrapper's own after its options (timeout's
	// duration, flock's file).
	positional int
	// code: options whose value is a shell command line (su -c, flock -c).
	code map[string]bool
	// chdir: options whose value is the command's working folder (env -C).
	chdir map[string]bool
	// split: options whose value is split into the command (env -S).
	split map[string]bool
	// notRun: options after which the command is not run (command -v).
	notRun map[string]bool
	// moreArgs: the wrapper adds arguments from its input (xargs).
	moreArgs bool
	// flags: bare words that are the wrapper's options, not its command
	// (su's "-", a login shell).
	flags map[string]bool
	// shellArgs: the words after its options and positionals are not a
	// command but arguments of a shell it starts (su USER x.sh runs the
	// user's login shell with x.sh), which Hookwarden does not follow.
	shellArgs bool
}

var wrappers = map[string]wrapperSpec{
	"env":              {withArg: set("-u", "--unset", "-a", "--argv0"), chdir: set("-C", "--chdir"), split: set("-S", "--split-string")},
	"exec":             {withArg: set("-a")},
	"command":          {notRun: set("-v", "-V")},
	"builtin":          {},
	"nohup":            {},
	"setsid":           {},
	"time":             {withArg: set("-f", "--format", "-o", "--output")},
	"nice":             {withArg: set("-n", "--adjustment")},
	"ionice":           {withArg: set("-c", "--class", "-n", "--classdata", "-p", "-P", "-u")},
	"stdbuf":           {withArg: set("-i", "-o", "-e", "--input", "--output", "--error")},
	"timeout":          {withArg: set("-s", "--signal", "-k", "--kill-after"), positional: 1},
	"flock":            {withArg: set("-w", "--timeout", "-E", "--conflict-exit-code"), code: set("-c", "--command"), positional: 1},
	"chrt":             {positional: 1},
	"taskset":          {positional: 1},
	"sudo":             {withArg: set("-u", "--user", "-g", "--group", "-C", "-D", "--chdir", "-h", "--host", "-p", "--prompt", "-r", "-t", "-U", "-T")},
	"doas":             {withArg: set("-u", "-C")},
	"su":               {withArg: set("-s", "--shell", "-g", "-G", "-w"), code: set("-c", "--command"), positional: 1, flags: set("-"), shellArgs: true},
	"runuser":          {withArg: set("-s", "-g", "-G", "-u", "-w"), code: set("-c", "--command")},
	"script":           {withArg: set("-E", "-I", "-O", "-T", "-B", "-m"), code: set("-c", "--command")},
	"strace":           {withArg: set("-o", "-e", "-p", "-s", "-u", "-E", "-a", "-b", "-I", "-O", "-P", "-S", "-X")},
	"ltrace":           {withArg: set("-o", "-e", "-p", "-s", "-u", "-a", "-n", "-A", "-D", "-F", "-I", "-L", "-x")},
	"unbuffer":         {},
	"caffeinate":       {withArg: set("-t", "-w")},
	"chronic":          {},
	"ifne":             {},
	"dbus-run-session": {},
	"xvfb-run":         {withArg: set("-n", "-s", "-e", "-f", "-p", "--server-args", "--server-num", "--error-file", "--auth-file")},
	"watch":            {withArg: set("-n", "--interval", "-d", "-g")},
	"xargs": {withArg: set("-I", "-a", "--arg-file", "-d", "--delimiter", "-E", "-e", "-L", "-l", "-n", "--max-args", "-P", "--max-procs", "-s", "--max-chars", "--process-slot-var"),
		moreArgs: true},
}

// runners are package runners: they run a package's program (from the
// project's node_modules or downloaded), whose code Hookwarden does not
// read; the rest of the command is seen through (npx tsx x.ts).
var runners = map[string]wrapperSpec{
	"npx":  {withArg: set("-p", "--package", "-c", "--call")},
	"bunx": {withArg: set("-p", "--package")},
	"pnpx": {withArg: set("-p", "--package")},
	"uvx":  {withArg: set("--from", "--with", "-p", "--python", "--index", "--index-url")},
}

// projectRunners run a command in the project's environment (uv run,
// poetry run, …): the rest is a command, or a script file (uv run x.py).
var projectRunners = map[string]wrapperSpec{
	"uv": {withArg: set("--with", "--with-editable", "--with-requirements", "--python", "-p", "--project", "--directory", "--package", "--extra",
		"--no-extra", "--group", "--no-group", "--only-group", "--index", "--default-index", "--index-url", "-i", "--extra-index-url", "--find-links",
		"-f", "--index-strategy", "--keyring-provider", "--resolution", "--prerelease", "--fork-strategy", "--exclude-newer",
		"--exclude-newer-package", "--config-file", "--cache-dir", "--env-file", "--config-setting", "-C", "--config-settings-package",
		"--link-mode", "--refresh-package", "--reinstall-package", "--upgrade-package", "-P", "--no-build-package", "--no-binary-package",
		"--no-build-isolation-package", "--python-platform", "--allow-insecure-host", "--color", "--directory")},
	"poetry": {withArg: set("-C", "--directory", "-P", "--project")},
	"pipenv": {},
	"pdm":    {withArg: set("-p", "--project")},
	"rye":    {},
	"hatch":  {withArg: set("-e", "--env")},
	"pixi":   {withArg: set("-e", "--environment", "--manifest-path")},
}

// skipOptions skips a wrapper's options (and their values) and its own
// positional words; it returns the rest and the values of options that
// matter (code, chdir, split), or stop when the command is not run.
func skipOptions(words []cmdWord, spec wrapperSpec) (rest []cmdWord, code, chdir, split *cmdWord, stop bool) {
	i, positional := 0, spec.positional
	for i < len(words) {
		w := words[i]
		if !w.v.ok {
			break
		}
		t := w.v.text
		if t == "--" {
			i++
			break
		}
		if spec.flags[t] {
			i++ // su - (a login shell): an option, whatever it looks like
			continue
		}
		if !strings.HasPrefix(t, "-") || t == "-" {
			if spec.notRun[t] {
				return nil, nil, nil, nil, true
			}
			if positional > 0 && !isAssignment(t) {
				positional-- // timeout 5, flock FILE (options may follow)
				i++
				continue
			}
			break
		}
		k, _, hasValue := strings.Cut(t, "=")
		if spec.notRun[k] {
			return nil, nil, nil, nil, true
		}
		var value *cmdWord
		switch {
		case hasValue:
			v := w
			v.v.text = t[len(k)+1:]
			value = &v
		case spec.withArg[k] || spec.code[k] || spec.chdir[k] || spec.split[k]:
			if i+1 < len(words) {
				value = &words[i+1]
				i++
			}
		}
		switch {
		case spec.code[k]:
			code = value
		case spec.chdir[k]:
			chdir = value
		case spec.split[k]:
			split = value
		}
		i++
	}
	for i < len(words) && assignWord(words[i]) {
		i++ // env FOO=1 cmd
	}
	return words[i:], code, chdir, split, false
}

// wrapper sees through a program that runs the rest of its arguments as a
// command; ok is false when name is no wrapper, next nil when nothing more
// runs (or what runs was handled here).
func (d *discoverer) wrapper(st *syntax.Stmt, name string, words []cmdWord, sc *scope, rc *runCtx) (next []cmdWord, ok bool) {
	if spec, isRunner := runners[name]; isRunner {
		rest, _, _, _, _ := skipOptions(words[1:], spec)
		if len(rest) == 0 {
			return nil, true
		}
		if name == "uvx" {
			d.pythonProject(st, name, "run", words[1:len(words)-len(rest)], rest, sc)
		} else {
			// the project's .npmrc (a registry) or bunfig.toml decides
			// what the runner fetches and runs: fingerprinted, so one a
			// pull adds or changes reads as new
			manager := map[string]string{"npx": "npx", "bunx": "bun", "pnpx": "pnpm"}[name]
			for _, dir := range sc.cwds {
				if within(dir, d.project) {
					d.runnerConfig(st, sc, manager, dir)
				}
			}
		}
		if rest[0].v.ok && (!strings.ContainsRune(rest[0].v.text, '/') || name != "uvx" && scopedPackage(rest[0].v.text)) {
			d.localBin(sc, rest[0].w, rest[0].v.text, name)
			from := "node_modules, a cache or the registry"
			if name == "uvx" {
				from = "uv's cache or the package index"
			}
			d.unresolved(sc, st, name+" runs the package "+rest[0].v.text+" (from "+from+"), whose code Hookwarden does not read")
			if scopedPackage(rest[0].v.text) {
				// npx @scope/pkg runs the package's bin, never a file
				// named @scope/pkg: what follows is seen through as
				// that bin, found on the PATH npx makes.
				rest = append([]cmdWord{rest[0]}, rest[1:]...)
				rest[0].v.text = packageBin(rest[0].v.text)
			}
		}
		rc.via = name
		return rest, true
	}
	if spec, isProject := projectRunners[name]; isProject {
		args := words[1:]
		if len(args) == 0 || !args[0].v.ok || args[0].v.text != "run" {
			d.pyProjectCommand(st, name, args, sc) // uv sync, poetry install: not running a command, maybe building the project
			return nil, true
		}
		rest, _, _, _, _ := skipOptions(args[1:], spec)
		if len(rest) == 0 {
			return nil, true
		}
		d.projectEnvironment(st, name, sc)
		opts := args[1 : len(args)-len(rest)]
		d.pythonProject(st, name, "run", opts, rest, sc)
		if rest[0].v.ok && (strings.HasSuffix(rest[0].v.text, ".py") || name == "uv" && uvScriptFlag(opts)) {
			via := name + " run"
			if !strings.HasSuffix(rest[0].v.text, ".py") {
				via += " python" // uv run --script: a Python script whatever its name
			}
			d.addResolved(sc, rest[0].w, rest[0].v, via, FoundInterpreter, false, false)
			return nil, true
		}
		rc.via = name + " run"
		return rest, true
	}
	spec, isWrapper := wrappers[name]
	if !isWrapper {
		return nil, false
	}
	rest, code, chdir, split, stop := skipOptions(words[1:], spec)
	if stop {
		return nil, true
	}
	if name == "env" {
		for _, w := range words[1 : len(words)-len(rest)] {
			if w.w == nil || len(w.w.Parts) == 0 || !assignWord(w) {
				continue
			}
			lit, _ := w.w.Parts[0].(*syntax.Lit)
			k, _, _ := strings.Cut(lit.Value, "=")
			v := d.expand(w.w, sc)
			if k == "PATH" {
				v = d.expandPath(w.w, sc)
			}
			value := unknownVar
			if v.ok {
				value = strings.TrimPrefix(v.text, k+"=")
			}
			rc.setEnv(k, value)
		}
	}
	if spec.moreArgs {
		rc.moreArgs = true
		for i := 1; i < len(words)-len(rest); i++ {
			t := words[i].v.text
			switch {
			case !words[i].v.ok:
			case t == "-I" && i+1 < len(words):
				rc.placeholder = words[i+1].v.text
			case strings.HasPrefix(t, "-I"):
				rc.placeholder = t[2:]
			case t == "-i" || t == "--replace":
				rc.placeholder = "{}"
			case strings.HasPrefix(t, "-i") || strings.HasPrefix(t, "--replace="):
				_, rc.placeholder, _ = strings.Cut(strings.TrimPrefix(t, "-i"), "=")
				if rc.placeholder == "" {
					rc.placeholder = t[2:]
				}
			}
		}
	}
	if chdir != nil {
		d.cd([]cmdWord{{v: wordv{text: "cd", ok: true}}, *chdir}, sc)
	}
	if code != nil {
		d.shellCode(st, *code, sc, name)
		return nil, true
	}
	if spec.shellArgs && len(rest) > 0 {
		d.incomplete(sc, st, ReasonPrograms, name+" hands the words after its user to that user's login shell, which Hookwarden does not follow")
		return nil, true
	}
	if split != nil {
		if !split.v.ok {
			d.unresolved(sc, st, name+" -S runs a command line "+split.v.why)
			return nil, true
		}
		line := split.v.text
		for _, r := range rest {
			line += " " + sc.text(r.w)
		}
		d.inline(st, line, sc, false)
		return nil, true
	}
	if len(rest) == 0 {
		return nil, true // xargs alone runs echo; exec alone only redirects
	}
	return rest, true
}

// findExec sees through find's -exec, -execdir, -ok and -okdir: each runs
// the words up to ";" or "+", with {} replaced by a file find found.
func (d *discoverer) findExec(st *syntax.Stmt, words []cmdWord, sc *scope, pipeFrom *syntax.Stmt) {
	for i := 1; i < len(words); i++ {
		switch words[i].v.text {
		case "-exec", "-execdir", "-ok", "-okdir":
		default:
			continue
		}
		j := i + 1
		for j < len(words) && words[j].v.text != ";" && words[j].v.text != "+" {
			j++
		}
		if j > i+1 {
			d.run(st, words[i+1:j], sc.clone(), pipeFrom, runCtx{placeholder: "{}", moreArgs: true})
		}
		i = j
	}
}

// shellCode discovers what a command line given as an argument runs
// (bash -c CODE, su -c CODE): literal code is parsed, "$(cat x)" reads x.
func (d *discoverer) shellCode(st *syntax.Stmt, code cmdWord, sc *scope, via string) {
	d.shellCodeArgs(st, code, nil, sc, via)
}

// shellCodeArgs is shellCode for `sh -c CODE ARG0 ARGS…`: the code runs with
// $0 = ARG0 and $1… = ARGS, each known when its word is (a literal, the
// agent's folder variables), else unknown — its uses then leave the hook
// incomplete with their reason. Without ARGS the code's $0 and $1… are not
// bound here (unknown).
func (d *discoverer) shellCodeArgs(st *syntax.Stmt, code cmdWord, args []cmdWord, sc *scope, via string) {
	if file := catOf(code.w); file != nil {
		d.addResolved(sc, file, d.expand(file, sc), via+" -c", FoundCat, true, false)
		return
	}
	if !code.v.ok {
		d.unresolved(sc, st, via+" -c runs code "+code.v.why)
		return
	}
	inner := sc.clone()
	inner.pos = nil
	inner.lang = viaDialect(via, sc.lang) // bash -c code is bash, whatever shell started it
	if len(args) > 0 {
		inner.self = "" // BASH_SOURCE is empty in sh -c code
		inner.pos = make([]string, len(args))
		for i, a := range args {
			inner.pos[i] = unknownVar
			if a.v.ok && !a.v.glob && !(a.v.split && strings.ContainsAny(a.v.text, " \t\n")) {
				inner.pos[i] = a.v.text
			}
		}
	}
	d.inline(code.w, code.v.text, inner, true)
}

// interpret finds the script an interpreter runs from its arguments (or
// from its standard input).
func (d *discoverer) interpret(st *syntax.Stmt, name string, ip interpreter, args []cmdWord, sc *scope, pipeFrom *syntax.Stmt, rc runCtx) {
	via := name
	if rc.via != "" {
		via = rc.via + " " + name
	}
	codeNext, scriptNext := false, false
	for i := 0; i < len(args); i++ {
		w := args[i]
		if rc.placeholder != "" && strings.Contains(w.w.Lit(), rc.placeholder) {
			d.unresolved(sc, st, "the script comes from the input of xargs or find")
			return
		}
		if !w.v.ok {
			if codeNext {
				d.shellCodeOrUnseen(st, w, sc, via, ip.shell, boundArgs(args[i+1:], rc)...)
				return
			}
			if file := catOf(w.w); file != nil {
				// bash <(cat x)
				d.addResolved(sc, file, d.expand(file, sc), via, FoundCat, ip.shell, false)
				return
			}
			d.unresolved(sc, st, via+" runs a script "+w.v.why)
			return
		}
		t := w.v.text
		if !codeNext && !scriptNext && versionOnly(name, t) {
			return // node --version, python3 -V, bash --help: no script runs
		}
		switch {
		case codeNext:
			d.shellCodeOrUnseen(st, w, sc, via, ip.shell, boundArgs(args[i+1:], rc)...)
			return
		case scriptNext:
			d.addScriptArg(st, sc, w, via, ip.shell)
			return
		case ip.noScript[t]:
			if t == "-" || t == "-s" {
				d.stdinCode(st, sc, via, ip.shell, pipeFrom)
			}
			return
		case ip.subcommands[t]:
			continue
		case ip.code[t]:
			codeNext = true
			continue
		case ip.script[t]:
			scriptNext = true
			continue
		case ip.module[t]:
			if i+1 < len(args) {
				d.module(sc, args[i+1], via+" -m")
			}
			return
		case ip.preload[t]:
			if i+1 < len(args) {
				d.preload(sc, args[i+1], via+" "+t, ip.shell)
				i++
			}
			continue
		case ip.withArg[t]:
			i++
			continue
		case strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") && ip.shell:
			if ip.programFirst && name != "sed" && name != "gsed" && !awkOption(t) {
				d.incomplete(sc, w.w, ReasonLoads, name+" "+t+": an option whose files or code Hookwarden does not follow (gawk -i/-l/-e/--source load or run more code)")
				return
			}
			k, v, hasValue := strings.Cut(t, "=")
			switch {
			case hasValue && ip.preload[k]:
				vw := w
				vw.v.text = v
				d.preload(sc, vw, via+" "+k, ip.shell)
				continue
			case hasValue && ip.code[k]:
				vw := w
				vw.v.text = v
				d.shellCodeOrUnseen(st, vw, sc, via, ip.shell) // node --eval=…, fish --command=…
				return
			case hasValue && ip.module[k]:
				vw := w
				vw.v.text = v
				d.module(sc, vw, via+" -m")
				return
			case ip.noScript[k]:
				return
			}
			if ip.combined && strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") {
				for j, ch := range t[1:] {
					opt := "-" + string(ch)
					switch {
					case ip.code[opt]:
						codeNext = true // bash -ec 'code'
					case ip.module[opt]:
						if rest := t[2+j:]; rest != "" {
							vw := w
							vw.v.text = rest
							d.module(sc, vw, via+" -m") // python3 -mpkg
						} else if i+1 < len(args) {
							d.module(sc, args[i+1], via+" -m")
						}
						return
					case ip.noScript[opt]:
						if opt == "-s" {
							d.stdinCode(st, sc, via, ip.shell, pipeFrom)
						}
						return
					}
				}
			}
			continue
		}
		if ip.programFirst {
			if name != "sed" && name != "gsed" {
				d.awkProgram(w, sc, name) // awk '{…}' file: the program is the text itself
				return
			}
			// sed 'PROGRAM' file: the program is code too — its e command
			// and s///e run what it reads, r/w open files.
			if !w.v.ok {
				d.incomplete(sc, w.w, ReasonComputed, name+" runs a program known only at run time")
				return
			}
			d.inlineForeign(st, w, sc, via)
			return
		}
		if codeNext {
			d.shellCodeOrUnseen(st, w, sc, via, ip.shell)
			return
		}
		d.addScriptArg(st, sc, w, via, ip.shell)
		return
	}
	switch {
	case (codeNext || scriptNext) && rc.moreArgs:
		d.unresolved(sc, st, via+" runs code that xargs or find supply from their input")
	case codeNext || scriptNext:
	case rc.moreArgs:
		d.unresolved(sc, st, via+" runs a script that xargs or find supply from their input")
	case !ip.programFirst:
		d.stdinCode(st, sc, via, ip.shell, pipeFrom)
	}
}

// boundArgs are the words after sh -c CODE, those that xargs or find fill
// in (rc.placeholder) unknown.
func boundArgs(args []cmdWord, rc runCtx) []cmdWord {
	if rc.placeholder == "" {
		return args
	}
	out := slices.Clone(args)
	for i := range out {
		if strings.Contains(out[i].v.text, rc.placeholder) || strings.Contains(out[i].w.Lit(), rc.placeholder) {
			out[i].v = unknown("the input of xargs or find")
		}
	}
	return out
}

// addScriptArg lists the script argument of an interpreter.
func (d *discoverer) addScriptArg(st *syntax.Stmt, sc *scope, w cmdWord, via string, shell bool) {
	if isStdinPath(w.v.text) {
		d.stdinCode(st, sc, via, shell, nil)
		return
	}
	d.addResolved(sc, w.w, w.v, via, FoundInterpreter, shell, false)
}

// shellCodeOrUnseen handles the code argument of -c: parsed for a shell,
// left alone (it is visible text) for another language unless computed.
func (d *discoverer) shellCodeOrUnseen(st *syntax.Stmt, w cmdWord, sc *scope, via string, shell bool, args ...cmdWord) {
	if shell {
		d.shellCodeArgs(st, w, args, sc, via)
		return
	}
	if !w.v.ok {
		if file := catOf(w.w); file != nil {
			d.addResolved(sc, file, d.expand(file, sc), via+" -c", FoundCat, false, false)
			return
		}
		d.unresolved(sc, st, via+" runs code "+w.v.why)
		return
	}
	d.inlineForeign(st, w, sc, via)
}

// preload lists a file an interpreter loads first (node -r ./pre.js); a
// bare module name (node -r ts-node/register) is a package.
func (d *discoverer) preload(sc *scope, w cmdWord, via string, shell bool) {
	if w.v.ok && !w.v.glob && !strings.HasPrefix(w.v.text, ".") && !filepath.IsAbs(w.v.text) {
		return
	}
	d.addResolved(sc, w.w, w.v, via, FoundPreload, shell, false)
}

// module resolves python -m a.b in each working folder (the first entry of
// sys.path): a/b/__main__.py with a/__init__.py and a/b/__init__.py, or
// a/b.py. A module found nowhere in the project is an installed one.
func (d *discoverer) module(sc *scope, w cmdWord, via string) {
	if !w.v.ok || w.v.glob {
		d.unresolved(sc, w.w, "python -m runs a module "+w.v.why)
		return
	}
	rel := filepath.Join(strings.Split(w.v.text, ".")...)
	foundAny := false
	defer func() {
		if !foundAny {
			d.incomplete(sc, w.w, ReasonLoads, "python -m runs the installed module "+w.v.text+", whose code (and the project files it reads) Hookwarden does not follow")
		}
	}()
	for _, cwd := range d.resolve(sc, w.w, ".") {
		pkg := filepath.Join(cwd, rel)
		if isDir(pkg) {
			foundAny = true
			parts := strings.Split(rel, string(filepath.Separator))
			for i := 1; i <= len(parts); i++ {
				if init := filepath.Join(cwd, filepath.Join(parts[:i]...), "__init__.py"); exists(init) {
					d.add(sc, w.w, init, via, FoundModule, false, false)
				}
			}
			d.add(sc, w.w, filepath.Join(pkg, "__main__.py"), via, FoundModule, false, false)
			continue
		}
		if exists(pkg + ".py") {
			foundAny = true
			d.add(sc, w.w, pkg+".py", via, FoundModule, false, false)
		}
	}
}

// assignWord reports whether a word is NAME=value (its value may be
// computed).
func assignWord(w cmdWord) bool {
	if w.v.ok {
		return isAssignment(w.v.text)
	}
	if w.w == nil || len(w.w.Parts) == 0 {
		return false
	}
	lit, ok := w.w.Parts[0].(*syntax.Lit)
	return ok && isAssignment(lit.Value)
}

func isAssignment(s string) bool {
	k, _, ok := strings.Cut(s, "=")
	return ok && k != "" && !strings.ContainsAny(k, "/ -")
}

func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// scopedPackage says whether a package runner's first word names a
// scoped npm package (@scope/name, with an optional @version), which
// the runner fetches or finds in node_modules, not a path.
func scopedPackage(spec string) bool {
	if !strings.HasPrefix(spec, "@") {
		return false
	}
	scope, rest, ok := strings.Cut(spec[1:], "/")
	if !ok || scope == "" || rest == "" || strings.HasPrefix(rest, "@") {
		return false
	}
	name, _, _ := strings.Cut(rest, "@")
	return name != "" && !strings.ContainsAny(scope+name, "/\\") && name != "." && name != ".."
}

// packageName is spec without its @version: prettier@3 → prettier,
// @scope/pkg@1 → @scope/pkg.
func packageName(spec string) string {
	if at := strings.LastIndexByte(spec, '@'); at > 0 {
		return spec[:at]
	}
	return spec
}

// packageBin is the bin a runner starts for spec when the package has one
// of its name: the name without its scope and version.
func packageBin(spec string) string {
	name := packageName(spec)
	if strings.HasPrefix(name, "@") {
		if _, after, ok := strings.Cut(name, "/"); ok {
			return after
		}
	}
	return name
}
