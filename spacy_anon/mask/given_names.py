"""Given names a tagger labelled as something else: "kayleigh's 21st" (a place), "Kowalski, Jan" (the month
"Jan"), "Kowalski, Zofia" (a place). A rare given name in the possessive that names no known place is a person,
and so is a given name written after a surname and a comma, as lists and forms invert a name; in a form's
name field the two are one person ("PATIENT: HENDERSON, MARGARET", "Manager: Holt, Vanessa"), and so are a
given name and the rare word after it that a tagger gave spans of their own ("Karen" + "Whitley")."""
import re
from typing import Callable, List, Optional, Tuple

from spacy.tokens import Span

from spacy_anon.extensions import doc_text, span_getter
from spacy_anon.lexicon.generic_words import zipf
from spacy_anon.lexicon.given_names import SHORT_GIVEN_NAMES
from spacy_anon.lexicon.place_names import fold_accents, known_place_names
from spacy_anon.mask.handles import NAME_ZIPF
from spacy_anon.mask.name_context import NAME_FIELD, TITLE_HONORIFICS, after_person_word
from spacy_anon.rules.recognizers.names import last_names, world_given_names

POSSESSIVE_ENDINGS = frozenset(("'s", "’s", "'", "’"))
PAIR_WORD_ZIPF = 3.5  # a word rarer than this beside a given name may be a given name no list holds ("Jess")
RARE_NAME_ZIPF = 3.5  # a given name this rare as a word ("kayleigh" 2.4, "zofia" 1.6; not "chase" 4.4)
# the labels a tagger gives a given name by mistake: a month's abbreviation ("Jan"), a place, an organisation
MISTAKEN_LABELS = frozenset({"LOC", "ORG", "DATETIME", "MISC"})


_CALL_BEFORE = re.compile(r"(?i)\b(?:call|ring|text|phone|contact|ask(?:[ \t]+for)?|speak[ \t]+to|talk[ \t]+to|email|"
                          r"e-mail|message|ping|tell|see)[ \t]+$")  # "see Jess in Accounts"
_NUMBER_AFTER = re.compile(r"[ \t]+on[ \t]+[+(\d]")


_PERSON_WORD_BRACKET = re.compile(r"(?i)\b(?:boss|manager|supervisor|friend|neighbou?r|colleague|coworker|partner|ex|"
                                  r"husband|wife|boyfriend|girlfriend|son|daughter|mum|mom|dad|teacher|landlord|landlady|"
                                  r"flatmate|housemate|roommate|carer|cousin|brother|sister)[ \t]*\($")


_INTRODUCED_BEFORE = re.compile(r"(?i)\b(?:it['’]?s|this[ \t]+is|i['’]m|i[ \t]+am)[ \t]+$")
_FROM_AFTER = re.compile(r"[ \t]+from[ \t]+")


