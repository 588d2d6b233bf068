# Hookwarden. Two commands do everything on a fresh Debian machine:
#   make run    install what is missing, build, and open the app
#   make test   install what is missing, then every check (gofmt, vet, staticcheck) and test
export CC ?= clang
GO ?= go
BIN := hookwarden

.PHONY: run test setup build lint unit conformance gui-smoke bench

run: setup build
	./$(BIN) $(ARGS)

test: setup lint unit gui-smoke

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

gui-smoke: build
	scripts/gui-smoke.sh ./$(BIN)

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./hooks/ ./settingsio/ ./trust/ ./cli/
