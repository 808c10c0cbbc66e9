"""When a match of a sensitive term counts: look-alikes and denials around it exclude it (`excluded`),
and an ambiguous match needs a sure term of its condition in the same document (`with_evidence`).

Matches are (first word, end word, term) over the words of `terms.word_offsets` (`offsets`: the
(start, end) characters of each word in `text`)."""
from typing import AbstractSet, Dict, List, Optional, Sequence, Tuple

from spacy_anon.sensitive import care, clinical
from spacy_anon.sensitive import special_categories
from spacy_anon.sensitive.sensitive_set import SensitiveSet, SensitiveTerm

Match = Tuple[int, int, SensitiveTerm]
Offsets = Sequence[Optional[Tuple[int, int]]]
CONTEXT_CHARS = 40  # how far around a match a look-alike or a denial is looked for


def surface(text: str, offsets: Offsets, i: int, j: int) -> str:
    """The text of words i..j."""
    return text[offsets[i][0]:offsets[j - 1][1]]


def excluded(text: str, offsets: Offsets, i: int, j: int, surface: str, condition: str, shared: AbstractSet[str],
             term_text: str = "") -> bool:
    """A look-alike or a denial in the 40 characters around words i..j (`clinical.excluded`), a GDPR
    look-alike ("Dominican Republic"), or a drug shared between conditions (`shared`: such drugs) given
    for sedation (`care.for_sedation`; term_text: the matched term's text). The clinical lexicon's rules."""
    before = text[max(0, offsets[i][0] - CONTEXT_CHARS):offsets[i][0]]
    after = text[offsets[j - 1][1]:offsets[j - 1][1] + CONTEXT_CHARS]
    return clinical.excluded(before, surface, after) or (
        condition in special_categories.FORMS and special_categories.lookalike(before, surface, after)) or (
        term_text.lower() in shared and care.for_sedation(before, after))


def needs_evidence(term: SensitiveTerm, surface: str, clinical_lexicon: bool) -> bool:
    """An ambiguous term, or (with the clinical lexicon) a word that is also a GDPR look-alike."""
    return term.ambiguous or (clinical_lexicon and surface.lower() in special_categories.LOOKALIKES)


def sure_positions(matches: Sequence[Match], text: str, offsets: Offsets, clinical_lexicon: bool) -> Dict[str, List[int]]:
    """{condition: start offsets} of the matches that are evidence by themselves (sure terms of S)."""
    sure: Dict[str, List[int]] = {}
    for i, j, t in matches:
        if t.kind == "sensitive" and not needs_evidence(t, surface(text, offsets, i, j), clinical_lexicon):
            sure.setdefault(t.condition, []).append(offsets[i][0])
    return sure


def with_evidence(matches: Sequence[Match], text: str, offsets: Offsets, sensitive: SensitiveSet,
                  conditions: Sequence[str], clinical_lexicon: bool) -> List[Match]:
    """Keep an ambiguous match only when the document has a sure term of its condition; a term of
    several conditions (a benzodiazepine) takes the condition of the nearest sure term. `conditions`:
    the configured ones (a habit of drink is evidence only when alcohol abuse is among them)."""
    sure = sure_positions(matches, text, offsets, clinical_lexicon)
    if clinical_lexicon:
        # an amount of drink written as a habit ("drinks 6-8 qd") is as sure as a term of alcohol abuse
        for condition, pattern in clinical.AMOUNTS.items():
            if condition in conditions:
                sure.setdefault(condition, []).extend(m.start() for m in pattern.finditer(text))
        sure = {c: p for c, p in sure.items() if p}
    out = []
    for i, j, term in matches:
        if not needs_evidence(term, surface(text, offsets, i, j), clinical_lexicon) or term.condition in sure:
            out.append((i, j, term))
            continue
        start = offsets[i][0]
        others = [t for t in sensitive.variants.get(term.key, ()) if t.condition in sure
                  and t.text.lower() == term.text.lower()]
        if others:
            best = min(others, key=lambda t: min(abs(p - start) for p in sure[t.condition]))
            out.append((i, j, best))
    return out
