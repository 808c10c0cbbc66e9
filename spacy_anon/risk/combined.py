"""Risk and utility side by side, for `spacy-anon evaluate` and notebooks: one call from the original
texts, the anonymized ones (or a system's masks) and the background knowledge."""
from typing import Dict, Optional, Sequence, Union

from spacy_anon.risk.data import apply_masks, load_background
from spacy_anon.risk.tpi import text_preserved_information
from spacy_anon.risk.trir import reidentification_risk

Texts = Dict[str, str]


def privacy_utility(originals: Texts, anonymized: Texts, background, attacker: str = "tfidf",
                    ic: str = "wordfreq", dev: Optional[Texts] = None, **attack_settings) -> Dict:
    """{"trir": TRIR report, "tpi": TPI report}; document ids are the individuals' names."""
    background = load_background(background)
    risk = reidentification_risk(background, anonymized, originals, attacker=attacker, dev=dev, **attack_settings)
    utility = text_preserved_information(originals, anonymized, ic=ic)
    return {"trir": risk, "tpi": utility}


def privacy_utility_from_spans(originals: Texts, system: Dict[str, Sequence[Sequence]],
                               background: Union[str, Texts], **settings) -> Dict:
    """`privacy_utility` for a system given as masked spans `{doc_id: [(start, end, label, entity,
    replacement), ...]}` (what `spacy_anon.evaluate.io.load_system` returns): each span becomes its
    replacement, `[LABEL]` or `***`."""
    anonymized = {}
    for doc_id, text in originals.items():
        spans = []
        for span in system.get(doc_id, []):
            start, end = span[0], span[1]
            label = span[2] if len(span) > 2 else None
            replacement = span[4] if len(span) > 4 else None
            spans.append((start, end, replacement if replacement is not None else label))
        anonymized[doc_id] = apply_masks(text, spans)
    return privacy_utility(originals, anonymized, background, **settings)
