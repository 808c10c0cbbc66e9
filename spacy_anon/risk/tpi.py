"""Text preserved information (TPI, Manzanares-Salor §4) and the utility of Hassan et al. (word embeddings
paper, §4.2), for an anonymized document against its original.

    IC(t)   = -log2 p(t)       a multi-word term takes its least probable word
    TIC(D)  = sum of IC over the terms of D
    TPI     = TIC(anonymized) / TIC(original)

All probabilities are read on the ORIGINAL. A kept term keeps its IC; a suppressed or masked one
contributes 0; a partly kept term keeps the IC of its kept words. Extension (not in the thesis, which
treats every replacement as suppression): a generalization ("an American actor" for "Tom Hanks")
keeps the IC of the generalization's text, capped by the IC it replaces, so it never adds information.
`tpi_suppression` is the thesis's value (generalizations count 0). `tpi_informative` credits only
generalizations that say something: a vacuous one ("thing", "an entity", "some"; the list of
`spacy_anon.evaluate.generalization_quality.VACUOUS`) counts 0, as a tag does, because it tells a reader
nothing of what it replaces although its word has a frequency.

`utility_percent` is Hassan et al.'s measure, 100 * sum IC(phrases of P) / sum IC(phrases of O), with
the same terms as phrases and the replacement text's own IC (not capped), computed by
`spacy_anon.generalize.utility.utility_preserved`. `ic_multiplier` is the mean IC of the protected terms
over the mean IC of the kept ones (thesis §5.3.2: about 1 for masking at random).
"""
import statistics
import time
from typing import Dict, List, Optional, Sequence

from spacy_anon.errors import Errors
from spacy_anon.evaluate.generalization_quality import is_top_concept
from spacy_anon.generalize.utility import utility_preserved
from spacy_anon.risk.preprocess import DEFAULT_MASK_PATTERNS
from spacy_anon.risk.probabilities import make_probabilities
from spacy_anon.risk.terms import align, parse, segment_terms

REPORT_SCHEMA = "spacy-anon/tpi/1"
Texts = Dict[str, str]


def _ic(probabilities: Sequence[float]) -> float:
    import math

    return -math.log2(min(probabilities)) if probabilities else 0.0


def document_information(original: str, anonymized: str, source=None, nlp=None,
                         mask_patterns: Sequence[str] = DEFAULT_MASK_PATTERNS) -> Dict:
    """TIC of the original and of the anonymized text, TPI (with and without generalization credit),
    Hassan et al.'s utility percentage and the IC multiplier of one document."""
    source = source or make_probabilities("wordfreq")
    doc = parse(original, nlp)
    terms = segment_terms(doc)
    p = source.word_probabilities(doc, terms)
    alignment = align(doc, anonymized, mask_patterns)
    tic_original = tic_kept = 0.0
    loss_by_block: Dict[int, float] = {}
    first_term_of_block: Dict[int, int] = {}
    protected_ic, kept_ic = [], []
    phrases: List[str] = []
    replacements: List[Optional[str]] = []
    for k, term in enumerate(terms):
        full = _ic([p[i] for i in term.tokens])
        kept_words = [i for i in term.tokens if alignment.kept[i]]
        kept = _ic([p[i] for i in kept_words])
        tic_original += full
        tic_kept += kept
        blocks = [alignment.block_of[i] for i in term.tokens if alignment.block_of[i] is not None]
        if blocks:
            loss_by_block[blocks[0]] = loss_by_block.get(blocks[0], 0.0) + (full - kept)
        (protected_ic if len(kept_words) < len(term.tokens) else kept_ic).append(full)
        phrases.append(term.text(doc))
        if len(kept_words) == len(term.tokens):
            replacements.append(term.text(doc))
        elif blocks and blocks[0] not in first_term_of_block:
            first_term_of_block[blocks[0]] = k
            general = alignment.replacements[blocks[0]].generalization
            rest = " ".join(doc[i].text for i in kept_words)
            replacements.append(" ".join(x for x in (general, rest) if x) or None)
        else:
            replacements.append(" ".join(doc[i].text for i in kept_words) or None)
    credit = credit_informative = 0.0
    for b, loss in loss_by_block.items():
        general = alignment.replacements[b].generalization
        if general:
            gained = min(source.text_ic(general), loss)
            credit += gained
            if not is_top_concept(general):  # the measure's own list, not the generalizer's
                credit_informative += gained
    tic_anonymized = tic_kept + credit
    frequency = getattr(source, "phrase_probability", None) if source.name != "mlm" else None
    utility = utility_preserved(phrases, replacements, frequency=frequency) if phrases else 100.0
    multiplier = (statistics.mean(protected_ic) / statistics.mean(kept_ic)
                  if protected_ic and kept_ic and statistics.mean(kept_ic) > 0 else None)
    return {
        "n_terms": len(terms),
        "n_protected_terms": len(protected_ic),
        "tic_original": tic_original,
        "tic_anonymized": tic_anonymized,
        "tpi": tic_anonymized / tic_original if tic_original else 1.0,
        "tpi_suppression": tic_kept / tic_original if tic_original else 1.0,
        "tpi_informative": (tic_kept + credit_informative) / tic_original if tic_original else 1.0,
        "utility_percent": utility,
        "ic_multiplier": multiplier,
    }


def _mean(values):
    values = [v for v in values if v is not None]
    return statistics.mean(values) if values else None


def _std(values):
    values = [v for v in values if v is not None]
    return statistics.pstdev(values) if len(values) > 1 else 0.0 if values else None


def text_preserved_information(originals: Texts, anonymized: Texts, ic: str = "wordfreq", source=None,
                               nlp=None, mask_patterns: Sequence[str] = DEFAULT_MASK_PATTERNS,
                               **source_settings) -> Dict:
    """The TPI report (schema in docs/risk.md) of an anonymized corpus against its originals.

    ic: "wordfreq", "corpus" (`corpus=` texts) or "mlm" (`mlm_path=`, `strategy=`, `n=`); or give `source`.
    nlp: a parsed pipeline for noun chunks and sentences (default: rule chunks, sentencizer).
    """
    t0 = time.time()
    ids = [k for k in anonymized if k in originals]
    if not ids:
        raise ValueError(Errors.E862.format(path="<anonymized>"))
    source = source or make_probabilities(ic, **source_settings)
    documents = []
    for doc_id in ids:
        row = document_information(originals[doc_id], anonymized[doc_id], source, nlp, mask_patterns)
        documents.append({"id": doc_id, **{k: (round(v, 4) if isinstance(v, float) else v) for k, v in row.items()}})
    tic_o = sum(d["tic_original"] for d in documents)
    return {
        "schema": REPORT_SCHEMA,
        "ic": source.name,
        "strategy": getattr(source, "strategy", None),
        "n": getattr(source, "n", None) if getattr(source, "strategy", None) == "n-ta" else None,
        "n_documents": len(documents),
        "tpi": _mean(d["tpi"] for d in documents),
        "tpi_std": _std([d["tpi"] for d in documents]),
        "tpi_suppression": _mean(d["tpi_suppression"] for d in documents),
        "tpi_informative": _mean(d["tpi_informative"] for d in documents),
        "tpi_corpus": (sum(d["tic_anonymized"] for d in documents) / tic_o) if tic_o else 1.0,
        "utility_percent": _mean(d["utility_percent"] for d in documents),
        "ic_multiplier": _mean(d["ic_multiplier"] for d in documents),
        "runtime_s": round(time.time() - t0, 2),
        "documents": documents,
    }
