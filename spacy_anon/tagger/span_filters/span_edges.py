"""The span filter that cuts a span where it runs from one name or value into the text around it: across a
sentence end ("Ama. Recovery key", "dee. rest day"), a line break or a gap of spaces between fields, over a
word that joins two names ("Tesco on Gorgie Road", "Galway and Dublin", "Mrs Halima Yusuf of 12 Brook
Road", "drop at 16 Cowley Road by driver D. Green"), and from an identifier or date into the field words
and verbs around it ("Invoice INV-20931 overdue", "registration BK68 HZU", "CV dated March 2025").

A CRF decides each token from a small window, so a span runs on while the next token still looks like the
one before. The pieces a cut leaves keep a span each when they hold a name or a value (a word written with
a capital that is no sentence-opening dictionary word, a gazetteer name or place, a digit), each with its
own label: a house number and street is an address, a time a date, initials and a surname a person. The
loose words still at a piece's edges are left to `name_tails`, which runs next.
"""
import re
from typing import FrozenSet, List, Optional, Sequence, Tuple

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.errors import Errors
from spacy_anon.lexicon.category_words import MONTHS
from spacy_anon.lexicon.institution_names import COMPANY_FORMS
from spacy_anon.lexicon.generic_words import WEEKDAYS, folded, is_past_or_progressive, is_verb_form
from spacy_anon.lexicon.place_names import fold_accents, known_place_names
from spacy_anon.rules.recognizers.addresses import BUILDING_WORDS, STREET_TYPE_WORDS
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, doc_rows
from spacy_anon.tagger.span_filters.generic_words import HONORIFICS, NUMBER_WORDS, starts_sentence
from spacy_anon.tagger.span_filters.name_tails import BODY_WORDS, POSSESSIVES, TailWords
from spacy_anon.tagger.span_filters.names import NAME_PARTICLES
from spacy_anon.tagger.span_filters.routes import PLACE_PARTICLES
from spacy_anon.tagger.span_filters.written_evidence import NAME_HEADS

Word = Tuple[int, int]  # (first token, end token) of a run of tokens written together
# Words a full stop follows inside a name: abbreviations ("St. Luke's", "Dr. Osagie", "Apex Ltd. Group").
ABBREVIATIONS = frozenset("st dr mr mrs ms mx prof rev fr sr jr ltd co inc corp plc no nos vol dept univ ave rd "
                          "mt ft gen col capt lt sgt cpl hon esq bros etc vs approx".split())
SENTENCE_ENDS = frozenset(".!?")
# Lower-case words that join two names into two mentions: "Tesco on Gorgie Road", "at 16 Cowley Road by ...".
SPLITTERS = frozenset("on at by near via with from during after before since until till about into onto "
                      "outside inside opposite behind beside".split())
# Lower-case words after which a person's name ends and the body the person turns to begins ("Dr Darby to the
# Administrative Court of Appeal", "Mr Smith in the High Court")
PERSON_TO_BODY = frozenset("to for in against before".split())
# the heads of a public body's or an organisation's name (not of a street: "Mr Lane in Church Street" keeps
# its label)
INSTITUTION_HEADS = NAME_HEADS - STREET_TYPE_WORDS
# the last words of a house's, a farm's or a street's name ("Meadow Farm", "Rose Cottage", "Church Lane")
PLACE_HEADS = STREET_TYPE_WORDS | frozenset(w.lower() for w in BUILDING_WORDS)
# Words after "on"/"upon" in one place name ("Newcastle upon Tyne", "Southend on Sea", "Henley on Thames").
RIVERS = frozenset("tyne thames trent sea avon tees wye severn dee hill hudson main rhine".split())
# Words of a date or time that a date span may open with ("last Tuesday", "early 2020", "mid-March").
DATE_WORDS = MONTHS | WEEKDAYS | NUMBER_WORDS | frozenset(
    "last next this every each early late mid end beginning start middle spring summer autumn fall winter "
    "christmas easter new year years eve day days night nights morning mornings afternoon evening week weeks "
    "weekend month months today tomorrow yesterday tonight noon midnight am pm the of ago hour hours minute "
    "minutes quarter half past following coming preceding".split())
