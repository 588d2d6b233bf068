//go:build linux

package sandbox

import (
	"bytes"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

const (
	maxDiffFile = 256 << 10
	maxDiffText = 8 << 10
)

// buildReport turns the supervisor's records and the scratch layers into
// the report.
func buildReport(cfg Config, targets []string, scratch string, lowers []string, evs []event) *Report {
	r := &Report{Files: []FileChange{}, Devices: []DeviceAttempt{}, Secrets: []SecretRead{}, Network: []NetworkAttempt{}, Programs: []Program{}, LeftRunning: []Program{}}
	project := cfg.Project
	if real, err := filepath.EvalSymlinks(project); err == nil {
		project = real
	}
	home := cfg.Home
	if real, err := filepath.EvalSymlinks(home); err == nil {
		home = real
	}
	sc := &layerScan{project: project, deadline: time.Now().Add(scanBudget)}
	for i, t := range targets {
		sc.lowers = lowerPaths(lowers, i)
		r.Files = append(r.Files, sc.scan(filepath.Join(scratch, strconv.Itoa(i), "upper"), t)...)
	}
	r.Notes = append(r.Notes, sc.notes()...)
	// a folder overlaid inside another shows in both layers' view: keep
	// the innermost layer's record of a path (it is the one that took it)
	r.Files = dedupeFiles(r.Files)
	capFiles(r, home, project, cfg.AgentFiles)
	sent := 0
	dnsIndex := map[string]int{} // name -> 1 + index of its record
	for _, ev := range evs {
		switch ev.T {
		case evExec:
			r.Programs = append(r.Programs, Program{Path: ev.Path, Argv: ev.Argv})
		case evOpen:
			r.Secrets = append(r.Secrets, SecretRead{Path: ev.Path})
		case evRead:
			addRead(r, ev)
		case evAbsent:
			addAbsent(r, ev)
		case evListed:
			addListed(r, ev)
		case evDNS:
			if i := dnsIndex[ev.Name]; i > 0 {
				n := &r.Network[i-1]
				if !strings.Contains(" "+n.QType+" ", " "+ev.QType+" ") {
					n.QType += " " + ev.QType
				}
				n.SendsInput = n.SendsInput || ev.HasPayload
				continue
			}
			r.Network = append(r.Network, NetworkAttempt{Kind: "dns", Name: ev.Name, QType: ev.QType, SendsInput: ev.HasPayload})
			dnsIndex[ev.Name] = len(r.Network)
		case evConnect:
			r.Network = append(r.Network, NetworkAttempt{Kind: ev.Proto, Name: ev.Name, Addr: ev.Addr, Port: ev.Port})
		case evSent:
			sent++
			mergeSent(r, ev)
		case evDevice:
			r.Devices = append(r.Devices, DeviceAttempt{Path: ev.Path, What: ev.Msg})
		case evFamily:
			r.Network = append(r.Network, NetworkAttempt{Kind: "socket", Addr: ev.Path})
		case evUnix:
			r.Network = append(r.Network, NetworkAttempt{Kind: "unix", Addr: ev.Path, Method: ev.Msg})
		case evLeftover:
			r.LeftRunning = append(r.LeftRunning, Program{Argv: ev.Argv})
		case evNote:
			r.Notes = append(r.Notes, ev.Msg)
		case evTemp:
			r.TempFiles = append(r.TempFiles, ev.Path)
		}
	}
	judge(r, home, project, cfg.AgentFiles)
	return r
}

// mergeSent attaches what a connection sent to its connect record (the
// first one to that address and port without data yet).
func mergeSent(r *Report, ev event) {
	for i := range r.Network {
		n := &r.Network[i]
		if n.Kind == ev.Proto && n.Addr == ev.Addr && n.Port == ev.Port && n.Method == "" && n.Bytes == 0 && !n.filled() {
			n.fill(ev)
			return
		}
	}
	if ev.Proto == "udp" {
		for i := range r.Network {
			n := &r.Network[i]
			if n.Kind == "udp" && n.Port == ev.Port && !n.filled() {
				n.fill(ev)
				return
			}
		}
	}
	n := NetworkAttempt{Kind: ev.Proto, Addr: ev.Addr, Port: ev.Port, Name: ev.Name}
	n.fill(ev)
	r.Network = append(r.Network, n)
}

func (n *NetworkAttempt) filled() bool {
	return n.Method != "" || n.Bytes != 0 || n.SNI != "" || n.SendsInput || n.SendsSecret != ""
}

func (n *NetworkAttempt) fill(ev event) {
	n.Method, n.Target, n.Host, n.SNI, n.Bytes, n.Preview = ev.Method, ev.Target, ev.Host, ev.SNI, ev.Bytes, ev.Preview
	n.SendsInput, n.SendsSecret = ev.HasPayload, ev.Secret
	if n.Name == "" {
		n.Name = ev.Name
	}
}

func isText(b []byte) bool {
	return utf8.Valid(b) && !bytes.ContainsRune(b, 0)
}

// lineDiff renders the changed lines with one line of context around
// each change, "…" between hunks.
func lineDiff(old, cur string) string {
	dmp := diffmatchpatch.New()
	a, b, lines := dmp.DiffLinesToChars(old, cur)
	diffs := dmp.DiffCharsToLines(dmp.DiffMain(a, b, false), lines)
	type line struct {
		op   diffmatchpatch.Operation
		text string
	}
	var all []line
	for _, d := range diffs {
		for _, l := range strings.SplitAfter(d.Text, "\n") {
			if l != "" {
				all = append(all, line{d.Type, l})
			}
		}
	}
	keep := make([]bool, len(all))
	for i, l := range all {
		if l.op != diffmatchpatch.DiffEqual {
			for j := i - 1; j <= i+1; j++ {
				if j >= 0 && j < len(all) {
					keep[j] = true
				}
			}
		}
	}
	var sb strings.Builder
	skipped := false
	for i, l := range all {
		if !keep[i] {
			skipped = true
			continue
		}
		if skipped && sb.Len() > 0 {
			sb.WriteString("…\n")
		}
		skipped = false
		switch l.op {
		case diffmatchpatch.DiffInsert:
			sb.WriteString("+ ")
		case diffmatchpatch.DiffDelete:
			sb.WriteString("- ")
		default:
			sb.WriteString("  ")
		}
		sb.WriteString(l.text)
		if !strings.HasSuffix(l.text, "\n") {
			sb.WriteString("\n")
		}
		if sb.Len() > maxDiffText {
			sb.WriteString("… (diff cut)\n")
			break
		}
	}
	return sb.String()
}

func dedupeFiles(fs []FileChange) []FileChange {
	seen := map[string]int{}
	var out []FileChange
	for _, f := range fs {
		if i, ok := seen[f.Path]; ok {
			out[i] = f
			continue
		}
		seen[f.Path] = len(out)
		out = append(out, f)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].InProject != out[j].InProject {
			return !out[i].InProject // outside the project first
		}
		return out[i].Path < out[j].Path
	})
	return out
}
