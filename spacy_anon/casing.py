"""Case regime of a text and a truecased view of it, for detectors that read capitals.

A judgment typed in capitals ("WILL SMITH CALLED") or a chat typed in lower case ("john smith met mary
jones in paris") hides what capitals tell in written English: which words are names. Taggers and rules
trained on written text then mask every word of the first and none of the second. This module gives,
once per text, the regime of each line (`AS_WRITTEN`, `UPPER` or `LOWER`) and a truecased text of the
same length in which the words of the `UPPER` and `LOWER` lines are written as English usually writes
them: "Will Smith called", "John Smith met Mary Jones in Paris". Lines as written are left exactly as
they are, so written text reads the same as before.

A word's usual form comes, in this order, from
1. the shipped table `data/lexicon/en_word_case.txt` (word forms counted mid-sentence in TAB's
   background judgments, MIT, and WikiANN English train, CC BY-SA; `scripts/build_case_table.py`):
   "London", "NHS", "Smith";
2. titles ("Mr", "Dr", "St"), and Faker's first and last names (MIT) when the word is neither a
   dictionary word nor frequent ("Quayle", "Lindqvist"; "will" and "bill" stay words);
3. a dictionary word (or its inflection), or a word English uses often (wordfreq Zipf >= `COMMON_ZIPF`):
   lower case;
4. anything else, a rare word: capitalised (unknown words in running text are mostly names), except
   letter runs without a vowel in a line of capitals, which stay capitals (abbreviations: "BP", "NGT").
A dictionary word between two capitalised words of one name is capitalised with them, and an e-mail,
URL or domain keeps its case.
The first word of a sentence is capitalised, as written English does.

Spanish and Portuguese docs are read the same way with their own data (`spacy_anon.lexicon.case_profiles`):
tables `es_word_case.txt` (MEDDOCAN train, CC BY 4.0, and Faker's place names) and `pt_word_case.txt`
(Faker's place names), Faker's Spanish or Portuguese names up to a higher frequency (wordfreq is their
only word list, and "Silva" or "José" are as frequent as words), their titles ("Sra", "Dña", "D"), the
months Portuguese capitalises, their stop words, a place or institution head before a name ("são paulo",
"universidad de salamanca"), and "¿", "¡", "«" opening a sentence.

Pure functions; the truecased text has the length of the text (a character whose case change would
change its length, "ß" -> "SS", keeps its case), so offsets found in it are offsets in the text.
"""
import re
import weakref
from functools import lru_cache
from pathlib import Path
from typing import Callable, FrozenSet, List, Optional, Tuple

from spacy.attrs import IDX, LENGTH, SPACY
from spacy.tokens import Doc

from spacy_anon.extensions import doc_text, remember_text
from spacy_anon.case_regime import (  # noqa: F401  (re-exported)
    ADDRESS_CHUNK, AS_WRITTEN, LOWER, MIN_CASED_LETTERS, REGIMES, UPPER, UPPER_SHARE, line_regime)
from spacy_anon.lexicon.case_profiles import PROFILES, case_profile
from spacy_anon.lexicon.gazetteers import load_gazetteer
from spacy_anon.lexicon.initial_letters import dotted_initials, enumeration_letter, is_initial, letter_form
from spacy_anon.lexicon.given_names import (KINSHIP_WORDS, SHORT_GIVEN_NAMES, WORD_GIVEN_NAMES, english_given_names,
                                           english_surnames)
from spacy_anon.lexicon.generic_words import (BARE_TITLES, CHAT_SHORTHAND, CLINICAL_WORDS, CLOCK_PREPOSITIONS,
                                              IRREGULAR_VERBS, NUMBER_ENDINGS, PROSE_NOT_NAMES, dictionary_test,
                                              is_past_or_progressive)
from spacy_anon.lexicon.clinical_forms import DRUGS_AND_DEVICES
from spacy_anon.lexicon.clinical_terms import CARE_ABBREVIATIONS, is_english_word
from spacy_anon.lexicon.legal_words import LEGAL_PROSE_WORDS
from spacy_anon.lexicon.category_words import trait_words
from spacy_anon.lexicon.common_nouns import (DETERMINERS, adjectives_after_degree_words,
                                             common_nouns_after_determiners, defined_terms, verbs_between_words)
