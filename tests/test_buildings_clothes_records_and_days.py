"""Incident reports, witness statements, chats and handovers showed five classes of mistakes: a hospital named
after a person read as the person, what a suspect wore read as a name, a service's log read as an
organisation, a relative's name that is also a word left in clear, and the shortened weekdays that are other
words too ("sat", "sun", "mon") left in clear where they date a plan (and "wed" the verb masked)."""
import pytest

from spacy_anon.lexicon.clothing import worn_description
from spacy_anon.mask.named_buildings import after_place_the, named_building
from spacy_anon.tagger.span_filters.common_word_names import record_kind
from tests.default_pipeline import masked_rows as rows, nlp  # noqa: F401  (the module fixture)


# ---------------------------------------------------------------- a place named after a person

@pytest.mark.parametrize("text,name", [
    ("He was taken to the John Radcliffe by ambulance.", "John Radcliffe"),
    ("transferred to the beth israel for cath", "beth israel"),
    ("We met at the Mary Seacole, then went home.", "Mary Seacole"),
])
def test_a_persons_name_after_a_place_preposition_and_the_is_a_building(nlp, text, name):
    assert (name, "ORG") in rows(nlp, text), rows(nlp, text)


@pytest.mark.parametrize("text,name", [
    ("I gave it to the John Smith who lives next door.", "John Smith"),  # "who": the person
    ("John Radcliffe was a physician. He was taken to the John Radcliffe.", "John Radcliffe"),  # named before
])
def test_the_person_stays_a_person(nlp, text, name):
    found = rows(nlp, text)
    assert (name, "PERSON") in found and (name, "ORG") not in found, found


def test_named_building_needs_the_preposition_the_name_and_the_clause_end():
    text = "taken to the John Radcliffe by ambulance"
    start = text.index("John")
    assert named_building(text, start, start + len("John Radcliffe"))
    assert not named_building("taken to John Radcliffe by ambulance", 9, 23)  # no "the"
    assert not named_building("to the John Radcliffe family", 7, 21)  # a noun goes on
    assert not named_building("taken to the Radcliffe by", 13, 22)  # one word
    for written in ("immigration rules", "IMMIGRATION RULES"):  # capitals or lower case: common words, no building
        assert not named_building(f"outside the {written}, on 1 december", 12, 12 + len(written))
    assert after_place_the("admitted at the ") and not after_place_the("the ") and not after_place_the("saw the ")


# ---------------------------------------------------------------- what someone wore

@pytest.mark.parametrize("text", [
    "SUSPECT WEARING GREY HOODIE, BLACK JEANS AND WHITE TRAINERS. LEFT ON FOOT.",
    "he had a dark blue puffer jacket on when he left",
])
def test_what_someone_wore_names_no_one(nlp, text):
    found = rows(nlp, text)
    assert not any(w in t.lower() for t, _ in found for w in ("hoodie", "jeans", "trainers", "blue", "puffer")), found


def test_a_company_named_like_a_garment_stays(nlp):
    assert ("Red Hat", "ORG") in rows(nlp, "She works at Red Hat in Raleigh.")


@pytest.mark.parametrize("words,expected", [
    (["GREY", "HOODIE"], True), (["black", "jeans", "and", "white", "trainers"], True), (["navy", "parka"], True),
    (["Red", "Hat"], False),  # title case: a company
    (["grey", "Smith"], False), (["dark", "blue"], False),  # no garment
    (["and", "hoodie"], False),
])
def test_worn_description(words, expected):
    assert worn_description(words) is expected


# ---------------------------------------------------------------- a service's record

def test_a_record_named_by_its_keeper_is_no_organisation(nlp):
    found = rows(nlp, "SUSPECT LEFT AT 21:40. POLICE LOG REF 2231. CRIME REPORT FILED.")
    assert not any("LOG" in t or "REPORT" in t for t, _ in found), found
    assert any(t == "2231" for t, _ in found), found  # the reference is still masked


@pytest.mark.parametrize("words,expected", [
    (["police", "log"], True), (["crime", "report"], True), (["incident", "report"], True),
    (["leveson", "report"], False),  # a named report
    (["leeds", "report"], False),  # a town's
    (["police"], False), (["police", "station"], False),
])
def test_record_kind(words, expected):
    assert record_kind(words) is expected


# ---------------------------------------------------------------- a relative named by a word

@pytest.mark.parametrize("text,name", [
    ("me and my husband rich are coming", "rich"),
    ("our friend rose is ill", "rose"),
])
def test_a_relatives_name_that_is_a_word_is_masked(nlp, text, name):
    assert any(t == name for t, _ in rows(nlp, text)), rows(nlp, text)


def test_a_word_after_a_kinship_noun_that_names_no_one_stays(nlp):
    assert rows(nlp, "my friend request was ignored") == []


# ---------------------------------------------------------------- shortened weekdays

@pytest.mark.parametrize("text,day", [
    ("see you on sat", "sat"), ("SEE YOU ON SAT", "SAT"), ("meet at 10am sat at the station", "sat"),
    ("can we do sat 2pm?", "sat"), ("next sun morning works", "sun"), ("by mon. thanks", "mon"),
])
def test_a_shortened_weekday_that_dates_a_plan_is_masked(nlp, text, day):
    assert (day, "DATETIME") in rows(nlp, text), rows(nlp, text)


@pytest.mark.parametrize("text,word", [
    ("we wed on friday", "wed"), ("they will wed in june", "wed"), ("when I last sat the exam", "sat"),
    ("lying on sun loungers all day", "sun"), ("she sat 2pm to 4pm at the desk", "sat"),
])
def test_the_same_words_as_verbs_and_nouns_are_no_date(nlp, text, word):
    assert not any(word in t.split() and label == "DATETIME" for t, label in rows(nlp, text)), rows(nlp, text)
