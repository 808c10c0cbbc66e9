"""`spacy_anon.rules.scanning.finditer` finds exactly the matches of `regex.finditer`: for every built-in
recognizer pattern, on texts built to trip it (digit runs next to letters, other scripts' digits,
separators, lookbehind characters) and on prose with identifiers."""
import random
import re

import pytest

from spacy_anon.rules import recognizers as R
from spacy_anon.rules import scanning


def _all_regexes():
    found = {}
    for rec in R.get_recognizers(("all", "clinical_date", "clinical_month_day", "titled_name", "institution_name")):
        for i, p in enumerate(rec.patterns):
            found[f"{rec.name}[{i}]"] = p.regex
    for loc, patterns in R._COMPILED_POSTAL.items():
        for i, p in enumerate(patterns):
            found[f"postal {loc}[{i}]"] = p.regex
    for i, p in enumerate(R._CARD_PATTERNS):
        found[f"card[{i}]"] = p.regex
    for name, value in vars(R).items():
        if isinstance(value, re.Pattern):
            found[name] = value
    return found


REGEXES = _all_regexes()
PROSE = (
    "On 12/03/2019 at 10:45 a.m. Mr Smith (born 1961, aged 57) filed application no. 40593/04 and "
    "nos. 123/04 and 4567/05; SSN 123-45-6789, card 4111 1111 1111 1111 12/25, NHS 943 476 5919, "
    "IBAN GB82 WEST 1234 5698 7654 32, call 555-123-4567 or +44 20 7946 0958. Zip 90210-1234, "
    "CP 28013, 1000-001 Lisboa, 8/10 pain, 3/4 tab, 1990s, 15 years old, 6 meses de edad, 12h30, "
    "wallet 1BoatSLRHtKNngkdXEeobR76b53LETtpyT, 0x52908400098527886E0F7030069857D2E4169EE7. "
    "x٣4 ٣٤٥٦٧ ５６７８ 12a34 a1234 _5678 -9012 .3456 /7890 1.2.3.4 10.0.0.1/8 2021-05-06 "
    "At the age of 42, aged forty-two, he turned 43; see www.example.com, token ghp_abcdefghijklmnopqrstuvwxyz0123456789 "
    "key sk_live_abcdefghijklmnop, AIzaSyA1234567890abcdefghijklmnopqrstuv, Hospital Universitario La Paz. "
)


def _fuzz_texts(n: int, seed: int = 7):
    rng = random.Random(seed)
    alphabet = list("0123456789" * 6 + "abcxyzXYZ -/.:,#_@\n\t()%$€K") + [
        "٣", "５", "²", "º", "de", "am", "pm", "years", "May", "of", "age", "Aged", "AGE", "turned", "Edad", "No.",
        "nº", "www.", "http://", "ftp", "ghp_", "sk_live_", "xoxb-", "AIza", "bc1", "BC1", "0x", "April-", "apr-",
        "SINCE ", "in "]
    for _ in range(n):
        yield "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 120)))


def _spans(matches):
    return [(m.span(), m.groups()) for m in matches]


def test_most_digit_patterns_take_the_fast_path():
    fast = [name for name, regex in REGEXES.items() if scanning.starts_digit_runs(regex)]
    assert len(fast) >= 35 and "rules.date[2]" in fast and "card[0]" in fast
    assert not scanning.starts_digit_runs(re.compile(r"\d+"))  # no guard before the digit
    assert not scanning.starts_digit_runs(re.compile(r"(?<![\w])x?\d"))  # may start with a letter
    assert not scanning.starts_digit_runs(re.compile(r"(?a)(?<!\w)\d"))  # ASCII \w misses "٣"
    assert not scanning.starts_digit_runs(re.compile(r"(?<![A-Za-z0-9])\d"))  # "٣5" may match at "5"
    assert not scanning.starts_digit_runs(re.compile(r"(?<![^\w])\d"))  # after a word character only
    assert scanning.starts_digit_runs(re.compile(r"\b(?:0?[1-9]|1[0-2])/\d"))
    for source in (r"(?<![^\w])\d+", r"(?<!\w)(?:0?[1-9]|1[0-2])/\d", r"\b\d{2,3}(?!\d)"):
        regex = re.compile(source)
        for text in ["a12 3/45 x07/1 ٣4 5", *_fuzz_texts(100)]:
            assert _spans(scanning.finditer(regex, text)) == _spans(regex.finditer(text)), (source, text)


@pytest.mark.parametrize("name", sorted(REGEXES))
def test_same_matches_as_finditer(name):
    regex = REGEXES[name]
    for text in [PROSE, PROSE * 3, "", "7", "٣7", "a7", *_fuzz_texts(300)]:
        assert _spans(scanning.finditer(regex, text)) == _spans(regex.finditer(text)), (name, text)


def test_literal_prefixes_skip_texts_without_them():
    assert scanning.required_prefixes(R.URL.patterns[1].regex) == ("www.",)
    assert scanning.required_prefixes(re.compile(r"(?<![\w\-])[sr]k_(?:live|test)_\w+")) == ("rk_", "sk_")
    assert scanning.required_prefixes(re.compile(r"(?i)www\.")) is None  # either case
    assert scanning.required_prefixes(re.compile(r"(?i:april)-\d")) is None
    assert scanning.required_prefixes(re.compile(r"(?:ab|)c")) is None  # may start with "c"
    assert scanning.required_prefixes(re.compile(r"x\d")) is None  # one character: in any text
    assert list(scanning.finditer(R.URL.patterns[1].regex, "see example.org")) == []


def test_digit_run_starts_are_cached_per_text():
    text = "a 12 b 345 ٣6"
    assert scanning.digit_run_starts(text) == [2, 7, 11]
    assert scanning.digit_run_starts(text) is scanning.digit_run_starts(text)
    scanning.release()
    assert scanning.digit_run_starts("x1") == [1]