from spacy_anon.lexicon.currencies import CURRENCY_CODES
from spacy_anon.lexicon.address_runs import ST_SEGMENT_WORDS, bare_street_runs, numbered_street_runs
from spacy_anon.lexicon.street_types import STREET_TYPE_WORDS
from spacy_anon.lexicon.place_names import fold_accents, known_place_names
from spacy_anon.lexicon.institution_names import (LINK_WORDS, RANKS, company_runs, crown_bodies, firm_runs,
                                                  hyphen_places, institution_runs, slashed_company_forms,
                                                  without_possessive_s)

LEXICON = Path(__file__).resolve().parent / "data" / "lexicon"
CASE_TABLE = LEXICON / PROFILES["en"].table
# English thresholds (each language's are in `spacy_anon.lexicon.case_profiles.PROFILES`)
COMMON_ZIPF = PROFILES["en"].common_zipf
FUNCTION_ZIPF = PROFILES["en"].function_zipf
NAME_MAX_ZIPF = PROFILES["en"].name_max_zipf
NAME_SOURCES = PROFILES["en"].name_sources

_WORD = re.compile(r"[^\W\d_]+")
_CHUNK = re.compile(r"\S+")
# a bullet ("*", "•") opens a sentence anywhere, a dash only after a sentence's end: "plot of land – olive
# grove" goes on ("before" holds the last letters of the word before, so "^" is the line's start only)
_SENTENCE_END = re.compile(r"[.!?:;]\s*$|^\s*$|(?:^|\s)[*•]\s*$|(?:^|[.!?:;])\s*[\-–—]\s*$|[\"“(]\s*$")
# Spanish and Portuguese also open a sentence or a quote with "¿", "¡" and "«"
_LINKS = frozenset(("de", "do", "da", "dos", "das", "del"))  # "Rio de Janeiro", "San Juan del Río"
_SENTENCE_END_IBERIAN = re.compile(r"[.!?:;]\s*$|^\s*$|(?:^|\s)[*•]\s*$|(?:^|[.!?:;])\s*[\-–—]\s*$|[\"“(¿¡«]\s*$")
# how a legal form is written after a company's name (the others: capitalised, "Limited", "Ltd")
_COMPANY_FORM_CASE = {"plc": "PLC", "llc": "LLC", "llp": "LLP", "pllc": "PLLC", "gmbh": "GmbH", "ab": "AB", "ag": "AG",
                      "sa": "SA", "nv": "NV", "bv": "BV"}
_PLACE_ENDINGS = ("wood", "field", "side", "brook", "ford", "ton", "ham", "bury", "view", "dale", "vale", "hill",
                  "land", "well", "worth", "stead", "gate", "water", "moor", "ridge", "thorpe", "mouth", "port",
                  "borough", "burgh", "stone", "bridge", "ley", "combe", "wick", "by")
_VERB_PARTICLES = ("up", "with", "under", "over", "out", "mis", "fore", "re", "be")
_VERB_MONTHS = frozenset({"may", "march"})
# no sentence ends after them: "e.g. in", "3,862 sq. m" (a unit's full stop)
_MID_SENTENCE_ABBREVIATION = re.compile(r"(?<![\w.])(?:e\.g|i\.e|cf|vs|viz|sq|approx)\.\s*$", re.I)
# clipped words and units English writes in lower case, which would otherwise read as rare words, names
_CLIPPED_WORDS = frozenset("sq approx wk wks kw kwh kmh".split())
_DAY_BEFORE = re.compile(r"\b(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)? $", re.I)
_YEAR_AFTER = re.compile(r" (?:\d{1,2}(?:st|nd|rd|th)?,? )?(?:1[6-9]|20)\d\d\b")
_UPPER_KEEPS = frozenset(("others", "nice"))  # "AND OTHERS V." of a case's name, "LIVES IN NICE": in capitals
_NAME_TITLES = frozenset("mr mrs ms mx dr prof".split())  # English titles a name follows, not verbs ("miss")


@lru_cache(maxsize=None)
def _table(lang: str = "en") -> dict:
    out = {}
    for line in (LEXICON / case_profile(lang).table).read_text(encoding="utf8").splitlines():
        if line and not line.startswith("#"):
            out.setdefault(line.lower(), line)
    return out


