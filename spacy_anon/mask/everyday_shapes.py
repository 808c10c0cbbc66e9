"""Shapes of everyday text that decide what a tagger's span is: a town's centre and a village named after a
town are places, the kind of a room and a preposition alone name nothing, a given name typed in lower case
on a lower-case line or owning a home is a person. Pure functions of the text, used by `span_kinds`."""
import re
from typing import Sequence

from spacy.tokens import Span

from spacy_anon.case_regime import AS_WRITTEN, LOWER, line_regime
from spacy_anon.casing import usual_form
from spacy_anon.lexicon.generic_words import folded, zipf
from spacy_anon.lexicon.given_names import WORD_GIVEN_NAMES
from spacy_anon.lexicon.place_names import fold_accents, known_place_names
from spacy_anon.mask.overlaps import AGE_UNITS
from spacy_anon.rules.recognizers.addresses import street_shape
from spacy_anon.rules.recognizers.names import first_names
from spacy_anon.tagger.span_filters.base import stop_words

# prepositions and adverbs of place, which a tagger sometimes marks alone beside a name it misread
LONE_PREPOSITIONS = frozenset("outside inside near nearby opposite behind beside upstairs downstairs across "
                              "around between beyond below above under over along past".split())
# what a room is for, before "Room" and its number in a letter or a ticket ("Meeting Room 4", "Interview Room B")
ROOM_KINDS = frozenset("meeting conference board interview training seminar committee consulting consultation "
                       "treatment family quiet waiting staff day therapy".split())
_ROOM_AFTER = re.compile(r"[ \t]+(?:Room|ROOM|room)\b")


def room_kind(text: str, span: Span) -> bool:
    """Whether `span` is only the words of a room's kind before "Room" ("Meeting" of "Meeting Room 4")."""
    return all(t.is_alpha and t.lower_ in ROOM_KINDS for t in span) and \
        _ROOM_AFTER.match(text, span.end_char) is not None


# a town's centre ("Leeds city centre"), and the words that open an English village's name before a town's
# ("Great Bromley", "Little Wenham", "Upper Norwood"): places, whatever a tagger made of them
CENTRE_PHRASES = frozenset({("city", "centre"), ("city", "center"), ("town", "centre"), ("town", "center"),
                            ("village", "centre")})
VILLAGE_PREFIXES = frozenset("great little upper lower nether much long".split())
VILLAGE_MAX_ZIPF = 3.0  # a rarer word after the prefix is a town's name ("Bromley" 2.98; not "Chef", "Western")


# a British road's number before the street's name ("A38 Bristol Road", "B1234 Mill Lane")
ROAD_NUMBER = re.compile(r"[ABM]\d{1,4}(?:\(M\))?")
# a motorway's or an A road's number and a junction on it ("M6 J15", "M25 junction 10")
_ROAD_AND_JUNCTION = re.compile(r"[AM]\d{1,4}(?:\(M\))?[ \t]+(?:J|Jct|JCT|[Jj]unction|JUNCTION)[ \t]?\d{1,2}[a-z]?")


def place_phrase(words: Sequence[str]) -> bool:
    """Whether `words` (a span's words as written) name a place by their shape: a town's centre, a road's
    number and its street ("A38 Bristol Road") or its junction ("M6 J15"), or a village prefix and a known town or a rare word no given
    name ("Great Bromley"; not "Little Chef", "Great Western", "Little Richard")."""
    if len(words) >= 3 and tuple(folded(w) for w in words[-2:]) in CENTRE_PHRASES:
        return all(w[:1].isupper() for w in words[:-2])
    if len(words) >= 3 and ROAD_NUMBER.fullmatch(words[0]) and street_shape(" ".join(words[1:])):
        return True
    if _ROAD_AND_JUNCTION.fullmatch(" ".join(words)):
        return True  # "M6 J15", "A1(M) junction 7": where on a road
    if len(words) != 2 or folded(words[0]) not in VILLAGE_PREFIXES or not words[1].isalpha() \
            or not words[1][:1].isupper():
        return False
    town = fold_accents(words[1].lower())
    return town in known_place_names() or (zipf(town) < VILLAGE_MAX_ZIPF and town not in first_names())


