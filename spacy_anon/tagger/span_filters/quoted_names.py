"""The span filter that finds a lone surname in quotes or brackets: 'The witness "Kowalski" denied it',
"the defendant (Nowak)", and a name someone goes by inside their full name ('Harold "Hal" Lindquist'). The CRF reads a few tokens either side; punctuation around a single word hides
the context it learned names from, so the word stays in the clear wherever it appears."""
import re
from bisect import bisect_right
from typing import List

from spacy.attrs import IDX
from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.extensions import doc_text
from spacy_anon.lexicon.generic_words import dictionary_test, folded
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays

PAIRS = {'"': '"', "“": "”", "(": ")", "[": "]", "‘": "’", "'": "'"}
_OPENER = re.compile("[" + re.escape("".join(PAIRS)) + "]")
# Words before a quoted or bracketed name that say it names a person ('the witness "Kowalski"').
PERSON_NOUNS = frozenset(
    "witness applicant defendant claimant respondent appellant plaintiff accused suspect victim patient client "
    "customer employee colleague officer doctor nurse teacher lawyer solicitor judge manager neighbour neighbor "
    "friend mother father son daughter brother sister husband wife partner uncle aunt cousin child pupil "
    "student tenant landlord caller user called named alias nicknamed mr mrs ms miss dr "
    "stepdad stepmum stepmom stepfather stepmother stepson stepdaughter boyfriend girlfriend ex mum mom dad "
    "nan gran grandad grandma uncle auntie "  # 'his stepdad "Gaz"': what a child calls them
    "driver courier engineer technician plumber electrician builder carer agent receptionist rep adviser "
    "advisor".split()  # "Driver (Mick?) said": who came or answered
)


def quoted_names(doc: Doc, spans: List[Scored], names: frozenset, label: str = "PERSON",
                 score: float = 0.5) -> List[Scored]:
    """`spans` plus a `label` span for each capitalised word alone between a matching pair of quotes or
    brackets, where no span is, that a name gazetteer lists (`names`, lower case) and no dictionary does,
    or that follows a word naming a person (`PERSON_NOUNS`: 'the witness "Kowalski"') and is a gazetteer
    name or no dictionary word."""
    if len(doc) < 3:
        return spans
    taken = set()
    for start, end, _, _ in spans:
        taken.update(range(start, end))
    is_common = dictionary_test(doc.lang_ or "en")
    found = []
    for i in _after_openers(doc):
        text = doc[i].text
        if i in taken or not (text[:1].isupper() and text[1:].islower() and text.isalpha() and len(text) > 2):
            continue
        if PAIRS.get(doc[i - 1].text) != doc[i + 1].text or doc[i - 1].whitespace_ or doc[i].whitespace_:
            continue
        w = folded(text)
        known, common = w in names, is_common(w)
        called = nickname(doc, i)
        if (known and not common) or ((known or not common) and (person_before(doc, i - 1) or called)):
            found.append((i, i + 1, label, score))
            if called:  # the surname after it, which the quotes cut off from the given name
                found.extend((k, k + 1, label, score) for k in (i - 2, i + 2) if k not in taken)
    return sorted(spans + found) if found else spans


def _after_openers(doc: Doc) -> List[int]:
    """The indices of the tokens right after a token that is an opening quote or bracket, in order (but
    the first and last tokens): where the doc's text holds such a character at a token's start, found in
    C rather than token by token."""
    text = doc_text(doc)
    starts = doc.to_array(IDX).tolist()
    found = []
    for m in _OPENER.finditer(text):
        j = bisect_right(starts, m.start()) - 1
        if starts[j] == m.start() and 1 <= j + 1 < len(doc) - 1 and doc[j].text == m.group():
            found.append(j + 1)
    return found


def nickname(doc: Doc, i: int) -> bool:
    """Whether the quoted word at `i` stands between two capitalised words, one space either side: a
    name someone goes by, written inside the full name ('Harold "Hal" Lindquist')."""
    if i < 2 or i + 2 >= len(doc) or not doc[i - 2].whitespace_ or not doc[i + 1].whitespace_:
        return False
    before, after = doc[i - 2].text, doc[i + 2].text
    return before.istitle() and before.isalpha() and after[:1].isupper() and after.isalpha()


def person_before(doc: Doc, opener: int) -> bool:
    """Whether the word before the opening quote or bracket names a person ("witness", "called")."""
    j = opener - 1
    while j >= 0 and doc[j].is_space:
        j -= 1
    return j >= 0 and folded(doc[j].text) in PERSON_NOUNS


class QuotedNames(SpanFilter):
    """A gazetteer surname or given name alone in quotes or brackets becomes a span of `label` (a CRF
    label) with `score` (`quoted_names`). Put it before propagation, so its other mentions are found."""

    def __init__(self, label: str = "PERSON", score: float = 0.5):
        self.label, self.score = label, score

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        return quoted_names(doc, spans, tagger.name_terms, self.label, self.score)


@registry.misc("spacy_anon.quoted_names.v1")
def make_quoted_names(label: str = "PERSON", score: float = 0.5) -> QuotedNames:
    return QuotedNames(label, score)
