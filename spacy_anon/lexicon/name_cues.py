"""Organisations, places and persons that a Spanish CRF trained on clinical notes and Portuguese news does not
know, found by what surrounds or spells them: a list of well-known organisations, a cue word before a
capitalised name ("el diario El Espectador", "la empresa Construcciones Ruiz", "la alcaldesa de Valencia",
"nació en Aracataca", "del señor Ramírez") and a company's legal form after it ("Transportes Gil S.L.").

The result is a list of `anon_rules` `custom_recognizers` entries (plain dicts, `spacy_anon.rules.custom`),
so a pipeline's config names it and saves it like any other setting:

    [components.anon_rules.custom_recognizers]
    @misc = "spacy_anon.name_cue_recognizers.v1"
    lang = "es"

Patterns are case-sensitive: the cue words are lowercase (or capitalised at the start of a sentence) and the
name capitalised, which is how Spanish writes them.
"""
import re
from typing import Dict, List, Sequence

from spacy.util import registry

from spacy_anon.errors import Errors
from spacy_anon.lexicon.gazetteers import gazetteer_entries

# A capitalised word of two letters or more ("Telefónica", "EMV", "O'Donnell"); a one-letter capital is
# an initial or a blood group ("grupo A"), not a name.
NAME_WORD = r"[A-ZÁÉÍÓÚÜÑ][\w'’\-]+"
LINK = r"(?:de|del|de la|de los|de las)"
NAME = NAME_WORD + r"(?:[ \t]+(?:" + LINK + r"[ \t]+)?" + NAME_WORD + r")*"

# lowercase nouns that introduce an organisation's name after an article: "el diario El País", "la
# aseguradora Sanitas" (not "grupo", "cadena", "canal", "entidad", "equipo": clinical notes use them
# otherwise, as in "la cadena A alfa")
ORGANISATION_CUES_ES = (
    "diario", "periódico", "semanario", "rotativo", "revista", "emisora", "empresa", "compañía",
    "firma", "multinacional", "aseguradora", "mutua", "constructora", "editorial", "operadora", "aerolínea",
    "banco", "agencia", "consultora", "farmacéutica", "petrolera", "eléctrica", "cooperativa", "fundación",
    "asociación", "sindicato", "partido", "club", "organización", "ONG",
)
# a company's legal form after its name: S.A., S.L., S.A.U., S.L.U., S.A.S., S.R.L., S.A.C., Ltda.,
# S. Coop., with or without the dots
LEGAL_FORMS = (r"S\.[ ]?A\.(?:[ ]?U\.|[ ]?S\.|[ ]?C\.)?", r"S\.[ ]?L\.(?:[ ]?U\.)?", r"S\.[ ]?R\.[ ]?L\.",
               r"S\.[ ]?Coop\.", r"Ltda\.", r"(?:SAU|SLU|SAS|SRL|SAC|SA|SL)(?![\w.])")
# words after which a capitalised name is a place: "la alcaldesa de Valencia", "natural de Aracataca",
# "nació en Aracataca", "reside en Alcalá de Henares"
PLACE_OF_CUES_ES = (
    "alcalde", "alcaldesa", "alcaldía", "regidor", "regidora", "vecino", "vecina", "vecinos", "vecinas",
    "natural", "naturales", "oriundo", "oriunda", "originario", "originaria", "municipio", "ciudad",
    "localidad", "pueblo", "villa", "aldea", "provincia", "comarca", "región", "capital",
)
PLACE_NAME_HEADS = frozenset(("municipio", "ciudad", "localidad", "pueblo", "villa", "aldea", "provincia", "comarca",
                              "región", "capital"))
PLACE_IN_CUES_ES = (
    "nació", "nacido", "nacida", "nacidos", "nacidas", "reside", "residen", "residente", "residentes",
    "vive", "viven", "vivía", "domiciliado", "domiciliada", "empadronado", "empadronada",
)
# forms of address before a surname or a full name: "del señor Ramírez", "doña Encarnación Ríos"
PERSON_CUES_ES = ("señor", "señora", "señorita", "don", "doña", "Sr.", "Sra.", "Srta.", "Dña.")
ARTICLES_ES = ("el", "la", "los", "las", "del", "al")


