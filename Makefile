# mergeplay: the usual targets. `make test` is what CI runs (through .ci/run).
SHELL := /bin/bash
GO ?= go
CONFORMANCE := scripts/conformance
FUZZTIME ?= 10s
EXAMPLE ?= apply-containers
PORT ?= 8080
NPM ?= npm
# The page's npm dependencies, installed (npm ci) whenever the lockfile is newer.
NODE_DEPS := node_modules/.package-lock.json

.PHONY: all run test check vet shadow deadcode unit unit-short conformance-unit fuzz conformance conformance-apply
.PHONY: reproduce-check apiserver-diff schema fmt clean dist serve page-deps chromium jstest bridge screenshots measure bench

all: test

## run: answer one example's request with the native front door (the page comes later)
run:
	$(GO) run ./wasm examples/$(EXAMPLE)

# Each suite of `make test` and `make check` runs through scripts/test/suite.sh: one line when it
# passes, its whole output when it fails; VERBOSE=1 shows everything. The last line sums up.
SUITE = SUITE_LOG=$(SUITE_LOG) scripts/test/suite.sh
SUITE_LOG = $(CURDIR)/build/suites.log
SUB = $(MAKE) --no-print-directory -s

## test: everything, deterministic (no random fuzzing: see make fuzz): gofmt, vet and shadow of
## both modules, every test of both modules (the page's browser tests and the differentials
## against the reference libraries included), the page's JavaScript tests, the wasm bridge
test:
	@mkdir -p build; rm -f $(SUITE_LOG); status=0; \
	$(SUITE) "setup (npm ci, Chromium)" $(SUB) page-deps || status=1; \
	$(SUITE) "gofmt, vet, shadow" $(SUB) vet || status=1; \
	$(SUITE) "go test (engine, page, browser)" $(SUB) unit || status=1; \
	$(SUITE) "go test (conformance differentials)" $(SUB) conformance-unit || status=1; \
	$(SUITE) "node --test web/" $(SUB) jstest || status=1; \
	$(SUITE) "wasm bridge under Node" $(SUB) bridge || status=1; \
	scripts/test/summary.sh "make test" $(SUITE_LOG) && [ $$status = 0 ]

## check: the quick loop for contributors (under 90 s on 2 cores): go vet, go test -short of both
## modules (no browser, no wasm build, short differentials), the page's JavaScript tests
check: $(NODE_DEPS)
	@mkdir -p build; rm -f $(SUITE_LOG); status=0; \
	$(SUITE) "go vet" sh -c '$(GO) vet ./... && cd $(CONFORMANCE) && $(GO) vet ./...' || status=1; \
	$(SUITE) "go test -short" $(SUB) unit-short || status=1; \
	$(SUITE) "node --test web/" $(SUB) jstest || status=1; \
	scripts/test/summary.sh "make check" $(SUITE_LOG) && [ $$status = 0 ]

vet: shadow deadcode
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	cd $(CONFORMANCE) && $(GO) vet ./...
	$(GO) vet -vettool=$(CURDIR)/build/shadow ./...
	cd $(CONFORMANCE) && $(GO) vet -vettool=$(CURDIR)/build/shadow ./...
	@if $(GO) list -deps ./engine/... ./wasm | grep -E '^(k8s\.io|sigs\.k8s\.io)/'; then \
	  echo "the engine must not depend on the Kubernetes libraries"; exit 1; fi
	scripts/test/deadcode.sh $(CURDIR)/build/deadcode

## shadow: the shadow analyzer (golang.org/x/tools, pinned as a tool of the conformance module)
shadow:
	@mkdir -p build; cd $(CONFORMANCE) && $(GO) build -o $(CURDIR)/build/shadow golang.org/x/tools/go/analysis/passes/shadow/cmd/shadow

## deadcode: golang.org/x/tools/cmd/deadcode, pinned the same way; make vet runs it through
## scripts/test/deadcode.sh (no unreachable function but those it allows; test helpers only in tests)
deadcode:
	@mkdir -p build; cd $(CONFORMANCE) && $(GO) build -o $(CURDIR)/build/deadcode golang.org/x/tools/cmd/deadcode

unit:
	$(GO) test -count=1 ./...

unit-short:
	$(GO) test -count=1 -short ./...
	cd $(CONFORMANCE) && $(GO) test -count=1 -short ./...

conformance-unit:
	cd $(CONFORMANCE) && $(GO) test -count=1 ./...

## fuzz: random fuzzing of every fuzz target for FUZZTIME (default 10s) each; a finding fails and
## is kept under the package's testdata/fuzz (see scripts/test/fuzz.sh). Not part of make test.
fuzz:
	@GO=$(GO) scripts/test/fuzz.sh $(FUZZTIME)

## conformance: the long differential runs against the reference libraries (every mode, with the
## conformance tag's larger counts; add -v through GOFLAGS to print the feature tables)
conformance:
	cd $(CONFORMANCE) && $(GO) test -count=1 -tags conformance -timeout 60m ./...

## conformance-apply: the apply mode against kubectl's steps on 10,000 random cases (run by CI;
## make test already runs the other modes' 5,000-case comparisons)
conformance-apply:
	cd $(CONFORMANCE) && set -o pipefail && $(GO) test -count=1 -tags conformance -timeout 30m \
	  -run '^TestApplyMatchesKubectl$$' -v ./applydiff | grep -vE '^(=== RUN|[[:space:]]+--- PASS)' 

