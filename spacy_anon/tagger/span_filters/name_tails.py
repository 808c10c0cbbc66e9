"""The span filter that cuts the words a tagger runs on with after or before a capitalised name in mixed-case
text: "Hallam Vale University today", "Ecclesall Road to celebrate", "the Heaton Mums group x", "Leeds AGAIN",
"yes Chris fine", "mummy Grace".

Where the writer uses capitals, a name is written with them: a word typed in lower case at the edge of
a span is no part of the name when it is a word of the language (a stop word, greeting, shorthand or
dictionary word), unless it heads the names of organisations or places ("Leeds city", "the prison") or is a
gazetteer name or place. A word in capitals for emphasis in mixed-case text ("AGAIN") goes too. Lines in
lower case or capitals, and words the truecaser capitalised, are left alone: there case says nothing.
"""
from typing import FrozenSet, List, Optional, Sequence

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.casing import AS_WRITTEN, LOWER, line_regime, usual_form, written_words
from spacy_anon.lexicon.category_words import JOB_NOUNS
from spacy_anon.lexicon.generic_words import (CHAT_SHORTHAND, GREETINGS, INTERJECTIONS, dictionary_test, folded,
                                              IRREGULAR_VERBS, is_past_or_progressive, zipf)
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, doc_rows, stop_words
from spacy_anon.tagger.span_filters.generic_words import NUMBER_WORDS
from spacy_anon.tagger.span_filters.line_case import caps_lines
from spacy_anon.tagger.span_filters.names import NAME_PARTICLES
from spacy_anon.tagger.span_filters.written_evidence import NAME_HEADS, emphasis, typed_word_evidence

CLOSERS = frozenset(").]\"'’”")  # a closing bracket or quote, a full stop of "Ltd.": left to `generic_words`
LOOSE_MARKS = frozenset("x xx xxx yes no".split())  # kisses that close a post ("thanks all x"), answers
# Words that place an event in time relative to now: never part of a name ("Leeds University today").
ARTICLES = frozenset("the a an his her their my our your its".split())
POSSESSIVES = frozenset({"'s", "’s"})
PERSON_LABELS = frozenset({"PERSON", "PER"})  # spans whose leading dictionary words go ("son Will")
CHAT_WORDS = GREETINGS | INTERJECTIONS | CHAT_SHORTHAND
# stop words that are given names: right before a name they are its first word ("will smith called")
STOP_WORD_NAMES = frozenset({"will", "may"})
TIME_WORDS = frozenset("today tonight tomorrow yesterday now again later soon tmrw tmr".split())
# Nouns naming the kind of place, site or body a name stands for ("Adare village", "Narlıdere police station",
# "Turkish military authorities", "Hawiye militia"): the mention's own words, kept after the name.
BODY_WORDS = frozenset(
    "authorities authority militia militias army police forces regime government troops navy ministry embassy "
    "consulate headquarters village town city country countries region district province county state area "
    "island islands republic municipality prison jail station office branch department unit camp base depot "
    "centre center site plant factory port airport harbour hospital clinic school court".split())
# Words of direction that open a place's name ("northern Iraq", "south Wales").
DIRECTIONS = frozenset("north south east west northern southern eastern western central upper lower greater".split())
SPOKEN_MARKS = frozenset("dot underscore hyphen dash slash".split())  # an address read out ("piotr dot k")
JOINERS = frozenset("of and & for de da du".split())
TRAILING_JOINERS = frozenset("and or".split())  # a conjunction after a name's last word is the next clause's
SENTENCE_MARKS = frozenset(".!?:;")  # after them the truecasing capitalises a sentence's first word  # a word after them ends a name ("ministry of justice")
COMMON_ZIPF = 4.0  # a word typed in lower case after a name goes when at least this frequent (wordfreq Zipf)


