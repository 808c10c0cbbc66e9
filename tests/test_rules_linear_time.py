"""Every rule recognizer runs in time linear in the text, on inputs built to make regexes backtrack.

A regex whose quantifier can start at many positions of a long token and run to its end before failing
costs the square of the token's length (the e-mail rule took 8 s on a 160k-character base64 token and
did not finish a 1 MB blob). Each recognizer here scans adversarial texts of two sizes, the larger four
times the smaller: linear time grows about 4x, quadratic 16x.
"""
import base64
import random
import string
import time

import pytest

from spacy_anon.rules import find_matches, get_recognizers, make_options
from spacy_anon.rules.recognizers import REGISTRY

SMALL, LARGE = 12_000, 48_000
MAX_GROWTH = 8.0  # allowed time ratio LARGE / SMALL (linear ~4, quadratic ~16)
FLOOR_S = 0.04  # below this, a difference is timer noise
MAX_SMALL_S = 3.0  # a recognizer this slow on SMALL is not worth timing on LARGE
OPTIONS = make_options()
ALL = tuple(REGISTRY.values())  # the opt-in ones too
# Passes every recognizer's prefilter (an @, digits, a colon, a slash, cue words), so each recognizer's
# patterns really run over the adversarial part before it.
TAIL = (" ana@example.com 10.0.0.1 fe80::1 1/2 4111 1111 1111 1111 pager 12345 MRN 1234 Mr Smith son Bill "
        "aged 45 password: x £5 no. 3 passport")


def _random(alphabet, seed=0):
    def make(n):
        rng = random.Random(seed)
        return "".join(rng.choice(alphabet) for _ in range(n))
    return make


