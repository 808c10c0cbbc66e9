"""Class names of the `tag` strategy in the document's language, and named tag formats.

Dias, Mamede and Baptista ("Automated Anonymization of Text Documents") tag each entity with its class
and one index per entity in the text's language ("[**PESSOA5**]" in Portuguese, the HAREM class names);
other tools write "[PERSON_1]". A tag is `operators.tag.format` filled with {label} (the class name from
`TAG_NAMES` when `names="language"`, else our category), {index} and {entity}. Pure tables and functions.
"""
from typing import Dict

# Our categories (spacy_anon.labels.CATEGORIES) -> class name per language. Portuguese uses the HAREM
# classes where they exist; the others follow the Spanish/Portuguese clinical de-identification usage.
TAG_NAMES: Dict[str, Dict[str, str]] = {
    "en": {},  # English names are our categories
    "pt": {"PERSON": "PESSOA", "ORG": "ORGANIZACAO", "LOC": "LOCAL", "DATETIME": "TEMPO", "QUANTITY": "VALOR",
           "CODE": "CODIGO", "CONTACT": "CONTACTO", "ID": "IDENTIFICADOR", "AGE": "IDADE", "DEM": "GRUPO",
           "MISC": "OUTRO"},
    "es": {"PERSON": "PERSONA", "ORG": "ORGANIZACION", "LOC": "LUGAR", "DATETIME": "FECHA", "QUANTITY": "CANTIDAD",
           "CODE": "CODIGO", "CONTACT": "CONTACTO", "ID": "IDENTIFICADOR", "AGE": "EDAD", "DEM": "GRUPO",
           "MISC": "OTRO"},
}

# Named formats; any other value of `operators.tag.format` is a format string itself.
TAG_FORMATS: Dict[str, str] = {
    "brackets": "[{label}_{index}]",  # [PERSON_1], [PESSOA_1], [PERSONA_1]
    "harem": "[**{label}{index}**]",  # [**PESSOA5**], the Portuguese anonymization papers' form
    "angle": "<{label}_{index}>",
}

NAME_MODES = ("language", "category")


def tag_label(label: str, lang: str, names: str = "language") -> str:
    """The class name of `label` in a tag: in `lang` when `names="language"` (unknown labels and
    languages keep the label), else the label itself."""
    if names != "language":
        return label
    return TAG_NAMES.get(lang, {}).get(label, label)


def resolve_tag_format(value: str) -> str:
    """A named format (`TAG_FORMATS`) as its format string; other values unchanged."""
    return TAG_FORMATS.get(value, value)
