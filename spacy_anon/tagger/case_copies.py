"""UPPER and lower copies of training documents, so that a tagger learns names in text that carries no
capitals ("ANA SILVA MORA EM LISBOA", "ana silva mora em lisboa").

The copies recase character by character, as the genre benchmark's UPPER and lower genres do: a
character whose cased form has another length (German "ß".upper() is "SS") keeps its case, so every
token keeps its length and every character offset stays valid. Token boundaries and gold spans (span
groups, entities, the saved character offsets) are those of the original document.
"""
import random
from typing import List, Sequence, Tuple

from spacy_anon.errors import Errors

CASINGS = ("upper", "lower")


def recase_text(text: str, how: str) -> Tuple[str, int]:
    """`text` in UPPER or lower case, same length; RETURNS (text, characters that kept their case)."""
    if how not in CASINGS:
        raise ValueError(Errors.E771.format(how=how, known=", ".join(CASINGS)))
    fn = str.upper if how == "upper" else str.lower
    kept, chars = 0, []
    for c in text:
        cased = fn(c)
        if len(cased) != 1:
            cased, kept = c, kept + 1
        chars.append(cased)
    return "".join(chars), kept


def recased_doc(doc, how: str):
    """A new Doc with `doc`'s tokens recased (`recase_text`), its spaces, span groups and entities, and a
    copy of its user data with "#upper" / "#lower" added to the doc_id."""
    from spacy.tokens import Doc, Span

    words = [recase_text(t.text, how)[0] for t in doc]
    out = Doc(doc.vocab, words=words, spaces=[bool(t.whitespace_) for t in doc])
    for key, group in doc.spans.items():
        out.spans[key] = [Span(out, s.start, s.end, label=s.label_, kb_id=s.kb_id_) for s in group]
    out.ents = [Span(out, e.start, e.end, label=e.label_, kb_id=e.kb_id_) for e in doc.ents]
    out.user_data.update(doc.user_data)
    if "doc_id" in doc.user_data:
        out.user_data["doc_id"] = f"{doc.user_data['doc_id']}#{how}"
    return out


def pick_copies(n_docs: int, share: float, seed: int = 0) -> List[Tuple[int, str]]:
    """(document index, casing) of the copies: round(share * n_docs) documents drawn with `seed`, the first
    half of the draw in UPPER and the rest in lower case, in corpus order. share in [0, 1]."""
    if not 0.0 <= share <= 1.0:
        raise ValueError(Errors.E772.format(share=share))
    n = round(share * n_docs)
    drawn = random.Random(seed).sample(range(n_docs), n)
    upper = set(drawn[: (n + 1) // 2])
    return [(i, "upper" if i in upper else "lower") for i in sorted(drawn)]


def case_copies(docs: Sequence, share: float, seed: int = 0) -> list:
    """The recased copies (`recased_doc`) of the documents `pick_copies` draws; the originals are not
    included."""
    return [recased_doc(docs[i], how) for i, how in pick_copies(len(docs), share, seed)]
