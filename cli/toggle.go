package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// runDisable adds a hook to hooksConfig.disabled, as /hooks disable does.
func runDisable(ctx context.Context, io *IO, args []string) error {
	tg, scope, name, err := io.toggleArgs("disable", args, settingsio.LayerWorkspace)
	if err != nil {
		return err
	}
	res, err := tg.Disable(name, scope)
	if err != nil {
		return err
	}
	writeToggleResult(io.Stdout, res)
	return nil
}

// runEnable removes a hook from hooksConfig.disabled in the workspace and
// user files (or the one --scope names), as /hooks enable does. A hook a
// read-only system file disables stays disabled: exit 1.
func runEnable(ctx context.Context, io *IO, args []string) error {
	tg, scope, name, err := io.toggleArgs("enable", args, "")
	if err != nil {
		return err
	}
	var scopes []settingsio.Layer
	if scope != "" {
		scopes = append(scopes, scope)
	}
	res, err := tg.Enable(name, scopes...)
	if err != nil {
		return err
	}
	writeToggleResult(io.Stdout, res)
	if len(res.Locked) > 0 {
		return lockedError(res.Locked)
	}
	return nil
}

// runDisableAll is /hooks disable-all.
func runDisableAll(ctx context.Context, io *IO, args []string) error {
	tg, scope, err := io.toggleAllArgs("disable-all", args, settingsio.LayerWorkspace)
	if err != nil {
		return err
	}
	res, err := tg.DisableAll(scope)
	if err != nil {
		return err
	}
	writeBulkResult(io.Stdout, res)
	return nil
}

// runEnableAll is /hooks enable-all.
func runEnableAll(ctx context.Context, io *IO, args []string) error {
	tg, _, err := io.toggleAllArgs("enable-all", args, "")
	if err != nil {
		return err
	}
	res, err := tg.EnableAll()
	if err != nil {
		return err
	}
	writeBulkResult(io.Stdout, res)
	if len(res.Locked) > 0 {
		return lockedError(res.Locked)
	}
	return nil
}

// toggleArgs parses [--project DIR] [--scope workspace|user] NAME.
func (io *IO) toggleArgs(cmd string, args []string, defaultScope settingsio.Layer) (*hooks.Toggler, settingsio.Layer, string, error) {
	fs := newFlags(cmd)
	dir := io.projectFlag(fs)
	scopeFlag := scopeFlag(fs, defaultScope)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return nil, "", "", err
	}
	scope, err := parseScope(*scopeFlag)
	if err != nil {
		return nil, "", "", err
	}
	switch {
	case len(rest) == 0:
		return nil, "", "", usagef("no hook name given (a hook's name, or its command when it has none)")
	case len(rest) > 1:
		return nil, "", "", usagef("one hook name at a time (quote a command with spaces): got %q", rest)
	}
	name := strings.TrimSpace(rest[0]) // Gemini trims the slash command's argument
	if name == "" {
		return nil, "", "", usagef("the hook name is empty")
	}
	p := io.loadProject(*dir)
	return hooks.NewToggler(p.snap, io.Env), scope, name, nil
}

// toggleAllArgs parses [--project DIR] [--scope workspace|user].
func (io *IO) toggleAllArgs(cmd string, args []string, defaultScope settingsio.Layer) (*hooks.Toggler, settingsio.Layer, error) {
	fs := newFlags(cmd)
	dir := io.projectFlag(fs)
	var scopeFlagValue *string
	if defaultScope != "" {
		scopeFlagValue = scopeFlag(fs, defaultScope)
	}
	rest, err := parseFlags(fs, args)
	if err != nil {
		return nil, "", err
	}
	if len(rest) > 0 {
		return nil, "", usagef("unexpected argument %q", rest[0])
	}
	var scope settingsio.Layer
	if scopeFlagValue != nil {
		if scope, err = parseScope(*scopeFlagValue); err != nil {
			return nil, "", err
		}
	}
	p := io.loadProject(*dir)
	return hooks.NewToggler(p.snap, io.Env), scope, nil
}

func scopeFlag(fs *flag.FlagSet, def settingsio.Layer) *string {
	help := "settings file to change: workspace or user"
	if def == "" {
		help += " (default: both)"
	}
	return fs.String("scope", string(def), help)
}

func parseScope(s string) (settingsio.Layer, error) {
	switch settingsio.Layer(s) {
	case "", settingsio.LayerWorkspace, settingsio.LayerUser:
		return settingsio.Layer(s), nil
	}
	return "", usagef("--scope %q: use workspace or user (Gemini CLI never writes the system files)", s)
}

// writeToggleResult prints Gemini's feedback, then each file change with
// its place, the locks and the notes.
func writeToggleResult(w io.Writer, res *hooks.ToggleResult) {
	if res.Status == hooks.ToggleChanged || len(res.Locked) == 0 {
		// Gemini's "already enabled" would be wrong for a locked hook.
		printf(w, "%s\n", res.Message)
	}
	writeEdits(w, res.Edits)
	for _, l := range res.Locked {
		printf(w, "locked: %s\n", l)
	}
	for _, n := range res.Notes {
		printf(w, "note: %s\n", n)
	}
}

func writeBulkResult(w io.Writer, res *hooks.BulkResult) {
	printf(w, "%s\n", res.Message)
	writeEdits(w, res.Edits)
	for _, l := range res.Locked {
		printf(w, "locked: %s\n", l)
	}
	for _, n := range res.Notes {
		printf(w, "note: %s\n", n)
	}
}

func writeEdits(w io.Writer, edits []hooks.FileEdit) {
	for _, e := range edits {
		if e.Created {
			printf(w, "created %s (%s settings)\n", e.Path, e.Layer)
		}
		for _, r := range e.Removed {
			printf(w, "%s:%d: removed %q from hooksConfig.disabled\n", e.Path, r.Line, r.Value)
		}
		for _, a := range e.Added {
			printf(w, "%s:%d: added %q to hooksConfig.disabled\n", e.Path, a.Line, a.Value)
		}
	}
}

// lockedError is the failure of an enable that read-only files defeat.
func lockedError(locks []hooks.Lock) error {
	files := map[string]bool{}
	var names []string
	for _, l := range locks {
		if !files[l.File] {
			files[l.File] = true
			names = append(names, l.File)
		}
	}
	return fmt.Errorf("still disabled by %s, which Gemini CLI only reads (ask its administrator)", strings.Join(names, " and "))
}
