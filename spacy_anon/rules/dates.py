"""Date, time, year and age patterns in English, Spanish and Portuguese (regex sources, compiled by recognizers)."""
import re
from typing import Iterable, List, Optional

from spacy_anon.lexicon.clinical import PAIN_CONTEXT
from spacy_anon.rules.first_chars import twin

EN_MONTHS = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
)
EN_MONTH_ABBR = ("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec")
ES_MONTHS = (
    "enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "setiembre",
    "octubre", "noviembre", "diciembre",
)
PT_MONTHS = (
    "janeiro", "fevereiro", "março", "marco", "abril", "maio", "junho", "julho", "agosto", "setembro",
    "outubro", "novembro", "dezembro",
)
EN_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")


def cased_alternation(words: Iterable[str], lower: bool) -> str:
    """Alternation of Title and UPPER forms (and the forms as given when `lower`), longest first; a space
    inside an entry matches any whitespace run ("pounds sterling")."""
    forms: List[str] = []
    for w in words:
        forms += [w.capitalize(), w.upper()] + ([w] if lower else [])
    return "|".join(sorted({f.replace(" ", r"\s+") for f in forms}, key=len, reverse=True))


EN_MONTH = rf"(?:{cased_alternation(EN_MONTHS, False)}|(?:{cased_alternation(EN_MONTH_ABBR, False)})\.?)"
# a month that ends a date: an abbreviation's full stop that also ends the sentence ("on 3 Feb. It arrived")
# stays in the text, so the masked sentence keeps its end
EN_MONTH_LAST = rf"(?:{cased_alternation(EN_MONTHS, False)}|(?:{cased_alternation(EN_MONTH_ABBR, False)})" \
    r"(?:\.(?![ \t]*(?:[A-Z\n]|$)))?)"
ES_PT_MONTH = rf"(?:{cased_alternation(ES_MONTHS + PT_MONTHS, True)})"
EN_WEEKDAY_ABBR = ("mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun")
# a weekday in full, or shortened as e-mail headers and logs write it ("Fri, 28 Jun 2024")
EN_WEEKDAY = rf"(?:{cased_alternation(EN_WEEKDAYS, False)}|(?:{cased_alternation(EN_WEEKDAY_ABBR, False)})\.?)"

YEAR4 = r"(?:1[5-9]\d\d|20\d\d|21\d\d)"
DAY = r"(?:[12]\d|3[01]|0?[1-9])"
ORD = r"(?:st|nd|rd|th)?"


# an English month or weekday name written in lower case, a whole word
_LOWER_MONTH_OR_DAY = twin(re.compile(
    r"(?<![^\W\d_])(?:"
    + "|".join(sorted(EN_MONTHS + EN_MONTH_ABBR + EN_WEEKDAYS + EN_WEEKDAY_ABBR, key=len, reverse=True))
    + r")(?![^\W\d_])"))
# months that are also words ("you may go", "we march", "mar", "jan"): months only beside a day or a year
_WORD_MONTHS = frozenset({"may", "march"} | set(EN_MONTH_ABBR))
_DAY_BEFORE = re.compile(r"\b(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?[ \t]{1,2}(?:of[ \t]{1,2})?$", re.I)
_YEAR_AFTER = re.compile(r"\.?,?[ \t]{1,2}(?:(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?,?[ \t]{1,2})?" + YEAR4 + r"\b")
# a weekday opens a date when a day or a month follows ("monday 3 march", "fri, 28 jun")
_DATE_AFTER_WEEKDAY = re.compile(
    r"\.?,?[ \t]{1,2}(?:(?:[1-9]|[12]\d|3[01])\b|(?:" + "|".join(sorted(EN_MONTHS + EN_MONTH_ABBR, key=len, reverse=True))
    + r")(?![^\W\d_]))")
_WEEKDAY_WORDS = frozenset(EN_WEEKDAYS + EN_WEEKDAY_ABBR)


def months_capitalised(text: str) -> str:
    """`text` with the English month names written in lower case capitalised where they date something:
    what the written-date rules read, so that "on 27 december 1993" and "jan 5, 2024" are found as
    "27 December 1993" is (the rules want a capital, for "may" and "march" are also words). A month that
    is also a word ("may", "march", "jan", "mar") counts only after a day or before a year ("14 may",
    "march 4, 1988"; not "you may go", "we will march 4 miles"); a weekday only before a day or a month.
    The same length; `text` itself when nothing changes (most texts)."""
    pieces: List[str] = []
    pos = 0
    for m in _LOWER_MONTH_OR_DAY.finditer(text):
        start, end = m.span()
        word = m.group()
        if word in _WEEKDAY_WORDS:
            dates = _DATE_AFTER_WEEKDAY.match(text, end) is not None
        else:
            dates = word not in _WORD_MONTHS or (_DAY_BEFORE.search(text, max(0, start - 12), start) is not None
                                                 or _YEAR_AFTER.match(text, end) is not None)
        if dates:
            pieces += [text[pos:start], word.capitalize()]
            pos = end
    if not pieces:
        return text
    pieces.append(text[pos:])
    return "".join(pieces)


# The time of a timestamp after its date, as logs, e-mail headers and exports write it: "T09:31:04.123Z",
# " 09:31:04,123 +0200", ", 9:31:04 AM", " 09:31:04 UTC". Each part is bounded and optional once, so a
# match is read in one pass. Offsets: "Z", "+02:00", "+0200", "+02", after the time or one space.
CLOCK = r"(?:[01]?\d|2[0-3]):[0-5]\d(?::(?:[0-5]\d|60)(?:[.,]\d{1,9})?)?(?:\s?[AaPp](?:\.[Mm]\.|[Mm])(?!\w))?"
ZONE_NAMES = ("UTC", "GMT", "UT", "EST", "EDT", "CST", "CDT", "MST", "MDT", "PST", "PDT", "CET", "CEST", "EET",
              "EEST", "BST", "IST", "JST", "KST", "MSK", "AEST", "AEDT", "HST", "AKST", "AKDT")
