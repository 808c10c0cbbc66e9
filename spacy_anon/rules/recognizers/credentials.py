"""Credentials in text: passwords, API keys and tokens after a keyword or in a variable, key formats that
need none (AWS, GitHub ...), JSON Web Tokens and PEM private keys."""
import re
from functools import lru_cache
from typing import Iterator, Optional, Tuple

from spacy_anon.rules import validators as v
from spacy_anon.rules.first_chars import matches
from spacy_anon.rules.recognizers.base import Recognizer, compile_patterns, contains, finds


# ---------------------------------------------------------------- ID: credentials in text
# "password: hunter2", "pwd=...", "api_key = sk_live_...", "token: ...": the value after a credential
# keyword and ":" or "=" is the span (the keyword alone is not a secret). Labelled ID: a credential
# identifies and opens an account, and ID is a direct identifier, so it is always masked. Also
# well-known key formats that need no keyword (AWS, GitHub, Stripe, Slack, Google).
_SECRET_KEYWORDS = (
    r"pass(?:word|wd|phrase|code)|pwd|api[_\- ]?key|apikey|(?:client|app|consumer)[_\- ]?secret|"
    r"secret(?:[_\- ]?key)?|(?:access|auth|bearer|refresh|session|api)[_\- ]?token|token|private[_\- ]?key|"
    r"contrase[ñn]a|clave de acceso|senha|palavra[_\- ]passe"
)
# up to a space, a quote, a comma or semicolon, or the "&" of the next URL parameter ("&next=")
_SECRET_VALUE = r"(?:[^\s\"'`,;&<>]|&(?![A-Za-z_]\w{0,30}=)){1,199}[^\s\"'`,;&<>.:!?)\]}]"
CREDENTIAL = Recognizer(
    name="rules.credential",
    label="ID",
    type="CREDENTIAL",
    patterns=compile_patterns([
        (rf"(?i)(?=[a-z])(?<![\w\-])(?:{_SECRET_KEYWORDS})[\"']?[ \t]{{0,3}}[:=][ \t]{{0,3}}[\"']?"
         rf"({_SECRET_VALUE})", 0.8, 1),
        (r"(?i)\bbearer[ \t]{1,3}([A-Za-z0-9\-._~+/]{16,500}=*)", 0.8, 1),
        (r"(?<![\w\-])(?:AKIA|ASIA)[0-9A-Z]{16}(?![\w\-])", 0.8, 0),
        (r"(?<![\w\-])gh[pousr]_[A-Za-z0-9]{36}(?![\w\-])", 0.8, 0),
        (r"(?<![\w\-])[sr]k_(?:live|test)_[0-9A-Za-z]{16,99}(?![\w\-])", 0.8, 0),
        (r"(?<![\w\-])xox[abprs]-[0-9A-Za-z\-]{10,72}(?![\w\-])", 0.8, 0),
        (r"(?<![\w\-])AIza[0-9A-Za-z\-_]{35}(?![\w\-])", 0.8, 0),
        # in prose, without ":" or "=": a password with a digit in it or in quotes ("password sunflower2024",
        # "the wifi passcode is 'gr33nTea'"), and the code of a door, a lock box, a key safe or an alarm
        # ("lockbox by the blue door, code 4471", "key safe code is 1905")
        (r"(?i)(?<![\w\-])(?:pass(?:word|code|phrase)|pwd)(?:[ \t]+is)?[ \t]{1,3}"
         r"([^\s\"'`,;&<>]{0,60}\d[^\s\"'`,;&<>]{0,60}[^\s\"'`,;&<>.!?])", 0.8, 1),
        (r"(?i)(?<![\w\-])(?:pass(?:word|code|phrase)|pwd)(?:[ \t]+is)?[ \t]{1,3}[\"'‘“]([^\"'’”\n]{4,64})[\"'’”]", 0.8, 1),
        (r"(?i)(?<![\w\-])(?:lock[ \t\-]?box|key[ \t\-]?safe|door|gate|alarm|entry|access|entrance)"
         r",?[ \t]{1,3}code(?:[ \t]+is)?[ \t]{0,3}:?[ \t]{0,3}(\d{3,8}#?)(?![\w\-])", 0.8, 1),
        # a lock box's code said further on in its sentence ("the key is in the lockbox (code 2291)"), and a
        # wifi's "pass:" with a digit in it ("Wifi: CosyCabin_5G / pass: pinecone88")
        (r"(?i)(?<![\w\-])(?:lock[ \t\-]?box|key[ \t\-]?safe)[^.\n\d]{1,40}?\bcode(?:[ \t]+is)?[ \t]{0,3}:?[ \t]{0,3}"
         r"(\d{3,8}#?)(?![\w\-])", 0.8, 1),
        (r"(?i)(?<![\w\-])pass[ \t]{0,3}:[ \t]{0,3}([^\s\"'`,;&<>]{0,60}\d[^\s\"'`,;&<>]{0,60}[^\s\"'`,;&<>.!?])", 0.8, 1),
    ]),
)

# A JSON Web Token: "eyJ" (base64url of '{"'), three base64url parts; the header must decode to a JSON
# object naming its algorithm or type, so a base64 blob that merely starts with "eyJ" is not one.
JWT = Recognizer(
    name="rules.jwt",
    label="ID",
    type="CREDENTIAL",
    patterns=compile_patterns([(
        r"(?<![\w\-.])eyJ[A-Za-z0-9_\-]{8,2000}\.[A-Za-z0-9_\-]{2,8000}\.[A-Za-z0-9_\-]{0,2000}"
        r"(?![\w\-]|\.[\w\-])", 0.9, 0)]),
    validator=v.jwt_valid,
    validated_score=0.9,
    prefilter=contains("eyJ"),
)

