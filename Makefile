# The terminal EMR workstation. `make demo` and `make test` each do their own set-up on a
# fresh Debian machine: missing Debian packages are installed with apt-get when run as root
# (otherwise the exact command is printed), Python tools go into a git-ignored venv.
SHELL := /bin/bash
.DEFAULT_GOAL := build

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
VENV := .venv
PYTHON := $(VENV)/bin/python
APT_PACKAGES := libncurses-dev libsqlite3-dev libssl-dev libcurl4-openssl-dev pkg-config tmux python3-venv ncurses-term
TEST_APT_PACKAGES := openssh-server libfaketime nginx-light strace time
# Tests run in the one UTF-8 locale every Debian machine has.
TEST_ENV := LANG=C.UTF-8 LC_ALL=C.UTF-8 SWIFT=$(SWIFT)

.PHONY: build build-tests release test unit-test e2e-test e2e-cache-cli-test e2e-other-test integration-test integration-login-test integration-line-speed-test integration-other-test ward-test arch-test demo demo-online fixtures deps test-deps venv bench clean

## deps: install the Debian packages the build needs (apt-get when root);
## test-deps: and those only the tests need (a real sshd for the ward-server tests, nginx for
## the user-login tests, strace for the check that only SQLite opens the cache files, GNU time
## for the line-speed tests' peak memory).
deps:
	@$(call apt_install,$(APT_PACKAGES))
test-deps: deps
	@$(call apt_install,$(TEST_APT_PACKAGES))

define apt_install
missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian packages: $$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else \
	    echo "Missing Debian packages. Run: sudo apt-get install -y $$missing"; exit 2; \
	  fi; \
	fi
endef

## venv: Python tools for fixtures and test harnesses, pinned, in a git-ignored folder.
$(VENV)/.stamp: Tests/requirements.txt
	@test -x $(PYTHON) || python3 -m venv $(VENV)
	@$(PYTHON) -m pip install -q --disable-pip-version-check -r Tests/requirements.txt
	@touch $@
## The R4 models that check what the workstation sends need pydantic 1: a venv of their own.
VENV_R4 := .venv-r4
$(VENV_R4)/.stamp: Tests/requirements-r4.txt
	@test -x $(VENV_R4)/bin/python || python3 -m venv $(VENV_R4)
	@$(VENV_R4)/bin/python -m pip install -q --disable-pip-version-check -r Tests/requirements-r4.txt
	@touch $@
venv: deps $(VENV)/.stamp $(VENV_R4)/.stamp

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

## test: everything: the architecture rule, unit, end-to-end, integration and ward tests. One
## build (the venvs made beside it), then three lanes side by side
## (Tests/run_lanes.sh), each suite's output whole when it ends, then each suite's time.
## TEST_SUITES runs the ones it names one after another, for example
## `make test TEST_SUITES="arch-test unit-test"`.
TEST_LANES := arch-test unit-test e2e-other-test | integration-login-test ward-test integration-line-speed-test | integration-other-test e2e-cache-cli-test
test: test-deps
	@bash Tests/run_lanes.sh "$(or $(TEST_SUITES),$(TEST_LANES))"

## build-tests: the debug build and its tests, once for every suite (`make test`; a suite run
## alone builds itself). SUITES_BUILT tells a suite it is done: a `swift build` waits while
## `swift test` holds the build folder, which would hold up the other lane.
build-tests: deps
	$(SWIFT) build --build-tests
BUILD_FIRST = test -n "$$SUITES_BUILT" || $(SWIFT) build

arch-test:
	@bash Tests/architecture/check-imports.sh

unit-test:
	$(TEST_ENV) $(SWIFT) test --parallel $(if $(SUITES_BUILT),--skip-build)

## e2e-test: the real binary in tmux and on the command line (pytest).
e2e-test: deps venv
	@$(BUILD_FIRST)
	$(TEST_ENV) EMR_BIN=$$($(SWIFT) build --show-bin-path)/emr $(PYTHON) -m pytest -q Tests/e2e

## The e2e tests in two parts, for make test's lanes: the cache commands' tests (about a minute)
## end the other integration tests' lane, which otherwise ended that much before unit then e2e.
E2E_CACHE_CLI := Tests/e2e/test_cache_cli.py
e2e-cache-cli-test: deps venv
	@$(BUILD_FIRST)
	$(TEST_ENV) EMR_BIN=$$($(SWIFT) build --show-bin-path)/emr $(PYTHON) -m pytest -q $(E2E_CACHE_CLI)
