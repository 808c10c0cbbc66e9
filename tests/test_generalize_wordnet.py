"""Generalization candidates from the installed WordNet (seed 003 §3.2.3) and the selection rule."""
import json
import os
import subprocess
import sys

import pytest

from spacy_anon.generalize.wordnet import (
    choose_generalization,
    generalization_candidates,
    hypernym_candidates,
    noun_base_forms,
    simpler_phrases,
)
from conftest import WORDNET_REQUIRED, skip_without_wordnet  # noqa: F401
from spacy_anon.generalize.wordnet_install import WN30_SPECIFIER, english_lexicons

needs_wordnet = pytest.mark.skipif(
    not english_lexicons() and not WORDNET_REQUIRED, reason="WordNet not installed: run `spacy-anon wordnet install`"
)
needs_wn30 = pytest.mark.skipif(
    WN30_SPECIFIER not in english_lexicons() and not WORDNET_REQUIRED, reason="offline WordNet 3.0 not installed"
)


# -- pure functions -----------------------------------------------------------------------------------
def test_simpler_phrases_drop_the_leftmost_word():
    assert simpler_phrases("famous American film actor") == ["American film actor", "film actor", "actor"]
    assert simpler_phrases("metastatic breast cancer") == ["breast cancer", "cancer"]


def test_simpler_phrases_cut_determiners_and_prepositional_tails():
    assert simpler_phrases("the famous actor") == ["actor"]
    assert simpler_phrases("Academy Award for Best Actor") == ["Academy Award", "Award"]
    assert simpler_phrases("actor") == []
    assert simpler_phrases("") == []


def test_noun_base_forms():
    assert noun_base_forms("cities")[0] == "city"
    assert "film actor" in noun_base_forms("film actors")
    assert "woman" in noun_base_forms("women")
    assert noun_base_forms("as") == []


def test_choose_takes_the_first_safe_candidate():
    candidates = ["American film actor", "film actor", "actor", "person", "entity"]
    unsafe = {"American film actor", "film actor"}
    assert choose_generalization("famous American film actor", candidates, lambda g: g not in unsafe) == "actor"
    assert choose_generalization("x", candidates, lambda g: True) == "American film actor"


def test_choose_falls_back_to_the_most_general_candidate():
    assert choose_generalization("Barcelona", ["city", "region", "entity"], lambda g: False) == "entity"
    assert choose_generalization("Barcelona", [], lambda g: True) is None


def test_choose_never_returns_the_term_itself():
    assert choose_generalization("City", ["city", "municipality"], lambda g: True) == "municipality"


# -- WordNet chains -----------------------------------------------------------------------------------
@needs_wn30
def test_barcelona_chain():
    assert hypernym_candidates("Barcelona") == [
        "city", "municipality", "urban area", "geographical area", "region", "location", "object",
        "physical entity", "entity",
    ]


@needs_wn30
def test_lawyer_chain():
    assert hypernym_candidates("lawyer")[:3] == ["professional", "adult", "person"]
    assert hypernym_candidates("lawyer")[-1] == "entity"


@needs_wordnet
def test_multiword_plural_and_underscore_lookups():
    assert hypernym_candidates("urban area")[:1] == hypernym_candidates("urban_area")[:1]
    assert hypernym_candidates("lawyers") == hypernym_candidates("lawyer")
    assert hypernym_candidates("Tom Cruise") == []


@needs_wordnet
def test_candidates_simplify_then_follow_the_chain():
    g = generalization_candidates("famous American film actor")
    assert g[:4] == ["American film actor", "film actor", "actor", "performer"]
    assert g[-1] == "entity"


@needs_wordnet
def test_candidates_skip_partial_proper_names():
    g = generalization_candidates("Academy Award for Best Actor")
    assert "Academy Award" not in g and g[0] == "award"


@needs_wordnet
def test_candidates_for_names_end_with_category_and_root():
    assert generalization_candidates("Tom Cruise", simplify=False, category="person") == ["person", "entity"]


def test_chains_are_the_same_in_two_processes():
    skip_without_wordnet(bool(english_lexicons()))
    code = (
        "import json\n"
        "from spacy_anon.generalize.wordnet import generalization_candidates as g\n"
        "print(json.dumps([g(t) for t in ['Barcelona', 'lawyer', 'person', 'municipality', 'bank', 'Paris',"
        " 'famous American film actor', 'China', 'hospital']]))\n"
    )
    outs = []
    for seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=seed)
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
        assert proc.returncode == 0, proc.stderr[-2000:]
        outs.append(json.loads(proc.stdout.strip().splitlines()[-1]))
    assert outs[0] == outs[1]
    assert outs[0] == [generalization_candidates(t) for t in ['Barcelona', 'lawyer', 'person', 'municipality',
                                                             'bank', 'Paris', 'famous American film actor',
                                                             'China', 'hospital']]


@needs_wn30
def test_capitalised_terms_only_match_capitalised_lemmas():
    assert hypernym_candidates("Apple") == []  # a company, not the fruit
    assert hypernym_candidates("apple")[0] == "edible fruit"
    assert hypernym_candidates("Morrow") == []  # a surname, not "the next day"
    assert hypernym_candidates("China")[:2] == ["Asian country", "country"]


@needs_wordnet
def test_rare_heads_of_names_are_not_common_nouns():
    assert "morrow" not in generalization_candidates("Dafydd Morrow")
    assert generalization_candidates("Tidewater Theatre Company")[0] == "company"


@needs_wordnet
def test_no_fragments_of_codes_or_addresses():
    for term in ("NR4 7UY", "MD-2001 Chisinau", "flat 4B"):
        assert not any(ch.isdigit() for g in generalization_candidates(term) for ch in g)
    assert generalization_candidates("8 Birch Lane")[0] == "lane"


@needs_wordnet
def test_surname_head_of_a_joined_title_is_not_a_generalization():
    # "Williams" is a frequent word (a surname) and WordNet has it only as people named Williams:
    # cutting "in the CBS" must not leave the name itself as the "generalization"
    from spacy_anon.generalize.wordnet import generalization_candidates

    cands = generalization_candidates("Williams in the CBS")
    assert not any("williams" in c.lower() for c in cands)
    assert generalization_candidates("Academy Award for Best Actor")[0] == "award"


@needs_wordnet
def test_a_hyphenated_compound_of_two_nouns_is_its_head():
    from spacy_anon.generalize.wordnet import compound_head, generalization_candidates

    assert compound_head("comedy-drama") == "drama" and compound_head("a comedy-drama") == "drama"
    assert compound_head("screenwriter-director") == "director"
    # an adjective first part, three parts, non-words: no head
    assert compound_head("low-budget") is None and compound_head("sword-and-sorcery") is None
    assert compound_head("sci-fi") is None and compound_head("comedy-drama", lang="es") is None
    assert generalization_candidates("comedy-drama")[0] == "drama"