INITIAL = re.compile(r"^[A-Z]\.$")  # "D." of "D. Green"
YEAR_END = re.compile(r"(?:1[89]|20)\d\d(?:/\d{1,4})?$")  # a word ending in a year ("2007", "1996/97")
TIME = re.compile(r"^\d{1,2}([:.]\d{2})?\s?(am|pm|a\.m\.|p\.m\.)?$|^\d{1,2}[:.]\d{2}$", re.I)


def written_together(doc: Doc, start: int, end: int) -> List[Word]:
    """The span's words: runs of tokens with no space between them ("INV-20931", "6pm", "Ama.")."""
    rows = doc_rows(doc)
    spaces, spacing = rows.is_space, rows.whitespace
    out: List[Word] = []
    k = start
    while k < end:
        if spaces[k]:
            k += 1
            continue
        s = k
        while k + 1 < end and not spacing[k] and not spaces[k + 1]:
            k += 1
        out.append((s, k + 1))
        k += 1
    return out


def text_of(doc: Doc, word: Word) -> str:
    rows = doc_rows(doc)
    a, b = word
    return "".join(rows.words[k] + rows.whitespace[k] for k in range(a, b - 1)) + rows.words[b - 1] if b > a else ""


def has_digit(text: str) -> bool:
    return any(ch.isdigit() for ch in text)


def code_shaped(text: str) -> bool:
    """An identifier written with letters and two digits or more, or digits joined by a dash or hash
    ("INV-20931", "#SEC-2291", "BK68"), not a time, an ordinal or a year span of dates."""
    text = text.rstrip(".,;:")
    if sum(ch.isdigit() for ch in text) < 2 or TIME.match(text) or re.match(r"^\d+(st|nd|rd|th)$", text, re.I):
        return False
    return any(ch.isalpha() for ch in text) or "#" in text


def sentence_end(doc: Doc, word: Word) -> bool:
    """The word closes a sentence: it ends in a full stop, "!" or "?" that is no initial's ("D. Green")
    or abbreviation's ("St. Luke's")."""
    text = text_of(doc, word)
    if text[-1:] not in SENTENCE_ENDS or len(text) < 2:
        return False
    stem = text.rstrip(".!?")
    return not (len(stem) <= 1 or folded(stem) in ABBREVIATIONS or "." in stem)


def key_colon(ew: "EdgeWords", word: Word) -> bool:
    """The word ends in a colon before a space: a speaker's or a field's key ends there, its words or value
    follow ("Officer Cook: Step out of the car")."""
    return word[1] - word[0] > 1 and ew.words[word[1] - 1] == ":" and bool(ew.spacing[word[1] - 1])


def field_gap(doc: Doc, a: Word, b: Word) -> bool:
    """A line break or a run of two spaces or more between two words: the next field or line."""
    rows = doc_rows(doc)
    between = rows.whitespace[a[1] - 1] + "".join(rows.words[k] + rows.whitespace[k] for k in range(a[1], b[0]))
    return "\n" in between or "  " in between or "\t" in between


def address_like(doc: Doc, start: int, end: int, label: str, labels: "EdgeLabels") -> bool:
    """A place span with a number in it (a house number, a flat, a postcode): an address, which forms and
    letters write over several lines or fields ("25615 Tawastintie 72 Apt. 004\nKNIVSTA, nan 18237")."""
    return label in ("LOC", "GPE", labels.address) and any(has_digit(doc[k].text) for k in range(start, end)) \
        and any(doc[k].text[:1].isupper() for k in range(start, end))


