"""The shared vocabulary of categories and identifier types, so every component speaks the same labels."""
from typing import Dict, Optional

from spacy.util import registry

from spacy_anon.doc_keys import GOLD_SPAN_KEY, SPAN_KEY  # noqa: F401  (re-exported)
from spacy_anon.errors import Errors

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


# Labels of the annotated corpora, mapped onto our categories: the one place they are defined. Readers
# keep the corpus's own label on every gold span (MEDDOCAN's subtrack 1 scores them); a model trained on
# a corpus maps its output with `corpus_label_map` (`--model training/deid/model-best` then gets the
# category strategies, identifier types and surrogates: a deid "HCPName" is a PERSON, a DIRECT identifier).

# TAB (ECHR) entity types are already our categories.
TAB: Dict[str, str] = {
    "PERSON": "PERSON", "CODE": "CODE", "LOC": "LOC", "ORG": "ORG", "DEM": "DEM",
    "DATETIME": "DATETIME", "QUANTITY": "QUANTITY", "MISC": "MISC",
    "UNKNOWN": "MISC",  # WikiActors (TAB format) annotates every mention as UNKNOWN
}

# MEDDOCAN 2019: the 29 sub-types of its annotation guidelines (22 occur in the corpus).
# FAMILIARES_SUJETO_ASISTENCIA marks the patient's relatives by kinship ("madre", "padres", "hermano":
# the guidelines annotate the relation, names of relatives are NOMBRE_SUJETO_ASISTENCIA), a demographic
# quasi-identifier like PROFESION, so DEM, not PERSON.
MEDDOCAN: Dict[str, str] = {
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
}

# PhysioNet deid gold standard.
DEID: Dict[str, str] = {
    "PTName": "PERSON", "PTNameInitial": "PERSON", "HCPName": "PERSON", "RelativeProxyName": "PERSON",
    "Date": "DATETIME", "DateYear": "DATETIME", "Location": "LOC", "Phone": "CONTACT", "Age": "AGE",
    "Other": "MISC",
}

# Presidio synthetic set (presidio-research entity types).
PRESIDIO: Dict[str, str] = {
    "PERSON": "PERSON", "STREET_ADDRESS": "LOC", "GPE": "LOC", "LOCATION": "LOC",
    "ORGANIZATION": "ORG", "CREDIT_CARD": "ID", "DATE_TIME": "DATETIME", "TITLE": "DEM",
    "PHONE_NUMBER": "CONTACT", "AGE": "AGE", "NRP": "DEM", "EMAIL_ADDRESS": "CONTACT",
    "ZIP_CODE": "LOC", "DOMAIN_NAME": "CONTACT", "URL": "CONTACT", "IBAN_CODE": "ID",
    "US_SSN": "ID", "IP_ADDRESS": "CONTACT", "US_DRIVER_LICENSE": "ID", "US_PASSPORT": "ID",
    "US_BANK_NUMBER": "ID", "US_ITIN": "ID", "UK_NHS": "ID", "CRYPTO": "ID", "MEDICAL_LICENSE": "ID",
}

# WikiANN (PER/LOC/ORG) and WNUT17 (emerging entities).
WIKIANN: Dict[str, str] = {"PER": "PERSON", "LOC": "LOC", "ORG": "ORG", "MISC": "MISC"}
WNUT17: Dict[str, str] = {
    "person": "PERSON", "location": "LOC", "corporation": "ORG", "group": "ORG",
    "product": "MISC", "creative-work": "MISC",
}

# HAREM (Portuguese) categories.
HAREM: Dict[str, str] = {
    "PESSOA": "PERSON", "LOCAL": "LOC", "ORGANIZACAO": "ORG", "TEMPO": "DATETIME",
    "VALOR": "QUANTITY", "ABSTRACCAO": "MISC", "ACONTECIMENTO": "MISC", "COISA": "MISC",
    "OBRA": "MISC", "OUTRO": "MISC", "VARIADO": "MISC",
}

# The everyday set (assets/everyday): the categories themselves, plus ADDRESS (a postal address is a place).
EVERYDAY: Dict[str, str] = {
    "PERSON": "PERSON", "ORG": "ORG", "LOC": "LOC", "ADDRESS": "LOC", "DATETIME": "DATETIME",
    "CONTACT": "CONTACT", "ID": "ID", "AGE": "AGE", "DEM": "DEM", "QUANTITY": "QUANTITY", "MISC": "MISC",
}

