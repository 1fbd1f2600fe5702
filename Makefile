# NavigationServer — the two commands are `make run` and `make test`.
# Both install what is missing on a fresh Debian machine that has the Swift toolchain.

SWIFT        ?= swift
PYTHON       ?= python3
PORT         ?= 8080
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libmicrohttpd-dev pkg-config
PIP_PACKAGES := openapi-spec-validator
APT_TEST_PACKAGES := curl
# Contract fuzzing; pinned so a new release cannot change what `make test` checks.
SCHEMATHESIS_VERSION := 4.32.5
FUZZ_VENV    := .venv-fuzz

.PHONY: run test build release deps deps-test deps-fuzz spec fuzz tsan clean

## run: install what is missing, build in release mode, serve the built-in flows on :$(PORT)
run: release
	.build/release/navigation-server --port $(PORT)

## test: install what is missing, build, run every test, validate openapi.yaml, run the README walkthrough,
## fuzz the contract with schemathesis, and run the tests again under ThreadSanitizer
test: deps-test deps-fuzz
	$(SWIFT) build
	$(SWIFT) test --disable-xctest
	$(MAKE) --no-print-directory spec
	scripts/check-readme-walkthrough .build/debug/navigation-server
	$(MAKE) --no-print-directory fuzz
	$(MAKE) --no-print-directory tsan

## fuzz: schemathesis against openapi.yaml and a live server (needs `swift build` first)
fuzz: deps-fuzz
	scripts/contract-fuzz .build/debug/navigation-server $(FUZZ_VENV)/bin/python

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## spec: validate openapi.yaml against the OpenAPI 3.1 schema
spec:
	$(PYTHON) -m openapi_spec_validator openapi.yaml

## deps: the C library and pkg-config, from apt, when missing
deps:
	@if ! pkg-config --exists libmicrohttpd 2>/dev/null; then \
		echo "installing $(APT_PACKAGES)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi

## deps-test: deps, plus curl (for the README walkthrough) and the OpenAPI validator from PyPI
deps-test: deps
	@if ! command -v curl >/dev/null 2>&1; then \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_TEST_PACKAGES); \
	fi
	@if ! $(PYTHON) -c "import openapi_spec_validator" 2>/dev/null; then \
		echo "installing $(PIP_PACKAGES)"; \
		$(PYTHON) -m pip install -q $(PIP_PACKAGES); \
	fi

## tsan: every test under ThreadSanitizer, in its own scratch path so the normal build is kept;
## .ci/tsan-suppressions.txt explains each suppression
tsan:
	TSAN_OPTIONS="halt_on_error=1 suppressions=$(CURDIR)/.ci/tsan-suppressions.txt" \
		$(SWIFT) test --disable-xctest --sanitize=thread --scratch-path .build-tsan

## deps-fuzz: schemathesis $(SCHEMATHESIS_VERSION) in a virtual environment of its own, when missing
deps-fuzz:
	@if ! $(FUZZ_VENV)/bin/python -c "import importlib.metadata as m, sys; sys.exit(m.version('schemathesis') != '$(SCHEMATHESIS_VERSION)')" 2>/dev/null; then \
		echo "installing schemathesis $(SCHEMATHESIS_VERSION) into $(FUZZ_VENV)"; \
		if ! $(PYTHON) -m venv --help >/dev/null 2>&1 || ! $(PYTHON) -c "import ensurepip" 2>/dev/null; then \
			$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-venv; \
		fi; \
		rm -rf $(FUZZ_VENV) && $(PYTHON) -m venv $(FUZZ_VENV) && \
		$(FUZZ_VENV)/bin/python -m pip install -q schemathesis==$(SCHEMATHESIS_VERSION); \
	fi

clean:
	rm -rf .build .build-tsan $(FUZZ_VENV)
