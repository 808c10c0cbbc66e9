"""Whole units and the knowledge base: titles, names and multiword names generalized as one unit by their
class ("Gia" -> "film", "the memoir Salt in the Hem" -> "memoir"), from the context, a knowledge base,
WordNet instances and the NER label."""
from pathlib import Path

import pytest
import spacy
from spacy.tokens import Doc

import spacy_anon  # noqa: F401  (registers the factories)
from conftest import WORDNET_REQUIRED
from spacy_anon.generalize.knowledge_base import (
    KnowledgeBase,
    category_class,
    class_from_categories,
    is_maintenance,
    leaks,
    term_key,
)
from spacy_anon.generalize.units import context_class, is_unit, unit_class, unit_generalization
from spacy_anon.generalize.wordnet_install import english_lexicons

FIXTURES = Path(__file__).parent / "fixtures"
WIKIACTORS_KB = FIXTURES / "kb_wikiactors_tiny.csv"

needs_wordnet = pytest.mark.skipif(
    not english_lexicons() and not WORDNET_REQUIRED, reason="WordNet not installed: run `spacy-anon wordnet install`"
)
NOUNS = {"film", "actress", "actor", "producer", "village", "series", "show", "program", "award", "memoir"}


def is_noun(word: str) -> bool:
    """A stand-in for WordNet in the pure tests."""
    return word in NOUNS


@pytest.fixture(scope="module")
def nlp():
    return spacy.blank("en")


def span_of(nlp, text: str, target: str, label: str = "MISC", others=()):
    """The span `target` in `text`, registered in doc.spans["anon"] with the spans `others` (label MISC)."""
    doc = nlp(text)
    start = text.index(target)
    span = doc.char_span(start, start + len(target), label=label)
    group = [span]
    for other in others:
        i = text.index(other)
        group.append(doc.char_span(i, i + len(other), label="MISC"))
    doc.spans["anon"] = group
    return span


# -- the knowledge base: reading ------------------------------------------------------------------------
def test_term_key_matches_the_csv_spelling():
    assert term_key("the_truman_show") == term_key("The Truman Show") == "truman show"
    assert term_key("mr._popper_'s_penguins") == term_key("Mr. Popper's Penguins")
    assert term_key("A Mighty Heart") == "mighty heart"


@needs_wordnet
def test_wikiactors_csv_gives_classes_from_wikipedia_categories():
    kb = KnowledgeBase.from_path(WIKIACTORS_KB)
    assert kb.lookup("Gia") == "film"
    assert kb.lookup("Angelina Jolie Voight") == "actress"
    assert kb.lookup("In Living Color") == "television series"
    assert kb.lookup("Tregaron") == "village"
    assert kb.lookup("The Mask") == "film"  # "the_mask_(_1994" is found without its year too
    assert kb.lookup("Batman Forever") == "film"  # YAGO wikicat types where the categories are missing
    assert kb.lookup("1994") is None  # YEAR rows are dates, not entities
    assert kb.lookup("Saturn Awards") is None  # "award" would repeat a word of the name
    assert kb.lookup("Angelina Jolie") is None  # only the exact term


def test_own_formats_json_and_csv():
    for name in ("kb_simple.json", "kb_simple.csv"):
        kb = KnowledgeBase.from_path(FIXTURES / name)
        assert kb.lookup("salt") == "film"
        assert kb.lookup("TREGARON") == "village"
        assert kb.lookup("Pepper") is None
    assert KnowledgeBase.from_path(FIXTURES / "kb_simple.json").lookup("the truman show") == "film"


def test_own_formats_without_header_and_as_a_list(tmp_path):
    path = tmp_path / "kb.csv"
    path.write_text("Gia,film\nFriends,television series\n", encoding="utf8")
    assert KnowledgeBase.from_path(path).lookup("Friends") == "television series"
    path = tmp_path / "kb.json"
    path.write_text('[{"term": "Gia", "class": "film"}]', encoding="utf8")
    assert KnowledgeBase.from_path(path).lookup("gia") == "film"


