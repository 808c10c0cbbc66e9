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
    for loc, patterns in R.COMPILED_POSTAL.items():
        for i, p in enumerate(patterns):
            found[f"postal {loc}[{i}]"] = p.regex
    for i, p in enumerate(R.CARD_PATTERNS):
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


WORDS = ["January", "JAN", "Jan.", "Mon", "Monday,", "son", "SON", "ſon", "wİfe", "wife", "sİnce", "SINCE", "ın",
         "In", "password", "PASSWORD", "Kelvin", "pager", "PGR", "MRN", "N", "No.", "nº", "número", "NÚMERO",
         "fiancé", "FIANCÉ", "record", "İ", "ı", "ſ", "K", "ﬃ", "ẞ", " ", " ", ", ", ": ", "=", "12", "2019",
         "3rd", "Mother", "MOTHER", "sister", "Sister", "brother", "DAD", "dad", "Fiancé", "fiancÉ", "ſister",
         "septiembre", "Septiembre", "SEPTIEMBRE", "março", "MARÇO", "de ",
         "\n", "of", "de", "Mr", "dr", "twenty", "Twenty", "age", "#"]


def _word_texts(n: int, seed: int = 11):
    rng = random.Random(seed)
    for _ in range(n):
        yield "".join(rng.choice(WORDS) for _ in range(rng.randint(1, 40)))


WORD_LED = {
    "son or wife": re.compile(r"(?i)(?=[a-z])\b(?:son|wife|since|in)\b\s*(\w+)"),
    "kelvin": re.compile(r"(?i)\bkelvin\b"),
    "titles": re.compile(r"(?:\b(?i:mr|dr)|\bMs)\.?[ \t]+([A-Za-z]+)"),
    "weekday then day": re.compile(r"\b(?:(?:Monday|Mon),?\s+)?(?:[12]\d|3[01]|0?[1-9])(?:rd|th)?\b"),
    "record cue": re.compile(r"(?:MRN|N\.?º|No\.|#|(?i:n[uú]mero))\s*(\d+)"),
    "kin": re.compile(r"(?i)(?=[a-z])\b(?:son|wife|sister|brother|Mother|fiancé|Dad|since|age)\b\s*(\w+)"),
    "kin cased": re.compile(r"\b(?:son|Son|SON|wife|Wife|sister|brother|Mother|fiancé|Dad|since)\b\s*(\w+)"),
}
KIN_AND_SHORT = ["son", "wife", "sister", "brother", "mother", "father", "aunt", "uncle", "niece", "of"]


def test_word_led_patterns_are_tried_where_their_words_occur():
    for name in ("rules.pager[0]", "rules.age[3]", "rules.credential[1]", "rules.url[0]"):
        assert scanning.literal_starts(REGEXES[name]) is not None, name
    for regex in WORD_LED.values():
        assert scanning.literal_starts(regex) is not None, regex.pattern
    starts = scanning.literal_starts(WORD_LED["weekday then day"])  # an optional weekday, then the day
    assert starts.digits and ("Mon", False) in starts.literals  # the prefix "Monday|Mon" share
    assert ("número", True) in scanning.literal_starts(WORD_LED["record cue"]).literals
    assert len(scanning.literal_starts(REGEXES["rules.date[10]"]).literals) > scanning.MAX_LITERALS  # capitalised
    # many names in lower case too: their lower-cased heads in the lower-cased text ("fiancé": "fianc")
    assert scanning.literal_starts(REGEXES["rules.date[16]"]) is not None
    assert scanning.literal_starts(WORD_LED["kin"]) is not None
    assert scanning.literal_starts(re.compile(r"(?i)\b(?:" + "|".join(KIN_AND_SHORT) + r")\s+(\w+)")) is None
    starts = scanning.literal_starts(REGEXES["rules.date[9]"])  # many capitalised weekdays, then the day
    assert starts.digits and len(starts.literals) > scanning.MAX_LITERALS
    assert scanning.literal_starts(REGEXES["rules.age[10]"]) is None  # number words with "a" and digits
    assert scanning.literal_starts(re.compile(r"(?i)a\w+")) is None  # one lower-case letter: anywhere
    assert scanning.literal_starts(re.compile(r"\d+x")) is None  # a digit with no guard before it
    assert scanning.literal_starts(re.compile(r"(?:ab)?")) is None  # may match the empty string
    assert scanning.literal_starts(re.compile(r"(?:ab|\w)c")) is None


@pytest.mark.parametrize("name", sorted(WORD_LED))
def test_word_led_examples_match_as_finditer(name):
    regex = WORD_LED[name]
    for text in [PROSE, *_word_texts(400)]:
        assert _spans(scanning.finditer(regex, text)) == _spans(regex.finditer(text)), (name, text)
        scanning.release()


@pytest.mark.parametrize("name", sorted(n for n, r in REGEXES.items() if scanning.literal_starts(r) is not None))
def test_word_led_patterns_match_as_finditer(name):
    """Case-blind literals are found on the lower-cased text: "ſon" (long s), "sİnce" (dotted capital I,
    two characters in lower case), "Kelvin" with the Kelvin sign are matched where `re` matches them."""
    regex = REGEXES[name]
    for text in [PROSE, *_word_texts(400)]:
        assert _spans(scanning.finditer(regex, text)) == _spans(regex.finditer(text)), (name, text)
        scanning.release()


def test_characters_folding_to_ascii_are_those_of_re():
    chars = "".join(chr(c) for c in range(0x80, 0x110000) if not 0xD800 <= c < 0xE000)
    assert {ord(c) for c in re.findall(r"(?i)[a-z]", chars)} == set(scanning.FOLDS_TO_ASCII)


def test_search_is_the_first_match():
    regex = WORD_LED["son or wife"]
    for text in ["my ſon Bill", "no kin here", "WIFE: Rose and son Tom", ""]:
        expected = regex.search(text)
        found = scanning.search(regex, text)
        assert (found and found.span()) == (expected and expected.span())


AGE_WORD_TEXTS = ["He was eight years old.", "an eighteen-year-old", "Twenty‑one – years – old",
                  "nineteen years of age", "forty-two\tyears\nof age", "eight years older", "eight year  old",
                  "Ninety years ago", "ONE HUNDRED years old", "eight\nyears of ages", "seven yearsold",
                  "a hundred years of age and ten years old"]


def test_ages_in_words_are_scanned_only_where_their_closing_words_are():
    needs = [(r, n) for r, n in scanning._NEEDS.items() if "years" in n.pattern]
    assert len(needs) == 2  # both ages in words that close with fixed words
    rng = random.Random(5)
    pieces = AGE_WORD_TEXTS + ["years", "old", "of age", " ", "-", "\u2013", "ten", "Ten", "a"]
    texts = AGE_WORD_TEXTS + ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 8))) for _ in range(2000)]
    for regex, need in needs:
        for text in texts:
            found = _spans(regex.finditer(text))
            assert not found or need.search(text), (regex.pattern[-60:], text)  # the proof obligation
            assert _spans(scanning.finditer(regex, text)) == found
            scanning.release()
    assert any(_spans(r.finditer(t)) for r, _n in needs for t in AGE_WORD_TEXTS)

