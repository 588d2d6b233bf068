package sandbox

import (
	"path/filepath"
	"strings"
)

// homeSecrets are files and folders under the home whose reading the
// report names (the same sources the risk analysis treats as secrets).
var homeSecrets = []string{
	".ssh", ".aws", ".gnupg", ".netrc", ".git-credentials", ".npmrc", ".pypirc",
	".docker/config.json", ".kube/config", ".config/gcloud", ".config/gh/hosts.yml",
	".azure", ".gemini/oauth_creds.json", ".gemini/google_accounts.json", ".gemini/.env",
	".claude/.credentials.json", ".claude.json", ".codex/auth.json", ".env",
}

// isSensitive says whether reading p is worth a record: a secret under the
// home, a .env file anywhere, or a key file.
func isSensitive(p, home string) bool {
	base := filepath.Base(p)
	if base == ".env" || strings.HasPrefix(base, ".env.") && base != ".env.example" && base != ".env.sample" {
		return true
	}
	if strings.HasPrefix(base, "id_rsa") || strings.HasPrefix(base, "id_ed25519") || strings.HasPrefix(base, "id_ecdsa") ||
		strings.HasSuffix(base, ".pem") || strings.HasSuffix(base, ".key") || strings.HasSuffix(base, ".p12") {
		return true
	}
	if home == "" || !within(p, home) {
		return false
	}
	rel := strings.TrimPrefix(strings.TrimPrefix(p, home), "/")
	for _, s := range homeSecrets {
		if rel == s || strings.HasPrefix(rel, s+"/") {
			return true
		}
	}
	return false
}
