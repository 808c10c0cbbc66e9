"""The span filter that grows a name over the words that make it an organisation's: "St Brennan's" +
"Hospital", "Nordlys Software" + "AS", "MERSEY" + "BUILDING SOCIETY", "LEA VALLEY" + "GENERAL HOSPITAL".

A tagger that has seen few such names stops before their head noun, and the head is what a reader
needs least to re-identify them but what a metric of whole names counts. A span grows only over the
words right after it on its line, written as names are there (capitalised, or in capitals on a line in
capitals), up to the last organisation head among them (`category_words.ORG_HEADS`, the second word of
`ORG_HEAD_PAIRS`, a company's legal form), and no further; its label stays (`anon_mask` reads a name
ending in an organisation head as an organisation: `mask.span_kinds`). Clinical notes
are left as they are: their gold (the deid notes) marks a hospital's name without its head ("CALVERT
HOSPITAL") and the note filters own them.
"""
from typing import List, Sequence

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.lexicon.category_words import ORG_HEAD_PAIRS, ORG_HEADS
from spacy_anon.lexicon.clinical_terms import is_clinical_note
from spacy_anon.extensions import doc_text
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays
from spacy_anon.tagger.span_filters.line_case import caps_lines

# a company's legal form written after its name in capitals ("Nordlys Software AS", "Kestrel AB")
LEGAL_FORMS = frozenset("as asa ab oy oyj aps gmbh ag kg sa sas sarl srl spa bv nv plc llc llp pllc ltd inc".split())
# heads that end an organisation's name only after their first word ("Nursing Home", "Home Health")
PAIRED_HEADS = frozenset(second for _, second in ORG_HEAD_PAIRS) | frozenset({"health", "rehab"})
PAIRED_FIRST = frozenset(first for first, _ in ORG_HEAD_PAIRS) | frozenset(
    "home community cardiac children's childrens women's womens general nursing care".split())
APOSTROPHES = frozenset("'’")
NAME_LABELS = frozenset({"ORG", "LOC", "PERSON", "MISC"})  # the labels (after label_map) of names that grow
MAX_WORDS = 4  # words a span grows by at most ("PARK WOMEN'S HOSPITAL")


def head_end(words: Sequence[str], legal_upper: Sequence[bool]) -> int:
    """How many of `words` (folded, the words after a name) belong to it: up to the last organisation
    head among them (0: none). legal_upper: whether each word is written in capitals (a legal form)."""
    end = 0
    for k, word in enumerate(words):
        previous = words[k - 1] if k else ""
        if word in ORG_HEADS or legal_upper[k] and word in LEGAL_FORMS:
            end = k + 1
        elif word in PAIRED_HEADS and previous in PAIRED_FIRST:
            end = k + 1
    return end


class ExtendOrgHeads(SpanFilter):
    """Grow name spans over the organisation heads right after them (see the module docstring)."""

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        if not spans or is_clinical_note(doc_text(doc)):
            return spans
        caps, _ = caps_lines(doc)
        out, grown = [], []
        for start, end, label, score in spans:
            new_end = self._grown(doc, caps, start, end) if tagger.output_label(label) in NAME_LABELS else end
            out.append((start, new_end, label, score))
            if new_end > end:
                grown.append((start, new_end))
        if not grown:
            return out
        out = [span for span in out if not any(s <= span[0] and span[1] <= e and (s, e) != span[:2]
                                               for s, e in grown)]  # "HOSPITAL" tagged apart
        return _joined_over_heads(out, grown)

    def _grown(self, doc: Doc, caps: Sequence[bool], start: int, end: int) -> int:
        """The end token of the span grown over the organisation words after it (`end`: none)."""
        loud = caps[start]
        k = end - 1
        if end - start >= 2 and doc[k].lower_ in ("'s", "’s"):
            k -= 1  # one token "'s"
        elif end - start >= 3 and doc[k].lower_ == "s" and doc[k - 1].text in APOSTROPHES:
            k -= 2  # "'" and "s"
        last = doc[k].text  # the word before a possessive "'s" ("St Brennan's")
        if not doc[k].is_alpha or not (last.isupper() if loud else last[:1].isupper()):
            return end  # "Warsaw at the" + "Grand Hotel": two names the words between keep apart
        words: List[str] = []
        upper: List[bool] = []
        ends: List[int] = []
        i = end
        while i < len(doc) and len(words) < MAX_WORDS:
            token = doc[i]
            if token.is_space or not token.text.strip():
                if "\n" in token.text:
                    break
                i += 1
                continue
            if token.text in APOSTROPHES and i + 1 < len(doc) and doc[i + 1].lower_ == "s":
                if words:
                    words[-1] += "'s"
                i += 2
                if words:
                    ends[-1] = i
                continue
            text = token.text
            if not token.is_alpha or caps[i] != loud or not (text.isupper() if loud else text[:1].isupper()):
                break
            if i > end and not doc[i - 1].is_space and not doc[i - 1].whitespace_ and doc[i - 1].text not in "'’s":
                break  # glued to the word before it: no separate word of a name
            words.append(token.lower_)
            upper.append(text.isupper())
            ends.append(i + 1)
            i += 1
        k = head_end(words, upper)
        return ends[k - 1] if k else end


def _joined_over_heads(spans: List[Scored], grown: Sequence[tuple]) -> List[Scored]:
    """`spans` with a grown span joined to the next span that starts inside it ("King's" grown over
    "College", and "College London" tagged apart: "King's College London", under the grown span's label)."""
    out: List[Scored] = []
    for span in spans:
        prev = out[-1] if out else None
        if prev is not None and prev[:2] in grown and prev[0] < span[0] < prev[1] < span[1]:
            out[-1] = (prev[0], span[1], prev[2], max(prev[3], span[3]))
            continue
        out.append(span)
    return out


@registry.misc("spacy_anon.extend_org_heads.v1")
def make_extend_org_heads() -> ExtendOrgHeads:
    return ExtendOrgHeads()
