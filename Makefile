# NavigationServer — the two commands are `make run` and `make test`.
# Both install what is missing on a fresh Debian machine that has the Swift toolchain.

SWIFT        ?= swift
PYTHON       ?= python3
PORT         ?= 8080
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libmicrohttpd-dev libhiredis-dev libpq-dev libjemalloc-dev libssl-dev libcurl4-openssl-dev pkg-config
APT_TEST_PACKAGES := curl redis-server postgresql openssl
APT_BROWSER_PACKAGES := chromium chromium-driver
APT_BENCH_PACKAGES := wrk gcc valgrind
# Python tools live in virtual environments of the project, never in the system python (Debian's
# refuses `pip install` outside one, PEP 668); pinned so a new release cannot change what `make test` checks.
TEST_VENV    := .venv-test
TEST_PYTHON  := $(TEST_VENV)/bin/python
OPENAPI_SPEC_VALIDATOR_VERSION := 0.9.0
# The version openapi-spec-validator 0.9.0 resolves to, so the two share one jsonschema.
JSONSCHEMA_VERSION := 4.26.0
SELENIUM_VERSION := 4.51.0
# Contract fuzzing, in an environment of its own (its many dependencies stay apart from the test tools).
SCHEMATHESIS_VERSION := 4.32.5
FUZZ_VENV    := .venv-fuzz

# The Swift of templates/flow-server, named one by one: a local build's .build there is not linted.
TEMPLATE_SWIFT := $(wildcard templates/flow-server/Package.swift templates/flow-server/Sources templates/flow-server/Tests)

# Whether Debian's postgresql is installed: its initdb and postgres are not on PATH.
HAVE_POSTGRES := ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1

# Not 6379: the redis-server package may run a system Redis there already.
REDIS_PORT   ?= 6380
# Not 5432: the postgresql package may run a system cluster there already.
POSTGRES_PORT ?= 5433

.PHONY: redis run-several postgres run-several-postgres run test build release deps deps-redis deps-postgres deps-test deps-spec deps-flow-schema deps-browser deps-bench deps-fuzz browser-test client-test template-test spec flow-schema lint format fuzz tsan bench bench-quick docker-verify clean

## run: install what is missing, build in release mode, serve the built-in flows on :$(PORT)
run: release
	.build/release/navigation-server --port $(PORT)

## redis: a local redis-server on $(REDIS_PORT) for `make run-several`, the AOF on (appendfsync always) in ./redis-data
redis: deps-redis
	mkdir -p redis-data
	redis-server --port $(REDIS_PORT) --bind 127.0.0.1 --dir $(CURDIR)/redis-data --appendonly yes --appendfsync always --save ''

## run-several: two instances on :$(PORT) and :$(PORT)+1 sharing their sessions through `make redis`
run-several: release
	.build/release/navigation-server --port $$(( $(PORT) + 1 )) --store redis://127.0.0.1:$(REDIS_PORT) & \
	trap "kill $$! 2>/dev/null" EXIT INT TERM; \
	.build/release/navigation-server --port $(PORT) --store redis://127.0.0.1:$(REDIS_PORT)

## postgres: a local PostgreSQL on $(POSTGRES_PORT) for `make run-several-postgres`, its cluster in ./postgres-data
## (initdb on first use: the user navigation, trust on 127.0.0.1; run as nobody when make runs as root)
postgres: deps-postgres
	scripts/postgres-local $(POSTGRES_PORT) postgres-data

## run-several-postgres: two instances on :$(PORT) and :$(PORT)+1 sharing their sessions through `make postgres`
run-several-postgres: release
	.build/release/navigation-server --port $$(( $(PORT) + 1 )) --store postgresql://navigation@127.0.0.1:$(POSTGRES_PORT)/postgres & \
	trap "kill $$! 2>/dev/null" EXIT INT TERM; \
	.build/release/navigation-server --port $(PORT) --store postgresql://navigation@127.0.0.1:$(POSTGRES_PORT)/postgres

## test: install what is missing, build, run every test, validate openapi.yaml and the flow-file JSON Schema
## (scripts/check-flow-schema), run the README walkthrough,
## the web client in headless chromium, the terminal client on a pseudo-terminal, fuzz the contract with
## schemathesis, and the tests under ThreadSanitizer
test: deps-test deps-browser deps-fuzz
	$(MAKE) --no-print-directory lint
	$(SWIFT) build
	$(SWIFT) test --disable-xctest
	$(MAKE) --no-print-directory spec
	$(MAKE) --no-print-directory flow-schema
	scripts/check-readme-walkthrough .build/debug/navigation-server
	$(TEST_PYTHON) Tests/browser/test_web_client.py .build/debug/navigation-server
	$(PYTHON) Tests/client/test_terminal_client.py .build/debug/navigation-server .build/debug/navigation-client
	$(MAKE) --no-print-directory fuzz
	$(MAKE) --no-print-directory tsan

