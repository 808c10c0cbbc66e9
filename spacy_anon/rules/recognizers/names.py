"""Names that a rule can see: relatives after a kinship word, the word after a title, es/pt institutions."""
import re
from bisect import bisect_left
from functools import lru_cache
from typing import FrozenSet, Iterator, List, Optional, Tuple

from spacy_anon.lexicon.clinical_terms import is_english_word
from spacy_anon.lexicon.gazetteers import load_gazetteer
from spacy_anon.lexicon.generic_words import IRREGULAR_VERBS, dictionary_test, is_past_or_progressive
from spacy_anon.lexicon.place_names import fold_accents
from spacy_anon.lexicon.given_names import KINSHIP_WORDS, SHORT_GIVEN_NAMES, WORD_GIVEN_NAMES, english_given_names
from spacy_anon.rules.recognizers.base import Recognizer, compile_patterns


# ---------------------------------------------------------------- PERSON: relatives named by kinship
# "son bill", "wife, rose", "GIRLFRIEND EVE": clinical notes name the family after the kinship word, often in
# lower case, where a tagger sees a common word ("bill", "rose"). Only the name is the span, and only
# when it is a known first name (Faker's lists, MIT) and not a stop word ("son will call").
FIRST_NAME_SOURCES = "faker:person.first_names:en_US,en_GB,en_IE,en_IN,de_DE,fr_FR,it_IT,es_ES,pl_PL,ru_RU,tr_TR"
_KIN = "|".join(sorted(KINSHIP_WORDS, key=len, reverse=True))
RELATIVE_NAME_PATTERNS = (
    # (not a contraction's first part: "Mum: Don't forget")
    (rf"(?i)(?=[a-z])\b(?:{_KIN})(?:\s*[,:]\s*|\s+)([^\W\d_][^\W\d_'’-]*)\b(?!['’](?:t|ll|re|ve|m|d)\b)", 0.85, 1),
    # a given name and a surname written with capitals, whatever words they are ("her husband Will White")
    (rf"(?=[a-zA-Z])\b(?i:{_KIN})(?:[ \t]*[,:][ \t]*|[ \t]+)([A-Z][a-z'’-]+[ \t]+[A-Z][a-z'’-]+)\b", 0.85, 1),
    # a nickname in quotes after the kinship word ("his mum's boyfriend ("Big Steve")", "my uncle 'Gaz'")
    # (one run of spaces, the bracket's after it: two runs beside each other would backtrack on a long run)
    (rf"(?=[a-zA-Z])\b(?i:{_KIN})[ \t]*(?:\([ \t]*)?[\"“‘']([A-Z][a-z'’-]+(?:[ \t]+[A-Z][a-z'’-]+)?)[\"”’']", 0.85, 1),
    # the same after the in-laws' abbreviations of forums ("My SIL "Becca" (32F)", "MIL 'Pat'")
    (r"(?=[SMFBsmfb])\b(?:SIL|MIL|FIL|BIL|sil|mil|fil|bil)[ \t]*(?:\([ \t]*)?[\"“‘']([A-Z][a-z'’-]+)[\"”’']", 0.85, 1),
)
LAST_NAME_SOURCES = FIRST_NAME_SOURCES.replace("first_names", "last_names")


@lru_cache(maxsize=1)
def last_names() -> FrozenSet[str]:
    """Known surnames in lower case (Faker's lists of the same locales), loaded once: the mask asks about
    them for every span it decides."""
    return load_gazetteer(LAST_NAME_SOURCES)


@lru_cache(maxsize=1)
def first_names() -> FrozenSet[str]:
    """Known first names in lower case (Faker's lists of several locales): relatives' names here, names by
    their shape in anon_disclosure."""
    return load_gazetteer(FIRST_NAME_SOURCES)


# Faker's given names of more locales (Nigeria, Ghana, Kenya, Pakistan, South Africa, East Africa, Brazil,
# Romania, the Netherlands, Indonesia, Turkey; Japan, China and Taiwan in Latin letters) and the shipped list
# of names common in South Asia, Vietnam, Korea, the Arab world and Africa that Faker leaves out
# (`given_names_more`: "Priyanka", "Rahul"), for the mask's reading of a span's kind: "Aisha Rahman
# (Legal)", "Kofi told me" are persons there as "Sarah Mitchell" is. A name that is a frequent word of
# English, Spanish or Portuguese ("Patience", "Job", "Rua") is left out.
WORLD_FIRST_NAME_SOURCES = ("faker:person.first_names:en_PK,en_NG,yo_NG,ig_NG,ha_NG,tw_GH,en_KE,sw,zu_ZA,pt_BR,ro_RO,nl_NL"
                            ",id_ID,tr_TR|faker:person.first_romanized_names:ja_JP,zh_TW,zh_CN"
                            "|package:given_names_more")
