"""A tagger's run over names and the prose between them ("Smiths' house in Leeds over Easter" as one ORG):
split at the lower-case English content words between two of its capitalised words, each piece decided
alone (`span_kinds.decide_categories`)."""
from typing import Callable, List, Tuple

from spacy.tokens import Doc

from spacy_anon.lexicon.generic_words import dictionary_test, zipf
from spacy_anon.lexicon.place_names import fold_accents, known_place_names
from spacy_anon.rules.recognizers.names import last_names
from spacy_anon.tagger.span_filters.base import stop_words
from spacy_anon.tagger.span_filters.names import NAME_PARTICLES

# the lower-case words a name written with capitals holds inside ("Bank of England", "Church in Wales",
# "Committee against Torture", "Leonardo da Vinci")
NAME_CONNECTORS = NAME_PARTICLES | frozenset(
    "the and for on in upon against without with at like und et las los les des dei del delle della degli sur sous nad "
    "pod am an im zum zur aan op het".split())
# verbs that open a sentence whose subject the writer left out, before an "-ing" word ("Love climbing", "Hate
# waiting", "Miss having you around"): a verb there, even where the word is also a surname ("Love", "Hate")
POST_OPENERS = frozenset("throwaway update edit".split())  # a post's "Throwaway because ...", "Update: ..."
OPENING_VERBS = frozenset("love loving hate enjoy like adore miss need want keep stop start prefer fancy dread "
                          "mind avoid finish quit".split())
COMMON_PIECE_ZIPF = 4.5  # an opening piece of one word this frequent is prose ("List" of "List of mayors of Tirana")


def split_at_inner_words(doc: Doc, start: int, end: int) -> List[Tuple[int, int]]:
    """The token ranges of start:end between the lower-case English content words that lie between two
    capitalised words of it, each range without the function words it then opens with and none of
    function words alone: a tagger's run over names and the prose between them ("Smiths' house in Leeds",
    "Thomas Cranmer becomes Archbishop of Canterbury") is decided piece by piece. A description before a
    name stays whole ("the northern part of Cyprus"), and so do names with function words or foreign
    particles inside ("Return to Innocence", "Caxias do Sul", "Via dei Fiorentini")."""
    capitals = [i for i in range(start, end) if doc[i].text[:1].isupper()]
    if len(capitals) < 2 or doc.lang_ != "en":
        return [(start, end)]
    is_word, stops = dictionary_test("en"), stop_words("en")
    cuts = [i for i in range(capitals[0] + 1, capitals[-1])
            if doc[i].is_alpha and doc[i].is_lower and len(doc[i]) >= 3 and doc[i].whitespace_
            and doc[i - 1].whitespace_ and doc[i].lower_ not in stops and doc[i].lower_ not in NAME_CONNECTORS
            and is_word(doc[i].lower_)]
    if not cuts:
        return [(start, end)]
    parts = []
    for begin, stop in zip([start] + [c + 1 for c in cuts], cuts + [end]):
        if begin != start:
            while begin < stop and doc[begin].lower_ in stops:
                begin += 1  # "in Leeds", "of Tirana": the preposition is the prose's
        if stop != end:
            while stop > begin and doc[stop - 1].lower_ in stops:
                stop -= 1  # "List of" before "mayors"
        if not any(not t.is_punct and t.lower_ not in stops for t in doc[begin:stop]):
            continue
        if begin == start and stop - begin == 1 and zipf(doc[begin].lower_) >= COMMON_PIECE_ZIPF \
                and not {fold_accents(doc[begin].text), fold_accents(doc[begin].lower_)} & known_place_names():
            continue
        parts.append((begin, stop))
    return parts


def sentence_prose(doc: Doc, start: int, end: int, is_given_name: Callable[[str], bool]) -> bool:
    """Whether start:end opens a sentence with a frequent word written in lower case elsewhere and goes on
    in lower-case dictionary words ("Family flowers" of "at 11.30am. Family flowers only", a piece a
    tagger's span took across the full stop): the sentence's words, no name ("Will called" is a given name,
    "Brown left early" a surname). One word alone is prose where it is a verb the writer opens with before
    an "-ing" word ("Love climbing", `OPENING_VERBS`), a letter's "Love from", or a post's opener
    ("Throwaway because", "Edit for typos", `POST_OPENERS`)."""
    first = doc[start]
    verb = end - start == 1 and end < len(doc) and bool(first.whitespace_) and (first.lower_ in POST_OPENERS or (
        first.lower_ in OPENING_VERBS and (_gerund(doc[end]) or (first.lower_ == "love" and doc[end].lower_ == "from"))))
    # "Love climbing, bad puns": a verb opening the sentence, no name; "Love from Tom and Anna": a letter's closing
    end += verb
    if end - start < 2 or not first.is_title or not doc[start + 1].is_lower \
            or (is_given_name(first.lower_) and first.lower_ not in POST_OPENERS) \
            or (zipf(first.lower_) < COMMON_PIECE_ZIPF and first.lower_ not in POST_OPENERS) or not _opens_sentence(doc, start) \
            or fold_accents(first.text) in known_place_names() \
            or (first.lower_ in last_names() and not verb):  # "Brown left early"
        return False
    if verb:
        return True
    is_word = dictionary_test("en")
    return all(t.is_lower and t.is_alpha and is_word(t.lower_) and t.lower_ not in NAME_CONNECTORS
               for t in doc[start + 1:end])  # "Kid vs. Kat" is a title


def _gerund(token) -> bool:
    """A lower-case word ending in "-ing" ("climbing", "waiting"): what an opening verb takes ("Love climbing")."""
    return token.is_lower and token.is_alpha and len(token) >= 5 and token.text.endswith("ing")


_SENTENCE_ENDS = frozenset(".!?:;•*")


def _opens_sentence(doc: Doc, i: int) -> bool:
    """Whether token i opens a sentence or a line (read on the tokens: no rows of the whole document)."""
    j = i - 1
    while j >= 0 and doc[j].is_space:
        if "\n" in doc[j].text:
            return True
        j -= 1
    return j < 0 or doc[j].text in _SENTENCE_ENDS or "\n" in doc[j].whitespace_
