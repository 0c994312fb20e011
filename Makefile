# The two commands a newcomer runs: `make run` and `make test`. Everything else supports them.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
# Chinese glyphs in browser screenshots (the 简体中文 interface).
CJK_FONTS := /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
# The AWS stand-in (devtools/engines.py): `make run` starts on moto (embedded, lightest), `make test`
# (and so CI) on LocalStack with AWS's DynamoDB Local; ENGINE=moto|localstack chooses for either.
RUN_ENGINE := $(or $(ENGINE),moto)
TEST_ENGINE := $(or $(ENGINE),localstack)
LOCALSTACK := .localstack/.installed
JAVAC := /usr/bin/javac
# Waits for another install's lock rather than failing at once (make test installs two things at a time).
APT_GET := apt-get -o DPkg::Lock::Timeout=600
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1
export PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH := $(CHROMIUM)

FRONTEND_SOURCES := $(shell find frontend/src frontend/public frontend/index.html frontend/vite.config.ts -type f 2>/dev/null)

.PHONY: run test test-setup test-python test-frontend test-e2e build package bench seed deps localstack clean

## make run: install what is missing, build the SPA, start the whole product on loopback with demo data
run: deps build $(if $(filter localstack,$(RUN_ENGINE)),localstack)
	ENGINE=$(RUN_ENGINE) $(PY) -m devtools.run

## make test: install what is missing, run every test (Python, frontend, browser)
test:
	$(MAKE) -j2 --output-sync=target test-setup
	$(MAKE) test-python
	$(MAKE) test-frontend
	$(MAKE) test-e2e

# What the tests need, two installs at a time: the Python and npm packages together, then LocalStack while the
# SPA is built (on a clean clone these were two and a half minutes one after the other).
test-setup: deps build $(CHROMIUM) $(CJK_FONTS) $(if $(filter localstack,$(TEST_ENGINE)),localstack)

# Two processes (pytest-xdist), each with its own AWS stand-in; a file's tests run together, in order.
test-python: deps $(if $(filter localstack,$(TEST_ENGINE)),localstack)
	ENGINE=$(TEST_ENGINE) $(PY) -m pytest -q -n 2 --dist loadfile

test-frontend: deps
	npm run test:unit

test-e2e: deps build $(CHROMIUM) $(CJK_FONTS) $(if $(filter localstack,$(TEST_ENGINE)),localstack)
	ENGINE=$(TEST_ENGINE) npx playwright test

## make localstack: LocalStack (host process, Python 3.12+) with DynamoDB Local, or its Docker image
localstack: $(LOCALSTACK)

$(LOCALSTACK): devtools/localstack.py devtools/localstack-requirements.txt devtools/localstack-agent/NoopAgent.java \
		node_modules/.installed $(VENV)/.installed | $(JAVAC)
	$(PY) -m devtools.localstack install
	touch $@

$(JAVAC):
	($(APT_GET) install -y -qq openjdk-17-jdk-headless || ($(APT_GET) update -qq && $(APT_GET) install -y -qq openjdk-17-jdk-headless))

deps: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements.txt requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

node_modules/.installed: package.json package-lock.json frontend/package.json
	npm ci --no-audit --no-fund
	touch $@

$(CHROMIUM):
	$(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq chromium

$(CJK_FONTS):
	($(APT_GET) install -y -qq fonts-noto-cjk || ($(APT_GET) update -qq && $(APT_GET) install -y -qq fonts-noto-cjk))

build: frontend/dist/index.html

frontend/dist/index.html: node_modules/.installed $(FRONTEND_SOURCES)
	npm run build

## make package: the deployable CloudFormation template (chalice package + infra/template.yaml)
package: deps
	$(PY) -m devtools.package_stack --stage $${STAGE:-dev} --out build/packaged

## make seed STATIONS=n: (re)generate demo data of any size into the running local stack
seed: deps
	env $$($(PY) -m devtools.local_stack --endpoint http://127.0.0.1:$${AWS_PORT:-8003}) \
		STATIONS=$(STATIONS) $(PY) -m devtools.seed

## make bench: performance figures (not part of make test)
bench: deps localstack build
	$(PY) -m bench

clean:
	rm -rf $(VENV) node_modules frontend/dist build .pytest_cache .localstack
