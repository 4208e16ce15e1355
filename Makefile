# mergeplay: the usual targets. `make test` is what CI runs (through .ci/run).
SHELL := /bin/bash
GO ?= go
CONFORMANCE := scripts/conformance
FUZZTIME ?= 10s
EXAMPLE ?= apply-containers

.PHONY: all run test vet unit fuzz conformance schema fmt clean

all: test

## run: answer one example's request with the native front door (the page comes later)
run:
	$(GO) run ./wasm examples/$(EXAMPLE)

## test: vet and every test of both modules, plus a short fuzz pass of every fuzz target
test: vet unit fuzz

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

## fuzz: run each fuzz target for FUZZTIME (default 10s)
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  dir=$$($(GO) list -f '{{.Dir}}' $$pkg); \
	  for target in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go 2>/dev/null | sed 's/^func //'); do \
	    echo "fuzz $$pkg $$target ($(FUZZTIME))"; \
	    $(GO) test -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) $$pkg > /tmp/mergeplay-fuzz.log 2>&1 || { cat /tmp/mergeplay-fuzz.log; exit 1; }; \
	  done; \
	done

## conformance: the long differential runs against the reference libraries
conformance:
	cd $(CONFORMANCE) && $(GO) test -count=1 -tags conformance -timeout 60m ./...

## schema: regenerate the built-in schema from the Kubernetes API types
schema:
	cd $(CONFORMANCE) && $(GO) run ./schemagen -out ../../engine/schema/builtin.json

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf dist build
