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
import re
from typing import Callable, FrozenSet, List, Optional, Sequence, Tuple

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.lexicon.generic_words import (
    CHAT_SHORTHAND, CLINICAL_WORDS, CLOCK_PREPOSITIONS, FIELD_KEYS, GENERIC_WEEKDAY_AFTER, GENERIC_WEEKDAY_BEFORE, GREETINGS, IMPERATIVES, INTERJECTIONS,
    IRREGULAR_VERBS, OPENING_NON_NAMES, PREPOSITIONS, WEEKDAYS, dictionary_test, folded, is_past_or_progressive,
    is_verb_form, salutation_only,
)
from spacy_anon.lexicon.given_names import WORD_GIVEN_NAMES
from spacy_anon.lexicon.honorifics import CARE_ROLES
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, doc_rows
from spacy_anon.tagger.span_filters.name_signals import (  # noqa: F401  (some re-exported)
    AUXILIARIES, CLAUSE_PUNCT, HONORIFICS, LEADING_PUNCT, MONTHS, NUMBER_WORDS, NameSignals, OPENERS, PAIRS,
    PERSON_STATES, SENTENCE_END, TRAILING_PUNCT, VALUE_GLUE, sentence_starts, starts_sentence,
)
from spacy_anon.tagger.span_filters.names import CAPITALISED_FUNCTION_WORDS, NAME_PARTICLES
from spacy_anon.tagger.span_filters.written_evidence import surnames_only


def _balanced(doc: Doc, start: int, end: int, closer: str) -> bool:
    """Whether a closing bracket or quote after tokens start..end-1 closes one opened among them."""
    opener = next(o for o, c in PAIRS if c == closer)
    texts = [t.text for t in doc[start:end]]
    if opener == closer:
        return texts.count(opener) % 2 == 1
    return texts.count(opener) > texts.count(closer)


OPENING_GREETINGS = frozenset("hi hey hello hiya howdy".split())
WISHED_DAYS = frozenset("birthday bday anniversary retirement".split())  # "happy birthday", a wish
ORDINAL = re.compile(r"\d{1,3}(?:st|nd|rd|th|ST|ND|RD|TH)")  # "30th" of "Happy 30th birthday"
ORDINAL_ENDINGS = frozenset("st nd rd th".split())
DAY_OCCASIONS = frozenset("party celebration celebrations bash do drinks meal lunch dinner".split())  # "50th birthday party"


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
        quoted = t.text in ("'", "’") and start > 0 and doc[start - 1].text == t.text  # "'Ana'" of a dict
        if t.is_space or t.text in TRAILING_PUNCT or unopened or quoted:
            end -= 1
        else:
            break
    return start, end


def _closes(doc: Doc, start: int, end: int, opener: str) -> bool:
    closer = next(c for o, c in PAIRS if o == opener)
    return any(doc[k].text == closer for k in range(start + 1, end))


SUBJECT_PRONOUNS = frozenset("you he she we they it".split())
# prepositions a date span of a tagger may end with before a time a rule reads ("Sunday 7 December at" 6pm)
DATE_TAIL_WORDS = frozenset("at on from by around about approximately approx roughly circa".split())


