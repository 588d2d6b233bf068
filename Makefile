# Hookwarden. Two commands do everything on a fresh Debian machine:
#   make run    install what is missing, build, and open the app
#   make test   install what is missing, then every check (gofmt, vet, staticcheck) and test
export CC ?= clang
GO ?= go
BIN := hookwarden

.PHONY: run test setup build lint unit fuzz-short fuzz conformance gui-smoke bench

run: setup build
	./$(BIN) $(ARGS)

test: setup lint unit fuzz-short gui-smoke

setup:
	@scripts/setup-debian.sh

build:
	$(GO) build -o $(BIN) .

STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2

lint:
	@fmt=$$(gofmt -l .); if [ -n "$$fmt" ]; then echo "gofmt would change:"; echo "$$fmt"; exit 1; fi
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

# Every Go test: unit tests, the conformance kit (hooks/conform), the live
# Gemini CLI checks (internal/geminicli, trust) and the fyne/test UI tests.
unit:
	$(GO) test -count=1 -timeout 20m ./...

# The Go fuzz targets (package:FuzzName): the JSONC and Claude Code settings
# loaders, the trusted_hooks.json and trustedFolders.json readers and
# patchers, the disable/enable patchers of both agents, the hook output
# parsers, the TOML reader (Codex config.toml). `make test` runs each for
# FUZZ_SHORT; `make fuzz` for FUZZTIME (e.g. make fuzz FUZZTIME=30m). A
# crasher lands in PKG/testdata/fuzz/NAME: fix it and commit the file as a
# regression seed.
FUZZ_TARGETS := \
	./settingsio:FuzzParseJSONC ./settingsio:FuzzPatchDisabled \
	./settingsio:FuzzTOML \
	./trust:FuzzTrustedHooks ./trust:FuzzTrustedFolders \
	./hooks:FuzzParseHookOutput ./hooks:FuzzParseJSON \
	./agents/claude:FuzzParseClaudeSettings ./agents/claude:FuzzClaudeRemoveRestore \
	./agents/claude:FuzzInterpretOutput
# A count, not a duration: with a short -fuzztime duration the fuzz
# coordinator can stop its workers past its own deadline and fail with
# "context deadline exceeded" (no input found; seen in CI).
FUZZ_SHORT ?= 3000x
FUZZTIME ?= 5m

fuzz-short:
	@$(MAKE) --no-print-directory fuzz FUZZTIME=$(FUZZ_SHORT)

fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t#*:}; \
		echo "fuzz $$pkg $$name for $(FUZZTIME)"; \
		$(GO) test -run '^$$' -fuzz "^$$name\$$" -fuzztime=$(FUZZTIME) $$pkg; \
	done

gui-smoke: build
	scripts/gui-smoke.sh ./$(BIN)
	scripts/gui-keys.sh ./$(BIN)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./hooks/ ./settingsio/ ./trust/ ./cli/