@lru_cache(maxsize=None)
def _names(lang: str = "en") -> FrozenSet[str]:
    names: set = set()
    for spec in case_profile(lang).name_sources:
        names |= load_gazetteer(spec)
    return frozenset(names)


@lru_cache(maxsize=None)
def _dictionary(lang: str = "en") -> Callable[[str], bool]:
    """Whether a lower-case word (or its verb stem) is a dictionary word or a clinical note's word; a
    language without a dictionary list has none (its words are told by frequency alone, `is_word`)."""
    if not case_profile(lang).dictionary:
        return lambda lower: False
    test = dictionary_test(lang)
    return lambda lower: lower in CLINICAL_WORDS or test(lower)


@lru_cache(maxsize=262144)
def _zipf(word: str, lang: str = "en") -> float:
    from wordfreq import zipf_frequency  # lazy: heavy word lists, loaded on first use

    return zipf_frequency(word, lang)


def _capitalised(lower: str) -> str:
    return lower[:1].upper() + lower[1:]


@lru_cache(maxsize=65536)
def usual_form(word: str, regime: str = UPPER, lang: str = "en") -> str:
    """How `lang` usually writes `word` (a run of letters) mid-sentence, read from a line in `regime`."""
    profile = case_profile(lang)
    lower = word.lower()
    if regime == UPPER and (lower in profile.abbreviations or lang == "en" and lower in CARE_ABBREVIATIONS
                            and len(lower) <= 4 and not is_word(lower, lang)):  # "OT", "UTI", "AKI"
        return lower.upper()
    if lang == "en" and (lower in LEGAL_PROSE_WORDS or lower in _CLIPPED_WORDS):  # "inter alia", "sq. m"
        return lower
    if lang == "en" and lower in PROSE_NOT_NAMES and (regime == LOWER or lower not in _UPPER_KEEPS):  # "i love the
        return lower  # new fringe", "IS HAPPY WITH PLAN": not "I Love the New", "Happy" (`_UPPER_KEEPS` aside)
    form = _table(lang).get(lower)
    if form is not None:
        return form
    if lang == "en" and lower in DRUGS_AND_DEVICES:  # "ON APIXABAN", "HICKMAN LINE": a note's word, no name
        return lower
    if lang == "en" and lower in SHORT_GIVEN_NAMES:  # "jess said she'll drive", "GAZ RANG": a short form of a name
        return _capitalised(lower)
    if lower.upper() in CURRENCY_CODES and not is_word(lower, lang):  # "usd 5,000", "chf 200"
        return lower.upper()
    if lower in profile.titles or lower in profile.calendar:
        return _capitalised(lower)
    if (len(lower) >= 2 and lower in _names(lang) and not _dictionary(lang)(lower)
            and _zipf(lower, lang) < profile.name_max_zipf
            and (profile.dictionary or lower not in _function_words(lang))):
        return _capitalised(lower)
    if len(lower) == 1 or is_word(lower, lang) or (lang == "en" and (
            _rare_word(lower) or _prefixed_irregular(lower) or lower in IRREGULAR_VERBS)):  # "upheld", "lent"
        return lower
    if regime == UPPER and len(lower) <= 5 and not set(lower) & profile.vowels:
        return lower.upper()  # an abbreviation ("BP", "NGT", "HTN") more often than a name
    return _capitalised(lower)


def _rare_word(lower: str) -> bool:
    """A rarer English dictionary word (`is_english_word`: WordNet's lemmas and their inflections) that
    does not look like a name: not a place-like compound ("Briarwood", "Oakfield") and, with "-ing" or
    "-ed", not on a short stem ("Hocking")."""
    if lower.endswith(_PLACE_ENDINGS) or (lower.endswith(("ing", "ed")) and len(lower) < 8):
        return False
    return is_english_word(lower)


def _prefixed_irregular(lower: str) -> bool:
    """An irregular verb form after a particle ("upheld", "withdrew", "underwent", "overheard")."""
    return any(lower.startswith(p) and lower[len(p):] in IRREGULAR_VERBS for p in _VERB_PARTICLES)