def _alternatives(words: Sequence[str]) -> str:
    return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"


def known_names_pattern(names: Sequence[str]) -> str:
    """The names as written, whole words, with the capitalised words that follow them ("Telefónica
    Móviles"); longest first so that "Gas Natural Fenosa" wins over "Gas Natural"."""
    return r"(?<!\w)" + _alternatives(names) + r"(?:[ \t]+" + NAME_WORD + r")*(?!\w)"


def organisation_cue_pattern(cues: Sequence[str]) -> str:
    """An article, a cue noun, then a capitalised name (group 1): "el diario El Espectador"."""
    articles = _alternatives(ARTICLES_ES + tuple(a.capitalize() for a in ARTICLES_ES))
    return r"(?<!\w)" + articles + r"[ \t]+" + _alternatives(cues) + r"[ \t]+(" + NAME + r")"


def legal_form_pattern() -> str:
    """A capitalised name followed by a company's legal form, the form included: "Transportes Gil, S.L."."""
    return r"(?<!\w)" + NAME + r",?[ \t]+(?:" + "|".join(LEGAL_FORMS) + ")"


def place_cue_pattern(of_cues: Sequence[str], in_cues: Sequence[str]) -> str:
    """"alcaldesa de NAME", "nació en NAME": the capitalised name is group 1."""
    # also at the start of a sentence, except the nouns that head a place's own name ("Ciudad de México")
    of_cues = tuple(of_cues) + tuple(c.capitalize() for c in of_cues if c not in PLACE_NAME_HEADS)
    in_cues = tuple(in_cues) + tuple(c.capitalize() for c in in_cues)
    return (r"(?<!\w)(?:" + _alternatives(of_cues) + r"[ \t]+de|" + _alternatives(in_cues) + r"[ \t]+en)"
            r"[ \t]+(" + NAME + r")")


def person_cue_pattern(cues: Sequence[str]) -> str:
    """A form of address, then a capitalised name (group 1): "del señor Ramírez"."""
    cues = tuple(cues) + tuple(c.capitalize() for c in cues if c.islower())
    return r"(?<!\w)" + _alternatives(cues) + r"[ \t]+(" + NAME + r")"


def name_cue_recognizers(lang: str = "es", organisations: str = "package:organisations_es",
                         places: bool = True) -> List[Dict]:
    """`anon_rules` custom recognizer entries: known organisations (from the `organisations` gazetteer
    source; "" for none), organisations after a cue noun or before a legal form, persons after a form of
    address and, with `places`, places after a cue word. Only Spanish cues exist so far."""
    if lang != "es":
        raise ValueError(Errors.E218.format(lang=lang, known="es"))
    entries: List[Dict] = []
    names = gazetteer_entries(organisations) if organisations else []
    if names:
        entries.append({"name": "organisation_names_es", "label": "ORG", "type": "ORGANIZATION",
                        "patterns": [{"regex": known_names_pattern(names), "score": 0.8}], "languages": [lang]})
    entries.append({"name": "organisation_cues_es", "label": "ORG", "type": "ORGANIZATION", "languages": [lang],
                    "patterns": [{"regex": organisation_cue_pattern(ORGANISATION_CUES_ES), "score": 0.75, "group": 1},
                                 {"regex": legal_form_pattern(), "score": 0.85}]})
    entries.append({"name": "person_cues_es", "label": "PERSON", "type": "PERSON", "languages": [lang],
                    "patterns": [{"regex": person_cue_pattern(PERSON_CUES_ES), "score": 0.75, "group": 1}]})
    if places:
        entries.append({"name": "place_cues_es", "label": "LOC", "type": "LOCATION", "languages": [lang],
                        "patterns": [{"regex": place_cue_pattern(PLACE_OF_CUES_ES, PLACE_IN_CUES_ES),
                                      "score": 0.75, "group": 1}]})
    return entries


@registry.misc("spacy_anon.name_cue_recognizers.v1")
def make_name_cue_recognizers(lang: str = "es", organisations: str = "package:organisations_es",
                              places: bool = True) -> List[Dict]:
    """`@misc = "spacy_anon.name_cue_recognizers.v1"` as `anon_rules`' `custom_recognizers`."""
    return name_cue_recognizers(lang, organisations, places)
