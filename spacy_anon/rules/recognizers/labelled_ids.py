"""Identifiers named by the label before them ("Employee ID: EMP-204518", "account ref 60018842",
"Invoice INV-20931"), one span each, typed by that label: EMPLOYEE_ID, ACCOUNT_NUMBER, RECORD_NUMBER,
REFERENCE_NUMBER. Logs and exports write the label as a key ("customer_id=88231945", "accountNo:
00412277", "user-id 42871") or as the path segment before the value ("/customers/88231945/orders",
"/patients/1045521"): the same identifiers, found and typed the same way. An office's reference of letters,
a year and a number ("FOI/2025/0912") is a reference number without a label.

A tagger splits "EMP-204518" at its hyphen into two ORG guesses and leaves the hyphen in clear; the
code after an identifier's label is one ID span here, and `spacy_anon.mask.fine_types` types a
tagger's span by the same cues (`cue_type`), so a policy for ACCOUNT_NUMBER acts on it whoever found it.
"""
import re
from typing import Iterator, Optional, Tuple

from spacy_anon.rules import scanning
from spacy_anon.rules.first_chars import matches
from spacy_anon.rules.recognizers.base import Recognizer, has_digits, last_digits

_NO = r"(?:id|ID|Id|no\.?|No\.?|NO\.?|number|Number|num\.?|#|ref\.?|Ref\.?|reference|code|PIN)"
# fine type -> label words (case-insensitive), each optionally followed by "id", "no.", "number", "ref"
CUES: Tuple[Tuple[str, str], ...] = (
    ("EMPLOYEE_ID", r"employee|staff|payroll|personnel|badge|emp"),
    ("RECORD_NUMBER", r"mrn|hospital|hosp|patient|medical\s+record|chart|nhs\s+trust|rio|case\s+note"
                      # an Australian hospital's unit record number ("UR: 00884213", "URN 4471"): in capitals
                      # only, chat's "ur number" is "your number"
                      r"|(?-i:UR|URN)(?=[ \t]*(?:[:#]|(?i:no|num|number)\b))"),
    # an NHS number written after its label, checksum or not ("NHS No: 943 476 5918"): a tagger's span
    # there is typed NHS, not PHONE (`rules.nhs` reports the valid ones; this type has no recognizer here)
    ("NHS", r"nhs"),
    # a UK bank's sort code names the branch that holds the account ("Sort code 40-12-76")
    ("ACCOUNT_NUMBER", r"account|acct|acc|customer|client|member(?:ship)?|policy|tenancy|tenant|subscriber|loyalty|user|uid"
                       r"|pension|annuity|scheme[ \t]+member"  # a pension's number ("His pension number was PN-4471192")
                       # a store's card by its name ("My Nectar card is 9826 3001 2245 6789"; not "the card: 5521")
                       r"|(?-i:[A-Z][A-Za-z]+)[ \t]card(?=[ \t]+(?:is|was|number|no)\b)"
                       r"|sort[ \t\-]?code|frequent[ \t\-]flyer|frequent[ \t\-]flier"),
    # a bag's tag on a flight ("suitcase (tag BA 482913)"); a booking's short code is read below (`SHORT_CODE`)
    ("REFERENCE_NUMBER", r"invoice|ticket|order|booking|claim|reference|ref|tracking|incident|complaint|confirmation"
                         r"|reservation|pnr|(?:bag(?:gage)?|luggage)[ \t]+tag|tag|jira|issue|bug"
                         # a parking or traffic fine's notice ("PCN number: BX40981276", "FPN 7731204")
                         r"|pcn|fpn|penalty[ \t]+charge(?:[ \t]+notice)?|parking[ \t]+charge(?:[ \t]+notice)?"
                         r"|fixed[ \t]+penalty(?:[ \t]+notice)?"
                         # a planning application's reference ("Planning application 25/01234/FUL")
                         r"|planning[ \t]+(?:application|ref(?:erence)?|permission)"
                         # a police record's number ("Custody record 44/1187/26", "crime no. 4412/25")
                         r"|custody[ \t]+record|(?:crime|occurrence)(?=[ \t]+(?:no|num|number|ref|reference)\b)"
                         # a police log's number with its day ("Call 101 quoting log 1123 of 7 March")
                         r"|log(?=[ \t]+(?:(?:no|number|ref)\.?[ \t]+)?\d{2,6}[ \t]+of[ \t]+\d)"
                         # a contract's or an agreement's number ("chase Capita re: contract 88-2291")
                         r"|contract|agreement"
                         # a flight's number, which with its date says where someone was ("flight IB3166")
                         r"|flight"),
    # HIPAA's "device identifiers and serial numbers": a laptop's asset tag, a pump's serial number
    ("DEVICE_ID", r"asset[ \t]+tag|asset|serial|imei|device|equipment|microchip"),  # and a pet's microchip  # not "s/n", Spanish "sin número"
    # a bare "ID" label ("Tomasz Nowak (ID 448210)", "ID: 7781-22"): last, so "Employee ID" stays an employee's
    ("ID_NUMBER", r"id(?![a-z])|identification|identity[ \t]+(?:card|document)|pin(?![a-z])|orcid|uan|brp"
                  # an exam's candidate, a pupil's and a student's numbers ("candidate number 4471", "UPN
                  # A123456789012", "roll no. 21BCE1043", "enrolment number ...")
                  r"|candidate|upn|uln|roll(?=[ \t]*(?:no|num|number)\b)|enrol(?:l)?ment|matriculation"
                  r"|blue[ \t]+badge"  # a disabled person's parking permit ("Blue Badge number 1146 7789 0012")
                  # a health card's or a public health plan's number ("Health card 123-456-789", "OHIP 1234-567-890",
                  # "PHN 9876 543 210", "Medicare no. 2123 45670 1")
                  r"|health[ \t]+(?:card|insurance|plan)|ohip|phn|medicare|medicaid"
                  # a company's or a charity's registration ("company number 11223344"): a sole trader's names
                  # its owner, and a small firm's its few people
                  r"|company(?=[ \t]+(?:no|num|number|reg(?:istration)?)\b)|(?:registered[ \t]+)?charity(?=[ \t]+(?:no|num|number)\b)"),
)
# a code: letters and digits in at most four groups, at least four digits in all (checked below); up to
# three groups of letters may open it ("Our ref: YD/PI/2291")
# a code may be printed in groups of digits ("account number 1234 5678 9012"): after three digits, up to
# four more groups of three to eight digits, each after one space, are part of it
_CODE = r"(?:[A-Z]{1,5}[\-/ ]?)?(?:[A-Z]{1,5}[\-/]){0,2}\d[\dA-Z]{0,17}(?:[\-/][\dA-Z]{1,10}){0,3}(?:(?<=\d{3})[ ]\d{3,8}){0,4}" \
    r"(?:(?<=\d)[ ]\d[A-Z]{2})?(?![\w\-/]|[.,]\d)"  # a postal item's last group: "JX 1234 5678 9GB"