class EdgeWords(TailWords):
    """Per document: the word classes the cuts need, on top of `TailWords`'s."""

    def __init__(self, doc: Doc, names: FrozenSet[str], places: FrozenSet[str], known: FrozenSet[str],
                 given: FrozenSet[str] = frozenset()):
        super().__init__(doc, names, places)
        self.known = known
        self.given = given  # given names (lower case): a piece opening with one is a person

    def listed(self, w: str) -> bool:
        return w in self.names or w in self.places or fold_accents(w) in self.known

    def opener(self, k: int) -> bool:
        """Token k is a dictionary word written with a capital only because it opens the sentence."""
        w = folded(self.as_typed(k))
        return starts_sentence(self.doc, k) and self.is_common(w) and not self.listed(w)

    def named(self, word: Word) -> bool:
        """The word is, or holds, a name or a value (see module)."""
        text = text_of(self.doc, word)
        if has_digit(text) or INITIAL.match(text):
            return True
        return any(self.core(k) and not self.opener(k) for k in range(*word))

    def plain(self, word: Word) -> bool:
        """The word is surely no name: punctuation, a stop word, or a dictionary word no list names that is
        typed in lower case, opens a sentence or stands on a line whose capitals say nothing ("Recovery
        key", "rest day"). A piece of plain words alone is dropped; any other piece keeps a span."""
        if self.named(word):
            return False
        if word[1] < len(self.words) and self.words[word[1]] == ":" \
                and self.is_common(folded(text_of(self.doc, word))):
            return True  # the key of the next field ("AGE:")
        for k in range(*word):
            if not any(ch.isalnum() for ch in self.words[k]):
                continue
            w = folded(self.as_typed(k))
            # a dictionary word that also names some town ("rest", "bath") is plain where typed in lower case
            if not self.alpha[k] or w in self.names or w in self.places or not (w in self.stops or self.is_common(w)):
                return False
            if self.typed(k) and self.mixed(k) and self.as_typed(k)[:1].isupper() and not self.opener(k):
                return False  # a capitalised word inside a sentence: may be a name
        return True

    def lower(self, word: Word) -> bool:
        """A word typed in lower case on a line written in mixed case."""
        text = text_of(self.doc, word)
        return all(self.typed(k) for k in range(*word)) and text.islower() and any(ch.isalpha() for ch in text)


def known_place(words: Sequence[str], known: FrozenSet[str]) -> bool:
    folded_words = [fold_accents(w.lower()) for w in words]
    return " ".join(folded_words) in known or "-".join(folded_words) in known


