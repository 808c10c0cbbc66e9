"""Place-name gazetteers for the CRF taggers (`spacy_anon.lexicon.place_names`): GeoNames cities with their
names in other languages, ISO 3166 countries in Portuguese and Spanish, regions; loaded through the same
source specs as Faker's lists, whole names for phrase gazetteers."""
import pytest

from spacy_anon.lexicon.gazetteers import load_gazetteer, load_gazetteers
from spacy_anon.lexicon.place_names import place_names


def test_cities_of_a_country_include_small_towns():
    names = place_names("geonames:cities:15000:CO")
    assert "Aracataca" in names and "Bogotá" in names
    assert "Lisboa" not in names  # another country


def test_large_cities_come_with_their_names_in_other_languages():
    names = set(place_names("geonames:cities:1000000"))
    assert {"Nova Iorque", "Nueva York", "Londres"} <= names
    assert not any(any("\u0400" <= ch <= "\u04ff" for ch in n) for n in names)  # no Cyrillic spellings
    assert "Aracataca" not in names  # under a million


def test_country_names_are_translated():
    names = set(place_names("pycountry:countries:pt,es"))
    assert {"Espanha", "Alemanha", "Alemania", "España", "Estados Unidos", "Germany"} <= names


def test_regions_in_both_orders():
    names = set(place_names("pycountry:subdivisions:ES"))
    assert {"Valencia", "Comunidad Valenciana", "Palencia"} <= names


def test_phrase_gazetteer_keeps_whole_names_in_tagger_tokens():
    phrases = load_gazetteers({"places": "geonames:cities:15000:BR|pycountry:countries:pt"}, phrases=True)["places"]
    assert "rio de janeiro" in phrases and "são paulo" in phrases and "estados unidos" in phrases
    words = load_gazetteer("geonames:cities:15000:BR")
    assert "janeiro" in words and "rio de janeiro" not in words


def test_unknown_place_source_is_refused_with_its_code():
    with pytest.raises(ValueError, match=r"\[E619\].*geonames:rivers"):
        load_gazetteer("geonames:rivers")


def test_portuguese_places_with_their_portuguese_names():
    specs = {"places": "geonames:cities:15000:PT,BR|geonames:cities:1000000|pycountry:subdivisions:PT",
             "country_names": "pycountry:countries:pt"}
    phrases = load_gazetteers(specs, phrases=True)
    assert {"lisboa", "coimbra", "nova iorque", "londres"} <= phrases["places"]
    assert "espanha" in phrases["country_names"]
