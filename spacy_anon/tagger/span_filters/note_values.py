"""Values of a clinical note by their shape: an identifier's number, a clock time, a date. Pure functions of
the text for the `clinical_notes` and `clinical_content` span filters, which keep a number or a date span
only when its shape says it identifies ("410-322-1419", "8/18"), not a dose, a setting or a score."""
import re
from typing import Sequence, Tuple

# a year of the note's history, no dose or volume ("1992"; not "2000 cc")
YEAR = re.compile(r"(?<![\w/.\-])(?:19[3-9]\d|20[0-3]\d)(?![\w/%\-]|\.\d|\s*(?:mg|ml|cc|mcg|units?|kcal|cal|g)\b)")
# what a four-digit number read as a clock time follows ("AT 2000", "@ 1930", "1900-2100")
CLOCK_BEFORE = re.compile(r"(?i)(?:\bat|@|\bby|\buntil|\btill?|\bfrom|\bto|-)\s*\Z")
DATE_WORDS = re.compile(
    r"(?i)\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|"
    r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b")


def identifier_number(text: str) -> bool:
    """Numbers shaped like a phone, record or account number: five digits or more in a run, or a
    phone's groups ("410-322-1419"); no vital sign, dose or score has them."""
    return re.search(r"\d{5}|\d{3}\)?[-. /]{1,2}\d{3}[-. /]\d{4}", text) is not None


def clock_time(text: str, start: int) -> bool:
    """A four-digit number at `start` read as a clock time: after "at", "@", "by", "until", "from",
    "to" or a dash ("AT 2000", "@ 1930", "1900-2100")."""
    return CLOCK_BEFORE.search(text, max(0, start - 8), start) is not None


def date_shaped(text: str, start: int, end: int, rule_dates: Sequence[Tuple[int, int]]) -> bool:
    """A date by its shape: a month name, a year (no clock time, no volume: "AT 2000", "2000 cc") or a
    date the note's date rules find there ("8/18", not "5/5" strength, "10/5" vent settings or "3/10"
    pain). A weekday alone is no date of the note's patient ("PLAN FOR MONDAY"; "SAT" is a saturation)."""
    if DATE_WORDS.search(text, start, end):
        return True
    if any(not clock_time(text, m.start()) for m in YEAR.finditer(text, start, end)):
        return True
    return any(s < end and start < e for s, e in rule_dates)