def join_cut(ew: EdgeWords, words: List[Word], i: int, j: int, label: str, person_labels: FrozenSet[str]) -> bool:
    """Whether the lower-case words words[i:j], between two named words, join two mentions rather than
    belong to one name ("University of Leeds", "Marks and Spencer", "Campaign to Protect Rural England")."""
    doc = ew.doc
    texts = [text_of(doc, w) for w in words[i:j]]
    if any(ch in "()[]" for t in texts for ch in t):
        return False  # a bracket's words go with the name they explain ("Army (an unlawful organisation ...)")
    run = [folded(t).strip(",;:") for t in texts]
    a = i
    while a > 0 and ew.named(words[a - 1]):
        a -= 1
    b = j
    while b < len(words) and ew.named(words[b]):
        b += 1
    left = [text_of(doc, w) for w in words[a:i]]  # the named words right before and after the run
    right = [text_of(doc, w) for w in words[j:b]]
    plain = [w for w in run if w not in ew.stops and w not in SPLITTERS and w not in NAME_PARTICLES
             and w not in PLACE_PARTICLES and w not in BODY_WORDS and w not in NAME_HEADS]
    if plain:  # words of the sentence around a preposition ("confirms drop at", "by driver"), not a description
        # of the place ("at the southern end of the Gulf of Bothnia")
        if len(run) <= 2 and right and code_shaped(right[0]):
            return True  # a field word before an identifier ("Toyota Prius, registration BK68 HZU")
        return len(run) <= 3 and (run[0] in SPLITTERS or run[-1] in SPLITTERS) and "of" not in run \
            and "the" not in run
    if not left:
        return False
    bare = [w for w in run if w != "the"]
    if len(bare) != 1:
        return False
    head = bare[0]
    if head in SPLITTERS:
        return not (head in ("on", "upon") and right and folded(right[0]) in RIVERS) \
            and not known_place(left + run + right, ew.known)
    if head in ("and", "&"):  # two places ("Galway and Dublin"), not "Trinidad and Tobago"
        return run == [head] and known_place(left, ew.known) and known_place(right, ew.known) \
            and not known_place(left + run + right, ew.known)
    if head in ("for", "in", "to") and known_place(left, ew.known) and not known_place(left + run + right, ew.known):
        return True  # a place, then the next mention ("Dublin for Kilcoona GAA")
    if head in ("in", "at") and folded(left[-1]).strip(".") in COMPANY_FORMS | {"co", "limited"} \
            and known_place(right, ew.known):
        return True  # a firm's legal form ends its name ("Hartley & Finch LLP in Leeds")
    if head in PERSON_TO_BODY and (label in person_labels or folded(left[0]) in HONORIFICS) and body_name(right):
        return True  # a person, then the body they turn to ("Dr Darby to the Administrative Court of Appeal")
    if run == ["of"]:  # a person of a place or firm ("Halima Yusuf of 12 Brook Road"), not "Bank of England"
        if right and has_digit(right[0]):
            return True
        titled = folded(left[0]) in HONORIFICS  # "Mrs Okonjo of Meadow Farm": a title and a surname will do
        person = label in person_labels or titled
        return person and len([w for w in left if folded(w) not in HONORIFICS]) >= (1 if titled else 2) and len(right) >= 2
    return False


def body_name(words: Sequence[str]) -> bool:
    """Whether the capitalised `words` (texts) name a public body or an organisation by its head ("the
    Administrative Court of Appeal", "Leeds City Council"), not a person ("Mr Court")."""
    return len(words) >= 2 and folded(words[0]) not in HONORIFICS \
        and any(folded(w) in INSTITUTION_HEADS for w in words[1:])


def piece_label(ew: EdgeWords, words: List[Word], label: str, labels: "EdgeLabels") -> str:
    """A piece's label: an address for a house number and street, a date for a time or a day of a month,
    a person for initials and a surname or for an honorific and a name, an organisation for a body's name
    cut from a person's span ("Dr Darby" and "Administrative Court of Appeal" of "Dr Darby to the
    Administrative Court of Appeal", whichever of the two labels the tagger gave it); else the span's."""
    doc = ew.doc
    texts = [text_of(doc, w) for w in words]
    low = [folded(t) for t in texts]
    if body_name([t for t in texts if t[:1].isupper()]) and texts[0][:1].isupper() and low[0] not in ew.given \
            and (label in labels.persons or low[0] not in HONORIFICS):  # "Margaret Court" stays a person
        return labels.org if label in labels.persons else label
    if label not in labels.persons and len(texts) >= 2 and low[0] in HONORIFICS and texts[1][:1].isupper() \
            and not body_name(texts):
        return labels.person  # "Dr Darby" of "Dr Darby to the Administrative Court of Appeal" read as a body
    if has_digit(texts[0]) and len(texts) >= 2 and low[-1] in STREET_TYPE_WORDS:
        return labels.address
    if label in labels.persons and len(texts) >= 2 and texts[0][:1].isupper() and low[0] not in ew.given \
            and low[0] not in HONORIFICS and low[-1] in PLACE_HEADS:
        return labels.address  # "Meadow Farm" of "Mrs Okonjo of Meadow Farm": a place cut from a person
    if any(TIME.match(t) for t in texts) and all(has_digit(t) or w in DATE_WORDS for t, w in zip(texts, low)):
        return labels.date
    if any(w in MONTHS or w in WEEKDAYS for w in low) \
            and all(has_digit(t) or w in DATE_WORDS for t, w in zip(texts, low)):
        return labels.date
    if label not in labels.persons and len(texts) >= 2 and all(len(t.rstrip(".")) == 1 and t[:1].isupper()
                                                               for t in texts[:-1]) and texts[-1][:1].isupper():
        return labels.person  # "D. Green", "J. K. Rowling"
    return label


