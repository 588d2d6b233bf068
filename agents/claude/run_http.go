package claude

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// runHTTP POSTs the input to an http handler's URL, but only to a loopback
// host unless the caller allowed the host (Runner.AllowHosts).
func (rc *runContext) runHTTP(ctx context.Context, h *hooks.Hook, res *runResult) {
	res.Form = "http"
	c := HandlerOf(h)
	if c == nil {
		res.Error = "http handler without its fields"
		res.Verdict = verdict{Kind: kindNotRun}
		return
	}
	res.URL = c.URL
	// what is sent holds the allowed variables' values; what is shown
	// (run --json, the window) names them instead: a pulled handler may
	// name any token of the user's environment in allowedEnvVars
	sent := interpolateHeaders(c.Headers, c.AllowedEnvVars, rc.r.Env, false)
	res.Headers = interpolateHeaders(c.Headers, c.AllowedEnvVars, rc.r.Env, true)
	u, err := url.Parse(c.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		res.Error = fmt.Sprintf("not a usable http(s) URL: %q", c.URL)
		res.Verdict = verdict{Kind: kindNonBlocking, Error: res.Error, ShownTo: "user"}
		return
	}
	if !rc.r.hostAllowed(u.Hostname()) {
		res.Form = "preview"
		res.Preview = "POST " + c.URL + "\nContent-Type: application/json\n\n" + rc.stdin
		res.NotRunReason = fmt.Sprintf("%s is not a loopback address; Hookwarden sends http handlers elsewhere only when you allow the host", u.Hostname())
		res.Verdict = verdict{Kind: kindNotRun}
		return
	}
	ctx, cancel := context.WithTimeout(ctx, res.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL, bytes.NewReader([]byte(rc.stdin)))
	if err != nil {
		res.Error = err.Error()
		res.Verdict = verdict{Kind: kindNonBlocking, Error: res.Error, ShownTo: "user"}
		return
	}
	for k, v := range sent {
		req.Header.Set(k, v)
	}
	req.Header.Set("Content-Type", "application/json")
	client := rc.r.HTTPClient
	if client == nil {
		transport := &http.Transport{Proxy: nil}
		defer transport.CloseIdleConnections()
		client = &http.Client{Transport: transport}
	}
	// A redirect must not carry the hook input past the loopback rule.
	guarded := *client
	guarded.CheckRedirect = func(next *http.Request, via []*http.Request) error {
		if !rc.r.hostAllowed(next.URL.Hostname()) {
			return fmt.Errorf("redirected to %s, which is not a loopback address or an allowed host: not followed", next.URL.Host)
		}
		if client.CheckRedirect != nil {
			return client.CheckRedirect(next, via)
		}
		if len(via) >= 10 {
			return fmt.Errorf("stopped after %d redirects", len(via))
		}
		return nil
	}
	resp, err := guarded.Do(req)
	if err != nil {
		switch {
		case ctx.Err() == context.DeadlineExceeded:
			res.TimedOut, res.Error = true, fmt.Sprintf("timed out after %s", res.Timeout)
			res.Verdict = verdict{Kind: kindDiscarded}
		case ctx.Err() != nil:
			res.Cancelled, res.Error = true, "cancelled"
			res.Verdict = verdict{Kind: kindDiscarded}
		default:
			res.Error = err.Error()
			res.Verdict = verdict{Kind: kindNonBlocking, Error: "connection failed: " + err.Error(), ShownTo: "user"}
		}
		return
	}
	defer resp.Body.Close()
	limit := int64(rc.r.StreamCap)
	if limit <= 0 {
		limit = hooks.DefaultStreamCap
	}
	body, _ := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if int64(len(body)) > limit {
		body, res.Truncated = body[:limit], true
	}
	res.HTTPStatus = resp.StatusCode
	res.Stdout = hooks.DecodeUTF8(body)
	res.Verdict = interpretHTTP(rc.event, resp.StatusCode, res.Stdout)
}

// hostAllowed: loopback names and addresses always, others when listed.
func (r *runner) hostAllowed(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return true
	}
	for _, h := range r.AllowHosts {
		if h == "*" || strings.EqualFold(h, host) {
			return true
		}
	}
	return false
}

var headerVar = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)`)

// interpolateHeaders fills $VAR and ${VAR} in header values from env, for
// the variables in allowed only; the others become empty, as in Claude
// Code. When hide is set, a filled variable reads "[NAME: set, not shown]"
// instead of its value (what a face shows).
func interpolateHeaders(headers map[string]string, allowed []string, env []string, hide bool) map[string]string {
	if len(headers) == 0 {
		return nil
	}
	ok := map[string]bool{}
	for _, a := range allowed {
		ok[a] = true
	}
	out := make(map[string]string, len(headers))
	for k, v := range headers {
		out[k] = headerVar.ReplaceAllStringFunc(v, func(m string) string {
			sub := headerVar.FindStringSubmatch(m)
			name := sub[1] + sub[2]
			if !ok[name] {
				return ""
			}
			v := envGet(env, name)
			if hide && v != "" {
				return "[" + name + ": set, not shown]"
			}
			return v
		})
	}
	return out
}
