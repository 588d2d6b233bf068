package risk

import (
	"fmt"
	"strings"
)

// PowerShell and cmd scripts are read line by line for the calls that
// matter: web requests, encoded commands, downloaded code run with iex,
// writes to the profile or the agents' files. (No Go parser for
// PowerShell exists; this is the level of calls and string literals.)
var (
	psWeb  = lazyRe(`(?i)\b(Invoke-WebRequest|Invoke-RestMethod|iwr|irm|curl(\.exe)?|wget|Net\.WebClient|DownloadString|DownloadFile|Start-BitsTransfer|HttpClient)\b`)
	psExec = lazyRe(`(?i)\b(iex|Invoke-Expression)\b|\[scriptblock\]::Create\b|\.InvokeScript\(|\bNew-Module\b[^|;]*-ScriptBlock`)
	// psAssign: $name = … at the start of a line
	psAssign = lazyRe(`^\$(\w+)\s*=`)
	// psPattern: the text a comparison or search matches against (a
	// guard's pattern, -match 'iex\s*irm'), which the line does not run
	psPattern = lazyRe(`(?i)(-(?:not|i|c)?(?:match|like|contains|in|eq|ne|replace|split|notin)|-Pattern|\[regex\]::\w+\([^,]*,)\s*('[^']*'|"[^"]*")`)
	psEncoded = lazyRe(`(?i)(-e(nc(odedcommand)?)?\s+[A-Za-z0-9+/=]{20,}|FromBase64String)`)
	psWrite   = lazyRe(`(?i)\b(Set-Content|Add-Content|Out-File|New-Item|Copy-Item|Move-Item)\b.*`)
	psSecret  = lazyRe(`(?i)(\.ssh[\\/]|\.aws[\\/]credentials|\.netrc|Get-StoredCredential|ConvertFrom-SecureString|['"\\/]\.(azure|aws|kube|gnupg|ssh|docker)['"\\/]|\.config[\\/]gcloud|\.git-credentials)`)
	psPersist = lazyRe(`(?i)(\$PROFILE|schtasks\s+/create|New-ScheduledTask|Register-ScheduledTask|CurrentVersion\\Run)`)
)

// psHomeRe finds a path in the user's folders.
var psHomeRe = lazyRe(`(?i)` + psHome)

// psRule is one line rule of the PowerShell reader: what a line that
// matches does.
type psRule struct {
	re      *lazyRegexp
	cat     Category
	sev     Level
	summary string
}

// psHome is a path in the user's folders, as PowerShell writes it.
const psHome = `(\$HOME|\$env:USERPROFILE|\$env:HOMEPATH|\$env:APPDATA|\$env:LOCALAPPDATA|~[\\/]|~\s|~$|[A-Za-z]:\\Users\\)`

var (
	psRules = []psRule{
		{lazyRe(`(?i)\b(Remove-Item|ri|rm|del|erase|rd|rmdir)\b[^|;]*` + psHome), Destructive, LevelCritical, "deletes files in the user's folders (outside the project)"},
		{lazyRe(`(?i)\b(Remove-Item|ri|rd|rmdir)\b[^|;]*\s-(Recurse|r)\b`), Destructive, LevelReview, "deletes folders with everything in them (Remove-Item -Recurse)"},
		{lazyRe(`(?i)\b(Format-Volume|Clear-Disk|Initialize-Disk|Remove-Partition)\b`), Destructive, LevelCritical, "wipes a disk"},
		{lazyRe(`(?i)\b(Stop-Computer|Restart-Computer)\b`), Destructive, LevelCritical, "shuts down or restarts the machine"},
		{lazyRe(`(?i)Set-MpPreference\b[^|;]*-Disable|Add-MpPreference\b[^|;]*-ExclusionPath`), Privilege, LevelCritical, "switches off or narrows the virus scanner (Set-MpPreference)"},
		{lazyRe(`(?i)\b(Start-Process|saps)\b[^|;]*-Verb\s+RunAs`), Privilege, LevelCritical, "runs a program as administrator"},
		{lazyRe(`(?i)\b(Set-ItemProperty|New-ItemProperty|reg\s+add)\b[^|;]*(CurrentVersion\\Run|Winlogon|Image File Execution Options)`), Persistence, LevelCritical, "registers a program to run at login"},
	}
	psEnvDump = lazyRe(`(?i)\b(Get-ChildItem|gci|dir|ls)\s+env:|\[Environment\]::GetEnvironmentVariables\(\s*\)`)
	psOutFile = lazyRe(`(?i)-OutFile\s+("[^"]+"|'[^']+'|\S+)`)
	psStart   = lazyRe(`(?i)(\b(Start-Process|saps|Invoke-Item|ii)\b|^\s*&\s|^\s*\.\\)`)
)

