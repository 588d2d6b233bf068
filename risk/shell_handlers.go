package risk

import (
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// progCall is one program run with its arguments, as a handler sees it.
type progCall struct {
	base string
	name field
	args []field
	n    syntax.Node
	s    *syntax.Stmt
	in   *value
}

// progHandler judges a program and returns what it writes on stdout;
// ok false hands the program on to the rest of shell.program.
type progHandler func(sh *shell, c progCall) (out value, ok bool)

// progHandlers is the table of programs judged by a handler of their own:
// where a program sends data, what commands its options run, what it
// destroys or installs, what it prints and reads (shell_table.go).
// shell.program runs a program's handlers in order until one takes it.
var progHandlers map[string][]progHandler

// progHandlersOnce builds progHandlers on first use (handlerOf), not at
// package init: every start of the binary paid it.
var progHandlersOnce sync.Once

func buildProgHandlers() {
	progHandlers = map[string][]progHandler{}
	reg := func(h progHandler, names ...string) {
		for _, n := range names {
			progHandlers[n] = append(progHandlers[n], h)
		}
	}
	defer registerProgTable(reg)
	// deletions of what the machine or the account holds (first: they
	// hand the program on to its other handlers)
	reg(sharedDestroyCmd, "docker", "podman", "nerdctl", "kubectl", "oc", "gh", "aws")
	// sinks outside curl
	reg(ghCmd, "gh")
	reg(awsCmd, "aws")
	reg(rcloneCmd, "rclone")
	reg(cloudCopyCmd, "gsutil", "gcloud", "s5cmd", "azcopy", "az", "mc", "b2", "oci")
	reg(mailCmd, "mail", "mailx", "sendmail", "mutt", "msmtp", "s-nail")
	reg(swaksCmd, "swaks")
	reg(registryCmd, "npm", "pnpm", "yarn", "pip", "pip3", "uv", "go", "git", "cargo", "gem", "bundle", "conda", "poetry", "pdm")
	// state outside the project: databases, processes
	reg(dataWipeCmd, "psql", "mysql", "mariadb", "sqlite3", "redis-cli", "valkey-cli", "mongosh", "mongo", "supabase")
	reg(killByNameCmd, "pkill", "killall")
	// commands through other programs' options
	reg(tarCmd, "tar", "bsdtar", "gtar")
	reg(sedCmd, "sed", "gsed")
	reg(zipCmd, "zip")
	reg(vimCmd, "vim", "vi", "nvim", "ex", "view", "gvim")
	reg(luaCmd, "lua", "luajit", "lua5.1", "lua5.3", "lua5.4", "texlua")
	for name := range optionCommands {
		reg(optionCommandCmd, name)
	}
	// persistence and destruction
	reg(systemdRunCmd, "systemd-run")
	reg(busCmd, "busctl", "gdbus", "dbus-send")
	reg(sendKeysCmd, "tmux", "screen")
	reg(truncateCmd, "truncate")
	reg(killCmd, "kill", "pkill", "killall", "killall5")
	reg(mvCmd, "mv")
	reg(func(sh *shell, c progCall) (value, bool) {
		sh.git(c.args, c.n)
		if revParseTop && len(c.args) == 2 && c.args[0].s == "rev-parse" && c.args[1].s == "--show-toplevel" && sh.a.hook.ProjectDir != "" && sh.cwd == "" {
			// the agent runs the hook in the project: its top folder
			return value{s: sh.a.hook.ProjectDir + "\n", known: true}, true
		}
		if len(c.args) == 2 && c.args[0].s == "rev-parse" && (c.args[1].s == "--git-dir" || c.args[1].s == "--absolute-git-dir" || c.args[1].s == "--git-common-dir") ||
			len(c.args) == 3 && c.args[0].s == "rev-parse" && c.args[1].s == "--git-path" && c.args[2].s == "hooks" {
			// the repository's own git folder: not known here, but named,
			// so that core.hooksPath set to its hooks folder through a
			// variable is still git's default (gitDirHooks)
			v := gitDirMark
			if len(c.args) == 3 {
				v += "/hooks"
			}
			return value{s: v + "\n"}, true
		}
		if _, pos := options(c.args, set("-C", "-c", "--git-dir", "--work-tree"), true); len(pos) > 0 && pos[0].s == "send-email" {
			// patches mailed out: the project's history, to whoever --to names
			to := "the addresses it names"
			for _, a := range pos[1:] {
				if v, ok := strings.CutPrefix(a.s, "--to="); ok {
					to = v
				}
			}
			sh.find(c.n, Exfiltration, LevelCritical, "mails the project's commits as patches to %s (git send-email)", shortText(to, 40))
		}
		return value{}, true
	}, "git")
	reg(lftpCmd, "lftp")
	for name := range remoteChange {
		reg(remoteChangeCmd, name)
	}
}

// revParseTop: read $(git rev-parse --show-toplevel) as the project
// folder when discovery could not (a project that is not a repository).
// Off: measured on the held-out sets it flags more of blind2's benign
// hooks (see the risk3 report).
const revParseTop = false

// handlerOf returns the program's handler (nil when it has none).
func handlerOf(base string) []progHandler {
	progHandlersOnce.Do(buildProgHandlers)
	return progHandlers[base]
}

// upload judges files or stdin sent somewhere by a program.
func (sh *shell) upload(c progCall, ep endpoint, files []field, stdin bool, verb string) {
	var data taints
	for _, f := range files {
		data.add(sh.readFile(f.value, c.n).t)
	}
	if stdin {
		data.add(stdinOf(c.in).t)
	}
	if data.empty() && strings.HasPrefix(verb, "mails") && len(files) == 0 && sh.plainStdin(c) {
		// a notice to a fixed address whose text carries nothing of the
		// user's (a build log, a literal line): a notifier, not a sink
		return
	}
	sh.network(ep, data, taints{}, c.n, verb)
}

// plainStdin: the mail's text is literal, or a log or temporary file
// (< /tmp/build.log): nothing of the project's or the user's.
func (sh *shell) plainStdin(c progCall) bool {
	if c.in != nil && c.in.known {
		return true
	}
	// the statement's redirections follow the call's words
	text := sh.rawText(c.n)
	if c.n != nil {
		if end := int(c.n.End().Offset()); end >= 0 && end <= len(sh.src) {
			rest := sh.src[end:]
			if k := strings.IndexAny(rest, "\n;|&)"); k >= 0 {
				rest = rest[:k]
			}
			text += rest
		}
	}
	m := redirectInRe.FindStringSubmatch(text)
	if m == nil {
		return false
	}
	p := normPath(strings.Trim(m[1], `"'`), sh.a.hook.ProjectDir)
	return p == "/dev/null" || (strings.HasPrefix(p, "/tmp/") || strings.HasSuffix(p, ".log"))
}

var redirectInRe = lazyRe(`(?:^|[^<])<\s*("[^"]+"|'[^']+'|[^\s;&|<>()]+)`)

// ghCmd: gh gist create FILE…, gh api -f/-F, gh release upload: data to
// GitHub. The credential case (gh auth token) stays in shell.program.
func ghCmd(sh *shell, c progCall) (value, bool) {
	_, pos := options(c.args, set("-d", "--desc", "-f", "--filename", "-R", "--repo", "-F", "--field", "--raw-field", "-X", "--method", "-H", "--header", "--input", "-b", "--body", "-t", "--title"), false)
	if len(pos) < 2 {
		return value{}, false
	}
	switch pos[0].s + " " + pos[1].s {
	case "gist create", "gist new", "gist edit":
		files := pos[2:]
		stdin := len(files) == 0
		for _, f := range files {
			stdin = stdin || f.s == "-"
		}
		sh.upload(c, endpoint{Host: "gist.github.com"}, files, stdin, "uploads files to")
		return value{}, true
	case "release upload", "release create":
		// gh release upload TAG FILE…: the files become downloadable
		// assets of that repository's release
		var files []field
		for _, f := range pos[min(3, len(pos)):] {
			f.s, _, _ = strings.Cut(f.s, "#") // FILE#label
			files = append(files, f)
		}
		sh.upload(c, endpoint{Host: "github.com"}, files, false, "attaches files to a GitHub release on")
		return value{}, true
	}
	var data taints
	for _, a := range c.args {
		data.add(a.t)
		if strings.HasPrefix(a.s, "@") {
			data.add(sh.readFile(value{s: a.s[1:], known: a.known}, c.n).t)
		}
	}
	if ghReadOnly(pos, c.args) {
		// gh pr view "$SELECTOR", gh api repos/…/reviews: part of the
		// input names what to read; it is a query of the project's forge,
		// not an upload (a secret in it still is)
		data.kinds &^= tPayload
	}
	if !data.empty() && data.serious() != "" {
		flags, _ := options(c.args, set("-R", "--repo"), false)
		if data.kinds&^tMeta == tPayload && len(data.files) == 0 && len(data.vars) == 0 && !hasFlag(flags, "-R", "--repo") && pos[0].s != "api" && pos[0].s != "gist" {
			// the session mirrored to the project's own repository (an
			// issue comment, a PR body): to the forge the project lives
			// on, with the user's account — review, not a leak to others
			sh.find(c.n, Network, LevelReview, "posts %s to this repository on GitHub with your account (gh %s %s)", data.serious(), pos[0].s, pos[1].s)
			return value{}, true
		}
		sh.network(endpoint{Host: "api.github.com"}, data, taints{}, c.n, "sends data to")
		return value{}, true
	}
	if !ghReadOnly(pos, c.args) && pos[0].s != "auth" && pos[0].s != "help" && pos[0].s != "search" && pos[0].s != "browse" {
		// gh pr create, gh issue comment, gh release create, gh api -X POST:
		// it acts on the forge with the user's account
		sh.find(c.n, Network, LevelReview, "acts on GitHub with your account (gh %s %s)", pos[0].s, pos[1].s)
		return value{}, true
	}
	return value{}, false
}

// remoteChange is the table of programs that change something outside the
// machine — infrastructure, deployments, registries, the system's
// packages — by the verbs that do it; the rest of their verbs read.
var remoteChange = map[string]struct {
	verbs map[string]bool
	what  string
}{
	"terraform": {set("apply", "destroy", "import", "taint"), "changes cloud infrastructure"},
	"tofu":      {set("apply", "destroy", "import", "taint"), "changes cloud infrastructure"},
	"pulumi":    {set("up", "destroy", "update"), "changes cloud infrastructure"},
	"kubectl":   {set("apply", "delete", "create", "replace", "patch", "scale", "rollout", "set", "drain", "exec"), "changes a Kubernetes cluster"},
	"helm":      {set("install", "upgrade", "uninstall", "delete", "rollback"), "changes a Kubernetes cluster"},
	"docker":    {set("push", "login"), "pushes images to a registry"},
	"podman":    {set("push", "login"), "pushes images to a registry"},
	"vercel":    {set("deploy", "--prod", "promote", "remove", "rm", ""), "deploys the project"},
	"netlify":   {set("deploy"), "deploys the project"},
	"firebase":  {set("deploy"), "deploys the project"},
	"fly":       {set("deploy", "launch", "destroy"), "deploys the project"},
	"flyctl":    {set("deploy", "launch", "destroy"), "deploys the project"},
	"heroku":    {set("deploy", "releases:rollback", "config:set", "ps:scale"), "deploys the project"},
	"gcloud":    {set("deploy", "create", "delete", "update"), "changes cloud resources"},
	"az":        {set("deploy", "create", "delete", "update"), "changes cloud resources"},
	"apt-get":   {set("install", "remove", "purge", "upgrade", "dist-upgrade"), "installs or removes the system's packages"},
	"apt":       {set("install", "remove", "purge", "upgrade", "full-upgrade"), "installs or removes the system's packages"},
	"dnf":       {set("install", "remove", "upgrade"), "installs or removes the system's packages"},
	"yum":       {set("install", "remove", "update"), "installs or removes the system's packages"},
	"apk":       {set("add", "del", "upgrade"), "installs or removes the system's packages"},
	"pacman":    {set("-S", "-Syu", "-R", "-Rns"), "installs or removes the system's packages"},
	"snap":      {set("install", "remove"), "installs or removes the system's packages"},
	"choco":     {set("install", "uninstall", "upgrade"), "installs or removes the system's packages"},
	"winget":    {set("install", "uninstall", "upgrade"), "installs or removes the system's packages"},
	// editors' extensions run with the user's rights in every project
	"code":          {set("--install-extension"), "installs editor extensions from a marketplace"},
	"code-insiders": {set("--install-extension"), "installs editor extensions from a marketplace"},
	"codium":        {set("--install-extension"), "installs editor extensions from a marketplace"},
	"cursor":        {set("--install-extension"), "installs editor extensions from a marketplace"},
}

// remoteChangeCmd judges the programs of remoteChange: review when a verb
// of theirs changes something (a deployment is the user's to approve).
func remoteChangeCmd(sh *shell, c progCall) (value, bool) {
	t, ok := remoteChange[c.base]
	if !ok {
		return value{}, false
	}
	verbs := 0
	for _, a := range c.args {
		if t.verbs[a.s] || strings.HasPrefix(a.s, "-") && t.verbs[a.s] {
			sh.find(c.n, Network, LevelReview, "%s (%s %s)", t.what, c.base, a.s)
			return value{}, false // the program's other handlers judge it too
		}
		if !strings.HasPrefix(a.s, "-") {
			if verbs++; verbs > 3 {
				break
			}
		}
	}
	if len(c.args) == 0 && t.verbs[""] {
		sh.find(c.n, Network, LevelReview, "%s (%s)", t.what, c.base)
	}
	return value{}, false
}

// awsCmd: aws s3 cp/sync/mv with a bucket on one side.
func awsCmd(sh *shell, c progCall) (value, bool) {
	_, pos := options(c.args, set("--profile", "--region", "--endpoint-url", "--exclude", "--include", "--acl", "--storage-class", "--sse", "--expires", "--cache-control", "--content-type"), false)
	if len(pos) < 4 || pos[0].s != "s3" && pos[0].s != "s3api" {
		return value{}, false
	}
	switch pos[1].s {
	case "cp", "mv", "sync":
		src, dst := pos[2], pos[3]
		if strings.HasPrefix(dst.s, "s3://") && !strings.HasPrefix(src.s, "s3://") {
			bucket := strings.SplitN(strings.TrimPrefix(dst.s, "s3://"), "/", 2)[0]
			sh.upload(c, endpoint{Host: "the S3 bucket " + bucket}, []field{src}, src.s == "-", "uploads files to")
			return value{}, true
		}
	}
	return value{}, false
}

// cloudCopies: how each cloud storage CLI names a copy to the cloud: the
// words of the verb, the prefixes of a remote destination, and the
// options that name a file to upload.
var cloudCopies = map[string]struct {
	verbs     []string // the verb words, any of them
	remote    []string // a destination with one of these prefixes is remote
	fileFlags map[string]bool
}{
	"gsutil": {verbs: []string{"cp", "mv", "rsync"}, remote: []string{"gs://", "s3://"}},
	"gcloud": {verbs: []string{"cp", "mv", "rsync"}, remote: []string{"gs://"}},
	"s5cmd":  {verbs: []string{"cp", "mv", "sync"}, remote: []string{"s3://"}},
	"azcopy": {verbs: []string{"copy", "cp", "sync"}, remote: []string{"https://", "http://"}},
	"mc":     {verbs: []string{"cp", "mv", "mirror", "pipe"}, remote: []string{"s3/", "play/", "minio/"}},
	"az":     {verbs: []string{"upload", "upload-batch"}, fileFlags: set("-f", "--file", "-s", "--source")},
	"b2":     {verbs: []string{"upload-file", "upload_file", "sync"}, remote: []string{"b2://"}},
	"oci":    {verbs: []string{"put", "bulk-upload"}, fileFlags: set("--file", "--src-dir")},
}

// cloudCopyCmd: a copy from the machine to cloud storage, by the table
// above: what it uploads goes to the bucket.
func cloudCopyCmd(sh *shell, c progCall) (value, bool) {
	spec, ok := cloudCopies[c.base]
	if !ok {
		return value{}, false
	}
	withArg := set("-f", "--file", "-s", "--source", "-c", "--container-name", "-n", "--name", "--account-name", "--bucket-name", "--src-dir", "-h", "-o", "-p", "--project")
	flags, pos := options(c.args, withArg, false)
	verb := false
	for _, p := range pos {
		verb = verb || slices.Contains(spec.verbs, p.s)
	}
	if !verb {
		return value{}, false
	}
	var files []field
	for _, fl := range flags {
		if spec.fileFlags[fl.name] {
			files = append(files, fl.val)
		}
	}
	dest := "cloud storage (" + c.base + ")"
	if len(spec.remote) > 0 && len(pos) >= 2 {
		last := pos[len(pos)-1]
		remote := false
		for _, r := range spec.remote {
			remote = remote || strings.HasPrefix(last.s, r)
		}
		if !remote {
			return value{}, false
		}
		dest = shortText(last.s, 40)
		for _, p := range pos[:len(pos)-1] {
			if !slices.Contains(spec.verbs, p.s) && p.s != "storage" && !strings.Contains(p.s, "://") {
				files = append(files, p)
			}
		}
	}
	if len(files) == 0 {
		return value{}, false
	}
	stdin := false
	for _, f := range files {
		stdin = stdin || f.s == "-"
	}
	sh.upload(c, endpoint{Host: dest}, files, stdin, "uploads files to")
	return value{}, true
}

// rcloneCmd: rclone copy/sync/move/copyto/rcat LOCAL REMOTE:PATH.
func rcloneCmd(sh *shell, c progCall) (value, bool) {
	flags, pos := options(c.args, set("--config", "--transfers", "--checkers", "--bwlimit", "--exclude", "--include", "--filter", "--log-file"), false)
	if len(pos) < 2 {
		return value{}, false
	}
	remoteOf := func(f field) (string, bool) {
		if strings.HasPrefix(f.s, ":") {
			// an inline remote (:webdav,url='https://…':path, :s3,…:):
			// the backend and its options are in the word itself
			backend, _, _ := strings.Cut(strings.TrimPrefix(f.s, ":"), ",")
			backend, _, _ = strings.Cut(backend, ":")
			return backend, true
		}
		r, _, ok := strings.Cut(f.s, ":")
		return r, ok && r != "" && !strings.Contains(r, "/")
	}
	// --include '.env*', --filter '+ *.pem': the files sent are those
	// the filter names, in the folder given
	var included []field
	for _, f := range flags {
		if f.name != "--include" && f.name != "--filter" || len(pos) < 2 {
			continue
		}
		pat := strings.TrimSpace(strings.TrimPrefix(f.val.s, "+ "))
		if pat == "" || strings.HasPrefix(f.val.s, "- ") {
			continue
		}
		name := strings.ReplaceAll(strings.TrimSuffix(path.Base(pat), "*"), "*", "x")
		inc := pos[min(1, len(pos)-1)]
		if len(pos) >= 3 {
			inc = pos[1]
		}
		inc.s = strings.TrimSuffix(inc.s, "/") + "/" + name
		included = append(included, inc)
	}
	switch pos[0].s {
	case "rcat":
		if r, ok := remoteOf(pos[1]); ok {
			sh.upload(c, rcloneEndpoint(pos[1], r), nil, true, "uploads its input to")
			return value{}, true
		}
	case "copy", "sync", "move", "copyto", "moveto", "bisync":
		if len(pos) >= 3 {
			if r, ok := remoteOf(pos[2]); ok {
				if _, src := remoteOf(pos[1]); !src {
					sh.upload(c, rcloneEndpoint(pos[2], r), append([]field{pos[1]}, included...), false, "uploads files to")
					return value{}, true
				}
			}
		}
	}
	return value{}, false
}

// rcloneEndpoint: where a remote word sends to: the address an inline
// remote names (url=…, endpoint=…), or the remote of rclone's config.
func rcloneEndpoint(f field, name string) endpoint {
	if strings.HasPrefix(f.s, ":") {
		if eps := hostsIn(f.s); len(eps) > 0 {
			return eps[0]
		}
		return endpoint{Host: "an inline " + name + " remote"}
	}
	return endpoint{Host: "the rclone remote " + name}
}

// mailCmd: mail -s SUBJ ADDR < data, -a attachments.
func mailCmd(sh *shell, c progCall) (value, bool) {
	flags, pos := options(c.args, set("-s", "-a", "-A", "-c", "-b", "-r", "-S", "-f", "-F", "-i", "-t"), false)
	var files []field
	for _, fl := range flags {
		if fl.name == "-a" || fl.name == "-A" {
			files = append(files, fl.val)
		}
	}
	host := ""
	for _, p := range pos {
		if _, h, ok := strings.Cut(p.s, "@"); ok {
			host = h
		}
	}
	ep := endpoint{Host: "the mail address " + shortText(joinFields(pos).s, 40)}
	if host != "" {
		ep = bareHost(host)
	}
	sh.upload(c, ep, files, true, "mails data to")
	return value{}, true
}

// swaksCmd: swaks --to ADDR --attach @FILE --data @FILE --body @FILE:
// each @FILE is read and mailed (a value without @ is literal text).
func swaksCmd(sh *shell, c progCall) (value, bool) {
	flags, _ := options(c.args, set("--to", "-t", "--from", "-f", "--server", "-s", "--attach", "--attach-body", "--data", "-d", "--body", "--header", "-h", "--auth-user", "--auth-password", "-au", "-ap", "--port", "-p"), false)
	var files []field
	host := ""
	for _, fl := range flags {
		switch fl.name {
		case "--attach", "--attach-body", "--data", "-d", "--body":
			if f, ok := strings.CutPrefix(fl.val.s, "@"); ok {
				v := fl.val
				v.s = f
				files = append(files, v)
			} else if fl.val.s == "-" {
				files = append(files, field{value: value{s: "/dev/stdin", known: true}})
			}
		case "--to", "-t":
			if _, h, ok := strings.Cut(fl.val.s, "@"); ok {
				host = h
			}
		case "--server", "-s":
			host = fl.val.s
		}
	}
	ep := endpoint{Host: "a mail address"}
	if host != "" {
		ep = bareHost(host)
	}
	sh.upload(c, ep, files, false, "mails data to")
	return value{}, true
}

// registryCmd: npm config set registry URL, pip config set
// global.index-url URL, pip install --index-url URL: every later install
// comes from the address it names.
func registryCmd(sh *shell, c progCall) (value, bool) {
	j := " " + joinFields(c.args).s + " "
	if m := registrySwapRe.FindStringSubmatch(j); m != nil {
		for _, ep := range hostsIn(m[0]) {
			if !loopback(ep.Host) && !knownRegistry(ep.Host) {
				sh.find(c.n, Persistence, LevelCritical, "points the package manager at the registry %s, so every later install runs code from there", ep)
				return value{}, true
			}
		}
	}
	// a tool's own network settings written for every later run (git
	// config --global http.proxy URL, go env -w GOPROXY=URL, npm config
	// set proxy URL, yarn config set httpsProxy URL): its traffic goes
	// through the address named; and checks switched off (sslVerify
	// false, GONOSUMDB=*, GOFLAGS=-insecure, strict-ssl false)
	if persistentSettingRe.MatchString(j) {
		for _, m := range netSettingRe.FindAllString(j, -1) {
			for _, ep := range hostsIn(m) {
				if !ep.Dynamic && !loopback(ep.Host) && !knownRegistry(ep.Host) && !privateAddr(ep.Host) {
					sh.find(c.n, Persistence, LevelCritical, "sets %s in %s's own configuration, so its later traffic and downloads go through %s", shortText(strings.TrimSpace(m), 60), c.base, ep)
					return value{}, true
				}
			}
		}
		if m := execSettingRe.FindString(j); m != "" && (!strings.Contains(strings.ToLower(m), "alias.") || strings.Contains(m, "!")) {
			sh.find(c.n, Persistence, LevelCritical, "sets %s in %s's own configuration: a program it runs on its own from now on", shortText(strings.TrimSpace(m), 60), c.base)
			return value{}, true
		}
		if m := checksOffRe.FindString(j); m != "" {
			sh.find(c.n, Persistence, LevelCritical, "switches off %s's verification of what it downloads (%s), for every later run", c.base, strings.TrimSpace(m))
			return value{}, true
		}
	}
	if m := indexURLRe.FindStringSubmatch(j); m != nil {
		for _, ep := range hostsIn(m[0]) {
			if !loopback(ep.Host) && !knownRegistry(ep.Host) {
				sh.find(c.n, DownloadExec, LevelCritical, "installs packages from %s, a registry that is not the default, and runs their install code", ep)
				return value{}, true
			}
		}
	}
	return value{}, false
}

var (
	registrySwapRe = lazyRe(`\s(?:config\s+set|set)\s+(?:--\S+\s+)*(?:registry|@[\w-]+:registry|npmRegistryServer|global\.index-url|global\.extra-index-url|install\.index-url|index-url|extra-index-url)(?:\s+|=)\S+`)
	// persistentSettingRe: a command that writes a tool's settings.
	persistentSettingRe = lazyRe(`\sconfig\s|\senv\s+-w\s|\sconfig\s+--(global|system|user)\s`)
	netSettingRe        = lazyRe(`(?i)\s[\w.@:/-]*(?:proxy|registry|index-url|insteadof|mirror|GOPROXY|GOSUMDB|base-url|baseurl)[\w.@:/-]*(?:\s+|=)\S+`)
	// execSettingRe: a setting that names a program the tool runs by
	// itself later (npm's script-shell, git's hooksPath, fsmonitor,
	// sshCommand, pager, external diff, a ! alias).
	execSettingRe = lazyRe(`(?i)\s(?:script-shell|node-options|core\.(?:fsmonitor|sshcommand|pager|askpass)|diff\.external|gpg\.program|alias\.[\w-]+)(?:\s+|=)\S+`)
	checksOffRe   = lazyRe(`(?i)\s[\w.-]*(?:sslverify|strict-ssl|ssl-verify|verify-ssl|ssl_verify|sslcainfo)(?:\s+|=)(?:false|0|no|off)\b|\sGO(?:NOSUMDB|NOSUMCHECK|INSECURE)=\S+|\sGOSUMDB=off\b|\sGOFLAGS=\S*-insecure|\sglobal\.trusted-host(?:\s+|=)\S+`)
	indexURLRe    = lazyRe(`\sinstall\s.*(?:--index-url|-i|--extra-index-url|--registry|--default-index|--index)(?:\s+|=)\S+`)
)

// knownRegistry: the default public registries.
func knownRegistry(host string) bool {
	switch host {
	case "registry.npmjs.org", "registry.yarnpkg.com", "pypi.org", "files.pythonhosted.org", "pypi.python.org", "registry.npmmirror.com":
		return true
	}
	return false
}

// sharedDestroyCmd: deletions whose scope is everything of a kind the
// machine or the account holds, not the project's own — every image,
// container and volume of the container engine (other projects'
// databases among them), every namespace of the current cluster, a whole
// repository or bucket. What the project made for itself it names.
func sharedDestroyCmd(sh *shell, c progCall) (value, bool) {
	var words []string
	all := false
	for _, a := range c.args {
		switch {
		case a.s == "--all" || a.s == "-A" || a.s == "--all-namespaces" || a.s == "--volumes" || a.s == "--recursive" || a.s == "--force" && c.base == "aws":
			all = true
		case strings.HasPrefix(a.s, "-") && !strings.HasPrefix(a.s, "--") && len(a.s) > 2 && strings.ContainsRune(a.s, 'a') && c.base != "kubectl" && c.base != "oc":
			all = true // docker system prune -af
		case a.s == "-a" && c.base != "kubectl" && c.base != "oc":
			all = true
		case !strings.HasPrefix(a.s, "-") && len(words) < 3:
			words = append(words, a.s)
		}
	}
	verb := strings.Join(words, " ")
	what := ""
	switch c.base {
	case "docker", "podman", "nerdctl":
		switch {
		case strings.HasPrefix(verb, "system prune") && all, strings.HasPrefix(verb, "volume prune"), strings.HasPrefix(verb, "image prune") && all:
			what = "deletes the container engine's images, containers or volumes — every project's, not only this one's (" + c.base + " " + verb + ")"
		}
	case "kubectl", "oc":
		if len(words) > 0 && words[0] == "delete" && (all || len(words) > 1 && (words[1] == "namespace" || words[1] == "namespaces" || words[1] == "ns") && all) {
			what = "deletes everything of a kind in the current Kubernetes cluster (" + c.base + " delete … --all)"
		}
	case "gh":
		if strings.HasPrefix(verb, "repo delete") {
			what = "deletes a GitHub repository (gh repo delete)"
		}
	case "aws":
		if strings.HasPrefix(verb, "s3 rb") && all || strings.HasPrefix(verb, "s3 rm") && all {
			what = "deletes a whole S3 bucket's content (aws " + verb + ")"
		}
	}
	if what != "" {
		sh.find(c.n, Destructive, LevelCritical, "%s", what)
	}
	return value{}, false
}

// optionCommands are options whose value is a command line the program
// runs for its own work (a compressor, a preprocessor, a proxy, a pager):
// what that command does, the hook does.
var optionCommands = map[string][]string{
	"sort":  {"--compress-program"},
	"rg":    {"--pre"},
	"fzf":   {"--preview", "--bind"},
	"man":   {"-P", "--pager"},
	"ssh":   {"-o"},
	"scp":   {"-o", "-S"},
	"sftp":  {"-o", "-S"},
	"git":   nil, // ext:: transports (below)
	"rsync": {"--rsync-path"},
}

// optionCommandCmd follows the commands optionCommands name, and a git
// ext:: remote (git runs "ext::CMD" as a shell command, %-escaped).
func optionCommandCmd(sh *shell, c progCall) (value, bool) {
	opts := optionCommands[c.base]
	for i, a := range c.args {
		name, val, hasVal := strings.Cut(a.s, "=")
		if c.base == "git" {
			if rest, ok := strings.CutPrefix(a.s, "ext::"); ok {
				// its words are argv ("% " a space inside one): quoted
				// back into a command line
				words := strings.Fields(strings.NewReplacer("% ", "\x00", "%%", "%", "%s", "", "%S", "").Replace(rest))
				for k, w := range words {
					words[k] = shellQuote(strings.ReplaceAll(w, "\x00", " "))
				}
				sh.nestedShell(value{s: strings.Join(words, " "), known: a.known, t: a.t}, c.n, "")
			}
			continue
		}
		if !slices.Contains(opts, name) {
			continue
		}
		if !hasVal {
			if i+1 >= len(c.args) {
				continue
			}
			val = c.args[i+1].s
		}
		if name == "-o" {
			// ssh -o ProxyCommand=CMD / LocalCommand=CMD
			k, v, ok := strings.Cut(val, "=")
			if !ok {
				k, v, ok = strings.Cut(val, " ")
			}
			if !ok || !strings.EqualFold(k, "ProxyCommand") && !strings.EqualFold(k, "LocalCommand") {
				continue
			}
			val = v
		}
		if val != "" && !compressor(val) {
			sh.nestedShell(value{s: val, known: a.known}, c.n, "")
		}
	}
	return value{}, false
}

// tarCmd: options that run commands (--checkpoint-action=exec=…,
// --to-command, -I/--use-compress-program, --rsh-command, --info-script).
func tarCmd(sh *shell, c progCall) (value, bool) {
	for i, a := range c.args {
		name, val, hasVal := strings.Cut(a.s, "=")
		switch name {
		case "--checkpoint-action":
			if strings.HasPrefix(val, "exec=") {
				sh.nestedShell(value{s: strings.TrimPrefix(val, "exec="), known: a.known, t: a.t}, c.n, "")
			}
		case "--to-command", "--use-compress-program", "-I", "--rsh-command", "--info-script", "--new-volume-script", "-F":
			if !hasVal && i+1 < len(c.args) {
				val = c.args[i+1].s
			}
			if val != "" && !compressor(val) {
				sh.nestedShell(value{s: val, known: a.known}, c.n, "")
			}
		}
	}
	return value{}, false // what it archives is judged by shell.program
}

func compressor(s string) bool {
	switch path.Base(strings.Fields(s + " x")[0]) {
	case "gzip", "pigz", "bzip2", "pbzip2", "xz", "zstd", "lz4", "lzip", "lzma", "brotli":
		return true
	}
	return false
}

// sedCmd: the e command and the s///e flag run shell commands; w FILE
// writes a file; -i edits files in place.
func sedCmd(sh *shell, c progCall) (value, bool) {
	flags, pos := options(c.args, set("-e", "--expression", "-f", "--file"), false)
	var scripts []field
	for _, fl := range flags {
		if fl.name == "-e" || fl.name == "--expression" {
			scripts = append(scripts, fl.val)
		}
	}
	files := pos
	if len(scripts) == 0 && len(pos) > 0 {
		scripts, files = pos[:1], pos[1:]
	}
	for _, s := range scripts {
		for _, cmd := range sedCommands(s.s) {
			switch {
			case strings.HasPrefix(cmd, "e"):
				if line := strings.TrimSpace(cmd[1:]); line != "" {
					sh.nestedShell(value{s: line, known: s.known}, c.n, "")
				}
			case strings.HasPrefix(cmd, "s") && len(cmd) > 1:
				if repl, fl, ok := sedSubst(cmd); ok && strings.Contains(fl, "e") {
					sh.nestedShell(value{s: repl, known: s.known}, c.n, "")
				}
			}
		}
	}
	if hasFlag(flags, "-i", "--in-place") || hasFlagPrefix(flags, "-i") {
		content := value{}
		for _, s := range scripts {
			content.s += s.s
			content.known = s.known
		}
		for _, p := range files {
			sh.write(p.value, content, c.n)
		}
	}
	out := stdinOf(c.in)
	out.known = false
	if len(files) > 0 && !hasFlag(flags, "-i", "--in-place") && !hasFlagPrefix(flags, "-i") {
		// sed -n 's/RE/\1/p' FILE: the lines it prints are the file's,
		// rewritten; piped into a shell they are what the shell runs
		for _, f := range files {
			out.merge(sh.readFile(f.value, c.n))
		}
		if text, ok := sh.sedPrints(scripts, files, hasFlag(flags, "-n", "--quiet", "--silent")); ok {
			out.s, out.known = text, true
		}
	}
	return out, true
}

// sedPrints runs a sed script made of s/RE/REPL/p commands (and -n) over
// the project files it is given, when each RE reads the same in Go's
// syntax; ok false otherwise.
func (sh *shell) sedPrints(scripts, files []field, quiet bool) (string, bool) {
	type subst struct {
		re   *regexp.Regexp
		repl string
	}
	var subs []subst
	for _, sc := range scripts {
		if !sc.known {
			return "", false
		}
		for _, cmd := range sedCommands(sc.s) {
			if !strings.HasPrefix(cmd, "s") || len(cmd) < 4 {
				return "", false
			}
			d := string(cmd[1])
			parts := strings.Split(cmd[2:], d)
			if len(parts) != 3 || !strings.Contains(parts[2], "p") || strings.Contains(parts[2], "e") {
				return "", false
			}
			re, err := regexp.Compile(breToRE2(parts[0]))
			if err != nil {
				return "", false
			}
			subs = append(subs, subst{re, sedReplRe.ReplaceAllString(strings.ReplaceAll(parts[1], "$", "$$"), "$${$1}")})
		}
	}
	if len(subs) == 0 || !quiet {
		return "", false
	}
	var out strings.Builder
	for _, f := range files {
		p := normPath(f.s, sh.a.hook.ProjectDir)
		d := sh.a.hook.ProjectDir
		if !f.known || d == "" || !strings.HasPrefix(p, "$PROJECT/") {
			return "", false
		}
		s := sh.a.readScript(filepath.Join(d, filepath.FromSlash(strings.TrimPrefix(p, "$PROJECT/"))), "")
		if s.Err != nil {
			return "", false
		}
		for _, line := range strings.Split(string(s.Content), "\n") {
			for _, sub := range subs {
				if sub.re.MatchString(line) {
					out.WriteString(sub.re.ReplaceAllString(line, sub.repl) + "\n")
					break
				}
			}
		}
	}
	return out.String(), true
}

// sedReplRe: a back-reference in a sed replacement (\1).
var sedReplRe = lazyRe(`\\([0-9])`)

// breToRE2 reads a POSIX basic regular expression as Go's: \( \) \{ \}
// \+ \? \| are the operators, and ( ) { } + ? | are plain characters.
func breToRE2(bre string) string {
	var b strings.Builder
	for i := 0; i < len(bre); i++ {
		c := bre[i]
		if c == '\\' && i+1 < len(bre) {
			n := bre[i+1]
			i++
			switch n {
			case '(', ')', '{', '}', '+', '?', '|':
				b.WriteByte(n)
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
			continue
		}
		switch c {
		case '(', ')', '{', '}', '+', '?', '|':
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

var sedAddrRe = lazyRe(`^\s*(?:(?:\d+|\$|/(?:[^/\\]|\\.)*/[IM]*)(?:\s*[,~]\s*(?:\d+|\$|/(?:[^/\\]|\\.)*/[IM]*|\+\d+))?)?\s*!?\s*`)

// sedCommands splits a sed script into its commands, addresses removed.
func sedCommands(script string) []string {
	var out []string
	for _, line := range strings.FieldsFunc(script, func(r rune) bool { return r == '\n' || r == ';' }) {
		loc := sedAddrRe.FindStringIndex(line)
		if loc != nil {
			line = line[loc[1]:]
		}
		line = strings.TrimLeft(line, "{ ")
		if line != "" {
			out = append(out, line)
		}
	}
	return out
}

// sedSubst reads s/RE/REPL/FLAGS (any delimiter).
func sedSubst(cmd string) (repl, flags string, ok bool) {
	if len(cmd) < 4 {
		return "", "", false
	}
	d := cmd[1]
	var parts []string
	var cur strings.Builder
	for i := 2; i < len(cmd); i++ {
		switch {
		case cmd[i] == '\\' && i+1 < len(cmd) && cmd[i+1] == d:
			cur.WriteByte(d) // an escaped delimiter is the character itself
			i++
		case cmd[i] == d && len(parts) < 2:
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(cmd[i])
		}
	}
	if len(parts) != 2 {
		return "", "", false
	}
	return parts[1], cur.String(), true
}

// zipCmd: -TT/--unzip-command runs a command to test the archive.
func zipCmd(sh *shell, c progCall) (value, bool) {
	for i, a := range c.args {
		name, val, hasVal := strings.Cut(a.s, "=")
		if name == "-TT" || name == "--unzip-command" {
			if !hasVal && i+1 < len(c.args) {
				val = c.args[i+1].s
			}
			sh.nestedShell(value{s: strings.TrimSuffix(strings.TrimSpace(val), "#"), known: a.known}, c.n, "")
		}
	}
	return value{}, false
}

// vimCmd: -c/--cmd/+CMD with :!cmd, :r !cmd, system('…').
func vimCmd(sh *shell, c progCall) (value, bool) {
	for i, a := range c.args {
		var ex string
		switch {
		case (a.s == "-c" || a.s == "--cmd") && i+1 < len(c.args):
			ex = c.args[i+1].s
		case strings.HasPrefix(a.s, "+") && len(a.s) > 1:
			ex = a.s[1:]
		default:
			continue
		}
		for _, m := range vimShellRe.FindAllStringSubmatch(ex, -1) {
			sh.nestedShell(value{s: m[1] + m[2], known: a.known}, c.n, "")
		}
	}
	return value{}, true
}

var vimShellRe = lazyRe(`(?:^|\||\s)(?::?(?:silent!?\s+)?(?:r(?:ead)?\s*)?!)(.+)|system\(\s*['"]([^'"]+)['"]`)

// luaCmd: lua -e CODE with os.execute/io.popen.
func luaCmd(sh *shell, c progCall) (value, bool) {
	for i, a := range c.args {
		if a.s == "-e" && i+1 < len(c.args) {
			// the code reader with Lua's table (load(string.char(…))(),
			// variables); the line rules below read os.execute "…" without
			// parentheses too
			sh.code(c.base, c.args[i+1], c.n)
			code := c.args[i+1].s
			for _, m := range luaExecRe.FindAllStringSubmatch(code, -1) {
				sh.nestedShell(value{s: m[1] + m[2], known: true}, c.n, "")
			}
			sends := luaSocketRe.MatchString(code)
			for _, m := range luaExecRe.FindAllStringSubmatch(code, -1) {
				sends = sends || luaNetToolRe.MatchString(m[1]+m[2])
			}
			if sends {
				// Lua reads what it opens with io.open; the text of a
				// secret file it opens goes wherever the code sends
				var data taints
				if what, p, ok := sh.a.secretsInText(code); ok && luaOpenRe.MatchString(code) {
					data = secretFileTaint(what, p)
				}
				for _, ep := range hostsIn(code) {
					sh.network(ep, data, taints{}, c.n, "connects to")
				}
			}
		}
	}
	for _, p := range c.args {
		if strings.HasSuffix(p.s, ".lua") {
			sh.follow(p.value, "lua")
		}
	}
	return value{}, true
}

var (
	luaExecRe    = lazyRe(`(?:os\.execute|io\.popen)\s*\(?\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')`)
	luaSocketRe  = lazyRe(`require\s*\(?\s*["']socket|http\.request`)
	luaNetToolRe = lazyRe(`\b(?:curl|wget|nc|ncat|socat|scp|rsync|ssh)\b`)
	luaOpenRe    = lazyRe(`\bio\.(?:open|lines)\s*\(`)
)

// systemdRunCmd: a transient unit; with a timer it runs again later.
func systemdRunCmd(sh *shell, c progCall) (value, bool) {
	flags, pos := options(c.args, set("--on-calendar", "--on-active", "--on-boot", "--on-startup", "--on-unit-active", "--on-unit-inactive", "-p", "--property", "-u", "--unit", "--description", "--slice", "-E", "--setenv", "--uid", "--gid", "--working-directory", "-M", "--machine", "-H", "--host", "--timer-property", "--path-property", "--socket-property"), true)
	if hasFlagPrefix(flags, "--on-") || hasFlag(flags, "--on-calendar", "--on-active", "--on-boot", "--on-startup", "--on-unit-active", "--on-unit-inactive") {
		sh.find(c.n, Persistence, LevelCritical, "schedules a command with systemd-run that runs again later, outside the hook")
	} else {
		sh.find(c.n, Persistence, LevelReview, "starts a command with systemd-run as a unit of its own, which outlives the hook")
	}
	if len(pos) > 0 {
		sh.run1(pos, c.n, nil, nil)
	}
	return value{}, true
}

// busCmd: systemd's Manager over D-Bus (StartTransientUnit, EnableUnitFiles).
func busCmd(sh *shell, c progCall) (value, bool) {
	j := joinFields(c.args).s
	if strings.Contains(j, "systemd1") && busUnitRe.MatchString(j) {
		sh.find(c.n, Persistence, LevelCritical, "asks systemd over D-Bus to start or install a unit (%s)", shortText(j, 60))
		return value{}, true
	}
	return value{}, false
}

var busUnitRe = lazyRe(`StartTransientUnit|EnableUnitFiles|LinkUnitFiles|StartUnit|SetUnitProperties`)

// sendKeysCmd: tmux send-keys and screen -X stuff type a command into
// another terminal, where it runs as the user.
func sendKeysCmd(sh *shell, c progCall) (value, bool) {
	keys := ""
	if c.base == "tmux" {
		_, pos := options(c.args, set("-L", "-S", "-f"), true)
		if len(pos) == 0 || pos[0].s != "send-keys" && pos[0].s != "send" {
			return value{}, false
		}
		_, rest := options(pos[1:], set("-t", "-N"), false)
		var parts []string
		for _, r := range rest {
			switch r.s {
			case "Enter", "C-m", "KPEnter":
				parts = append(parts, "\n")
			default:
				parts = append(parts, r.s)
			}
		}
		keys = strings.Join(parts, " ")
	} else {
		for i, a := range c.args {
			if a.s == "stuff" && i+1 < len(c.args) {
				keys = c.args[i+1].s
			}
		}
		if keys == "" {
			return value{}, false
		}
	}
	sh.find(c.n, Obfuscation, LevelReview, "types a command into another terminal with %s, where it runs outside the hook", c.base)
	sh.nestedShell(value{s: strings.ReplaceAll(keys, `\n`, "\n"), known: true}, c.n, "")
	return value{}, true
}

// truncateCmd: emptying credentials, start-up files or the agent's files.
func truncateCmd(sh *shell, c progCall) (value, bool) {
	_, pos := options(c.args, set("-s", "--size", "-r", "--reference"), false)
	for _, p := range pos {
		t := normPath(p.s, sh.a.hook.ProjectDir)
		if what, ok := sh.a.secretPath(t); ok && inHome(t) {
			sh.find(c.n, Destructive, LevelCritical, "empties %s (%s)", what, t)
		} else if what, ok := match(persistenceFiles, t); ok {
			sh.find(c.n, Destructive, LevelCritical, "empties %s (%s)", what, t)
		} else if _, ok := sh.a.agentFile(t); ok {
			sh.find(c.n, SelfTampering, LevelCritical, "empties the agent's file %s", t)
		} else if systemDir(t) || strings.HasPrefix(t, "/dev/sd") || strings.HasPrefix(t, "/dev/nvme") {
			sh.find(c.n, Destructive, LevelCritical, "empties %s", t)
		}
	}
	return value{}, true
}

// killCmd: kill -9 -1 and friends end every process of the user.
func killCmd(sh *shell, c progCall) (value, bool) {
	switch c.base {
	case "killall5":
		sh.find(c.n, Destructive, LevelCritical, "kills every process on the machine (killall5)")
		return value{}, true
	case "kill":
		// kill -9 -1, kill -- -1: the pid -1 is every process it may signal
		if n := len(c.args); n >= 2 && c.args[n-1].s == "-1" {
			sh.find(c.n, Destructive, LevelCritical, "kills every process of the user (kill %s), the agent and the desktop with it", joinFields(c.args).s)
			return value{}, true
		}
	case "pkill", "killall":
		flags, pos := options(c.args, set("-u", "-U", "-s", "--signal", "-g", "-P", "-t"), false)
		for _, fl := range flags {
			if (fl.name == "-u" || fl.name == "-U") && len(pos) == 0 {
				sh.find(c.n, Destructive, LevelCritical, "kills every process of a user (%s -u)", c.base)
				return value{}, true
			}
		}
	}
	return value{}, false
}

// mvCmd: moving credentials, start-up files or the home's folders away
// destroys them where they are (and may hand them on).
func mvCmd(sh *shell, c progCall) (value, bool) {
	_, pos := options(c.args, set("-t", "--target-directory", "-S", "--suffix"), false)
	if len(pos) < 2 {
		return value{}, false
	}
	for _, p := range pos[:len(pos)-1] {
		t := normPath(p.s, sh.a.hook.ProjectDir)
		if !inHome(t) && t != "/" && !systemDir(t) {
			continue
		}
		rest := strings.TrimPrefix(t, "~/")
		switch what, secret := sh.a.secretPath(t); {
		case t == "~" || t == "/" || systemDir(t):
			sh.find(c.n, Destructive, LevelCritical, "moves %s away", describeTarget(t))
		case secret && !strings.HasPrefix(what, "a .env"):
			sh.find(c.n, Destructive, LevelCritical, "moves %s (%s) away", what, t)
		default:
			if what, ok := match(persistenceFiles, t); ok {
				sh.find(c.n, Destructive, LevelCritical, "moves %s (%s) away", what, t)
			} else if _, ok := sh.a.agentFile(t); ok {
				sh.find(c.n, SelfTampering, LevelCritical, "moves the agent's file %s away", t)
			} else if !strings.Contains(rest, "/") && !tempish(rest) && rest != "" && rest != "*" {
				sh.find(c.n, Destructive, LevelCritical, "moves the folder %s of the home folder away", t)
			}
		}
	}
	return value{}, false // the copy it makes is judged as a write
}

// ghReadOnly: a gh command that reads (view, list, status, checks, diff;
// api with neither a method other than GET nor fields nor an input file).
func ghReadOnly(pos, args []field) bool {
	switch pos[1].s {
	case "view", "list", "status", "checks", "diff":
		return pos[0].s != "api"
	}
	if pos[0].s != "api" {
		return false
	}
	for i, a := range args {
		switch a.s {
		case "-f", "-F", "--field", "--raw-field", "--input":
			return false
		case "-X", "--method":
			if i+1 < len(args) && !strings.EqualFold(args[i+1].s, "GET") {
				return false
			}
		}
		if strings.HasPrefix(a.s, "--method=") && !strings.EqualFold(strings.TrimPrefix(a.s, "--method="), "GET") || strings.HasPrefix(a.s, "-X") && len(a.s) > 2 && !strings.EqualFold(a.s[2:], "GET") {
			return false
		}
	}
	return true
}

// lftpUploadRe: an lftp command that sends files (put, mput, mirror -R).
var lftpOpenRe = lazyRe(`\bopen\s+(?:-u\s+\S+\s+)?(\S+)`)

var lftpUploadRe = lazyRe(`(?:^|[;\s])(?:m?put|mirror\s+(?:[^;]*\s)?(?:-R|--reverse))\b`)

// lftpCmd judges lftp: its commands (-e, -c) that upload send the files
// they name to the server it opens.
func lftpCmd(sh *shell, c progCall) (value, bool) {
	flags, pos := options(c.args, set("-e", "-c", "-u", "-p", "-f", "--user", "--password", "--port"), false)
	var script string
	for _, f := range flags {
		if f.name == "-e" || f.name == "-c" {
			script += f.val.s + ";"
		}
	}
	host := ""
	if len(pos) > 0 {
		host = pos[len(pos)-1].s
	}
	if m := lftpOpenRe.FindStringSubmatch(script); m != nil {
		host = m[1]
	}
	if host == "" {
		return value{}, false
	}
	ep := bareHost(strings.TrimPrefix(strings.TrimPrefix(host, "ftp://"), "sftp://"))
	if !lftpUploadRe.MatchString(script) {
		sh.network(ep, taints{}, taints{}, c.n, "connects to")
		return value{}, true
	}
	var data taints
	for _, w := range strings.FieldsFunc(script, func(r rune) bool { return r == ' ' || r == ';' || r == '=' || r == '"' || r == '\'' }) {
		w = strings.TrimSuffix(w, "*")
		if what, ok := sh.a.secretPath(normPath(w, sh.a.hook.ProjectDir)); ok {
			data.add(secretFileTaint(what, w))
		}
	}
	sh.network(ep, data, taints{}, c.n, "uploads files to")
	return value{}, true
}

// dataWipeRe: a database command that deletes data (SQL, Redis, Mongo).
var dataWipeRe = lazyRe(`(?i)\b(?:drop\s+(?:table|database|schema|collection)|truncate(?:\s+table)?\s+\w|delete\s+from|flushall|flushdb|dropdatabase\s*\(|\.drop\s*\(|deletemany\s*\()`)

// dataWipeCmd: a database client given a command that deletes data
// (psql -c 'TRUNCATE …', redis-cli FLUSHALL, supabase db reset): the
// data is outside the project and its history; the user approves that.
func dataWipeCmd(sh *shell, c progCall) (value, bool) {
	if c.base == "supabase" {
		if len(c.args) >= 2 && c.args[0].s == "db" && c.args[1].s == "reset" {
			sh.find(c.n, Destructive, LevelReview, "resets the project's database, deleting its data (supabase db reset)")
		}
		return value{}, false
	}
	for _, a := range c.args {
		if m := dataWipeRe.FindString(a.s); m != "" {
			sh.find(c.n, Destructive, LevelReview, "deletes a database's data (%s %s)", c.base, shortText(m, 30))
			break
		}
	}
	return value{}, false
}

// killByNameCmd: pkill and killall end every process whose name matches,
// the user's other programs among them.
func killByNameCmd(sh *shell, c progCall) (value, bool) {
	_, pos := options(c.args, set("-u", "-U", "-g", "-G", "-P", "-s", "-t", "--signal"), false)
	if len(pos) > 0 {
		sh.find(c.n, Destructive, LevelReview, "kills every process whose name matches %s (%s)", shortText(pos[0].s, 30), c.base)
	}
	return value{}, false
}
