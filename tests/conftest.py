"""Shared test helpers."""
import importlib.util
import os
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.fixture
def load_benchmark():
    """Import a script of benchmarks/ (not a package) by name: load_benchmark("tab_error_analysis")."""

    def load(name: str):
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module

    return load


# Tests may fix surrogates with a bare seed (refused in real runs: a seed is no secret); see
# spacy_anon.mask.component.ALLOW_SEED_ENV. Subprocesses started by tests inherit it.
os.environ.setdefault("SPACY_ANON_ALLOW_SEED_ONLY", "1")

# `make test` installs WordNet and sets this: then a missing WordNet fails the suite instead of skipping
# the tests that need it (a bare `pytest` on a machine without WordNet still skips them).
WORDNET_REQUIRED = os.environ.get("SPACY_ANON_REQUIRE_WORDNET") == "1"


def skip_without_wordnet(installed: bool) -> None:
    """Skip the calling test when WordNet is not installed, unless `make test` requires it."""
    if not installed and not WORDNET_REQUIRED:
        pytest.skip("WordNet not installed: run `spacy-anon wordnet install`")