def owner_end(ew: EdgeWords, start: int, end: int) -> int:
    """The end of a span whose name is followed by a possessive and words typed in lower case ("kestrel's |
    office", "Tom's | car and van"): the thing owned is no part of the name; after a word ("the applicant's
    brother") it may be the mention itself. Else `end`."""
    doc = ew.doc
    for k in range(start + 1, end - 1):
        poss = doc[k].text in POSSESSIVES or (doc[k].lower_ == "s" and doc[k - 1].text in ("'", "’"))
        owner = k - 2 if doc[k - 1].text in ("'", "’") else k - 1
        if poss and owner >= start and not doc[k - 1].whitespace_ and ew.core(owner) \
                and all(not doc[j].is_alpha or ew.as_typed(j).islower() for j in range(k + 1, end)) \
                and any(doc[j].is_alpha for j in range(k + 1, end)):
            return k + 1
    return end


class EdgeLabels:
    """The labels the cut pieces may take."""

    def __init__(self, person: str, persons: Sequence[str], address: str, date: str, org: str = "ORG"):
        self.person, self.persons, self.address, self.date = person, frozenset(persons), address, date
        self.org = org


def cut_pieces(ew: EdgeWords, start: int, end: int, label: str, labels: EdgeLabels,
               joins: bool = True, lines: bool = True) -> Optional[List[Tuple[int, int, str]]]:
    """The pieces of the span start..end (token start, token end, label) when it is cut, else None; with
    `joins` also at the words that join two names; without `lines` not at sentence ends and field gaps
    (an address is written over lines and gaps: "6750 Koskikatu 25 Apt. 864\nArtilleros\n, CO")."""
    doc = ew.doc
    words = written_together(doc, start, end)
    if len(words) < 2:
        return None
    sentences: List[List[Word]] = [[words[0]]]
    for prev, word in zip(words, words[1:]):
        if lines and (sentence_end(doc, prev) or field_gap(doc, prev, word) or key_colon(ew, prev)):
            sentences.append([])
        sentences[-1].append(word)
    pieces: List[List[Word]] = []
    for sentence in sentences:
        for part in (join_pieces(ew, sentence, label, labels.persons) if joins else [sentence]):
            pieces.extend(clause_pieces(ew, part) if joins else [part])
    if len(pieces) == 1:
        return None
    out = []
    for piece in pieces:
        if not all(ew.plain(w) for w in piece):
            end = piece[-1][1]
            if end - piece[-1][0] > 1 and (sentence_end(doc, piece[-1]) or key_colon(ew, piece[-1])):
                end -= 1  # the full stop that ends the sentence ("Ama."), a key's colon ("Cook:")
            out.append((piece[0][0], end, piece_label(ew, piece, label, labels)))
    return out


def join_pieces(ew: EdgeWords, words: List[Word], label: str, person_labels: FrozenSet[str]) -> List[List[Word]]:
    """The words of one sentence of a span, cut where lower-case words join two named words (`join_cut`);
    only on lines written in mixed case, where a capital is the writer's."""
    named = [ew.named(w) for w in words]
    pieces: List[List[Word]] = []
    begin = 0
    i = 0
    while i < len(words):
        if named[i] or not ew.lower(words[i]) or i == 0:
            i += 1
            continue
        j = i
        while j < len(words) and not named[j] and ew.lower(words[j]):
            j += 1
        # with no named word before the run, only a sentence's opening words are cut off ("Courier confirms
        # drop at 16 Cowley Road"): words typed in lower case may describe the place ("family home in ...")
        opens = any(named[begin:i]) or (ew.typed(words[begin][0]) and ew.opener(words[begin][0]))
        if j < len(words) and named[j] and opens \
                and join_cut(ew, words[begin:], i - begin, j - begin, label, person_labels):
            pieces.append(words[begin:i])  # without a named word: dropped
            begin = j
        i = j
    pieces.append(words[begin:])
    return pieces