def test_knowledge_base_errors(tmp_path):
    with pytest.raises(ValueError, match=r"\[E330\]"):
        KnowledgeBase.from_path(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf8")
    with pytest.raises(ValueError, match=r"\[E331\]"):
        KnowledgeBase.from_path(bad)
    three = tmp_path / "three.csv"
    three.write_text("Gia,film,extra\n", encoding="utf8")
    with pytest.raises(ValueError, match=r"\[E331\]"):
        KnowledgeBase.from_path(three)


def test_knowledge_base_round_trip(tmp_path):
    kb = KnowledgeBase({"The Truman Show": "film"})
    kb.to_disk(tmp_path / "kb.json")
    assert KnowledgeBase.from_path(tmp_path / "kb.json").lookup("Truman Show") == "film"
    assert "the truman show" in kb and len(kb) == 1


# -- categories -> class ----------------------------------------------------------------------------
def test_maintenance_categories():
    for category in ("All articles with dead external links", "Articles with hCards", "Use dmy dates from May 2018",
                     "Commons category link is on Wikidata", "1975 births", "Living people",
                     "CS1 maint: archived copy as title", "Pages using infobox person with unknown parameters"):
        assert is_maintenance(category), category
    assert not is_maintenance("1997 films")
    assert not is_maintenance("Villages in Ceredigion")


def test_category_class_examples():
    assert category_class("1997 films", is_noun) == "film"
    assert category_class("American biographical films", is_noun) == "film"
    assert category_class("American television series", is_noun) == "television series"
    assert category_class("2010s American drama television series", is_noun) == "television series"
    assert category_class("20th-century Canadian male actors", is_noun) == "actor"
    assert category_class("Villages in Ceredigion", is_noun) == "village"
    assert category_class("Films produced by Brian Grazer", is_noun) == "film"
    assert category_class("English-language television programs", is_noun) == "television program"


def test_category_class_rejects_what_names_no_class():
    assert category_class("Use dmy dates from September 2019", is_noun) is None
    assert category_class("Golden Globe Awards", is_noun) is None  # a name
    assert category_class("Comedy", is_noun) is None  # a topic, not a set of things
    assert category_class("American people of Irish descent", is_noun) is None
    assert category_class("1990 American television series debuts", is_noun) is None


@needs_wordnet
def test_category_class_checks_wordnet():
    assert category_class("American biographical films") == "film"
    assert category_class("Hollywood history and culture") is None
    assert category_class("American impressionists (entertainers)") == "impressionist"


def test_class_from_categories_most_frequent_and_no_leak():
    categories = ["1998 films", "American biographical films", "American film producers", "Films about models",
                  "All articles with unsourced statements"]
    assert class_from_categories(categories, "Gia", is_noun) == "film"
    # the term's own words never come back
    assert class_from_categories(["Science fiction awards", "American awards"], "Saturn Awards", is_noun) is None
    assert class_from_categories(["1998 films", "American biographical films", "American film producers"],
                                 "Producer", is_noun) == "film"
    # when the top class leaks, the runner-up is a guess: none
    assert class_from_categories(["Science fiction awards", "American awards", "1998 films"], "Saturn Awards",
                                 is_noun) is None
    assert class_from_categories([], "Gia", is_noun) is None


def test_leaks():
    assert leaks("Gia film", "Gia")
    assert leaks("award", "Saturn Awards")
    assert not leaks("film", "Gia")
    assert not leaks("television series", "In Living Color")


# -- context class nouns ----------------------------------------------------------------------------
def test_list_governed_by_a_class_noun(nlp):
    text = "She starred in the biographical cable films George Wallace (1997) and Gia (1998), and won an award."
    assert context_class(span_of(nlp, text, "George Wallace")) == "film"
    assert context_class(span_of(nlp, text, "Gia", others=["George Wallace"])) == "film"
    assert context_class(span_of(nlp, text, "Gia")) == "film"  # without the other span: capitals and years


def test_a_list_needs_a_plural_class_noun(nlp):
    text = "His roles include Woodrow F. Call in the TV miniseries Lonesome Dove, Agent K in the Men in Black films."
    assert context_class(span_of(nlp, text, "Lonesome Dove")) == "television miniseries"
    assert context_class(span_of(nlp, text, "Agent K")) is None  # not an item of the miniseries' list
    text = "She starred in the dramas A Mighty Heart (2007) and Changeling (2008)."
    assert context_class(span_of(nlp, text, "Changeling", others=["A Mighty Heart"])) == "drama"


def test_apposition_class_nouns(nlp):
    assert context_class(span_of(nlp, "She wrote the memoir Salt in the Hem in 2003.", "Salt in the Hem")) == "memoir"
    friends = span_of(nlp, "He appeared in the television series Friends.", "Friends")
    assert context_class(friends) == "television series"
    tregaron = span_of(nlp, "She grew up on a sheep farm near the village of Tregaron.", "Tregaron", "LOC")
    assert context_class(tregaron) == "village"
    memoir = span_of(nlp, 'She published "Salt in the Hem", a memoir about her youth.', "Salt in the Hem")
    assert context_class(memoir) == "memoir"


def test_titles_by_shape(nlp):
    assert context_class(span_of(nlp, "Her first major film, Hackers (1995), failed.", "Hackers")) == "film"
    assert context_class(span_of(nlp, 'She read the novel "Tidewater Nights" twice.', "Tidewater Nights")) == "novel"
    # a comma after a class noun without a title's shape, or a conjunction, is no apposition
    assert context_class(span_of(nlp, "In the film, Smith plays a spy.", "Smith")) is None
    assert context_class(span_of(nlp, "She left the film and Smith took over.", "Smith")) is None
    assert context_class(span_of(nlp, "The film was shot in Cardiff.", "Cardiff", "LOC")) is None


def test_context_from_the_dependency_parse():
    words = ["He", "appeared", "in", "the", "television", "series", "Friends", "."]
    heads = [1, 1, 1, 5, 5, 2, 5, 1]
    deps = ["nsubj", "ROOT", "prep", "det", "compound", "pobj", "appos", "punct"]
    doc = Doc(spacy.blank("en").vocab, words=words, heads=heads, deps=deps)
    assert context_class(doc[6:7]) == "television series"
    words = ["the", "films", "George", "Wallace", "and", "Gia"]
    heads = [1, 1, 3, 1, 3, 3]
    deps = ["det", "ROOT", "compound", "appos", "cc", "conj"]
    doc = Doc(spacy.blank("en").vocab, words=words, heads=heads, deps=deps)
    assert context_class(doc[5:6]) == "film"  # a conjunct takes the class of its list


# -- the order of sources; names; unknowns ------------------------------------------------------------
@needs_wordnet
def test_person_is_one_unit(nlp):
    span = span_of(nlp, "Angelina Jolie Voight was born in 1975.", "Angelina Jolie Voight", "PERSON")
    assert unit_generalization(span) == "person"
    kb = KnowledgeBase.from_path(WIKIACTORS_KB)
    assert unit_class(span, knowledge_base=kb) == ("actress", "knowledge_base")
    short = span_of(nlp, "Angelina Jolie was born in 1975.", "Angelina Jolie", "PERSON")
    assert unit_generalization(short, knowledge_base=kb) == "person"  # the KB has no class for this exact term


@needs_wordnet
def test_context_before_knowledge_base(nlp):
    kb = KnowledgeBase({"George Wallace": "politician", "Gia": "film"})
    text = "She starred in the biographical cable films George Wallace (1997) and Gia (1998)."
    assert unit_class(span_of(nlp, text, "George Wallace"), knowledge_base=kb) == ("film", "context")
    # a role in a title of one year is a film by the sentence's cues; with no cue the knowledge base decides
    gia = span_of(nlp, "She starred in Gia (1998).", "Gia")
    assert unit_class(gia, knowledge_base=kb) == ("film", "context")
    gia = span_of(nlp, "The festival showed Gia (1998) in Paris.", "Gia")
    assert unit_class(gia, knowledge_base=kb) == ("film", "knowledge_base")


@needs_wordnet
def test_no_leak_of_the_terms_words(nlp):
    kb = KnowledgeBase({"Gia": "Gia film", "Salt": "salt film"})
    assert unit_generalization(span_of(nlp, "The festival showed Gia (1998) in Paris.", "Gia"), knowledge_base=kb) is None
    span = span_of(nlp, "She joined the Screen Actors Guild in 1990.", "Screen Actors Guild", "ORG")
    found = unit_generalization(span, knowledge_base=KnowledgeBase({"Screen Actors Guild": "actors guild"}))
    assert found is None or "guild" not in found


@needs_wordnet
def test_wordnet_instances_and_labels(nlp):
    assert unit_class(span_of(nlp, "They visited the Empire State Building.", "Empire State Building", "LOC")) == (
        "skyscraper", "wordnet")
    # a place WordNet lacks: the gazetteer; one it knows is left to the walk (its levels_up and safety test)
    scarborough = span_of(nlp, "He moved to Scarborough in 1990.", "Scarborough", "LOC")
    assert unit_generalization(scarborough) == "city in the United Kingdom"
    assert unit_generalization(span_of(nlp, "He moved to Barcelona in 1990.", "Barcelona", "LOC")) is None
    assert unit_generalization(span_of(nlp, "She studied at the University of Texas.", "University of Texas",
                                       "ORG")) is None
    assert unit_generalization(span_of(nlp, "She joined Acme.", "Acme", "ORG")) == "organization"
    # a name ending in a common noun is left to the WordNet walk ("the company")
    company = span_of(nlp, "She joined the Tidewater Theatre Company.", "Tidewater Theatre Company", "ORG")
    assert unit_generalization(company) is None


@needs_wordnet
def test_none_for_unknowns_and_non_units(nlp):
    assert unit_generalization(span_of(nlp, "She was a Zorblax fan.", "Zorblax")) is None  # MISC, nothing known
    assert unit_generalization(span_of(nlp, "She grew up near Tregaron.", "Tregaron", "LOC")) is None
    assert unit_generalization(span_of(nlp, "She starred in cable films.", "cable films")) is None
    assert unit_generalization(span_of(nlp, "Born on 3 March 1990 in Leeds.", "3 March 1990", "DATETIME")) is None
    detective = span_of(nlp, "Detective stories bored her.", "Detective")
    assert not is_unit(detective) and unit_generalization(detective) is None


@needs_wordnet
def test_generalizer_uses_the_knowledge_base():
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules", config={"deny_list": [
        {"text": "Gia", "label": "MISC"},
        {"text": "George Wallace", "label": "MISC"},
        {"text": "Angelina Jolie Voight", "label": "PERSON"},
    ]})
    nlp.add_pipe("anon_generalize", config={"knowledge_base": str(WIKIACTORS_KB)})
    doc = nlp("Angelina Jolie Voight starred in the biographical cable films George Wallace (1997) and Gia (1998).")
    replacements = {s.text: s._.anon_replacement for s in doc.spans["anon"] if s.label_ != "DATETIME"}
    assert replacements["Angelina Jolie Voight"].lower() in ("an actress", "actress")
    assert replacements["George Wallace"].endswith("film")
    assert replacements["Gia"].endswith("film")
    assert not any("Jolie" in r or "Gia" in r for r in replacements.values())


