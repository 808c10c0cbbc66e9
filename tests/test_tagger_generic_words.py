"""Bug (issue 28): the default English pipeline masked greetings, weekdays, field keys, clinical words and
lone verbs, and its spans swallowed their neighbours ("John Smith met", "Mary Jones in") or lost a name's
first word ("Will Smith called" -> "Will [PERSON_1] called").

Each example of the issue stands for a class: the end-to-end tests run `spacy_anon.load()`, the unit tests
the filter (`trim_generic_words`) on spans given by hand, and property tests vary the names and words."""
from functools import lru_cache

import pytest
import spacy
from hypothesis import given, settings
from hypothesis import strategies as st

import spacy_anon
from spacy_anon.lexicon.generic_words import (FIELD_KEYS, GREETINGS, WEEKDAYS, is_past_or_progressive,
                                              is_verb_form, verb_stems)
from spacy_anon.tagger.span_filters import TrimGenericWords, trim_generic_words
from spacy_anon.tagger.span_filters.chunks import trim_partial_chunks


@pytest.fixture(scope="module")
def nlp():
    return spacy_anon.load()


def masked(nlp, text):
    """(text, label) of each masked span."""
    doc = nlp(text)
    return [(s.text, s.label_) for s in doc.spans["anon_masked"]]


def texts(nlp, text):
    return [t for t, _ in masked(nlp, text)]


# --- end to end, through the default pipeline


def test_greetings_and_field_keys_are_not_masked_and_values_are(nlp):
    found = masked(nlp, "Staff id 123456, contact Employee Mr Grosu brought the claim on Friday. Thanks, Best regards")
    found_texts = [t for t, _ in found]
    assert "123456" in found_texts
    assert any("Grosu" in t and "brought" not in t for t in found_texts)
    assert ("Friday", "DATETIME") in found
    assert not any(w in t for t in found_texts for w in ("Thanks", "Best", "regards", "Staff", "claim"))


def test_a_verb_or_key_before_a_value_is_not_masked(nlp):
    assert texts(nlp, "Mail a@b.com now") == ["a@b.com"]
    assert texts(nlp, "Date of birth: 03/14/1985") == ["03/14/1985"]
    found = texts(nlp, "Tel: 555 123 4567. Case No 12345/06.")
    assert "Tel" not in found and "Case No" not in found
    assert any("555" in t for t in found) and "12345/06" in found


def test_spans_stop_at_the_name(nlp):
    doc = nlp("John Smith met Mary Jones in Paris.")
    assert doc._.anon_text == "[PERSON_1] met [PERSON_2] in [LOC_1]."
    assert texts(nlp, "Tom reports headaches since Monday.")[0] == "Tom"


def test_record_fields_are_cut_at_their_keys(nlp):
    found = texts(nlp, "Robert J. Whitfield   MRN 4471823   DOB 02/03/1960")
    assert found[0] == "Robert J. Whitfield"
    assert "4471823" in found and "02/03/1960" in found
    assert not any("MRN" in t or "DOB" in t for t in found)


@pytest.mark.parametrize("text,name", [("Will Smith called yesterday.", "Will Smith"), ("Al Li called.", "Al Li"),
                                       ("Sunny Day sang.", "Sunny Day")])
def test_a_name_that_opens_a_sentence_keeps_its_first_word(nlp, text, name):
    assert texts(nlp, text) == [name]


def test_social_text_words_are_not_masked(nlp):
    text = "See you Wednesday! Unfortunately the rain ruined it. She likes cats. Umm ok. Replying to Dave."
    found = masked(nlp, text)
    assert ("Dave", "PERSON") in found
    assert not any(w in t for t, _ in found for w in ("See", "Unfortunately", "rain", "likes", "Umm", "Replying"))
    assert all(label == "DATETIME" for t, label in found if t == "Wednesday")


def test_clinical_notes_words_are_not_masked(nlp):
    assert texts(nlp, "SEE FLOWSHEET FOR OBJECTIVE DATA") == []
    assert texts(nlp, "Discharge summary: LAD stenosis, stent placed.") == []


def test_a_name_before_its_possessive_is_masked_whole(nlp):
    """Bug: "Mr Lindqvist's class" was cut to "Mr" (the chunk "Lindqvist's" was only partly tagged)."""
    assert "Lindqvist" not in nlp("Her brother Tobi (Year 4, Mr Lindqvist's class) will be in.")._.anon_text


# --- the filter on given spans


@lru_cache(maxsize=1)
def _tokenizer():
    return spacy_anon.load().tokenizer  # the default pipeline's tokens ("anna_k" -> "anna", "_", "k")


def _filter(text, spans, names=frozenset()):
    doc = _tokenizer()(text)
    out = trim_generic_words(doc, [(s, e, label, 0.5) for s, e, label in spans], frozenset(names))
    return [(doc[s:e].text, label) for s, e, label, _ in out]


