"""The span filter that keeps spans to what can identify someone: no span of a greeting, a weekday in
another label, a field key, a generic clinical word, a lone verb or function word, and span edges that
stop at the name ("John Smith met" -> "John Smith", "MRN 4471823   DOB 02/03/1960" -> the values).

A recall-tuned CRF tags from a small window: capitalised words at a line start, the key before a value and
the verb after a name look like the names it learned. The word classes are in
`spacy_anon.lexicon.generic_words`; whether a token can be part of a name is decided by its context
(`NameSignals`): a capitalised word inside a sentence, a word no dictionary lists, a digit, the word after an
honorific, a gazetteer name. A span of a name-like label without one is dropped; so "Will" stays in "Will
Smith called", and "Mail" of "Mail a@b.com now" goes.
"""
from typing import Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.casing import written_words
from spacy_anon.lexicon.generic_words import (
    CHAT_SHORTHAND, CLINICAL_WORDS, FIELD_KEYS, GENERIC_WEEKDAY_AFTER, GENERIC_WEEKDAY_BEFORE, GREETINGS, IMPERATIVES,
    INTERJECTIONS, IRREGULAR_VERBS, PREPOSITIONS, WEEKDAYS, dictionary_test, elongated_forms, folded,
    is_past_or_progressive, is_verb_form, salutation_only, verb_stems, zipf,
)
from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.lexicon.sentence_adverbs import opening_word
from spacy_anon.possessives import possessive_end
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, doc_rows, stop_words
from spacy_anon.tagger.span_filters.chunks import chunk_ids
from spacy_anon.tagger.span_filters.line_case import caps_lines
from spacy_anon.tagger.span_filters.names import CAPITALISED_FUNCTION_WORDS, NAME_PARTICLES, PERSON_TITLES
from spacy_anon.tagger.span_filters.written_evidence import (NAME_HEADS, capitalised_neighbour, emphasis,
                                                           surnames_only, topic_tag)

SENTENCE_END = frozenset(".!?")
CLAUSE_PUNCT = frozenset(".!?,;:-–—")
SENTENCE_OPENERS = frozenset({".", "!", "?", ":", ";", "-", "*", "•", "—", "–"})
VALUE_GLUE = frozenset({":", "#", "no", "no.", "nr", "num", "number", "-", "="})
LEADING_PUNCT = frozenset(",.:;!?)]}>|/-–—*•")
TRAILING_PUNCT = frozenset(",:;!?([{<|/-–—*•")
PAIRS = (("(", ")"), ("[", "]"), ('"', '"'), ("“", "”"))  # not ’: an apostrophe too ("seven days’")
OPENERS = frozenset(o for o, _ in PAIRS)
DETERMINERS = frozenset("the his her their my our your its ’s 's".split())
MONTHS = frozenset("january february march april may june july august september october november december "
                   "jan feb mar apr jun jul aug sep sept oct nov dec".split())
AUXILIARIES = frozenset("is are was were be been has have had will would can could should shall may might must "
                        "did does do".split())
NAMING_WORDS = frozenset("called named nicknamed aka".split())
# verb forms that say someone's state, a description of them ("she is married"), not an event
PERSON_STATES = frozenset("married divorced widowed separated engaged retired adopted disabled deceased".split())
# Head nouns of institutions and places written in lower case in chat ("tees valley university").
INSTITUTION_HEADS = frozenset(
    "university college school academy hospital clinic council court bank society church club company "
    "ltd inc plc llc corporation institute ministry department agency police".split())
NAME_STOP_WORDS = frozenset({"will", "may"})  # stop words that are also given names ("Dear Will")
NUMBER_WORDS = frozenset(
    "zero oh one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand double "
    "triple first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth "
    "fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth thirtieth".split())
HONORIFICS = frozenset(h.strip(".").lower() for h in DEFAULT_HONORIFICS)
def starts_sentence(doc: Doc, i: int) -> bool:
    """Whether token i opens a sentence, a line or a quotation (no real parser in the pipeline)."""
    rows = doc_rows(doc)
    words, spaces = rows.words, rows.is_space
    j = i - 1
    while j >= 0 and spaces[j]:
        if "\n" in words[j]:
            return True
        j -= 1
    return j < 0 or words[j] in SENTENCE_OPENERS or "\n" in words[j]  # trailing whitespace is " " or nothing


