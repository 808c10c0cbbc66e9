"""Filters on person spans: where a name starts and ends.

A recall-tuned CRF drags capitalised sentence-initial words into names ("Contact Mr Cengiz Polat") and
joins two people into one span; a tagger that never saw a held-out patient's given name tags only the
surname ("Radu" of "spoke with Radu Crosson" stays in the clear).
"""
from functools import lru_cache
from typing import FrozenSet, List, Sequence, Tuple

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.lexicon.category_words import ORG_HEADS
from spacy_anon.lexicon.generic_words import dictionary_test, is_verb_form
from spacy_anon.lexicon.given_names import WORD_GIVEN_NAMES
from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.rules.recognizers.addresses import STREET_TYPE_WORDS
from spacy_anon.tagger.clinical_postprocess import extend_names_left
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, stop_words

# Articles, pronouns and prepositions that open sentences ("The", "In"): alone they never identify anyone.
# Capitalised stop words in general are not dropped: "May", "Will" and "Bill" are names and months.
CAPITALISED_FUNCTION_WORDS = frozenset(
    "the a an this that these those it he she they we i his her its their our my in on at of and or but "
    "for to by with from as el la los las lo un una unos unas del al de en y o le les des du et".split()
)

# Words that open sentences before a subject ("Later Kowalski left"); with "-ly" adverbs and stop words.
SENTENCE_ADVERBS = frozenset(
    "later today yesterday tomorrow tonight earlier soon then now afterwards meanwhile finally eventually "
    "suddenly recently initially subsequently previously instead also still yet so thus hence sometimes".split()
)

# Titles that are part of how a person is named ("Lord Rodger", "Judge Garlicki"): never trimmed.
PERSON_TITLES = frozenset(
    "lord lady sir dame judge justice president minister professor prof king queen prince princess "
    "senator governor mayor general colonel captain father sister brother bishop rabbi imam".split()
)

# Lowercase words that belong inside personal names ("Maria van der Berg", "Ana da Silva", "Lord Rodger
# of Earlsferry") or case names ("Üner v. the Netherlands").
NAME_PARTICLES = frozenset(
    "van von der den de del della di da das dos du la le al el bin ibn ben y e af zu ter ten st of v vs"
    .split()
)


@lru_cache(maxsize=65536)
def _is_common_word(lower: str, min_zipf: float) -> bool:
    from wordfreq import zipf_frequency

    return zipf_frequency(lower, "en") >= min_zipf


def _split_at_lowercase_words(doc: Doc, start: int, end: int) -> List[Tuple[int, int]]:
    """Pieces of a person span cut at lowercase words that stand between two capitalised names.

    "Mark Grace met Will Smith" is two people, not one. Descriptions ("his two sisters", "the
    applicant's brother") and names with particles stay whole, so nothing the tagger found is dropped.
    """
    capitalised = [doc[k].text[:1].isupper() for k in range(start, end)]
    pieces, piece_start = [], start
    for i in range(start, end):
        token = doc[i]
        if not (token.is_alpha and token.text.islower() and token.text not in NAME_PARTICLES):
            continue
        if any(capitalised[piece_start - start:i - start]) and any(capitalised[i + 1 - start:]):
            pieces.append((piece_start, i))
            piece_start = i + 1
    pieces.append((piece_start, end))
    return pieces


