"""The parts of a log or an export that software writes and no person is named in: user-agent strings
("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)"), protocol and
product versions ("HTTP/1.1", "curl/8.4.0"), a request's method, status and size, a log line's level
("ERROR"), a hash in hexadecimal ("4f9a2c1e8b7d"). A tagger trained on prose reads them as names ("Mozilla" a person, "KHTML" an organisation,
"537.36" a phone): its spans that lie wholly inside such a part are dropped (`span_kinds.decide_categories`);
a rule's span there (an IP, a user id, a token) is kept. A chat log's or transcript's clock time that opens
a line before its speaker ("[09:14] anna_k:") is when a message was sent (`log_timestamp`), no date of a life."""
import bisect
import re
from typing import List, Tuple

from spacy_anon.lexicon.generic_words import dictionary_test, zipf
from spacy_anon.rules.recognizers.names import first_names, last_names

# path segments of web applications ("/api/v2/users/u48213/profile"): resources and versions
_SEGMENTS = ("v\\d{0,2}|api|apis|rest|users?|accounts?|orders?|profiles?|static|assets|images?|img|js|css|login|logout"
             "|search|checkout|cart|settings|admin|auth|health|status|home|index|confirm|reset|update|delete|new|edit")
# a product and its version, and the comment in brackets after it: "Mozilla/5.0 (X11; Linux x86_64)"
_PRODUCT = r"(?<![\w/.\-@])[A-Za-z][A-Za-z0-9.\-_]{1,30}/\d{1,9}(?:\.\d{1,9}){0,4}(?![\w/@\-])"
_MACHINE = re.compile(
    rf"{_PRODUCT}(?:[ ]\([^()\n]{{1,160}}\))?"
    # a request line's method before its path, and its status and size after the protocol
    r"|(?<=\")(?:GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS|CONNECT|TRACE)(?=[ ]/)"
    r"|(?<=HTTP/\d\.\d\"[ ])\d{3}[ ](?:\d{1,12}|-)(?![\w.])"
    r"|(?<=HTTP/\d\"[ ])\d{3}[ ](?:\d{1,12}|-)(?![\w.])"
    # a log line's level after its time stamp, and the component in brackets after the level:
    # "2024-03-06T20:14:52.783Z ERROR [api] ..."
    r"|(?m:(?<=[\dZz\]][ ])(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL|CRITICAL|NOTICE)"
    r"(?:[ ]\[[\w.\-]{1,30}\])?(?=[ \t:\]]|$))"
    # a URL path's segments that name a resource or a version, not anyone: "/api/v2/users/"
    rf"|(?<=/)(?:{_SEGMENTS})(?=/|[?#\s\"]|$)"
)
# what a text written by software holds somewhere: a request's protocol, a browser's name, a level word
# (searched fast: literal text first); a text without any is prose and is not scanned
_LEVEL_WORD = re.compile(r"(?:INFO|WARN|ERROR|DEBUG|TRACE|FATAL|CRITICAL|NOTICE)\b")


# a hash or digest in lower-case hexadecimal, letters and digits mixed ("commit 4f9a2c1e8b7d...",
# "sha256:9f86d081884c7d65..."): a tagger's "21" at its end is no age, and the hash names no one
_HEX_RUN = re.compile(r"\b(?=[0-9a-f]{7,64}(?![\w\-]))(?=[a-f]{0,63}\d)(?=\d{0,63}[a-f])[0-9a-f]{7,64}")
_HASH_NAME = re.compile(r"(?i:\b(?:sha(?:1|224|256|384|512)|md5|blake2[bs]?)[:=])\Z")  # "sha256:" before it


def _hashes(text: str) -> List[Tuple[int, int]]:
    """(start, end) of the hashes of `text` (`_HEX_RUN`), with the name of the algorithm before one."""
    out = []
    for m in _HEX_RUN.finditer(text):
        name = _HASH_NAME.search(text, max(0, m.start() - 8), m.start())
        out.append((m.start() if name is None else name.start(), m.end()))
    return out


# a log field's key, and its value when that is a word ("action=login", "status=ok", "result=reset_password"),
# in a log line that has a level word
_KEY_VALUE = re.compile(r"(?<![\w.\-@])((?:(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL|CRITICAL|NOTICE)[ ])?"
                        r"[a-z][a-z_]{1,30})=(?:([a-z][a-z_]{1,30})(?![\w@.\-]))?")


def machine_regions(text: str) -> List[Tuple[int, int]]:
    """Sorted (start, end) of the parts of `text` that software writes (see the module's docstring); a log
    level before a field's key is one part with it ("WARN user=": a tagger's "WARN user" lies inside)."""
    hashes = _hashes(text)
    if "HTTP/" not in text and "Mozilla/" not in text and _LEVEL_WORD.search(text) is None:
        return hashes
    found = [m.span() for m in _MACHINE.finditer(text)] + hashes + _message_words(text)
    found.sort()
    if "=" in text:
        found += [m.span() if m.group(2) and _word_value(m.group(2)) else m.span(1) for m in _KEY_VALUE.finditer(text)]
        found.sort()
    regions: List[Tuple[int, int]] = []
    for start, end in found:
        if regions and start < regions[-1][1]:
            regions[-1] = (regions[-1][0], max(end, regions[-1][1]))
        else:
            regions.append((start, end))
    return regions


# a log line: a time stamp, then its level word ("2026-11-30 08:14:22,913 INFO  [auth] login ok user=...")
_LOG_LINE = re.compile(r"(?m)^[^\n]{0,40}?\d[\d:.,TZz+\-]*\]?[ \t]+(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL|CRITICAL"
                       r"|NOTICE)\b[^\n]*")