@lru_cache(maxsize=65536)
def is_word(lower: str, lang: str = "en") -> bool:
    """Whether a lower-case word is an ordinary word of `lang`: frequent (wordfreq Zipf >= the profile's
    `common_zipf`), in the dictionary list, or an inflected or adverb form of a word in it ("visited",
    "quickly", "rápidamente")."""
    profile = case_profile(lang)
    if _zipf(lower, lang) >= profile.common_zipf or _dictionary(lang)(lower):
        return True
    if lang == "en":  # a chat's word typed short ("shes", "appt"), an adverb of a word
        return lower in CHAT_SHORTHAND or lower in CLOCK_PREPOSITIONS or lower.endswith("ly") and len(lower) > 5 and (_dictionary()(lower[:-2]) or _dictionary()(lower[:-3] + "y"))
    suffix = profile.adverb_suffix
    return lower.endswith(suffix) and len(lower) > len(suffix) + 2 and is_word(lower[:-len(suffix)], lang)


def _same_length(original: str, cased: str) -> str:
    """`original` in the casing of `cased`, one character for one: when casing changed the length ("ß" ->
    "SS"), each character is cased alone (first as `cased` starts, the rest as `cased` goes on) and one
    whose case change would change its length keeps its case."""
    if len(cased) == len(original):
        return cased
    first_upper, rest_upper = cased[:1].isupper(), cased[1:].isupper()
    out = []
    for i, ch in enumerate(original):
        new = ch.upper() if (first_upper if i == 0 else rest_upper) else ch.lower()
        out.append(new if len(new) == 1 else ch)
    return "".join(out)


