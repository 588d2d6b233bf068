// Package gemini holds what is specific to Gemini CLI (0.61) in Hookwarden:
// its files and its hook machinery reimplemented on a loaded Project value
// instead of a global configuration object.
//
//   - what Gemini CLI reads for a project (Load, LoadOptions → Project):
//     where its files are (paths.go, pathrules.go), the four settings
//     layers with their load-time $VAR expansion (load.go,
//     settings_expand.go) and the ownership check of the system files
//     (syssecurity*.go), the merged value of a setting (setting.go), the
//     folder-trust decision from trustedFolders.json and the environment
//     (foldertrust.go, trustedfolders.go), the .env file it loads and a
//     GEMINI_CLI_HOME it takes from there (envfile_load.go), the
//     extensions with their policies, enablement, settings environment
//     and ${...} hydration (extensions.go, enablement.go, hydrate.go), the
//     files that are unreadable (project.go) and the paths to watch
//     (watch_paths.go);
//   - the registry merge of every layer with its diagnostics (registry.go,
//     collect.go, status.go, envfile.go, command_checks.go), and the
//     registry as if every hook were trusted (registry_trusted.go);
//   - its event list and matcher rules (events.go: the events, their
//     triggers and the contract's Events; the 11 names stay in hooks for
//     Claude Code's migration);
//   - the planner, which makes the contract's agents.Plan, and its matcher
//     rules, JavaScript regular expressions included (plan.go, matcher.go);
//   - the hook input of every event and its samples (input*.go);
//   - the runner with Gemini's semantics: $GEMINI_PROJECT_DIR expansion,
//     the shell, environment sanitization, sequential chains, output
//     parsing (runner*.go, expand.go, sanitize*.go, output.go);
//   - the aggregator and the verdict in words (aggregator.go,
//     aggregated_verdict.go; the Verdict type is hooks') and the warnings about Gemini's traps
//     (warnings.go);
//   - enable/disable through hooksConfig.disabled (toggle*.go);
//   - its trust: trusted_hooks.json read and patched as Gemini writes it
//     (trustedhooks.go, repair.go, lockfile.go), the project hooks Gemini
//     keys as `${name}:${command}` (projecthooks.go, unchecked.go), the
//     audit, approve and revoke of them against trusted_hooks.json and
//     Hookwarden's store (audit.go, approve.go, written.go), the gate that
//     holds back unapproved hooks before a dry run (run.go: the dry run,
//     gated through agents.Gate and said in the contract's terms), and
//     trustedFolders.json as Gemini's trust dialog writes it (folders.go);
//   - the demo project's Gemini approvals (demo.go);
//   - the agent contract's Agent (agent.go) and Project: the loaded
//     project is the contract's project (project.go), with the contract's
//     review, switch, folder trust and the rest in files named for them
//     (review.go, switch.go, switchoff.go, foldertrust_set.go, details.go,
//     protect.go, record.go, scan.go, migrate.go, words.go).
//
// Known difference: when a settings file passes Gemini's schema
// validation, Gemini walks the known events in schema order instead of
// file order. Keys and the set of warnings are the same; only the order of
// the review's Warnings (and of keys Gemini itself appends) can differ.
//
// The oracle harness that runs the conformance kit's cases against this
// package is agents/gemini/conform, a command around RunConformanceCase
// (conform.go). Agent-neutral pieces are elsewhere:
// the hook model and the spawn primitive in package hooks; JSONC parsing,
// comment-keeping patches, atomic writes, the watcher and the neutral
// File, Layer and FileError in package settingsio.
package gemini