ZONE = (r"(?:\s?(?:Z(?!\w)|[+\-\u2212](?:[01]\d|2[0-3])(?::?[0-5]\d)?(?![\d:]))|\s(?:"
        + "|".join(sorted(ZONE_NAMES, key=len, reverse=True)) + r")(?:[+-](?:[01]?\d|2[0-3])(?::?[0-5]\d)?)?(?![\w:]))")
AT_TIME = rf"(?:T|,?[ \t]{{1,2}}|[ \t]+at[ \t]+){CLOCK}{ZONE}?"
# a date, then its time when one follows, then the end of the whole ("\b" after the date alone, as before)
END_AT_TIME = rf"(?:{AT_TIME}(?!\w|[.,:]\d)|\b)"
# a note's 24-hour time without a colon right after its date ("9/2 2315", "11/03/2025 0600"); not the
# start of a range ("8/18 0700-1900", a shift), not a number with a unit ("10/3 1200 ML")
MILITARY_AFTER_DATE = (r"[ \t]{1,2}(?:[01]\d|2[0-3])[0-5]\d(?![\w:/%]|[.,]\d|[ \t]*[-\u2013][ \t]*\d"
                       r"|[ \t]*(?i:cc|ml|mls|mg|mcg|g|kg|l|units?|hrs?|hours?|mins?|minutes?)\b)")

# (regex source, score, group) — group is the part of the match that becomes the span.
# 7/22 (month/day, no year): needs a context word ("on 7/22", "since 12/3")
SHORT_DATE = [
    (rf"(?<![\w/.\-])(?:1[0-2]|0?[1-9])/{DAY}(?![\w/\-%]|[.,]\d)", 0.3, 0),
    # before the half of the day ("booked 12/12 AM slot"): a date, not a fraction; "AM" says no more of it
    (rf"(?<![\w/.\-])(?:1[0-2]|0?[1-9])/{DAY}(?=[ \t]?(?:[AaPp]\.[Mm]\.|[AaPp][Mm])(?!\w))", 0.6, 0),
    # day first, as British letters and notes write it ("seen on 21/11"): a day above 12 says which is which
    (r"(?<![\w/.\-])(?:1[3-9]|2\d|3[01])/(?:1[0-2]|0?[1-9])(?![\w/\-%]|[.,]\d)", 0.3, 0),
    # (appended: the indices of the patterns before stay) a day and a month before a clock time ("Police log
    # 26/11 22:14", "seen 3/12 09:30"): a date, not a fraction
    (r"(?<![\w/.\-])(?:[12]\d|3[01]|0?[1-9])/(?:1[0-2]|0?[1-9])(?=[ \t]+(?:[01]?\d|2[0-3])[:.][0-5]\d(?![\d:.]\d))", 0.6, 0),
    # a day and a month before a ward's shift ("NURSING HANDOVER 30/11 NIGHTS", "handover 14/12 earlies"): a date
    (r"(?<![\w/.\-])(?:1[3-9]|2\d|3[01])/(?:1[0-2]|0?[1-9])(?=[ \t]+(?i:nights|earlies|lates)\b)", 0.6, 0),
]
# Weekday and month names are written Title or UPPER here, so a match opens with a capital (or the digit
# of a day): "(?=[A-Z])" turns every other position down at once, before the long alternations.
WRITTEN_DATE_EN = [
    (rf"\b(?=[A-Z0-9])(?:{EN_WEEKDAY},?\s+)?{DAY}{ORD}(?:\s+of)?\s+{EN_MONTH},?\s+{YEAR4}{END_AT_TIME}", 0.85, 0),
    (rf"\b(?=[A-Z])(?:{EN_WEEKDAY},?\s+)?{EN_MONTH}\s+{DAY}{ORD},?\s+{YEAR4}{END_AT_TIME}", 0.85, 0),
    # syslog and ctime: "Jun 28 09:31:04", "Jun  8 09:31:04", "Fri Jun 28 09:31:04 UTC 2024"
    # and git's "Tue Mar 11 14:22:07 2025 +0530" (its zone after the year)
    (rf"\b(?=[A-Z])(?:{EN_WEEKDAY},?[ \t]+)?{EN_MONTH}[ \t]{{1,2}}{DAY}[ \t]+{CLOCK}{ZONE}?(?:[ \t]+{YEAR4}"
     r"(?:[ \t][+\-](?:[01]\d|2[0-3])[0-5]\d(?![\d:]))?)?(?!\w|[.,:]\d)", 0.85, 0),
    # the same typed or logged in lower case, with its seconds ("wed apr 2 09:15:44 2025 +0200"): the clock
    # makes it a time stamp
    (rf"\b(?=[A-Za-z])(?:(?i:{'|'.join(EN_WEEKDAYS + EN_WEEKDAY_ABBR)}),?[ \t]+)?(?i:{'|'.join(EN_MONTHS + EN_MONTH_ABBR)})"
     rf"[ \t]{{1,2}}{DAY}[ \t]+(?:[01]?\d|2[0-3]):[0-5]\d:[0-5]\d(?:[ \t]+{YEAR4}"
     r"(?:[ \t][+\-](?:[01]\d|2[0-3])[0-5]\d(?![\d:]))?)?(?!\w|[.,:]\d)", 0.85, 0),
    (rf"\b(?=[A-Z])(?:{EN_WEEKDAY},?\s+)?{EN_MONTH}\s+{DAY}{ORD}\b(?!\s*(?:[,:/.]\s*)?\d)", 0.6, 0),
    (rf"\b(?=[A-Z0-9])(?:{EN_WEEKDAY},?\s+)?{DAY}{ORD}(?:\s+of)?\s+{EN_MONTH_LAST}(?!\w)", 0.6, 0),
    (rf"\b(?=[A-Z]){EN_MONTH},?\s+{YEAR4}\b", 0.7, 0),
]
# Several days of one month, listed or as a range: "12, 13 and 14 August", "12-14 August 2024", "3rd, 4th and
# 5th March", "between 12 and 14 August", "March 3, 4 and 5, 2021", "May 12-14". The days before the last
# say when as much as the date that names the month; a list needs a conjunction or a dash ("May 3, 4
# people" is no list). Matches start at a digit or a capital, as the patterns above.
_DAY_JOIN = r"(?:,?[ \t]+(?:and|&|or|to|until|till|through|thru)[ \t]+(?:the[ \t]+)?|[ \t]?[-\u2013][ \t]?)"
_DAYS_BEFORE_MONTH = rf"\b(?=[0-9]){DAY}{ORD}(?:,[ \t]*{DAY}{ORD}){{0,6}}{_DAY_JOIN}{DAY}{ORD}(?:[ \t]+of)?[ \t]+"
_DAYS_THEN_MONTH = _DAYS_BEFORE_MONTH + EN_MONTH
_MONTH_THEN_DAYS = rf"\b(?=[A-Z]){EN_MONTH}[ \t]+{DAY}{ORD}(?:,[ \t]*{DAY}{ORD}){{0,6}}{_DAY_JOIN}{DAY}{ORD}"
_WEEKDAY_DAYS = (rf"\b(?=[A-Z]){EN_WEEKDAY},?[ \t]+{DAY}{ORD}{_DAY_JOIN}{EN_WEEKDAY},?[ \t]+{DAY}{ORD}"
                 rf"(?:[ \t]+of)?[ \t]+")