## browser-test: the web client walked in headless chromium (UPDATE_README_SCREENSHOT=1 refreshes docs/web-client.png)
browser-test: deps deps-browser
	$(SWIFT) build
	$(TEST_PYTHON) Tests/browser/test_web_client.py .build/debug/navigation-server

## bench: release build, then navigation-server against a raw libmicrohttpd server (bench/README.md)
bench: release deps-bench deps-redis deps-postgres
	$(PYTHON) bench/run.py

## bench-quick: the same in a few minutes, one short run each; fails if the benchmark breaks or a callgrind
## count (bench/instructions.py) is over its budget
bench-quick: release deps-bench deps-redis deps-postgres
	$(PYTHON) bench/run.py --quick --output bench/results/quick.json

## fuzz: schemathesis against openapi.yaml and a live server (needs `swift build` first)
fuzz: deps-fuzz
	scripts/contract-fuzz .build/debug/navigation-server $(FUZZ_VENV)/bin/python

## client-test: navigation-client driven on a pseudo-terminal against the built server (Python's standard library only)
client-test: deps
	$(SWIFT) build
	$(PYTHON) Tests/client/test_terminal_client.py .build/debug/navigation-server .build/debug/navigation-client

## template-test: templates/flow-server copied out of the checkout to a temporary directory, its dependency
## pointed at the checkout; swift build, swift test, then its server walked with curl (scripts/template-test).
## A second full build: not part of `make test` (.ci/run runs it after)
template-test: deps
	@if ! command -v curl >/dev/null 2>&1; then $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq curl; fi
	SWIFT=$(SWIFT) scripts/template-test

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## spec: validate openapi.yaml against the OpenAPI 3.1 schema
spec: deps-spec
	$(TEST_PYTHON) -m openapi_spec_validator openapi.yaml

## flow-schema: the JSON Schema `navigation-server flows schema` prints (needs `swift build` first): the repository's
## flow-file.schema.json byte for byte, valid for the 2020-12 metaschema, passed by every examples/flows/*.json and
## failed by flows the reader refuses (scripts/check-flow-schema)
flow-schema: deps-flow-schema
	$(TEST_PYTHON) scripts/check-flow-schema .build/debug/navigation-server examples/flows examples/flows/twins

## deps: the C libraries (libmicrohttpd, hiredis, libpq, jemalloc, OpenSSL's libcrypto, libcurl) and pkg-config, from apt,
## when missing
deps:
	@if ! pkg-config --exists libmicrohttpd hiredis libpq jemalloc libcrypto libcurl 2>/dev/null; then \
		echo "installing $(APT_PACKAGES)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_PACKAGES); \
	fi

## deps-test: deps, plus curl (for the README walkthrough), redis-server and postgresql (the Redis and
## PostgreSQL stores' tests start their own), the OpenAPI validator and jsonschema
deps-test: deps deps-spec deps-flow-schema
	@if ! command -v curl >/dev/null 2>&1 || ! command -v redis-server >/dev/null 2>&1 || ! command -v openssl >/dev/null 2>&1 || ! $(HAVE_POSTGRES); then \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_TEST_PACKAGES); \
	fi

## deps-redis: Debian's redis-server, when missing
deps-redis:
	@if ! command -v redis-server >/dev/null 2>&1; then \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq redis-server; \
	fi

## deps-postgres: Debian's postgresql (its programs in /usr/lib/postgresql/VERSION/bin), when missing
deps-postgres:
	@if ! $(HAVE_POSTGRES); then \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq postgresql; \
	fi

## deps-spec: openapi-spec-validator $(OPENAPI_SPEC_VALIDATOR_VERSION) from PyPI into $(TEST_VENV), when missing
deps-spec: $(TEST_PYTHON)
	$(call pip-pin,$(TEST_VENV),openapi-spec-validator,$(OPENAPI_SPEC_VALIDATOR_VERSION))

## deps-flow-schema: jsonschema $(JSONSCHEMA_VERSION) from PyPI into $(TEST_VENV), when missing
deps-flow-schema: $(TEST_PYTHON)
	$(call pip-pin,$(TEST_VENV),jsonschema,$(JSONSCHEMA_VERSION))

## deps-browser: Debian's chromium and its driver from apt, Selenium $(SELENIUM_VERSION) from PyPI
## into $(TEST_VENV), when missing
deps-browser: $(TEST_PYTHON)
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then \
		echo "installing $(APT_BROWSER_PACKAGES)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_BROWSER_PACKAGES); \
	fi
	$(call pip-pin,$(TEST_VENV),selenium,$(SELENIUM_VERSION))

## docker-verify: check docker/Dockerfile and templates/flow-server/Dockerfile without a Docker engine
## (debootstrap + chroot; see scripts/docker-verify)
docker-verify: deps-test
	scripts/docker-verify

