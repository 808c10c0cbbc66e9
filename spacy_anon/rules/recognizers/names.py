"""Names that a rule can see: relatives after a kinship word, the word after a title, es/pt institutions."""
import re
from functools import lru_cache
from typing import FrozenSet, Optional

from spacy_anon.lexicon.gazetteers import load_gazetteer
from spacy_anon.rules.recognizers.base import Recognizer, compile_patterns


# ---------------------------------------------------------------- PERSON: relatives named by kinship
# "son bill", "wife, rose", "GIRLFRIEND EVE": clinical notes name the family after the kinship word, often in
# lower case, where a tagger sees a common word ("bill", "rose"). Only the name is the span, and only
# when it is a known first name (Faker's lists, MIT) and not a stop word ("son will call").
KINSHIP_WORDS = (
    "son", "sons", "daughter", "daughters", "dtr", "husband", "wife", "brother", "sister", "mother", "father",
    "mom", "mum", "dad", "grandson", "granddaughter", "grandmother", "grandfather", "niece", "nephew",
    "aunt", "uncle", "cousin", "stepson", "stepdaughter", "fiance", "fiancé", "fiancee", "partner",
    "boyfriend", "girlfriend", "friend", "neighbor", "neighbour",
)
FIRST_NAME_SOURCES = "faker:person.first_names:en_US,en_GB,en_IE,en_IN,de_DE,fr_FR,it_IT,es_ES,pl_PL,ru_RU,tr_TR"
_KIN = "|".join(sorted(KINSHIP_WORDS, key=len, reverse=True))
RELATIVE_NAME_PATTERNS = (
    (rf"(?i)(?=[a-z])\b(?:{_KIN})(?:\s*[,:]\s*|\s+)([^\W\d_][^\W\d_'’-]*)\b", 0.85, 1),
)


@lru_cache(maxsize=1)
def first_names() -> FrozenSet[str]:
    """Known first names in lower case (Faker's lists of several locales): relatives' names here, names by
    their shape in anon_disclosure."""
    return load_gazetteer(FIRST_NAME_SOURCES)


@lru_cache(maxsize=1)
def _english_stop_words() -> FrozenSet[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


def _relative_name_valid(value: str) -> Optional[bool]:
    word = value.lower()
    if word in _english_stop_words() or word in KINSHIP_WORDS or word not in first_names():
        return False
    return None


RELATIVE_NAME = Recognizer(
    name="rules.relative_name",
    label="PERSON",
    type="RELATIVE",
    patterns=compile_patterns(RELATIVE_NAME_PATTERNS),
    validator=_relative_name_valid,
    languages=("en",),  # no prefilter: the pattern is tried only where a kinship word starts (`scanning`)
)

# ---------------------------------------------------------------- PERSON: the word after a title
# "MR. BENSKY", "dr vasquez", "mr I": in all-caps or all-lowercase notes case says nothing, the title does.
# The name must be rarer than a common English word (wordfreq), so "Dr. will call" / "dr aware" stay out;
# "MS" in capitals is mental status or morphine sulfate, only "Ms" is the title. Opt-in (the deid config):
# judgments' "Mr X" is left to the taggers trained on them.
TITLED_NAME_MAX_ZIPF = 3.5


def _titled_name_valid(value: str) -> Optional[bool]:
    if len(value) == 1:
        return None if value.isupper() else False
    from wordfreq import zipf_frequency

    return None if zipf_frequency(value.lower(), "en") < TITLED_NAME_MAX_ZIPF else False


TITLED_NAME = Recognizer(
    name="rules.titled_name",
    label="PERSON",
    type="NAME",
    patterns=compile_patterns([
        (r"(?:\b(?i:mr|mrs|miss|dr)|\bMs)\.?[ \t]+([A-Za-z](?:[A-Za-z\-]|'(?![sS]\b))*)", 0.7, 1),
    ]),
    validator=_titled_name_valid,
    languages=("en",),
    prefilter=re.compile(r"(?i)\b(?:mr|mrs|ms|miss|dr)\b").search,
    opt_in=True,
)


# Spanish and Portuguese institutions named after a place or a person: "Ayuntamiento de Toledo", "Câmara
# Municipal de Lisboa", "Hospital Universitario La Paz". The trigger word must be capitalised and a
# capitalised name must follow; opt-in, because the shipped es/pt models name it (their CRFs miss
# organisations outside the clinical and news vocabulary they were trained on).
_INSTITUTION_TRIGGERS = (
    "Ayuntamiento", "Câmara Municipal", "Prefeitura", "Diputación", "Consejería", "Conselleria", "Generalitat",
    "Ministerio", "Ministério", "Hospital", "Clínica", "Centro de Salud", "Centro de Saúde", "Universidad",
    "Universidade", "Colegio", "Colégio", "Instituto", "Escuela", "Escola", "Fundación", "Fundação",
    "Asociación", "Associação", "Juzgado", "Tribunal", "Banco", "Museo", "Museu", "Parroquia", "Paróquia",
)
_NAME_WORD = r"[A-ZÁÉÍÓÚÜÑÂÊÔÃÕÇÀ][\wÁÉÍÓÚÜÑÂÊÔÃÕÇÀáéíóúüñâêôãõçà\-]*"
_LINK = r"(?:de|del|de la|de los|de las|da|do|dos|das|y|e)"
INSTITUTION_NAME = Recognizer(
    name="rules.institution_name",
    label="ORG",
    type="ORGANIZATION",
    patterns=compile_patterns([(
        r"\b(?:" + "|".join(t.replace(" ", "[ \t]+") for t in _INSTITUTION_TRIGGERS) + r")"
        r"(?:[ \t]+" + _LINK + r")?[ \t]+" + _NAME_WORD + r"(?:[ \t]+(?:" + _LINK + r"[ \t]+)?" + _NAME_WORD + r")*",
        0.6, 0)]),
    languages=("es", "pt"),
    prefilter=re.compile("|".join(_INSTITUTION_TRIGGERS)).search,
    opt_in=True,
)