# a possessive and the home or the party it owns ("at Tom's place", "Jo's house"): the owner is a person
HOME_AFTER = re.compile(r"['’]s[ \t]+(?:place|house|flat|home|party|bday|birthday|wedding|funeral|room|garden)\b")
_DETERMINER_BEFORE = re.compile(r"(?i:\b(?:the|a|an|this|that|these|those|our|their|its|his|her|my|your))[ \t]+\Z")


def lower_case_given_name(text: str, start: int, end: int) -> bool:
    """Whether text[start:end], one word in lower case, may be a given name by its place: on a line in lower
    case ("dinner at nandos with sarah"), after no determiner ("the ira") and glued to no other word by a
    hyphen ("carol-singing")."""
    value = text[start:end]
    if not value.islower() or text[end:end + 1] in ("-", "‐") or text[start - 1:start] in ("-", "‐"):
        return False
    if _DETERMINER_BEFORE.search(text, max(0, start - 12), start) is not None:
        return False
    return regime_at(text, start) == LOWER


def regime_at(text: str, start: int) -> str:
    """The case regime (`case_regime.line_regime`) of the line of `text` that holds offset `start`."""
    line_end = text.find("\n", start)
    return line_regime(text[text.rfind("\n", 0, start) + 1:line_end if line_end >= 0 else len(text)])


def lone_job_noun(doc_text: str, span: Span, is_job_noun) -> bool:
    """Whether `span` is one job noun typed in lower case on a line written with capitals ("his caseworker Ms
    Priya Raghunathan"): the role, no one's name (on a line in lower case, case says nothing)."""
    return len(span) == 1 and span[0].is_lower and is_job_noun(span[0].text) and regime_at(
        doc_text, span.start_char) == AS_WRITTEN


LONE_WORD_MIN_ZIPF = 3.5  # "overdue" 3.6: a dictionary word a writer would capitalise if it were a name


def lone_lower_word(doc_text: str, span: Span, is_given_name) -> bool:
    """Whether `span` is one frequent dictionary word typed in lower case on a line written with capitals, that
    English writes in lower case (`casing.usual_form`: not "tuesday", "dominican", "cohen"), no given name or
    known place ("Invoice 20931 overdue": a tagger's "overdue" is no organisation)."""
    if len(span) != 1 or not span[0].is_lower or not span[0].is_alpha or len(span[0].text) < 4:
        return False  # "ec" of "lady frere, ec 76634": a short word may be a code, a province's
    if doc_text[span.end_char:span.end_char + 2] in ("'s", "’s"):
        return False  # "the children's psychiatric clinic": the possessive opens a name the tagger cut short
    return plain_lower_word(span[0].text, is_given_name) and regime_at(doc_text, span.start_char) == AS_WRITTEN


def plain_lower_word(word: str, is_given_name) -> bool:
    """Whether `word` is a frequent word English writes in lower case (`casing.usual_form`: not "tuesday",
    "cohen"), no given name ("will" of "coach will said" neither) and no known place."""
    return word not in WORD_GIVEN_NAMES and zipf(word) >= LONE_WORD_MIN_ZIPF and usual_form(word, LOWER) == word \
        and not is_given_name(word) and fold_accents(word) not in known_place_names()


# the numbers of emergency and public services, which everyone calls: no one's contact
SERVICE_NUMBERS = frozenset("999 911 112 111 101 000 116".split())
_CALLED_BEFORE = re.compile(r"(?i:\b(?:call|called|calling|calls|dial|dialled|dialed|dialling|dialing|dials|ring|rang"
                            r"|rung|ringing|phone|phoned|phoning|contact|contacted))[ \t]+\Z")
_SERVICE_LINKS = frozenset("and & , then".split())


def service_number_end(text: str, span: Span) -> int:
    """The first token of `span` after a service's number that opens it after a verb of calling and the words
    joining what follows ("999 and" of "I called 999 and PC Ahmed arrived"): the number everyone calls, then
    the sentence goes on; `span.start` when it opens with no such number."""
    doc, i = span.doc, span.start
    if i >= span.end or doc[i].text not in SERVICE_NUMBERS \
            or not _CALLED_BEFORE.search(text, max(0, doc[i].idx - 20), doc[i].idx):
        return span.start
    i += 1
    while i < span.end and (doc[i].lower_ in _SERVICE_LINKS or doc[i].is_space):
        i += 1
    return i


