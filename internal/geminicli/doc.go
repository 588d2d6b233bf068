// Package geminicli runs the real Gemini CLI (0.61.0, installed by the
// conformance kit's oracle/setup.sh) offline, with a fake model, for tests
// that compare Hookwarden with what Gemini actually does.
//
// Every run is isolated: its own home folder (GEMINI_CLI_HOME and HOME),
// its own system settings paths, a clean environment (no variable of the
// test process leaks in, CI included), its own process group or tmux server,
// and a hard time cap after which everything it started is killed.
//
// Headless runs use "-p PROMPT". Gemini refuses to start headless in an
// untrusted folder, so Interactive runs drive the terminal UI in a detached
// tmux session instead ("-i PROMPT"); the user settings must then carry an
// auth type (see BaseUserSettings) so that no dialog blocks the start.
//
// Typical use in a test:
//
//	bundle := geminicli.RequireBundle(t) // skips without node/npm (fails if CI=true)
//	settings := geminicli.BaseUserSettings()
//	settings["hooks"] = …
//	// write settings to <home>/.gemini/settings.json, trust the project in
//	// <home>/.gemini/trustedFolders.json (or Env GEMINI_CLI_TRUST_WORKSPACE=true)
//	geminicli.WriteFakeResponses(fake, geminicli.ReadFileThenAnswer("notes.txt", "Done."))
//	res, err := geminicli.Run(ctx, geminicli.Options{Bundle: bundle,
//		ProjectDir: project, HomeDir: home, FakeResponses: fake,
//		Prompt: "read notes.txt", Env: []string{"LOG=" + log}})
//	// Interactive: Interactive: true, DoneText: "Done." (or Interact for
//	// dialogs); check res.ExitCode, res.Stdout/Stderr or res.Screen.
//	snap := gemini.Load(gemini.LoadOptions{ProjectDir: project,
//		Env: settingsio.Env(opts.Environ()), Home: home}) // what the CLI saw
//
// The package is meant for tests only; Linux and macOS (hooks run under
// bash, and process groups are POSIX).
package geminicli
