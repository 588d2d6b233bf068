package risk

import "testing"

// A PowerShell guard keeps the commands it refuses in a list of strings
// ($bad = @('Format-Volume', …)) and compares the tool's command with
// them: a string in a list is data, not a call. The same list run
// (& $x, iex $x) is a call.
func TestPowerShellListOfStringsIsData(t *testing.T) {
	guard := "$cmd = $env:X\n$bad = @('Format-Volume', 'Clear-Disk', 'Remove-Item -Recurse C:\\')\nforeach ($b in $bad) { if ($cmd -like \"*$b*\") { exit 2 } }\n"
	multi := "$cmd = $env:X\n$bad = @(\n  'Format-Volume',\n  'Stop-Computer'\n)\nforeach ($b in $bad) { if ($cmd -like \"*$b*\") { exit 2 } }\n"
	runLevelCases(t, []levelCase{
		{"guard's list", "PreToolUse", "", "pwsh -NoProfile -File g.ps1", map[string]string{"g.ps1": guard}, LevelNone},
		{"guard's multi-line list", "PreToolUse", "", "pwsh -NoProfile -File g.ps1", map[string]string{"g.ps1": multi}, LevelNone},
		{"the string run with iex", "PreToolUse", "", "pwsh -NoProfile -File g.ps1",
			map[string]string{"g.ps1": "$c = 'Format-Volume -DriveLetter D'\nInvoke-Expression $c\n"}, LevelCritical},
		{"the call itself", "PreToolUse", "", "pwsh -NoProfile -File g.ps1",
			map[string]string{"g.ps1": "Format-Volume -DriveLetter D\n"}, LevelCritical},
	})
}