# the names most given to babies in English-speaking countries since 2000 that Faker leaves out ("Alfie", "Isla",
# "Archie"): frequent in text because people are called so; those that are English words ("Willow", "Ivy") or
# frequent Spanish or Portuguese ones ("Nova") are left out (a word's given names are `WORD_GIVEN_NAMES`)
RECENT_GIVEN_NAMES = "package:given_names_recent"
RECENT_NAME_MAX_ZIPF_ES_PT = 4.5
WORLD_NAME_MAX_ZIPF = 3.5


@lru_cache(maxsize=1)
def world_given_names() -> FrozenSet[str]:
    """`first_names` and the given names of more locales (`WORLD_FIRST_NAME_SOURCES`) that are no frequent
    word: what `anon_mask` asks whether a span's first word is a given name."""
    from wordfreq import zipf_frequency  # lazy: heavy word lists, loaded on first use

    listed = set().union(*(load_gazetteer(spec) for spec in WORLD_FIRST_NAME_SOURCES.split("|")))
    more = {n for n in listed if n.replace("-", "").isalpha() and len(n) >= 3
            and max(zipf_frequency(n, lang) for lang in ("en", "es", "pt")) < WORLD_NAME_MAX_ZIPF}  # not "rua"
    is_word = dictionary_test("en")
    recent = {n for n in load_gazetteer(RECENT_GIVEN_NAMES) if not is_word(n)
              and max(zipf_frequency(n, lang) for lang in ("es", "pt")) < RECENT_NAME_MAX_ZIPF_ES_PT}
    return first_names() | frozenset(more) | frozenset(recent)


@lru_cache(maxsize=1)
def _english_stop_words() -> FrozenSet[str]:
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


def _relative_name_valid(value: str) -> Optional[bool]:
    """One given name the lists hold or a capitalised word rare in English that no dictionary lists ("Becca"),
    no stop or kinship word; or two capitalised words the second of which is a listed surname or given name
    ("Will White": a given name that is a stop word, with its surname; "Big Steve")."""
    words = value.lower().split()
    if len(words) == 2:  # and a nickname's word before a given name ("Big Steve")
        return None if (words[1] in last_names() or words[1] in first_names()) \
            and words[1] not in KINSHIP_WORDS else False
    word = value.lower()
    if word in _english_stop_words() or word in KINSHIP_WORDS:
        return False
    if word in KIN_WORD_NAMES:
        return None  # "my cousin lily", "her daughter daisy": a name that is a word, right after the kinship word
    if word not in first_names() and word not in SHORT_GIVEN_NAMES:  # a name no list holds, written as one and
        # rare as a word ("Becca")
        return None if value.istitle() and value.isalpha() and _zipf(word) < UNLISTED_NAME_ZIPF \
            and not is_english_word(word) and _VOWEL.search(word) else False  # not "Outpatients" of a
        # truecased "mum: outpatients", nor "Xqzt" (no name's shape)
    return None


UNLISTED_NAME_ZIPF = 3.5
# the given names that are nouns of English and no verb or function word (not "will", "may", "rose", "hope"): after
# a kinship word they are the relative's name
KIN_WORD_NAMES = frozenset("holly ivy jade ruby amber heather olive lily daisy poppy violet hazel iris grace joy "
                           "dawn robin".split())
_VOWEL = re.compile(r"[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüý]")


def _zipf(word: str) -> float:
    from wordfreq import zipf_frequency  # lazy: heavy word lists, loaded on first use

    return zipf_frequency(word, "en")


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


# ---------------------------------------------------------------- PERSON: a surname after a care role
# "Nurse Cook", "Sister Porter", "Nurse Will Cook": a care role used as a title before a listed surname
# (Faker's lists: the trade surnames are words, and the taggers read "Nurse Cook" as a job). Not "Nurse
# Manager", "Nurse Practitioner Baker": the last word must be a listed surname, a word before it a given name.
CARE_ROLE_TITLES = ("Nurse", "Sister", "Matron", "Midwife", "Doctor",
                    # and the grades a note writes in capitals before a surname ("dressing changed by SN Okafor")
                    "SN", "RN", "RGN", "RMN", "HCA", "HCSW", "CSW", "ODP", "ANP", "ENP", "CNS")
