package geminicli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// TrustCheck is what the conformance kit's interop/gemini-trust-check.sh
// reports after one run of the real Gemini CLI: the project hooks it
// warned about and trusted_hooks.json afterwards (null when absent).
type TrustCheck struct {
	Warned       []string        `json:"warned"`
	TrustedHooks json.RawMessage `json:"trusted_hooks"`
}

// RunTrustCheck runs Gemini CLI once in project with home as HOME through
// the kit's gemini-trust-check.sh (which marks the folder trusted) and
// returns its report. It skips the test without node/npm unless CI=true.
// The project's hooks really run: use throw-away folders.
func RunTrustCheck(t testing.TB, project, home string) TrustCheck {
	t.Helper()
	RequireBundle(t)
	kit := testenv.KitDir(t)
	script := filepath.Join(kit, "interop", "gemini-trust-check.sh")
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", script, project, home)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// The script runs oracle/setup.sh itself: the same lock and cache as
	// Locate.
	if err := withKitInstall(cmd, []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "LANG=C.UTF-8"}); err != nil {
		t.Fatalf("%s: %v\n%s", script, err, stderr.String())
	}
	var out TrustCheck
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		t.Fatalf("%s output: %v\n%s", script, err, stdout.String())
	}
	return out
}