def sentence_starts(texts: Sequence[str], spaces: Sequence[str], is_space: Sequence[bool]) -> List[bool]:
    """`starts_sentence` of every token at once, from the tokens' texts, trailing whitespace and
    whitespace flags: one pass, no Token objects."""
    out: List[bool] = []
    last, newline = -1, False
    for i, text in enumerate(texts):
        out.append(newline or last < 0 or texts[last] in SENTENCE_OPENERS or "\n" in spaces[last]
                   or "\n" in texts[last])
        if is_space[i]:
            newline = newline or "\n" in text
        else:
            last, newline = i, False
    return out


class NameSignals:
    """Per document: which tokens can belong to a name, and which are generic words."""

    def __init__(self, doc: Doc, names: FrozenSet[str], is_common: Callable[[str], bool],
                 places: FrozenSet[str] = frozenset(), surnames: FrozenSet[str] = frozenset()):
        self.doc, self.names, self.is_common, self.places = doc, names, is_common, places
        rows = doc_rows(doc)
        self.texts, self.spacing, self.alpha, self.spaces, self.punct = (
            rows.words, rows.whitespace, rows.is_alpha, rows.is_space, rows.is_punct)
        self.surnames = surnames  # gazetteer names that are surnames only (no given name)
        self.written = written_words(doc)  # the tokens as typed, where the doc is a recased reading
        self.caps, self.headings = caps_lines(doc)
        self._chunks: Optional[List[int]] = None
        self.stops = stop_words(doc.lang_)
        self.english = doc.lang_ == "en"

    def opener(self, i: int) -> bool:
        """An English adverb or "my", "your", "their" opening its sentence ("Later", "Soon", "My"): no name's."""
        return self.english and opening_word(folded(self.texts[i]), starts_sentence(self.doc, i))

    def after_honorific(self, i: int, start: int) -> bool:
        j = i - 1
        while j >= start and (self.punct[j] or self.spaces[j]):
            j -= 1
        return j >= start and folded(self.texts[j]) in HONORIFICS | PERSON_TITLES

    def surname_after_name(self, i: int, start: int, end: int) -> bool:
        """Token i, the span's last, is a capitalised listed name after another ("Joshua Good"): a surname,
        though it is a greeting's word too ("Good morning"; not "John Regards", no name)."""
        doc = self.doc
        j = i - 1
        return end == i + 1 and j >= start and doc[i].text[:1].isupper() and not doc[i].text.isupper() \
            and doc[j].text[:1].isupper() and doc[j].whitespace_ == " " \
            and folded(doc[j].text) in self.names and folded(doc[i].text) in self.names

    def determined(self, start: int) -> bool:
        """A span that a determiner or possessive opens or directly follows ("the police", "his two
        sisters"): a description of someone, which the corpora mark as well as names."""
        doc = self.doc
        j = start - 1
        while j >= 0 and doc[j].is_space:
            j -= 1
        before = doc[j].text.lower() if j >= 0 else ""
        first = doc[start].text.lower()
        possessive = possessive_end(doc, start + 1) > start + 1
        return before in DETERMINERS or first in DETERMINERS or possessive

    def spelled(self, i: int) -> bool:
        """A letter of a word or code spelled out: a one-letter token next to another one or to a number
        ("k a c z", "n seventeen nine n g")."""
        doc = self.doc

        def letter(k: int) -> bool:
            return 0 <= k < len(doc) and len(doc[k].text) == 1 and doc[k].text.isalpha()
        return letter(i) and (letter(i - 1) or letter(i + 1) or self.numbered(i))

    def numbered(self, i: int) -> bool:
        """A number (digits or a number word) next to token i."""
        doc = self.doc
        return any(0 <= k < len(doc) and (doc[k].like_num or doc[k].text.lower() in NUMBER_WORDS)
                   for k in (i - 1, i + 1))

    def named(self, i: int) -> bool:
        """The word after "called", "named" that follows a common noun ("a lady called rose"; not "Will
        Smith called yesterday")."""
        doc = self.doc
        j = i - 1
        while j >= 0 and doc[j].is_space:
            j -= 1
        if j < 1 or doc[j].text.lower() not in NAMING_WORDS:
            return False
        k = j - 1
        while k >= 0 and doc[k].is_space:
            k -= 1
        return k >= 0 and doc[k].text.islower() and doc[k].is_alpha

    def mid_title(self, i: int) -> bool:
        """A capitalised word (not in capitals) that does not open a sentence."""
        text = self.texts[i]
        return text[:1].isupper() and not text.isupper() and not starts_sentence(self.doc, i)

    def acronym(self, i: int) -> bool:
        text = self.texts[i]
        return len(text) > 1 and text.isupper() and not self.caps[i]

    def frequent(self, w: str) -> bool:
        """A dictionary word frequent enough to open sentences (wordfreq Zipf >= 4, or its verb stem)."""
        return self.is_common(w) and any(zipf(form) >= 4.0 for form in (w, *verb_stems(w)))

    def subject(self, i: int) -> bool:
        """Token i is followed by a verb form ("Ted is", "Will Smith called"): a subject, not a verb."""
        doc = self.doc
        j = i + 1
        while j < len(doc) and doc[j].text[:1].isupper() and doc[j].is_alpha:
            j += 1
        while j < len(doc) and doc[j].is_space:
            j += 1
        return j < len(doc) and is_verb_form(doc[j].text, self.is_common) and "\n" not in doc[j - 1].whitespace_

    def handle(self, i: int) -> bool:
        """A part of a user name or address ("anna_k", "maria.gonzalez", "a@b.com"): glued to "_", "@"
        or a digit, or a lower-case word glued by a dot to another. Decided once per chunk (linear in
        the document, a 1 MB blob included)."""
        if self._chunks is None:
            self._chunks = chunk_ids(self.doc)
            self._chunk_handle: Dict[int, bool] = {}
        cid = self._chunks[i]
        if cid not in self._chunk_handle:
            lo = hi = i
            while lo > 0 and self._chunks[lo - 1] == cid:
                lo -= 1
            while hi + 1 < len(self.doc) and self._chunks[hi + 1] == cid:
                hi += 1
            chunk = "".join(t.text for t in self.doc[lo:hi + 1] if not t.is_space)
            core = chunk.strip(".,:;!?()[]\"'“”‘’")
            self._chunk_handle[cid] = "_" in core or "@" in core or any(ch.isdigit() for ch in core) or \
                ("." in core and core.islower() and all(p.isalpha() and len(p) > 1 for p in core.split(".")))
        return self._chunk_handle[cid]

    def listed(self, w: str, i: int) -> bool:
        """A word of the generic lists (imperatives only where a sentence starts), chat shorthand, or one of
        them typed with a letter held down ("noooo")."""
        return (w in GREETINGS or w in INTERJECTIONS or w in FIELD_KEYS or w in CLINICAL_WORDS or w in WEEKDAYS
                or w in CHAT_SHORTHAND or (w in IMPERATIVES and starts_sentence(self.doc, i))
                or any(f in INTERJECTIONS or f in GREETINGS or self.is_common(f) for f in elongated_forms(w)))

    def plain(self, w: str, i: int) -> bool:
        return w in self.stops or self.listed(w, i)

    def recased(self, i: int) -> bool:
        """Token i was typed in lower case and capitalised by the truecaser (not a line in capitals)."""
        return self.written is not None and self.written[i] != self.texts[i] and self.written[i].islower()

    def name_word(self, w: str) -> bool:
        """A gazetteer name, unless only a surname that is also a frequent word: "park", "ring", "story"
        written in lower case are the words."""
        return w in self.names and not (w in self.surnames and self.frequent(w))

    def signal(self, i: int, start: int, describes: bool = True, alone: bool = False) -> bool:
        """Whether token i (of a span starting at `start`) can be part of a name or an identifier.
        describes: a lower-case noun after a determiner counts ("the police", "his two sisters"); alone:
        the span's only word (a capital the truecaser gave it is then no evidence by itself)."""
        token = self.doc[i]
        text = token.text
        if any(ch.isdigit() for ch in text) or "@" in text:
            return True
        if not any(ch.isalpha() for ch in text) or topic_tag(self.doc, self.written, i) or self.opener(i):
            return False
        w = folded(text)
        if w in HONORIFICS or w in PERSON_TITLES or self.after_honorific(i, start) or self.handle(i):
            return True  # "Mr" alone is kept: the mask grows it over the name after it
        if len(text) == 1 and text.isupper() or w in NUMBER_WORDS or self.spelled(i) or self.named(i):
            return True  # an initial; a number or a name spoken ("two two one four", "k a c z m a r e k")
        if w in INSTITUTION_HEADS or (w in MONTHS and self.numbered(i)):
            return True  # "tees valley university"; "fourteenth of march eighty five"
        title = text[:1].isupper() and not text.isupper()
        if title and alone and self.recased(i):  # "Happy" from "happy": the truecaser's capital (`written_evidence`)
            return not (self.plain(w, i) or self.frequent(w)) or self.name_word(w) or w in self.places \
                or w in NAME_HEADS or capitalised_neighbour(self.doc, i, self.plain) \
                or (describes and self.determined(start))
        sentence_start = starts_sentence(self.doc, i)
        if title and not sentence_start:  # inside a sentence a capital says name ("Page", "Will", "Ty")
            return w in NAME_STOP_WORDS or not (w in GREETINGS or w in WEEKDAYS or w in CLINICAL_WORDS
                                                or w in self.stops)
        if w in self.stops or self.listed(w, i):
            return False
        if text.isupper() and len(text) > 1:  # an acronym, or a word of a line in capitals
            if not self.caps[i] and emphasis(self.doc, i) and self.frequent(w) and w not in self.names and w not in self.places:
                return False  # a word in capitals for emphasis in mixed-case text ("UPDATE", "AGAIN")
            return not (self.headings[i] and self.frequent(w))  # a heading ("EDUCATION") is generic
        if title:
            return (not sentence_start or w in self.names or w in self.places or not self.frequent(w)
                    or self.subject(i))  # "Ted is happy"; "Turkey?" is a gazetteer place
        if self.name_word(w) and not is_verb_form(w, self.is_common):
            return True  # a name written in lower case ("mark: okay", "ask ben")
        if describes and self.determined(start) and not is_past_or_progressive(text, self.is_common):
            return True  # a description: "the police", "the applicant's brother", "his two sisters"
        return not self.is_common(w)  # a lower-case word: a name only when no dictionary lists it

    def generic(self, i: int) -> bool:
        """A word that a span of any label may not start or end with: a greeting, interjection or field
        key, standing as a word of its own ("a" of "a@b.com" is not one)."""
        token = self.doc[i]
        if not token.is_alpha:
            return False
        doc = self.doc
        glued_after = not token.whitespace_ and i + 1 < len(doc) and not (doc[i + 1].is_punct or doc[i + 1].is_space)
        glued_before = i > 0 and not doc[i - 1].whitespace_ and not (doc[i - 1].is_punct or doc[i - 1].is_space)
        if glued_after or glued_before or (i + 1 < len(self.doc) and not token.whitespace_
                                           and self.texts[i + 1] in {"@", ".", "-", "_"}):
            return False
        w = folded(token.text)
        if w in NUMBER_WORDS or (self.mid_title(i) and w not in GREETINGS and not self.recased(i)):
            return False  # "Vin", "Ty": capitalised inside a sentence, a name (not by the truecaser: "pls")
        return w in GREETINGS or w in INTERJECTIONS or w in FIELD_KEYS or w in CHAT_SHORTHAND


