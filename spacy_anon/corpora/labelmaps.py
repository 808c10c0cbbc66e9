"""Maps from each corpus's fine labels onto the spacy-anon categories (`spacy_anon.labels.CATEGORIES`).

Readers keep the corpus's own label on every gold span; use `to_category(label, corpus)` (or the maps
below) when a metric or a tagger needs our coarse categories.
"""
from typing import Dict, Optional

from spacy_anon.labels import DEFAULT_ENT_LABEL_MAP

# TAB (ECHR) entity types are already our categories.
TAB: Dict[str, str] = {
    "PERSON": "PERSON", "CODE": "CODE", "LOC": "LOC", "ORG": "ORG", "DEM": "DEM",
    "DATETIME": "DATETIME", "QUANTITY": "QUANTITY", "MISC": "MISC",
    "UNKNOWN": "MISC",  # WikiActors (TAB format) annotates every mention as UNKNOWN
}

# MEDDOCAN 2019: 8 categories, 22 sub-categories (plus the rare ones seen in the data).
MEDDOCAN: Dict[str, str] = {
    "NOMBRE_SUJETO_ASISTENCIA": "PERSON",
    "NOMBRE_PERSONAL_SANITARIO": "PERSON",
    "FAMILIARES_SUJETO_ASISTENCIA": "PERSON",
    "EDAD_SUJETO_ASISTENCIA": "AGE",
    "SEXO_SUJETO_ASISTENCIA": "DEM",
    "PROFESION": "DEM",
    "OTROS_SUJETO_ASISTENCIA": "MISC",
    "FECHAS": "DATETIME",
    "CALLE": "LOC",
    "TERRITORIO": "LOC",
    "PAIS": "LOC",
    "HOSPITAL": "ORG",
    "INSTITUCION": "ORG",
    "CENTRO_SALUD": "ORG",
    "CORREO_ELECTRONICO": "CONTACT",
    "NUMERO_TELEFONO": "CONTACT",
    "NUMERO_FAX": "CONTACT",
    "DIREC_PROT_INTERNET": "CONTACT",
    "URL_WEB": "CONTACT",
    "ID_SUJETO_ASISTENCIA": "ID",
    "ID_CONTACTO_ASISTENCIAL": "ID",
    "ID_ASEGURAMIENTO": "ID",
    "ID_TITULACION_PERSONAL_SANITARIO": "ID",
    "ID_EMPLEO_PERSONAL_SANITARIO": "ID",
    "IDENTIF_VEHICULOS_NRSERIE_PLACAS": "ID",
    "IDENTIF_DISPOSITIVOS_NRSERIE": "ID",
    "IDENTIF_BIOMETRICOS": "ID",
    "NUMERO_IDENTIF": "ID",
    "OTRO_NUMERO_IDENTIF": "ID",
}

# PhysioNet deid gold standard.
DEID: Dict[str, str] = {
    "HCPName": "PERSON", "PTName": "PERSON", "PTNameInitial": "PERSON",
    "RelativeProxyName": "PERSON", "Date": "DATETIME", "DateYear": "DATETIME",
    "Location": "LOC", "Phone": "CONTACT", "Age": "AGE", "Other": "MISC",
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

LABEL_MAPS: Dict[str, Dict[str, str]] = {
    "tab": TAB, "wikiactors": TAB, "meddocan": MEDDOCAN, "brat": MEDDOCAN, "deid": DEID,
    "presidio": PRESIDIO, "wikiann": WIKIANN, "iob": {**WIKIANN, **WNUT17}, "wnut17": WNUT17,
    "harem": HAREM,
}


def to_category(label: str, corpus: Optional[str] = None, default: str = "MISC") -> str:
    """Our category for a corpus label: the corpus map first, then the generic NER map, else `default`.

    label (str): the fine label kept on the gold span.
    corpus (str): key of `LABEL_MAPS` (e.g. "meddocan"); None tries every map.
    RETURNS (str): one of `spacy_anon.labels.CATEGORIES` (or `default`).
    """
    maps = [LABEL_MAPS[corpus]] if corpus in LABEL_MAPS else list(LABEL_MAPS.values())
    for mapping in maps:
        if label in mapping:
            return mapping[label]
    return DEFAULT_ENT_LABEL_MAP.get(label, default)