def test_filter_cuts_at_sentence_ends_and_relabels_weekdays():
    assert _filter("on Friday. Thanks, Best regards", [(1, 7, "ORG")]) == [("Friday", "DATETIME")]
    assert _filter("Have a good Monday", [(3, 4, "ORG")]) == []  # a weekday in generic use
    assert _filter("We met on Monday", [(3, 4, "DATETIME")]) == [("Monday", "DATETIME")]


def test_filter_drops_spans_without_a_name_signal():
    assert _filter("Mail it", [(0, 1, "ORG")]) == []
    assert _filter("Case No", [(0, 2, "PERSON")]) == []
    assert _filter("we met in the rain", [(4, 5, "LOC")]) == []
    assert _filter("she likes cats", [(1, 2, "PERSON")]) == []


def test_filter_keeps_descriptions_institutions_initials_and_lone_titles():
    """TAB marks descriptions ("his two sisters") and institutions in lower case ("the police"); a lone
    "Mr" is kept because the mask grows it over the name after it."""
    assert _filter("except his two sisters", [(1, 4, "PERSON")]) == [("his two sisters", "PERSON")]
    assert _filter("suspected by the police that", [(3, 4, "ORG")]) == [("police", "ORG")]
    assert _filter("Sorry. V.", [(2, 3, "PERSON")]) == [("V", "PERSON")]
    assert _filter("with Mr Lindqvist", [(1, 2, "PERSON")]) == [("Mr", "PERSON")]


def test_filter_keeps_handles_spoken_numbers_and_lower_case_names():
    assert _filter("anna_k: morning", [(0, 1, "PERSON")]) == [("anna", "PERSON")]
    assert _filter("on extension two two one four", [(2, 6, "DATETIME")]) == [("two two one four", "DATETIME")]
    assert _filter("mark: okay", [(0, 1, "PERSON")], names={"mark"}) == [("mark", "PERSON")]


def test_filter_leaves_amounts_and_unbalanced_brackets():
    assert _filter("paid 5,000 euros in", [(1, 6, "QUANTITY")]) == [("5,000 euros in", "QUANTITY")]
    assert _filter('The witness (Kowalski) denied', [(3, 5, "PERSON")]) == [("Kowalski", "PERSON")]
    text = "the Joint Municipal Tax Court (mellankommunala skatterätten) against"
    assert _filter(text, [(1, 9, "ORG")]) == [("Joint Municipal Tax Court (mellankommunala skatterätten)", "ORG")]


def test_possessive_after_a_name_does_not_cut_it():
    doc = spacy.blank("en")("Mr Lindqvist's class")
    out = trim_partial_chunks(doc, [(0, 2, "PERSON", 1.0)])
    assert [doc[s:e].text for s, e, _, _ in out] == ["Mr Lindqvist"]


def test_registered_filter_reads_its_settings():
    made = spacy.registry.misc.get("spacy_anon.trim_generic_words.v1")(person_labels=["PER"], date_label="")
    assert isinstance(made, TrimGenericWords)
    assert made.person_labels == ("PER",) and made.date_label is None


def test_verb_forms():
    assert is_verb_form("called", lambda w: w == "call")
    assert is_verb_form("met")
    assert is_past_or_progressive("replying", lambda w: w == "reply")
    assert not is_past_or_progressive("sisters", lambda w: w == "sister")
    assert "stop" in verb_stems("stopped")


# --- classes


NAMES = st.sampled_from(["Grosu", "Kowalski", "Whitfield", "Lindqvist", "Okonkwo", "Barrington"])
GIVEN = st.sampled_from(["John", "Mary", "Anna", "Robert", "Priya"])


@settings(max_examples=25, deadline=None)
@given(GIVEN, NAMES, st.sampled_from(["met", "called", "brought", "paid", "sang", "said"]))
def test_a_verb_after_a_name_is_never_in_its_span(given_name, surname, verb):
    text = f"{given_name} {surname} {verb} the client."
    out = _filter(text, [(0, 3, "PERSON")])
    assert out == [(f"{given_name} {surname}", "PERSON")]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(GREETINGS - {"best", "kind", "warm"})), NAMES)
def test_a_greeting_before_a_name_is_never_in_its_span(greeting, surname):
    text = f"{greeting.capitalize()}, {surname}"
    assert _filter(text, [(0, 3, "PERSON")]) == [(surname, "PERSON")]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(k for k in FIELD_KEYS - {"no", "nos", "number", "num"} if k.isalpha())),
       st.integers(min_value=1000, max_value=99999999))
def test_a_field_key_before_a_value_is_never_in_its_span(key, value):
    text = f"{key.upper()} {value}"
    assert _filter(text, [(0, 2, "ID")]) == [(str(value), "ID")]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(sorted(WEEKDAYS - {"sun", "sat", "wed", "mon"})), st.sampled_from(["ORG", "PERSON", "LOC"]))