# (a JSON or a quoted key: "loyalty_id": "LY-00918273")
_AFTER_CUE = (r"(?:(?:[ \t]{1,2}|[_\-]?)(?i:" + _NO + r"))?\.?(?:[\"'][ \t]{0,2}[:=][ \t]{0,2}[\"']|[ \t]{0,2}"
              r"(?:[:#=][ \t]{0,2}|(?:is|was)[ \t]{1,2})?)(?P<code>" + _CODE + r")")
_LABELLED = re.compile(
    r"(?<![\w])(?i:(?P<cue>" + "|".join(f"(?P<{t}>{words})" for t, words in CUES) + r"))" + _AFTER_CUE)
# names written as names that label a number: a parcel's carrier before its tracking number ("Royal Mail:
# JX 1234 5678 9GB", "UPS tracking 1Z999AA10123456784") and a clinician's register before the registration
# ("GMC 7012345", "NMC PIN 12A3456E", "NPI: 1234567893"); case-sensitive, so prose's "ups" or "dea" are skipped
NAMED_CUES: Tuple[Tuple[str, str], ...] = (
    ("REFERENCE_NUMBER", r"Royal[ \t]+Mail|Parcelforce|UPS|USPS|FedEx|DHL|DPD|Evri|Hermes|Yodel"),
    ("ID_NUMBER", r"GMC|NMC|HCPC|GPhC|NPI|DEA|PC|PCSO|DC|Gas[ \t]Safe|GAS[ \t]SAFE"),  # and a police officer's
    # collar number ("PC 4471"), a gas engineer's registration ("Gas Safe 554219")
)
_NAMED = re.compile(
    r"(?<![\w])(?P<cue>" + "|".join(f"(?P<{t}>{words})" for t, words in NAMED_CUES) + r")(?![\w])"
    r"(?:[ \t]{1,2}(?i:tracking|registration|reg\.?))?" + _AFTER_CUE)
# a URL path's segment that names a collection of people, then the value ("/users/u923301/profile"): a
# value of letters, digits, "_" and "-" up to the next "/", "?", "#", quote or space (digits checked below)
PATH_CUES: Tuple[Tuple[str, str], ...] = (
    ("EMPLOYEE_ID", r"employees?|staff"),
    ("RECORD_NUMBER", r"patients?"),
    ("ACCOUNT_NUMBER", r"users?|accounts?|customers?|clients?|members?|subscribers?|tenants?"),
    ("ID_NUMBER", r"people|persons?|profiles?|students?|contacts?"),
)
_PATH_ID = re.compile(
    r"/(?P<cue>" + "|".join(f"(?P<{t}>{words})" for t, words in PATH_CUES) + r")/"
    r"(?P<code>[A-Za-z0-9][A-Za-z0-9_\-]{0,63})(?=[/?#;&\s\"'<>)\]]|$)", re.IGNORECASE)
