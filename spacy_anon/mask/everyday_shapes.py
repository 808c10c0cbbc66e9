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
from spacy_anon.rules.recognizers.addresses import street_shape
from spacy_anon.rules.recognizers.names import first_names

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


def place_phrase(words: Sequence[str]) -> bool:
    """Whether `words` (a span's words as written) name a place by their shape: a town's centre, a road's
    number and its street ("A38 Bristol Road"), or a village prefix and a known town or a rare word no given
    name ("Great Bromley"; not "Little Chef", "Great Western", "Little Richard")."""
    if len(words) >= 3 and tuple(folded(w) for w in words[-2:]) in CENTRE_PHRASES:
        return all(w[:1].isupper() for w in words[:-2])
    if len(words) >= 3 and ROAD_NUMBER.fullmatch(words[0]) and street_shape(" ".join(words[1:])):
        return True
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
    word = span[0].text
    if word in WORD_GIVEN_NAMES:
        return False  # "coach will said": a given name that is a word
    if doc_text[span.end_char:span.end_char + 2] in ("'s", "’s"):
        return False  # "the children's psychiatric clinic": the possessive opens a name the tagger cut short
    return zipf(word) >= LONE_WORD_MIN_ZIPF and usual_form(word, LOWER) == word and not is_given_name(word) \
        and fold_accents(word) not in known_place_names() and regime_at(doc_text, span.start_char) == AS_WRITTEN