## deps-bench: deps, plus wrk (the load generator) and a C compiler for the reference server
deps-bench: deps
	@if ! command -v wrk >/dev/null 2>&1 || ! command -v cc >/dev/null 2>&1 || ! command -v valgrind >/dev/null 2>&1; then \
		echo "installing $(APT_BENCH_PACKAGES)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(APT_BENCH_PACKAGES); \
	fi

## lint: swift-format (it ships with the toolchain) in strict mode, with the checked-in .swift-format, on the
## package and templates/flow-server;
## scripts/check-imports: every import of ours is declared in Package.swift and points down the layers;
## then every file that README.md, SECURITY.md, docs/, bench/README.md and the comments of Package.swift name exists
## (scripts/check-doc-links),
## and the callgrind budget check fails a count over a budget (bench/instructions.py)
lint:
	$(SWIFT) format lint --strict --recursive --parallel --configuration .swift-format Sources Tests Plugins Package.swift $(TEMPLATE_SWIFT)
	SWIFT=$(SWIFT) $(PYTHON) scripts/check-imports
	$(PYTHON) scripts/check-doc-links --self-test
	$(PYTHON) scripts/check-doc-links
	$(PYTHON) bench/instructions.py

## format: rewrite Sources, Tests and Plugins (and the template's) the way `make lint` wants them
format:
	$(SWIFT) format format --in-place --recursive --parallel --configuration .swift-format Sources Tests Plugins Package.swift \
		$(TEMPLATE_SWIFT)

## tsan: the tests under ThreadSanitizer, in its own scratch path so the normal build is kept;
## .ci/tsan-suppressions.txt explains each suppression. The servers and commands the tests launch are
## built with ThreadSanitizer too: they get these TSAN_OPTIONS (Tests/TestSupport/ChildProcess.swift),
## and a race one of them reports fails the test that launched it. Left out: the load tests of several server
## processes on one Redis or one PostgreSQL and the 100-stream hammer. Under TSan's 5-15x slowdown they measure the
## client's timeouts, not races (they run in the plain `swift test`); the code they drive runs
## under TSan in the other stream, registry and Redis tests.
## Each test target runs in a `swift test` of its own: a run queues every test at its start, and under TSan
## the whole suite takes longer than one test's time limit (10 minutes), so the last tests of one run would
## time out in the queue. The test targets are the Tests/*Tests folders.
TSAN_SKIP := SeveralInstancesTests|SeveralPostgresInstancesTests|StreamHammerTests
TSAN_TARGETS := $(notdir $(wildcard Tests/*Tests))
tsan:
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	@status=0; for target in $(TSAN_TARGETS); do \
		echo "ThreadSanitizer: $$target"; log=.build-tsan/tsan-$$target.log; \
		{ TSAN_OPTIONS="halt_on_error=1 suppressions=$(CURDIR)/.ci/tsan-suppressions.txt" \
			$(SWIFT) test --skip-build --disable-xctest --sanitize=thread --scratch-path .build-tsan \
			--filter "^$$target\\." --skip '$(TSAN_SKIP)' || echo "tsan: $$target failed"; } 2>&1 | tee $$log; \
		if grep -q "^tsan: $$target failed" $$log || ! grep -q "Test run with [1-9]" $$log; then \
			echo "tsan: $$target failed or ran no test"; status=1; fi; \
	done; exit $$status

## deps-fuzz: schemathesis $(SCHEMATHESIS_VERSION) in a virtual environment of its own, when missing
deps-fuzz: $(FUZZ_VENV)/bin/python
	$(call pip-pin,$(FUZZ_VENV),schemathesis,$(SCHEMATHESIS_VERSION))

# A virtual environment of the project (.venv-test, .venv-fuzz), made with $(PYTHON);
# python3-venv from apt first when that python cannot make one (Debian splits it out).
.venv-%/bin/python:
	@echo "creating the virtual environment .venv-$*"
	@if ! $(PYTHON) -m venv --help >/dev/null 2>&1 || ! $(PYTHON) -c "import ensurepip" 2>/dev/null; then \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3-venv; \
	fi
	rm -rf .venv-$* && $(PYTHON) -m venv .venv-$*

# $(call pip-pin,VENV,PACKAGE,VERSION): PACKAGE==VERSION from PyPI into VENV, unless it is there already.
pip-pin = @if ! $(1)/bin/python -c "import importlib.metadata as m, sys; sys.exit(m.version('$(2)') != '$(3)')" 2>/dev/null; then \
		echo "installing $(2) $(3) into $(1)"; \
		$(1)/bin/python -m pip install -q $(2)==$(3); \
	fi

clean:
	rm -rf .build .build-tsan $(TEST_VENV) $(FUZZ_VENV) .cache/docker-verify-build .cache/docker-verify-run \
		.cache/docker-verify-volume .cache/docker-verify-unwritable .cache/docker-verify-snapshots \
		.cache/docker-verify-build-flow-server