def truecase_line(line: str, regime: str, lang: str = "en", defined: FrozenSet[str] = frozenset()) -> str:
    """The line with its words in their usual form in `lang` (`regime` `UPPER` or `LOWER`), sentence
    starts capitalised; the same length as `line`. `defined`: the words the document defines as a short
    name in quotes ("(hereinafter “the board”)", `defined_terms`), which keep the capital the table
    gives them after "the".

    A dictionary word between two capitalised words of one name ("MERCY VALLEY MEDICAL CENTER",
    "SUSAN LANGLEY-PRICE") is capitalised with them; not a function word or a verb form ("Smith visited
    Paris", "John and Mary", "João da Silva")."""
    if regime == AS_WRITTEN:
        return line
    words = [m for chunk in _CHUNK.finditer(line) if not ADDRESS_CHUNK.search(chunk.group())
             for m in _WORD.finditer(line, chunk.start(), chunk.end())]
    forms = [usual_form(m.group(), regime, lang) for m in words]
    abbreviations = case_profile(lang).abbreviations
    for k, m in enumerate(words):  # an abbreviation stands alone: "CO-OWNED" is a word's prefix
        if forms[k].isupper() and forms[k].lower() in abbreviations and "-" in (
                line[m.end():m.end() + 1], line[max(0, m.start() - 1):m.start()]):
            forms[k] = forms[k].lower()
    if regime == LOWER:  # "the co", "his pa": a clipped word after a determiner (not "co-owned")
        for k in range(1, len(words)):
            if forms[k] in abbreviations and forms[k - 1].lower() in DETERMINERS \
                    and line[words[k - 1].end():words[k].start()] == " " \
                    and line[words[k].end():words[k].end() + 1] != "-":
                forms[k] = forms[k].upper()
    for k in range(len(words) - 1):  # "dr foster", "MR BAKER", "ms j. sawyer": the word after a title is a name
        if forms[k].lower() in _NAME_TITLES and line[words[k].end():words[k + 1].start()] in (" ", ". "):
            for n in _title_name(line, words, forms, k + 1, lang):
                forms[n] = _capitalised(forms[n].lower()) if not forms[n].isupper() else forms[n]
    for k in range(1, len(words) if lang == "en" else 0):  # "NEIGHBOUR SUE HELPS": a given name, a word, after kin
        if forms[k] in WORD_GIVEN_NAMES and forms[k - 1].lower() in KINSHIP_WORDS and forms[k] not in _function_words(lang) \
                and line[words[k - 1].end():words[k].start()] == " ":
            forms[k] = _capitalised(forms[k])
    for k, form in enumerate(forms):  # "a dinner lady at", "she's got ms so": a title no name follows is a word
        if form in BARE_TITLES and (k + 1 == len(words) or (len(forms[k + 1]) > 1  # not "MS A. FOULDS"
                                                             and forms[k + 1].lower() in _function_words(lang))):
            forms[k] = form.lower()
    for k in range(len(words) - 1):  # "o’neill": the O of an Irish surname
        if forms[k] == "o" and forms[k + 1][:1].isupper() and line[words[k].end():words[k + 1].start()] in ("'", "’"):
            forms[k] = "O"

    named = [f[:1].isupper() for f in forms]  # capitalised by its usual form, not by its place
    for k in range(1, len(words) - 1):
        if (not named[k] and named[k - 1] and named[k + 1] and _joined(line, words[k - 1], words[k])
                and _joined(line, words[k], words[k + 1]) and _name_part(forms[k], lang)):
            forms[k] = _capitalised(forms[k])
    prefixes = case_profile(lang).name_prefixes
    for k in range(len(words) - 1):
        if forms[k] in prefixes and _joined(line, words[k], words[k + 1]) and (named[k + 1] or (
                forms[k + 1] in _LINKS and k + 2 < len(words) and named[k + 2]
                and _joined(line, words[k + 1], words[k + 2]))):
            forms[k] = _capitalised(forms[k])
    if lang == "en":  # "FAIR EMPLOYMENT TRIBUNAL", "court of appeal": a state body's name, not prose
        lower = [f.lower() for f in forms]
        joined = [_joined(line, words[k], words[k + 1]) for k in range(len(words) - 1)] + [False]
        kept, kept_joined = without_possessive_s(line, words, joined)  # "magistrates' court", "queen's bench"
        for first, last in institution_runs([lower[k] for k in kept], kept_joined):
            for k in kept[first:last + 1]:
                if lower[k] not in LINK_WORDS:
                    forms[k] = _capitalised(lower[k])
        for first, last in company_runs(lower, joined, _prose_word, [f[:1].isupper() for f in forms]):
            for k in range(first, last):
                if lower[k] not in LINK_WORDS:
                    forms[k] = _capitalised(lower[k])
            forms[last] = _COMPANY_FORM_CASE.get(lower[last], _capitalised(lower[last]))
        gaps = [line[words[k].end():words[k + 1].start()] for k in range(len(words) - 1)] + [""]
        for first, last in hyphen_places(lower, gaps, [f[:1].isupper() for f in forms]):
            forms[first], forms[last] = _capitalised(lower[first]), _capitalised(lower[last])
            forms[first + 1] = lower[first + 1]
        for first, last in crown_bodies(lower, gaps):  # "her majesty's prison", "hm courts"
            forms[first] = "HM" if lower[first] == "hm" else _capitalised(lower[first])
            if last > first + 1:
                forms[first + 1], forms[first + 2] = "Majesty", "s"
            forms[last] = _capitalised(lower[last])
        for k in slashed_company_forms(lower, gaps, [f[:1].isupper() for f in forms]):  # "geneve a/s"
            forms[k], forms[k + 1] = lower[k].upper(), lower[k + 1].upper()
        for first, last in firm_runs(lower, joined, [f[:1].isupper() for f in forms], trait_words().__contains__,
                                     _dictionary(lang)):
            for k in range(first, last + 1):  # "kyles legal practice", "southwark social services"
                forms[k] = _capitalised(lower[k])
        befores = [line[:words[0].start()] if words else ""] + gaps[:-1]
        for first, last in numbered_street_runs(lower, befores, STREET_TYPE_WORDS, _function_words(lang).__contains__,
                                                lambda w: fold_accents(w) in known_place_names()):
            forms[first:last + 1] = [f if lower[k] == "in" else _capitalised(lower[k])  # "14 Kilmore Close in Swords"
                                     for k, f in enumerate(forms[first:last + 1], first)]
        for first, last in bare_street_runs(lower, befores, _function_words(lang).__contains__):  # "STATION ROAD"
            forms[first], forms[last] = _capitalised(lower[first]), _capitalised(lower[last])
    if lang == "en":  # "by the river", "THE POLICE": a common noun the table capitalises, alone after a determiner
        # (after the names of words above, so that "the royal ulster constabulary" is one name by then)
        table = _table(lang)
        gaps = [line[words[k].end():words[k + 1].start()] for k in range(len(words) - 1)] + [""]
        for k in common_nouns_after_determiners(
                forms, gaps, lambda form: table.get(form.lower()) == form, _dictionary(lang),
                lambda word: word.lower() not in _function_words(lang) and not _verb_form(word.lower())):
            if forms[k].lower() not in defined:
                forms[k] = forms[k].lower()
        for k in adjectives_after_degree_words(forms, gaps, lambda form: table.get(form.lower()) == form,
                                               _dictionary(lang), english_given_names().__contains__) \
                + verbs_between_words(forms, gaps, english_given_names().__contains__):  # "CALLER STATES PT": a verb, not a name's end
            forms[k] = forms[k].lower()  # "so nice", "really happy", "was pretty bad"
    initials = _initials(line, words, forms, lang) | dotted_initials(line, words)
    if lang == "en":  # "28 may 1996", "march 2003": a month that is also a verb, in a date
        for k in range(len(words) - 1):  # "ST ELEVATION": the heart's ST segment, no saint's or street's "St"
            if forms[k].lower() == "st" and forms[k + 1].lower() in ST_SEGMENT_WORDS and line[words[k].end():words[k + 1].start()] == " ":
                forms[k], forms[k + 1] = "ST", forms[k + 1].lower()
        for k, m in enumerate(words):
            if forms[k] in _VERB_MONTHS and (_DAY_BEFORE.search(line, max(0, m.start() - 8), m.start())
                                             or _YEAR_AFTER.match(line, m.end())):
                forms[k] = _capitalised(forms[k])
    sentence_end = _SENTENCE_END if lang == "en" else _SENTENCE_END_IBERIAN
    out = list(line)
    for k, m in enumerate(words):
        if _in_code(line, m):
            continue  # "sw9 8ap", "WARD 7B": a code keeps the case it was typed in
        if m.start() and line[m.start() - 1].isdigit():  # "21ST", "1990S", "850U": a number's ending or unit
            out[m.start():m.end()] = list(_same_length(m.group(), m.group().lower()))
            continue
        form = forms[k]
        before = line[max(0, words[k - 1].end() - 2):m.start()] if k else ""
        # a sentence opens after its end, not after initials or "e.g." ("C.Ç. said", "e.g. in")
        if not form[:1].isupper() and sentence_end.search(before) \
                and k - 1 not in initials \
                and not _MID_SENTENCE_ABBREVIATION.search(line, max(0, m.start() - 8), m.start()) \
                and not enumeration_letter(line, m):
            form = _capitalised(form)
        if k in initials:
            form = form.upper()
        elif len(form) == 1 and k and line[words[k - 1].end():m.start()] == "-" and len(forms[k - 1]) > 1 \
                and forms[k - 1].isupper():
            form = form.upper()  # the letter of an acronym's suffix ("DHKP-C")
        elif len(form) == 1:
            form = letter_form(line, m.start(), form)
        if form != m.group():
            out[m.start():m.end()] = list(_same_length(m.group(), form))
    return "".join(out)


