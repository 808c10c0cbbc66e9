"""Dates, times, years and ages (the patterns are in `spacy_anon.rules.dates` and `.amounts`)."""
import re
from typing import Iterator, Optional, Tuple

from spacy_anon.lexicon.clinical_terms import is_clinical_note
from spacy_anon.rules import amounts, dates, scanning
from spacy_anon.rules import validators as v
from spacy_anon.rules.recognizers.base import Recognizer, compile_patterns, contains, has_digits


_DMY = re.compile(r"\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4}(?!\d)")
_DOTTED_SHORT = re.compile(r"(\d{1,2})\.(\d{1,2})\.\d\d(?!\d)")


_YEAR_MONTH = re.compile(r"(\d{4})[\-–‐](\d{2})")


def _date_valid(value: str) -> Optional[bool]:
    """Numeric day-month-year dates (a time may follow) must have a plausible day and month; a dotted one
    with a two-digit year must pad its day and month ("03.04.24"): "2.4.31" and "3.11.12" are versions.
    Other shapes pass."""
    season = _YEAR_MONTH.fullmatch(value)
    if season is not None and int(season.group(2)) == (int(season.group(1)) + 1) % 100:
        return False  # "2007-08", "2000–01": a season or a financial year, not August 2007
    date = _DMY.match(value)
    if date is None:
        return None
    dotted = _DOTTED_SHORT.fullmatch(date.group())
    if dotted and (len(dotted.group(1)) < 2 or len(dotted.group(2)) < 2):
        return False
    return v.numeric_date_valid(date.group())


_FRACTION_TEXTS = frozenset(f"{a}/{b}" for a, b in dates.FRACTIONS)
_FRACTION_RANGE = re.compile(r"(\d+/\d+)(?:\s*-\s*)?(\d+/\d+)")
_PAIN = re.compile(dates.PAIN_WORDS)


def _not_a_fraction_range(value: str) -> Optional[bool]:
    """"1/3-1/2" (of a dose) is two fractions, not a range of dates."""
    m = _FRACTION_RANGE.fullmatch(value)
    return False if m and m.group(1) in _FRACTION_TEXTS and m.group(2) in _FRACTION_TEXTS else None


def pain_score_near(text: str, start: int, end: int) -> bool:
    """A pain word from 25 characters before text[start:end] to 15 after it: an "n/10" there is a pain
    score, not a date (`rules.clinical_month_day`, `anon_crf` `drop_implausible_dates`)."""
    return _PAIN.search(text[max(0, start - 25):end + 15]) is not None


def _age_valid(value: str) -> Optional[bool]:
    number = re.search(r"\d+", value)  # ages in words ("eight years old") have none
    return False if number is not None and int(number.group()) > 125 else None



def _time_may_identify(text: str) -> bool:
    """Clock times are looked for in a text with digits that is no clinical note: a note's times of
    doses, vitals and events ("4pm", "12am", "16:00") are no identifier (HIPAA's Safe Harbor list has
    dates, not times), and a nursing note has dozens."""
    return any(ch.isdigit() for ch in text) and not is_clinical_note(text)


# ---------------------------------------------------------------- DATETIME / AGE
DATE = Recognizer(
    name="rules.date",
    label="DATETIME",
    type="DATE",
    patterns=compile_patterns(dates.NUMERIC_DATE + dates.DASHED_MONTH_DATE + dates.WRITTEN_DATE_EN + dates.WRITTEN_DATE_ES_PT
                              + dates.DAY_LIST_EN + dates.SPACED_DATE + dates.YEAR_FIRST_DATE),  # appended: the indices of the patterns before stay
    validator=_date_valid,
    context=("date", "dated", "born", "birth", "on", "since", "until", "till", "from", "admitted", "discharged",
             "seen", "fecha", "nacimiento", "desde", "hasta", "ingreso", "alta", "data", "nascimento", "admissão"),
    negative_context=("<<sort code", "<<sort-code", "<<sortcode"),  # "sort code 09-01-28": a bank's branch
    prefilter=has_digits(1),
)
# "on the fourteenth of March, nineteen eighty-five", "spring of '85": dates of birth as people tell them
SPELLED_DATE = Recognizer(
    name="rules.date_spelled",
    label="DATETIME",
    type="DATE",
    patterns=compile_patterns(dates.SPELLED_DATE_EN),
    context=("date", "dated", "born", "birth", "birthday", "on", "since", "until", "from", "in"),
    negative_context=("people", "persons", "cases", "times"),
    languages=("en",),
)
for _pattern in SPELLED_DATE.patterns:  # a text without "of March", a year in words or "'85" skips three
    if _pattern.regex.pattern in dates.SPELLED_DATE_NEEDS:
        scanning.register_needs(_pattern.regex, re.compile(dates.SPELLED_DATE_NEEDS[_pattern.regex.pattern]))