def test_a_list_that_such_as_or_including_opens(nlp):
    text = "He directed more than fifty films including The Secret Life of Walter Mitty, Zoolander and DodgeBall."
    assert context_class(span_of(nlp, text, "Zoolander")) == "film"
    assert context_class(span_of(nlp, text, "The Secret Life of Walter Mitty")) == "film"
    text = "As a teenager, he starred in films such as North, Flipper and The Faculty."
    assert context_class(span_of(nlp, text, "Flipper")) == "film"
    text = "He has featured in such films as Sunshine and Snowpiercer."
    assert context_class(span_of(nlp, text, "Snowpiercer")) == "film"
    # "as" after a role is no list opener: the name is a character ("her role as Sarah Connor")
    assert context_class(span_of(nlp, "Her role as Sarah Connor was praised.", "Sarah Connor")) != "film"


def test_a_year_shared_by_a_list_of_titles(nlp):
    from spacy_anon.generalize.units import title_year

    assert title_year(span_of(nlp, "Deep Impact and The Faculty (both 1998).", "The Faculty")) is False
    assert title_year(span_of(nlp, "and Looper (all in 2012) too", "Looper")) is False
    assert title_year(span_of(nlp, "Terminator 2: Judgment Day (1991) was a hit.", "Terminator")) is False
    assert title_year(span_of(nlp, "The Faculty (both of them) was a hit.", "The Faculty")) is None


def test_as_after_a_class_noun_names_a_role_not_a_list(nlp):
    # "as" opens a list only with "such": "the film as Jack Dawson" is a role in the film
    assert context_class(span_of(nlp, "He starred in the film as Jack Dawson.", "Jack Dawson")) == "character"
    assert context_class(span_of(nlp, "She appeared in the series as Rachel Green.", "Rachel Green")) == "character"