# "export AWS_SECRET_ACCESS_KEY=...", "DB_PASSWORD: ...", "github_token = ...": a variable whose name
# joins a secret word to others with "_" (`rules.credential` takes the words alone); the value is the span.
_SECRET_WORD = r"(?:key|secret|token|password|passwd|pwd|pass|passphrase|credentials?|auth)"
_SECRET_NAME = (rf"(?:[a-z0-9]{{1,30}}_){{1,5}}{_SECRET_WORD}(?:_[a-z0-9]{{1,30}}){{0,5}}"
                rf"|{_SECRET_WORD}(?:_[a-z0-9]{{1,30}}){{1,5}}")
SECRET_ASSIGNMENT = Recognizer(
    name="rules.secret_assignment",
    label="ID",
    type="CREDENTIAL",
    patterns=compile_patterns([(
        rf"(?i)(?<![\w\-])(?:{_SECRET_NAME})(?![\w\-])[\"']?[ \t]{{0,3}}[:=][ \t]{{0,3}}[\"']?({_SECRET_VALUE})",
        0.8, 1)]),
    prefilter=finds(r"(?i)_(?:key|secret|token|pass|pwd|credential|auth)|(?:key|secret|token|pass|pwd|auth)_"),
)

# A PEM private key, header to footer ("-----BEGIN RSA PRIVATE KEY----- ... -----END RSA PRIVATE
# KEY-----"); a block cut before its footer is taken up to the end of its base64 lines.
# the five dashes may be broken by a line end (a mail client wrapping "-----" as a hyphenated word)
_DASHES = r"(?:-\r?\n?){4}-"
_PEM_BEGIN = re.compile(rf"{_DASHES}\r?\n?BEGIN ((?:[A-Z0-9]{{1,20}} ){{0,3}}PRIVATE KEY(?: BLOCK)?){_DASHES}")
_PEM_BODY = re.compile(r"(?:[ \t]*\r?\n[ \t]*(?:[A-Za-z0-9+/=]{16,200}|[A-Za-z\-]{1,40}: [^\n]{0,200}))*")
PEM_REACH = 100_000  # a 16384-bit RSA key in PEM is about 12 000 characters


def _pem_finder(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
    """Private-key blocks: to the matching footer when there is one, else to the last base64 line."""
    last_end = -1
    for m in matches(_PEM_BEGIN, text):
        if m.start() < last_end:
            continue  # a header inside the block just taken
        end = _footer_end(text, m.group(1), m.end())
        last_end = end if end is not None else _PEM_BODY.match(text, m.end()).end()
        yield m.start(), last_end, 0.95, True


def _footer_end(text: str, kind: str, pos: int) -> Optional[int]:
    """The end of the first "-----END <kind>-----" within `PEM_REACH` of `pos`, else None (found with
    `str.find`: a text of many headers and no footer must not cost a regex scan per header)."""
    at = text.find("END " + kind, pos, pos + PEM_REACH)
    if at < 0:
        return None
    footer = _pem_footer(kind).search(text, max(pos, at - 16), at + len(kind) + 24)
    return footer.end() if footer else None


@lru_cache(maxsize=16)
def _pem_footer(kind: str) -> "re.Pattern[str]":
    return re.compile(rf"{_DASHES}\r?\n?END {re.escape(kind)}{_DASHES}")


PRIVATE_KEY = Recognizer(
    name="rules.private_key",
    label="ID",
    type="CREDENTIAL",
    finder=_pem_finder,
    prefilter=contains("PRIVATE KEY"),
)

# A long random-looking token right after a secret word ("the secret 9f8e7d6c5b4a39281716a5b4c3d2e1f0",
# "key: 3kF9xQ2...", a session's id in a log, "sid=SauqrBkL60W4Ycs..."): 20 or more characters with letters
# and digits and at least 3 bits of entropy per character, so "key 1234567890..." or an ordinary
# hyphenated phrase is not one.
TOKEN_MIN_ENTROPY = 3.0
_TOKEN_AFTER_WORD = (
    r"(?i)\b(?:tokens?|secrets?|keys?|api[ _\-]?keys?|access[ _\-]keys?|bearer|passphrase"
    r"|sid|sess(?:ion)?(?:[ _\-]?ids?)?|jsessionid|phpsessid|csrf(?:[ _\-]?token)?)\b"
    r"[ \t]{0,3}(?:[:=][ \t]{0,3}|(?:is|was|of)[ \t]{1,3})?[\"'`]?([A-Za-z0-9_\-+/=.~]{19,299}[A-Za-z0-9_\-+/=~])"
    r"(?![\w\-+/=~]|\.[\w\-+/=~])"
)


def _high_entropy(value: str) -> Optional[bool]:
    """None (keep) for a token with letters and digits and enough entropy; False otherwise."""
    has_letter = any(c.isalpha() for c in value)
    has_digit = any(c.isdigit() for c in value)
    return None if has_letter and has_digit and v.shannon_entropy(value) >= TOKEN_MIN_ENTROPY else False


SECRET_TOKEN = Recognizer(
    name="rules.secret_token",
    label="ID",
    type="CREDENTIAL",
    patterns=compile_patterns([(_TOKEN_AFTER_WORD, 0.75, 1)]),
    validator=_high_entropy,
    prefilter=finds(r"(?i)token|secret|key|bearer|passphrase|sid|sess|csrf"),
)