def _balanced(doc: Doc, start: int, end: int, closer: str) -> bool:
    """Whether a closing bracket or quote after tokens start..end-1 closes one opened among them."""
    opener = next(o for o, c in PAIRS if c == closer)
    texts = [t.text for t in doc[start:end]]
    if opener == closer:
        return texts.count(opener) % 2 == 1
    return texts.count(opener) > texts.count(closer)


def trim_punctuation(doc: Doc, start: int, end: int) -> Tuple[int, int]:
    """Without edge spaces, leading separators and trailing separators or unbalanced closing brackets
    and quotes ("Kowalski)" -> "Kowalski", "“Kowalski”" -> "Kowalski")."""
    while start < end:
        t = doc[start]
        unclosed = t.text in OPENERS and not _closes(doc, start, end, t.text)
        if t.is_space or t.text in LEADING_PUNCT or unclosed:
            start += 1
        else:
            break
    while end > start:
        t = doc[end - 1]
        closer = next((c for _, c in PAIRS if c == t.text), None)
        unopened = closer is not None and not _balanced(doc, start, end - 1, closer)
        if t.is_space or t.text in TRAILING_PUNCT or unopened:
            end -= 1
        else:
            break
    return start, end


def _closes(doc: Doc, start: int, end: int, opener: str) -> bool:
    closer = next(c for o, c in PAIRS if o == opener)
    return any(doc[k].text == closer for k in range(start + 1, end))