# a value that carries its own type in its prefix ("EMP-204518", "INV-20931")
_PREFIXED = re.compile(r"(?<![\w\-])(?P<prefix>EMP|STAFF|INV|ACC|ACCT|CUST|TKT|ORD|REF)-\d{3,12}(?![\w\-])")
_PREFIX_TYPES = {"EMP": "EMPLOYEE_ID", "STAFF": "EMPLOYEE_ID", "INV": "REFERENCE_NUMBER",
                 "ACC": "ACCOUNT_NUMBER", "ACCT": "ACCOUNT_NUMBER", "CUST": "ACCOUNT_NUMBER",
                 "TKT": "REFERENCE_NUMBER", "ORD": "REFERENCE_NUMBER", "REF": "REFERENCE_NUMBER"}
# a reference of an office's letters and the year and number after slashes ("FOI/2025/0912", "SAR/2024/118")
# and a planning application's, the year's two digits, a number and the kind of application ("24/03318/FUL")
_SLASHED = re.compile(r"(?<![\w/\-])(?:[A-Z]{2,5}/(?:19|20)\d\d/\d{2,8}(?:/\d{1,6})?|\d{2}/\d{4,6}/[A-Z]{2,6})(?![\w/\-])")
MIN_DIGITS = 4


_YEAR = re.compile(r"(?:1[89]|20)\d\d")
_DIGIT = re.compile(r"\d")


# a day and a month, maybe after a word ("INCIDENT LOG 14/11", "incident 3/12"): when, not which
_DAY_MONTH = re.compile(r"(?:[A-Z]{1,5} )?(?:0?[1-9]|[12]\d|3[01])/(?:0?[1-9]|1[0-2])")


def _enough_digits(code: str) -> bool:
    """At least `MIN_DIGITS` digits, and not a bare year ("claim 2019") or a day and a month."""
    return sum(c.isdigit() for c in code) >= MIN_DIGITS and _YEAR.fullmatch(code) is None \
        and _DAY_MONTH.fullmatch(code) is None


# a booking's reference as airlines and hotels issue it: five to eight capitals and digits, a digit and two
# letters at least ("booking ref XK7P2Q", "PNR: 4QJ7TZ"), after a booking's cue only
SHORT_CODE = re.compile(r"(?=[A-Z]*\d)(?=(?:\d*[A-Z]){2})[A-Z\d]{5,8}")
_BOOKING_CUE = re.compile(r"(?i)booking|confirmation|reservation|pnr|flight")


# an airline's two-character code and the flight's one to four digits ("BA12", "IB3166", "U2 8231")
FLIGHT_CODE = re.compile(r"(?=[A-Z]{0,2}\d{0,2}[A-Z])[A-Z\d]{2}[A-Z]?[ ]?\d{1,4}[A-Z]?")  # and "EZY6123"


def _code_enough(match: "re.Match[str]") -> bool:
    code = match.group("code")
    if match.group("REFERENCE_NUMBER") is not None and match.group("cue").lower() == "flight":
        return FLIGHT_CODE.fullmatch(code) is not None
    return _enough_digits(code) or (match.group("REFERENCE_NUMBER") is not None
                                    and _BOOKING_CUE.match(match.group("cue")) is not None
                                    and SHORT_CODE.fullmatch(code) is not None)


# a loyalty scheme's number after the scheme's name ("Frequent flyer: BA Executive Club 12345678", "Loyalty:
# Tesco Clubcard 6340 0412 3456"): the member's number, however the scheme is called
_SCHEME_NUMBER = re.compile(
    r"(?i:\b(?:frequent[ \t\-]fl[yi]er|loyalty|membership|rewards?)(?:[ \t]+(?:no\.?|number|#))?[ \t]*:?[ \t]*)"
    r"(?:[A-Z][\w&'’\-]*[ \t]+){1,4}(?P<code>\d[\d \-]{4,22}\d)(?![\w\-/]|[.,]\d)")
# the last digits given of an account ("from account ending 6612"), which narrow it to one
_ACCOUNT_TAIL = re.compile(r"(?i)\b(?:account|acct)\b[^\n.]{0,12}?" + last_digits(r"\d{4}", r"end(?:ed|ing|s)"))
# the account number written after a sort code ("account 40-12-76 31926819", "sort code 40-12-76 / 31926819")
_AFTER_SORT_CODE = re.compile(r"(?<=\d\d-\d\d-\d\d)(?:[ \t]{1,3}|[ \t]?[/,][ \t]?)(\d{8})(?![\w\-/]|[.,]\d)")