DAY_LIST_EN = [  # scored as the one-day forms above: with a year 0.85, without 0.6 ("3 and 4 may be")
    (rf"{_DAYS_THEN_MONTH},?[ \t]+{YEAR4}(?!\w)", 0.85, 0),
    (rf"{_DAYS_BEFORE_MONTH}{EN_MONTH_LAST}(?!\w)", 0.6, 0),
    (rf"{_MONTH_THEN_DAYS},?[ \t]+{YEAR4}(?![\w]|[,:/.][ \t]?\d)", 0.85, 0),
    (rf"{_MONTH_THEN_DAYS}(?![\w]|[,:/.][ \t]?\d)", 0.6, 0),
    # a range of days named with their weekdays: "Mon 9 – Wed 11 March", "Fri 3 to Sun 5 May 2024"
    (rf"{_WEEKDAY_DAYS}{EN_MONTH_LAST}(?:,?[ \t]+{YEAR4})?(?!\w)", 0.7, 0),
]
# a numeric date with spaces around its slashes, as forms typed or scanned print it ("09 / 04 / 1979")
SPACED_DATE = [(r"(?<![\w/])(?:(?:0?[1-9]|[12]\d|3[01])[ \t]/[ \t](?:0?[1-9]|1[0-2])|(?:0?[1-9]|1[0-2])[ \t]/[ \t]"
                r"(?:[12]\d|3[01]))[ \t]/[ \t](?:19|20)\d{2}(?![\w/])", 0.85, 0)]