def _repeat(unit):
    return lambda n: (unit * (n // len(unit) + 1))[:n]


def _base64(n):
    return base64.b64encode(random.Random(1).randbytes(n)).decode()[:n]


def _two_digit_groups(n):
    rng = random.Random(2)
    return " ".join(f"{rng.randrange(100):02d}" for _ in range(n // 3))[:n]


def _spaces_after(*cues):
    """Long whitespace after each cue: a pattern like "cue\\s*:?\\s*(\\d+)" tries every split of it."""
    def make(n):
        run = " " * (n // len(cues))
        return "".join(cue + run for cue in cues)[:n]
    return make


ADVERSARIAL = {
    "base64 blob": _base64,
    "random digits": _random(string.digits),
    "random letters": _random(string.ascii_lowercase),
    "random upper-case letters and digits": _random(string.ascii_uppercase + string.digits),
    "base58": _random("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"),
    "bech32 after bc1": lambda n: "bc1" + _random("qpzry9x8gf2tvdw0s3jn54khce6mua7l")(n),
    "hex after 0x": lambda n: "0x" + _random(string.hexdigits)(n),
    "a.a.a.": _repeat("a."),
    "1-1-1-": _repeat("1-"),
    "1.1.1.": _repeat("1."),
    "1/1/1/": _repeat("1/"),
    "1:1:1:": _repeat("1:"),
    "1,1,1,": _repeat("1,"),
    "digits separated by single spaces": _repeat("1 "),
    "random two-digit groups": _two_digit_groups,
    "1,000,000,...": lambda n: "1" + _repeat(",000")(n),
    "1 000 000 ...": lambda n: "1" + _repeat(" 000")(n),
    "@@@": _repeat("@"),
    "a@a@a@": _repeat("a@"),
    "a@b.a@b.": _repeat("a@b."),
    "x:x:x:": _repeat("x:"),
    "hex with colons": _repeat("ab:"),
    "www.www.": _repeat("www."),
    "x:http://": _repeat("x:http://"),
    "a-a-a-": _repeat("a-"),
    "a+a+a+": _repeat("a+"),
    "a/a/a/": _repeat("a/"),
    "a=a=a=": _repeat("a="),
    "IBAN groups": _repeat("GB82 WEST "),
    "password=password=": _repeat("password="),
    "@handles": _repeat("@a "),
    "kinship words": _repeat("son "),
    "record cues": _repeat("No. "),
    "dates": _repeat("5 May "),
    "timestamps cut before their end": _repeat("2024-06-28T09:31:04."),
    "syslog stamps cut": _repeat("Jun 28 09:31:"),
    "access-log stamps cut": _repeat("28/Jun/2024:"),
    "times with zones": _repeat("09:31:04 UTC "),
    "dotted quads": _repeat("1.1.1.1 "),
    "areas": _repeat("1 sq m "),
    "PEM headers without a footer": _repeat("-----BEGIN RSA PRIVATE KEY-----\n"),
    "JWT-like parts": _repeat("eyJhbGci."),
    "defanged dots": _repeat("1[.]"),
    "defanged labels": _repeat("a[.]"),
    "username lists": _repeat("cc: ab1, "),
    "user cues": _repeat("user "),
    "secret names": _repeat("a_b_key_"),
    "secret words": _repeat("token "),
    "spoken digits": _repeat("oh seven double "),
    "spoken digits and dots": _repeat("one dot two "),
    "spoken streets": _repeat("forty two camden "),
    "spoken postcodes": _repeat("n w one, "),
    "spoken days": _repeat("on the saturday the "),
    "spelled letters": _repeat("a b-c "),
    # few cues per text, so each run of spaces is long
    "spaces after cue words": _spaces_after("pager", "MRN", "son", "Mr", "aged", "Edad", "about"),
    "spaces after key words": _spaces_after("password", "passport", "DNI", "born in", "No.", "tel", "IBAN"),
    "spaces after dates and amounts": _spaces_after("May 5", "5", "1,336", "EUR", "£", "45 years", "10/3"),
    "spaces after other numbers": _spaces_after("+1", "(212)", "#", "12:30", "3 de", "1.5", "4111"),
}


def _seconds(text, recognizers, repeat=1, views=False):
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        find_matches(text, recognizers, OPTIONS, views=views)
        best = min(best, time.perf_counter() - started)
    return best


def _superlinear(t_small, t_large):
    return t_large > MAX_GROWTH * t_small + FLOOR_S


@pytest.fixture(scope="module", autouse=True)
def _warm():
    """Load what recognizers load lazily (name lists, word frequencies) before anything is timed."""
    find_matches("Mr Smith's son Bill" + TAIL, ALL, OPTIONS)


@pytest.mark.parametrize("name", list(ADVERSARIAL))
def test_every_recognizer_is_linear(name):
    make = ADVERSARIAL[name]
    small, large = make(SMALL) + TAIL, make(LARGE) + TAIL
    slow = []
    for rec in ALL:
        t_small = _seconds(small, [rec])
        if t_small > MAX_SMALL_S:
            slow.append(f"{rec.name}: {t_small:.2f}s on {SMALL} characters")
            continue
        t_large = _seconds(large, [rec])
        if _superlinear(t_small, t_large):  # once more, best of three, before blaming the recognizer
            t_small, t_large = _seconds(small, [rec], 3), _seconds(large, [rec], 3)
            if _superlinear(t_small, t_large):
                slow.append(f"{rec.name}: {t_small:.3f}s -> {t_large:.3f}s")
    assert not slow, f"super-linear on {name!r}: " + "; ".join(slow)


@pytest.mark.parametrize("name,make", [
    ("spaced digits", _repeat("5 3 6 ")),  # joined by the compact view
    ("grouped with line breaks", _repeat("AB 12 \n34\t")),  # one space between groups in the compact view
    ("spaced capitals", _repeat("G B 8 2 ")),  # joined by the compact view
    ("zero-width spaces", _repeat("a\u200bb@c\u200b.")),  # removed by the normalized view
    ("spelled-out e-mails", _repeat("john [at] gmail [dot] com ")),
])
def test_all_recognizers_with_text_views_are_linear(name, make):
    small, large = make(SMALL) + TAIL, make(LARGE) + TAIL
    t_small, t_large = _seconds(small, ALL, views=True), _seconds(large, ALL, views=True)
    if _superlinear(t_small, t_large):
        t_small, t_large = _seconds(small, ALL, 2, views=True), _seconds(large, ALL, 2, views=True)
    assert not _superlinear(t_small, t_large), f"{name}: {t_small:.3f}s -> {t_large:.3f}s"


# Real-looking sentences with identifiers of every kind, shuffled into a megabyte.
SENTENCES = (
    "The hearing took place on 3 March 2004 in Strasbourg before the Chamber.",
    "Please write to maria.lopez+news@hospital-central.es before Friday or call +1 (212) 555-0199.",
    "Patient is a 38-year-old male with fever; MRN: 00012345; seen on 7/24 by Dr. Smith.",
    "The court awarded the applicant 1,336 Swedish kronor and EUR 5,000 in respect of costs.",
    "Transfer to ES91 2100 0418 4502 0005 1332 and confirm by e-mail; card 4111 1111 1111 1111.",
    "Ingresó el 12 de marzo de 2019 en urgencias con DNI 12345678Z; teléfono 912 345 678.",
    "I can't browse to https://www.example.co.uk/path?id=3, address 41.173.96.26 is blocked.",
    "social- son bill in to visit. wife, rose, left phone number; plan for 10/3. BP 120/80, HR 92.",
    "They seized 4 tons of cannabis on a farm of 12 hectares; the plot of 3,862 sq. m was sold.",
    "In 1998 the company, founded in 1977, moved to London SW1A 1AA; the 1990s were good.",
    "Follow @johndoe99 for updates; password: hunter2 must be rotated; NHS number 943 476 5919.",
    "Table: 12 34 56 78 90 1.5 2.25 3/4 10:30 2001:db8::1 00:1A:2B:3C:4D:5E v1.2.3.4 #42 no. 7.",
    "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.",
)
MEGABYTE = 1_000_000
MAX_MEGABYTE_S = 30.0  # a few seconds on a slow two-core machine; generous against shared CI runners


def _varied_text(n):
    rng = random.Random(3)
    parts, size = [], 0
    while size < n:
        parts.append(rng.choice(SENTENCES))
        size += len(parts[-1]) + 1
    return " ".join(parts)[:n]


@pytest.mark.parametrize("kind", ["base64 blob", "varied text"])
@pytest.mark.parametrize("names", [None, ("all",) + tuple(n for n, r in REGISTRY.items() if r.opt_in)],
                         ids=["defaults", "with opt-in"])
def test_a_megabyte_within_seconds(kind, names):
    text = (_base64(MEGABYTE) + " write to ana@example.com") if kind == "base64 blob" else _varied_text(MEGABYTE)
    recognizers = None if names is None else get_recognizers(names)
    started = time.perf_counter()
    find_matches(text, recognizers)
    elapsed = time.perf_counter() - started
    assert elapsed < MAX_MEGABYTE_S, f"{kind}: {elapsed:.1f}s"
