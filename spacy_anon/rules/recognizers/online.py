"""E-mail, web and network addresses and online accounts: e-mails, URLs and bare domains, IP and MAC
addresses, social-media handles.
"""
import re
from typing import List, Optional

from spacy_anon.rules import scanning
from spacy_anon.rules import validators as v
from spacy_anon.rules.recognizers.base import Recognizer, compile_patterns, contains, finds


# ---------------------------------------------------------------- CONTACT
# RFC 5321 limits: a local part of at most 64 characters, domain labels of at most 63, and (here) at most
# ten labels before the top-level domain. The lookahead checks the 64-character bound before the local
# part is matched, so a long token without an "@" soon after its start is given up at once instead of
# being read to its end from every "/" or "=" in it (base64 blobs). Domains may be internationalized
# ("bücher.de") or punycode ("xn--bcher-kva.example", TLD "xn--p1ai").
# the characters of an address's local part (RFC 5322's atext) but "/", "?" and "&", which it allows and no
# address in use holds, while a URL's path and query put them before an address ("/search?to=jo@x.com")
_LOCAL_CHARS = "A-Za-z0-9!#$%'*+=^_`{|}~\\-"
_ULABEL = r"[^\W_](?:(?:[^\W_]|-){0,61}[^\W_])?"
_UTLD = r"(?:[^\W\d_]{2,24}|[Xx][Nn]--[A-Za-z0-9\-]{1,59})"
# a log's or a query's key before the address ("email=jo@x.com", "?to=jo@x.com", "reply_to=..."): "=" is
# a character of an address's local part, but not of the value written after such a key
_EMAIL_KEY = (r"(?:[?&;]?[A-Za-z_\-]{0,20}(?i:mail|user|username|login|to|from|cc|bcc|addr|address|contact|recipient|rcpt"
              r"|sender|owner|author|account|customer|client|name|id))=")
EMAIL = Recognizer(
    name="rules.email",
    label="CONTACT",
    type="EMAIL",
    patterns=compile_patterns([(
        rf"(?<![\w.+\-])(?:{_EMAIL_KEY})?(?P<address>(?=[{_LOCAL_CHARS}.]{{1,64}}@)[{_LOCAL_CHARS}]+(?:\.[{_LOCAL_CHARS}]+)*"
        rf"@(?:{_ULABEL}\.){{1,10}}{_UTLD})(?![\w\-])", 0.9, 1)]),
    context=("email", "e-mail", "mail", "correo", "contact"),
    prefilter=contains("@"),
)

# Bare domains (no scheme, no www.): generic TLDs are reported alone; country TLDs only with a second
# level ("bbc.co.uk", "uol.com.br"), a path, or a context word, because "chart.pt" or "monday.no" (a
# missing space after a full stop) are far more common in notes than bare ccTLD domains. Country codes
# that are also words (.is .no .in .at .be .me .us .it) are never taken bare.
_GTLDS = "com|org|net|edu|gov|mil|int|info|biz|io|online|site|store|shop|blog|xyz"
_CCTLDS = (
    "eu|uk|ca|de|fr|es|pt|br|nl|ch|se|dk|fi|pl|cz|hu|ru|cn|jp|au|nz|za|mx|ar|cl|ie|gr|tr|il|kr|sg|hk|tw|"
    "ro|ua|sk|si|hr|bg|lt|lv|ee|lu|cat|gal|eus"
)
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?"
_LABELS = rf"(?:{_LABEL}\.){{1,10}}"  # at most ten labels before the top-level domain
_TLD = r"(?:[A-Za-z]{2,24}|xn--[A-Za-z0-9\-]{1,59})"
_URL_CHARS = r"[^\s<>\"'`]"
_URL_END = r"[^\s<>\"'`.,;:!?)\]}]"  # a URL does not end with the sentence's punctuation
_PATH = rf"/{_URL_CHARS}*{_URL_END}"
URL = Recognizer(
    name="rules.url",
    label="CONTACT",
    type="URL",
    patterns=compile_patterns([
        # a scheme: anything up to the next space
        (rf"(?<![\w@])(?:https?|ftp)://{_URL_CHARS}+{_URL_END}", 0.85, 0),
        # a www. prefix needs a domain with a top-level domain after it ("www.microsoft" alone is not a URL);
        # not after a dot, so a run of "www.www.www." is read once
        (rf"(?<![\w@.\-/])www\.{_LABELS}{_TLD}(?![\w\-])(?::\d{{1,5}})?(?:[/?#](?:{_URL_CHARS}*{_URL_END})?)?",
         0.85, 0),
        # bare domains (see _GTLDS / _CCTLDS)
        (rf"(?<![\w@.\-/]){_LABELS}(?:{_GTLDS})(?:\.(?:{_CCTLDS}))?(?:{_PATH})?(?![\w@\-])", 0.6, 0),
        (rf"(?<![\w@.\-/]){_LABELS}(?:co|ac|or|ne|go|gob|gv)\.(?:{_CCTLDS})(?:{_PATH})?(?![\w@\-])", 0.6, 0),
        (rf"(?<![\w@.\-/]){_LABELS}(?:{_CCTLDS}){_PATH}(?![\w@\-])", 0.6, 0),
        (rf"(?<![\w@.\-/]){_LABELS}(?:{_CCTLDS})(?![\w@\-])", 0.3, 0),
    ]),
    context=("website", "site", "web", "url", "link", "domain", "visit", "página", "sitio", "portal", "blog"),
    prefilter=contains("."),
)