WRITTEN_DATE_ES_PT = [
    # "12 de marzo de 2019", "5 de janeiro de 2020", "1 de enero del 2020", "12 de marzo"
    (rf"\b{DAY}(?:º|°|\.º)?\s+de\s+{ES_PT_MONTH}(?:,?\s+(?:de|del)\s+{YEAR4})?(?!\w)", 0.85, 0),
    (rf"\b{ES_PT_MONTH}\s+(?:(?:de|del)\s+)?{YEAR4}\b", 0.7, 0),
    (rf"\b{DAY}[-/]{ES_PT_MONTH}[-/]{YEAR4}\b", 0.85, 0),
]
# "5-May-2021", "22-nov-1972", "05-Sep-21", "May-2021": month names between dashes, in any case (forms,
# logs and spreadsheets write them so)
_DASH_MONTH = ("(?i:" + "|".join(sorted(EN_MONTHS + EN_MONTH_ABBR, key=len, reverse=True)) + ")")
DASHED_MONTH_DATE = [
    (rf"(?<![\w/.\-]){DAY}-{_DASH_MONTH}-(?:{YEAR4}|\d\d)(?:{AT_TIME})?(?![\w\-]|[./]\d)", 0.85, 0),
    (rf"(?<![\w/.\-])(?=[A-Za-z]{{3,9}}-\d){_DASH_MONTH}-{YEAR4}(?![\w\-]|[./]\d)", 0.7, 0),
    # the access logs of Apache and nginx (common log format): "28/Jun/2024:09:31:04 +0000"
    (rf"(?<![\w/.\-]){DAY}/{_DASH_MONTH}/{YEAR4}(?::(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:[.,]\d{{1,9}})?"
     r"(?:[ \t]?[+\-](?:[01]\d|2[0-3])[0-5]\d(?!\d))?)?(?![\w/\-:]|[.,]\d)", 0.9, 0),
]
NUMERIC_DATE = [
    # 2004-03-03, 2024-06-28T09:31:04.123Z, 2024-06-28 09:31:04,123 +0200 (ISO 8601, RFC 3339, log4j)
    (rf"\b{YEAR4}-(?:1[0-2]|0?[1-9])-{DAY}(?:{AT_TIME})?(?![\w-]|[.,:]\d)", 0.9, 0),
    # 2004/03/03, 2024/06/28 09:31:04 (nginx's error log, Go's log package)
    (rf"\b{YEAR4}/(?:1[0-2]|0?[1-9])/{DAY}{END_AT_TIME}", 0.85, 0),
    # 20240628T093104Z (ISO 8601's basic format: the "T" makes it a timestamp, not a number)
    (rf"(?<![\w+\-.]){YEAR4}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3])[0-5]\d(?:[0-5]\d(?:[.,]\d{{1,9}})?)?"
     r"(?:Z|[+\-](?:[01]\d|2[0-3])(?:[0-5]\d)?)?(?![\w+\-]|[.,]\d)", 0.9, 0),
    # 03/04/2004, 3.4.2004, 03-04-2004, 3/4/04, 28/06/2024 09:31:04 (validator checks day/month); a word may
    # follow after a dash ("8/31/98-PT ADMITTED"), a number may not ("03-04-2004-5")
    (rf"(?<![\w/.\-]){DAY}([/.\-]){DAY}\1(?:{YEAR4}|\d\d)(?:{AT_TIME}|{MILITARY_AFTER_DATE})?(?![\w/%]|-[\d/\-]|\.\d)",
     0.75, 0),
    # 9/2 2315 (a month/day and a note's 24-hour time: no fraction or setting has a clock time after it)
    (rf"(?<![\w/.\-])(?:1[0-2]|0?[1-9])/{DAY}{MILITARY_AFTER_DATE}", 0.7, 0),
    # 03/2004 (years up to 2039, so titres like 1/2048 stay out)
    (r"(?<![\w/.\-])(?:1[0-2]|0?[1-9])/(?:1[6-9]\d\d|20[0-3]\d)(?![\w/\-%]|\.\d)", 0.55, 0),
]
TIME = [
    (r"(?<![\w:.])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s*(?:[AaPp](?:\.[Mm]\.|[Mm]))(?!\w)|[ \t](?i:hrs)(?!\w))?"
     r"(?![\w:]|\.\d)", 0.6, 0),  # "23:40 hrs" with its unit, as reports write it
    (r"(?<![\w:.])(?:[01]?\d|2[0-3])[hH][0-5]\d(?:min)?\b", 0.6, 0),
    (r"(?<![\w:./])(?:1[0-2]|0?[1-9])\s*(?:[AaPp]\.[Mm]\.|[AaPp][Mm])(?!\w)", 0.6, 0),  # not the "12 AM" of "12/12 AM"
    # British style "6.00 a.m.", "10.30 pm" (the dot form needs the am/pm, else it is a decimal)
    (r"(?<![\w:.])(?:1[0-2]|0?[1-9])\.[0-5]\d\s*(?:[AaPp]\.[Mm]\.|[AaPp][Mm])(?!\w)", 0.6, 0),
    # a 24-hour time as logs and services write it, with its unit: "0214 HRS", "1930 hours"
    (r"(?<![\w:./])(?:[01]\d|2[0-3])[0-5]\d[ \t]?(?i:hrs|hours)\b(?![ \t]+of\b)", 0.6, 0),
]
YEAR_PREPOSITIONS = (
    "in", "since", "during", "until", "till", "from", "before", "after", "of", "by", "circa", "c.", "between",
    "entre", "en", "desde", "hasta", "durante", "del", "em", "ano", "año", "at\u00e9", "antes", "despu\u00e9s", "depois",
)
YEAR_IN_CONTEXT = [
    (r"(?=[A-Za-z])(?i:\b(?:" + "|".join(p.replace(".", r"\.") for p in YEAR_PREPOSITIONS) + r"))\s+(?:the\s+year\s+)?"
     rf"({YEAR4})(?![\w/\-]|[.,]\d)", 0.6, 1),
    (r"\b((?:1[5-9]|20)\d0)'?[sS]\b", 0.6, 0),
    # the second year of "in 1993 and 1994", "entre 2001 y 2003"
    (rf"(?<![\w/.\-]){YEAR4}\s*(?:,|and|or|to|y|e|o|ou|a|-|–)\s*({YEAR4})(?![\w/\-%]|[.,]\d)", 0.6, 1),
    # the first year of a period of someone's life: "2018 - 2021", "2014–2017", "2021 - present" (a CV's
    # lines, a tenancy); the second year is the pattern above
    (rf"(?<![\w/.\-$€£]){YEAR4}(?=[ \t]{{0,2}}[-–—][ \t]{{0,2}}(?:{YEAR4}(?![\w/\-%]|[.,]\d)|(?i:present|now|date|current|today)\b))",
     0.6, 0),
    # bare year: needs context (born, founded, year, ...)
    (rf"(?<![\w/.\-$€£]){YEAR4}(?![\w/\-%]|[.,]\d)", 0.3, 0),
    # a year alone in brackets dates what comes before it: a CV's degree or post ("MBBS, Coromandel Medical
    # College (2011)"); not a citation ("et al. (2019)") nor a clock time ("(1850)")
    (r"(?<!al\. \()(?<=\()(?:19\d\d|20[0-3]\d)(?=\))", 0.6, 0),
]

# Dates written in words, as people tell a date of birth: "on the fourteenth of March", "March the
# fourteenth", "the 3rd of May, nineteen ninety", "nineteen eighty-five", "spring of '85", "in '85".
_ONES = "one|two|three|four|five|six|seven|eight|nine"
_TEENS = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_ORD_ONES = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth"
ORDINAL_DAY_WORD = (rf"(?i:(?:twenty[-\s](?:{_ORD_ONES})|thirty[-\s]first|twentieth|thirtieth|tenth|eleventh|"
                    rf"twelfth|(?:thir|four|fif|six|seven|eigh|nine)teenth|{_ORD_ONES}))")
SPELLED_DAY = rf"(?:{DAY}(?:st|nd|rd|th)|{ORDINAL_DAY_WORD})"
# 1800-2099 in words: "nineteen eighty-five", "eighteen ninety", "nineteen oh five", "twenty twenty-one",
# "two thousand and three" (not "twenty one", a number)
_TWO_DIGITS = rf"(?:(?:{_TENS})(?:[-\s](?:{_ONES}))?|{_TEENS}|o(?:h)?[-\s](?:{_ONES}))"
YEAR_WORDS = (rf"(?i:(?:eighteen|nineteen)[-\s]{_TWO_DIGITS}|twenty[-\s](?:(?:{_TENS})(?:[-\s](?:{_ONES}))?|{_TEENS}"
              rf"|o(?:h)?[-\s](?:{_ONES}))|two\s+thousand(?:\s+and)?(?:[-\s](?:(?:{_TENS})(?:[-\s](?:{_ONES}))?|"
              rf"{_TEENS}|{_ONES}))?)(?![-\w])")
