"""rules stage of the anonymization data flow: regex + checksum + context recognizers (`anon_rules`).

The pure engine (`find_matches`, `Recognizer`, `REGISTRY`) imports no spaCy pipeline code; the
component lives in `spacy_anon.rules.component`.
"""
from spacy_anon.rules.matching import RuleMatch, RuleOptions, find_matches, make_options, recognizers_for
from spacy_anon.rules.recognizers import REGISTRY, Pattern, Recognizer, get_recognizers, register

__all__ = [
    "RuleMatch", "RuleOptions", "find_matches", "make_options", "recognizers_for",
    "REGISTRY", "Pattern", "Recognizer", "get_recognizers", "register",
]