# Fine types of the rule recognizers (`Recognizer.type`), each with its category: `span._.anon_type` says
# which kind of CONTACT or ID a span is, so `label_strategies = {"EMAIL": "suppress"}` can treat an e-mail
# apart from a phone number. Names follow Presidio's entity types where one exists, shortened.
RULE_TYPES: Dict[str, str] = {
    "EMAIL": "CONTACT", "URL": "CONTACT", "IP": "CONTACT", "PHONE": "CONTACT", "PAGER": "CONTACT",
    "MAC": "CONTACT", "HANDLE": "CONTACT",
    "CARD": "ID", "IBAN": "ID", "SSN": "ID", "DNI": "ID", "PASSPORT": "ID", "RECORD_NUMBER": "ID",
    "CREDENTIAL": "ID", "CRYPTO": "ID", "PAYMENT": "ID", "NHS": "ID", "NINO": "ID", "UTR": "ID", "DRIVING_LICENCE": "ID",
    "CIF": "ID", "NIF": "ID", "CPF": "ID", "CNPJ": "ID", "RG": "ID", "AADHAAR": "ID", "PAN": "ID", "USERNAME": "CONTACT",
    "SIN": "ID", "TFN": "ID", "MEDICARE": "ID", "ABN": "ID", "PPSN": "ID", "MBI": "ID", "A_NUMBER": "ID", "VAT": "ID",
    "NPI": "ID", "DEA": "ID", "ITIN": "ID", "EIN": "ID", "NRIC": "ID", "ZA_ID": "ID", "NHI": "ID", "BSN": "ID",
    "NIR": "ID", "CODICE_FISCALE": "ID", "STEUER_ID": "ID",
    "EMPLOYEE_ID": "ID", "ACCOUNT_NUMBER": "ID", "REFERENCE_NUMBER": "ID", "DEVICE_ID": "ID", "ID_NUMBER": "ID",
    "VEHICLE_ID": "ID", "CASE_NUMBER": "CODE",
    "DATE": "DATETIME", "TIME": "DATETIME", "YEAR": "DATETIME",
    "AGE": "AGE", "MONEY": "QUANTITY", "MEASURE": "QUANTITY",
    "NAME": "PERSON", "RELATIVE": "PERSON",
    "POSTAL_CODE": "LOC", "ADDRESS": "LOC", "PLACE": "LOC",
    "ORGANIZATION": "ORG",
}

# Kinds of value that detectors label as dates or quantities but that are no calendar date
# (`spacy_anon.mask.value_kinds`): "for 5 days", "twice a day"; ages and measures are AGE and MEASURE.
VALUE_TYPES: Dict[str, str] = {"DURATION": "DATETIME", "FREQUENCY": "DATETIME", "AGE": "AGE", "MEASURE": "QUANTITY"}


# Every corpus format name -> its map (readers' format names included: "brat" is MEDDOCAN's format).
LABEL_MAPS: Dict[str, Dict[str, str]] = {
    "tab": TAB, "wikiactors": TAB, "meddocan": MEDDOCAN, "brat": MEDDOCAN, "deid": DEID,
    "presidio": PRESIDIO, "wikiann": WIKIANN, "iob": {**WIKIANN, **WNUT17}, "wnut17": WNUT17,
    "harem": HAREM, "everyday": EVERYDAY,
}
CORPUS_LABEL_MAPS = LABEL_MAPS  # the name trained configs and earlier code use


def to_category(label: str, corpus: Optional[str] = None, default: str = "MISC") -> str:
    """Our category for a corpus label: the corpus map first, then the generic NER map, else `default`.

    label (str): the fine label kept on the gold span.
    corpus (str): key of `LABEL_MAPS` (e.g. "meddocan"); None tries every map.
    RETURNS (str): one of `CATEGORIES` (or `default`).
    """
    maps = [LABEL_MAPS[corpus]] if corpus in LABEL_MAPS else list(LABEL_MAPS.values())
    for mapping in maps:
        if label in mapping:
            return mapping[label]
    return DEFAULT_ENT_LABEL_MAP.get(label, default)


def corpus_label_map(corpus: str) -> Dict[str, str]:
    """Corpus label -> category for `corpus` (a key of `CORPUS_LABEL_MAPS`); a copy, safe to edit."""
    if corpus not in CORPUS_LABEL_MAPS:
        raise ValueError(Errors.E001.format(corpus=corpus, known=", ".join(sorted(CORPUS_LABEL_MAPS))))
    return dict(CORPUS_LABEL_MAPS[corpus])


@registry.misc("spacy_anon.corpus_label_map.v1")
def make_corpus_label_map(corpus: str) -> Dict[str, str]:
    """`@misc = "spacy_anon.corpus_label_map.v1"`: a component's `label_map` from `corpus_label_map`."""
    return corpus_label_map(corpus)


def known_types() -> Dict[str, str]:
    """Every fine type this package knows -> its category: the rule recognizers' types, every corpus
    label (MEDDOCAN, deid, TAB, Presidio, WikiANN, WNUT17, HAREM) and the spaCy NER labels. A span's
    `span._.anon_type` is one of these (or a user's own label), `span.label_` its category."""
    out: Dict[str, str] = {label: label for label in CATEGORIES}
    out.update(DEFAULT_ENT_LABEL_MAP)
    for mapping in LABEL_MAPS.values():
        out.update(mapping)
    out.update(RULE_TYPES)
    out.update(VALUE_TYPES)
    return out
