package sandbox

import (
	"path/filepath"
	"slices"
	"strings"
)

// homeSecrets are files and folders under the home whose reading the
// report names (the same sources the risk analysis treats as secrets).
var homeSecrets = []string{
	".ssh", ".aws", ".gnupg", ".netrc", ".git-credentials", ".npmrc", ".pypirc",
	".docker/config.json", ".kube/config", ".config/gcloud", ".config/gh/hosts.yml",
	".azure", ".env",
}

// isSensitive says whether reading p is worth a record: a secret under the
// home, a .env file anywhere, a key file, or one of agentSecrets (see
// Config.AgentSecrets).
func isSensitive(p, home string, agentSecrets []string) bool {
	base := filepath.Base(p)
	if base == ".env" || strings.HasPrefix(base, ".env.") && base != ".env.example" && base != ".env.sample" {
		return true
	}
	if strings.HasPrefix(base, "id_rsa") || strings.HasPrefix(base, "id_ed25519") || strings.HasPrefix(base, "id_ecdsa") ||
		strings.HasSuffix(base, ".pem") || strings.HasSuffix(base, ".key") || strings.HasSuffix(base, ".p12") {
		return true
	}
	if slices.ContainsFunc(agentSecrets, func(s string) bool { return strings.HasPrefix(s, "/") && atOrBelow(p, strings.TrimSuffix(s, "/")) }) {
		return true
	}
	if home == "" || !within(p, home) {
		return false
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(p, home), "/")
	for _, s := range homeSecrets {
		if atOrBelow(rel, s) {
			return true
		}
	}
	for _, s := range agentSecrets {
		if !strings.HasPrefix(s, "/") && atOrBelow(rel, strings.TrimSuffix(strings.TrimPrefix(s, "~/"), "/")) {
			return true
		}
	}
	return false
}

// atOrBelow: p is dir or below it.
func atOrBelow(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

// agentFile: the file at abs (hr below the home, pr below the project,
// "" when not) is one of files (see Config.AgentFiles).
func agentFile(abs, hr, pr string, files []string) bool {
	for _, f := range files {
		pat, dir := strings.CutSuffix(f, "/")
		at := func(p string) bool { return p == pat || dir && strings.HasPrefix(p, pat+"/") }
		switch {
		case strings.HasPrefix(pat, "~/"):
			pat = strings.TrimPrefix(pat, "~/")
			if hr != "" && at(hr) {
				return true
			}
		case strings.HasPrefix(pat, "/"):
			if at(abs) {
				return true
			}
		case hr != "" && at(hr), pr != "" && at(pr):
			return true
		}
	}
	return false
}
