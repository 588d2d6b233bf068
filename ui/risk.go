package ui

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/trust"
)

// riskText is a risk level as its badge says it.
func riskText(l risk.Level) string {
	switch l {
	case risk.LevelCritical:
		return "CRITICAL"
	case risk.LevelReview:
		return "RISK: REVIEW"
	}
	return "NO RISK FOUND"
}

func riskColor(l risk.Level) color.Color {
	switch l {
	case risk.LevelCritical:
		return colorRed
	case risk.LevelReview:
		return colorAmber
	}
	return colorGrey
}

func newRiskBadge(r risk.Report) *badge { return newBadge(riskText(r.Level), riskColor(r.Level)) }

func riskImportance(l risk.Level) widget.Importance {
	switch l {
	case risk.LevelCritical:
		return widget.DangerImportance
	case risk.LevelReview:
		return widget.WarningImportance
	}
	return widget.MediumImportance
}

// hookRisk is the one risk of an entry of proj (nil: none at hand) in
// its project folder, with its trust state in the project's review (nil:
// the review does not cover it), as audit and the Review tab show it;
// Hookwarden's own observer obs reads as no risk (agents.EntryRisk).
func hookRisk(proj agents.Project, h *hooks.Hook, projectDir string, obs agents.Observer, ra risk.Agents, st *trust.HookReview) risk.Report {
	return agents.EntryRisk(proj, h, projectDir, obs, st, risk.Options{Agents: ra})
}

// trustStateOf is h's trust state in the review reviewOf gives (nil: none,
// or the review does not cover h).
func trustStateOf(reviewOf func(*hooks.Hook) (reviewItem, bool), h *hooks.Hook) *trust.HookReview {
	if reviewOf == nil {
		return nil
	}
	if it, ok := reviewOf(h); ok {
		return it.hook
	}
	return nil
}

// firstFindingLabel is the one line a hook row shows under its name: the
// most serious finding (nil when there is none).
func firstFindingLabel(r risk.Report) *widget.Label {
	f, ok := r.First()
	if !ok {
		return nil
	}
	return &widget.Label{Text: shown("Risk: " + f.Summary), Wrapping: fyne.TextWrapWord, Importance: riskImportance(f.Severity)}
}

// findingsView lists the findings in words: severity, the sentence, and
// where it comes from with the exact text.
func findingsView(r risk.Report, names pathNamer) fyne.CanvasObject {
	box := container.NewVBox()
	if len(r.Findings) == 0 {
		box.Add(newNote("Hookwarden's risk analysis found nothing that reaches outside the project or this machine.", fyne.TextWrapWord))
		return box
	}
	box.Add(detailSection("What it would do"))
	for _, f := range r.Findings {
		line := &widget.Label{Text: shown(f.Summary), Wrapping: fyne.TextWrapWord, Importance: riskImportance(f.Severity), TextStyle: fyne.TextStyle{Bold: f.Severity == risk.LevelCritical}}
		where := risk.CategoryTitle(f.Category) + " · " + findingPlace(f, names)
		if f.Source.Text != "" {
			where += " · " + oneLineText(f.Source.Text, 120)
		}
		where = shown(where) // the hook's own text: control and look-alike characters visible
		box.Add(container.NewBorder(nil, nil, container.NewVBox(newBadge(strings.ToUpper(f.Severity.String()), riskColor(f.Severity))), nil,
			container.NewVBox(line, newNote(where, fyne.TextWrapBreak))))
	}
	return box
}

func findingPlace(f risk.Finding, names pathNamer) string {
	if f.Source.File == "" {
		if f.Source.Line > 0 {
			return fmt.Sprintf("the command, line %d", f.Source.Line)
		}
		return "the command"
	}
	return names.place(f.Source.File, f.Source.Line, f.Source.Col)
}

func oneLineText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

// scriptMarks are the lines of a script that findings come from, by line
// number, with the category to show next to them.
func scriptMarks(r risk.Report, projectDir, scriptPath string) map[int]string {
	rel := scriptPath
	if projectDir != "" {
		if x, err := filepath.Rel(projectDir, scriptPath); err == nil {
			rel = filepath.ToSlash(x)
		}
	}
	marks := map[int]string{}
	for _, f := range r.Findings {
		if f.Source.Line > 0 && (f.Source.File == rel || f.Source.File == scriptPath) {
			if old, ok := marks[f.Source.Line]; ok && !strings.Contains(old, string(f.Category)) {
				marks[f.Source.Line] = old + ", " + string(f.Category)
			} else if !ok {
				marks[f.Source.Line] = string(f.Category)
			}
		}
	}
	return marks
}

// confirmCritical asks a second time before approving hooks whose risk is
// critical, naming what they would do; proceed runs only on an explicit
// "Approve anyway" (Enter cancels: a riskyConfirm).
func confirmCritical(w fyne.Window, what string, findings []risk.Finding, proceed func()) {
	var b strings.Builder
	fmt.Fprintf(&b, "Hookwarden's risk analysis says %s would:\n\n", what)
	for i, f := range findings {
		if i == 5 {
			fmt.Fprintf(&b, "…and %d more.\n", len(findings)-5)
			break
		}
		fmt.Fprintf(&b, "•  %s (%s)\n", shown(f.Summary), strings.ToLower(risk.CategoryTitle(f.Category)))
	}
	b.WriteString("\nOnce approved, a hook runs every time the agent fires its event, with your permissions. Approve it anyway?")
	msg := &widget.Label{Text: b.String(), Wrapping: fyne.TextWrapWord}
	d := newRiskyConfirm("Approve a critical hook?", "Approve anyway", "Don't approve", msg, func(ok bool) {
		if ok {
			proceed()
		}
	}, w)
	d.show()
	d.Resize(fyne.NewSize(620, 0))
}

// criticalFindings are the critical findings of a report.
func criticalFindings(r risk.Report) []risk.Finding {
	var out []risk.Finding
	for _, f := range r.Findings {
		if f.Severity == risk.LevelCritical {
			out = append(out, f)
		}
	}
	return out
}

// riskSuffix is what a dry-run confirmation says of a hook's risk: its
// one risk (hookRisk), with its trust state st in the project's review
// (nil: none), as the Hooks and Review tabs and audit show it.
func riskSuffix(proj agents.Project, h *hooks.Hook, projectDir string, obs agents.Observer, ra risk.Agents, st *trust.HookReview) string {
	r := hookRisk(proj, h, projectDir, obs, ra, st)
	f, ok := r.First()
	if !ok {
		return "\n      risk: none found"
	}
	return fmt.Sprintf("\n      risk: %s — %s", r.Level, shown(f.Summary))
}