SHORT_YEAR = r"['’](?:[0-9]\d)(?![\w'’%])"  # '85
_ANY_YEAR = rf"(?:{YEAR4}\b|{YEAR_WORDS}|{SHORT_YEAR})"
_SEASON = "(?i:spring|summer|autumn|fall|winter)"
# a count, not a year, follows: "nineteen eighty-five people", "two thousand and three euros"
_NOT_A_YEAR_AFTER = r"(?!\s+(?:years?|people|persons|times|euros?|dollars?|pounds?|kronor|percent|per\b))"
SPELLED_DATE_EN = [
    # "fourteenth of March", "3rd of May, nineteen ninety", "first of June '85"
    (rf"(?=[0-9A-Za-z])\b{SPELLED_DAY}\s+of\s+(?:{EN_MONTH},?\s+(?:in\s+)?{_ANY_YEAR}|{EN_MONTH_LAST})(?!\w)", 0.8, 0),
    # "March the fourteenth", "March fourteenth, nineteen eighty-five", "May the 3rd"
    (rf"(?=[A-Za-z])\b{EN_MONTH}\s+(?:the\s+{SPELLED_DAY}|{ORDINAL_DAY_WORD})(?:,?\s+{_ANY_YEAR})?(?!\w)", 0.8, 0),
    # "March nineteen eighty-five", "May '85"
    (rf"(?=[A-Za-z])\b{EN_MONTH},?\s+(?:{YEAR_WORDS}|{SHORT_YEAR}){_NOT_A_YEAR_AFTER}", 0.75, 0),
    # "spring of '85", "the summer of nineteen ninety", "winter of 1985"
    (rf"(?=[A-Za-z])\b{_SEASON}\s+(?:of\s+)?{_ANY_YEAR}{_NOT_A_YEAR_AFTER}", 0.75, 0),
    # a year in words after a preposition or "born": "born in nineteen eighty-five", "since two thousand and three"
    (r"(?=[A-Za-z])(?i:\b(?:in|since|until|till|from|before|after|of|by|born|circa|year))\s+"
     rf"({YEAR_WORDS}){_NOT_A_YEAR_AFTER}", 0.7, 1),
    # "nineteen eighty-five" anywhere else (not "two thousand": a count more often than a year)
    (rf"(?=[A-Za-z])\b((?i:eighteen|nineteen)[-\s]{_TWO_DIGITS}(?![-\w])){_NOT_A_YEAR_AFTER}", 0.55, 1),
    # '85 after a preposition: "in '85", "class of '85"
    (rf"(?=[A-Za-z])(?i:\b(?:in|since|until|till|from|before|after|of|by|circa|c\.))\s+({SHORT_YEAR})", 0.65, 1),
]
# What every match of some of them contains and few texts do, found fast by `re` (it opens with a literal
# or a class of a few letters, `scanning.register_needs`), while their opening words are almost anywhere:
# "of" before a month, a year in words (its first letter in either case: no other character folds to
# e, n or t), "'85". Pattern source -> needs.
SPELLED_DATE_NEEDS = {
    SPELLED_DATE_EN[0][0]: rf"of\s+{EN_MONTH}",
    SPELLED_DATE_EN[4][0]: r"[EeNnTt](?i:ighteen|ineteen|wenty|wo\s+thousand)",
    SPELLED_DATE_EN[6][0]: r"['’]\d",
}


# Clinical shorthand (nursing notes): dates a judgment would not write this way, so the recognizer using
# them is opt-in. (regex source, score, group). "(?=[A-Za-z])\b" before a word alternation tries it only
# at the start of a word, not also at the end of the one before.
_M = r"(?:1[0-2]|0?[1-9])"
_MD = rf"{_M}/{DAY}"
_EN_MONTH_ANY_CASE = ("(?i:" + "|".join(sorted(EN_MONTHS + EN_MONTH_ABBR, key=len, reverse=True)) + r")\.?")
HISTORY_EVENTS = (
    "mi", "ami", "imi", "nqwmi", "qwmi", "nstemi", "stemi", "cabg", "cva", "tia", "ptca", "pci", "avr", "mvr",
    "ppm", "aicd", "icd", "stent", "stents", "dvt",
    "chole", "cholecystectomy", "appy", "appendectomy", "turp", "thr", "tkr", "hysterectomy", "mastectomy",
    "lobectomy", "resection", "fx", "fracture", "surgery", "bypass", "stroke", "pacemaker",
)
_EVENT = "(?i:" + "|".join(sorted(HISTORY_EVENTS, key=len, reverse=True)) + ")"
CLINICAL_DATE_EN = [
    # ranges "6/30-7/2", "10/15-10/16", "1->2", "10/03/10/04" (two month/days back to back)
    (rf"(?<![\w/.]){_MD}(?:\s*-\s*|\s*->\s*|/){_MD}(?![\w/%]|\.\d)", 0.7, 0),
    # month/two-digit year of the 1970s-90s in a history: "fx 5/97", "fx4/97", "UTI 6/85"
    # (a word may follow after a dash: "AMI 7/81-ECHO", not a number: "7/81-85")
    (rf"(?<![\d/.\-]){_M}/[789]\d(?![\w/%]|-[\d/]|\.\d)", 0.6, 0),
    # whole numeric dates glued to a word or a dash, or with a dot before the year: "-9/2/92", "on10/14/82",
    # "11/21.93"
    (rf"(?<![\d/.]){_MD}[/.](?:{YEAR4}|\d\d)(?![\d/%]|\.\d)", 0.7, 0),
    # the year of an event of the medical history: "MI 92,", "CABG 81", "CVA in 94 and 00", "resection 1977"
    (rf"(?=[A-Za-z])\b{_EVENT}\s+(?:in\s+)?'?([5-9]\d|0\d)(?=\s*(?:[,.;:)']|and\b|$))", 0.6, 1),
    (rf"(?=[A-Za-z])\b{_EVENT}\s+(?:in\s+)?({YEAR4})\b(?![/\-%]|[.,]\d)", 0.6, 1),
    (rf"(?=[A-Za-z])\b{_EVENT}\s+(?:in\s+)?'?(?:[5-9]\d|0\d|{YEAR4})\s+and\s+'?((?:[5-9]\d|0\d)|{YEAR4})\b", 0.6, 1),
    # two-digit year before an apostrophe that ends the item: "CVA 74'." (not "60' of tubing", "HR 70-80'")
    (r"(?<![\w'\-])([4-9]\d|0\d)'(?=\s*(?:[.,;)]|$))", 0.6, 1),
    # month names in any case with a day and a year: "may 16, 2015", "2 nov, 96"
    (rf"(?=[A-Za-z])\b{_EN_MONTH_ANY_CASE}\s+{DAY}{ORD},?\s+(?:{YEAR4}|'?\d\d)\b", 0.7, 0),
    (rf"\b(?:{DAY}\s*-+>?\s*)?{DAY}{ORD}\s+{_EN_MONTH_ANY_CASE},?\s+(?:{YEAR4}|'?\d\d)\b", 0.7, 0),
    (rf"(?=[A-Za-z])\b{_EN_MONTH_ANY_CASE},?\s+{YEAR4}\b", 0.7, 0),
    # an ordinal day on its own: "it's the 11th.", "drawn on the 11th"
    (rf"(?<=\b[Tt]he ){DAY}(?:st|nd|rd|th)(?=\s*[.,;!?\"]|\s*$)", 0.6, 0),
    (rf"(?<=\b[Oo]n the ){DAY}(?:st|nd|rd|th)\b(?!\s+(?:of|day|time|floor|week|month|dose|ventricle)\b)", 0.6, 0),
]

