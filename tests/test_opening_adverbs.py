"""Bug (issue 28, "spans swallow their neighbours"): an adverb that opens a sentence before a name was
masked as part of it, or alone. "We met at the mill. Later Green Park Cafe closed." gave the ORG "Later
Green Park Cafe", a second entity beside "Green Park Cafe"; in lower case "later" was masked alone; "Soon
Kowalski denied it" masked "Soon Kowalski". The tagger reads a capitalised word that opens a sentence before
other capitalised words and a verb as a given name ("Will Smith called"), and an adverb looks the same.

The class: any adverb of the closed list `OPENING_ADVERBS` (time, sequence, stance) opening a sentence, before
a name of any label, in any casing; given names that are also words ("Will", "May", "Grace") keep their place.
"""
import pytest

from spacy_anon.lexicon.sentence_adverbs import OPENING_ADVERBS, opening_adverb
from tests.default_pipeline import masked_texts as rows, nlp  # noqa: F401  (the module fixture)

ADVERBS = ("Later", "Then", "Yesterday", "Afterwards", "Today", "Soon", "Finally", "Eventually", "Recently",
           "Tomorrow", "Once", "Instead", "Also", "Now", "Again", "Meanwhile", "Unfortunately")
NAMES = (("Green Park Cafe", "closed"), ("Anna Kowalski", "left early"), ("Kowalski", "denied it"))


@pytest.mark.parametrize("adverb", ADVERBS)
@pytest.mark.parametrize("name,verb", NAMES)
@pytest.mark.parametrize("casing", ["as written", "lower"])
def test_an_opening_adverb_is_not_masked_with_the_name_after_it(nlp, adverb, name, verb, casing):
    text = f"We met at the mill. {adverb} {name} {verb}."
    if casing == "lower":
        text = text.lower()
    found = rows(nlp, text)
    assert not any(r.lower().split()[0] == adverb.lower() for r in found), found
    assert any(name.split()[0].lower() in r.lower() for r in found), found  # the name itself is still masked


@pytest.mark.parametrize("casing", ["as written", "lower"])
def test_a_name_after_an_opening_adverb_stays_one_entity(nlp, casing):
    text = "We met at Green Park Cafe. Later Green Park Cafe closed."
    if casing == "lower":
        text = text.lower()
    doc = nlp(text)
    assert [text[r["start"]:r["end"]].lower() for r in doc._.anon_table] == ["green park cafe"] * 2
    assert len({r["entity"] for r in doc._.anon_table}) == 1
    assert doc._.anon_text.lower() == "we met at [org_1]. later [org_1] closed."


@pytest.mark.parametrize("text,name", [
    ("Will Smith called the court on Monday.", "Will Smith"),
    ("May Jones left the hearing early.", "May Jones"),
    ("Grace Kowalski denied it.", "Grace Kowalski"),
])
def test_given_names_that_are_words_keep_their_place(nlp, text, name):
    assert name in rows(nlp, text)


def test_an_adverb_inside_a_sentence_or_not_at_its_start_is_left_to_the_tagger(nlp):
    # only a sentence's first word is an opener: "Now" inside a title is the tagger's to judge
    assert not opening_adverb("now", sentence_start=False)
    assert opening_adverb("now", sentence_start=True)
    assert not opening_adverb("will", sentence_start=True)


def test_the_list_holds_no_given_name_or_surname_of_the_gazetteers(nlp):
    crf = nlp.get_pipe("anon_crf")
    assert not OPENING_ADVERBS & crf.name_terms
    for kind in ("first_names", "last_names"):
        assert not OPENING_ADVERBS & frozenset(crf.gazetteer_terms.get(kind, ())), kind
    assert all(w == w.lower() and w.isalpha() for w in OPENING_ADVERBS)


@pytest.mark.parametrize("text,name", [("My Tesco Clubcard number is 634004 0012 3456.", "Tesco Clubcard"),
                                       ("Your Barclays account is overdrawn.", "Barclays")])
def test_a_possessive_opening_the_sentence_is_not_masked_with_the_name(nlp, text, name):
    found = rows(nlp, text)
    assert name in found and not any(r.split()[0] in ("My", "Your") for r in found), found


def test_her_majesty_and_our_lady_keep_their_first_word(nlp):
    from spacy_anon.lexicon.sentence_adverbs import opening_word
    assert not opening_word("her", True) and not opening_word("our", True) and opening_word("my", True)
