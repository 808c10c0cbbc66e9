"""Spans a tagger calls dates that name no time: words with no number and no word of time ("platform team",
"until golden"), a score or a reading written with a slash ("MoCA 21/30", "BP 140/90"), a temperature
("200C"), and a business period's code read as a name ("Q4 roadmap"). `anon_mask` drops such a span of a
detector (`span_kinds.decide_categories`); a rule's date is never read here."""
import re
from typing import Optional

from spacy_anon.lexicon.category_words import MONTHS
from spacy_anon.lexicon.generic_words import DAY_TIMES, WEEKDAYS, folded
from spacy_anon.mask.value_kinds import NUMBER_WORDS, TIME_UNITS

# words that say when, how long or how often, besides months, weekdays, times of day and time units
TIME_WORDS = MONTHS | WEEKDAYS | DAY_TIMES | frozenset(TIME_UNITS) | frozenset(TIME_UNITS.values()) | frozenset(
    NUMBER_WORDS) | frozenset(
    "ago yesterday now then later earlier recent recently last next past previous following same early late mid "
    "end beginning start christmas xmas easter weekend weekends holiday holidays birthday noon midnight dawn dusk "
    "eve century centuries decade decades era period time times date dates term terms quarter quarters semester "
    "annual annually daily weekly monthly yearly hourly nightly fortnightly once twice several few many some half "
    "age ages childhood youth life lifetime spring summer autumn fall winter season seasons ramadan diwali "
    "hanukkah halloween new year years first second third fourth fifth sixth seventh eighth ninth tenth "
    "hundred thousand dozen long while moment moments instant duration since until till before after during "
    "overnight tomorrow's yesterday's today's tonight's morning's".split())
SLASHED_NUMBERS = re.compile(r"(\d{1,3})[ \t]?/[ \t]?(\d{1,3})")
# a temperature: Celsius with or without a degree sign ("200C"), Fahrenheit with one or a decimal ("98.6F");
# not a note's age and sex ("58F")
TEMPERATURE = re.compile(r"\d{1,3}(?:[.,]\d)?[ \t]?°?C|\d{2,3}(?:[.,]\d)?[ \t]?°F|\d{2,3}[.,]\d[ \t]?F")
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# a business period's code, alone, in a list or a range, or before lower-case words ("Q4 roadmap", "the Q3 deck",
# "FY26 plan", "H1", "Q2 and Q3", "Q3/Q4")
_PERIOD = r"(?:Q[1-4]|H[12]|FY ?\d{2}(?:\d{2})?)"
PERIOD_CODE = re.compile(rf"{_PERIOD}(?:[ \t]*(?:,|/|-|–|&|(?<=[ \t])(?:and|or|to)(?=[ \t]))[ \t]*{_PERIOD})*"
                         r"(?:[ \t]+[a-z][\w-]*){0,2}")
_PERIOD_AND_YEAR = re.compile(r"(?:Q[1-4]|H[12])[ \t]+(?:19|20)\d\d")


def period_code(value: str) -> bool:
    """Whether a name span's text is a business period's code with at most two lower-case words after it
    ("Q4 roadmap", "Q3"): a time of a company's calendar, no organisation or place."""
    return PERIOD_CODE.fullmatch(value.strip()) is not None


# a follow-up's interval as clinicians write it, in weeks, days or months ("r/v 4/52", "f/u in 6/12", "TCI
# 2/7"), after a review's word: no date (a day and a month would be "4/5")
_INTERVAL = re.compile(r"\d{1,2}/(?:7|12|52)")
_INTERVAL_CUE = re.compile(r"(?i)\b(?:r/v|rv|review(?:ed)?|f/u|fu|follow[ \t-]?up|tci|repeat|again|recheck)"
                           r"(?:[ \t]+(?:in|at|after|for))?[ \t]*\Z")


_AGO = re.compile(r"[ \t]+(?:ago|prior|previously|hx|history)\b", re.IGNORECASE)


