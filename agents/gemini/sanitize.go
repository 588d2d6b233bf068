package gemini

import (
	"strings"
	"sync"

	"github.com/dlclark/regexp2"

	"github.com/hookwarden/hookwarden/settingsio"
)

// sanitization is Gemini CLI's security.environmentVariableRedaction
// settings (config.sanitizationConfig): redaction is off by default.
type sanitization struct {
	Allowed []string `json:"allowedEnvironmentVariables"`
	Blocked []string `json:"blockedEnvironmentVariables"`
	Enabled bool     `json:"enableEnvironmentVariableRedaction"`
}

// strictSanitization reports whether Gemini CLI redacts the environment
// whatever the settings say: GITHUB_SHA is non-empty or SURFACE=Github.
func strictSanitization(env settingsio.Env) bool {
	return env.Get("GITHUB_SHA") != "" || env.Get("SURFACE") == "Github"
}

// sanitizeEnv is sanitizeEnvironment (services/environmentSanitization.ts):
// the environment a hook inherits before the GEMINI_* variables and the
// hook's own env are added. With redaction off and no strict mode it is the
// environment unchanged.
func sanitizeEnv(env settingsio.Env, s sanitization) settingsio.Env {
	strict := strictSanitization(env)
	if !s.Enabled && !strict {
		return env
	}
	allowed := upperSet(s.Allowed)
	blocked := upperSet(s.Blocked)
	out := make(settingsio.Env, 0, len(env))
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if !redactEnvVar(k, v, allowed, blocked, strict) {
			out = append(out, kv)
		}
	}
	return out
}

// redactionReason says why Gemini CLI would drop the variable ("" = kept).
func redactionReason(key, value string, s sanitization, strict bool) string {
	if !s.Enabled && !strict {
		return ""
	}
	return redactionRule(strings.ToUpper(key), strings.ToUpper(value), upperSet(s.Allowed), upperSet(s.Blocked), strict)
}

func upperSet(names []string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[strings.ToUpper(n)] = true
	}
	return m
}

func redactEnvVar(key, value string, allowed, blocked map[string]bool, strict bool) bool {
	return redactionRule(strings.ToUpper(key), strings.ToUpper(value), allowed, blocked, strict) != ""
}

// redactionRule applies shouldRedactEnvironmentVariable's rules in order
// and names the rule that drops the variable ("" = kept).
func redactionRule(key, value string, allowed, blocked map[string]bool, strict bool) string {
	if strings.HasPrefix(key, "GEMINI_CLI_") {
		return ""
	}
	if value != "" {
		for _, p := range secretValuePatterns() {
			if ok, _ := p.re.MatchString(value); ok {
				return "its value looks like " + p.what
			}
		}
	}
	switch {
	case strings.HasPrefix(key, "GIT_CONFIG_"), allowed[key]:
		return ""
	case blocked[key]:
		return "it is in blockedEnvironmentVariables"
	case alwaysAllowedEnv[key]:
		return ""
	case neverAllowedEnv[key]:
		return "Gemini never passes it"
	case strict:
		return "strict redaction (GITHUB_SHA or SURFACE=Github) drops every other variable"
	}
	for _, part := range secretNameParts {
		if strings.Contains(key, part) {
			return "its name contains " + part
		}
	}
	return ""
}

var alwaysAllowedEnv = setOf("PATH", "SYSTEMROOT", "COMSPEC", "PATHEXT", "WINDIR", "TEMP", "TMP",
	"USERPROFILE", "SYSTEMDRIVE", "HOME", "LANG", "SHELL", "TMPDIR", "USER", "LOGNAME", "TERM",
	"COLORTERM", "ADDITIONAL_CONTEXT", "AVAILABLE_LABELS", "BRANCH_NAME", "DESCRIPTION",
	"EVENT_NAME", "GITHUB_ENV", "IS_PULL_REQUEST", "ISSUES_TO_TRIAGE", "ISSUE_BODY",
	"ISSUE_NUMBER", "ISSUE_TITLE", "PULL_REQUEST_NUMBER", "REPOSITORY", "TITLE", "TRIGGERING_ACTOR")

var neverAllowedEnv = setOf("CLIENT_ID", "DB_URI", "CONNECTION_STRING", "AWS_DEFAULT_REGION",
	"AZURE_CLIENT_ID", "AZURE_TENANT_ID", "SLACK_WEBHOOK_URL", "TWILIO_ACCOUNT_SID",
	"DATABASE_URL", "GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_ACCOUNT", "FIREBASE_PROJECT_ID")

// secretNameParts are NEVER_ALLOWED_NAME_PATTERNS (tested on the
// upper-cased name, so a substring test is the same).
var secretNameParts = []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "KEY", "AUTH",
	"CREDENTIAL", "CREDS", "PRIVATE", "CERT"}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

type secretPattern struct {
	what string
	re   *regexp2.Regexp
}

// jsSpaceClass is JavaScript's \s spelled out (regexp2 follows .NET here).
const jsSpaceClass = `\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff`

// secretValuePatterns are NEVER_ALLOWED_VALUE_PATTERNS, case-insensitive.
var secretValuePatterns = sync.OnceValue(func() []secretPattern {
	return []secretPattern{
		{"a private key", mustJSRegex(`-----BEGIN (RSA|OPENSSH|EC|PGP) PRIVATE KEY-----`)},
		{"a certificate", mustJSRegex(`-----BEGIN CERTIFICATE-----`)},
		{"a URL with a password", mustJSRegex(`(https?|ftp|smtp):\/\/[^:` + jsSpaceClass + `]{1,1024}:[^@` + jsSpaceClass + `]{1,1024}@`)},
		{"a GitHub token", mustJSRegex(`(ghp|gho|ghu|ghs|ghr|github_pat)_[a-zA-Z0-9_]{36,}`)},
		{"a Google API key", mustJSRegex(`AIzaSy[a-zA-Z0-9_\\-]{33}`)},
		{"an AWS access key", mustJSRegex(`AKIA[A-Z0-9]{16}`)},
		{"a JWT", mustJSRegex(`eyJ[a-zA-Z0-9_-]{0,10240}\.[a-zA-Z0-9_-]{0,10240}\.[a-zA-Z0-9_-]{0,10240}`)},
		{"a Stripe key", mustJSRegex(`(s|r)k_(live|test)_[0-9a-zA-Z]{24}`)},
		{"a Slack token", mustJSRegex(`xox[abpr]-[a-zA-Z0-9-]+`)},
	}
})

func mustJSRegex(p string) *regexp2.Regexp {
	return regexp2.MustCompile(p, regexp2.ECMAScript|regexp2.IgnoreCase)
}
