"""The span filter that drops qualifications and the section headings of a CV: degrees, diplomas,
certificates, levels ("MSc Computer Science", "Bachelor of Economics", "Level 3 Diploma in Electrical
Installation", "HACCP Level 2", "GCSEs") and "Curriculum Vitae", "Personal details", "Referees".

A CRF that learned names reads a capitalised run at a line start as an organisation, and in a CV, a
reference or an offer letter a degree stands where an employer stands. A degree is held by thousands
and a heading is layout: neither names anyone (the everyday guideline marks the school, not the degree).
The place of study stays: a span that names a university, college, school or institute is kept whole,
unless the qualification word is its head ("High school diploma").
"""
import re
from typing import List, Sequence, Tuple

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.lexicon.generic_words import folded
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays

# Degree and school-leaving abbreviations that name nothing else; folded, without dots ("B.Sc." -> "bsc").
DEGREE_ABBREVIATIONS = frozenset(
    "bsc msc mba mphil phd dphil llb llm beng meng bcom mcom bba bfa mfa mres mbbs mbchb bchd pgce pgcert "
    "pgdip hnd hnc nvq btec gcse gcses igcse igcses".split())
# Short forms that are degrees only before a subject ("BA Finance", "MA History"; "BA" alone is an airline).
DEGREE_BEFORE_SUBJECT = frozenset("ba ma bsn msn".split())
PERSON_LABELS = frozenset({"PERSON", "PER"})
# Certificates, memberships and registers written as abbreviations ("MRCPCH", "CCMA", "BLS/CPR", "GMC"),
# and the training grades of doctors ("ST4", "FY1", "CT2"): held by thousands, like a degree.
CREDENTIALS = frozenset(
    "mrcpch mrcp mrcs mrcgp mrcog mrcpsych frcs frcp frcr frcpch ccma cma rma cna bls cpr acls pals ils als "
    "atls nls epls haccp cscs ipaf pasma nebosh iosh cipd cipp acca cima aca cfa pmp prince2 itil ccna ccnp "
    "comptia cissp cisa scrum csm gmc nmc hcpc gdc gphc".split())
GRADE = re.compile(r"(?:st|ct|fy|f|spr|sho|sr)[1-9]")
# Words whose noun phrase is a qualification ("Foundation Degree in ...", "Medical Assistant Certificate").
QUALIFICATION_HEADS = frozenset(
    "degree degrees diploma diplomas certificate certificates certification certifications doctorate "
    "apprenticeship qualification qualifications a-level a-levels".split())
# Qualifications only before "of" or "in" ("Master of Data Science"; "Master Chen", "Bachelor Street").
OF_QUALIFICATIONS = frozenset("master masters bachelor bachelors".split())
# Words that name the place of study or work: an organisation, kept.
PLACE_OF_STUDY = frozenset(
    "university universities college school academy institute polytechnic conservatoire hospital trust "
    "deanery council board ltd limited plc inc".split())
# Section headings of CVs and applications; a span made only of these words is layout.
HEADING_WORDS = frozenset(
    "curriculum vitae résumé resume cv personal details information statement profile summary professional "
    "career work employment history experience education qualifications certifications certificates skills "
    "key technical core languages interests hobbies references referees referee achievements publications "
    "training courses volunteering awards current previous posts projects memberships and & of".split())
HEADING_HEADS = frozenset(
    "vitae résumé resume cv details statement profile summary experience education qualifications "
    "certifications skills languages interests hobbies references referees referee achievements "
    "publications training courses volunteering awards posts projects memberships".split())


def _words(doc: Doc, start: int, end: int) -> List[str]:
    return [folded(doc[k].text).replace(".", "") for k in range(start, end) if not (doc[k].is_punct or doc[k].is_space)]


def level_at(words: Sequence[str], k: int) -> bool:
    """words[k] is "level" before a number ("Level 3", "QQI Level 6")."""
    return words[k] == "level" and k + 1 < len(words) and words[k + 1].isdigit()