SHORT_DATE = Recognizer(
    name="rules.date_short",
    label="DATETIME",
    type="DATE",
    patterns=compile_patterns(dates.SHORT_DATE),
    validator=lambda s: False if s in _FRACTION_TEXTS else None,
    context=("date", "dated", "on", "since", "until", "till", "from", "admitted", "discharged", "seen", "by",
             "booked", "appointment", "appt", "visit", "due", "round", "clinic", "entry", "referred", "reviewed",
             "sent", "received", "contacted", "called", "attended", "visited", "last", "next",
             "fecha", "desde", "hasta", "ingreso", "alta", "data", "admissão", "el", "em"),
    # "3/4 of", "1/2 tablet", ventilator "10/5" are not dates
    negative_context=(">of", ">de", "tablet", "tablets", "tab", "tabs", "dose", "mg", "ml", "cup", "score",
                      "ratio", "bp", "peep", "psv", "cpap", "bipap", "bi pap", "pap", "vent", "ventilation", "settings",
                      "mmhg", "ps"),
    prefilter=contains("/"),
)
TIME = Recognizer(
    name="rules.time",
    label="DATETIME",
    type="TIME",
    patterns=compile_patterns(dates.TIME),
    context=("at", "time", "hora", "horas", "às", "a las", "o'clock"),
    negative_context=("verse", "ratio", "score", "scored", "vs", "john", "matthew", "luke", "mark"),
    prefilter=_time_may_identify,
)
# "fx 5/97", "MI 92,", "6/30-7/2", "may 16, 2015": nursing-note shorthand, written from the deid tagger's
# misses and checked only on those notes, so opt-in (the deid config names it)
CLINICAL_DATE = Recognizer(
    name="rules.clinical_date",
    label="DATETIME",
    type="DATE",
    patterns=compile_patterns(dates.CLINICAL_DATE_EN, re.M),
    validator=_not_a_fraction_range,
    languages=("en",),
    prefilter=has_digits(1),
    opt_in=True,
)
_NOT_DATE_BEFORE = re.compile(rf"(?i)\b(?:{'|'.join(re.escape(w) for w in dates.NOT_DATE_WORDS)})\b[^\n]*\Z")
_NOT_DATE_AFTER = re.compile(
    r"(?i)^[ \t,(]{0,3}(?:\d+(?:\.\d+)?\s*%|(?:"
    + "|".join(re.escape(w) for w in dates.NOT_DATE_WORDS + dates.UNITS_AFTER) + r")\b)"
)
_MONTH_DAY = re.compile(dates.MONTH_DAY)
_GLUED_MONTH_DAY = re.compile(dates.GLUED_MONTH_DAY)
_CLOCK_AFTER = re.compile(dates.CLOCK_AFTER)
_SIDE_AC = re.compile(dates.SIDE_AC)


