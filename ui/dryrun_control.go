package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// runControl is the Dry run tab's run control: Run, Cancel, "Run for
// real…" (hooks that need review outside the sandbox, after the
// confirmation: the CLI's --yes), "Run anyway…" (as if the folder were
// trusted), the "Sandbox every hook" switch, the progress bar, and the
// state of the run in progress.
type runControl struct {
	runButton    *keyButton
	cancelButton *keyButton
	realButton   *keyButton
	runAnyway    *keyButton
	progress     *widget.ProgressBarInfinite

	// sandboxAll is the "Sandbox every hook" switch; prefs keep it
	// ("always sandbox dry runs"; nil in tests).
	sandboxAll *widget.Check
	prefs      fyne.Preferences
	// realNext runs the next run's hooks that need review for real;
	// sandboxOnce sandboxes every hook of the next run (Review's button).
	realNext    bool
	sandboxOnce bool

	// run is the run in progress (nil when idle); runID tells a finished
	// run's late updates from the current one's.
	run   *dryRun
	runID int
	// confirm is the open question before a run (hooks that need review,
	// an untrusted folder), closed when the view is reset.
	confirm dialog.Dialog
	// refreshing is set while a reload refreshes the pickers, which then
	// leave the status line alone.
	refreshing bool
}

func newRunControl(run, cancel, anyway, real func()) *runControl {
	c := &runControl{progress: widget.NewProgressBarInfinite()}
	c.runButton = newButton("Run", theme.MediaPlayIcon(), widget.HighImportance, run)
	c.cancelButton = newButton("Cancel", theme.MediaStopIcon(), widget.MediumImportance, cancel)
	c.runAnyway = newButton("Run anyway…", theme.WarningIcon(), widget.MediumImportance, anyway)
	c.realButton = newButton("Run for real…", theme.WarningIcon(), widget.MediumImportance, real)
	c.progress.Hide()
	c.cancelButton.Disable()
	c.runButton.Disable()
	c.realButton.Disable()
	return c
}

// buildUI is the switch over the buttons and the progress bar.
func (c *runControl) buildUI() fyne.CanvasObject {
	c.sandboxAll = c.newSandboxSwitch()
	row := container.NewBorder(nil, nil, nil, container.NewHBox(c.cancelButton, c.realButton, c.runButton), c.progress)
	return container.NewVBox(c.sandboxAll, row)
}

// update enables Run while nothing runs and the input can run, and
// Cancel while something runs.
func (c *runControl) update(running, canRun bool) {
	switch {
	case running:
		c.runButton.Disable()
		c.runAnyway.Disable()
		c.cancelButton.Enable()
		c.realButton.Disable()
	case !canRun:
		c.runButton.Disable()
		c.runAnyway.Disable()
		c.cancelButton.Disable()
		c.realButton.Disable()
	default:
		c.runButton.Enable()
		c.runAnyway.Enable()
		c.cancelButton.Disable()
		c.realButton.Enable()
	}
}

// showRunning shows the progress bar while a run is on.
func (c *runControl) showRunning(on bool) {
	if on {
		c.progress.Show()
		c.progress.Start()
	} else {
		c.progress.Stop()
		c.progress.Hide()
	}
}
