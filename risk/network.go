package risk

import (
	"net"
	"net/url"
	"strings"
)

// endpoint is where a network command connects: a host name or address
// (Host), or a description when it comes from a variable (Dynamic).
type endpoint struct {
	Host    string
	Dynamic bool // the address is built at run time ($WEBHOOK_URL)
}

func (e endpoint) String() string {
	if e.Host == "" {
		return "an address chosen at run time"
	}
	return e.Host
}

// loopback reports whether a host is this machine: localhost, 127/8,
// ::1, 0.0.0.0, *.localhost.
func loopback(host string) bool {
	h := strings.ToLower(strings.Trim(host, "[]"))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") || h == "0.0.0.0" || h == "ip6-localhost" {
		return true
	}
	if ip := net.ParseIP(h); ip != nil {
		return ip.IsLoopback() || ip.IsUnspecified()
	}
	return false
}

var urlRe = lazyRe(`(?i)\b(https?|wss?|ftps?|tcp|udp|gopher|dict|telnet|ldap|tftp|smtp)://([^\s'"/?#<>\\]*)`)

// hostsIn finds the URL hosts in a piece of text ("" for a URL whose host
// is a variable).
func hostsIn(text string) []endpoint {
	var out []endpoint
	for _, m := range urlRe.FindAllStringSubmatch(text, -1) {
		out = append(out, hostOf(m[2]))
	}
	return out
}

// hostOf reads "user@host:port" (the authority of a URL).
func hostOf(authority string) endpoint {
	a := authority
	if i := strings.LastIndex(a, "@"); i >= 0 {
		a = a[i+1:]
	} else if h, port, ok := strings.Cut(a, ":"); ok && !strings.ContainsAny(h, "$`{}[]") && loopback(h) && portVarRe.MatchString(port) {
		// localhost:${PORT}: the host is written out, only the port is
		// chosen at run time (a value with "@" in it would make the host
		// a user name: the code's own such values are checked by its
		// reader, see loopbackPortValue)
		return endpoint{Host: strings.ToLower(h)}
	}
	if strings.ContainsAny(a, "$`{}") || a == "" {
		return endpoint{Dynamic: true}
	}
	if u, err := url.Parse("http://" + a); err == nil && u.Hostname() != "" {
		return endpoint{Host: strings.ToLower(u.Hostname())}
	}
	return endpoint{Host: strings.ToLower(a)}
}

// portVarRe: a port written as one variable whose name says it is a port
// ($PORT, ${OBS_PORT}, ${PORT:-4000}, {port}, ${this.port}).
var portVarRe = lazyRe(`(?i)^(?:\$\{?|\{)(?:[a-z_][\w.]*)?port\w*(?::-\d+)?\}?$`)

// bareHost reads a host word (nc HOST PORT, ssh user@host, /dev/tcp/HOST).
func bareHost(w string) endpoint {
	if w == "" || strings.ContainsAny(w, "$`") {
		return endpoint{Dynamic: true}
	}
	if m := urlRe.FindStringSubmatch(w); m != nil {
		return hostOf(m[2])
	}
	if i := strings.LastIndex(w, "@"); i >= 0 {
		w = w[i+1:]
	}
	if h, _, ok := strings.Cut(w, ":"); ok && !strings.Contains(w, "]") && strings.Count(w, ":") == 1 {
		w = h
	}
	return endpoint{Host: strings.ToLower(strings.Trim(w, "[]"))}
}

// proxyEndpoint reads a proxy ("socks5h://user@host:port", "host:port").
func proxyEndpoint(s string) endpoint {
	if _, rest, ok := strings.Cut(s, "://"); ok {
		s = rest
	}
	s, _, _ = strings.Cut(s, "/")
	return bareHost(s)
}

// redirectEndpoints reads where curl's --resolve HOST:PORT:ADDR[,ADDR…]
// and --connect-to HOST:PORT:HOST2:PORT2 really connect.
func redirectEndpoints(option, s string) []endpoint {
	if option == "--connect-to" {
		parts := strings.SplitN(s, ":", 4)
		if len(parts) == 4 && parts[2] != "" {
			return []endpoint{bareHost(parts[2])}
		}
		return nil
	}
	parts := strings.SplitN(strings.TrimPrefix(s, "+"), ":", 3)
	if len(parts) < 3 {
		return nil
	}
	var out []endpoint
	for _, addr := range strings.Split(parts[2], ",") {
		if addr != "" {
			out = append(out, bareHost(strings.Trim(addr, "[]")))
		}
	}
	return out
}

// serviceOf says whether a secret's variable name belongs to the host it
// is sent to (TELEGRAM_BOT_TOKEN to api.telegram.org, GITHUB_TOKEN to
// api.github.com): a credential used with its own service.
func serviceOf(varName string, e endpoint) bool {
	if e.Host == "" {
		return false
	}
	host := strings.ReplaceAll(e.Host, "-", "")
	for _, part := range strings.Split(strings.ToLower(varName), "_") {
		switch part {
		case "", "api", "key", "token", "secret", "access", "auth", "bot", "app", "bearer", "password", "pass", "client", "id", "private", "personal", "oauth", "webhook", "url", "user":
			continue
		}
		if len(part) >= 3 && strings.Contains(host, part) {
			return true
		}
		if part == "gh" && strings.Contains(host, "github") {
			return true
		}
	}
	return false
}

// secretVar says whether an environment variable name looks like it holds
// a credential.
var secretVarRe = lazyRe(`(?i)(TOKEN|SECRET|PASSW(OR)?D|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIAL|SESSION_?KEY|AUTH|_PAT$|^AWS_|COOKIE)`)
var notSecretVarRe = lazyRe(`(?i)(_(URL|FILE|PATH|DIR|HOST|PORT|ID|REGION|PROFILE|ENDPOINT|TOPIC|CHANNEL|USER|NAME|MODE|TYPE|ENABLED|LEVEL)$|^AWS_(REGION|PROFILE|DEFAULT_REGION)$|^(CLAUDE|GEMINI)_(PROJECT_DIR|CWD|ENV_FILE|PLUGIN_ROOT|SESSION_ID)$|TOKENS?_(COUNT|LIMIT|USED)|MAX_TOKENS)`)

func secretVar(name string) bool {
	return secretVarRe.MatchString(name) && !notSecretVarRe.MatchString(name)
}

// wellKnownServices name the services whose credentials have a variable
// of their own (GITHUB_TOKEN, OPENAI_API_KEY…).
var wellKnownServices = []string{"github", "gitlab", "aws", "openai", "anthropic", "slack", "telegram", "discord", "npm", "pypi",
	"docker", "google", "gemini", "azure", "stripe", "twilio", "sendgrid", "cloudflare", "vercel", "netlify", "heroku",
	"digitalocean", "huggingface", "linear", "notion", "jira", "atlassian", "sentry", "datadog"}

// otherService: the variable names a well-known service the endpoint is
// not (GITHUB_TOKEN sent to x.example), "" otherwise.
func otherService(varName string, e endpoint) string {
	if e.Dynamic || e.Host == "" {
		return ""
	}
	host := strings.ReplaceAll(e.Host, "-", "")
	for _, part := range strings.Split(strings.ToLower(varName), "_") {
		if part == "gh" {
			part = "github"
		}
		for _, svc := range wellKnownServices {
			if part == svc && !strings.Contains(host, svc) && !(svc == "github" && strings.Contains(host, "githubusercontent")) {
				return svc
			}
		}
	}
	return ""
}