def test_a_weekday_is_never_a_name(day, label):
    out = _filter(f"I saw him on {day.capitalize()}", [(4, 5, label)])
    assert all(lab == "DATETIME" for _, lab in out)


# --- a lone surname in quotes or brackets


def test_a_lone_surname_in_quotes_is_found_with_its_other_mentions(nlp):
    doc = nlp('The witness "Kowalski" denied it. Later Kowalski left.')
    assert "Kowalski" not in doc._.anon_text
    assert "Later" in doc._.anon_text  # a sentence adverb before a name is no given name
    for text in ('The witness "Kowalski" denied it.', "The defendant (Brzeczyszczykiewicz) was absent."):
        assert "Kowalski" not in nlp(text)._.anon_text and "Brzeczyszczykiewicz" not in nlp(text)._.anon_text
    assert "Brexit" in nlp('They talked about "Brexit" for hours.')._.anon_text


@pytest.mark.parametrize("opener,closer", [('"', '"'), ("“", "”"), ("(", ")"), ("[", "]")])
def test_quoted_names_takes_gazetteer_names_between_matching_pairs(opener, closer):
    from spacy_anon.tagger.span_filters import quoted_names

    doc = _tokenizer()(f"The witness {opener}Kowalski{closer} denied it, like {opener}Brexit{closer}.")
    out = quoted_names(doc, [], frozenset({"kowalski", "brexit"}))
    assert [doc[s:e].text for s, e, _, _ in out] == ["Kowalski", "Brexit"]
    out = quoted_names(doc, [], frozenset({"smith"}))
    assert [doc[s:e].text for s, e, _, _ in out] == ["Kowalski"]  # "Brexit": no gazetteer name, no person noun
    mixed = _tokenizer()("the (Kowalski] file")
    assert quoted_names(mixed, [], frozenset({"kowalski"})) == []  # no matching pair
    context = _tokenizer()(f"The witness {opener}Kowalski{closer} and the {opener}Court{closer}")
    out = quoted_names(context, [], frozenset())
    assert [context[s:e].text for s, e, _, _ in out] == ["Kowalski"]  # after a person noun, not a word


def test_notes_in_capitals_lose_keys_verbs_and_clauses():
    """Bug: in capitals every word looks like a name ("SEE FLOWSHEET FOR OBJECTIVE DATA" -> [LOC_1])."""
    text = "PT NAME: KOWALCZYK, ANDRZEJ   MRN: 5520918\nHUSBAND OLUSEGUN VISITED, QUESTIONS ANSWERED."
    doc = _tokenizer()(text)
    words = [t.text for t in doc]
    andrzej, olusegun, questions = words.index("ANDRZEJ"), words.index("OLUSEGUN"), words.index("QUESTIONS")
    spans = [(andrzej, andrzej + 3, "PERSON"), (olusegun - 1, olusegun + 2, "LOC"), (questions, questions + 2, "LOC")]
    assert _filter(text, spans) == [("ANDRZEJ", "PERSON"), ("HUSBAND OLUSEGUN", "LOC")]
    upper = "AGAINST THE UNITED KINGDOM OF GREAT BRITAIN"
    assert _filter(upper, [(2, 7, "ORG")]) == [("UNITED KINGDOM OF GREAT BRITAIN", "ORG")]  # a participle opens it


def test_spoken_and_lower_case_details_keep_their_signals():
    """Transcripts and chat lose case: a word after "called", a month among numbers, letters of a
    postcode and an institution's head noun still identify."""
    assert _filter("a lady called rose, she", [(3, 4, "PERSON")]) == [("rose", "PERSON")]
    assert _filter("fourteenth of march eighty five", [(1, 3, "LOC")]) == [("of march", "LOC")]
    assert _filter("lane, n seventeen nine", [(2, 3, "LOC")]) == [("n", "LOC")]
    assert _filter("my degree at tees valley university", [(3, 6, "ORG")]) == [("tees valley university", "ORG")]
    assert _filter("it will rain in march", [(4, 5, "LOC")]) == []  # a month alone is no place


@pytest.mark.parametrize("text,name,kept", [
    ("Pt seen by case manager. Joshua Good visited today and brought clothes.", "Good", None),
    ("Yesterday Mary Best came to the ward.", "Best", None),
    ("Hi Joshua, Good morning from the team.", "Joshua", "Good morning"),
    ("Thanks John Regards", "John", "Regards"),
])
def test_a_surname_that_is_a_greeting_word_stays_with_the_given_name(text, name, kept):
    """Bug (leak benchmark, the last planted names surviving in nursing notes): "Joshua Good" lost "Good"
    as a greeting's word, so the surname stayed in clear; a listed name after a listed given name is a
    surname, and a greeting or sign-off that is no listed name is still cut."""
    import spacy_anon

    out = spacy_anon.load()(text)._.anon_text
    assert name not in out, out
    if kept:
        assert kept in out, out
