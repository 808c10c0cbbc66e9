"""The edges of a name span: punctuation and function words at its ends are no part of the name ("you
Douglas", "Prosecutor at the"), nor a kinship word before it ("children Kai"); `span_kinds` trims each piece
of a tagger's span with `trim_lower_edges`. Pure functions over a Doc's tokens."""
import re
from typing import Tuple

from spacy.tokens import Doc

from spacy_anon.lexicon.category_words import trait_words
from spacy_anon.lexicon.generic_words import dictionary_test, folded, is_past_or_progressive
from spacy_anon.mask.name_context import capitalised_opener
from spacy_anon.mask.person_starts import kin_lead
from spacy_anon.tagger.span_filters.names import NAME_PARTICLES


def has_capitals(doc: Doc, start: int, end: int) -> bool:
    """Whether a token of start:end opens with a capital (in lower case, case says nothing)."""
    return any(doc[i].text[:1].isupper() for i in range(start, end))


EDGE_LINKS = frozenset("of and by from to at in on for with".split())  # in capitals, never a name's last word
# what a firm is to someone, written in lower case before its name ("insurer Direct Line", "my landlord Clarion
# Housing", "employer Tesco"): the relation, no part of the name
RELATION_LEADS = frozenset("insurer insurers employer employers landlord landlords lender lenders provider "
                           "providers supplier suppliers broker brokers carrier courier bank solicitors "
                           "accountants agency".split())


def relation_lead(doc: Doc, start: int, end: int) -> bool:
    """Whether token `start` is a firm's relation to someone in lower case before a capitalised word of the
    span (`RELATION_LEADS`)."""
    return start + 1 < end and doc[start].is_lower and doc[start].text in RELATION_LEADS \
        and doc[start + 1].text[:1].isupper()


# a preposition of place between a tagger's lower-case words and the capitalised name they ran into ("uniform on
# Broad Street": the name starts after it; not "of": "the northern part of Cyprus" is one description)
PLACE_LINKS = frozenset("on in at near from to into onto by outside inside".split())
# ... unless those words name a place themselves: "the post office in Adare", "a safe house in Patrickswell" are
# one description of a place, as court judgments mark them
PLACE_NOUNS = frozenset("house houses home homes flat flats apartment office offices shop shops store farm school "
                        "station hospital church village town city area district street road estate building "
                        "premises cafe pub bar restaurant hotel prison camp centre center region part province "
                        "county site field land property plot garage factory warehouse park border".split())


def lower_lead_end(doc: Doc, start: int, end: int) -> int:
    """Where the name starts in start:end when the span opens with lower-case words only, none a place's
    noun (`PLACE_NOUNS`), then a preposition of place (`PLACE_LINKS`) and then capitalised words only
    ("uniform on Broad Street" -> "Broad Street"); `start` otherwise."""
    if not doc[start].is_lower or doc[start].lower_ in NAME_PARTICLES or doc[start].lower_ in PLACE_NOUNS:
        return start
    for i in range(start + 1, end - 1):
        tok = doc[i]
        if not (tok.is_lower or tok.is_space) or tok.lower_ in PLACE_NOUNS:
            return start  # a capitalised word before any preposition, or a place's noun: not this shape
        if tok.lower_ in PLACE_LINKS and all(doc[k].is_title or doc[k].is_upper or doc[k].text in ("&", "'s", "’s", "-")
                                             for k in range(i + 1, end) if not doc[k].is_space):
            return i + 1
    return start


# verbs whose object is a person or a company, written before it in lower case ("chase Evri", "ask John")
ADDRESSING_VERBS = frozenset("chase call ring phone email e-mail text ask tell contact message ping cc bcc thank "
                             "invite remind inform notify update pay refund escalate forward".split())


def verb_lead(doc: Doc, start: int, end: int) -> bool:
    """Whether token `start` is a verb in lower case before a capitalised word of the span: its "-ing" form
    ("Thanks for calling Direct Line") or a verb whose object is someone ("can someone chase Evri?"): the
    sentence's verb, no part of the name."""
    tok = doc[start]  # "-ing" only: "united State of Kurdistan", "licensed Premises" are an adjective's
    return tok.is_lower and start + 1 < end and doc[start + 1].text[:1].isupper() and (
        tok.lower_ in ADDRESSING_VERBS
        or tok.lower_.endswith("ing") and is_past_or_progressive(tok.lower_, dictionary_test("en")))