_LOWER_RUN = re.compile(r"(?<![\w@.\-=/'’])[a-z]+(?:[ ][a-z]+)*(?![\w@.\-=/'’])")


def _message_words(text: str) -> List[Tuple[int, int]]:
    """(start, end) of the runs of lower-case words of a log line's message that are words of software or
    of English ("login ok", "card declined for", "mailbox full"): the program's message, which names no one
    (a name in a log is a field's value, "user=jwhitfield", or written with capitals)."""
    out = []
    for line in _LOG_LINE.finditer(text):
        for run in _LOWER_RUN.finditer(text, line.start(), line.end()):
            if all(_word_value(word) for word in run.group().split(" ")):
                out.append(run.span())
    return out


def _word_value(value: str) -> bool:
    """A log value that is a word or words of software ("login", "reset_password"), no one's name."""
    is_word, surnames = dictionary_test("en"), last_names()
    return all(part and (is_word(part) or zipf(part) >= 3.0) and part not in first_names() and part not in surnames
               for part in value.split("_"))  # "login": no dictionary lists it, software writes it often


def inside(regions: List[Tuple[int, int]], start: int, end: int) -> bool:
    """Whether [start, end) lies wholly inside one of `regions` (sorted, not overlapping)."""
    i = bisect.bisect_right(regions, (start, float("inf"))) - 1
    return i >= 0 and regions[i][0] <= start and end <= regions[i][1]


CLOCK = re.compile(r"[0-2]?\d:[0-5]\d(?::[0-5]\d)?")
SPEAKER_AFTER = re.compile(r"[\])]?[ \t]+(?:-[ \t]+)?[^\n:]{1,40}:")
CHANNEL = re.compile(r"\A[ \t]*\[#[\w.-]{1,40}\]")


def log_timestamp(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is the clock time that opens a line of a chat log or transcript ("[09:14]
    anna_k: ...", "00:01:23 SPEAKER 1: ..."): a time alone at a line start, a speaker's name and a colon
    after it. A time with a date, or inside a sentence, is not one."""
    if not CLOCK.fullmatch(text[start:end]):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    opening = CHANNEL.sub("", text[line_start:start]).strip()  # "[#general] 09:14 sam.r:" of a chat export
    return opening in ("", "[", "(") and SPEAKER_AFTER.match(text, end) is not None


# a step of a menu path in software's instructions ("go to Reports > Export", "Settings › Privacy")
_MENU_BEFORE = re.compile(r"[A-Za-z][ \t]*(?:>|›|»|→)[ \t]*\Z")
_MENU_AFTER = re.compile(r"[ \t]*(?:>|›|»|→)[ \t]*[A-Z]")


def menu_step(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is an item of a menu path: dictionary words, no given name ("Alice > Bob: hi"
    quotes a person), with a ">" (or "›", "»", "→") between it and a word."""
    if _MENU_BEFORE.search(text, max(0, start - 8), start) is None and _MENU_AFTER.match(text, end) is None:
        return False
    is_word, given = dictionary_test("en"), first_names()
    words = [w.lower() for w in _LETTERS.findall(text[start:end])]
    return bool(words) and all(is_word(w) and w not in given for w in words)
_LETTERS = re.compile(r"[^\W\d_]+")


# an identifier in a line's inline code ("Run `pip install spacy-anon`", "call `spacy_anon.load()`")
_CODE_WORD = re.compile(r"[a-z0-9_.\-]+")


def inline_code(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a lower-case identifier inside a pair of backticks on its line: a
    package's, a module's or a command's name, no person's ("Jane Doe" in a quoted string there stays)."""
    if _CODE_WORD.fullmatch(text[start:end]) is None:
        return False
    line_start, line_end = text.rfind("\n", 0, start) + 1, text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    return text.count("`", line_start, start) % 2 == 1 and "`" in text[end:line_end]


def software_text(text: str, start: int, end: int) -> bool:
    """An item of a menu path (`menu_step`), an identifier in inline code (`inline_code`), or a piece of
    a snake_case or SCREAMING_CASE word (`snake_piece`)."""
    return menu_step(text, start, end) or inline_code(text, start, end) or snake_piece(text, start, end)


_SNAKE_WORD = re.compile(r"[A-Z0-9]+(?:_[A-Z0-9]+)+|[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+(?=[ \t]*\()")


def snake_piece(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is a piece of a program's identifier joined by underscores, cut at one: a
    constant in capitals ("TOKEN" of the error "AUTH_TOKEN_EXPIRED") or a function before its bracket
    ("Smith" of "get_Smith_record()"), or of a record's key of dictionary words ("start" of "start_date:"),
    which names nobody. A user name written so ("u/tenancy_nerd", "anna_k:") is left alone."""
    if text[start - 1:start] != "_" and text[end:end + 1] != "_":
        return False
    left = start
    while left > 0 and (text[left - 1].isalnum() or text[left - 1] == "_") and start - left < 64:
        left -= 1
    right = end
    while right < len(text) and (text[right].isalnum() or text[right] == "_") and right - end < 64:
        right += 1
    word = _SNAKE_WORD.match(text, left)
    if word is not None and word.end() == right and (left < start or right > end):
        return True
    return (left < start or right > end) and _KEY_AFTER.match(text, right) is not None and all(
        len(part) >= 2 and part.isalpha() and dictionary_test("en")(part.lower())
        for part in text[left:right].split("_"))  # a record's key: "start" of "start_date: 2024-05-01"


_KEY_AFTER = re.compile(r"[\"']?[ \t]*[:=]")