def introduced_name(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is one capitalised word, no dictionary word or known place, between "it's" (or
    "this is", "I'm") and "from": the writer introducing themselves ("Hey its Tash from the Bristol team")."""
    word = text[start:end]
    return _GREETED.fullmatch(word) is not None and zipf(word.lower()) < RARE_NAME_ZIPF \
        and fold_accents(word) not in known_place_names() and _FROM_AFTER.match(text, end) is not None \
        and _INTRODUCED_BEFORE.search(text, max(0, start - 12), start) is not None


# a declaration's or a statement's opening: "I, Olumide Adeyemi-Cole, of 5 Marlowe Road", "I, Jane Doe, make oath"
_DECLARANT_BEFORE = re.compile(r"(?:^|(?<=[\n.:]))[ \t]*I,[ \t]+$")
_DECLARANT_NAME = re.compile(r"[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?(?:[ \t]+(?:[A-Z]\.?|[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?)){1,3}")


def declarant(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is two to four capitalised words between a sentence's "I," and a comma ("I,
    Olumide Adeyemi-Cole, of 5 Marlowe Road, make this statutory declaration"): the one who declares."""
    return _DECLARANT_NAME.fullmatch(text, start, end) is not None and text[end:end + 1] == "," \
        and _DECLARANT_BEFORE.search(text, max(0, start - 8), start) is not None


def named_in_brackets(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a listed given name opening a bracket after a word for a person ("My boss
    (Gary, the regional manager ...)": that person's name, though Gary, Indiana is a town), or alone in its
    brackets and no known place ("legal (Sam)")."""
    word = text[start:end]
    alone = text[start - 1:start] == "(" and text[end:end + 1] == ")" and fold_accents(word.lower()) not in \
        known_place_names()  # "Contract goes to legal (Sam) for review": who, in the team named before
    return _GREETED.fullmatch(word) is not None and word.lower() in world_given_names() \
        and (alone or _PERSON_WORD_BRACKET.search(text, max(0, start - 16), start) is not None)


def called_on_number(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is one capitalised word, no known place, after "call" (or "ring", "text",
    "contact", "ask for"...) and before "on" and a number, or a listed given name there: someone to call
    ("Please call Steph on 07700 900461", "contact Sunita in Finance"), for a span a tagger called a place
    (a firm called so is an organisation: "call Barclays on 0345 ...")."""
    word = text[start:end]
    return _GREETED.fullmatch(word) is not None and fold_accents(word) not in known_place_names() \
        and _CALL_BEFORE.search(text, max(0, start - 16), start) is not None \
        and (_NUMBER_AFTER.match(text, end) is not None or word.lower() in world_given_names()
             or word.lower() in SHORT_GIVEN_NAMES)  # "see Jess in Accounts"


# a greeting that opens its line before one capitalised word: the reader's name ("G'day Mick,", "Hi Anya")
_GREETING_BEFORE = re.compile(r"(?:^|\n)[ \t]*(?i:hi|hello|hey|hiya|g['’]?day|morning|afternoon|evening|"
                              r"good[ \t]+(?:morning|afternoon|evening))[ \t,]+$")
_GREETED = re.compile(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?")
SALUTATIONS = frozenset("team all everyone folks guys there sir madam world".split())


def greeted_name(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is one capitalised word a greeting opens its line with, then a comma, a "!"
    or the line's end ("G'day Mick,", "Hi Anya!"): the reader's name ("Hi Team", "Hello World" are no one;
    a known place keeps its label: "Hello Leeds!")."""
    return _GREETED.fullmatch(text, start, end) is not None and text[start:end].lower() not in SALUTATIONS \
        and fold_accents(text[start:end].lower()) not in known_place_names() \
        and _GREETING_BEFORE.search(text, max(0, start - 24), start) is not None \
        and re.match(r"[ \t]*(?:[,!.]|\n|$)", text[end:end + 3]) is not None


_THANKS_BEFORE = re.compile(r"(?i)\b(?:shout[ \-]?out|thanks|thank[ \t]+you|congrats|congratulations|kudos|big[ \t]+up)"
                            r"[ \t]+to[ \t]+$")


def thanked_name(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is one given name, no known place, after "shoutout to", "thanks to",
    "congrats to" ("Shoutout to Morag at the Ferry Boat Inn"): someone thanked, for a span a tagger called
    a place."""
    word = text[start:end]
    return _GREETED.fullmatch(word) is not None and fold_accents(word.lower()) not in known_place_names() \
        and (word.lower() in world_given_names() or word.lower() in SHORT_GIVEN_NAMES or zipf(word.lower()) < 2.5) \
        and _THANKS_BEFORE.search(text, max(0, start - 24), start) is not None  # "Morag": rare, no place


def rare_given_name(piece: Span, is_given_name: Callable[[str], bool]) -> bool:
    """Whether `piece` (a tagger's LOC or ORG) is one given name in the possessive or typed in lower case, not
    in capitals, rare as a word and no known place ("kayleigh's 21st", "Zofia's", "pick up jayden from school";
    not "Chelsea's", "returned to Feliciano", "flew to paris")."""
    words = [t for t in piece if t.lower_ not in POSSESSIVE_ENDINGS and not (t.lower_ == "s" and t.i > piece.start
                                                                              and piece.doc[t.i - 1].lower_ in ("'", "’"))]
    if len(words) != 1 or (len(words) == len(piece) and not words[0].is_lower) or piece.label_ not in ("LOC", "ORG") \
            or not words[0].is_alpha or words[0].text.isupper():
        return False  # the possessive or lower case only ("returned to Feliciano" is a place), not a note's capitals
    word = words[0].lower_
    return is_given_name(word) and zipf(word) < RARE_NAME_ZIPF and fold_accents(word) not in known_place_names()


def given_after_surname(spans: List[Span], text: str, relabel: Callable[[Span, str], Span],
                        is_given_name: Callable[[str], bool]) -> List[Span]:
    """`spans` with a tagger's one-word span of `MISTAKEN_LABELS` that is a given name, no known place, right
    after a person's span and ", " ("Kowalski, Jan", "Kowalski, Zofia (child)") relabelled PERSON."""
    out: List[Span] = []
    for span in spans:
        prev = out[-1] if out else None
        if prev is not None and prev.label_ == "PERSON" and span.label_ in MISTAKEN_LABELS and len(span) == 1 \
                and text[prev.end_char:span.start_char] == ", " and span[0].is_title and not _by_rule(span) \
                and is_given_name(span[0].lower_) and fold_accents(span[0].lower_) not in known_place_names():
            was = span.label_
            span = relabel(span, "PERSON")
            if span_getter("anon_type")(span) == was:
                span._.anon_type = "PERSON"  # the old category as its type ("Jan" typed DATETIME) goes with it
        out.append(span)
    return out


# a title right before a given name ("Dr Rose Cook", "Nurse Will Baker"): a capitalised word after the pair is
# the surname even when it is a frequent word
TITLES = TITLE_HONORIFICS | frozenset("professor nurse sister rev revd".split())


def titled(text: str, start: int, end: int) -> bool:
    """Whether the name text[start:end] follows a title ("Dr Rose", "Nurse Will")."""
    return after_person_word(text, start, end, TITLES)


def surname_after_given(prev: Span, span: Span, is_given_name: Callable[[str], bool]) -> bool:
    """Whether a tagger's PERSON `prev` is one given name and `span` one capitalised word, no frequent one,
    or `prev` one word after a title and `span` a listed surname ("Dr Rose" + "Cook", "Dr Faith" + "Cook")."""
    word = span.text
    if not (prev.label_ == "PERSON" and prev.doc is span.doc and len(prev) == 1 and prev.text.istitle()
            and len(span) == 1 and word[:1].isupper() and word[1:].islower()):
        return False
    text = doc_text(prev.doc)
    if titled(text, prev.start_char, prev.end_char) and word.lower() in last_names():
        return True  # "Dr Faith" + "Cook": the name after a title, a listed surname after it
    return is_given_name(prev[0].lower_) and zipf(word.lower()) < NAME_ZIPF


def join_given_and_surname(spans: List[Span], text: str, relabel: Callable[[Span, str], Span],
                           is_given_name: Callable[[str], bool]) -> List[Span]:
    """`spans` with a tagger's given name and the surname a span of its own right after it (one space
    between) joined: "Present: Karen Whitley (chair)" decided as "Karen" and "Whitley"."""
    return _join_pairs(spans, lambda prev, span: span.label_ == "PERSON" and text[prev.end_char:span.start_char] == " "
                       and surname_after_given(prev, span, is_given_name),
                       lambda prev, span: _joined(prev, span, relabel, ("anon_entity",)))


def join_inverted_names(spans: List[Span], text: str, relabel: Callable[[Span, str], Span],
                        is_given_name: Callable[[str], bool] = lambda w: False) -> List[Span]:
    """`spans` with a tagger's surname and given name, two PERSON spans of one word each written "SURNAME,
    Given" as a form's name field holds them ("PATIENT: HENDERSON, MARGARET"), joined into one person: one
    entity, one replacement (two would say two people). The field opens the line right before the surname;
    a list ("Present: Anna, Bob, Carla") is no name field. A surname in capitals that opens its line before
    a person's given names, as a notice or a register writes a name ("PEMBERTON, Arthur James, died
    peacefully"), is joined to them whatever label the tagger gave it."""
    def field(prev: Span, span: Span) -> bool:  # the given names may be two or three ("ELLIS, Barbara Jean")
        return prev.label_ == span.label_ == "PERSON" and len(prev) == 1 and len(span) <= 3 \
            and NAME_FIELD.fullmatch(text, text.rfind("\n", 0, prev.start_char) + 1, prev.start_char) is not None

    def notice(prev: Span, span: Span) -> bool:
        return span.label_ == "PERSON" and prev.label_ in MISTAKEN_LABELS | {"PERSON"} and len(prev) == 1 \
            and prev.text.isupper() and prev.text.isalpha() and len(prev.text) > 2 and not span.text.isupper() \
            and span[0].is_title and is_given_name(span[0].lower_) \
            and not text[text.rfind("\n", 0, prev.start_char) + 1:prev.start_char].strip() \
            and not {fold_accents(prev.text), fold_accents(prev.text.lower())} & known_place_names()  # "LONDON, Sarah said"

    def join(prev: Span, span: Span) -> Span:
        if prev.label_ == "PERSON":
            return _joined(prev, span, relabel, ("anon_type",))
        return _joined(relabel(prev, "PERSON"), span, relabel, ())  # the type is the person's, decided anew

    return _join_pairs(spans, lambda prev, span: text[prev.end_char:span.start_char] == ", "
                       and (field(prev, span) or notice(prev, span)), join)


_TRAILING_INITIAL = re.compile(r"[ \t]+[A-Z]\.?(?=[ \t]*(?:$|\n|[,;]))", re.MULTILINE)


def with_inverted_initials(spans: List[Span], text: str, relabel: Callable[[Span, str], Span]) -> List[Span]:
    """`spans` with a person's name written "SURNAME, GIVEN" grown over the middle initial that ends it on its
    line ("Name: GONZALEZ, MARIA L": the "L" stayed in clear)."""
    out: List[Span] = []
    for i, span in enumerate(spans):
        nxt = spans[i + 1].start_char if i + 1 < len(spans) else len(text)
        match = _TRAILING_INITIAL.match(text, span.end_char) if span.label_ == "PERSON" and ", " in span.text \
            and "\n" not in span.text else None
        grown = span.doc.char_span(span.start_char, match.end()) if match is not None and match.end() <= nxt else None
        out.append(_joined(span, grown, relabel, ("anon_type", "anon_entity")) if grown is not None else span)
    return out


# a given name, the name the person goes by in quotes or brackets, and the surname ('Thomas "Tommy" Baines'):
# groups 1, 2 and 3
_NICKNAMED = re.compile(r"([A-Z][a-z]+)[ \t]+[\"“‘'(]([A-Z][a-z]+)[\"”’')][ \t]+([A-Z][\w'’]+(?:-[A-Z][\w'’]+)?)")


def with_nicknamed_names(spans: List[Span], text: str, relabel: Callable[[Span, str], Span]) -> List[Span]:
    """`spans` with a person's name that holds the name they go by, in quotes or brackets, made three PERSON
    spans (the given name, the name gone by, the surname, as a tagger that reads them apart gives them) where
    a tagger's PERSON span in it runs over a quote ('Thomas "Tommy' of 'Thomas "Tommy" Baines': "Baines"
    stayed in clear) or a part is under another label ('Margaret "Peggy" Okonkwo-Hill', the surname two
    organisations)."""
    for match in _NICKNAMED.finditer(text):
        inside = [s for s in spans if s.start_char < match.end() and match.start() < s.end_char]
        person = next((s for s in inside if s.label_ == "PERSON" and not _by_rule(s)), None)
        if person is None or any(s.start_char < match.start() or s.end_char > match.end() or _by_rule(s) for s in inside):
            continue
        parts = [match.span(k) for k in (1, 2, 3)]
        if all(s.label_ == "PERSON" and (s.start_char, s.end_char) in parts + [match.span()] for s in inside):
            continue  # the whole a person, or each part one already, or some left to the name's other mentions
        made = [_part_of(person, start, end, relabel) for start, end in parts]
        if any(m is None for m in made):
            continue
        spans = sorted([s for s in spans if s not in inside] + made, key=lambda s: (s.start_char, s.end_char))
    return spans


def _part_of(person: Span, start: int, end: int, relabel: Callable[[Span, str], Span]) -> Optional[Span]:
    """A PERSON span over text[start:end] with `person`'s source, score and identifier type."""
    tokens = person.doc.char_span(start, end)
    if tokens is None:
        return None
    part = relabel(Span(person.doc, tokens.start, tokens.end, label="PERSON"), "PERSON")
    for name in ("anon_source", "anon_score", "anon_identifier"):
        value = span_getter(name)(person)
        if value is not None:
            setattr(part._, name, value)
    return part


def given_name_pair(piece: Span, label: str, is_given_name: Callable[[str], bool]) -> Optional[List[Tuple[int, int]]]:
    """The token ranges of two people joined by "&" or "and" that a tagger read as one organisation or place
    ("Lyn & Dave from Wrexham", "Tom and Lucy", "Anna D'Souza and Tom O'Brien"): two people, each a person;
    else None. Each side is one to three capitalised words opening with a given name (one given name may
    stand beside a rare word no surname list holds: "Jess & Tom"; not "Simon & Schuster", "Marks & Spencer",
    firms named after their founders)."""
    if label not in MISTAKEN_LABELS or not any(t.lower_ in ("&", "and") for t in piece):
        return None
    words = [t for t in piece if not t.is_space and t.lower_ not in POSSESSIVE_ENDINGS]  # "Jess & Tom's wedding"
    joins = [k for k, t in enumerate(words) if t.lower_ in ("&", "and")]
    if len(joins) != 1 or label not in MISTAKEN_LABELS:
        return None
    left, right = words[:joins[0]], words[joins[0] + 1:]
    if not (1 <= len(left) <= 3 and 1 <= len(right) <= 3) or not all(
            t.is_title or (t.text in ("'", "’", "-") and k not in (0, len(side) - 1))
            or (t.i > 0 and t.doc[t.i - 1].text in ("'", "’") and not t.doc[t.i - 2].whitespace_)
            for side in (left, right) for k, t in enumerate(side)):
        return None
    given = [is_given_name(side[0].lower_) for side in (left, right)]
    if len(left) == len(right) == 1:
        if not any(given) or not all(g or (zipf(side[0].lower_) < PAIR_WORD_ZIPF and side[0].lower_ not in last_names())
                                     for g, side in zip(given, (left, right))):
            return None
    elif not all(given):
        return None
    return [(left[0].i, left[-1].i + 1), (right[0].i, right[-1].i + 1)]


# an Irish, Italian or French surname with its apostrophe after a name a tagger ended before it ("MRS JANET"
# + "O'HARE", "Anna" + "D'Souza"): the tokenizer splits it in three and the tagger stops at the apostrophe
_APOSTROPHE_SURNAME = re.compile(r"[ \t][OoDd]['’](?!(?i:clock)\b)[A-Za-z][A-Za-z\-]{1,30}\b")
# the second half of a double-barrelled surname the tagger stopped before ("Beatrice Fanshawe" + "-Hill")
_HYPHENED_HALF = re.compile(r"-[A-Z][a-z'’]{1,30}(?:-[A-Z][a-z'’]{1,30})?(?![\w\-])")


_NEXT_CAPITALISED = re.compile(r"[ \t]([A-Z][a-z'’\-]{1,30})(?![\w'’\-])")


def with_undetected_surnames(spans: List[Span], text: str, relabel: Callable[[Span, str], Span],
                             is_given_name: Callable[[str], bool]) -> List[Span]:
    """`spans` with a tagger's PERSON span of one given name grown over the capitalised word right after it
    that no span covers, rare as a word and no known place ("Sam" + "Reilly (union rep)" of "Attendees: ...,
    Sam Reilly"), or a one-word PERSON after a title grown over a listed surname ("Dr Faith" + "Cook"): the
    surname the tagger left in clear."""
    out: List[Span] = []
    for i, span in enumerate(spans):
        nxt = spans[i + 1].start_char if i + 1 < len(spans) else len(text)
        one = span.label_ == "PERSON" and len(span) == 1 and span.text.istitle() and not _by_rule(span)
        after_title = one and titled(text, span.start_char, span.end_char)
        match = _NEXT_CAPITALISED.match(text, span.end_char) if one and (after_title or is_given_name(span[0].lower_)) \
            else None
        word = match.group(1) if match is not None else ""
        grown = span.doc.char_span(span.start_char, match.end()) if match is not None and match.end() <= nxt and (
            (after_title and word.lower() in last_names())  # "Dr Faith" + "Cook"
            or (is_given_name(span[0].lower_) and zipf(word.lower()) < NAME_ZIPF
                and not {fold_accents(word), fold_accents(word.lower())} & known_place_names()
                and not is_given_name(word.lower()))) else None
        out.append(_joined(span, grown, relabel, ("anon_type", "anon_entity")) if grown is not None else span)
    return out


def with_apostrophe_surnames(spans: List[Span], text: str, relabel: Callable[[Span, str], Span]) -> List[Span]:
    """`spans` with each tagger's PERSON span grown over an apostrophe surname or the second half of a
    double-barrelled one right after it ("O'HARE", "-Hill")."""
    out: List[Span] = []
    for i, span in enumerate(spans):
        nxt = spans[i + 1].start_char if i + 1 < len(spans) else len(text)
        match = (_APOSTROPHE_SURNAME.match(text, span.end_char) or _HYPHENED_HALF.match(text, span.end_char)) \
            if span.label_ == "PERSON" and not _by_rule(span) else None
        grown = span.doc.char_span(span.start_char, match.end()) if match is not None and match.end() <= nxt \
            and text[span.end_char + 1:span.end_char + 2].isalpha() else None
        out.append(_joined(span, grown, relabel, ("anon_type", "anon_entity")) if grown is not None else span)
    return out


def _by_rule(span: Span) -> bool:
    return str(span_getter("anon_source")(span) or "").startswith(("rules.", "custom."))


def _join_pairs(spans: List[Span], joins: Callable[[Span, Span], bool],
                join: Callable[[Span, Span], Span]) -> List[Span]:
    """`spans` with each tagger's span that `joins` the one before it (neither a rule's) joined to it."""
    out: List[Span] = []
    for span in spans:
        prev = out[-1] if out else None
        if prev is not None and not _by_rule(prev) and not _by_rule(span) and joins(prev, span):
            out[-1] = join(prev, span)
        else:
            out.append(span)
    return out


def _joined(prev: Span, span: Span, relabel: Callable[[Span, str], Span], also: tuple) -> Span:
    """prev..span as one span under prev's label, with prev's source, score, identifier type and `also`."""
    joined = relabel(Span(prev.doc, prev.start, span.end, label=prev.label_), prev.label_)
    for name in ("anon_source", "anon_score", "anon_identifier") + also:
        value = span_getter(name)(prev)
        if value is not None:
            setattr(joined._, name, value)
    return joined