_DOT_LETTER = re.compile(r"\.[A-Za-z]")
_HOST_RUN = re.compile(r"[A-Za-z0-9.\-]*")
_HOST_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")
MAX_HOST_REACH = 10 * 64  # `_LABELS`: at most ten labels of at most 63 characters, each with its dot


def bare_domain_starts(text: str) -> List[int]:
    """Where a bare domain can start, a superset: a match of `_LABELS` and a top-level domain consists
    of host characters (letters, digits, dots, hyphens) holding a dot before a letter (the top-level
    domain's, at most `MAX_HOST_REACH` characters in), and its lookbehind rules out a host character
    before it; so it starts where the run of host characters around such a dot starts. Dots before a
    letter are rare in prose (`str`-speed to find), where the patterns' lookbehind made `re` try every
    position of the text."""
    starts: List[int] = []
    run_end = -1
    for m in _DOT_LETTER.finditer(text):
        dot = m.start()
        if dot < run_end:
            continue  # same run as the last dot: same start
        run_end = _HOST_RUN.match(text, dot).end()
        start, floor = dot, max(0, dot - MAX_HOST_REACH)
        while start > floor and text[start - 1] in _HOST_CHARS:
            start -= 1
        if start > 0 and text[start - 1] in _HOST_CHARS:
            continue  # the run starts too far back for this dot to end its labels
        starts.append(start)
    return starts


for _pattern in URL.patterns[2:]:  # the bare domains: `_LABELS` after a lookbehind excluding host characters
    scanning.register_starts(_pattern.regex, bare_domain_starts)

_IPV4 = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}"
_H = r"[0-9A-Fa-f]{1,4}"
# IPv6 candidates: two to seven "hex:" groups (at most 4 hex digits each, so each step is forced) and a
# last hex group or an embedded IPv4 address ("::ffff:192.0.2.128"); `ip_valid` decides. A hex digit must
# come within the first seven characters, so "::" alone is not an address.
_IPV6_CANDIDATE = rf"(?=[0-9A-Fa-f:]{{0,6}}[0-9A-Fa-f])(?:[0-9A-Fa-f]{{0,4}}:){{2,7}}(?:{_IPV4}|{_H})?"
IP_ADDRESS = Recognizer(
    name="rules.ip",
    label="CONTACT",
    type="IP",
    patterns=compile_patterns([
        # with an optional CIDR prefix length ("10.0.0.0/8")
        (rf"(?<![\w./]){_IPV4}(?:/(?:3[0-2]|[12]?\d))?(?![\w/%]|\.\d)", 0.6, 0),
        (rf"(?<![\w:.]){_IPV6_CANDIDATE}(?:/(?:12[0-8]|1[01]\d|[1-9]?\d))?(?![\w:/]|\.\d)", 0.6, 0),
    ]),
    validator=v.ip_valid,
    validated_score=0.6,
    context=("ip", "address", "ipv4", "ipv6", "host", "server", "client", "dirección", "endereço"),
    negative_context=("version", "versión", "versão", "v", "firmware", "release", "build", "software",
                      "model"),
    prefilter=lambda t: "." in t or ":" in t,
)



_HEX = "[0-9A-Fa-f]"


def _mac_plausible(value: str) -> Optional[bool]:
    """Dash and dot forms need a hex letter: twelve decimal digits in dashed pairs or dotted fours are
    more often a number than a MAC address (one MAC in 280 has no letter)."""
    if ":" not in value and not any(c.isalpha() for c in value):
        return False
    return None


MAC_ADDRESS = Recognizer(
    name="rules.mac_address",
    label="CONTACT",
    type="MAC",
    patterns=compile_patterns([
        # 00:1A:2B:3C:4D:5E, 00-1A-2B-3C-4D-5E (one separator throughout)
        (rf"(?<![\w:\-.]){_HEX}{{2}}([:\-])(?:{_HEX}{{2}}\1){{4}}{_HEX}{{2}}(?![\w:\-]|\.\w)", 0.6, 0),
        # Cisco 001a.2b3c.4d5e
        (rf"(?<![\w.\-]){_HEX}{{4}}\.{_HEX}{{4}}\.{_HEX}{{4}}(?![\w\-]|\.\w)", 0.6, 0),
    ]),
    validator=_mac_plausible,
    context=("mac", "mac address", "hardware address", "ethernet", "wifi", "wi-fi", "wlan", "bssid", "device",
             "adapter", "nic", "router"),
    prefilter=re.compile(r"[:\-.]").search,
)