def trim_lower_edges(doc: Doc, start: int, end: int) -> Tuple[int, int]:
    """start:end without the punctuation and lower-case function words at its edges ("you Douglas",
    "Fernhill Dental and the two", "Prosecutor at the") when it has a capitalised word: a name written
    with capitals does not begin or end with one (a name particle such as "van" or "de" stays before a
    name, and content words stay: "the northern part of Cyprus" is one description)."""
    if not has_capitals(doc, start, end):
        return start, end

    def lower(i: int, particles_stay: bool = True) -> bool:
        tok = doc[i]
        if not particles_stay and tok.is_upper and tok.lower_ in EDGE_LINKS:
            return True  # "MRS JANET O'HARE OF" in capitals
        return (tok.is_punct and tok.text not in ("&", "'", "’")) or tok.is_space or (
            tok.text[:1].islower() and (tok.is_stop or tok.lower_ in ("till", "til", "vs", "v", "versus"))
            and not (particles_stay and tok.lower_ in NAME_PARTICLES))
    if folded(doc[start].text) in trait_words() and not any(doc[i].text[:1].isupper() for i in range(start + 1, end)):
        return start, end  # "Portuguese doctoral student": a trait and what it describes (`category_by_shape`)
    start = lower_lead_end(doc, start, end)
    while start < end and (lower(start, particles_stay=doc[start].lower_ not in ("of", "v", "vs"))
                           or capitalised_opener(doc, start, end) or kin_lead(doc, start, end)
                           or relation_lead(doc, start, end) or verb_lead(doc, start, end)):
        start += 1  # a name may open with "van" or "de", never with "of" ("out of the Tesco")
    while end > start and lower(end - 1, particles_stay=False) and not (doc[end - 1].is_alpha and not doc[end - 2].whitespace_) \
            and not abbreviation_stop(doc, end - 1):
        end -= 1  # a word glued to the one before stays ("6pm")
    return start, end


# a dotted abbreviation without its final full stop, as the tokenizer leaves it before more stops ("S.A" of
# "S.A..")
DOTTED = re.compile(r"(?:[^\W\d_]{1,3}\.)+[^\W\d_]{1,3}")


def abbreviation_stop(doc: Doc, i: int) -> bool:
    """Whether doc[i] is full stops glued to a dotted abbreviation ("Foo S.A" + ".."): the first is the
    abbreviation's own, so the name ends after it (cut, a surrogate's "S.L." and the sentence's stop
    doubled: "S.L.. Fin.")."""
    return i > 0 and set(doc[i].text) == {"."} and not doc[i - 1].whitespace_ \
        and DOTTED.fullmatch(doc[i - 1].text) is not None


# a company's legal form written with its full stop, which may end the sentence too ("Harbour Foods Ltd.
# Hearing listed for ...")
DOTTED_LEGAL_FORMS = frozenset("ltd inc plc llc llp corp co".split())


def legal_form_end(doc: Doc, start: int, end: int, is_name_word) -> int:
    """The end of start:end cut after a legal form and its full stop when all that follows in the span is
    dictionary words that open the next sentence and name no one ("Harbour Foods Ltd. Hearing" -> "Harbour
    Foods Ltd"); `end` otherwise ("Acme Ltd. Holdings" stays: "holdings" is a name's word after a form too,
    so only a capitalised dictionary word that is no organisation head is cut)."""
    is_word = dictionary_test("en")
    for k in range(start + 1, end - 1):
        dotted = doc[k].text.endswith(".") and folded(doc[k].text[:-1]) in DOTTED_LEGAL_FORMS or (
            folded(doc[k].text) in DOTTED_LEGAL_FORMS and doc[k + 1].text == "." and k + 2 < end)
        if not dotted:
            continue
        cut = k + 1  # the full stop, a token of its own, is the sentence's
        rest = [t for t in doc[cut:end] if not t.is_space and t.text != "."]
        if rest and rest[0].is_title and all(t.is_alpha and is_word(t.lower_) and not is_name_word(t.lower_)
                                             for t in rest):
            return cut
    return end
