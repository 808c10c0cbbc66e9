"""Coarse classes instead of tags: when no specific generalization is safe, a span becomes what kind of
thing it was ("a performer", "a film", "a place"), and the table row says so; the sense-frequency prior;
heads of titles are not generalizations of them."""
import pytest
import spacy

import spacy_anon  # noqa: F401  (factories)
from conftest import WORDNET_REQUIRED
from generalize_support import generalized_near_subject, rows_by_text
from spacy_anon.generalize.classes import ANCHORS, anchor_class, coarse_class
from spacy_anon.generalize.senses import choose_sense, content_words, disambiguate
from spacy_anon.generalize.wordnet import chosen_sense, generalization_candidates, noun_senses
from spacy_anon.generalize.wordnet_install import english_lexicons

pytestmark = pytest.mark.skipif(
    not english_lexicons() and not WORDNET_REQUIRED, reason="WordNet not installed: run `spacy-anon wordnet install`"
)




def anonymize(text, spans, **settings):
    """anon_generalize (absolute safety, CloseKV, every class accepted) + anon_mask on `text`."""
    return generalized_near_subject(text, spans, **{"class_threshold": 1.0, **settings})


def test_occupations_become_their_class_and_the_row_says_so():
    doc = anonymize("Nora Vell is an American actress and producer.", [("actress", "MISC"), ("producer", "MISC")])
    assert doc._.anon_text == "Nora Vell is an American performer and a creator."
    rows = rows_by_text(doc)
    assert rows["actress"]["fallback"] == "class" and rows["actress"]["operator"] == "anchor"
    assert doc._.anon_stats["generalize_class"] == 2


def test_titles_after_a_class_noun_become_films():
    text = "She starred in the biographical cable films George Wallace (1997) and Gia (1998)."
    doc = anonymize(text, [("George Wallace", "MISC"), ("Gia", "MISC")])
    assert doc._.anon_text == "She starred in the biographical cable films a film (1997) and a film (1998)."
    assert {r["operator"] for r in doc._.anon_table} == {"unit"}


def test_a_memoir_title_is_a_memoir_and_a_farm_a_place_but_a_village_name_is_tagged():
    doc = anonymize("In 2021 she published her memoir Salt in the Hem.", [("Salt in the Hem", "MISC")])
    assert doc._.anon_text == "In 2021 she published her memoir a memoir."
    assert doc._.anon_table[0]["fallback"] == "class"
    doc = anonymize("She grew up on a sheep farm near Tregaron.",
                    [("sheep", "MISC"), ("farm", "MISC"), ("Tregaron", "MISC")])
    assert doc._.anon_text.startswith("She grew up on a place near [MISC_")
    rows = rows_by_text(doc)
    assert rows["Tregaron"]["fallback"] == "vacuous" and rows["Tregaron"]["operator"] == "tag"


def test_a_class_that_fails_its_own_safety_test_is_tagged():
    doc = anonymize("Nora Vell is an American actress.", [("actress", "MISC")], class_threshold=0.5)
    assert doc._.anon_text == "Nora Vell is an American [MISC_1]."
    doc = anonymize("Nora Vell is an American actress.", [("actress", "MISC")], classes=False)
    assert doc._.anon_text == "Nora Vell is an American [MISC_1]."
    for value in (1.5, -1.0):
        with pytest.raises(ValueError, match="E306"):
            spacy.blank("en").add_pipe("anon_generalize", config={"class_threshold": value})


def test_coarse_class_sources_and_what_they_refuse():
    chain = [("actor", 9), ("performer", 8), ("entertainer", 7), ("person", 6)]
    assert anchor_class(chain) == "performer"
    assert coarse_class("actress", "MISC", chain) == ("performer", "anchor")
    assert coarse_class("Gia", "MISC", [], unit="film") == ("film", "unit")
    assert coarse_class("Aberystwyth", "MISC", [], lexfile="noun.location") == ("place", "lexfile")
    assert coarse_class("Cardiff Council", "ORG", []) == ("organization", "label")
    assert coarse_class("Tregaron", "MISC", []) is None
    # never a word of the span itself, never a class the vacuous test refuses
    assert coarse_class("film", "MISC", [], unit="film") is None
    assert coarse_class("Acme", "MISC", [], unit="organization", is_vacuous=lambda c, lab: True) is None
    assert all(cls not in ("thing", "entity", "act", "person") for cls in ANCHORS.values())


def test_chosen_sense_is_the_one_whose_chain_is_climbed():
    assert chosen_sense("Cardiff").lexfile() == "noun.location"
    assert chosen_sense("village").lexfile() == "noun.group"  # WordNet's first sense: the villagers
    assert chosen_sense("village", choose_sense=lambda term, senses: 1).lexfile() == "noun.location"
    assert chosen_sense("Tregaron") is None


def test_heads_of_titles_are_not_their_generalization():
    # the last word of a title is a word of the title: it tells which title it was
    for title in ("Harry Potter", "Silent Hill", "National Treasure", "Hugo Boss", "Black Widow"):
        assert not any(word in c.lower() for c in generalization_candidates(title)
                       for word in title.lower().split()), title
    # heads that name the kind of thing stay: an award, a company, a lane
    assert generalization_candidates("Academy Award for Best Actor")[0] == "award"
    assert generalization_candidates("Tidewater Theatre Company")[0] == "company"
    assert generalization_candidates("8 Birch Lane")[0] == "lane"


# -- the sense-frequency prior ----------------------------------------------------------------------
BIOGRAPHY = ("After the fantasy series ended, his films included the Edwardian horror film The Woman in Black, "
             "the independent film Kill Your Darlings and the science fiction film Victor Frankenstein, and he "
             "played a sentient corpse in a comedy-drama.")


def test_film_in_a_biography_is_a_movie_not_photographic_material():
    senses = noun_senses("film")
    sentence = content_words("his films included the Edwardian horror The Woman in Black")
    without, scores = disambiguate(senses, sentence, "film", document=content_words(BIOGRAPHY), rank_weight=0.0)
    assert "photographic" in senses[without].definition()  # what the Lesk overlap alone picks
    chosen, _ = disambiguate(senses, sentence, "film", document=content_words(BIOGRAPHY))
    assert chosen == 0 and "entertainment" in senses[0].definition()


def test_rank_prior_arithmetic():
    # rank 1 needs only the margin (1.0); rank r >= 2 also loses 1.5 * log2((1 + r) / 2): 0.88 for rank 2
    assert choose_sense([0.0, 1.0, 0.0]) == 1
    assert choose_sense([0.0, 0.0, 1.8]) == 0
    assert choose_sense([0.0, 0.0, 1.9]) == 2
    assert choose_sense([0.0, 0.0, 1.8], rank_weight=0.0) == 2