# "@johndoe99 tweeted": a handle starts with a letter or "_" (so "@5pm" is a time), is not the "@" of an
# e-mail (a word character before it) and not a domain ("@example.com"); Mastodon handles carry their
# server ("@anna@mastodon.social"). Scored to stand alone: an "@name" in prose is almost always an account.
# the endings of web addresses that "@" also writes before a domain ("@gmail.com" of "me @gmail.com")
WEB_TLDS = frozenset("com org net io co uk edu gov de fr es it nl ru info biz me app dev ai us ca au in eu".split())
# a chat's mentions of everyone in a channel ("@channel heads up"), no one's handle
BROADCAST_MENTIONS = frozenset(("@channel", "@here", "@everyone", "@all", "@team"))
HANDLE = Recognizer(
    name="rules.handle",
    label="CONTACT",
    type="HANDLE",
    patterns=compile_patterns([
        (rf"(?<![\w@.+\-/])@[A-Za-z_][A-Za-z0-9_]{{0,29}}@(?:{_LABEL}\.){{1,10}}{_TLD}(?![\w\-])", 0.9, 0),
        (r"(?<![\w@.+\-/])@[A-Za-z_][A-Za-z0-9_]{0,29}(?![\w@]|[.\-]\w)", 0.55, 0),
        # dots inside, as Instagram and chat exports write them ("@sophie.w", "@raj.patel"); not a domain
        (r"(?<![\w@.+\-/])@[A-Za-z_][A-Za-z0-9_]{0,29}(?:\.[A-Za-z0-9_]{1,29}){1,2}(?![\w@]|[.\-]\w)", 0.55, 0),
        # hyphens inside, as GitHub and GitLab write them ("@kpetrov-dev", "@Ravi-K")
        (r"(?<![\w@.+\-/])@[A-Za-z][A-Za-z0-9]{0,38}(?:-[A-Za-z0-9]{1,38}){1,3}(?![\w@\-]|\.\w)", 0.55, 0),
    ]),
    validator=lambda value: False if (value.rsplit(".", 1)[-1].lower() in WEB_TLDS and "." in value)
    or value.lower() in BROADCAST_MENTIONS else None,
    context=("twitter", "instagram", "tiktok", "mastodon", "telegram", "threads", "bluesky", "handle", "follow",
             "followed", "tweet", "tweeted", "tweets", "dm", "username", "user", "account", "profile"),
    prefilter=contains("@"),
)

# ---------------------------------------------------------------- CONTACT: defanged addresses
# Threat reports and tickets write addresses "defanged" so that they cannot be clicked: "192[.]168[.]1[.]23",
# "10(.)0(.)0(.)1", "hxxp://evil[.]example/x", "evil[.]example". The whole address is the span; a match
# without a bracketed dot or an "hxxp" scheme is an ordinary address, left to `rules.ip` / `rules.url`.
_DEFANGED_DOT = r"(?:\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\))"
_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"


def _defanged(value: str) -> Optional[bool]:
    """False unless the value is written defanged (a bracketed dot or colon, or an "hxxp" scheme)."""
    return None if re.search(r"[\[({]|^h[xX]{2}p", value, re.I) else False


DEFANGED_IP = Recognizer(
    name="rules.defanged_ip",
    label="CONTACT",
    type="IP",
    patterns=compile_patterns([(
        rf"(?<![\w.]){_OCTET}(?:(?:\.|{_DEFANGED_DOT}){_OCTET}){{3}}(?:/(?:3[0-2]|[12]?\d))?(?![\w/%]|\.\d)",
        0.8, 0)]),
    validator=_defanged,
    prefilter=contains("[.]", "(.)", "{.}", "[dot]", "(dot)"),
)

DEFANGED_URL = Recognizer(
    name="rules.defanged_url",
    label="CONTACT",
    type="URL",
    patterns=compile_patterns([
        (rf"(?i)(?<![\w@])h(?:xx|\*\*)ps?(?:\[:\]//|\[://\]|://){_URL_CHARS}+{_URL_END}", 0.8, 0),
        (rf"(?<![\w@.\-/\[]){_LABEL}(?:(?:\.|{_DEFANGED_DOT}){_LABEL}){{0,9}}{_DEFANGED_DOT}[A-Za-z]{{2,24}}"
         rf"(?![\w\-])(?:{_PATH})?", 0.8, 0),
    ]),
    validator=_defanged,
    prefilter=finds(r"(?i)hxxp|h\*\*p|\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)"),
)