_HYPHENED_PAIR = re.compile(r"[A-Z][a-z]+-[A-Z][a-z]+")


def hyphened_given_names(value: str, is_given_name) -> bool:
    """Whether `value` is two given names joined by a hyphen ("Ava-Rose", "Jean-Luc", "Lily-Mae"): a person's
    given name, no organisation; not a place so named ("Winston-Salem")."""
    if not _HYPHENED_PAIR.fullmatch(value) or fold_accents(value.lower()) in known_place_names():
        return False
    return all(is_given_name(part.lower()) for part in value.split("-"))


def lower_prose(doc_text: str, span: Span, is_given_name) -> bool:
    """Whether `span`, of two words or more on a line written with capitals, is all lower case: function words,
    frequent words that English writes in lower case (no given name, no place) and numbers of a duration
    ("is now 30 days overdue"): a clause of the sentence a tagger ran a span over, no name."""
    if len(span) < 2 or regime_at(doc_text, span.start_char) != AS_WRITTEN \
            or doc_text[span.end_char:span.end_char + 2] in ("'s", "’s") or _NAME_AND_BRACKET.search(
                doc_text, max(0, span.start_char - 40), span.start_char):
        return False  # "Blood Transfusion Service (blood collection)": what the name before does, part of it
    tokens = [t for t in span if not t.is_space]
    words = 0
    for k, token in enumerate(tokens):
        word = token.text
        if token.like_num and word.isdigit():
            if k + 1 >= len(tokens) or tokens[k + 1].lower_ not in DURATION_UNITS:
                return False  # "12 orchard way": a house's number
            continue
        if not token.is_alpha or not token.is_lower or not plain_lower_word(word, is_given_name):
            return False
        words += 1
    return words >= 1


_NAME_AND_BRACKET = re.compile(r"[A-Z][\w'’.-]*[ \t]*\([ \t]*\Z")
DURATION_UNITS = frozenset("second seconds minute minutes hour hours day days week weeks month months year years".split())


def function_words_only(span: Span) -> bool:
    """Whether `span` holds only function words typed in lower case ("the one", "which one"): no name is made of
    them alone, in any case regime; English text, two words or more. Number words ("seventy four", which stop
    lists hold) are no function words."""
    if span.doc.lang_ != "en":
        return False  # "bajo a" of a Spanish address: a flat's floor and door, in words a stop list holds
    stops = stop_words(span.doc.lang_)
    words = [t for t in span if not t.is_space]
    return len(words) >= 2 and all(t.is_lower and t.is_alpha and t.text in stops for t in words) \
        and not any(t.like_num and t.lower_ != "one" for t in words)  # "the one": a pronoun's "one"


# words that open a sentence before a count and describe it ("Stunning 3 bed semi", "Approximately 20 officers",
# "Only 5 left"): adjectives and adverbs by their endings, and these
COUNT_OPENERS = frozenset("only about around over under nearly almost just another all some every each top new great "
                          "huge big small lovely nice good best superb fantastic gorgeous immaculate bright modern "
                          "roughly approximately".split())
_DESCRIBING_ENDS = ("ing", "ly", "ful", "ous", "ive", "able", "ible")


def opening_word_and_count(text: str, span: Span) -> bool:
    """Whether `span` is a sentence's capitalised first word that describes a count, and the count, before a
    word in lower case ("Stunning 3" of "Stunning 3 bed semi"): an estate agent's or a report's phrasing, no
    place. Not a room's, a ward's or a flat's number ("Ward 7", "Flat 3": nouns, not describing words)."""
    doc = span.doc
    if len(span) != 2 or not span[0].is_title or not span[0].is_alpha or not span[1].text.isdigit() \
            or len(span[1].text) > 4 or span.end >= len(doc) or not doc[span.end].is_lower:
        return False
    word = span[0].lower_
    if not (word in COUNT_OPENERS or (word.endswith(_DESCRIBING_ENDS) and len(word) > 5)):
        return False
    before = text[:span.start_char].rstrip(" \t")
    return (not before or before[-1] in "\n.!?:") and usual_form(word, LOWER) == word \
        and fold_accents(word) not in known_place_names()


_WISH_BEFORE = re.compile(r"(?i:\b(?:happy[ \t]+(?:\d{1,3}(?:st|nd|rd|th)[ \t]+)?(?:birthday|bday|anniversary|retirement)"
                          r"|congrat(?:s|ulations)(?:[ \t]+to)?|well[ \t]+done|get[ \t]+well[ \t]+soon))[ \t,!]*\Z")


