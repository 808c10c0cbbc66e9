"""Measure an anonymized corpus without annotations: re-identification risk (TRIR) by attacking it with
the background knowledge, and the information it keeps (TPI, and Hassan et al.'s utility).

    from spacy_anon.risk import load_background, load_texts, reidentification_risk, text_preserved_information

See docs/risk.md.
"""
from spacy_anon.risk.combined import privacy_utility, privacy_utility_from_spans  # noqa: F401
from spacy_anon.risk.data import apply_masks, load_background, load_masked, load_tab_texts, load_texts  # noqa: F401
from spacy_anon.risk.preprocess import preprocess, preprocess_all  # noqa: F401
from spacy_anon.risk.probabilities import (  # noqa: F401
    CorpusProbabilities,
    MaskedLMProbabilities,
    WordFreqProbabilities,
    make_probabilities,
)
from spacy_anon.risk.tpi import document_information, text_preserved_information  # noqa: F401
from spacy_anon.risk.trir import (  # noqa: F401
    ReidentificationAttack,
    pipeline_anonymizer,
    reidentification_risk,
    spacy_ner_anonymizer,
)
from spacy_anon.risk.windows import aggregate_windows, predict_documents, sliding_windows  # noqa: F401
