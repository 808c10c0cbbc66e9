"""Shared test helpers."""
import os

import pytest
from hypothesis import settings

# `make test` (and so CI) runs the property tests with `--hypothesis-profile=ci`: the same examples on
# every run, so a pass on one clone is a pass on the next. A bare `pytest` explores new examples each run.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)

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


@pytest.fixture(scope="session")
def rules_model(tmp_path_factory):
    """A blank English pipeline on disk: `--model` adds only anon_rules + anon_mask, so CLI tests that
    check the exact text around a mention do not depend on the statistical taggers of the default model."""
    import spacy

    path = tmp_path_factory.mktemp("blank_en")
    spacy.blank("en").to_disk(path)
    return path
