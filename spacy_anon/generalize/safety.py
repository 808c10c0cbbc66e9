"""The safety tests of a generalization: does it point at a protected person?

- By word vectors (seed 003): risk(g, e) = cos(v(g), v(e)), minus g's mean cosine to e's reference
  population with safety="relative" (`spacy_anon.disclosure.detect.specificity`); g is safe when the
  risk is below the threshold for every protected entity e.
- By a crowd (`spacy_anon.generalize.crowds`): a class that a share of the background documents contain
  points at many people.
"""
from typing import Any, Dict, List, Optional, Sequence, Tuple

from spacy.tokens import Doc

from spacy_anon.disclosure.chunking import chunk_doc, text_key
from spacy_anon.disclosure.detect import (
    build_subjects,
    mean_unit_vector,
    name_parts,
    reference_keys,
    specificity,
    subjects_of,
)
from spacy_anon.disclosure.vectors import entity_vector, phrase_vector
from spacy_anon.generalize.crowds import DocumentFrequencies, crowd_of


def candidate_vector(kv, phrase: str):
    """v(g): the phrase's own vector (keys as the disclosure chunker writes them), else the mean of its
    words' vectors; None when no word is known."""
    import numpy

    vec = phrase_vector(kv, phrase)
    if vec is not None:
        return vec
    words = [w for w in text_key(phrase).split("_") if w] or phrase.lower().split()
    vecs = [kv[w] for w in words if w in kv.key_to_index]
    if not vecs:
        return None
    return numpy.mean(numpy.vstack(vecs), axis=0)


def subject_vectors(doc: Doc, kv) -> List[Any]:
    """v(e) for each protected entity of the doc (as anon_disclosure computes it); [] if unknown."""
    names, _ = subjects_of(doc)
    if not names:
        return []
    try:
        subjects = build_subjects(kv, names, chunk_doc(doc))
        vecs = [s.vector for s in subjects]
    except Exception:  # chunking needs nothing but tokens; fall back to the name alone
        vecs = [entity_vector(kv, name)[0] for name in names]
    return [v for v in vecs if v is not None]


def reference_means(doc: Doc, kv, subjects: Sequence[Any], size: int,
                    cache: Dict[Tuple[Any, ...], Any]) -> List[Any]:
    """Per subject, the mean of the unit vectors of its reference population (the `size` most frequent
    multi-word vocabulary keys without a word of the subjects' names), so that
    mean_r cos(v(g), r) = unit(v(g)) . mean. cache: kept by the caller across docs."""
    if not subjects:
        return []
    names, _ = subjects_of(doc)
    own = set()
    for name in names:
        own.update(name_parts(name))
    key = (id(kv), size, tuple(sorted(own)))
    if key not in cache:
        picked = reference_keys(kv, own, size)
        mean = mean_unit_vector([kv[k] for k in picked], kv.vector_size)
        if len(cache) > 1000:
            cache.clear()
        cache[key] = mean
    return [cache[key] for _ in subjects]


def is_safe(candidate: str, kv, subjects: Sequence[Any], means: Sequence[Any], verdicts: Dict[str, bool],
            stats: Optional[Dict[str, Any]], *, threshold: float, oov_safe: bool) -> bool:
    """risk(g, e) < threshold for every protected entity e (True when there are no vectors or no
    protected entity). A candidate without any vector is safe only with oov_safe (and counted in
    stats["generalize_no_vector"]). verdicts caches per candidate."""
    if kv is None or not subjects:
        return True
    if candidate not in verdicts:
        vec = candidate_vector(kv, candidate)
        if vec is None:
            if stats is not None:
                stats["generalize_no_vector"] = stats.get("generalize_no_vector", 0) + 1
            verdicts[candidate] = oov_safe
        else:
            verdicts[candidate] = all(
                specificity(vec, e, means[i] if i < len(means) else None) < threshold
                for i, e in enumerate(subjects))
    return verdicts[candidate]


def in_crowd(table: Optional[DocumentFrequencies], phrases: Sequence[str], share: Optional[float]) -> bool:
    """Whether one of the phrases (each implying the class) is in at least `share` of the documents of
    the frequency table (False without a table or with share None)."""
    if share is None:
        return False
    return table is not None and crowd_of(table, phrases) >= share


__all__ = ["candidate_vector", "in_crowd", "is_safe", "reference_means", "subject_vectors"]