def _in_code(line: str, m: "re.Match") -> bool:
    """Whether a run of letters glued to digits is part of a code ("sw9 8ap", "7B"), whose case is the
    writer's and part of its shape: not a number's ending or unit (`NUMBER_ENDINGS`)."""
    if m.end() < len(line) and line[m.end()].isdigit() and len(m.group()) > 1:
        return True  # not one letter before digits ("x1", "O2"): a letter's own rules read it
    return m.start() > 0 and line[m.start() - 1].isdigit() and m.group().lower() not in NUMBER_ENDINGS


def _title_name(line: str, words: List["re.Match"], forms: List[str], j: int, lang: str) -> List[int]:
    """Indices of the name's words after a title, from word j: the word after the title ("dr foster"),
    or after the initials that follow it ("ms j. sawyer", "mr j.m. morenilla"); and after a known given
    name, the surname when it is a known one or no English word ("mr gilbert blades", not "dr anna
    gave")."""
    start = j
    while j < len(words) - 1 and is_initial(line, words[j]) \
            and line[words[j].end():words[j + 1].start()] in (".", ". ", ".-"):
        j += 1
    if j == start and j + 1 < len(words) and forms[j].lower() in WORD_GIVEN_NAMES \
            and line[words[j].end():words[j + 1].start()] == " " and forms[j + 1].lower() in english_surnames():
        return [j, j + 1]  # "mr will smith": a given name that is also a word, before a surname
    if not _name_word(line, words, forms, j, lang) or (j > start and _verb_form(forms[j].lower())):
        return []  # "mrs b. left the room"
    found = [j]
    if j == start and j + 1 < len(words) and line[words[j].end():words[j + 1].start()] == " " \
            and forms[j].lower() in english_given_names() and _name_word(line, words, forms, j + 1, lang):
        after = forms[j + 1].lower()
        if after in english_surnames() or not (is_english_word(after) or _dictionary(lang)(after) or _verb_form(after)):
            found.append(j + 1)
    return found