def month_day_is_date(text: str, start: int, end: int, month: int, day: int) -> bool:
    """Whether the month/day at text[start:end] is a date: not a fraction, an "n/n" exam grade (2/2,
    5/5) or a pain score, and not next to a ventilator, pressure or exam word (20 characters before on the
    line; "R AC" is a vein, not the AC mode) or a unit after, unless a clock time follows ("10/17 0500")."""
    if (month == day and month <= 5) or (month, day) in dates.FRACTIONS:
        return False
    if day == 10 and pain_score_near(text, start, end):
        return False
    after = text[end:end + 12]
    if _CLOCK_AFTER.match(after):
        return True
    before = text[max(0, start - 20):start]
    if start > 20:
        before = re.sub(r"^\w+", "", before)  # a word cut by the window does not count
    before = _SIDE_AC.sub(" ", before)
    return not (_NOT_DATE_BEFORE.search(before) or _NOT_DATE_AFTER.search(after))


def _month_day_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    """Month/days that `month_day_is_date`, written apart or glued to a word that tells a date ("ON8/18")
    or to the full stop after a word ("QUARTERMAIN.8/31")."""
    for m in scanning.finditer(_MONTH_DAY, text):
        if month_day_is_date(text, m.start(), m.end(), int(m.group(1)), int(m.group(2))):
            yield m.start(), m.end(), 0.6
    for m in scanning.finditer(_GLUED_MONTH_DAY, text):
        dotted = text[m.end(1)] == "."
        if not dotted and m.group(1).lower() not in dates.GLUED_DATE_WORDS:
            continue
        has_year = m.end() - m.end(3) > 0  # "ADM.1/2/03": a whole date, no fraction or setting
        if has_year or month_day_is_date(text, m.start(2), m.end(), int(m.group(2)), int(m.group(3))):
            yield m.start(2), m.end(), 0.6


# "plan for 10/3.", "culture 8/16": bare month/days are dates in nursing notes unless among settings or
# scores; opt-in (the deid config) because elsewhere "3/4" and "10/5" are fractions and ratios
CLINICAL_MONTH_DAY = Recognizer(
    name="rules.clinical_month_day",
    label="DATETIME",
    type="DATE",
    finder=_month_day_finder,
    languages=("en",),
    prefilter=contains("/"),
    opt_in=True,
)
YEAR = Recognizer(
    name="rules.year",
    label="DATETIME",
    type="YEAR",
    patterns=compile_patterns(dates.YEAR_IN_CONTEXT),
    context=("year", "born", "founded", "established", "died", "married", "graduated", "año", "ano",
             "nacido", "nacida", "nació", "nasceu", "fundado", "fundada", "since"),
    negative_context=("patients", "people", "cases", "euros", "dollars", "km", "meters", "metres", "units",
                      "items", "pacientes", "personas", "pessoas", "rooms", "calories", "words", ">cc", ">ml",
                      ">mg", ">hrs", ">hours", ">h", ">when", "<<at", "<<by"),
    prefilter=has_digits(4),
)
AGE = Recognizer(
    name="rules.age",
    label="AGE",
    type="AGE",
    patterns=compile_patterns(dates.AGE_EN + dates.AGE_INFANT + dates.AGE_ES_PT + amounts.AGE_WORDS
                              + dates.AGE_SPOKEN_EN + dates.AGE_ORDINAL_EN + dates.AGE_SEX_EN
                              + dates.AGE_SUBJECT_EN + amounts.AGE_TURNING_WORDS),  # appended: earlier indices stay
    validator=_age_valid,
    context=("age", "aged", "old", "edad", "idade", "patient", "paciente", "man", "woman", "male", "female",
             "boy", "girl", "varón", "mujer", "homem", "mulher"),
    negative_context=("<hace", "<há", "<hacía", "<lleva", "<llevaba", "<durante", "<desde", "<después",
                      "<depois", "<antes", ">antes", ">atrás", ">después", ">depois", ">evolución", ">evolução",
                      ">ago", "<since", "<for", "<per", "<por", "<during", "<after", "<before"),
    prefilter=re.compile(r"\d|[Aa]ge|old|turn|now|will be").search,  # "turned fifty-eight", "is now thirty-four"
)
for _pattern in AGE.patterns:  # ages in words: a text without "years old" / "years of age" has none
    if _pattern.regex.pattern in amounts.AGE_WORDS_NEEDS:
        scanning.register_needs(_pattern.regex, re.compile(amounts.AGE_WORDS_NEEDS[_pattern.regex.pattern]))
