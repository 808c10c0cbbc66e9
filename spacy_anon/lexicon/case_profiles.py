"""What truecasing needs to know of a language: its shipped word-case table, name lists, titles, calendar
words, function words and word-frequency thresholds (`spacy_anon.casing` reads lines in capitals or in
lower case of the languages listed here as the language usually writes them).

English, Spanish and Portuguese. The thresholds differ because the word lists do: English has a dictionary
list (WordNet lemmas) beside wordfreq, so a frequent surname ("Smith") is still not a word; Spanish and
Portuguese have only wordfreq, in which the commonest surnames and first names ("Silva", "José", "García")
are as frequent as ordinary words, so a listed name counts as one up to a higher frequency, and a word is
ordinary from a lower one (their verbs have many rare inflected forms: "desenvolveram", "acudieron").
"""
from dataclasses import dataclass
from typing import Dict, FrozenSet, Tuple

from spacy_anon.errors import Errors
from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS


@dataclass(frozen=True)
class CaseProfile:
    """One language's truecasing data; see `spacy_anon.casing.usual_form` for the order they are read in."""

    lang: str
    table: str  # file name in spacy_anon/data/lexicon: the usual form of words not written in lower case
    name_sources: Tuple[str, ...]  # gazetteer specs (`load_gazetteer`): first and last names
    titles: FrozenSet[str]  # capitalised wherever they stand ("Dr", "Sra", "D")
    calendar: FrozenSet[str]  # weekdays and months the language capitalises (none in Spanish)
    common_zipf: float  # wordfreq Zipf from which a word no dictionary lists is an ordinary word
    name_max_zipf: float  # a listed name more frequent than this is a word too
    function_zipf: float  # a word more frequent than this is never part of a name run
    dictionary: bool  # whether the shipped dictionary list (WordNet, English) tells words from names
    adverb_suffix: str  # "-ly", "-mente": an adverb of a dictionary word is a word
    vowels: FrozenSet[str]  # a letter run without one, in capitals, is an abbreviation ("BP", "DNI")
    # place and institution heads, capitalised before a name, or before "de"/"do"/"da"/"del" and a name:
    # "são paulo", "rio de janeiro", "universidade de coimbra", "hospital de valladolid"
    name_prefixes: FrozenSet[str] = frozenset()
    # abbreviations whose letters, in lower case, are a clipped word the table keeps in lower case ("co",
    # "pc"): in a line in capitals they stay capitals when they stand alone ("THE CO", "PC JONES")
    abbreviations: FrozenSet[str] = frozenset()


_FAKER_EN = "en_US,en_GB,en_IE,en_IN,de_DE,fr_FR,it_IT,es_ES,pl_PL,ru_RU,tr_TR,sv_SE,nl_NL"
_FAKER_ES = "es_ES,es_MX,es_AR,es_CO"
_FAKER_PT = "pt_BR,pt_PT,es_ES,es_MX"
_TITLES_ES_PT = frozenset(DEFAULT_HONORIFICS) | {
    "d", "dña", "doña", "dª", "srs", "sras", "lic", "licda", "ing", "profa", "profª", "eng", "engº", "arq",
    "dom", "exmo", "exma", "sto", "sta"}

PROFILES: Dict[str, CaseProfile] = {
    "en": CaseProfile(
        lang="en", table="en_word_case.txt",
        name_sources=(f"faker:person.first_names:{_FAKER_EN}", f"faker:person.last_names:{_FAKER_EN}"),
        titles=frozenset(DEFAULT_HONORIFICS) | {"st", "mt"},
        # weekdays and the months no other word is spelled as ("may", "march", "sat" and "sun" are words)
        calendar=frozenset("monday tuesday wednesday thursday friday saturday sunday january february april "
                           "june july august september october november december jan feb apr jun jul aug "
                           "sept oct nov dec".split()),
        # chosen on TAB and the everyday set: 3.0, 3.5, 4.0, 4.5
        common_zipf=4.0, name_max_zipf=4.5, function_zipf=5.5, dictionary=True, adverb_suffix="ly",
        vowels=frozenset("aeiouy"),
        abbreviations=frozenset("co pc id hm dc di ds jp kc pa hr pr vp cv dob dod edd".split())),
    "es": CaseProfile(
        lang="es", table="es_word_case.txt",
        name_sources=(f"faker:person.first_names:{_FAKER_ES}", f"faker:person.last_names:{_FAKER_ES}"),
        titles=_TITLES_ES_PT,
        calendar=frozenset(),  # Spanish writes weekdays and months in lower case
        common_zipf=3.0, name_max_zipf=5.0, function_zipf=5.5, dictionary=False, adverb_suffix="mente",
        vowels=frozenset("aeiouyáéíóúü"), name_prefixes=frozenset(
            "san santa santo río hospital universidad facultad instituto ministerio banco colegio clínica "
            "ayuntamiento museo teatro estadio iglesia".split())),
    "pt": CaseProfile(
        lang="pt", table="pt_word_case.txt",
        name_sources=(f"faker:person.first_names:{_FAKER_PT}", f"faker:person.last_names:{_FAKER_PT}"),
        titles=_TITLES_ES_PT,
        # months: European Portuguese wrote them capitalised until the 1990 spelling agreement took effect,
        # and the Portuguese default is trained on such text (HAREM); weekdays were written in lower case
        calendar=frozenset("janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro "
                           "dezembro".split()),
        common_zipf=3.0, name_max_zipf=5.75, function_zipf=5.5, dictionary=False, adverb_suffix="mente",
        vowels=frozenset("aeiouyáéíóúâêôãõàü"), name_prefixes=frozenset(
            "são santa santo rio universidade faculdade instituto ministério banco escola associação "
            "câmara hospital museu teatro estádio igreja colégio".split())),
}


def case_profile(lang: str) -> CaseProfile:
    """The profile of `lang`; E450 for a language without one (its docs are read as written)."""
    profile = PROFILES.get(lang)
    if profile is None:
        raise ValueError(Errors.E450.format(lang=lang, langs=", ".join(PROFILES)))
    return profile