# a bare month/day in a note ("plan for 10/3.", "culture 8/16"): a date unless it sits among ventilator
# settings, pressures, lines or scores, or carries a unit (`rules.clinical_month_day`)
MONTH_DAY = rf"(?<![\w/.\-])({_M})/({DAY})(?![\w/%]|[.,]\d|-\d)"
# a month/day glued to the word before it, or to a full stop after a word: "ON8/18", "SINCE8/3",
# "QUARTERMAIN.8/31", "quartermain.8/31/98" (typed without a space); a letter and a letter or a dot before
# it, so "L5/6", "C5/6" (one letter) and "3.8/31" (a number) stay out. Group 1: the word, 2: month, 3: day.
GLUED_MONTH_DAY = (rf"(?<![A-Za-z])([A-Za-z]{{2,}})\.?({_M})/({DAY})(?:/(?:{YEAR4}|\d\d))?"
                   r"(?![\w/%]|[.,]\d|-\d)")
# words a glued month/day may follow: where a date is told ("ON8/18"), or the end of a sentence
GLUED_DATE_WORDS = ("on", "since", "from", "to", "until", "till", "by", "after", "before", "of", "at", "in",
                    "for", "dated", "date", "started", "admitted", "adm", "readmitted", "transferred")
# a clock time after a month/day ("10/17 0500", "8/18 @ 1400"): a date, whatever words are near it
CLOCK_AFTER = r"^[ \t]*(?:@|at)?[ \t]*(?:[01]\d|2[0-3])[0-5]\d(?![\w/.%]|\s*(?i:cc|ml|mg|mcg|units?)\b)"
# "R AC", "LEFT AC": the antecubital vein, not the ventilator's AC mode ("PICC PLACED IN R AC 11/17")
SIDE_AC = r"(?i)\b(?:r|l|rt|lt|right|left|bilat)\.?[ \t]+ac\b"
NOT_DATE_WORDS = (
    "bp", "b/p", "sbp", "dbp", "nbp", "abp", "peep", "ps", "psv", "ips", "pap", "paps", "cpap", "bipap", "vent",
    "vented", "ventilation", "ac", "simv", "imv", "cvp", "pcwp", "perrla", "perl", "strength", "tab", "tabs",
    "mg", "map", "maps", "fio2", "tv", "settings", "mode", "flowby", "pressure", "pressures", "sat", "sats",
    "score", "grade", "murmur", "gcs", "pupil", "pupils", "co/ci",
)
UNITS_AFTER = ("bl", "blood", "liter", "liters", "l", "lpm", "mg", "ml", "cc", "mcg", "unit", "units", "u", "x",
               "mmhg", "cm", "mm", "of")
# n/10 next to one of these is a pain score ("8/10 CP", "c/o HA 7/10")
PAIN_WORDS = PAIN_CONTEXT  # spacy_anon.lexicon.clinical
# fractions written like a month/day ("1/2 tab", "3/4 of the dose", "1/3-1/2")
FRACTIONS = ((1, 2), (1, 3), (1, 4), (2, 3), (3, 4), (1, 8))

# "\s*:?\s*" would try every split of a long run of spaces when the colon is missing: "(?:\s*:)?\s*" reads
# the run once (also in the lookahead of `WRITTEN_DATE_EN`).
_KIN = ("son|daughter|mum|mom|mother|dad|father|gran|granny|grandma|grandmother|grandad|grandpa|grandfather|nan|nana|"
        "brother|sister|wife|husband|partner|boy|girl|baby|kid|child|aunt|uncle|niece|nephew|cousin")