_CARE_ROLE_NAME = (rf"\b(?:{'|'.join(CARE_ROLE_TITLES)})[ \t]+((?:[A-Z][a-z]+[ \t]+)?[A-Z][a-z]+(?:-[A-Z][a-z]+)?)"
                   r"(?![\w'’-])")


CARE_SURNAME_MAX_ZIPF = 3.0  # a surname no list holds is a word this rare ("Okafor" 0; "Manager" 4.9)


def _care_role_name_valid(value: str) -> Optional[bool]:
    words = value.lower().split()
    if words[-1] not in last_names() and _zipf(words[-1]) >= CARE_SURNAME_MAX_ZIPF:
        return False
    return None if len(words) == 1 or words[0] in english_given_names() else False

CARE_ROLE_NAME = Recognizer(
    name="rules.care_role_name",
    label="PERSON",
    type="NAME",
    patterns=compile_patterns([(_CARE_ROLE_NAME, 0.7, 1)]),
    validator=_care_role_name_valid,
    languages=("en",),
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


# ---------------------------------------------------------------- PERSON: two surnames (es, pt)
# "García López volvió", "silva santos negou": Spanish and Portuguese name a person by two surnames, often
# with no given name and, in notes, in lower case. Two surnames of Faker's es/pt lists in a row are a name;
# in lower or upper case one of them must be a surname that is no ordinary word ("flores blancas", "costa
# rica" stay out).
SURNAME_SOURCES = "faker:person.last_names:es_ES,es_MX,pt_PT,pt_BR"
SURNAMES_NOT_WORDS = frozenset(
    "garcía garcia lópez lopez fernández fernandez gonzález gonzalez rodríguez rodriguez martínez martinez "
    "sánchez sanchez pérez perez gómez gomez díaz diaz hernández hernandez álvarez alvarez jiménez jimenez "
    "ruiz muñoz munoz navarro gutiérrez gutierrez ramírez ramirez domínguez dominguez vázquez vazquez "
    "silva santos oliveira pereira souza sousa ferreira almeida carvalho ribeiro rodrigues alves gomes "
    "martins araújo araujo barbosa gonçalves goncalves fernandes lopes cardoso teixeira moreira mendes "
    "nunes soares vieira monteiro".split())
# surnames that are mostly parts of place names or words ("Porto Alegre", "Grande Guerra", "Porto Rico")
PLACE_WORDS = frozenset("porto grande alegre rico guerra estrada nova novo nuevo nueva velha velho viejo real rio río "
                        "monte vila villa santa são san mar".split())
_SURNAME_WORD = re.compile(r"(?<![\w\-])[^\W\d_]{3,}(?![\w\-])")
# every `_SURNAME_WORD` is one of these runs of letters, which `re` finds faster (no lookbehind tried at
# every character): a text where none is a known surname has no pair
_LETTER_RUN = re.compile(r"[^\W\d_]{3,}")


@lru_cache(maxsize=1)
def surnames() -> FrozenSet[str]:
    """Known Spanish and Portuguese surnames in lower case (Faker's lists), less `PLACE_WORDS`."""
    return load_gazetteer(SURNAME_SOURCES) - PLACE_WORDS


def _surname_pairs(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    """Runs of two or three known surnames separated by a space, in one casing. Only the known surnames
    are kept while looking for runs (a run holds nothing else); all the words only when a run is found,
    to grow it left over given names."""
    known = surnames()
    if known.isdisjoint(map(str.lower, _LETTER_RUN.findall(text))):
        return
    found = [(m.start(), m.end(), w) for m in _SURNAME_WORD.finditer(text) if (w := m.group().lower()) in known]
    words: List[Tuple[int, int, str]] = []
    i = 0
    while i < len(found) - 1:
        run = [found[i]]
        while len(run) < 3 and i + len(run) < len(found):
            nxt = found[i + len(run)]
            if text[run[-1][1]:nxt[0]] != " ":  # a single space: no other word between them
                break
            run.append(nxt)
        if len(run) >= 2 and _one_name(text, run):
            if not words:
                words = [(m.start(), m.end(), m.group().lower()) for m in _SURNAME_WORD.finditer(text)]
            first = bisect_left(words, run[0])
            yield _with_given_names(text, words, first, run[0][0]), run[-1][1], 0.7
            i += len(run)
        else:
            i += 1


GIVEN_NAME_SOURCES = "faker:person.first_names:es_ES,es_MX,pt_PT,pt_BR"
NAME_PARTICLES = frozenset("de da do das dos del y e".split())


@lru_cache(maxsize=1)
def given_names() -> FrozenSet[str]:
    """Known Spanish and Portuguese given names in lower case (Faker's lists)."""
    return load_gazetteer(GIVEN_NAME_SOURCES) | first_names()


def _with_given_names(text: str, words, first: int, start: int) -> int:
    """The start of a surname run grown left over the given names in Title case before it, with a particle
    between them or not ("María García Pérez", "João Pedro da Silva Santos"): the given name is part of the
    name, not a word to leave in clear beside the masked surnames."""
    known = given_names()
    j = first - 1
    while j >= 0:
        s, e, w = words[j]
        gap = text[e:start]
        if gap != " " and not (gap[:1] == " " and gap[-1:] == " " and gap.strip() in NAME_PARTICLES):
            break
        if w not in known or not text[s:e].istitle():
            break
        start, j = s, j - 1
    return start


def _one_name(text: str, run) -> bool:
    forms = [text[s:e] for s, e, _ in run]
    if all(f[:1].isupper() and f[1:].islower() for f in forms):
        return True
    same_case = all(f.islower() for f in forms) or all(f.isupper() for f in forms)
    return same_case and any(w in SURNAMES_NOT_WORDS for _, _, w in run)


SURNAME_PAIR = Recognizer(
    name="rules.surname_pair",
    label="PERSON",
    type="NAME",
    finder=_surname_pairs,
    languages=("es", "pt"),
)


# ---------------------------------------------------------------- given names that are words, by their verb
# "Will felt sick", "because Will said so", "Will and May went home": a given name that is also a word
# ("will", "may", "mark", "grace") is a name when a verb in the past follows it, which no modal or noun takes
# ("will felt" is no English); a tagger reads it as the word. A month's name ("May", "June") alone before
# a verb may be the month ("May went by"): only beside another name ("Will and May went").
_WORD_NAMES = "|".join(sorted(w.capitalize() for w in WORD_GIVEN_NAMES))
# a word name, or any capitalised word before "and" and a word name; "and" and a second name; a verb
_WORD_NAME = re.compile(rf"(?<![\w'’\-])((?:{_WORD_NAMES})|[A-Z][a-z]{{1,11}}(?=[ \t]+and[ \t]+(?:{_WORD_NAMES})\b))"
                        rf"(?:[ \t]+and[ \t]+([A-Z][a-z]{{1,11}}))?[ \t]+([a-z]{{2,14}})\b")
_NOT_BEFORE_NAME = frozenset("the a an in on of by since until till last next this that every each early late "
                             "mid during".split())
_MONTH_NAMES = frozenset("may june april august".split())
# "be" and "have": a noun takes them as well ("Hope was lost", "Grace has gone"), so they prove no name
_AUXILIARIES = frozenset("is are am was were has have had does did do been being".split())
WORD_NAME_SCORE = 0.6


# and one in lower case after a verb of minding a child or a friend, as a parent's chat writes it ("he can
# play with lily", "picking up rose from school"): the word's sense is no one to pick up (months, "will",
# "hope", "art" left out)
_CARED_WORD_NAMES = sorted(WORD_GIVEN_NAMES - {"may", "june", "april", "will", "hope", "faith", "joy", "art"})
_CARED_NAME = re.compile(r"(?i:\b(?:play(?:ing|s|ed)?[ \t]+with|pick(?:ing|ed|s)?[ \t]+up|drop(?:ping|ped|s)?[ \t]+off"
                         r"|collect(?:ing|ed|s)?|babysit(?:ting|s)?|look(?:ing|ed|s)?[ \t]+after)[ \t]+)"
                         r"((?i:" + "|".join(_CARED_WORD_NAMES) + r"))(?=[ \t]*(?:[,.!?;)\n]|$|(?:and|from|at|today|tomorrow"
                         r"|tmrw|after|later|tonight)\b))")


# and one in lower case in the possessive without its apostrophe, before a home or an occasion, as chats write
# it ("heading to toms place", "jakes bday", "at sarahs party"): the name and its "s"; not a name whose plural
# is a word ("bills", "marks", "roses"), nor a word name
_OWNED = re.compile(r"(?<![\w'’\-])([a-z]{2,12}s)(?=[ \t]+(?:place|house|flat|gaff|party|bday|birthday|wedding"
                    r"|funeral|room|garden|car)\b)")
OWNER_PLURAL_MAX_ZIPF = 4.0  # "toms" 3.1, "jakes" 2.5; "bills" 4.5, "marks" 4.5, "roses" 4.0


# and one or two after thanks, congratulations or wishes, as a post writes them, in lower case too ("congrats to aoife
# & declan!!", "happy birthday niall", "thanks jo"): not a word name ("happy birthday rose" may be a wish for
# roses), nor a word ("thanks everyone")
_THANKED = re.compile(r"(?<![\w'’])(?i:congrats|congratulations|thanks|thank[ \t]+you|shout[ \-]?out|big[ \t]+up"
                      r"|happy[ \t]+(?:birthday|bday|anniversary)|hbd|well[ \t]+done)[ \t]+(?:to[ \t]+)?"
                      r"([A-Za-z][a-z]{1,13})(?:[ \t]*(?:&|and|\+)[ \t]*([A-Za-z][a-z]{1,13}))?(?![\w'’-])")
THANKED_MAX_ZIPF = 4.5  # "declan" 3.0, "niall" 3.2; "guys" 5.4, "everyone" 5.5


def _thanked_names(text: str, given) -> Iterator[Tuple[int, int, float]]:
    for m in _THANKED.finditer(text):
        for k in (1, 2):
            name = (m.group(k) or "").lower()
            if name and name in given and name not in WORD_GIVEN_NAMES and _zipf(name) < THANKED_MAX_ZIPF:
                yield m.start(k), m.end(k), WORD_NAME_SCORE
            elif name:
                break  # "thanks everyone and jo": the second is read only after a first name


def _word_name_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    for m in _CARED_NAME.finditer(text):
        yield m.start(1), m.end(1), WORD_NAME_SCORE + 0.1
    given = english_given_names()
    yield from _thanked_names(text, given)
    for m in _OWNED.finditer(text):
        name = m.group(1)[:-1]
        if name in given and name not in WORD_GIVEN_NAMES and _zipf(m.group(1)) < OWNER_PLURAL_MAX_ZIPF:
            yield m.start(1), m.end(1), WORD_NAME_SCORE
    for m in _WORD_NAME.finditer(text):
        first, second, verb = m.group(1).lower(), (m.group(2) or "").lower(), m.group(3)
        if verb.endswith("ing") or verb in _AUXILIARIES or not (verb in IRREGULAR_VERBS
                                        or is_past_or_progressive(verb, dictionary_test("en"))):
            continue
        before = text[max(0, m.start() - 12):m.start()].split()
        if before and before[-1].lower().strip(",") in _NOT_BEFORE_NAME:
            continue
        names = [first] + ([second] if second else [])
        if not all(n in given for n in names) or not any(n in WORD_GIVEN_NAMES for n in names):
            continue  # the taggers read other names; this reads the ones that are words
        if not second and first in _MONTH_NAMES:
            continue
        yield m.start(1), m.end(1), WORD_NAME_SCORE
        if second:
            yield m.start(2), m.end(2), WORD_NAME_SCORE


WORD_NAME = Recognizer(
    name="rules.word_name",
    label="PERSON",
    type="NAME",
    finder=_word_name_finder,
    needs=(_WORD_NAME, _CARED_NAME, _OWNED, _THANKED),
    languages=("en",),
    prefilter=re.compile(rf"\b(?:{_WORD_NAMES}|{'|'.join(_CARED_WORD_NAMES)})\b|s[ \t]+(?:place|house|flat|gaff|party"
                         r"|bday|birthday|wedding|funeral|room|garden|car)\b|(?i:congrat|thank|shout|big[ \t]+up|happy|hbd|well[ \t]+done)").search,
)


# ---------------------------------------------------------------- PERSON: a traveller's name as bookings print it
# "WOJCIK/ANNA MS", "SMITH/JOHN MR", "OKAFOR/CHIOMA": the surname, a slash and the given names in capitals, as
# airlines' and hotels' systems write a passenger or a guest (a tagger reads "WOJCIK" alone, or nothing); with
# a title after it, or a known given name after the slash ("TCP/IP", "AND/OR" have neither)
_TRAVEL_NAME = re.compile(r"(?<![\w/])([A-Z][A-Z'’\-]{1,30}/[A-Z][A-Z'’\-]{1,30}(?:[ ][A-Z][A-Z'’\-]{1,30})?)"
                          r"(?:[ ]?(MR|MRS|MS|MISS|MSTR|DR|PROF))?(?![\w/])")
TRAVEL_NAME_SCORE = 0.8


def _travel_name_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    for m in _TRAVEL_NAME.finditer(text):
        given = m.group(1).split("/", 1)[1].split()
        if given and given[-1] in ("MR", "MRS", "MS", "MISS", "MSTR", "DR", "PROF"):
            given = given[:-1]  # "SMITH/JOHN MR": the title read as a name word by the optional third word
        if m.group(2) or (given and given[0].lower() in world_given_names()):
            yield m.start(1), m.start(1) + len(m.group(1).split("/", 1)[0]) + 1 + len(" ".join(given)), \
                TRAVEL_NAME_SCORE


TRAVEL_NAME = Recognizer(
    name="rules.travel_name",
    label="PERSON",
    type="NAME",
    finder=_travel_name_finder,
    needs=(_TRAVEL_NAME,),
    prefilter=re.compile(r"[A-Z]/[A-Z]").search,
)


# ---------------------------------------------------------------- PERSON: Spanish and Portuguese relatives and greetings
# "vive con su esposa Carmen", "a minha filha Beatriz", "Hola Marta, te escribo", "Olá João": a listed given name,
# capitalised, right after a kinship word or a letter's greeting (the taggers of those languages miss a name
# alone after them)
_KIN_ES_PT = ("esposa|esposo|marido|mujer|mulher|hij[oa]s?|filh[oa]s?|madre|padre|mãe|mae|pai|herman[oa]|irmão|irmã|"
              "abuel[oa]|avó|avô|tí[oa]|ti[oa]|prim[oa]|novi[oa]|namorad[oa]|sobrin[oa]|sobrinh[oa]|niet[oa]|net[oa]|"
              "suegr[oa]|sogr[oa]|cuñad[oa]|cunhad[oa]|pareja|companheir[oa]|compañer[oa]|amig[oa]")
_GREETING_ES_PT = ("hola|querid[oa]s?|estimad[oa]s?|buen[oa]s[ \t]+(?:días|dias|tardes|noches)|buenas|olá|ola|oi|"
                   "prezad[oa]s?|car[oa]|bom[ \t]+dia|boa[ \t]+(?:tarde|noite)|gracias|obrigad[oa]|saludos|abraços?|besos")
_NAME_ES_PT = r"([A-ZÁÉÍÓÚÑÂÊÔÃÕÇ][a-záéíóúñâêôãõçü]+)(?![\w'’-])"


def _listed_given_name(value: str) -> Optional[bool]:
    """A given name the lists hold (accents or not: "Lucía", "João"), else no match."""
    word = value.lower()
    return None if word in world_given_names() or fold_accents(word) in world_given_names() else False


RELATIVE_NAME_ES_PT = Recognizer(
    name="rules.relative_name_es_pt",
    label="PERSON",
    type="RELATIVE",
    patterns=compile_patterns([
        (rf"(?=[A-Za-zÁÉÍÓÚáéíóúâêôãõç])\b(?i:{_KIN_ES_PT})(?:[ \t]*,[ \t]*|[ \t]+){_NAME_ES_PT}", 0.85, 1)]),
    validator=_listed_given_name,
    languages=("es", "pt"),
)

GREETED_NAME_ES_PT = Recognizer(
    name="rules.greeted_name_es_pt",
    label="PERSON",
    type="NAME",
    patterns=compile_patterns([
        (rf"(?:(?<![^\n])|(?<=[.!?¡¿:][ \t])|(?<=[.!?¡¿:]))[ \t]*(?i:{_GREETING_ES_PT})[ \t]*,?[ \t]+{_NAME_ES_PT}",
         0.85, 1)]),
    validator=_listed_given_name,
    languages=("es", "pt"),
)
