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

.PHONY: all run test vet unit fuzz conformance conformance-apply schema fmt clean
.PHONY: dist serve page-deps chromium jstest bridge screenshots measure bench

all: test

## run: answer one example's request with the native front door (the page comes later)
run:
	$(GO) run ./wasm examples/$(EXAMPLE)

## test: vet and every test of both modules (the browser tests of the page included), the
## page's JavaScript tests, the wasm bridge's tests, plus a short fuzz pass of every fuzz target
test: vet page-deps unit jstest bridge fuzz

vet:
	@unformatted=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	  if [ -n "$$unformatted" ]; then echo "gofmt would change: $$unformatted"; exit 1; fi
	$(GO) vet ./...
	cd $(CONFORMANCE) && $(GO) vet ./...
	@if $(GO) list -deps ./engine/... ./wasm | grep -E '^(k8s\.io|sigs\.k8s\.io)/'; then \
	  echo "the engine must not depend on the Kubernetes libraries"; exit 1; fi

unit:
	$(GO) test -count=1 ./...
	cd $(CONFORMANCE) && $(GO) test -count=1 ./...

## fuzz: run each fuzz target for FUZZTIME (default 10s), minimizing a new input for at most 5s
## (the default minute would eat the whole run). A run that fails without writing a failing input
## (go's fuzzer sometimes stops its workers late on a loaded machine: "context deadline
## exceeded") is run once more; a crasher always fails.
fuzz:
	@log=$$(mktemp); for pkg in $$($(GO) list ./...); do \
	  dir=$$($(GO) list -f '{{.Dir}}' $$pkg); \
	  for target in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go 2>/dev/null | sed 's/^func //'); do \
	    echo "fuzz $$pkg $$target ($(FUZZTIME))"; \
	    for try in 1 2; do \
	      if $(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 5s $$pkg > $$log 2>&1; then break; fi; \
	      if grep -q 'Failing input written' $$log || [ $$try = 2 ]; then cat $$log; rm -f $$log; exit 1; fi; \
	      echo "fuzz $$target stopped without a failing input; running it again:"; tail -3 $$log; \
	    done; \
	  done; \
	done; rm -f $$log

## conformance: the long differential runs against the reference libraries (every mode, with the
## conformance tag's larger counts; add -v through GOFLAGS to print the feature tables)
conformance:
	cd $(CONFORMANCE) && $(GO) test -count=1 -tags conformance -timeout 60m ./...

## conformance-apply: the apply mode against kubectl's steps on 10,000 random cases (run by CI;
## make test already runs the other modes' 5,000-case comparisons)
conformance-apply:
	cd $(CONFORMANCE) && set -o pipefail && $(GO) test -count=1 -tags conformance -timeout 30m \
	  -run '^TestApplyMatchesKubectl$$' -v ./applydiff | grep -vE '^(=== RUN|[[:space:]]+--- PASS)' 

## schema: regenerate the built-in schema from the Kubernetes API types
schema:
	cd $(CONFORMANCE) && $(GO) run ./schemagen -out ../../engine/schema/builtin.json

fmt:
	gofmt -w $$(git ls-files '*.go')

## dist: build the page into dist/ (fingerprinted, minified, precompressed; see scripts/build)
dist: $(NODE_DEPS)
	$(GO) run ./scripts/build -out dist -example $(EXAMPLE)

## serve: build the page and serve dist/ on http://127.0.0.1:$(PORT)/
serve: dist
	$(GO) run ./scripts/serve -dir dist -port $(PORT)

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
	  echo "chromium: installing Debian's chromium for the browser tests"; \
	  if apt-get update && apt-get install -y chromium; then exit 0; fi; \
	  echo "chromium: apt-get could not install chromium"; \
	fi; \
	echo "chromium: no Chromium, so the page's browser tests will skip. Install it (Debian/Ubuntu:" \
	  "sudo apt-get install chromium) or set MERGEPLAY_CHROMIUM=/path/to/chrome."; \
	[ "$$CI" != true ]

## jstest: the page's JavaScript unit tests (web/*.test.js, Node's test runner)
jstest: $(NODE_DEPS)
	node --test web/

## bridge: vet and test the wasm bridge (wasm/bridge_js.go) as WebAssembly, under Node
bridge:
	GOOS=js GOARCH=wasm $(GO) vet ./wasm
	GOOS=js GOARCH=wasm GOWASM=satconv,signext $(GO) test -count=1 -exec "$$($(GO) env GOROOT)/lib/wasm/go_js_wasm_exec" ./wasm

## screenshots: write docs/screenshots/*.png (default and embed views, light and dark)
screenshots: page-deps
	MERGEPLAY_SCREENSHOTS=$(CURDIR)/docs/screenshots $(GO) test -count=1 -run '^TestScreenshots$$' -v ./scripts/browsertest

## measure: the page's budgets on a real build: wasm and first load (brotli), time to data-ready;
## first, what weighs in the wasm (code bytes by package)
measure: dist chromium
	$(GO) run ./scripts/build/wasmweight -top 15
	MERGEPLAY_DIST=$(CURDIR)/dist $(GO) test -count=1 -run '^$$' -bench '^BenchmarkFirstLoad$$' -benchtime 1x ./scripts/browsertest

## bench: the speed table (scripts/bench): each mode against its reference natively on one
## 200-resource stream and from 10 to 2,000 resources, then first load and edit latency in
## headless Chromium on a real build; prints one Markdown table with the budgets (several minutes)
bench: dist chromium
	MERGEPLAY_DIST=$(CURDIR)/dist $(GO) run ./scripts/bench

clean:
	rm -rf dist build
