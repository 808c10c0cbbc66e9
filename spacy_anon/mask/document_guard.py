"""Leak guard over the chunks of one document: a value masked in one chunk is masked in every chunk.

`anon_mask` sweeps a doc for the other forms of what it masked (`leak_guard.find_occurrences`), but a
long text anonymized in chunks (`spacy_anon.longdocs`, `spacy-anon anonymize --max-length`) is many
docs: "Kowalski" masked in the first chunk would stay in clear in the third, and a name first detected
in the third chunk would stay in clear in the first. A reader of the whole output joins them at once.

Chosen design: one pass of the pipeline, then one sweep. While the chunks are anonymized, the masked
mentions of each chunk (label, text, and its table row) are collected; afterwards every chunk's
remaining clear text is swept for all of them, in both directions, and each occurrence is replaced by
the replacement its entity got. Nothing is run twice, and what is held is bounded by the number of
distinct masked values (one term per distinct form), not by the length of the text; the chunks' texts
are sliced again from the input.
"""
from typing import Any, Dict, List, Optional, Sequence, Tuple

from spacy_anon.lexicon.common_words import common_word_test
from spacy_anon.mask import leak_guard
from spacy_anon.mask.allow_list import inside_any
from spacy_anon.mask.component import AnonMask

SWEEP_SOURCE = "anon_mask.leak_guard"  # source of the rows the sweep adds (as anon_mask's own sweep)


class DocumentGuard:
    """Collects the masked mentions of the chunks of one document and masks their other occurrences.

    mask: the pipeline's `anon_mask` component (its name labels, honorifics, allow lists, language).
    """

    def __init__(self, mask: Any) -> None:
        self.mask = mask
        self._mentions: List[Tuple[str, str]] = []  # (label, text) of each distinct masked form
        self._rows: List[Dict[str, Any]] = []  # the row each form got (its replacement, entity, label)
        self._seen: Dict[Tuple[str, str], int] = {}

    def add(self, text: str, rows: Sequence[Dict[str, Any]]) -> None:
        """Remember the masked mentions of one chunk (`rows`: its table, offsets into `text`)."""
        for row in rows:
            value = text[row["start"]:row["end"]]
            if row.get("replacement") == value:  # kept as it was: nothing to hide
                continue
            key = (row["label"], leak_guard.fold(value))
            if key not in self._seen:
                self._seen[key] = len(self._mentions)
                self._mentions.append((row["label"], value))
                self._rows.append(row)

    def terms(self) -> List[leak_guard.Term]:
        mask = self.mask
        nlp = getattr(mask, "nlp", None)
        is_common = common_word_test(nlp.lang if nlp is not None else "en")
        stop_words = nlp.Defaults.stop_words if nlp is not None else frozenset()
        return leak_guard.sweep_terms(self._mentions, mask.name_labels(), mask.honorifics(), is_common, stop_words)

    def sweep(self, text: str, anonymized: str, rows: List[Dict[str, Any]],
              terms: Sequence[leak_guard.Term]) -> Tuple[str, List[Dict[str, Any]], int]:
        """(anonymized text, rows, number added) of one chunk once the clear occurrences of `terms` in it
        are replaced. `rows` are the chunk's table rows (offsets into `text`), sorted by start."""
        found = leak_guard.find_occurrences(text, terms)
        if not found:
            return anonymized, rows, 0
        allowed, whole = self.mask.candidate_finder.allowed(text)
        bounds = [(r["start"], r["end"]) for r in rows]
        added: List[Dict[str, Any]] = []
        for start, end, t in found:
            if any(s < end and start < e for s, e in bounds):
                continue  # masked already (or partly: the chunk's own detectors decided there)
            if allowed and inside_any(start, end, allowed) or any(p.fullmatch(text[start:end]) for p in whole):
                continue
            row = dict(self._rows[terms[t].entity])
            row.update(start=start, end=end, source=SWEEP_SOURCE)
            if "text" in row:
                row["text"] = text[start:end]
            added.append(row)
            bounds.append((start, end))
        if not added:
            return anonymized, rows, 0
        return _splice(anonymized, rows, added), sorted(rows + added, key=lambda r: r["start"]), len(added)


def _splice(anonymized: str, rows: Sequence[Dict[str, Any]], added: Sequence[Dict[str, Any]]) -> str:
    """`anonymized` with the `added` rows' replacements written in: an original offset outside the rows
    lies in the output shifted by the length change of every row before it."""
    changes = sorted((r["start"], r["end"], len(r["replacement"]) - (r["end"] - r["start"])) for r in rows)
    edits = []
    for row in added:
        shift = sum(delta for _, end, delta in changes if end <= row["start"])
        edits.append((row["start"] + shift, row["end"] + shift, row["replacement"]))
    out, pos = [], 0
    for start, end, replacement in sorted(edits):
        out.append(anonymized[pos:start])
        out.append(replacement)
        pos = end
    out.append(anonymized[pos:])
    return "".join(out)


def guard_for(nlp: Any) -> Optional[DocumentGuard]:
    """A DocumentGuard for the pipeline's `anon_mask` when its leak guard is on, else None."""
    for _, proc in getattr(nlp, "pipeline", ()):
        if isinstance(proc, AnonMask):
            return DocumentGuard(proc) if proc.leak_guard else None
    return None
