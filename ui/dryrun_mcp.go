package ui

import (
	"context"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// mcpPicker is the Dry run tab's MCP server row: the project's MCP
// servers and "Start in sandbox", which starts the one picked in the
// sandbox (approved or not), speaks the MCP handshake with it and shows
// what it answered and what it did (agents.DryRunMCP).
type mcpPicker struct {
	serverPick  *widget.Select
	startButton *keyButton
	servers     []*hooks.Hook
	// mcpResult is the last result shown (nil: none), for tests.
	mcpResult *agents.MCPRun
}

func newMCPPicker(start func()) *mcpPicker {
	p := &mcpPicker{serverPick: widget.NewSelect(nil, nil)}
	p.startButton = newButton("Start in sandbox", theme.MediaPlayIcon(), widget.MediumImportance, start)
	p.startButton.Disable()
	return p
}

// row is the picker and its button.
func (p *mcpPicker) row() fyne.CanvasObject {
	return container.NewBorder(nil, nil, nil, p.startButton, p.serverPick)
}

// listMCPServers offers the MCP servers of the project on screen,
// keeping the one picked when it is still there.
func (v *dryRunView) listMCPServers() {
	picked := v.serverPick.Selected
	v.servers, v.serverPick.Options = nil, nil
	if v.agent != nil && v.project != nil {
		names := pathNamer{project: v.project.Dir, home: v.project.Home}
		for _, h := range agents.MCPServers(v.agent) {
			v.servers = append(v.servers, h)
			v.serverPick.Options = append(v.serverPick.Options, shown(fmt.Sprintf("%s  (%s, %s)", v.agent.Title(h), names.name(h.Origin.File), h.Status)))
		}
	}
	v.serverPick.Selected = ""
	for _, o := range v.serverPick.Options {
		if o == picked {
			v.serverPick.Selected = o
		}
	}
	if v.serverPick.Selected == "" && len(v.serverPick.Options) > 0 {
		v.serverPick.Selected = v.serverPick.Options[0]
	}
	v.serverPick.PlaceHolder = "(no MCP server)"
	v.serverPick.Refresh()
	v.updateMCPButton()
}

func (v *dryRunView) updateMCPButton() {
	if v.mcpPicker == nil {
		return
	}
	if v.run == nil && v.pickedServer() != nil {
		v.startButton.Enable()
	} else {
		v.startButton.Disable()
	}
}

// pickedServer is the server chosen (nil: none).
func (p *mcpPicker) pickedServer() *hooks.Hook {
	i := p.serverPick.SelectedIndex()
	if i < 0 || i >= len(p.servers) {
		return nil
	}
	return p.servers[i]
}

// onStartMCP starts the picked server in the sandbox, off the UI thread,
// with the project's files as they are now; Cancel stops it.
func (v *dryRunView) onStartMCP() {
	h, p := v.pickedServer(), v.project
	if v.run != nil || h == nil || p == nil {
		return
	}
	v.clearResults()
	v.mcpResult = nil
	ctx, cancel := context.WithCancel(context.Background())
	run := &dryRun{id: v.runID, cancel: cancel, done: make(chan struct{})}
	v.setRunning(run)
	v.status.SetText("Starting " + shown(v.agent.Title(h)) + " in the sandbox…")
	id := h.ID
	warm := v.newWarm() // the probe's sandbox starts the server
	v.thread.Go(func() {
		var res *agents.MCPRun
		ap, err := openAgain(p, warm)
		if err == nil {
			res, err = agents.DryRunMCP(ctx, ap, agents.MCPRequest{Server: id, Sandbox: agents.SandboxAlways})
		}
		cancel()
		warm.Close()
		close(run.done)
		v.thread.Do(func() { v.finishMCP(run.id, res, err) })
	})
}

// finishMCP shows a server's dry run as one card.
func (v *dryRunView) finishMCP(id int, r *agents.MCPRun, err error) {
	if id != v.runID {
		return
	}
	v.setRunning(nil)
	if err != nil {
		v.status.SetText(shown(err.Error()))
		return
	}
	v.mcpResult = r
	v.status.SetText(shown(r.Summary()))
	v.cardBox.RemoveAll()
	v.cardBox.Add(mcpCard(r))
	v.relayout()
}

// mcpCard is what a server said and did.
func mcpCard(r *agents.MCPRun) fyne.CanvasObject {
	box := container.NewVBox()
	line := func(text string) {
		box.Add(&widget.Label{Text: shown(text), Wrapping: fyne.TextWrapWord})
	}
	status, col := "NOT STARTED", colorGrey
	switch {
	case r.Ran && r.Answered:
		status, col = "ANSWERED", colorGreen
	case r.Ran && r.Helper != "":
		status, col = "RAN", colorGreen
	case r.Ran:
		status, col = "NO ANSWER", colorAmber
	}
	head := &widget.Label{Text: shown(r.Label), Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}}
	box.Add(container.NewBorder(nil, nil, newBadge(status, col), nil, head))
	line(r.Where)
	line(r.Summary())
	if r.NeedsReview != "" {
		line("Needs review: " + r.NeedsReview)
	}
	if r.Command != "" {
		line("Started: " + r.Command)
	}
	if r.Answered {
		line(fmt.Sprintf("Server: %s %s (MCP %s)", r.Server, r.Version, r.Protocol))
		var tools []string
		for _, t := range r.Tools {
			s := t.Name
			if d := strings.TrimSpace(t.Description); d != "" {
				s += " — " + agents.Clip(d, 160)
			}
			tools = append(tools, s)
		}
		if r.ToolsMore {
			tools = append(tools, "… and more (the list was cut)")
		}
		box.Add(streamBlock(fmt.Sprintf("Tools (%d)", len(r.Tools)), strings.Join(tools, "\n")))
		if r.Instructions != "" {
			box.Add(streamBlock("Instructions", r.Instructions))
		}
	}
	if r.ProtocolError != "" && r.Ran {
		box.Add(warningLine("MCP: " + r.ProtocolError))
	}
	if strings.TrimSpace(r.Stdout) != "" {
		box.Add(streamBlock("stdout", r.Stdout))
	}
	if strings.TrimSpace(r.Stderr) != "" {
		box.Add(streamBlock("stderr", r.Stderr))
	}
	for _, n := range r.Notes {
		line("Note: " + n)
	}
	if r.Sandboxed {
		box.Add(sandboxBlock(r.Sandbox))
	}
	return widget.NewCard("", "", box)
}