AGE_EN = [
    (r"\b(\d{1,3})(?:\s*[-\u2010\u2011]\s*|\s+)(?:years?|yrs?|y)(?:\s*[-\u2010\u2011]\s*|\s+)old\b", 0.85, 1),
    (r"\b(\d{1,3})\s+years\s+of\s+age\b", 0.85, 1),
    # "54 yo", "54 YO F", "54 Y/O" (notes in capitals write the same abbreviation)
    (r"\b(\d{1,3})\s*(?i:y/o|yoa|yo|y\.o\.a\.|y\.o\.)(?!\w)", 0.8, 1),
    # "aged 42", "AGE: 81", "your age (47)"
    (r"\b(?:aged|age|Aged|Age|AGED|AGE)(?:\s+of)?(?:\s*[:(])?\s*(\d{1,3})\b(?!\s*(?:%|percent|years?\s+ago))", 0.75,
     1),
    # a date of birth and the age after it: "05/06/1949 (76 years)", "5 June 1949 (76)"
    (rf"\b(?:{DAY}[/.\-]{DAY}[/.\-]|{DAY}\s+{EN_MONTH},?\s+)(?:1[89]|20)\d\d[ \t]*\([ \t]*(\d{{1,3}})"
     r"(?:[ \t]*(?:years?|yrs?|y)(?:[ \t]+old)?)?[ \t]*\)", 0.8, 1),
    (r"\b(?:turned|turns|turning)\s+(\d{1,3})\b(?!\s*(?:%|\w))", 0.6, 1),
]
# an age said with a copula: "she's 91 and still drives", "I am 34.", "my son is 7 and": the number ends the
# clause (not "she's 5 minutes late", "it is 5 pm")
AGE_SPOKEN_EN = [
    (r"(?i:\b(?:i[’']m|i\s+am|i\s+was|(?:he|she)(?:[’']s|\s+is|\s+was)|they\s+(?:are|were)|(?:my|his|her|our|their|your)"
     rf"\s+(?:{_KIN})(?:[’']s|\s+is|\s+was))\s+)(\d{{1,3}})(?=[ \t]*(?:[.,;:!?)\n]|$|(?i:and|but|now|when|today|"
     r"this|next|last|lol)\b))", 0.6, 1),
]
# A birthday said by its ordinal: "for his 40th", "her 18th birthday", "my 21st on Saturday" (scored to stay
# an age after "for", the negative context of durations: "for 40 days")
AGE_ORDINAL_EN = [
    (r"(?i:\b(?:my|his|her|our|their|your)\s+)(\d{1,3})(?:st|nd|rd|th)\b(?=[ \t]*(?:[.,;:!?)\n]|$|(?i:birthday|bday|"
     r"party|on|at|in|next|this|last|lol|and|celebrations?)\b)|[ \t]*[^\w\s])", 0.85, 1),
    (r"\b(\d{1,3})(?:st|nd|rd|th)[ \t]+(?i:birthday|bday)\b", 0.85, 1),
    # a relative's, said by kin ("for his gran's 80th", "my mum's 60th next week")
    (r"(?i:\b(?:my|his|her|our|their|your)\s+(?:mum|mom|mam|mother|dad|father|gran|grandma|grandmother|grandad|"
     r"granddad|grandpa|grandfather|nan|nana|nanna|nanny|granny|sister|brother|son|daughter|wife|husband|aunt|auntie|"
     r"aunty|uncle|cousin|niece|nephew|partner|boyfriend|girlfriend|bf|gf|friend|bestie)['’]s\s+)"
     r"(\d{1,3})(?:st|nd|rd|th)\b(?=[ \t]*(?:[.,;:!?)\n]|$|(?i:birthday|bday|party|on|at|in|next|this|last|do|"
     r"and|celebrations?)\b))", 0.85, 1),
]
# A clinical note's age and sex in one word: "58F with a hx of", "72M presenting with", "Pt: 45 F," where a
# note opens a line, a field, a sentence or a dash's part on the patient ("triage 03:14 - 19M brought in"; not
# "Ward 5F" or "2M euros")
_AGE_SEX_BEFORE = "(?:" + "|".join([r"(?<![^\n])", r"(?<=[:(])", r"(?<=[:(.!?] )", r"(?<= [-–] )"] + [
    rf"(?<=\b{w} )" for w in ("a", "an", "A", "An", "pt", "Pt", "PT", "patient", "Patient", "PATIENT", "this", "This",
                              "THIS")]) + ")"
# who a post's bracketed age and sex belongs to: "I", "me", a kin or other person word, then "(" or "["
_AGE_SEX_PERSON_WORDS = ("I", "me", "Me", "myself", "he", "He", "she", "She", "husband", "wife", "boyfriend",
                         "girlfriend", "partner", "fiance", "fiancé", "fiancee", "friend", "bf", "gf", "son",
                         "daughter", "brother", "sister", "mum", "mom", "dad", "mother", "father", "cousin", "aunt",
                         "uncle", "niece", "nephew", "roommate", "flatmate", "housemate", "coworker", "colleague",
                         "boss", "ex", "neighbour", "neighbor", "landlord", "landlady", "SIL", "BIL", "MIL", "FIL")
