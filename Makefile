# Hookwarden. Two commands do everything on a fresh Debian machine:
#   make run    install what is missing, build, and open the app
#   make test   install what is missing, then every check (gofmt, vet, staticcheck) and test
# clang unless CC is set (make's built-in default "cc" does not count:
# `CC ?= clang` would never apply). clang compiles go-gl's cgo 3x faster.
ifeq ($(origin CC),default)
CC := clang
endif
export CC
GO ?= go
BIN := hookwarden
# The window build leaves out Fyne's colour emoji font (no_emoji): Fyne parses
# it again for every text style it draws (4 MB each; the window uses three),
# which made a fifth of the first window's memory. An emoji in a hook's text
# is drawn from the system's fonts instead. Every script that builds the
# window passes the same tags (WINDOW_TAGS, default no_emoji).
WINDOW_TAGS ?= no_emoji
export WINDOW_TAGS

.PHONY: run test setup build lint unit fuzz-short fuzz fuzz-check conformance gui-smoke bench live \
	build-cli check-cli-build package check-package install uninstall

run: setup build
	./$(BIN) $(ARGS)

test: setup lint unit fuzz-short gui-smoke check-cli-build check-package

setup:
	@scripts/setup-debian.sh

# hookwarden-observe, the observer hook `record on` writes when it stands
# next to hookwarden, is built with each (cmd/hookwarden-observe).
build:
	$(GO) build -tags '$(WINDOW_TAGS)' -buildvcs=auto -o $(BIN) .
	CGO_ENABLED=0 $(GO) build -buildvcs=auto -o $(BIN)-observe ./cmd/hookwarden-observe

# The command-line build: every command but the window and the tray, one
# static binary without cgo (cmd/hookwarden-cli).
build-cli:
	CGO_ENABLED=0 $(GO) build -buildvcs=auto -o $(BIN)-cli ./cmd/hookwarden-cli
	CGO_ENABLED=0 $(GO) build -buildvcs=auto -o $(BIN)-observe ./cmd/hookwarden-observe

# The command-line build compiles without cgo for every platform users run
# agents on (the Linux build is tested in cmd/hookwarden-cli: static ELF).
CLI_PLATFORMS := darwin/arm64 darwin/amd64 windows/amd64
check-cli-build:
	@set -e; for p in $(CLI_PLATFORMS); do \
		echo "CGO_ENABLED=0 GOOS=$${p%/*} GOARCH=$${p#*/} go build ./cmd/hookwarden-cli"; \
		CGO_ENABLED=0 GOOS=$${p%/*} GOARCH=$${p#*/} $(GO) build -o /dev/null ./cmd/hookwarden-cli; \
	done

# Linux packages of the window build in dist/: a desktop tarball and a
# .deb (scripts/package, a module of its own: nfpm writes the .deb), with
# hookwarden-observe next to hookwarden (record on writes it there).
# The packager reuses the binary `make build` made.
PACKAGER := cd scripts/package && $(GO) run .
package: build
	$(PACKAGER) -bin $(CURDIR)/$(BIN) -observe $(CURDIR)/$(BIN)-observe -root $(CURDIR) -out $(CURDIR)/dist

check-package: package
	scripts/check-package.sh dist $(GO) -C scripts/package run . -bin $(CURDIR)/$(BIN) -observe $(CURDIR)/$(BIN)-observe -root $(CURDIR)

# A user-level install (the binary, desktop file, icons, metainfo and man
# page under PREFIX), and its removal.
PREFIX ?= $(HOME)/.local
install: build
	$(PACKAGER) -bin $(CURDIR)/$(BIN) -observe $(CURDIR)/$(BIN)-observe -root $(CURDIR) -install $(PREFIX)

uninstall:
	$(PACKAGER) -root $(CURDIR) -uninstall $(PREFIX)

STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

lint:
	@fmt=$$(gofmt -l .); if [ -n "$$fmt" ]; then echo "gofmt would change:"; echo "$$fmt"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...
	cd scripts/package && $(GO) vet ./... && $(GO) run $(STATICCHECK) ./...

# Every Go test: unit tests, the conformance kit (hooks/conform), the live
# Gemini CLI checks (internal/geminicli, trust), the live Qwen Code runs
# (agents/qwen through qwen-live; -short skips them) and the fyne/test UI tests.
unit:
	$(GO) test -count=1 -timeout 20m ./...
	cd scripts/package && $(GO) test -count=1 ./...