e2e-other-test: deps venv
	@$(BUILD_FIRST)
	$(TEST_ENV) EMR_BIN=$$($(SWIFT) build --show-bin-path)/emr $(PYTHON) -m pytest -q Tests/e2e --ignore=$(E2E_CACHE_CLI)

## integration-test: `emr sync` against a real FHIR server (sekmet-fhir, 127.0.0.1 only), and
## `emr login` against a real OpenID provider with nginx in front of sekmet, and `emr hooks`
## with nginx in front of it (test-deps).
integration-test: test-deps venv
	@$(BUILD_FIRST)
	$(TEST_ENV) EMR_BIN=$$($(SWIFT) build --show-bin-path)/emr $(PYTHON) -m pytest -q Tests/integration

## The integration tests in three parts, for make test's lanes: those that log in at the OpenID
## provider (whose redirect port the ward suite also takes: they share a lane with it), the
## line-speed tests (a quarter of the rest's time: they fill the login lane's slack) and the rest.
INTEGRATION_LOGIN := Tests/integration/test_user_login.py Tests/integration/test_device_login.py
INTEGRATION_LINE_SPEED := Tests/integration/test_line_speed.py
integration-login-test: test-deps venv
	@$(BUILD_FIRST)
	$(TEST_ENV) EMR_BIN=$$($(SWIFT) build --show-bin-path)/emr $(PYTHON) -m pytest -q $(INTEGRATION_LOGIN)
integration-line-speed-test: test-deps venv
	@$(BUILD_FIRST)
	$(TEST_ENV) EMR_BIN=$$($(SWIFT) build --show-bin-path)/emr $(PYTHON) -m pytest -q $(INTEGRATION_LINE_SPEED)
integration-other-test: test-deps venv
	@$(BUILD_FIRST)
	$(TEST_ENV) EMR_BIN=$$($(SWIFT) build --show-bin-path)/emr $(PYTHON) -m pytest -q Tests/integration $(addprefix --ignore=,$(INTEGRATION_LOGIN) $(INTEGRATION_LINE_SPEED))

## ward-test: `emr` over ssh as on a ward server: a throwaway sshd on 127.0.0.1 and throwaway
## accounts (needs root; skipped, saying so, where sshd cannot run), charting against sekmet,
## and a nurse logging in at a real OpenID provider with nginx in front of sekmet (test-deps).
ward-test: test-deps venv
	@$(BUILD_FIRST)
	$(TEST_ENV) EMR_BIN=$$($(SWIFT) build --show-bin-path)/emr $(PYTHON) -m pytest -q -rs Tests/ward

## demo: the workstation on synthetic patients, offline (first run builds the demo cache).
demo: release
	.build/release/emr --demo

## demo-online: the workstation ONLINE against a local FHIR server (sekmet, 127.0.0.1) holding the
## demo fixtures; the cache is .demo-online/home (asks for a new passphrase the first time).
demo-online: release venv
	@$(PYTHON) Tests/integration/serve_demo.py .demo-online .build/release/emr

## fixtures: regenerate Fixtures/demo byte for byte (pinned clinosim, pinned seed).
fixtures: deps
	@test -x $(PYTHON) || python3 -m venv $(VENV)
	@$(PYTHON) -m pip install -q --disable-pip-version-check -r Fixtures/tools/requirements.txt
	VENV=$(VENV) bash Fixtures/tools/regenerate.sh

## bench: measured performance against peers and limits (issue 8); BENCH_SCALE=100000 adds 100k patients;
## BENCH_ONLY="NAME" runs one step alone: "Results open", "MAR" or "terminal bytes" (demo cache only, about a minute).
## Prints one table and writes it to .bench/results.md, which the Performance chapter (Sources/emr/emr.docc/Performance.md) quotes.
bench: deps venv
	@$(PYTHON) -m pip install -q --disable-pip-version-check -r Tests/bench/requirements.txt
	$(SWIFT) build -c release --product emr
	$(SWIFT) build -c release --product emr-bench
	$(TEST_ENV) .build/release/emr-bench --emr .build/release/emr --python $(PYTHON) --work .bench $(if $(BENCH_ONLY),--only "$(BENCH_ONLY)")

clean:
	rm -rf .build .build-* $(VENV) $(VENV_R4) .bench .demo-online
