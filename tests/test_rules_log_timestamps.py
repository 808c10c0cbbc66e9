"""Timestamps as logs, e-mail headers and exports write them are one DATETIME span each, offset included
(issue 33): access logs, syslog and ctime, ISO 8601 / RFC 3339 with fractions and offsets, RFC 2822,
numeric and written dates with a time. Near misses (versions, IPs, ratios) are no date. The masks of such
a span keep its shape (surrogate) or make it coarser (generalize)."""
import datetime as dt
import re
import warnings

import pytest
import spacy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spacy_anon.mask.component  # noqa: F401  (registers anon_mask)
from spacy_anon.generalize.coarsen import coarsen_date
from spacy_anon.mask.time_shift import shift_times
from spacy_anon.rules.matching import find_matches, make_options, recognizers_for

OPTIONS = make_options()
ALL = recognizers_for(("all",))
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

MOMENTS = st.datetimes(min_value=dt.datetime(1990, 1, 1), max_value=dt.datetime(2099, 12, 31))
FRACTIONS = st.sampled_from(["", ".1", ".123", ",123", ".123456", ".123456789"])
OFFSETS = st.sampled_from(["Z", "+00:00", "-05:00", "+0200", "-0330", "+02", " +0000", " UTC", " GMT", ""])
NUMERIC_OFFSETS = st.sampled_from(["+0000", "-0500", "+0200", "+0530", "-1100"])


def _iso(t, frac, zone, sep):
    return f"{t:%Y-%m-%d}{sep}{t:%H:%M:%S}{frac}{zone}"


def _access(t, off):
    return f"{t.day:02d}/{MONTHS[t.month - 1]}/{t.year}:{t:%H:%M:%S} {off}"


def _syslog(t):
    return f"{MONTHS[t.month - 1]} {t.day:>2} {t:%H:%M:%S}"


def _ctime(t, zone):
    return f"{DAYS[t.weekday()]} {MONTHS[t.month - 1]} {t.day:>2} {t:%H:%M:%S}{zone} {t.year}"


def _rfc2822(t, off):
    return f"{DAYS[t.weekday()]}, {t.day} {MONTHS[t.month - 1]} {t.year} {t:%H:%M:%S} {off}"


def _numeric(t, fmt):
    return t.strftime(fmt)


TIMESTAMPS = st.one_of(
    st.builds(_iso, MOMENTS, FRACTIONS, OFFSETS, st.sampled_from(["T", " "])),
    st.builds(_access, MOMENTS, NUMERIC_OFFSETS),
    st.builds(_syslog, MOMENTS),
    st.builds(_ctime, MOMENTS, st.sampled_from(["", " UTC", " CEST"])),
    st.builds(_rfc2822, MOMENTS, NUMERIC_OFFSETS),
    st.builds(_numeric, MOMENTS, st.sampled_from([
        "%Y/%m/%d %H:%M:%S", "%d/%m/%Y %H:%M:%S", "%m/%d/%Y %I:%M:%S %p", "%d.%m.%Y %H:%M", "%Y%m%dT%H%M%SZ",
        "%d-%b-%Y %H:%M:%S", "%B %d, %Y %H:%M", "%d %B %Y at %H:%M", "%b %d, %Y, %I:%M %p"])),
)
# what a log line puts around a timestamp
AROUND = st.sampled_from([("", " INFO started"), ("[", "] GET /index.html 200"), ("at ", "."),
                          ('10.0.0.1 - - [', '] "GET / HTTP/1.1" 200 512'), ("Date: ", ""), ("", "")])


def _dates(text):
    return [(m.start, m.end) for m in find_matches(text, ALL, OPTIONS) if m.label == "DATETIME"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TIMESTAMPS, AROUND)
def test_a_timestamp_is_one_span_offset_included(stamp, around):
    before, after = around
    text = before + stamp + after
    assert _dates(text) == [(len(before), len(before) + len(stamp))], (text, _dates(text))


