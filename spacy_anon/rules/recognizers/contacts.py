"""Contacts by telephone and by account: phone numbers (per region, `spacy_anon.rules.phones`), pager
numbers, usernames in a user field."""
import re
from functools import lru_cache
from typing import Iterator, Tuple

from spacy_anon.rules.first_chars import matches
from spacy_anon.rules.phones import find_phones
from spacy_anon.rules.recognizers.base import DIGITS_END, Recognizer, compile_patterns, finds, has_digits, last_digits


def _phone_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    return find_phones(text, getattr(options, "phone_regions", ("US",)))


PHONE = Recognizer(
    name="rules.phone",
    label="CONTACT",
    type="PHONE",
    finder=_phone_finder,
    context=(
        "phone", "phones", "telephone", "tel", "tel.", "mobile", "cell", "cellphone", "fax", "desk", "office",
        "call", "calling", "called", "ring", "dial", "reach", "contact", "text", "sms", "phone number", "my number",
        "our number", "your number", "his number", "her number", "contact number", "number to call",
        "ur number", "ur no", "new number", "my no",  # as chats write them
        "whatsapp", "message", "messages", "answering", "landline", "hotline", "ext", "direct", "ddi", "switchboard",
        "mob", "line", "work",
        "teléfono", "telefono", "tlf", "tfno", "móvil", "movil", "celular", "llamar", "llame",
        "telefone", "telemóvel", "telemovel", "ligar", "ligue", "contacto", "contato", "contactar", "contatar",
        "llamar", "llame", "telefonear", "telefonar",
    ),
    negative_context=(
        "abg", "card", "credit", "iban", "account", "isbn", "ssn", "invoice", "order", "page", "tarjeta", "cartão",
        "license", "licence", "driver", "passport", "ticket", "tracking", "serial", "reference", "ref", "lot",
        "model", ">euros", ">eur", ">dollars", ">usd", ">pesos", ">reais", ">libras", ">pounds", ">inhabitants",
        ">habitantes", ">people", ">personas", ">pessoas", ">km", ">kg", ">metres", ">meters", ">units", "apt", "suite", "street", "st", "ave", "avenue", "road",
        "rd", "blvd", "lane", "utr", "nhs", "nino", "wallet",
    ),
    prefilter=has_digits(7),
)


# Hospital pager numbers are 4-7 digits, too short for a phone number: only after the word "pager" or its
# short forms ("PG 23456", "pgr #4455"), or after "page" and "at" ("please page at 23456")
PAGER = Recognizer(
    name="rules.pager",
    label="CONTACT",
    type="PAGER",
    # bounded spaces: "\s*x?\s*" would try every split of a long run of spaces
    patterns=compile_patterns([(r"(?i)\b(?:pager|beeper|pgr|bpr|pg|paged?[ \t]{1,3}(?:me[ \t]{1,3})?(?:at|@))"
                                r"\s{0,3}(?:(?:#|no\.?|number)\s{0,3})?(?::\s{0,3})?"
                                r"(\d{4,7})(?![\w/]|[.,-]\d)", 0.8, 1)]),
    prefilter=finds(r"(?i)pg|page|beeper|bpr"),
)

# An extension of a switchboard ("ext. 4471", "extension 2214"): too short for a phone number, it reaches
# one person; and the last digits a writer gives of a phone or card ("the old one ended 0142", "card
# ending in 4471"), which narrow it to one number
PHONE_TAIL = Recognizer(
    name="rules.phone_tail",
    label="CONTACT",
    type="PHONE",
    patterns=compile_patterns([
        (r"(?i)\b(?:ext|extn|extension)(?:\.|\b)[ \t]{0,3}(?:no\.?[ \t]{0,2}|#[ \t]?|(?:number[ \t]{1,2})?is[ \t]{1,2}"
         r"|number[ \t]{1,2})?(\d{2,6})" + DIGITS_END, 0.8, 1),
        (r"(?i)\b(?:phone|mobile|number|landline|one)\b[^\n.]{0,20}?" + last_digits(r"\d{3,4}"), 0.7, 1),
    ]),
    prefilter=finds(r"(?i)ext|end|finishing"),
)