# The Go fuzz targets (package:FuzzName): the JSONC and Claude Code settings
# loaders, the trusted_hooks.json and trustedFolders.json readers and
# patchers, the disable/enable patchers, the hook output parsers, the TOML
# reader (Codex config.toml), the risk analyser and script discovery.
# `make test` runs each for FUZZ_SHORT; `make fuzz` for FUZZTIME (e.g. make
# fuzz FUZZTIME=30m). A crasher lands in PKG/testdata/fuzz/NAME: fix it and
# commit the file as a regression seed. fuzz-check fails when a listed
# target no longer exists in its package (a moved target would otherwise
# fuzz nothing) and when a Fuzz function of the tree is not listed.
FUZZ_TARGETS := \
	./settingsio:FuzzParseJSONC ./settingsio:FuzzPatchDisabled \
	./settingsio:FuzzPatchStringList ./settingsio:FuzzTOML \
	./agents/gemini:FuzzTrustedHooks ./agents/gemini:FuzzTrustedFolders \
	./agents/gemini:FuzzParseHookOutput ./agents/gemini:FuzzParseJSON \
	./agents/claude:FuzzParseClaudeSettings ./agents/claude:FuzzClaudeRemoveRestore \
	./agents/claude:FuzzInterpretOutput \
	./risk:FuzzAnalyze ./risk:FuzzScriptCode ./trust:FuzzDiscoverScripts \
	./agents/claudeschema:FuzzParseClaudeSchema
# A count, not a duration: with a short -fuzztime duration the fuzz
# coordinator can stop its workers past its own deadline and fail with
# "context deadline exceeded" (no input found; seen in CI).
FUZZ_SHORT ?= 3000x
FUZZTIME ?= 5m

fuzz-short:
	@$(MAKE) --no-print-directory fuzz FUZZTIME=$(FUZZ_SHORT)

fuzz-check:
	@scripts/check-fuzz-targets.sh $(FUZZ_TARGETS)

# Each package's fuzz test binary is built once and run per target
# (scripts/fuzz-targets.sh), not relinked by a `go test -fuzz` per target.
fuzz: fuzz-check
	@GO='$(GO)' scripts/fuzz-targets.sh '$(FUZZTIME)' $(FUZZ_TARGETS)

gui-smoke: build
	scripts/gui-smoke.sh ./$(BIN)
	scripts/gui-keys.sh ./$(BIN)
	scripts/gui-unwatched-keys.sh ./$(BIN)

# The live runs of Codex CLI and Copilot CLI through the conformance kit
# (../shared/conformance: codex-live, copilot-live). Opt-in: about 2.5 min
# on an idle two-core machine and ten under load, so make test leaves them out.
KIT ?= $(abspath ../shared/conformance)
live:
	HOOKWARDEN_CONFORMANCE_KIT=$(KIT) $(GO) test -count=1 -timeout 60m -run 'Live' ./agents/codex/ ./agents/copilot/

# Issue 28's benchmarks, each against its baseline in the same run, 7 runs
# each (BENCH_COUNT), then the medians side by side: the guard check
# (cli, in-process and as git runs it; GuardCheck1000Claude: Claude Code's
# hooks, which Copilot CLI reviews too), its scripts read or taken from the
# fingerprint cache (trust), Codex's trust --all config.toml edit batched or
# one by one (settingsio), a hook sandboxed, supervised or direct
# (agents/gemini BenchmarkIsolation), list --json of 10,000 hooks per agent
# streamed or with its document built first (cli, peak-MB), a review of
# hooks that all changed since approved against the scan of every approval
# per hook it replaced (agents), what a notified open or exec costs a
# sandboxed hook (sandbox), the store of trust --all over 20,000 hooks
# written one record at a time against json.MarshalIndent (trust,
# extra-MB: what the encoding holds live at its peak), a decode of a store
# of 2,000 approvals against a command's later read of the same bytes
# (trust, StoreLoad: each command decodes its store once). BENCH=. runs
# every benchmark. Then a sandboxed dry run against a direct one end to
# end, as a user calls it (`run --sandbox` and `run --yes --no-sandbox` of the command-line build,
# alternating, BENCH_COUNT runs each: scripts/perf/sandbox.sh), for one hook and for an
# event of three, for each agent (SANDBOX_AGENTS).
BENCH_COUNT ?= 7
SANDBOX_AGENTS ?= gemini claude codex copilot qwen
BENCH ?= GuardCheck1000|GuardScripts|EditTOMLTrustAll|Isolation|ListJSONMemory|ReviewSpecsAllChanged|SandboxNotifiedOpens|StoreWrite|StoreLoad
bench:
	@out=$$(mktemp); \
	$(GO) test -run '^$$' -bench '$(BENCH)' -benchmem -count $(BENCH_COUNT) -timeout 60m \
		./settingsio/ ./trust/ ./cli/ ./agents/gemini/ ./agents/ ./sandbox/ | tee $$out; \
	echo "# medians ($(BENCH_COUNT) runs; load: $$(uptime | sed 's/.*load/load/'))"; \
	scripts/perf/benchmedian.sh <$$out; rm -f $$out
	@bin=$$(mktemp -d)/hookwarden; \
	CGO_ENABLED=0 $(GO) build -o $$bin ./cmd/hookwarden-cli && \
	st=0; for a in $(SANDBOX_AGENTS); do \
		scripts/perf/sandbox.sh -r $(BENCH_COUNT) -a $$a $$bin && scripts/perf/sandbox.sh -r $(BENCH_COUNT) -n 3 -a $$a $$bin || { st=1; break; }; \
	done; rm -rf $$(dirname $$bin); exit $$st