class GenericWordTrimmer:
    """The algorithm of `TrimGenericWords` on one document (`trim_generic_words` is the entry point)."""

    def __init__(self, doc: Doc, signals: NameSignals, name_labels: Sequence[str], person_labels: Sequence[str],
                 date_label: Optional[str], skip_labels: Sequence[str], code_labels: Sequence[str] = ("CODE",)):
        self.doc, self.s = doc, signals
        rows = doc_rows(doc)
        self.texts, self.spacing, self.alpha, self.spaces, self.punct = (
            rows.words, rows.whitespace, rows.is_alpha, rows.is_space, rows.is_punct)
        self.name_labels, self.person_labels = set(name_labels), set(person_labels)
        self.date_label, self.skip_labels = date_label, set(skip_labels)
        self.code_labels = set(code_labels)
        self.description_labels = self.person_labels | {"ORG"}

    # --- where a span is cut
    def sentence_break(self, i: int, start: int, end: int) -> bool:
        """A sentence end inside a span: ". ! ?" after a word of 4+ letters or a digit, before more text."""
        doc = self.doc
        if doc[i].text not in SENTENCE_END or i == start or i + 1 >= end:
            return False
        if not doc[i].whitespace_ and not doc[i + 1].is_space:
            return False
        prev = doc[i - 1].text
        return (len(prev) >= 4 and prev.isalpha()) or doc[i].text in "!?"

    def field_key(self, i: int, start: int, end: int) -> bool:
        """A key of a record field before a value ("MRN 4471823", "Case No 12/06") or its colon ("DOB:", "Our Ref:")."""
        doc = self.doc
        if folded(doc[i].text) not in FIELD_KEYS or self.s.after_honorific(i, start) or self.s.handle(i):
            return False
        j = i + 1
        while j < end and (doc[j].is_space or folded(doc[j].text) in VALUE_GLUE or folded(doc[j].text) in FIELD_KEYS):
            j += 1
        if j == end and j < len(doc) and doc[j].text == ":":
            return True
        return j < end and any(ch.isdigit() for ch in doc[j].text)

    def greeting(self, i: int, start: int) -> bool:
        """A greeting or interjection that opens the span, follows punctuation or another one ("Thanks,
        Best regards"); inside a run of names it is a name ("George Best")."""
        w = folded(self.texts[i])
        if (w not in GREETINGS and w not in INTERJECTIONS) or w in NUMBER_WORDS or self.s.acronym(i):
            return False
        if w not in GREETINGS and self.s.mid_title(i):
            return False
        j = i - 1
        while j >= start and self.spaces[j]:
            j -= 1
        if j < start or self.texts[j] in CLAUSE_PUNCT:
            return True
        prev = folded(self.texts[j])
        return prev in GREETINGS or prev in INTERJECTIONS

    def verb(self, i: int, label: str) -> bool:
        """A lower-case verb form inside a name-like span ("met", "brought", "called"); in a person span
        also "-s" forms and prepositions ("reports", "in")."""
        text = self.texts[i]
        caps = self.s.caps[i] and text.isupper()
        if caps:  # a line in capitals: "HUSBAND OLUSEGUN VISITED"
            text = text.lower()
        if not text.islower() or not text.isalpha() or text in NAME_PARTICLES:
            return False
        j = i - 1
        while j >= 0 and self.spaces[j]:
            j -= 1
        prev = self.texts[j] if j >= 0 else ""
        name_like_prev = prev.isalpha() and prev.lower() not in self.s.stops and \
            (prev.lower() in self.s.names or not self.s.is_common(prev.lower()))
        if not name_like_prev and (caps or not prev[:1].isupper()):
            return False  # only right after a name: "John Smith met", not "handing out of" in brackets
        if label in self.person_labels and not caps:
            return text in PREPOSITIONS or is_verb_form(text, self.s.is_common)
        return is_past_or_progressive(text, self.s.is_common)  # "UNITED KINGDOM OF GREAT BRITAIN AND" stays

    def in_name(self, i: int, start: int, end: int) -> bool:
        """A weekday that is part of a name: after a title, or before a capitalised word that is no month
        ("Saturday Night Live")."""
        before_name = i + 1 < end and self.title(i + 1) and folded(self.texts[i + 1]) not in MONTHS
        return before_name or self.s.after_honorific(i, start)

    def weekday(self, i: int) -> bool:
        """A weekday: capitalised, or written out in lower case ("on sunday")."""
        text = self.texts[i]
        return folded(text) in WEEKDAYS and (text[:1].isupper() or (text.endswith(("day", "days")) and text.islower()))

    def generic_weekday(self, i: int) -> bool:
        """A weekday in generic use: "every Monday", "Monday mornings", "Have a good Monday"."""
        doc = self.doc
        before = doc[i - 1].text.lower() if i > 0 else ""
        after = doc[i + 1].text.lower() if i + 1 < len(doc) else ""
        plural = doc[i].text.lower().endswith("days")
        return before in GENERIC_WEEKDAY_BEFORE or after in GENERIC_WEEKDAY_AFTER or plural

    # --- one span
    def pieces(self, start: int, end: int, label: str) -> List[Tuple[int, int, str]]:
        """The span cut at sentence ends, field keys, leading greetings, verbs (name-like labels) and
        weekdays of another label (which become date pieces)."""
        name_like = label in self.name_labels
        keyed = (name_like or label == self.date_label) and label not in self.code_labels
        out: List[Tuple[int, int, str]] = []
        piece = start
        i = start
        while i < end:
            cut, own = False, None
            if self.sentence_break(i, start, end) or (keyed and self.field_key(i, start, end)):
                cut = True
            elif name_like and (self.greeting(i, piece) or self.verb(i, label)):
                cut = True
            elif self.date_label and label != self.date_label and self.weekday(i) and not self.in_name(i, start, end):
                cut, own = True, (i, i + 1, self.date_label)
            if cut:
                if i > piece:
                    out.append((piece, i, label))
                if own and not self.generic_weekday(i):
                    out.append(own)
                piece = i + 1
            i += 1
        if end > piece:
            out.append((piece, end, label))
        return out

    def trimmed(self, start: int, end: int, label: str) -> Tuple[int, int]:
        """Edges without punctuation, spaces, greetings, interjections and field keys, a name-like span's
        end without prepositions; a person span also without the stop words and verbs around the name
        ("John Smith met" -> "John Smith", "headaches since Monday" -> "Monday")."""
        doc, s = self.doc, self.s
        if label not in self.name_labels and label != self.date_label:
            return start, end
        start, end = trim_punctuation(doc, start, end)
        while start < end - 1 and ((s.generic(start) and not self.name_start(start, end)) or s.opener(start)):
            start += 1
            start, end = trim_punctuation(doc, start, end)
        name_like = label in self.name_labels

        def preposition(k: int) -> bool:  # not in capitals: "GREAT BRITAIN AND" may go on in the next span
            return name_like and not s.caps[k] and doc[k].text in PREPOSITIONS
        while end - 1 > start and (s.generic(end - 1) or preposition(end - 1)) \
                and not s.after_honorific(end - 1, start) and not s.surname_after_name(end - 1, start, end):
            end -= 1
            start, end = trim_punctuation(doc, start, end)
        if label in self.person_labels and any(self.title(k) for k in range(start, end)):
            while end - 1 > start and self.loose_word(end - 1):
                end -= 1
            lowers = [k for k in range(start, end) if doc[k].text.islower()]
            if lowers and lowers[0] == start and any(doc[k].text in PREPOSITIONS for k in lowers):
                k = start
                while k < end and (doc[k].is_punct or (doc[k].text.islower() and self.loose_word(k))):
                    k += 1
                if k < end and self.title(k):
                    start = k
        return trim_punctuation(doc, start, end)

    def title(self, i: int) -> bool:
        text = self.texts[i]
        return len(text) > 1 and text[:1].isupper() and text.isalpha()

    def loose_word(self, i: int) -> bool:
        """A lower-case word next to a name that is not part of it: a stop word, preposition, verb form
        or dictionary word that is no gazetteer name ("met", "in", "headaches"; not "trump" of "Donald
        trump" only if it is a gazetteer name)."""
        text = self.texts[i]
        if not text.islower() or not text.isalpha() or text in NAME_PARTICLES:
            return False
        if text in self.s.stops or text in PREPOSITIONS or is_verb_form(text, self.s.is_common):
            return True
        return False

    def name_start(self, i: int, end: int) -> bool:
        """A capitalised word that opens a run of capitalised words and is no article or preposition:
        the given name of "Will Smith", "May Jones"; inside a sentence any capitalised word."""
        doc, s = self.doc, self.s
        if not doc[i].text[:1].isupper() or s.caps[i] or doc[i].text.lower() in CAPITALISED_FUNCTION_WORDS:
            return False
        if not starts_sentence(doc, i):
            return True
        return i + 1 < end and doc[i + 1].text[:1].isupper() and folded(doc[i].text) not in GREETINGS | INTERJECTIONS

    def caps_clause(self, start: int, end: int) -> bool:
        """A piece of a sentence in capitals, not a name: dictionary and stop words only, with a verb form
        after its first word ("QUESTIONS ANSWERED", "STATES HE WANTS TO GO HOME"); "UNITED KINGDOM"
        opens with its participle and stays."""
        s = self.s
        words = [self.texts[k].lower() for k in range(start, end) if self.alpha[k]]
        if not words or any(w not in s.stops and (w in s.names or not s.is_common(w)) for w in words):
            return False
        for k in range(1, len(words)):
            w = words[k]
            verb = (w in IRREGULAR_VERBS and w not in AUXILIARIES) or is_past_or_progressive(w, s.is_common)
            if verb and (k + 1 == len(words) or words[k + 1] in s.stops):
                return True  # a predicate: last, or before "to", "he", ... ("RETIRED COAL MINER" stays)
        return False

    def keeps(self, start: int, end: int, label: str) -> bool:
        """Whether a piece can identify: a name-like piece needs a name signal; any piece needs a token
        that is not a generic word, and a lone weekday of the date label is not generic."""
        if end <= start:
            return False
        if label in self.name_labels:
            if self.s.caps[start] and self.caps_clause(start, end) \
                    or salutation_only([folded(self.texts[k]) for k in range(start, end) if not (self.punct[k] or self.spaces[k])]):
                return False
            words = sum(1 for i in range(start, end) if self.alpha[i])
            describes = label in self.description_labels or words > 1  # "the rain" is no place
            return any(self.s.signal(i, start, describes, words == 1) for i in range(start, end))
        if label == self.date_label and end - start == 1 and self.weekday(start):
            return not self.generic_weekday(start)
        if end - start == 1 and label != self.date_label and self.lone_verb(start):
            return False  # "Caller stated his name": a verb describes no one
        doc = self.doc
        return not all((self.s.generic(i) or folded(doc[i].text) in CLINICAL_WORDS or doc[i].is_punct or doc[i].is_space
                        or doc[i].text.lower() in self.s.stops) and doc[i].text.lower() not in NUMBER_WORDS
                       for i in range(start, end))

    def lone_verb(self, i: int) -> bool:
        """A verb in the past or progressive typed in lower case, not a word of someone's state ("married")."""
        text = self.texts[i]
        return text.islower() and text not in PERSON_STATES and text not in self.s.names \
            and is_past_or_progressive(text, self.s.is_common)

    def __call__(self, spans: List[Scored]) -> List[Scored]:
        out: List[Scored] = []
        for start, end, label, score in spans:
            if label in self.skip_labels:
                out.append((start, end, label, score))
                continue
            for p_start, p_end, p_label in self.pieces(start, end, label):
                p_start, p_end = self.trimmed(p_start, p_end, p_label)
                if self.keeps(p_start, p_end, p_label):
                    out.append((p_start, p_end, p_label, score))
        return out