CLAUSE_CONJUNCTIONS = frozenset({"and", "but", "or"})
CLAUSE_PREPOSITIONS = frozenset("in at to from for with on near into".split())


def clause_at(ew: EdgeWords, words: List[Word], i: int) -> bool:
    """words[i:i+3] are a conjunction, a verb form and a preposition ("and works in", "AND MOVED TO") typed
    on a line in lower case or in capitals: a new clause, not a name's words."""
    if any(w[1] - w[0] != 1 or ew.mixed(w[0]) for w in words[i:i + 3]):
        return False
    conj, verb, prep = (folded(ew.as_typed(w[0])) for w in words[i:i + 3])
    return conj in CLAUSE_CONJUNCTIONS and prep in CLAUSE_PREPOSITIONS and is_verb_form(verb, ew.is_common)


def clause_pieces(ew: EdgeWords, words: List[Word]) -> List[List[Word]]:
    """The words of a piece cut where a new clause opens on a line whose case says nothing (`clause_at`:
    "co. limerick | and works in | cork city"); the clause's three words go. Mixed-case lines are
    `join_pieces`'s, where the writer's capitals show the names."""
    pieces: List[List[Word]] = []
    begin, i = 0, 1
    while i + 3 <= len(words):
        if clause_at(ew, words, i):
            pieces.append(words[begin:i])
            begin = i + 3
            i = begin + 1
        else:
            i += 1
    pieces.append(words[begin:])
    return [piece for piece in pieces if piece]


def value_edges(ew: EdgeWords, start: int, end: int, label: str, value_labels: FrozenSet[str],
                date_label: str) -> Tuple[int, int]:
    """An identifier's or date's span without the field words and verbs before it and the words after it
    ("Invoice | INV-20931 | overdue", "registration | BK68 HZU", "CV dated | March 2025", "1 November 2016 | to")."""
    doc = ew.doc
    words = written_together(doc, start, end)
    texts = ["".join(ew.as_typed(k) + doc[k].whitespace_ for k in range(*w)).strip() for w in words]
    low = [folded(t) for t in texts]
    is_date = label == date_label
    if is_date:
        core = [k for k, (t, w) in enumerate(zip(texts, low))
                if has_digit(t) or (w in DATE_WORDS and w not in ("the", "of"))]
    elif label in value_labels:
        core = [k for k, t in enumerate(texts) if has_digit(t)]
    else:
        core = [k for k, t in enumerate(texts) if code_shaped(t)]
    if not core:
        return start, end
    first, last = core[0], core[-1]

    def loose(k: int) -> bool:
        t, w = texts[k], low[k]
        if has_digit(t) or not any(ch.isalpha() for ch in t) or ew.listed(w) or w in DATE_WORDS \
                or w in ABBREVIATIONS:  # "nos. 511 and 513" keeps its key
            return False
        if t.isalpha() and t.isupper() and len(t) <= 4:
            return ew.is_common(w) or w in ew.stops  # a field key ("IP", "CV", "IT"), not "QQ" of "QQ 12 34 56 C"
        if len(w) < 2:
            return False
        if is_date:  # a verb before the date ("dated", "ending"); "period", "around", "between" may be its words
            return is_past_or_progressive(w, ew.is_common)
        return w in ew.stops or ew.is_common(w) or is_past_or_progressive(w, ew.is_common)

    s = 0
    while s < first and loose(s):
        s += 1
    e = len(words)
    # after a value only words typed in lower case go: a capitalised one may be its end ("BK68 HZU"); a date
    # keeps its words ("six months' imprisonment", "two years of age")
    while not is_date and e - 1 > last and loose(e - 1) and texts[e - 1].islower():
        e -= 1
    # a date that ends with its year loses a conjunction after it and what follows: the next date is a
    # mention of its own, a verb a new clause ("21 February 2007 | and", "1996/97 | and", "since 2017 | and
    # pays"); a range without a year goes on ("28 February and")
    if is_date and e - 1 > last and low[last + 1] in ("and", "or") and YEAR_END.search(texts[last]):
        e = last + 1
    return words[s][0], words[e - 1][1]