class TailWords:
    """Per document: which tokens at a span's edge are loose words (see module)."""

    def __init__(self, doc: Doc, names: FrozenSet[str], places: FrozenSet[str]):
        self.doc, self.names, self.places = doc, names, places
        rows = doc_rows(doc)
        self.words, self.spacing, self.alpha, self.spaces, self.punct = (
            rows.words, rows.whitespace, rows.is_alpha, rows.is_space, rows.is_punct)
        self.written = written_words(doc)
        self.caps, _ = caps_lines(doc)
        self.is_common = dictionary_test(doc.lang_ or "en")
        self.stops = stop_words(doc.lang_)
        self._mixed: Optional[List[bool]] = None

    def mixed(self, i: int) -> bool:
        """Token i is on a line the writer typed in mixed case, where a word in lower case is no name."""
        if self._mixed is None:
            self._mixed = mixed_case_tokens(self.doc, self.written, self.caps)
        return self._mixed[i]

    def typed(self, i: int) -> bool:
        """Token i stands as the writer typed it, on a line in mixed case."""
        return not self.caps[i] and (self.written is None or self.written[i] == self.words[i])

    def recased_capital(self, i: int) -> bool:
        """Token i, a dictionary word typed in lower case, was capitalised by the truecasing inside a
        sentence: read as a word of a name ("court of first instance"), since the truecasing leaves a
        dictionary word in lower case unless a name's pattern holds it. A word no dictionary lists ("pls")
        is capitalised as a possible name, and the case table writes some words capitalised wherever they
        stand ("Council"): neither says as much."""
        return self.written is not None and self.words[i][:1].isupper() and self.written[i][:1].islower() \
            and i > 0 and self.words[i - 1] not in SENTENCE_MARKS and "\n" not in self.words[i - 1] \
            and self.is_common(folded(self.written[i])) \
            and not usual_form(self.written[i], LOWER, self.doc.lang_ or "en")[:1].isupper()

    def after_initial(self, i: int) -> bool:
        """Token i follows an initial and its full stop ("e." of "mrs e. palm")."""
        return i >= 2 and self.words[i - 1] == "." and self.spacing[i - 1] == " " and len(self.words[i - 2]) == 1 \
            and self.words[i - 2].isalpha()

    def as_typed(self, i: int) -> str:
        return self.written[i] if self.written is not None else self.words[i]

    def core(self, i: int) -> bool:
        """Token i is a word of the name: capitalised as typed (not in capitals for emphasis), or, on a line
        typed in lower case, a gazetteer name or place, a name head or a word no dictionary lists."""
        text = self.words[i]
        if not self.alpha[i] or len(text) < 2 or self.caps[i]:
            return False
        if self.typed(i) and text[:1].isupper():
            return not (text.isupper() and self.loose(i))
        typed = self.as_typed(i)
        if self.written is None or not typed.islower():
            return False
        w = folded(typed)
        return typed_word_evidence(w, w in self.stops or w in CHAT_WORDS, self.is_common,
                                   self.names.__contains__, self.places)

    def plain(self, i: int) -> bool:
        """Token i is typed in lower case and is a stop word or an irregular verb form ("seen", "the"; not
        "united", which opens names)."""
        typed = self.as_typed(i)
        if not typed.islower() or not typed.isalpha():
            return False
        w = folded(typed)
        return w in self.stops or w in IRREGULAR_VERBS

    def core_after(self, i: int) -> bool:
        """The next token is a word of the name, right after token i ("will | smith")."""
        return i + 1 < len(self.words) and self.spacing[i] == " " and self.core(i + 1)

    def mark(self, i: int) -> bool:
        """Spaces, punctuation and emoji: no letter or digit."""
        return self.spaces[i] or self.punct[i] or not any(ch.isalnum() for ch in self.words[i])

    def loose(self, i: int, leading: bool = False, person: bool = False) -> bool:
        """Token i, at a span's edge, is a word of the language typed next to the name: before it a greeting,
        interjection or shorthand ("yes Chris"); after it also a stop word, a word of time ("today",
        "again"), a verb in the past or progressive, or "to" and a verb ("to celebrate")."""
        text = self.as_typed(i)
        if not self.alpha[i] or self.caps[i]:
            return False
        if not leading and self.recased_capital(i):
            return False  # "the izmir court of first instance": the truecasing read it as part of a name
        w = folded(text)
        if not leading and self.after_initial(i) and w not in self.stops and not is_past_or_progressive(w, self.is_common):
            return False  # "mrs e. palm": the surname after an initial, whatever word it is
        if text.isupper() and len(text) >= 4:  # "AGAIN": emphasis, not an acronym
            return not leading and zipf(w) >= 4.0 and emphasis(self.doc, i) and w not in self.names and w not in self.places \
                and not (i > 0 and self.words[i - 1].lower() in NAME_PARTICLES)  # "Demar de FROZEN": a surname
        mixed = self.mixed(i)
        if not text.islower() or w in NAME_PARTICLES or w in NAME_HEADS or w in NUMBER_WORDS:
            return False
        if not leading and w in TRAILING_JOINERS:
            return True  # a name ends with no "and" ("leeds and | worked"), though the place lists split "Trinidad and Tobago"
        if (w in self.places or w in self.names) and (leading or not mixed or zipf(w) < COMMON_ZIPF):
            return False  # after a capitalised name a frequent word typed in lower case is none ("Rotherham all day")
        if w in CHAT_WORDS or w in LOOSE_MARKS:
            return True
        if leading:  # "that's sam", "of Leeds"; an article or possessive opens a description ("the Home Office")
            if w in ARTICLES or w in DIRECTIONS or (w in STOP_WORD_NAMES and self.core_after(i)):
                return False
            # where capitals are the writer's, a dictionary word before a person's name is none of it ("son
            # Will"); before other names it may describe the place or body ("the family home in Patrickswell")
            return w in self.stops or (person and mixed and self.is_common(w) and w not in BODY_WORDS)
        if w in BODY_WORDS or w in JOB_NOUNS or w in SPOKEN_MARKS:
            return False  # "Hawiye militia", "Swedish mountain rescue volunteer coordinator", "piotr dot k"
        if w in self.stops or w in TIME_WORDS or is_past_or_progressive(w, self.is_common) \
                or (i > 0 and self.words[i - 1].lower() == "to" and self.is_common(w)):
            return True
        if mixed:  # "Leeds depot", "Spring Poetry Cup heats"; not the "s" of "Court’ s" as some tokenizers cut it,
            # nor the object of a name's "of" ("Outcomes of balloon valvuloplasty", a title in sentence case)
            return len(w) > 1 and self.is_common(w) and not (i > 0 and self.words[i - 1].lower() == "of")
        # typed in lower case: a frequent word after the name, not the object of its "of" ("ministry of justice")
        return len(w) > 1 and zipf(w) >= COMMON_ZIPF and self.is_common(w) \
            and not (i > 0 and self.words[i - 1].lower() in JOINERS)


    def lower_run(self, start: int, end: int) -> bool:
        """Tokens start..end are words typed in lower case on a line in mixed case."""
        return start < end and all(self.alpha[k] and self.mixed(k) and self.typed(k)
                                   and self.words[k].islower() for k in range(start, end))

    def described_before(self, start: int, end: int) -> bool:
        """Tokens start..end, typed in lower case before a name, describe it ("a grey | Vauxhall Astra"): an
        article, then a dictionary word that is no word of direction or head of a name."""
        if not self.lower_run(start, end) or self.words[start].lower() not in ARTICLES:
            return False
        return all(w in ARTICLES or (w not in self.stops and w not in DIRECTIONS and w not in NAME_HEADS
                                     and w not in NAME_PARTICLES and self.is_common(w))
                   for w in (self.words[k].lower() for k in range(start, end)))

    def described(self, start: int, end: int) -> bool:
        """Tokens start..end, typed in lower case after a name, end in a word that heads names but describe
        it ("St Oswald's Church | craft group"): some other dictionary word is among them ("Leeds city
        council" keeps its heads)."""
        if not self.lower_run(start, end):
            return False
        ws = [self.words[k].lower() for k in range(start, end)]
        return ws[-1] in NAME_HEADS and ws[-1] not in BODY_WORDS and any(
            w not in NAME_HEADS and w not in BODY_WORDS and w not in NAME_PARTICLES and w not in self.stops
            and self.is_common(w) for w in ws)