def trim_common_words(
    doc: Doc, spans: List[Scored], names: FrozenSet[str],
    labels: Sequence[str] = ("PERSON", "PER"), min_zipf: float = 4.0,
) -> List[Scored]:
    """Strip frequent non-name words from the start of person spans; drop a lone common word.

    A leading word is trimmed when it starts a sentence, is frequent in English (wordfreq Zipf >=
    min_zipf), is not an honorific, an initial or in `names`, and a capitalised word follows it; a
    one-word span made of such a word is dropped. Span ends are left alone (surnames such as "Palm" are
    frequent words). A person span is also cut at a lowercase word that is not a name particle and
    stands between capitalised words ("Mark Grace met Will Smith" -> two spans). A span of any label
    made only of stop words and punctuation ("at", "The") is dropped.
    """
    honorifics = {h.strip(".").lower() for h in DEFAULT_HONORIFICS} | PERSON_TITLES

    def starts_sentence(i: int) -> bool:
        j = i - 1
        while j >= 0 and doc[j].is_space:
            j -= 1
        return j < 0 or doc[j].text in {".", "!", "?", ":", ";", "-", "*", "•"} or "\n" in doc[j].whitespace_

    def removable(i: int) -> bool:
        token = doc[i]
        lower = token.text.lower()
        if not token.is_alpha or len(token.text) == 1 or not token.text[0].isupper():
            return False
        if not starts_sentence(i):  # mid-sentence capitals are names ("met Will Smith"), keep them
            return False
        if lower in WORD_GIVEN_NAMES and i + 1 < len(doc) and doc[i + 1].is_title and not is_common(doc[i + 1].lower_):
            return False  # "Present: Pat Oduya": a given name that is a word, before a surname no dictionary has
        return lower not in honorifics and lower not in names and _is_common_word(lower, min_zipf)

    def subject(end: int) -> bool:  # "Will Smith called": a verb after the name, so its first word is no verb
        j = end
        while j < len(doc) and doc[j].is_space:
            j += 1
        return j < len(doc) and "\n" not in doc[j - 1].whitespace_ and is_verb_form(doc[j].text, is_common)

    def adverb(i: int) -> bool:  # "Later Kowalski left": a sentence adverb, not a given name
        lower = doc[i].text.lower()
        return lower in SENTENCE_ADVERBS or (lower in stops and lower not in ("will", "may")) or \
            (lower.endswith("ly") and is_common(lower))

    is_common = dictionary_test(doc.lang_ or "en")

    def street_head(i: int) -> bool:  # "Castle Street", "Smile Dental": the common word names the street or firm
        return (doc[i].text.lower() in STREET_TYPE_WORDS or doc[i].text.lower() in ORG_HEADS) and doc[i].text.istitle() \
            and (i + 1 >= len(doc) or not doc[i + 1].text[:1].isupper())  # its last word

    def foreign_ok(i: int) -> bool:  # "Al" of "called Al" is a name inside a sentence, not Spanish "al"
        return doc[i].text.lower() in stops or not doc[i].text[:1].isupper() or starts_sentence(i)
    stops = stop_words(doc.lang_)
    out = []
    for start, end, label, score in spans:
        if all(doc[i].is_punct or doc[i].is_space or
               ((doc[i].text in stops or (doc[i].text.lower() in CAPITALISED_FUNCTION_WORDS and foreign_ok(i)))
                and not doc[i].like_num)
               for i in range(start, end)):
            continue  # a lone function word ("at", "The") never identifies anyone
        if label in labels:
            for piece_start, piece_end in _split_at_lowercase_words(doc, start, end):
                if subject(piece_end) and not adverb(piece_start):
                    out.append((piece_start, piece_end, label, score))
                    continue
                while piece_start < piece_end - 1 and removable(piece_start) and \
                        doc[piece_start + 1].text[:1].isupper() and not street_head(piece_start + 1):
                    piece_start += 1
                if piece_end - piece_start == 1 and removable(piece_start):
                    continue
                out.append((piece_start, piece_end, label, score))
            continue
        out.append((start, end, label, score))
    return out


class TrimCommonWords(SpanFilter):
    """Spans of `labels` (the CRF's labels) give up leading frequent English words that are not names
    and split between two people; lone function words of any label go (`trim_common_words`).
    Honorifics, initials and the words of the tagger's first/last-name gazetteers are kept."""

    def __init__(self, labels: Sequence[str] = ("PERSON", "PER"), min_zipf: float = 4.0):
        self.labels = tuple(labels)
        self.min_zipf = min_zipf

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        return trim_common_words(doc, spans, tagger.name_terms, self.labels, self.min_zipf)


class ExtendNames(SpanFilter):
    """A capital initial or a Title-case word rarer than `max_zipf` right before a span whose output
    label is `label` becomes a span too ("Radu" of "Radu Crosson"; `extend_names_left`). Put it before
    propagation, so the given name is also found where it stands alone."""

    def __init__(self, label: str = "PERSON", max_zipf: float = 3.0):
        self.label = label
        self.max_zipf = max_zipf

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        return extend_names_left(tokens[0], spans, lambda label: tagger.output_label(label) == self.label,
                                 self.max_zipf)


@registry.misc("spacy_anon.trim_common_words.v1")
def make_trim_common_words(labels: Sequence[str] = ("PERSON", "PER"), min_zipf: float = 4.0) -> TrimCommonWords:
    return TrimCommonWords(labels, min_zipf)


@registry.misc("spacy_anon.extend_names.v1")
def make_extend_names(label: str = "PERSON", max_zipf: float = 3.0) -> ExtendNames:
    return ExtendNames(label, max_zipf)
