# NavigationServer — the two commands are `make run` and `make test`.
# Both install what is missing on a fresh Debian machine that has the Swift toolchain.

SWIFT        ?= swift
PYTHON       ?= python3
PORT         ?= 8080
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libmicrohttpd-dev pkg-config
PIP_PACKAGES := openapi-spec-validator
APT_TEST_PACKAGES := curl
APT_BROWSER_PACKAGES := chromium chromium-driver
PIP_BROWSER_PACKAGES := selenium
APT_BENCH_PACKAGES := wrk gcc
# Contract fuzzing; pinned so a new release cannot change what `make test` checks.
SCHEMATHESIS_VERSION := 4.32.5
FUZZ_VENV    := .venv-fuzz

.PHONY: run test build release deps deps-test deps-browser deps-bench deps-fuzz browser-test spec fuzz tsan bench bench-quick docker-verify clean

## run: install what is missing, build in release mode, serve the built-in flows on :$(PORT)
run: release
	.build/release/navigation-server --port $(PORT)

## test: install what is missing, build, run every test, validate openapi.yaml, run the README walkthrough,
## the web client in headless chromium, fuzz the contract with schemathesis, and the tests under ThreadSanitizer
test: deps-test deps-browser deps-fuzz
	$(SWIFT) build
	$(SWIFT) test --disable-xctest
	$(MAKE) --no-print-directory spec
	scripts/check-readme-walkthrough .build/debug/navigation-server
	$(PYTHON) Tests/browser/test_web_client.py .build/debug/navigation-server
	$(MAKE) --no-print-directory fuzz
	$(MAKE) --no-print-directory tsan

## browser-test: the web client walked in headless chromium (UPDATE_README_SCREENSHOT=1 refreshes docs/web-client.png)
browser-test: deps deps-browser
	$(SWIFT) build
	$(PYTHON) Tests/browser/test_web_client.py .build/debug/navigation-server

## bench: release build, then navigation-server against a raw libmicrohttpd server (bench/README in README.md)
bench: release deps-bench
	$(PYTHON) bench/run.py

## bench-quick: the same in under a minute, one short run each; fails only if the benchmark breaks
bench-quick: release deps-bench
	$(PYTHON) bench/run.py --quick --output bench/results/quick.json

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

## deps-browser: Debian's chromium and its driver from apt, Selenium from PyPI, when missing
deps-browser:
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then \
		echo "installing $(APT_BROWSER_PACKAGES)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_BROWSER_PACKAGES); \
	fi
	@if ! $(PYTHON) -c "import selenium" 2>/dev/null; then \
		echo "installing $(PIP_BROWSER_PACKAGES)"; \
		$(PYTHON) -m pip install -q $(PIP_BROWSER_PACKAGES); \
	fi

## docker-verify: check docker/Dockerfile without a Docker engine (debootstrap + chroot; see scripts/docker-verify)
docker-verify: deps-test
	scripts/docker-verify

## deps-bench: deps, plus wrk (the load generator) and a C compiler for the reference server
deps-bench: deps
	@if ! command -v wrk >/dev/null 2>&1 || ! command -v cc >/dev/null 2>&1; then \
		echo "installing $(APT_BENCH_PACKAGES)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_BENCH_PACKAGES); \
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
	rm -rf .build .build-tsan $(FUZZ_VENV) .cache/docker-verify-build .cache/docker-verify-run