def is_qualification(words: Sequence[str]) -> bool:
    """Whether the folded words of a span name a qualification and no place of study (see module)."""
    if not words:
        return False
    first, last = words[0], words[-1]
    if last in QUALIFICATION_HEADS or (len(words) > 1 and level_at(words, len(words) - 2)):
        return True  # the head is the qualification: "High school diploma", "HACCP Level 2"
    if any(w in PLACE_OF_STUDY for w in words):
        return False
    if first in DEGREE_ABBREVIATIONS or (first in DEGREE_BEFORE_SUBJECT and len(words) > 1):
        return True
    if all(is_credential(w) for w in words) or (is_credential(first) and GRADE.fullmatch(first)):
        return True  # "MRCPCH", "BLS CPR", "ST4 Paediatrics"
    return any(w in QUALIFICATION_HEADS or level_at(words, k)
               or (w in OF_QUALIFICATIONS and k + 1 < len(words) and words[k + 1] in ("of", "in"))
               for k, w in enumerate(words))


def is_credential(word: str) -> bool:
    """A folded word that is a credential's abbreviation or a training grade ("MRCPCH", "ST4")."""
    return word in CREDENTIALS or GRADE.fullmatch(word) is not None or (
        "/" in word and all(part in CREDENTIALS for part in word.split("/")))


def is_heading(words: Sequence[str]) -> bool:
    """Whether the folded words of a span are a CV section heading ("Personal details", "REFEREES")."""
    return bool(words) and all(w in HEADING_WORDS for w in words) and any(w in HEADING_HEADS for w in words)


PIECE_BREAKS = frozenset(",;()[]|·•–—/")


def pieces(doc: Doc, start: int, end: int) -> List[Tuple[int, int]]:
    """Tokens start..end-1 cut at list separators, brackets and runs of spaces ("MSc Computer Science,
    Someș University (2017)", "2017   BA Finance"), without the separators."""
    out, piece = [], start
    for k in range(start, end + 1):
        if k == end or doc[k].text in PIECE_BREAKS or doc[k].is_space:  # a line break, a column gap
            if k > piece:
                out.append((piece, k))
            piece = k + 1
    return out


def drop_qualifications(doc: Doc, spans: List[Scored], labels: Sequence[str]) -> List[Scored]:
    """The spans of `labels` without the qualifications and CV headings in them (a span's pieces between
    list separators are checked one by one; a span with none comes back unchanged); other labels pass."""
    keep = set(labels)
    out: List[Scored] = []
    dropped_end = -1  # end of the last qualification dropped: its subject may be a span of its own
    for span in spans:
        start, end, label, score = span
        if label not in keep:
            out.append(span)
            continue
        parts = pieces(doc, start, end)
        bad = [qualification_or_heading(doc, s, e, label) for s, e in parts]
        if parts and subject_of(doc, dropped_end, parts[0][0]):
            bad[0] = True  # "Level 3 Diploma" + "in" + "Electrical Installation"
        if any(bad):
            dropped_end = max(e for (s, e), b in zip(parts, bad) if b)
        if not any(bad):
            out.append(span)
            continue
        out.extend((s, e, label, score) for (s, e), b in zip(parts, bad) if not b)
    return out


def subject_of(doc: Doc, dropped_end: int, start: int) -> bool:
    """Tokens from `start` follow a dropped qualification ending at `dropped_end` after "in" or "of" on
    its line: its subject ("Diploma in [Electrical Installation]")."""
    if dropped_end < 0 or start <= dropped_end:
        return False
    between = [doc[k].text.lower() for k in range(dropped_end, start) if not doc[k].is_space or "\n" in doc[k].text]
    return between in (["in"], ["of"])


def qualification_or_heading(doc: Doc, start: int, end: int, label: str) -> bool:
    words = _words(doc, start, end)
    if not words:
        return False
    if words[0] in DEGREE_BEFORE_SUBJECT and not (doc[start].text.isupper() and doc[start].whitespace_
                                                  and label not in PERSON_LABELS):
        return False  # "Ma Jun", "MA-TV": a surname or a name, not "BA Finance"
    return is_qualification(words) or is_heading(words)


class DropQualifications(SpanFilter):
    """Spans of the name labels that are a qualification or a CV heading are dropped (see module).

    labels: the CRF labels checked (names of people, organisations, places).
    """

    def __init__(self, labels: Sequence[str]):
        self.labels = tuple(labels)

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        return drop_qualifications(doc, spans, self.labels)


@registry.misc("spacy_anon.drop_qualifications.v1")
def make_drop_qualifications(labels: Sequence[str] = ("PERSON", "PER", "ORG", "LOC", "MISC")) -> DropQualifications:
    return DropQualifications(labels)