def mixed_case_tokens(doc: Doc, written: Optional[Sequence[str]], caps: Sequence[bool]) -> List[bool]:
    """For each token: its line, as typed, is in mixed case (`casing.line_regime`), not in capitals."""
    rows = doc_rows(doc)
    texts = written if written is not None else rows.words
    n = len(texts)
    out = [False] * n
    first = 0
    for k in range(n + 1):
        if k == n or "\n" in rows.words[k]:  # a token's trailing whitespace is " " or nothing
            last = min(k + 1, n)
            line = "".join(texts[j] + rows.whitespace[j] for j in range(first, last))
            flag = line_regime(line) == AS_WRITTEN
            for j in range(first, last):
                out[j] = flag and not caps[j]
            first = last
    return out


def glued(doc: Doc, i: int) -> bool:
    """Token i and the next are one word written together ("6pm", "Kestrel's"; not "ya." of "ya. ben")."""
    return not doc[i].whitespace_ and i + 1 < len(doc) \
        and all(any(ch.isalnum() for ch in doc[k].text) for k in (i, i + 1))


def clitic(doc: Doc, i: int) -> bool:
    """Token i is a possessive or "is" glued to the word before ("that's", "that' s" as some tokenizers cut it)."""
    return doc[i].text in POSSESSIVES or (doc[i].lower_ == "s" and i > 0 and doc[i - 1].text in ("'", "’"))