def trim_generic_words(doc: Doc, spans: List[Scored], names: FrozenSet[str] = frozenset(),
                       places: FrozenSet[str] = frozenset(),
                       name_labels: Sequence[str] = ("PERSON", "PER", "ORG", "LOC", "CODE", "ID", "CONTACT"),
                       person_labels: Sequence[str] = ("PERSON", "PER"), date_label: Optional[str] = "DATETIME",
                       skip_labels: Sequence[str] = ("QUANTITY", "AGE"),
                       is_common: Optional[Callable[[str], bool]] = None,
                       surnames: FrozenSet[str] = frozenset()) -> List[Scored]:
    """Spans cut to what can identify (see the module docstring). names: gazetteer names (lower case), a
    name signal; places: words of place names, a name signal where a capitalised word opens a sentence
    ("Turkey?"); is_common: the dictionary test (English's shipped word list by default); surnames: the
    names that are surnames only (one that is a frequent word is no signal: "her ring", "the park")."""
    if not spans:
        return spans
    signals = NameSignals(doc, names, is_common or dictionary_test(doc.lang_ or "en"), places, surnames)
    return GenericWordTrimmer(doc, signals, name_labels, person_labels, date_label, skip_labels)(spans)


class TrimGenericWords(SpanFilter):
    """Spans without generic words at their edges, cut at sentence ends, field keys, verbs and weekdays,
    and dropped when nothing in them can identify (`trim_generic_words`). Labels are the CRF's own.

    name_labels: labels whose spans need a name signal (a capitalised word inside a sentence, a word no
        dictionary lists, a digit, a gazetteer name, the word after an honorific).
    person_labels: labels whose spans also lose the lower-case words and prepositions around the name.
    date_label: the label a weekday tagged under another label gets ("" = none: weekdays are cut off).
    skip_labels: labels left as they are (amounts and ages are numbers with their units).
    """

    def __init__(self, name_labels: Sequence[str], person_labels: Sequence[str], date_label: str,
                 skip_labels: Sequence[str]):
        self.name_labels, self.person_labels = tuple(name_labels), tuple(person_labels)
        self.date_label, self.skip_labels = date_label or None, tuple(skip_labels)

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        terms = getattr(tagger, "gazetteer_terms", {})
        places = terms.get("countries", frozenset())
        return trim_generic_words(doc, spans, tagger.name_terms, frozenset(places), self.name_labels,
                                  self.person_labels, self.date_label, self.skip_labels,
                                  surnames=surnames_only(terms.get("last_names", frozenset()),
                                                         terms.get("first_names", frozenset())))


@registry.misc("spacy_anon.trim_generic_words.v1")
def make_trim_generic_words(
    name_labels: Sequence[str] = ("PERSON", "PER", "ORG", "LOC", "CODE", "ID", "CONTACT"),
    person_labels: Sequence[str] = ("PERSON", "PER"),
    date_label: str = "DATETIME",
    skip_labels: Sequence[str] = ("QUANTITY", "AGE"),
) -> TrimGenericWords:
    return TrimGenericWords(name_labels, person_labels, date_label, skip_labels)