## reproduce-check: every example's reproduce script (engine/reproduce/testdata) against a real
## API server: etcd, kube-apiserver and kubectl built from the Go module proxy (versions pinned by
## scripts/reproduce/apiserver/go.mod, cached in ~/.cache/mergeplay; the first build takes a
## quarter of an hour), run on 127.0.0.1. Not part of make test. EXAMPLES=... runs some.
reproduce-check:
	scripts/reproduce/run-apiserver.sh $(EXAMPLES)

## apiserver-diff: the real-API-server differential: random cases of the conformance generators
## (applydiff, ssadiff, patchdiff; SEED, APPLY, SSA, PATCH) written as reproduce scripts by
## scripts/conformance/cmd/apiservercases, run by run-apiserver.sh. Not part of make test.
SEED ?= 1
APPLY ?= 30
SSA ?= 20
PATCH ?= 20
apiserver-diff:
	rm -rf build/apiserver-diff && mkdir -p build/apiserver-diff
	cd scripts/conformance && go run ./cmd/apiservercases -seed $(SEED) -apply $(APPLY) -ssa $(SSA) -patch $(PATCH) -out ../../build/apiserver-diff/cases
	MERGEPLAY_REPRODUCE_SCRIPTS=$(CURDIR)/build/apiserver-diff/cases MERGEPLAY_REPRODUCE_OUT=$(CURDIR)/build/apiserver-diff/logs scripts/reproduce/run-apiserver.sh

## schema: regenerate the built-in schema from the Kubernetes API types
schema:
	cd $(CONFORMANCE) && $(GO) run ./schemagen -out ../../engine/schema/builtin.json

fmt:
	gofmt -w $$(git ls-files '*.go')

## dist: build the page into dist/ (fingerprinted, minified, precompressed; see scripts/build)
dist: $(NODE_DEPS)
	$(GO) run ./scripts/build -out dist -example $(EXAMPLE)

## serve: build the page and serve dist/ on http://127.0.0.1:$(PORT)/ until Ctrl+C. The server runs
## as its own job (set -m), so Ctrl+C stops it, not make: no "make: *** Error" on the way out.
serve: dist
	@$(GO) build -o build/serve ./scripts/serve && set -m && build/serve -dir dist -port $(PORT)

$(NODE_DEPS): package.json package-lock.json
	$(NPM) ci --no-audit --no-fund
	@touch $@

## page-deps: what the page's build and browser tests need: npm dependencies and Chromium
page-deps: $(NODE_DEPS) chromium

## chromium: make sure the browser tests have a Chromium (Debian's is installed when run as root;
## under CI=true a missing Chromium fails, elsewhere the browser tests skip and say so)
chromium:
	@if [ -n "$$MERGEPLAY_CHROMIUM" ] || [ -x /usr/bin/chromium ] || command -v chromium >/dev/null \
	    || command -v chromium-browser >/dev/null || command -v google-chrome >/dev/null; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "note: installing Debian's chromium for the browser tests"; \
	  if apt-get update && apt-get install -y chromium; then exit 0; fi; \
	  echo "chromium: apt-get could not install chromium"; \
	fi; \
	echo "note: no Chromium, so the page's browser tests will skip. Install it (Debian/Ubuntu:" \
	  "sudo apt-get install chromium) or set MERGEPLAY_CHROMIUM=/path/to/chrome."; \
	[ "$$CI" != true ]

## jstest: the page's JavaScript unit tests (web/*.test.js, Node's test runner)
jstest: $(NODE_DEPS)
	NODE_NO_WARNINGS=1 node --test --test-reporter=dot web/

## bridge: vet and test the wasm bridge (wasm/bridge_js.go) as WebAssembly, under Node, with the wasm build's GOWASM and GOEXPERIMENT (scripts/build/dist.WasmEnv)
bridge:
	GOOS=js GOARCH=wasm $(GO) vet ./wasm
	GOOS=js GOARCH=wasm GOWASM=satconv,signext GOEXPERIMENT=nogreenteagc $(GO) test -count=1 -exec "$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./wasm

## screenshots: write docs/screenshots/*.png (default, embed and phone views, light and dark; the
## ssa, twoway and merge3 views)
screenshots: page-deps
	MERGEPLAY_SCREENSHOTS=$(CURDIR)/docs/screenshots $(GO) test -count=1 -run '^Test(Screenshots|ModeScreenshots)$$' -v ./scripts/browsertest

## measure: the page's budgets on a real build: wasm and first load (brotli), time to data-ready;
## first, what weighs in the wasm (code bytes by package)
measure: dist chromium
	$(GO) run ./scripts/build/wasmweight -top 15
	MERGEPLAY_DIST=$(CURDIR)/dist $(GO) test -count=1 -run '^$$' -bench '^BenchmarkFirstLoad$$' -benchtime 1x ./scripts/browsertest

## bench: the speed table (scripts/bench): each mode against its reference natively on one
## 200-resource stream, as whole processes (native CLI vs reference CLI) and on the real files of
## ../shared/realworld, and from 10 to 2,000 resources, then first load, edit latency and wasm
## memory in headless Chromium on a real build; one Markdown table with the budgets, printed and
## written to docs/performance-measured.md (with the date, machine and command) when every row was
## measured. It loads every core for a quarter of an hour or so: the file says how long it took.
bench: dist chromium
	MERGEPLAY_DIST=$(CURDIR)/dist $(GO) run ./scripts/bench -out docs/performance-measured.md

clean:
	rm -rf dist build