# words that are no name when nothing else of a span is left ("The" of "The service")
LEFT_ALONE = frozenset("the a an this that these those of in on at to for by with from".split())


def trim_name_tails(doc: Doc, spans: List[Scored], labels: Sequence[str], names: FrozenSet[str] = frozenset(),
                    places: FrozenSet[str] = frozenset()) -> List[Scored]:
    """Spans of `labels` that hold a capitalised word typed so, without the loose words at their edges."""
    keep = set(labels)
    words = None
    out: List[Scored] = []
    for start, end, label, score in spans:
        if label in keep and end - start > 1:
            words = words or TailWords(doc, names, places)
            caps = [k for k in range(start, end) if words.core(k)]
            if caps:
                first, last = caps[0], caps[-1]
                s = first if label in PERSON_LABELS and words.described_before(start, first) else start
                person = label in PERSON_LABELS
                while s < first and (words.mark(s) or words.loose(s, leading=True, person=person) or clitic(doc, s)) \
                        and not (glued(doc, s) and doc[s + 1].text not in POSSESSIVES):
                    s += 1
                e = last + 1 if words.described(last + 1, end) else end
                while e - 1 > last and ((words.mark(e - 1) and doc[e - 1].text not in CLOSERS) or words.loose(e - 1)) \
                        and not glued(doc, e - 2):
                    e -= 1
                while e - 1 > s and words.mark(e - 1) and doc[e - 1].text not in CLOSERS:
                    e -= 1
                start, end = s, e
                if all(words.mark(k) or words.plain(k) or doc[k].lower_ in LEFT_ALONE for k in range(start, end)):
                    continue  # "anyone seen the keys" -> "seen the", "The service" -> "The": no name is left
        out.append((start, end, label, score))
    return out


class TrimNameTails(SpanFilter):
    """Spans of a capitalised name lose the lower-case words typed before or after it (`trim_name_tails`).

    labels: the CRF labels trimmed (names of people, organisations, places).
    """

    def __init__(self, labels: Sequence[str]):
        self.labels = tuple(labels)

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        terms = getattr(tagger, "gazetteer_terms", {})
        return trim_name_tails(doc, spans, self.labels, tagger.name_terms, frozenset(terms.get("countries", ())))


@registry.misc("spacy_anon.trim_name_tails.v1")
def make_trim_name_tails(labels: Sequence[str] = ("PERSON", "PER", "ORG", "LOC")) -> TrimNameTails:
    return TrimNameTails(labels)