# ---------------------------------------------------------------- usernames in a user field or a cc list
# "cc: jkowalski, mthornbury", "user: jdoe42", "login mthornbury", "usuario: jperez", "my username is
# k.obrien", a review's or post's "Reviewer: sarah_k_92", "posted by dave_t", a marketplace's "seller is
# gadgetzone_uk", a platform's "snap tasha_r": the values of a username
# field, one or a list. A value must look like an account name, not a
# word (a ticket's "Closed by j.abara", "assigned to mkowalski", "Reporter: m.okafor" too): it holds a digit, ".", "_" or "-", or
# it is lower-case and all but unknown to word lists (wordfreq,
# English, Spanish, Portuguese), so "login screen", "user: admin", "the user is happy" and a chief complaint
# ("cc: dyspnea") stay; capitalised names are left to the taggers, e-mails to `rules.email`.
USERNAME_MAX_ZIPF = 1.0  # "jkowalski", "mgarcia": 0; "dyspnoea" 1.56, "admin" 3.9
_USER_CUE = re.compile(
    r"(?i)(?<![\w\-])(?:b?cc[ \t]*:|(?:(?:user|login|log-in|logon|account)[ \t_\-]?(?:name|id)s?|users?|logins?"
    r"|logon|uid|usuarios?|usuários?|utilizador(?:es)?|nome de usuário|nombre de usuario|(?:logged|signed) in as"
    r"|reviewer|(?:reviewed|posted|submitted|written|commented|reported|sold)[ \t]+by|author|seller|buyer|vendor"
    r"|(?:comment|reply|answer|post)[ \t]+by"
    # a ticket's or a repository's actor ("Closed by j.abara", "assigned to mkowalski", "merged by dev_ops1")
    r"|(?:closed|resolved|created|opened|updated|modified|edited|approved|merged|triaged|escalated|raised|logged"
    r"|deleted|reassigned)[ \t]+by|(?:assigned|reassigned|escalated)[ \t]+to"
    r"|host|streamer|gamertag"
    # a ticket's fields that hold its people ("Reporter: m.okafor", "Assignee: jsmith2", "Watchers: a.li, bko")
    r"|reporter|assignee|requester|requestor|submitter|creator|watchers?|approvers?"
    # a social platform's name before the account on it ("snap tasha_r", "insta: tasha.runs", "discord blaze_99")
    r"|snap(?:chat)?|insta(?:gram)?|ig|tiktok|twitter|discord|twitch|telegram|kik)"
    # and a JSON or YAML key's quotes ('"user":"m.kowalczyk"')
    r"(?![\w\-])[ \t]{0,3}(?:[\"']?[ \t]{0,3}[:=][ \t]{0,3}[\"']?|(?:is|was|es|é)(?=[ \t]))?)[ \t]{0,3}")
_USER_VALUE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._\-]{0,30}[A-Za-z0-9](?![\w@\-]|\.\w)")
_USER_SEP = re.compile(r"[ \t]{0,3}(?:[,;]|and|y|e)[ \t]{1,3}|[ \t]{0,3}[,;]")
USERNAME_SCORE = 0.75
USERNAME_MAX_LIST = 20


# a code in capitals and digits after an account's or a user's id ("account ID CUS-00918273"): the account's
# number, which `rules.account_number` reads (after "login:" it stays a user name)
_ID_CODE = re.compile(r"[A-Z]{1,6}[-_]?\d{4,}")
_ID_CUE = re.compile(r"(?i)account|\bid\b|\buid\b|\buser")


@lru_cache(maxsize=4096)
def _username_like(value: str) -> bool:
    if not any(c.isalpha() for c in value) or len(value) < 3:
        return False
    if any(c.isdigit() or c in "._-" for c in value):
        return True
    if not value.islower():
        return False
    from wordfreq import zipf_frequency

    return max(zipf_frequency(value, lang) for lang in ("en", "es", "pt")) < USERNAME_MAX_ZIPF


def _username_finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
    """The username-shaped values after a user-field cue, up to the first value that is not one."""
    for cue in matches(_USER_CUE, text):
        pos = cue.end() + (2 if text.startswith("u/", cue.end()) else 0)  # "posted by u/tenancy_nerd"
        for _ in range(USERNAME_MAX_LIST):
            m = _USER_VALUE.match(text, pos)
            if m is None or not _username_like(m.group()) or (
                    _ID_CODE.fullmatch(m.group()) and _ID_CUE.search(cue.group())):
                break
            yield m.start(), m.end(), USERNAME_SCORE
            sep = _USER_SEP.match(text, m.end())
            if sep is None:
                break
            pos = sep.end()


USERNAME = Recognizer(
    name="rules.username",
    label="CONTACT",
    type="USERNAME",
    finder=_username_finder,
    needs=(_USER_CUE,),
    prefilter=finds(r"(?i)cc[ \t]*:|user|login|log-in|logon|account|uid|usuari|utilizador|in as|reviewer|ed[ \t]+by"
                    r"|author|seller|buyer|vendor|host|streamer|gamertag|sold[ \t]+by"
                    r"|snap|insta|(?<![a-z])ig(?![a-z])|tiktok|twitter|discord|twitch|telegram|kik|ed[ \t]+to"
                    r"|comment|reply|answer|post|reporter|assignee|request[eo]r|submitter|creator|watcher|approver"),
)
