"""The shared vocabulary of categories and identifier types, so every component speaks the same labels."""
from typing import Dict

SPAN_KEY = "anon"
GOLD_SPAN_KEY = "anon_gold"

CATEGORIES = (
    "PERSON", "ORG", "LOC", "DATETIME", "CODE", "CONTACT", "ID", "AGE",
    "QUANTITY", "DEM", "MISC",
)

DIRECT = "DIRECT"
QUASI = "QUASI"
CONFIDENTIAL = "CONFIDENTIAL"
IDENTIFIER_TYPES = (DIRECT, QUASI, CONFIDENTIAL)

# Which identifier type a category gets when its detector does not say.
DEFAULT_IDENTIFIER: Dict[str, str] = {
    "PERSON": DIRECT,
    "CONTACT": DIRECT,
    "ID": DIRECT,
    "CODE": DIRECT,
    "ORG": QUASI,
    "LOC": QUASI,
    "DATETIME": QUASI,
    "AGE": QUASI,
    "QUANTITY": QUASI,
    "DEM": QUASI,
    "MISC": QUASI,
}

# spaCy / OntoNotes / WikiANN / CoNLL NER labels mapped onto our categories.
DEFAULT_ENT_LABEL_MAP: Dict[str, str] = {
    "PERSON": "PERSON", "PER": "PERSON", "PESSOA": "PERSON",
    "ORG": "ORG", "ORGANIZACAO": "ORG",
    "GPE": "LOC", "LOC": "LOC", "FAC": "LOC", "LOCAL": "LOC",
    "DATE": "DATETIME", "TIME": "DATETIME", "TEMPO": "DATETIME", "DATETIME": "DATETIME",
    "NORP": "DEM", "DEM": "DEM",
    "MONEY": "QUANTITY", "QUANTITY": "QUANTITY", "PERCENT": "QUANTITY", "CARDINAL": "QUANTITY",
    "EVENT": "MISC", "WORK_OF_ART": "MISC", "LAW": "MISC", "PRODUCT": "MISC", "MISC": "MISC",
    "LANGUAGE": "DEM",
    "CODE": "CODE", "CONTACT": "CONTACT", "ID": "ID", "AGE": "AGE",
}


def identifier_for(label: str) -> str:
    """Identifier type of a category; unknown (user-added) categories count as QUASI."""
    return DEFAULT_IDENTIFIER.get(label, QUASI)
