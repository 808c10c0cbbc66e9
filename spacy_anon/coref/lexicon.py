"""Words that refer back to a person (pronouns, role nouns) and words that tell a person's gender
(titles, first names), for English, Spanish and Portuguese.

Only unambiguous forms are listed: English "her" is both object and possessive but always feminine;
Spanish "el" (article) is not "él"; Portuguese "o"/"a" (articles and clitics) and the possessives
"su"/"seu"/"sua" (which agree with the possessed noun, not the owner) are left out.
"""
from typing import Dict, Optional, Tuple

MALE, FEMALE = "m", "f"

# pronoun (lowercase) -> grammatical gender of its antecedent
PRONOUNS: Dict[str, Dict[str, str]] = {
    "en": {w: MALE for w in ("he", "him", "his", "himself")} | {w: FEMALE for w in ("she", "her", "hers", "herself")},
    "es": {"él": MALE, "ella": FEMALE},
    "pt": {w: MALE for w in ("ele", "dele", "nele", "daquele")}
          | {w: FEMALE for w in ("ela", "dela", "nela", "daquela")},
}

# role nouns after a definite article: (article, noun) -> gender (None: either)
_EN_ROLES = ("applicant", "complainant", "claimant", "petitioner", "plaintiff", "defendant", "accused", "appellant",
             "patient", "victim", "deceased", "author", "actor", "director", "singer", "witness")
ROLE_NOUNS: Dict[str, Dict[Tuple[str, str], Optional[str]]] = {
    "en": {("the", n): None for n in _EN_ROLES} | {("the", "actress"): FEMALE},
    "es": {("el", n): MALE for n in ("paciente", "demandante", "solicitante", "recurrente", "actor", "autor",
                                     "acusado", "denunciante", "fallecido", "enfermo")}
          | {("la", n): FEMALE for n in ("paciente", "demandante", "solicitante", "recurrente", "actriz",
                                         "autora", "acusada", "denunciante", "fallecida", "enferma")},
    "pt": {("o", n): MALE for n in ("requerente", "paciente", "autor", "ator", "arguido", "réu", "queixoso",
                                    "recorrente", "falecido", "doente")}
          | {("a", n): FEMALE for n in ("requerente", "paciente", "autora", "atriz", "arguida", "ré", "queixosa",
                                        "recorrente", "falecida", "doente")},
}

# titles (lowercase, no dots) -> gender of the person they precede
TITLE_GENDER: Dict[str, str] = {
    **{t: MALE for t in ("mr", "sir", "sr", "don", "dom", "senhor", "señor", "lord", "king", "rei", "rey", "papa",
                         "pope")},
    **{t: FEMALE for t in ("mrs", "ms", "miss", "madam", "dame", "sra", "srta", "dona", "dña", "doña", "senhora",
                           "señora", "lady", "queen", "rainha", "reina", "dra")},
}

# words never taken for acronyms' initials ("European Court of Human Rights" -> ECHR)
FUNCTION_WORDS = frozenset("of the and for on in at to de do da dos das del la las los el y e".split())

# words before a common word that show its ordinary use ("the baker", "his will", "very young", "was young")
ORDINARY_BEFORE = frozenset(
    "a an the this that these those my your his her its our their some any no every each another such what which "
    "whose very too so quite rather more most less least as how be is was were are been being am become became "
    "seems seemed looks looked feel felt get got one two many few several all both other same own "
    "el la los las un una unos unas o os as um uma uns umas su sus seu sua seus suas muy mais más es era ser".split())
# lowercase words that, right after a sentence-initial capitalised surname, show it is used as a name
# ("Doe later refused", "Rose said"): auxiliaries, reporting verbs and sentence adverbs.
PREDICATE_CUES = frozenset(
    "is was has had did does will would could should may might can must also then later never still again "
    "said says stated argued claimed replied refused denied agreed submitted complained lodged appealed "
    "es era fue ha había dijo afirmó negó también después "
    "é foi era tem tinha disse afirmou negou também depois".split())

_FAKER_LOCALES = {"en": "en_US", "es": "es_ES", "pt": "pt_BR"}
_first_names: Dict[str, Dict[str, str]] = {}


def first_name_gender(name: str, lang: str) -> Optional[str]:
    """Gender of a first name from Faker's gendered first-name lists of the language (None: unknown or
    both)."""
    table = _first_names.get(lang)
    if table is None:
        table = _load_first_names(_FAKER_LOCALES.get(lang, "en_US"))
        _first_names[lang] = table
    return table.get(name.lower())


def _load_first_names(locale: str) -> Dict[str, str]:
    import importlib

    try:
        provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
    except (ImportError, AttributeError):
        return {}
    table: Dict[str, str] = {}
    for attr, gender in (("first_names_male", MALE), ("first_names_female", FEMALE)):
        for name in getattr(provider, attr, ()):
            key = name.lower()
            table[key] = gender if table.get(key, gender) == gender else ""
    return {k: v for k, v in table.items() if v}
