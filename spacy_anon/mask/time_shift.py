"""Times of day and weekdays moved by one shift per replacement memory, so that their order and the
intervals between them hold ("09:14, 09:15, 09:16" once became "09:53, 13:22, 23:41": each time was drawn
on its own). A time moves by the memory's `time_shift` minutes, also beside a date: past midnight it
wraps around the clock (a date written with it is not changed), so intervals hold modulo a day and
nothing ever stops at a bound that could reveal the original. A weekday named alone ("on Monday") moves with the
date shift, so weekday order and the weekdays of shifted dates agree.
"""
import random
import re
from typing import Optional

from spacy_anon.generalize.coarsen import WEEKDAYS

MAX_TIME_SHIFT = 180  # minutes
MIN_TIME_SHIFT = 15
_DAY = 24 * 60
# "09:14", "9.14", "21h30", "9:14 am", "9:14 p.m."; seconds kept as written
# ("12.03" of the date "12.03.2021" is no time)
# A timestamp's time counts too: "2024-06-28T09:31:04.123Z" (after a date and "T", a fraction and "Z"
# after it), "28/Jun/2024:09:31:04" (after a year and ":"); a UTC offset ("+02:00", "-05:00" after a time
# with seconds) is none, and "9:00-10:00" stays a range, left as written.
TIME_RE = re.compile(r"(?:(?<![\w.:/+\-\u2212])|(?<=\dT)|(?<=[12]\d{3}:))"
                     r"(?P<h>[01]?\d|2[0-3])(?P<sep>[:h.])(?P<m>[0-5]\d)(?P<s>:[0-5]\d(?:[.,]\d{1,9}(?!\d))?)?"
                     r"(?:(?P<sp>\s?)(?P<ampm>[aApP]\.?[mM]\.?)(?!\w))?"
                     r"(?!(?!Z(?!\w))\w|[.:/]\d|-(?(s)(?!(?:[01]\d|2[0-3]):?[0-5]\d(?![\d:])))\d)")
_WEEKDAY_RE = re.compile(r"(?<!\w)(" + "|".join(sorted({w for ws in WEEKDAYS.values() for w in ws}, key=len,
                                                        reverse=True)) + r")(?!\w)", re.I)


def draw_time_shift(rng: random.Random) -> int:
    """A shift of times of day in minutes: earlier or later by 15 minutes to 3 hours."""
    return rng.choice((-1, 1)) * rng.randint(MIN_TIME_SHIFT, MAX_TIME_SHIFT)


def shift_times(text: str, minutes: int) -> Optional[str]:
    """`text` with every time of day moved by `minutes` (a whole number, not a multiple of a day), in its
    own format (zero padding, separator, am/pm and its spelling); None when `text` holds no time."""
    if minutes % _DAY == 0:
        minutes += 1  # a surrogate never equals the original

    def move(m: "re.Match[str]") -> str:
        hour, minute = int(m.group("h")), int(m.group("m"))
        ampm = m.group("ampm")
        if ampm:
            if not 1 <= hour <= 12:
                return m.group(0)  # "13:00 pm" is no time we can read
            hour = hour % 12 + (12 if ampm.lower().startswith("p") else 0)
        total = (hour * 60 + minute + minutes) % _DAY
        new_hour, new_minute = divmod(total, 60)
        suffix = ""
        if ampm:
            is_pm = new_hour >= 12
            new_hour = new_hour % 12 or 12
            letter = ("p" if is_pm else "a")
            letter = letter.upper() if ampm[0].isupper() else letter
            suffix = m.group("sp") + letter + ampm[1:]
        width = len(m.group("h"))
        return f"{new_hour:0{width}d}{m.group('sep')}{new_minute:02d}{m.group('s') or ''}{suffix}"

    out, n = TIME_RE.subn(move, text)
    return out if n else None


def shift_weekdays(text: str, days: int) -> Optional[str]:
    """`text` with each weekday name moved by `days` (its case kept); None when it names none."""

    def move(m: "re.Match[str]") -> str:
        word = m.group(1)
        lang = next(lang for lang, names in WEEKDAYS.items() if word.lower() in names)
        names = WEEKDAYS[lang]
        new = names[(names.index(word.lower()) + days) % 7]
        if word.isupper():
            return new.upper()
        return new.capitalize() if word[:1].isupper() else new

    out, n = _WEEKDAY_RE.subn(move, text)
    return out if n and days % 7 else None  # a shift of whole weeks keeps the weekday: no surrogate
