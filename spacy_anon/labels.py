"""The shared vocabulary of categories and identifier types, so every component speaks the same labels."""
from typing import Dict

from spacy.util import registry

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


# Labels of the annotated corpora the project trains on, mapped onto our categories, so a model trained
# on one of them (`--model training/deid/model-best`) gets the category strategies, identifier types
# and surrogates (a deid "HCPName" is a PERSON, a DIRECT identifier). Evaluation keeps the corpus
# labels (MEDDOCAN's subtrack 1 scores them); the final models map them (`corpus_label_map`).
CORPUS_LABEL_MAPS: Dict[str, Dict[str, str]] = {
    "meddocan": {
        "NOMBRE_SUJETO_ASISTENCIA": "PERSON", "NOMBRE_PERSONAL_SANITARIO": "PERSON",
        "FAMILIARES_SUJETO_ASISTENCIA": "DEM", "SEXO_SUJETO_ASISTENCIA": "DEM", "PROFESION": "DEM",
        "EDAD_SUJETO_ASISTENCIA": "AGE", "FECHAS": "DATETIME",
        "HOSPITAL": "ORG", "CENTRO_SALUD": "ORG", "INSTITUCION": "ORG",
        "CALLE": "LOC", "TERRITORIO": "LOC", "PAIS": "LOC",
        "NUMERO_TELEFONO": "CONTACT", "NUMERO_FAX": "CONTACT", "CORREO_ELECTRONICO": "CONTACT",
        "URL_WEB": "CONTACT", "DIREC_PROT_INTERNET": "CONTACT",
        "ID_SUJETO_ASISTENCIA": "ID", "ID_CONTACTO_ASISTENCIAL": "ID", "ID_ASEGURAMIENTO": "ID",
        "ID_TITULACION_PERSONAL_SANITARIO": "ID", "ID_EMPLEO_PERSONAL_SANITARIO": "ID",
        "IDENTIF_VEHICULOS_NRSERIE_PLACAS": "ID", "IDENTIF_DISPOSITIVOS_NRSERIE": "ID",
        "NUMERO_BENEF_PLAN_SALUD": "ID", "IDENTIF_BIOMETRICOS": "ID", "OTRO_NUMERO_IDENTIF": "ID",
        "OTROS_SUJETO_ASISTENCIA": "MISC",
    },
    "deid": {
        "PTName": "PERSON", "PTNameInitial": "PERSON", "HCPName": "PERSON", "RelativeProxyName": "PERSON",
        "Date": "DATETIME", "DateYear": "DATETIME", "Location": "LOC", "Phone": "CONTACT", "Age": "AGE",
        "Other": "MISC",
    },
}


def corpus_label_map(corpus: str) -> Dict[str, str]:
    """Corpus label -> category for `corpus` (a key of `CORPUS_LABEL_MAPS`); a copy, safe to edit."""
    if corpus not in CORPUS_LABEL_MAPS:
        raise ValueError(f"unknown corpus {corpus!r} for a label map; known: {', '.join(sorted(CORPUS_LABEL_MAPS))}")
    return dict(CORPUS_LABEL_MAPS[corpus])


@registry.misc("spacy_anon.corpus_label_map.v1")
def make_corpus_label_map(corpus: str) -> Dict[str, str]:
    """`@misc = "spacy_anon.corpus_label_map.v1"`: a component's `label_map` from `corpus_label_map`."""
    return corpus_label_map(corpus)
