"""Which tokens of a document can belong to a name and which are generic words (`NameSignals`), and
where sentences start: the evidence the span filter `trim_generic_words` weighs, per token, without a
parser. A capitalised word inside a sentence, a word no dictionary lists, a digit, the word after an
honorific or a gazetteer name can be part of a name; a greeting, a field key, chat shorthand or an
imperative at a sentence start cannot."""
from typing import Callable, Dict, FrozenSet, List, Optional, Sequence

from spacy.tokens import Doc

from spacy_anon.casing import written_words
from spacy_anon.lexicon.generic_words import (
    CHAT_SHORTHAND, CLINICAL_WORDS, FIELD_KEYS, GREETINGS, IMPERATIVES, INTERJECTIONS, WEEKDAYS, elongated_forms,
    english_coinage, folded, is_past_or_progressive, is_verb_form, verb_stems, zipf,
)
from spacy_anon.lexicon.given_names import KINSHIP_WORDS, POSSESSIVE_DETERMINERS
from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.lexicon.sentence_adverbs import opening_word
from spacy_anon.possessives import possessive_end
from spacy_anon.tagger.span_filters.base import doc_rows, stop_words
from spacy_anon.tagger.span_filters.chunks import chunk_ids
from spacy_anon.tagger.span_filters.line_case import caps_lines
from spacy_anon.tagger.span_filters.names import PERSON_TITLES
from spacy_anon.tagger.span_filters.written_evidence import NAME_HEADS, capitalised_neighbour, emphasis, topic_tag

SENTENCE_END = frozenset(".!?")
CLAUSE_PUNCT = frozenset(".!?,;:-–—")
SENTENCE_OPENERS = frozenset({".", "!", "?", ":", ";", "-", "*", "•", "—", "–"})
VALUE_GLUE = frozenset({":", "#", "no", "no.", "nr", "num", "number", "-", "="})
LEADING_PUNCT = frozenset(",.:;!?)]}>|/-–—*•")
TRAILING_PUNCT = frozenset(",:;!?([{<|/-–—*•")
PAIRS = (("(", ")"), ("[", "]"), ("{", "}"), ('"', '"'), ("“", "”"))  # not ’: an apostrophe too ("seven days’")
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
        self._cased: Optional[List[bool]] = None
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

    def named_relative(self, i: int) -> bool:
        """Token i follows "my husband", "her son" and one space: the truecaser capitalised it as the
        relative's name ("me and my husband rich are coming"), which a frequent word alone would not earn."""
        doc = self.doc
        return i >= 2 and folded(doc[i - 1].text) in KINSHIP_WORDS and doc[i - 1].whitespace_ == " " \
            and folded(doc[i - 2].text) in POSSESSIVE_DETERMINERS

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
                or (describes and self.determined(start)) or self.named_relative(i)
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
        if title:  # in a line typed in capitals the capital opening a sentence is the truecaser's: a dictionary
            # word there is the word ("CONCERN: BRUISING TO L ARM"), however rare
            rare = not self.is_common(w) if self.written is not None and self.written[i].isupper() else not self.frequent(w)
            return (not sentence_start or w in self.names or w in self.places or rare
                    or self.subject(i))  # "Ted is happy"; "Turkey?" is a gazetteer place
        if self.name_word(w) and not is_verb_form(w, self.is_common):
            return True  # a name written in lower case ("mark: okay", "ask ben")
        if describes and self.determined(start) and not is_past_or_progressive(text, self.is_common):
            return True  # a description: "the police", "the applicant's brother", "his two sisters"
        # a lower-case word: a name only when no dictionary lists it, and not a word made of English words
        # where the writer gives names their capitals ("Could you ask Marcus to countersign", "Tell Jonas to
        # unsubscribe"; a foreign court's "länsrätten" stays)
        return not self.is_common(w) and not (english_coinage(w, self.is_common) and self.cased_sentence(i))

    def cased_sentence(self, i: int) -> bool:
        """Whether token i stands in a sentence whose writer uses capitals: the sentence opens with a
        capital, a capitalised word stands inside it, and it has no "i" in lower case; on a line not in
        capitals, in a doc as typed (not recased). A sentence typed in lower case ("ask okafor pls") or
        with capitals only where a phone puts them ("Talked to okafor") says nothing."""
        if self.written is not None or self.caps[i]:
            return False
        if self._cased is None:  # every sentence's verdict at once: linear in the document
            self._cased = self._cased_sentences()
        return self._cased[i]

    def _cased_sentences(self) -> List[bool]:
        """`cased_sentence` of every token (without the line and reading conditions), in one pass."""
        texts, alpha = self.texts, self.alpha
        starts = sentence_starts(texts, self.spacing, self.spaces)
        out = [False] * len(texts)
        first = 0
        while first < len(texts):
            last = first + 1
            while last < len(texts) and not starts[last]:
                last += 1
            words = [k for k in range(first, last) if alpha[k]]
            verdict = bool(words) and texts[words[0]][:1].isupper() and "i" not in texts[first:last] and any(
                texts[k][:1].isupper() and not texts[k].isupper() for k in words[1:])
            out[first:last] = [verdict] * (last - first)
            first = last
        return out

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