def _verb_form(lower: str) -> bool:
    """A verb's past or progressive form ("left", "called", "replying"): what follows a name, not a name."""
    return is_past_or_progressive(lower, _dictionary("en"))


def _name_word(line: str, words: List["re.Match"], forms: List[str], j: int, lang: str) -> bool:
    return j < len(words) and words[j].group().isalpha() and len(words[j].group()) >= 2 \
        and forms[j].lower() not in _function_words(lang)


def _initials(line: str, words: List["re.Match"], forms: List[str], lang: str) -> FrozenSet[int]:
    """Indices of the letters that are initials of a name after a title or a rank ("MR Z.M. NECATIGIL",
    "sergeant h", "CORPORAL G"): each is a capital, and the rank before them is capitalised in `forms`.
    A lone "a" without a period after it is the article ("officer a few"), but after a courtesy title and
    before a name it is an initial ("MR A PATEL")."""
    titles = case_profile(lang).titles | RANKS
    found = set()
    for k in range(1, len(words)):
        letter = words[k].group().lower()
        if len(letter) != 1 or (letter == "a" and line[words[k].end():words[k].end() + 1] != "."
                                and not _initial_a(line, words, k, lang)):
            continue
        gap = line[words[k - 1].end():words[k].start()]
        prev = words[k - 1].group().lower()
        if gap in (" ", ". ") and prev in titles:
            found.add(k)
            if prev in RANKS:
                forms[k - 1] = _capitalised(prev)
        elif gap == "." and k - 1 in found:
            found.add(k)  # the next letter of a dotted run ("Z.M.")
    return frozenset(found)


# the titles after which a lone "a" before a name is an initial, not the article ("MR A PATEL"; "don a mask")
_INITIAL_A_TITLES = frozenset("mr mrs ms miss mx dr prof".split())


def _initial_a(line: str, words: List["re.Match"], k: int, lang: str) -> bool:
    """Whether the lone "a" at `k` stands between a courtesy title and a word usually capitalised (a
    name), one space either side."""
    return words[k - 1].group().lower() in _INITIAL_A_TITLES and k + 1 < len(words) \
        and line[words[k - 1].end():words[k].start()] == " " and line[words[k].end():words[k + 1].start()] == " " \
        and len(words[k + 1].group()) > 1 and usual_form(words[k + 1].group(), UPPER, lang)[:1].isupper()


def _joined(line: str, left: "re.Match", right: "re.Match") -> bool:
    """Whether only one space or a hyphen stands between two words (one name runs on)."""
    return line[left.end():right.start()] in (" ", "-")


@lru_cache(maxsize=65536)
def _name_part(lower: str, lang: str = "en") -> bool:
    return (len(lower) > 2 and lower not in _function_words(lang) and lower not in CLOCK_PREPOSITIONS
            and _zipf(lower, lang) < case_profile(lang).function_zipf
            and not (lang == "en" and is_past_or_progressive(lower, _dictionary())))


def _prose_word(lower: str) -> bool:
    """A function word or an adverb of English ("was", "severely"): no word of a company's name."""
    return lower in _function_words("en") or (lower.endswith("ly") and is_word(lower, "en"))


@lru_cache(maxsize=None)
def _function_words(lang: str = "en") -> FrozenSet[str]:
    import importlib

    return frozenset(importlib.import_module(f"spacy.lang.{lang}.stop_words").STOP_WORDS)


def line_spans(text: str) -> List[Tuple[int, int]]:
    """(start, end) of each line of `text`, line breaks left out."""
    out = []
    start = 0
    for m in re.finditer(r"\r\n|[\n\r\u2028\u2029\x85\x0b\x0c]", text):
        out.append((start, m.start()))
        start = m.end()
    out.append((start, len(text)))
    return out