// powerShellCommand analyses the text a powershell -Command runs as a
// one-line script of the hook's.
func (sh *shell) powerShellCommand(args []field) {
	for i := 0; i < len(args); i++ {
		l := strings.ToLower(args[i].s)
		if (l == "-command" || l == "-c" || l == "/c") && i+1 < len(args) {
			sh.a.powerShell(sh.file, joinFields(args[i+1:]).s)
			return
		}
		if (l == "-file" || l == "-f") && i+1 < len(args) {
			sh.follow(args[i+1].value, "pwsh")
			return
		}
		if !strings.HasPrefix(l, "-") {
			sh.a.powerShell(sh.file, joinFields(args[i:]).s) // pwsh 'Get-Item …': the command
			return
		}
		switch l {
		case "-encodedcommand", "-enc", "-e", "-ec":
			return // judged as an encoded command by its caller
		case "-executionpolicy", "-ep", "-ex", "-windowstyle", "-w", "-win", "-workingdirectory", "-wd",
			"-configurationname", "-inputformat", "-outputformat", "-psconsolefile", "-version", "-v",
			"-settingsfile", "-custompipename":
			i++ // the option's value: what follows is still read
		}
	}
}

func (a *analyzer) powerShell(file, text string) {
	lines := strings.Split(text, "\n")
	web, secret := false, false
	var downloaded []string
	var webLine, secretLine int
	// variables holding what a web request returned ($code =
	// $wc.DownloadString(…)), whose later run is download-and-run
	var webVars []string
	// data holds the text of variables set to string literals only
	// ($bad = @('Format-Volume', 'rm -rf /')): a list a guard compares
	// against is not run, unless a later line runs the variable.
	data := map[string]string{}
	for i, line := range lines {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "#") || strings.HasPrefix(strings.ToLower(l), "rem ") || strings.HasPrefix(l, "::") {
			continue
		}
		orig := l
		l = psPattern.ReplaceAllString(l, "$1 ''")
		src := Source{File: file, Line: i + 1, Col: 1, Text: orig}
		add := func(c Category, sev Level, s string) {
			a.add(Finding{Category: c, Severity: sev, Summary: s, Source: src})
		}
		if psEncoded.MatchString(l) {
			add(Obfuscation, LevelCritical, "runs an encoded PowerShell command that hides what it does")
		}
		if psExec.MatchString(l) && !psWeb.MatchString(l) {
			for _, v := range webVars {
				if psVarIn(l, v) {
					add(DownloadExec, LevelCritical, "runs PowerShell code it downloads ($"+v+")")
					break
				}
			}
		}
		if psWeb.MatchString(l) {
			if psExec.MatchString(l) {
				add(DownloadExec, LevelCritical, "runs PowerShell code it downloads")
			}
			if m := psAssign.FindStringSubmatch(l); m != nil && !psOutFile.MatchString(l) {
				webVars = append(webVars, m[1])
			}
			for _, ep := range hostsIn(l) {
				a.network(ep, taints{}, taints{}, src, "connects to")
			}
			if !web {
				web, webLine = true, i
			}
		}
		if _, _, ok := a.secretsInText(l); (ok || psSecret.MatchString(l) || mentionIn(a.opt.Agents.Credentials, l) || psEnvDump.MatchString(l)) && !secret {
			secret, secretLine = true, i
		}
		ruled := l
		if m := psAssign.FindStringSubmatch(l); m != nil && psDataOnly(l[len(m[0]):]) {
			data[strings.ToLower(m[1])] = l[len(m[0]):]
			ruled = ""
		} else if psDataOnly(l) {
			ruled = "" // an element line of a multi-line list of strings
		}
		if psExec.MatchString(l) || psCall.MatchString(l) {
			for v, text := range data {
				if psVarIn(l, v) {
					ruled += " " + text // the list is run after all
				}
			}
		}
		for _, r := range psRules {
			if r.re.MatchString(ruled) && !(r.cat == Destructive && strings.Contains(r.summary, "deletes") && tempish(ruled)) {
				add(r.cat, r.sev, r.summary)
			}
		}
		if m := psOutFile.FindStringSubmatch(l); m != nil && psWeb.MatchString(l) {
			downloaded = append(downloaded, strings.Trim(m[1], `"'`))
		}
		if m := psStart.FindStringSubmatch(l); m != nil {
			for _, d := range downloaded {
				if strings.Contains(l, d) {
					add(DownloadExec, LevelCritical, "runs a program it downloaded ("+shortText(d, 40)+")")
				}
			}
		}
		if m := psWrite.FindString(l); m != "" {
			switch {
			case mentionIn(a.opt.Agents.Config, m):
				add(SelfTampering, LevelCritical, "writes to an agent's settings or trust file")
			case psPersist.MatchString(m):
				add(Persistence, LevelCritical, "writes to the PowerShell profile, so its code runs in every later shell")
			default:
				// a path below the home folder ($HOME/.bashrc,
				// $env:USERPROFILE\.ssh\authorized_keys): judged as any write
				if psHomeRe.MatchString(m) {
					if d := dotPathRe.FindString(m); d != "" {
						a.classifyWrite("~"+strings.ReplaceAll(d, `\`, "/"), value{}, src)
					}
				}
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
		} else if psEnvDump.MatchString(lines[secretLine]) {
			what = "the whole environment (with every token and key in it)"
		}
		a.add(Finding{Category: Exfiltration, Severity: LevelCritical, Source: Source{File: file, Line: secretLine + 1, Col: 1, Text: strings.TrimSpace(lines[secretLine])},
			Summary: fmt.Sprintf("reads %s and makes web requests in the same script (line %d)", what, webLine+1)})
	}
}

// psCall finds a line that runs what a variable holds: & $x, . $x,
// Start-Process / Invoke-Command / cmd /c with it.
var psCall = lazyRe(`(?i)(^|[;{|(]\s*)[&.]\s*\$|\b(Start-Process|saps|Invoke-Command|icm|cmd(\.exe)?\s+/c|powershell(\.exe)?|pwsh)\b[^|;]*\$`)

// psQuoted is one PowerShell string literal.
var psQuoted = lazyRe(`'[^']*'|"[^"]*"`)

// psDataOnly: text holds nothing but string literals and the marks
// of a list (@( , ) ;), with at least one literal.
func psDataOnly(text string) bool {
	if !psQuoted.MatchString(text) {
		return false
	}
	rest := psQuoted.ReplaceAllString(text, "")
	return strings.Trim(rest, "@(),; \t") == ""
}

// psVarIn: the line uses $name (PowerShell's names are not case
// sensitive).
func psVarIn(line, name string) bool {
	l, n := strings.ToLower(line), "$"+strings.ToLower(name)
	for i := strings.Index(l, n); i >= 0; {
		end := i + len(n)
		if end >= len(l) || !identByte(l[end]) {
			return true
		}
		j := strings.Index(l[end:], n)
		if j < 0 {
			return false
		}
		i = end + j
	}
	return false
}