_AGE_SEX_PERSON = "(?:" + "|".join(rf"(?<=\b{w} [(\[])" for w in _AGE_SEX_PERSON_WORDS) + ")"
# and a post title's "My (34F) ex (36M)": the age with its sex after "my"
_AGE_SEX_OWNER = "(?:" + "|".join(rf"(?<=\b{w} [(\[])" for w in _AGE_SEX_PERSON_WORDS + ("My", "my")) + ")"
AGE_SEX_EN = [
    (_AGE_SEX_BEFORE + r"(\d{1,3})[ \t]?[MF](?![\w/])(?=[ \t]*(?:[,;.(\n]|$)|[ \t]+(?i:with|w/|presenting|presents|"
     r"presented|admitted|who|c/o|pmh|hx|h/o|s/p|referred|seen|brought|known|complaining|attending)\b)", 0.7, 1),
    # the same read in a line of capitals, which truecasing lowers ("- 19M BROUGHT IN" read "- 19m brought in"):
    # a lower-case letter only before a note's verb of arrival or history (not "5m with a rope")
    (_AGE_SEX_BEFORE + r"(\d{1,3})[ \t]?[mf](?![\w/])(?=[ \t]+(?i:presenting|presents|presented|admitted|c/o|pmh|hx|"
     r"h/o|s/p|referred|brought|complaining|attending)\b)", 0.7, 1),
    # a post's "My husband (31M) and I (29F)", "my sister [24 f]": age and sex in brackets after the person
    (_AGE_SEX_OWNER + r"(\d{1,2})[ \t]?/?[ \t]?[MFmf](?=[)\]])", 0.7, 1),
    # and the sex first ("I (f34) need advice about my husband (m35)")
    (_AGE_SEX_OWNER + r"[MFmf][ \t]?(\d{1,2})(?=[)\]])", 0.7, 1),
    # a profile's age, sex and place ("34/F/London here", "asl? 19/m/leeds")
    (r"(?<![\w/])(\d{2})/[MFmf]/(?=[A-Za-z])", 0.7, 1),
    # and the age alone in brackets after a person word ("my boyfriend (19) keeps checking my phone")
    (_AGE_SEX_PERSON + r"(\d{1,2})(?=[)\]])", 0.7, 1),
    # the same after a name in quotes or a post's title ('My SIL "Becca" (32F)', "AITA for ...? (28F)"):
    # two digits and the sex alone in the brackets
    (r"(?<=[\"”’?!] [(\[])(\d{2})[ \t]?[MFmf](?=[)\]])", 0.7, 1),
    # a sex's letter and the age in brackets, either way round ("donor D-117 (F, 52)", "(52, M)")
    (r"(?<=\()[ \t]?[MF][ \t]?,[ \t]?(\d{1,3})[ \t]?(?=\))", 0.7, 1),
    (r"(?<=\()[ \t]?(\d{1,3})[ \t]?,[ \t]?[MF][ \t]?(?=\))", 0.7, 1),
    # a report's sex word and the age after a comma ("Pt: Male, 67, found collapsed", "Female, 45.")
    (r"\b(?:[Mm]ale|[Ff]emale|MALE|FEMALE)[ \t]*,[ \t]*(?:(?i:approx|approximately|about|around|aged|c)\.?[ \t]+)?"
     r"(\d{1,3})(?=[ \t]*(?:[,;.)\n]|$))", 0.7, 1),  # and "Victim: male, approx 25,"
]
# "She was 57 at the date of dismissal", "I'm 34 and", "the claimant was 61.": a person's age said with "to
# be", before a word that goes on about a time or the sentence's end (not "he was 5 minutes late")
AGE_SUBJECT_EN = [
    (r"\b(?:[Ss]he|[Hh]e|I|[Tt]he[ \t]+(?:claimant|applicant|appellant|patient|victim|deceased|child|boy|girl|man|"
     r"woman|mother|father|tenant|employee))[ \t]+(?:was|is|am|turned|turns)[ \t]+(?:only[ \t]+|just[ \t]+|now[ \t]+)?"
     r"(\d{1,2})(?=[ \t]+(?:at|when|on|in|and|but|years?)\b|[ \t]*[,.;!?)]|[ \t]*$)", 0.7, 1),
    (r"\b(?:I['’]m|[Ss]he['’]s|[Hh]e['’]s)[ \t]+(?:only[ \t]+|just[ \t]+|now[ \t]+)?(\d{1,2})"
     r"(?=[ \t]+(?:and|but|years?|yo)\b|[ \t]*[,.;!?)]|[ \t]*$)", 0.7, 1),
    # a birthday by its ordinal after a person's name in the possessive ("Nana Bernadette's 90th at the Royal
    # Oak"; not "Chelsea's 90th minute")
    (r"\b[A-Z][a-z]+['’]s[ \t]+(\d{2,3})(?:st|nd|rd|th)\b(?=[ \t]*(?:[.,;:!?)\n]|$|(?i:birthday|bday|party|at|on|in|"
     r"celebrations?|do|bash|was|is|went|will)\b)|[ \t]*[^\w\s])", 0.7, 1),  # and "Gran's 80th was amazing"
]
AGE_INFANT = [
    # "15 meses de edad", "19 días de vida", "3 months old", "10-day-old"
    (r"\b\d{1,2}\s+(?:meses|mes|días|dias|semanas)\s+de\s+(?:edad|vida|idade)\b", 0.8, 0),
    (r"\b(\d{1,2})(?:\s*-\s*|\s+)(?:months?|weeks?|days?)(?:\s*-\s*|\s+)old\b", 0.8, 1),
]
AGE_ES_PT = [
    # MEDDOCAN convention: the number with its unit ("70 años")
    (r"\b\d{1,3}\s+(?:años|anos|a\u00f1os\s+de\s+edad|anos\s+de\s+idade)\b", 0.75, 0),
    (r"\b(?:edad|idade|Edad|Idade|EDAD|IDADE)(?:\s*:)?\s*(\d{1,3})\b", 0.75, 1),
]

# Dates written year first, appended to `rules.date`'s patterns after the others (their indices stay)
YEAR_FIRST_DATE = [
    # 2026.11.30 (the dotted year-first date of Asian and Hungarian forms)
    (rf"(?<![\w/.\-]){YEAR4}\.(?:1[0-2]|0[1-9])\.(?:0[1-9]|[12]\d|3[01])(?![\w/\-]|\.\d)", 0.85, 0),
    # 1961-02, ISO's year and month ("Born 1961-02"); months 01-09 only, and not the next year's two digits
    # (`_date_valid`): "2011-12" and "2007-08" are seasons
    (r"(?<![\w/.\-])(?:1[89]\d\d|20[0-3]\d)-0[1-9](?![\w/\-]|[.,]\d)", 0.7, 0),
]
