"""When a span with no usable generalization stays as written instead of being tagged or suppressed.

A word that discloses nothing stays: an ordinal or a very common lower-case word (`keepable`, with
`keep_common`), or, with `keep_share`, a one-word lower-case span that many background documents
contain. Never a word that names a kind of person ("writer"): an occupation is a quasi-identifier.
"""
from typing import Callable, Optional, Sequence

from spacy.tokens import Span

from spacy_anon.generalize.mentions import COARSENED_LABELS, NAME_LABELS, at_sentence_start
from spacy_anon.generalize.vacuous import COMMON_WORD_ZIPF, keepable
from spacy_anon.generalize.wordnet import has_adjective_sense, noun_senses

# in_crowd(phrases, share): whether one of the phrases is in at least `share` of the background documents
CrowdTest = Callable[[Sequence[str], Optional[float]], bool]


def names_a_person(span: Span, lang: str, lexicon) -> bool:
    """The span's last word names a kind of person in its most frequent noun sense and is no adjective
    ("writer", "wrestlers"; not "first", "critical"): who someone is points at them, however common
    the word."""
    word = span[-1].lower_
    if not span[-1].is_alpha or has_adjective_sense(word, lexicon):
        return False
    senses = noun_senses(word, lang, lexicon)
    try:
        return bool(senses) and senses[0].lexfile() == "noun.person"
    except Exception:  # a lexicon without lexicographer files
        return False


def shared_word(span: Span, skip_labels: Sequence[str], keep_share: Optional[float], in_crowd: CrowdTest) -> bool:
    """A one-word lower-case span (not a name, number or date) that at least `keep_share` of the
    background documents contain: it discloses only by its frequency ("acclaim", "numerous")."""
    if len(span) != 1 or span.label_ in COARSENED_LABELS or span.label_ in skip_labels \
            or span.label_ in NAME_LABELS or not span[0].is_lower or any(c.isdigit() for c in span.text):
        return False
    return in_crowd([span.text], keep_share)


def stays_as_written(span: Span, *, keep_common: bool, common_zipf: float = COMMON_WORD_ZIPF,
                     keep_share: Optional[float] = None, skip_labels: Sequence[str] = (), lang: str = "en",
                     lexicon=None, in_crowd: Optional[CrowdTest] = None) -> bool:
    """Whether a span with no usable generalization stays as written: it discloses nothing (`keepable`
    with keep_common, or `shared_word` with keep_share) and names no kind of person."""
    common = keep_common and keepable(span.text, span.label_, lang, at_sentence_start(span), common_zipf)
    shared = not common and keep_share is not None and in_crowd is not None and \
        shared_word(span, skip_labels, keep_share, in_crowd)
    return bool((common or shared) and not names_a_person(span, lang, lexicon))


__all__ = ["CrowdTest", "names_a_person", "shared_word", "stays_as_written"]