def find_labelled(text: str) -> Iterator[Tuple[int, int, str]]:
    """(start, end, fine type) of each code after an identifier's label, or with a typed prefix."""
    seen = set()
    for match in matches(_LABELLED, text):
        if _code_enough(match):
            seen.add(match.span("code"))
            fine = next(t for t, _ in CUES if match.group(t) is not None)
            yield match.start("code"), match.end("code"), fine
            account = _AFTER_SORT_CODE.match(text, match.end("code")) if fine == "ACCOUNT_NUMBER" else None
            if account is not None:
                seen.add(account.span(1))
                yield account.start(1), account.end(1), fine
    for match in scanning.finditer(_NAMED, text):  # texts without "UPS", "GMC"... are not scanned
        if match.span("code") not in seen and _enough_digits(match.group("code")):
            seen.add(match.span("code"))
            yield match.start("code"), match.end("code"), next(t for t, _ in NAMED_CUES if match.group(t) is not None)
    for match in scanning.finditer(_PREFIXED, text):  # texts without "EMP-", "INV-"... are not scanned
        if match.span() not in seen:
            seen.add(match.span())
            yield match.start(), match.end(), _PREFIX_TYPES[match.group("prefix")]
    for match in scanning.finditer(_SLASHED, text):
        if match.span() not in seen:
            seen.add(match.span())
            yield match.start(), match.end(), "REFERENCE_NUMBER"
    for match in scanning.finditer(_SCHEME_NUMBER, text):
        if match.span("code") not in seen and _enough_digits(match.group("code")):
            seen.add(match.span("code"))
            yield match.start("code"), match.end("code"), "ACCOUNT_NUMBER"
    for match in scanning.finditer(_ACCOUNT_TAIL, text):
        if match.span(1) not in seen:
            seen.add(match.span(1))
            yield match.start(1), match.end(1), "ACCOUNT_NUMBER"
    for match in scanning.finditer(_PATH_ID, text):
        if match.span("code") not in seen and _enough_digits(match.group("code")):
            yield match.start("code"), match.end("code"), next(t for t, _ in PATH_CUES if match.group(t) is not None)


def cue_type(value: str, before: str) -> Optional[str]:
    """The ID type a span's text proves with the label just before it or inside it ("MRN 00482913";
    "204518" after "Employee ID: "; "EMP-204518" alone); None when there is no label or too few digits."""
    value = value.strip()
    if _DIGIT.search(value) is None:  # the code, which must lie in the value, holds a digit
        return None
    full = before + value
    for start, end, fine in find_labelled(full):
        if end == len(full) and start >= len(before):
            return fine
    return None


def _finder_of(fine_type: str):
    def finder(text: str, options: object) -> Iterator[Tuple[int, int, float]]:
        # one scan serves the recognizers of every type
        for start, end, fine in scanning.shared(text, "labelled_ids", lambda: tuple(find_labelled(text))):
            if fine == fine_type:
                yield start, end, SCORE
    return finder


# a tax reference is `rules.uk_utr`'s, a phone number `rules.phone`'s
NEGATIVE_CONTEXT = ("<page", "<phone", "<tel", "<fax", "<taxpayer", "<tax", "<utr")
SCORE = 0.7  # below a custom recognizer of the same code with its context word (0.4 + 0.35)


_ENOUGH_DIGITS, _A_DIGIT = has_digits(MIN_DIGITS), has_digits(1)


def _may_hold(text: str) -> bool:
    """Prefilter: `MIN_DIGITS` digits, or a digit and a booking's or a flight's cue (its code may hold one)."""
    return _ENOUGH_DIGITS(text) or (_A_DIGIT(text) and _BOOKING_CUE.search(text) is not None)


def _recognizer(name: str, fine_type: str) -> Recognizer:
    return Recognizer(name=name, label="ID", type=fine_type, finder=_finder_of(fine_type),
                      needs=(_LABELLED, _NAMED, _PREFIXED, _PATH_ID, _ACCOUNT_TAIL, _SLASHED, _SCHEME_NUMBER),
                      negative_context=NEGATIVE_CONTEXT, prefilter=_may_hold)


# record numbers after "MRN" are `rules.record_number`'s; their cues here type a tagger's span
EMPLOYEE_ID = _recognizer("rules.employee_id", "EMPLOYEE_ID")
ACCOUNT_NUMBER = _recognizer("rules.account_number", "ACCOUNT_NUMBER")
REFERENCE_NUMBER = _recognizer("rules.reference_number", "REFERENCE_NUMBER")
DEVICE_ID = _recognizer("rules.device_id", "DEVICE_ID")
ID_NUMBER = _recognizer("rules.id_number", "ID_NUMBER")
