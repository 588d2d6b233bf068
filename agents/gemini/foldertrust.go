package gemini

import (
	"fmt"

	"github.com/hookwarden/hookwarden/settingsio"
)

// The environment variables of Gemini CLI 0.61's folder-trust check.
const (
	envTrustWorkspace = "GEMINI_CLI_TRUST_WORKSPACE"
	envRestrictedMode = "GEMINI_RESTRICTED_MODE"
)

// decideFolderTrust is checkPathTrust as _doLoadSettings runs it (with the
// settings merged without the workspace file):
//
//  1. GEMINI_RESTRICTED_MODE=true or GEMINI_CLI_TRUST_WORKSPACE=false:
//     untrusted; GEMINI_CLI_TRUST_WORKSPACE=true: trusted (exact values);
//  2. security.folderTrust.enabled (default true) false: trusted;
//  3. (IDE workspace trust: not modelled; no IDE is connected while
//     settings load);
//  4. trustedFolders.json: an error there is fatal in Gemini; else the
//     matching rule decides, and no match leaves the folder undecided
//     (Gemini treats it as untrusted and asks in its interactive UI).
func decideFolderTrust(s *Project, env settingsio.Env, goos string) FolderTrust {
	ft := FolderTrust{File: s.Paths.TrustedFolders}
	if v, _ := settingsio.EnvLookup(env, goos, envRestrictedMode); v == "true" {
		return ft.decided(folderUntrusted, envRestrictedMode, "GEMINI_RESTRICTED_MODE=true makes every folder untrusted")
	}
	switch v, _ := settingsio.EnvLookup(env, goos, envTrustWorkspace); v {
	case "false":
		return ft.decided(folderUntrusted, envTrustWorkspace, "GEMINI_CLI_TRUST_WORKSPACE=false makes the folder untrusted")
	case "true":
		return ft.decided(FolderTrusted, envTrustWorkspace, "GEMINI_CLI_TRUST_WORKSPACE=true (as --skip-trust sets it) makes the folder trusted")
	}
	enabled, from := mergedSetting(s.mergeLayers(false), []string{"security", "folderTrust", "enabled"})
	if !settingOr(enabled, true) {
		return ft.decided(FolderTrusted, "security.folderTrust.enabled=false",
			fmt.Sprintf("folder trust is turned off (security.folderTrust.enabled in %s settings %s), so every folder is trusted", from.Layer, from.Path))
	}
	if !settingsio.RealFS(goos) {
		return ft.decided(FolderUndecided, "", "trustedFolders.json cannot be read for another OS")
	}
	data, exists, perr := settingsio.ReadSettingsFile(s.Paths.TrustedFolders)
	if perr == nil && exists {
		var rules []trustRule
		rules, perr = parseTrustedFolders(s.Paths.TrustedFolders, data, goos, s.ProjectDir)
		if perr == nil {
			return ft.fromRules(rules, s.ProjectDir, goos)
		}
	}
	if perr != nil {
		ft.Err = perr
		return ft.decided(folderUntrusted, "", "trustedFolders.json is invalid, and Gemini CLI refuses to start until it is fixed: "+perr.Error())
	}
	return ft.decided(FolderUndecided, "", "no trustedFolders.json: Gemini CLI asks whether to trust the folder and treats it as untrusted until then")
}

func (ft FolderTrust) decided(state folderTrustState, rule, reason string) FolderTrust {
	ft.State, ft.Rule, ft.Reason = state, rule, reason
	return ft
}

func (ft FolderTrust) fromRules(rules []trustRule, project, goos string) FolderTrust {
	rule, ok := matchTrustRules(rules, project, goos, project)
	if !ok {
		return ft.decided(FolderUndecided, "", "no trustedFolders.json rule covers the folder: Gemini CLI asks whether to trust it and treats it as untrusted until then")
	}
	ft.Level = string(rule.Level)
	switch rule.Level {
	case doNotTrust:
		return ft.decided(folderUntrusted, rule.RawKey, fmt.Sprintf("trustedFolders.json marks %q DO_NOT_TRUST", rule.RawKey))
	case trustParent:
		return ft.decided(FolderTrusted, rule.RawKey, fmt.Sprintf("trustedFolders.json trusts the parent of %q (TRUST_PARENT)", rule.RawKey))
	}
	return ft.decided(FolderTrusted, rule.RawKey, fmt.Sprintf("trustedFolders.json trusts %q (TRUST_FOLDER)", rule.RawKey))
}