@pytest.mark.parametrize("text, stamp", [
    ('203.0.113.5 - - [10/Oct/2023:13:55:36 -0700] "GET / HTTP/1.1"', "10/Oct/2023:13:55:36 -0700"),
    ("Jun  8 09:31:04 web01 sshd[812]: Accepted publickey", "Jun  8 09:31:04"),
    ("2024-06-28T09:31:04.123Z ERROR boom", "2024-06-28T09:31:04.123Z"),
    ("2024-06-28 09:31:04,123 - root - INFO - ok", "2024-06-28 09:31:04,123"),
    ("Date: Fri, 28 Jun 2024 09:31:04 +0000", "Fri, 28 Jun 2024 09:31:04 +0000"),
    ("Fri Jun 28 09:31:04 UTC 2024: kernel panic", "Fri Jun 28 09:31:04 UTC 2024"),
    ("2024/06/28 09:31:04 [error] 1234#0: open() failed", "2024/06/28 09:31:04"),
    ("28-Jun-2024 09:31:04.123 INFO [main] Server startup", "28-Jun-2024 09:31:04.123"),
    ("stamp 20240628T093104Z done", "20240628T093104Z"),
    ("at 2024-06-28T09:31:04+05:30 the job", "2024-06-28T09:31:04+05:30"),
    ("logged 2024-06-28 09:31:04 UTC+2 by", "2024-06-28 09:31:04 UTC+2"),
])
def test_log_forms(text, stamp):
    start = text.index(stamp)
    assert _dates(text) == [(start, start + len(stamp))]


VERSIONS = st.builds(lambda a, b, c: f"{a}.{b}.{c}", st.integers(0, 9), st.integers(0, 9), st.integers(0, 99))
IPS = st.builds(lambda *p: ".".join(map(str, p)), *[st.integers(0, 255)] * 4)
RATIOS = st.builds(lambda a, b: f"{a}:{b}", st.integers(1, 99), st.integers(1, 9))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(VERSIONS.map(lambda v: f"upgraded to version {v} today"),
                 VERSIONS.map(lambda v: f"Server: Apache/{v} (Unix)"), VERSIONS.map(lambda v: f"nginx v{v} ok"),
                 IPS.map(lambda ip: f"client {ip} connected"), RATIOS.map(lambda r: f"mixed at a ratio of {r} by")))
def test_near_misses_are_no_date(text):
    assert _dates(text) == [], text


def test_padded_dotted_dates_still_are():
    assert _dates("signed on 03.04.24 in Berlin") and _dates("signed on 3.4.2024 in Berlin")


# ------------------------------------------------------------------ what anon_mask writes for them
LINES = ['10.0.0.1 - - [28/Jun/2024:09:31:04 +0000] "GET / HTTP/1.1" 200 512',
         "Jun 28 09:31:04 host sshd[123]: Accepted password", "at 2024-06-28T09:31:04.123Z the job failed",
         "2024-06-28 09:31:04,123 INFO started", "Date: Fri, 28 Jun 2024 09:31:04 +0000",
         "Fri Jun 28 09:31:04 2024 crashed", "2024/06/28 09:31:04 [error] open() failed"]
SHAPES = [r'\[\d\d/[A-Z][a-z]{2}/\d{4}:\d\d:\d\d:04 \+0000\]', r"[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:04 host",
          r"\d{4}-\d\d-\d\dT\d\d:\d\d:04\.123Z the", r"\d{4}-\d\d-\d\d \d\d:\d\d:04,123 INFO",
          r"Date: [A-Z][a-z]{2}, \d\d? [A-Z][a-z]{2} \d{4} \d\d:\d\d:04 \+0000",
          r"[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:04 \d{4} crashed", r"\d{4}/\d\d/\d\d \d\d:\d\d:04 \[error"]


def _masked(strategy):
    nlp = spacy.blank("en")
    nlp.add_pipe("anon_rules")
    nlp.add_pipe("anon_mask", config={"strategy": strategy})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [nlp(line)._.anon_text for line in LINES]


def test_tag_replaces_the_whole_timestamp():
    for out in _masked("tag"):
        assert out.count("[DATETIME_1]") == 1 and not re.search(r"\d\d:\d\d|Jun|Fri|\+0000|2024", out), out


MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def month_day(line):
    """The month and day of a log line's timestamp, whichever way it is written."""
    iso = re.search(r"\b\d{4}[-/](\d\d)[-/](\d\d)(?!\d)", line)
    if iso:
        return MONTHS[int(iso.group(1)) - 1], iso.group(2)
    day_first = re.search(r"\b(\d\d?)[ /]([A-Z][a-z]{2})\b", line)
    if day_first:
        return day_first.group(2), day_first.group(1).zfill(2)
    month_first = re.search(r"\b([A-Z][a-z]{2}) +(\d\d?)\b", line)
    return month_first.group(1), month_first.group(2).zfill(2)


def test_month_day_reads_every_line():
    assert {month_day(line) for line in LINES} == {("Jun", "28")}


def test_surrogate_keeps_the_shape_and_moves_date_time_and_weekday():
    for line, out, shape in zip(LINES, _masked("surrogate"), SHAPES):
        assert re.search(shape, out), (shape, out)
        assert "09:31" not in out and month_day(out) != ("Jun", "28"), out  # the time and the date moved
        day = re.search(r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b", out)
        date = re.search(r"(\d\d?) ([A-Z][a-z]{2}) (\d{4})|([A-Z][a-z]{2}) +(\d\d?) [\d:]+ (\d{4})", out)
        if day and date:  # a stated weekday agrees with the new date
            d, m, y = (date.group(1), date.group(2), date.group(3)) if date.group(1) else date.group(5, 4, 6)
            assert dt.datetime.strptime(f"{d} {m} {y}", "%d %b %Y").strftime("%a") == day.group(1), out


def test_generalize_gives_the_month():
    for out in _masked("generalize"):
        assert re.search(r"\bJune( 2024)?\b", out) and "09:31" not in out and "28" not in out, out


@pytest.mark.parametrize("stamp, month", [("2024-06-28T09:31:04.123Z", "June 2024"), ("20240628T093104Z", "June 2024"),
                                          ("28/Jun/2024:09:31:04 +0000", "June 2024"),
                                          ("Fri Jun 28 09:31:04 UTC 2024", "June 2024")])
def test_coarsened_timestamp(stamp, month):
    assert coarsen_date(stamp) == month


@pytest.mark.parametrize("text, moved", [
    ("2024-06-28T09:31:04.123Z", "2024-06-28T10:46:04.123Z"), ("28/Jun/2024:09:31:04 +0000", "28/Jun/2024:10:46:04 +0000"),
    ("09:31:04-05:00", "10:46:04-05:00"), ("T 09:31:04+02:00", "T 10:46:04+02:00"), ("09:31:04,123", "10:46:04,123"),
    ("9:00-10:00", None), ("12.03.2021", None),  # a range stays as written; a dotted date is no time
])
def test_time_shift_reads_a_timestamps_time_not_its_offset(text, moved):
    assert shift_times(text, 75) == moved


# ctime and syslog write the day as a field two characters wide ("Jun 28", "Jun  8"); the shift of a
# surrogate keeps the field's width whichever way the day moves (a flaky shape check found "Jul 2")
@pytest.mark.parametrize("text, days, expected", [
    ("Fri Jun 28 09:31:04 2024", 4, "Tue Jul  2 09:31:04 2024"),
    ("Jun 28 09:31:04 host", 4, "Jul  2 09:31:04 host"),
    ("Jun  8 09:31:04 host", 20, "Jun 28 09:31:04 host"),
    ("Sat Jun  8 09:31:04 2024", 1, "Sun Jun  9 09:31:04 2024"),
])
def test_a_log_day_field_keeps_its_width(text, days, expected):
    from spacy_anon.mask.surrogates import shift_text_date

    assert shift_text_date(text, days, dayfirst=False) == expected


@pytest.mark.parametrize("text, days, expected", [("June 28, 2024", 4, "July 2, 2024"), ("28 Jun 2024", 4, "2 Jul 2024")])
def test_a_written_day_is_not_padded(text, days, expected):
    from spacy_anon.mask.surrogates import shift_text_date

    assert shift_text_date(text, days, dayfirst=False) == expected