def after_wish(text: str, start: int) -> bool:
    """Whether text[start:] follows a wish or congratulations ("Happy 30th birthday Dan", "Congrats Chloe"): whom
    it is for, a person."""
    return _WISH_BEFORE.search(text, max(0, start - 40), start) is not None


_PERCENT_AFTER = re.compile(r"(?:[.,]\d{1,2})?[ \t]?(?:%|per[ \t]?cent\b|percent\b)")  # "96" of "96.4%" too
_DECIMAL = re.compile(r"\d{1,3}(?:[.,]\d{1,2})?")


def percentage(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a number that a per cent sign follows ("96.4" of "Attendance: 96.4%"): a
    share, no one's number to call."""
    return _DECIMAL.fullmatch(text, start, end) is not None and _PERCENT_AFTER.match(text, end) is not None


def no_name_words(text: str, span: Span) -> bool:
    """Whether a tagger's `span` is words no name is made of: function words alone ("the one") or a describing
    word and a count opening a sentence ("Stunning 3")."""
    return function_words_only(span) or opening_word_and_count(text, span)


def everyday_person(text: str, piece: Span, is_given_name) -> bool:
    """Whether `piece` is a person by everyday shapes: two given names joined by a hyphen ("Ava-Rose"), or a
    given name after a wish ("Happy 30th birthday Dan")."""
    return hyphened_given_names(piece.text, is_given_name) or (
        piece[0].is_title and is_given_name(piece[0].lower_) and after_wish(text, piece.start_char))


_OLD_AFTER = re.compile(r"[ \t-]*(?i:old)\b")


def age_unit_before_old(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is an age's unit before "old" ("year" of "a 2 year old"): no date."""
    return text[start:end].lower() in AGE_UNITS and _OLD_AFTER.match(text, end) is not None


# what friends call each other in messages ("hey hun", "cheers mate", "thanks babe"): no one's name
ENDEARMENTS = frozenset("hun hon hunny honey babe babes bae mate m8 pal love luv pet darling sweetie sweetheart chick "
                        "bestie fam lovely".split())
# what a clinical note says the patient does, opening its sentence: a verb, no name
NOTE_VERBS = frozenset("Denies Reports Complains Presents Admits Declines Requests Describes Endorses States "
                       "Refuses Tolerates Mobilises Mobilizes".split())
_SENTENCE_BEFORE = re.compile(r"(?:\A|[.!?:;\n])[ \t]*\Z")
_YEAR_GROUP_AFTER = re.compile(r"[ \t]\d{1,2}\b")
_YEAR_GROUP_BEFORE = re.compile(r"\b(?:Year|YEAR|Yr|YR)[ \t]\Z")
_GROUP_NOUNS = frozenset("parents pupils students children kids staff class classes group groups team teams "
                         "families carers".split())


def everyday_no_name(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a word of everyday address or grouping that names no one: an endearment typed
    in lower case ("hun" of "hey hun"), a piece of a school's year group a tagger cut ("Year" and "6 parents"
    of "Dear Year 6 parents"), or a note's verb opening its sentence ("Denies current SI")."""
    value = text[start:end]
    if value in ENDEARMENTS:
        return True
    if value in NOTE_VERBS and _SENTENCE_BEFORE.search(text, max(0, start - 3), start) is not None:
        return True
    if value in ("Year", "YEAR", "Yr", "YR") and _YEAR_GROUP_AFTER.match(text, end):
        return True
    words = value.split()
    return len(words) == 2 and words[0].isdigit() and len(words[0]) <= 2 and words[1].lower() in _GROUP_NOUNS \
        and _YEAR_GROUP_BEFORE.search(text, max(0, start - 6), start) is not None


_SCHOOL_YEAR_IN = re.compile(r"\b(?:Year|YEAR|Yr|YR)[ \t]?\d{1,2}\b")


def school_year_in(value: str) -> bool:
    """Whether a tagger's date holds a school's year group and no more of a date than its number ("a Year 9
    pupil"): a class, not a time."""
    return _SCHOOL_YEAR_IN.search(value) is not None and sum(c.isdigit() for c in value) <= 2