def review_interval(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a follow-up's interval after a review's word ("4/52" of "r/v 4/52"), or
    one before "ago" ("weakness 2/7 ago": two days ago, no date)."""
    return _INTERVAL.fullmatch(text[start:end].strip()) is not None \
        and (_INTERVAL_CUE.search(text, max(0, start - 24), start) is not None or _AGO.match(text, end) is not None)


# an obstetric note's shorthand: a pregnancy's gestation in weeks and days ("38+2/40"; "32/40" after a word of
# pregnancy, as a land register's "sheet/plan 13/40" is none) and the counts of pregnancies and births
# ("G2P1", "G3 P1+1"): no date, no code of anyone
_OBSTETRIC = re.compile(r"(?<![\w/+])(?:\d{1,2}\+[0-6]/40|(?P<weeks>\d{1,2}/40)|G\d{1,2}[ \t]?P\d{1,2}(?:\+\d{1,2})?)"
                        r"(?![\w/+])")
_PREGNANCY_WORD = re.compile(r"(?i)\b(?:gest\w*|pregnan\w*|ga|edd|wks|weeks|antenatal|obstetric|booked|G\d{1,2}[ \t]?P\d)\b")


def obstetric_notation(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] lies inside a gestation or a gravida-and-parity count (`_OBSTETRIC`)."""
    for m in _OBSTETRIC.finditer(text, max(0, start - 8), min(len(text), end + 8)):
        if m.start() <= start and end <= m.end():
            return m.group("weeks") is None or _PREGNANCY_WORD.search(text, max(0, m.start() - 40), m.start()) is not None
    return False


def dateless(value: str) -> bool:
    """Whether a date span's text names no time: no digit and no word of time, a temperature, or two numbers
    that are no day and month (`no_day_and_month`)."""
    value = value.strip()
    if TEMPERATURE.fullmatch(value) or no_day_and_month(value):
        return True
    if any(ch.isdigit() for ch in value):
        return False
    words = [folded(w) for w in _WORD.findall(value)]
    return bool(words) and not any(w in TIME_WORDS for w in words)


def numberless(value: str) -> bool:
    """Whether a quantity span's text is one abbreviation in capitals and no number ("NI" of a payslip's "NI
    £141.20", "VAT"): a tax's or a fund's name. Court judgments count "life imprisonment" and "significant
    sums of money" as quantities, so words are left alone."""
    value = value.strip()
    return 2 <= len(value) <= 5 and value.isalpha() and value.isupper() and folded(value) not in NUMBER_WORDS  # "TWO"


# holidays and religious seasons: a time of everyone's calendar, which the everyday guideline leaves in clear
# ("before Christmas", "The Advent carol service", "During Ramadan"); with a year it dates an event
HOLIDAY_WORDS = frozenset(
    "christmas xmas easter advent lent ramadan eid diwali deepavali hanukkah chanukah passover pesach halloween "
    "thanksgiving hogmanay whitsun pentecost epiphany vaisakhi baisakhi holi navratri purim sukkot "
    "new-year".split())  # "Happy New Year" (read as one word: `holiday`)
HOLIDAY_ADJUNCTS = frozenset("the and or before after during until since over at this last next day eve good "
                             "holidays holiday break al-fitr al-adha ul-fitr mubarak happy merry blessed joyous lunar "
                             "chinese".split())
_YEAR = re.compile(r"(?:19|20)\d{2}")


# a school's or a university's term ("SPRING TERM 2025", "Autumn semester", "Michaelmas Term 2024"): a time of
# a calendar too, dated by its year
TERM_NOUNS = frozenset("term terms semester semesters trimester half-term".split())
TERM_WORDS = TERM_NOUNS | frozenset("spring summer autumn fall winter michaelmas hilary trinity lent easter first "
                                    "second third 1st 2nd 3rd the this last next of".split())


def holiday(value: str) -> Optional[str]:
    """"no name" when `value` names a holiday, a religious season or a school's term and nothing else
    ("Christmas and before Easter", "The Advent", "Eid al-Fitr", "Spring Term"), "DATETIME" when it adds a
    year ("Advent 2025", "SPRING TERM 2025", and a business period's "Q3 2025"), else None."""
    if _PERIOD_AND_YEAR.fullmatch(value.strip()):
        return "DATETIME"  # "Q3 2025", "H1 2024": a business period, dated
    words = value.split()
    folded_words = [folded(w.strip(".,;:!?()\"'")) for w in words]
    for i in range(len(folded_words) - 1, 0, -1):
        if folded_words[i - 1] == "new" and folded_words[i] in ("year", "years", "year's", "year’s"):
            folded_words[i - 1:i + 1] = ["new-year"]  # "Happy New Year", "New Year's Eve"
    if any(w in TERM_NOUNS for w in folded_words) and all(w in TERM_WORDS or _YEAR.fullmatch(w) for w in folded_words):
        return "DATETIME" if any(_YEAR.fullmatch(w) for w in folded_words) else "no name"
    if not any(w in HOLIDAY_WORDS for w in folded_words):
        return None
    years = [w for w in folded_words if _YEAR.fullmatch(w)]
    if not all(w in HOLIDAY_WORDS or w in HOLIDAY_ADJUNCTS or w in years for w in folded_words):
        return None
    return "DATETIME" if years else "no name"


_TERM_AFTER = re.compile(r"[ \t]+(?i:term|semester|trimester|half-term)\b")


def holiday_at(text: str, start: int, end: int) -> Optional[str]:
    """`holiday` of text[start:end] with a term's noun right after it ("Autumn" of "Autumn term starts"): a
    season before "term" is the school's term, no name."""
    after = _TERM_AFTER.match(text, end)
    return holiday(text[start:after.end() if after is not None else end])


def calendar_phrase(value: str) -> bool:
    """Whether a name span's text is two or more words of time naming a month or a weekday ("last September",
    "next Tuesday morning"): a date a tagger gave a name's label."""
    words = [folded(w) for w in _WORD.findall(value)]
    return len(words) >= 2 and len(words) == len(value.split()) and all(w in TIME_WORDS for w in words) \
        and any(w in MONTHS or w in WEEKDAYS for w in words)


DEICTIC_TIME_WORDS = frozenset("last next this tonight today tomorrow yesterday overnight".split())


def relative_time(value: str) -> bool:
    """Whether a name span's text is a time said from today with no date in it ("last night", "this
    morning", "tonight"; a chat's words a truecasing capitalised): no one's name, and no date either."""
    words = [folded(w) for w in _WORD.findall(value)]
    return bool(words) and len(words) == len(value.split()) and not any(ch.isdigit() for ch in value) \
        and any(w in DEICTIC_TIME_WORDS for w in words) \
        and all((w in TIME_WORDS or w == "this") and w not in MONTHS and w not in WEEKDAYS for w in words)


_WORD_BEFORE = re.compile(r"([A-Za-z]+)[ \t]+$")


def relative_time_at(text: str, start: int, end: int) -> bool:
    """`relative_time` of text[start:end], or of it with the word before it ("NIGHT" of "LAST NIGHT")."""
    if relative_time(text[start:end]):
        return True
    before = _WORD_BEFORE.search(text, max(0, start - 12), start)
    return before is not None and folded(before.group(1)) in DEICTIC_TIME_WORDS \
        and relative_time(text[before.start(1):end])


def no_day_and_month(value: str) -> bool:
    """Whether `value` is two numbers with a slash that are no day and month either way round, nor a month
    and a two-digit year ("21/30", "140/90"; not "21/11", "8/87"), where a tagger may read a date."""
    m = SLASHED_NUMBERS.fullmatch(value.strip())
    if m is None:
        return False
    a, b = int(m.group(1)), int(m.group(2))
    month_year = 1 <= a <= 12 and len(m.group(2)) == 2
    return not ((1 <= a <= 31 and 1 <= b <= 12) or (1 <= b <= 31 and 1 <= a <= 12) or month_year)
