package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/settingsio"
)

// runDisable adds a hook to hooksConfig.disabled, as /hooks disable does.
// It refuses to edit a workspace settings file tracked by git unless
// --force-workspace is given.
func runDisable(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("disable")
	force := forceWorkspaceFlag(fs)
	tg, scope, name, err := io.toggleArgsFlags(fs, args, settingsio.LayerWorkspace)
	if err != nil {
		return err
	}
	if err := refuseTracked(ctx, io, tg, scope, *force, name); err != nil {
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
	noteTrackedEdits(ctx, io, tg, res.Edits)
	if len(res.Locked) > 0 {
		return lockedError(res.Locked)
	}
	return nil
}

// runDisableAll is /hooks disable-all (refusing a tracked workspace file
// as disable does).
func runDisableAll(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("disable-all")
	force := forceWorkspaceFlag(fs)
	tg, scope, err := io.toggleAllArgsFlags(fs, args, settingsio.LayerWorkspace)
	if err != nil {
		return err
	}
	if err := refuseTracked(ctx, io, tg, scope, *force, ""); err != nil {
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
	noteTrackedEdits(ctx, io, tg, res.Edits)
	if len(res.Locked) > 0 {
		return lockedError(res.Locked)
	}
	return nil
}

// forceWorkspaceFlag is disable's --force-workspace.
func forceWorkspaceFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("force-workspace", false, "edit the workspace settings file even when git tracks it")
}

// refuseTracked stops a workspace-scope disable when git tracks the
// workspace settings file (unless forced), with the user scope explained.
// When git cannot tell, it goes ahead and says so.
func refuseTracked(ctx context.Context, io *IO, tg *gemini.Toggler, scope settingsio.Layer, force bool, name string) error {
	if scope != settingsio.LayerWorkspace || force {
		return nil
	}
	tr := tg.WorkspaceTracked(ctx)
	switch {
	case tr.Tracked:
		return &ExitError{Code: ExitFailure, Msg: gemini.TrackedMessage(tr.Path, name) +
			"\nUse --scope user for that, or --force-workspace to edit the tracked file anyway (commit it, or 'hookwarden enable' puts it back byte for byte)."}
	case tr.Unknown != "":
		printf(io.Stderr, "note: %s\n", tr.Unknown)
	}
	return nil
}

// noteTrackedEdits says when an enable changed a workspace file git tracks
// without putting it back as it was (the entry came with the repository,
// or the file changed since Hookwarden's disable): the change shows in git
// status.
func noteTrackedEdits(ctx context.Context, io *IO, tg *gemini.Toggler, edits []gemini.FileEdit) {
	for _, e := range edits {
		if e.Layer != settingsio.LayerWorkspace || e.Restored || e.Deleted {
			continue
		}
		if tr := tg.WorkspaceTracked(ctx); tr.Tracked {
			printf(io.Stdout, "note: %s is tracked by git: this change shows in git status (commit it, or 'git checkout -- %s' to undo it)\n", e.Path, quoteForShell(e.Path))
		}
	}
}

// toggleArgs parses [--project DIR] [--scope workspace|user] NAME.
func (io *IO) toggleArgs(cmd string, args []string, defaultScope settingsio.Layer) (*gemini.Toggler, settingsio.Layer, string, error) {
	return io.toggleArgsFlags(newFlags(cmd), args, defaultScope)
}

// toggleArgsFlags is toggleArgs on a flag set the command added its own
// flags to.
func (io *IO) toggleArgsFlags(fs *flag.FlagSet, args []string, defaultScope settingsio.Layer) (*gemini.Toggler, settingsio.Layer, string, error) {
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
	return gemini.NewToggler(p.snap, io.Env), scope, name, nil
}

// toggleAllArgs parses [--project DIR] [--scope workspace|user].
func (io *IO) toggleAllArgs(cmd string, args []string, defaultScope settingsio.Layer) (*gemini.Toggler, settingsio.Layer, error) {
	return io.toggleAllArgsFlags(newFlags(cmd), args, defaultScope)
}

// toggleAllArgsFlags is toggleAllArgs on a flag set the command added its
// own flags to.
func (io *IO) toggleAllArgsFlags(fs *flag.FlagSet, args []string, defaultScope settingsio.Layer) (*gemini.Toggler, settingsio.Layer, error) {
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
	return gemini.NewToggler(p.snap, io.Env), scope, nil
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
func writeToggleResult(w io.Writer, res *gemini.ToggleResult) {
	if res.Status == gemini.ToggleChanged || len(res.Locked) == 0 {
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

func writeBulkResult(w io.Writer, res *gemini.BulkResult) {
	printf(w, "%s\n", res.Message)
	writeEdits(w, res.Edits)
	for _, l := range res.Locked {
		printf(w, "locked: %s\n", l)
	}
	for _, n := range res.Notes {
		printf(w, "note: %s\n", n)
	}
}

func writeEdits(w io.Writer, edits []gemini.FileEdit) {
	for _, e := range edits {
		switch {
		case e.Deleted:
			printf(w, "removed %s: Hookwarden had created it to disable hooks (%s settings)\n", e.Path, e.Layer)
			continue
		case e.Restored:
			printf(w, "restored %s byte for byte as it was before Hookwarden disabled hooks in it\n", e.Path)
			continue
		case e.Created:
			printf(w, "created %s (%s settings)\n", e.Path, e.Layer)
		}
		if e.JournalError != "" {
			printf(w, "note: enabling again may leave an empty hooksConfig.disabled in %s: %s\n", e.Path, e.JournalError)
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
func lockedError(locks []gemini.Lock) error {
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
