package risk

import (
	"fmt"
	"regexp"
	"strings"
)

// PowerShell and cmd scripts are read line by line for the calls that
// matter: web requests, encoded commands, downloaded code run with iex,
// writes to the profile or the agents' files. (No Go parser for
// PowerShell exists; this is the level of calls and string literals.)
var (
	psWeb     = regexp.MustCompile(`(?i)\b(Invoke-WebRequest|Invoke-RestMethod|iwr|irm|curl(\.exe)?|wget|Net\.WebClient|DownloadString|DownloadFile|Start-BitsTransfer|HttpClient)\b`)
	psExec    = regexp.MustCompile(`(?i)\b(iex|Invoke-Expression)\b`)
	psEncoded = regexp.MustCompile(`(?i)(-e(nc(odedcommand)?)?\s+[A-Za-z0-9+/=]{20,}|FromBase64String)`)
	psWrite   = regexp.MustCompile(`(?i)\b(Set-Content|Add-Content|Out-File|New-Item|Copy-Item|Move-Item)\b.*`)
	psSecret  = regexp.MustCompile(`(?i)(\.ssh[\\/]|\.aws[\\/]credentials|\.netrc|Get-StoredCredential|ConvertFrom-SecureString)`)
	psPersist = regexp.MustCompile(`(?i)(\$PROFILE|schtasks\s+/create|New-ScheduledTask|Register-ScheduledTask|CurrentVersion\\Run)`)
)

func (a *analyzer) powerShell(file, text string) {
	lines := strings.Split(text, "\n")
	web, secret := false, false
	var webLine, secretLine int
	for i, line := range lines {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "#") || strings.HasPrefix(strings.ToLower(l), "rem ") || strings.HasPrefix(l, "::") {
			continue
		}
		src := Source{File: file, Line: i + 1, Col: 1, Text: l}
		add := func(c Category, sev Level, s string) {
			a.add(Finding{Category: c, Severity: sev, Summary: s, Source: src})
		}
		if psEncoded.MatchString(l) {
			add(Obfuscation, LevelCritical, "runs an encoded PowerShell command that hides what it does")
		}
		if psWeb.MatchString(l) {
			if psExec.MatchString(l) {
				add(DownloadExec, LevelCritical, "runs PowerShell code it downloads")
			}
			for _, ep := range hostsIn(l) {
				a.network(ep, taints{}, taints{}, src, "connects to")
			}
			if !web {
				web, webLine = true, i
			}
		}
		if _, _, ok := a.secretsInText(l); (ok || psSecret.MatchString(l) || mentionIn(a.opt.Agents.Credentials, l)) && !secret {
			secret, secretLine = true, i
		}
		if m := psWrite.FindString(l); m != "" {
			switch {
			case mentionIn(a.opt.Agents.Config, m):
				add(SelfTampering, LevelCritical, "writes to an agent's settings or trust file")
			case psPersist.MatchString(m):
				add(Persistence, LevelCritical, "writes to the PowerShell profile, so its code runs in every later shell")
			}
		} else if psPersist.MatchString(l) && !strings.Contains(l, "Test-Path") {
			if strings.Contains(strings.ToLower(l), "schtasks") || strings.Contains(strings.ToLower(l), "register-scheduledtask") || strings.Contains(l, `CurrentVersion\Run`) {
				add(Persistence, LevelCritical, "registers a command to run later or at login")
			}
		}
	}
	if web && secret {
		what := "credential files"
		if w, p, ok := a.secretsInText(lines[secretLine]); ok {
			what = w + " (" + p + ")"
		}
		a.add(Finding{Category: Exfiltration, Severity: LevelCritical, Source: Source{File: file, Line: secretLine + 1, Col: 1, Text: strings.TrimSpace(lines[secretLine])},
			Summary: fmt.Sprintf("reads %s and makes web requests in the same script (line %d)", what, webLine+1)})
	}
}