# what a letter's opening wish hopes for ("Hope you're well", "Hope all is good", "Hope this finds you well")
WISH_OBJECTS = frozenset("you u all this everything things your ur the".split())


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
        postcode_end = prev.isalpha() and prev.isupper() and i >= 2 and doc[i - 2].text[-1:].isdigit() \
            and not doc[i - 2].whitespace_  # "LA9 4PQ. Old one was": the "4PQ" of a postcode
        return (len(prev) >= 4 and prev.isalpha()) or prev[-1:].isdigit() or postcode_end or doc[i].text in "!?"

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
        if w == "hope" and self.wishes(i):
            return True  # "Hope you're well!", "Hope all is good": a letter's opening wish, no "Hope Miller"
        if self.happy_day(i):
            return True  # "happy birthday niall": a wish, then whom it is for
        if (w not in GREETINGS and w not in INTERJECTIONS) or (w in NUMBER_WORDS and not self.exclaimed_oh(i)) \
                or self.s.acronym(i):
            return False
        if w not in GREETINGS and self.s.mid_title(i) and not self.spoken_after_colon(i):
            return False
        j = i - 1
        while j >= start and self.spaces[j]:
            j -= 1
        if j < start or self.texts[j] in CLAUSE_PUNCT:
            return True
        prev = folded(self.texts[j])
        return prev in GREETINGS or prev in INTERJECTIONS

    def happy_day(self, i: int) -> bool:
        """Whether token i is a word of a wish for a day or of the day itself ("Happy" or "birthday" of "happy
        birthday niall"; "Happy", "30", "th" and "birthday" of "Happy 30th birthday Dan"; "50th birthday party"):
        a wish or an occasion, then whom it is for (the age is the rules')."""
        texts = self.texts

        def step(k: int, by: int) -> int:
            k += by
            while 0 <= k < len(texts) and self.spaces[k]:
                k += by
            return k if 0 <= k < len(texts) else -1

        def ordinal_end(k: int) -> int:  # the last token of an ordinal opening at k ("30th" or "30" + "th"), or -1
            if k < 0:
                return -1
            if ORDINAL.fullmatch(texts[k]):
                return k
            glued = k + 1 < len(texts) and texts[k].isdigit() and not self.doc[k].whitespace_
            return k + 1 if glued and texts[k + 1].lower() in ORDINAL_ENDINGS else -1

        def ordinal_before(k: int) -> bool:  # an ordinal ends at k
            return k >= 0 and (ORDINAL.fullmatch(texts[k]) is not None or (
                texts[k].lower() in ORDINAL_ENDINGS and k > 0 and texts[k - 1].isdigit()
                and not self.doc[k - 1].whitespace_))

        def wished(k: int) -> bool:
            return k >= 0 and folded(texts[k]) in WISHED_DAYS

        w, k, j = folded(texts[i]), step(i, 1), step(i, -1)
        if w == "happy":
            end = ordinal_end(k)
            return wished(step(end, 1) if end >= 0 else k)
        end = ordinal_end(i)
        if end >= 0:  # the ordinal's number
            return wished(step(end, 1))
        if ordinal_before(i) and texts[i].lower() in ORDINAL_ENDINGS:  # its ending
            return wished(k)
        if w in WISHED_DAYS:
            return j >= 0 and (folded(texts[j]) == "happy" or ordinal_before(j))
        return w in DAY_OCCASIONS and wished(j) and ordinal_before(step(j, -1))

    def exclaimed_oh(self, i: int) -> bool:
        """Whether token i is "oh" said, not a zero read out ("Oh good", not "oh seven seven"): no number word
        or digit follows it."""
        k = i + 1
        while k < len(self.texts) and self.spaces[k]:
            k += 1
        return folded(self.texts[i]) == "oh" and (k >= len(self.texts) or (
            folded(self.texts[k]) not in NUMBER_WORDS and not self.texts[k][:1].isdigit()))

    def spoken_after_colon(self, i: int) -> bool:
        """Whether token i opens what a speaker says after a colon, before a word in lower case or punctuation
        ("Oh" of "Mum: Oh good."): a turn's first word (not "Name: Oh Min-jung", a surname)."""
        texts = self.texts
        j, k = i - 1, i + 1
        while j >= 0 and self.spaces[j]:
            j -= 1
        while k < len(texts) and self.spaces[k]:
            k += 1
        return j >= 0 and texts[j] == ":" and (k >= len(texts) or not texts[k][:1].isupper())

    def name_part_greeting(self, k: int) -> bool:
        """Whether token k, a capitalised greeting that opens messages ("Hey", "Hi"), ends a name right after a
        capitalised word: a name's part ("Alder Hey"), for no greeting closes a name."""
        return folded(self.texts[k]) in OPENING_GREETINGS and self.texts[k][:1].isupper() and k > 0 \
            and self.texts[k - 1][:1].isupper() and self.doc[k - 1].whitespace_ == " "

    def wishes(self, i: int) -> bool:
        """Whether the word after "Hope" at `i` makes it a wish ("Hope you're well", "hope all is good")."""
        j = i + 1
        while j < len(self.texts) and self.spaces[j]:
            j += 1
        return j < len(self.texts) and folded(self.texts[j]) in WISH_OBJECTS

    def gday(self, i: int) -> bool:
        """The greeting "G'day" as the tokenizer cuts it ("G", "'", "day"), written together."""
        texts, spacing = self.texts, self.spacing
        return texts[i] in ("G", "g") and texts[i + 1] in ("'", "’") and texts[i + 2].lower() == "day" \
            and not spacing[i] and not spacing[i + 1]

    def chat_word(self, i: int) -> bool:
        """Chat shorthand typed in lower case as a word of its own inside a span ("huang pls dont deploy"):
        no part of a name ("Tolombeh-ye" holds a "ye"; "Turkovice u Prelouce" a particle between names)."""
        text, texts = self.texts[i], self.texts
        spaced = i > 0 and self.spacing[i - 1] == " " and (self.spacing[i] == " " or i + 1 == len(texts))
        between_names = i + 1 < len(texts) and texts[i + 1][:1].isupper() and texts[i - 1][:1].isupper()
        return spaced and not between_names and text.islower() and folded(text) in CHAT_SHORTHAND and self.s.generic(i)

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
        if (text in self.s.names or text in WORD_GIVEN_NAMES) and folded(prev) in CARE_ROLES | HONORIFICS:
            return False  # "NURSE WILL COOK", read "Nurse will Cook": a given name after a role or title
        name_like_prev = prev.isalpha() and prev.lower() not in self.s.stops and \
            (prev.lower() in self.s.names or not self.s.is_common(prev.lower()))
        if not name_like_prev and (caps or not prev[:1].isupper()):
            return False  # only right after a name: "John Smith met", not "handing out of" in brackets
        if label in self.person_labels and not caps:
            return text in PREPOSITIONS or is_verb_form(text, self.s.is_common)
        return is_past_or_progressive(text, self.s.is_common)  # "UNITED KINGDOM OF GREAT BRITAIN AND" stays

    def opening_verb(self, i: int, label: str, any_label: bool = False) -> bool:
        """A past or progressive verb opening a sentence before a person's name (or before any name,
        `any_label`), as notes write without their subject ("Phoned Kwame about the rota", "Emailed Priya
        the contract"); not a given name."""
        text = self.texts[i]
        if (label not in self.person_labels and not any_label) or not text[:1].isupper() \
                or not starts_sentence(self.doc, i):
            return False
        w = text.lower()
        return w not in self.s.names and w not in WORD_GIVEN_NAMES and is_past_or_progressive(w, self.s.is_common)

    def after_opening_verb(self, start: int, end: int, label: str) -> int:
        """Where a name-like span starts after a verb and prepositions that open its sentence ("Taken to
        Pinderfields Hospital", "Transferred to Ward 7"): `start` when there are none. "United Nations" keeps
        its participle, which no preposition follows."""
        if start >= end - 1 or label not in self.name_labels or label in self.person_labels \
                or not self.opening_verb(start, label, True):
            return start  # a span of one token or none (trimmed to nothing) keeps its start
        k = start + 1
        while k < end - 1 and (self.spaces[k] or self.texts[k] in PREPOSITIONS):
            k += 1
        return k if k > start + 1 and self.texts[k - 1] in PREPOSITIONS else start

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
            if name_like and i + 2 < end and self.gday(i):
                if i > piece:
                    out.append((piece, i, label))
                piece = i = i + 3  # "G'day Mick": the greeting's three tokens
                continue
            if self.sentence_break(i, start, end) or (keyed and self.field_key(i, start, end)):
                cut = True
            elif name_like and (self.greeting(i, piece) or self.verb(i, label) or self.chat_word(i)):
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
        start = self.after_opening_verb(start, end, label)
        name_like = label in self.name_labels

        def preposition(k: int) -> bool:  # not in capitals: "GREAT BRITAIN AND" may go on in the next span
            return name_like and not s.caps[k] and doc[k].text in PREPOSITIONS
        while start < end - 1 and (((s.generic(start) or self.imperative(start)) and not self.name_start(start, end))
                                   or s.opener(start) or self.opening_verb(start, label)
                                   or (preposition(start) and doc[start + 1].text[:1].isdigit())):
            start += 1  # "of 5 Quay Street, Truro": an address opens with its number, not a preposition
            start, end = trim_punctuation(doc, start, end)

        def clock_time(k: int) -> bool:  # "Church Street around 11", "the Crown till 3": a time said after it
            return (name_like and k - 1 > start and len(doc[k].text) <= 2 and doc[k].text.isdigit()
                    and doc[k - 1].text in CLOCK_PREPOSITIONS)
        def subject(k: int) -> bool:  # "on 22 September you were": the clause's subject after a date
            return label == self.date_label and (doc[k].text in SUBJECT_PRONOUNS or doc[k].text == "I"
                                                 or doc[k].text in DATE_TAIL_WORDS)  # "Sunday 7 December at"
        while end - 1 > start and (s.generic(end - 1) or preposition(end - 1) or clock_time(end - 1) or subject(end - 1)) \
                and not s.after_honorific(end - 1, start) and not s.surname_after_name(end - 1, start, end) \
                and not self.name_part_greeting(end - 1):
            end -= 2 if clock_time(end - 1) else 1
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

    def imperative(self, i: int) -> bool:  # "Call Sam on ...", "Text Sam tomorrow", "nope ask lisa"
        if folded(self.texts[i]) not in IMPERATIVES:
            return False
        return starts_sentence(self.doc, i) or (i > 0 and folded(self.texts[i - 1]) in OPENING_NON_NAMES
                                                and starts_sentence(self.doc, i - 1))

    def name_start(self, i: int, end: int) -> bool:
        """A capitalised word that opens a run of capitalised words and is no article or preposition:
        the given name of "Will Smith", "May Jones"; inside a sentence any capitalised word."""
        doc, s = self.doc, self.s
        if not doc[i].text[:1].isupper() or s.caps[i] or doc[i].text.lower() in CAPITALISED_FUNCTION_WORDS:
            return False
        if not starts_sentence(doc, i):
            return True
        return i + 1 < end and doc[i + 1].text[:1].isupper() and folded(doc[i].text) not in OPENING_NON_NAMES

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