class SplitSpanEdges(SpanFilter):
    """Cuts spans at sentence ends, field gaps and joining words, and trims identifiers and dates to their
    value (see module).

    labels: the CRF labels of names cut at joining words and sentence ends.
    value_labels: the labels of identifiers and contacts, trimmed to their value.
    person_label, address_label, date_label, org_label: the labels a cut piece takes when it is a person's
    initials and surname, a house number and street, a time or date, or a body's name cut from a person's
    span.
    """

    def __init__(self, labels: Sequence[str], value_labels: Sequence[str], person_labels: Sequence[str],
                 person_label: str, address_label: str, date_label: str, org_label: str = "ORG"):
        for setting, value in (("labels", labels), ("value_labels", value_labels), ("person_labels", person_labels)):
            if isinstance(value, str) or not all(isinstance(v, str) and v for v in value):
                raise ValueError(Errors.E663.format(setting=setting, value=value, allowed="a list of labels",
                                                    example='["PERSON", "ORG"]'))
        for setting, value in (("person_label", person_label), ("address_label", address_label),
                               ("date_label", date_label), ("org_label", org_label)):
            if not isinstance(value, str) or not value:
                raise ValueError(Errors.E663.format(setting=setting, value=value, allowed="a label",
                                                    example='"PERSON"'))
        both = set(labels) & set(value_labels)
        if both:
            raise ValueError(Errors.E664.format(labels=", ".join(sorted(both))))
        self.labels, self.value_labels = frozenset(labels), frozenset(value_labels)
        self.edge_labels = EdgeLabels(person_label, person_labels, address_label, date_label, org_label)
        self.date_label = date_label

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        terms = getattr(tagger, "gazetteer_terms", {}) or {}
        names = getattr(tagger, "name_terms", frozenset())
        ew: Optional[EdgeWords] = None
        out: List[Scored] = []
        for start, end, label, score in spans:
            if end - start < 2 or (label not in self.labels and label not in self.value_labels
                                   and label != self.date_label):
                out.append((start, end, label, score))
                continue
            if ew is None:
                ew = EdgeWords(doc, names, frozenset(terms.get("countries", ())), known_place_names(),
                               frozenset(terms.get("first_names", ())))
            # identifiers and dates are cut at sentence ends and field gaps only ("19/04/2019   AGE:")
            pieces = cut_pieces(ew, start, end, label, self.edge_labels, joins=label in self.labels,
                                lines=not address_like(doc, start, end, label, self.edge_labels))
            for s, e, piece in (pieces if pieces is not None else [(start, end, label)]):
                if label in self.labels:
                    e = owner_end(ew, s, e)
                s, e = value_edges(ew, s, e, piece, self.value_labels, self.date_label)
                out.append((s, e, piece, score))
        return sorted(out)


@registry.misc("spacy_anon.split_span_edges.v1")
def make_split_span_edges(labels: Sequence[str] = ("PERSON", "PER", "ORG", "LOC", "MISC"),
                          value_labels: Sequence[str] = ("ID", "CODE", "CONTACT"),
                          person_labels: Sequence[str] = ("PERSON", "PER"), person_label: str = "PERSON",
                          address_label: str = "ADDRESS", date_label: str = "DATETIME",
                          org_label: str = "ORG") -> SplitSpanEdges:
    return SplitSpanEdges(labels, value_labels, person_labels, person_label, address_label, date_label, org_label)