def truecased_text(text: str, lang: str = "en") -> str:
    """`text` with each line in capitals or in lower case truecased (`truecase_line`, in `lang`); lines as
    written, and texts with no such line, are returned as they are. The same length as `text`; E450 for a
    language without a profile."""
    case_profile(lang)
    pieces = []
    pos = 0
    changed = False
    defined: Optional[FrozenSet[str]] = None
    for start, end in line_spans(text):
        line = text[start:end]
        regime = line_regime(line)
        if regime == AS_WRITTEN:
            continue
        if defined is None:
            defined = defined_terms(text) if lang == "en" else frozenset()
        cased = truecase_line(line, regime, lang, defined)
        if cased != line:
            pieces.append(text[pos:start])
            pieces.append(cased)
            pos = end
            changed = True
    if not changed:
        return text
    pieces.append(text[pos:])
    return "".join(pieces)


# ---------------------------------------------------------------- a doc's reading text, computed once
CASED_LANGS = tuple(PROFILES)  # the languages whose usual word forms the shipped tables and word lists give


class _Reading:
    """What is known of one doc's reading: its text, and (built when first asked) its tokens' texts and
    a doc of them."""

    __slots__ = ("n_tokens", "text", "words", "doc")

    def __init__(self, n_tokens: int, text: str) -> None:
        self.n_tokens, self.text = n_tokens, text
        self.words: Optional[List[str]] = None
        self.doc: Optional[Doc] = None


_READING: "weakref.WeakKeyDictionary[Doc, _Reading]" = weakref.WeakKeyDictionary()
# reading doc (built by `reading_doc`) -> its tokens' texts as written: case is evidence only where the
# writer gave it, so a step given the reading doc can still ask how a word was written (`written_words`)
_WRITTEN: "weakref.WeakKeyDictionary[Doc, List[str]]" = weakref.WeakKeyDictionary()


def _reading(doc: Doc) -> _Reading:
    known = _READING.get(doc)
    if known is not None and known.n_tokens == len(doc):
        return known
    text = doc_text(doc)
    if doc.lang_ in CASED_LANGS:
        text = truecased_text(text, doc.lang_)
    known = _READING[doc] = _Reading(len(doc), text)
    return known


def reading_text(doc: Doc) -> str:
    """The doc's text as the detectors read it: `truecased_text` of a doc in one of `CASED_LANGS`
    (English, Spanish, Portuguese), its text as it is in other languages. Built once per doc (weakly keyed, like `extensions.doc_text`)."""
    return _reading(doc).text


def reading_words(doc: Doc) -> Optional[List[str]]:
    """The doc's token texts in its reading text, or None when that is the doc's text (nothing recased).
    Built once per doc, from the doc's arrays (a Token object per token would cost more than the rest)."""
    reading = _reading(doc)
    if reading.text is doc_text(doc):
        return None
    if reading.words is None:
        arr = doc.to_array([IDX, LENGTH]).tolist()
        text = reading.text
        reading.words = [text[i:i + n] for i, n in arr]
    return reading.words


def reading_doc(doc: Doc) -> Doc:
    """The doc itself, or, when its reading text differs, a doc of the same tokens (same indices, same
    spacing) in the reading text: for the steps that read only tokens' texts (the CRF's span filters)."""
    words = reading_words(doc)
    if words is None:
        return doc
    reading = _reading(doc)
    if reading.doc is None:
        spaces = (doc.to_array(SPACY) != 0).tolist() if len(doc) else []
        reading.doc = Doc(doc.vocab, words=words, spaces=spaces)
        remember_text(reading.doc, reading.text)  # the same tokens and spacing, recased in place
        text = doc_text(doc)
        _WRITTEN[reading.doc] = [text[i:i + n] for i, n in doc.to_array([IDX, LENGTH]).tolist()]
    return reading.doc


def written_words(doc: Doc) -> Optional[List[str]]:
    """The tokens' texts as written, when doc is a reading doc whose text was recased (`reading_doc`);
    None for any other doc (its tokens are as written). For steps that weigh capitals as evidence: a
    recased line's capitals are a guess from word lists, not the writer's."""
    return _WRITTEN.get(doc)
