"""National identifiers of the United States, the United Kingdom, India, Canada, Australia and Ireland, and
passport numbers."""
import re
from typing import Callable, Iterator, Optional, Tuple

from spacy_anon.rules import scanning
from spacy_anon.rules import validators as v
from spacy_anon.rules.recognizers.base import (
    DIGITS_END, Recognizer, compile_patterns, has_digits, keyed_before, last_digits)


def _ssn_valid(value: str) -> Optional[bool]:
    if len(value) == 4 or not value[:1].isdigit():
        return None  # the last four digits, which the pattern's words or masks say are an SSN's ("XXX-XX-7731")
    return None if v.us_ssn_valid(value) else False


_SSN_WORDS = r"(?:ssn|ss#|social[ \t]+security(?:[ \t]+(?:number|no\.?|#))?)"



US_SSN = Recognizer(
    name="rules.us_ssn",
    label="ID",
    type="SSN",
    patterns=compile_patterns([
        (r"(?<![\w\-.])\d{3}([\- .])\d{2}\1\d{4}(?![\w\-]|\.\d)", 0.5, 0),
        (r"(?<![\w\-.])\d{9}(?![\w\-]|\.\d)", 0.2, 0),
        # the last four digits, as forms and letters give them: "SSN (last 4): 7731", "last 4 of SSN: 7731",
        # "SSN ending in 7731", "XXX-XX-7731"
        (rf"(?i)\b{_SSN_WORDS}[ \t]*\((?:last[ \t]+)?(?:4|four)(?:[ \t]+digits)?\)[ \t]*[:#=]?[ \t]*(\d{{4}}){DIGITS_END}",
         0.7, 1),
        (rf"(?i)\blast[ \t]+(?:4|four)(?:[ \t]+digits)?[ \t]+of[ \t]+(?:(?:my|his|her|their|your|the)[ \t]+)?{_SSN_WORDS}"
         rf"[ \t]*(?:(?:is|are|was|were)[ \t]+|[:=#][ \t]*)?(\d{{4}}){DIGITS_END}", 0.7, 1),
        (rf"(?i)\b{_SSN_WORDS}\b[^\n.]{{0,20}}?" + last_digits(r"\d{4}"), 0.7, 1),
        (rf"(?<![\w*•])[xX*•]{{3}}-[xX*•]{{2}}-\d{{4}}{DIGITS_END}", 0.7, 0),
    ]),
    validator=_ssn_valid,
    keyed=("ssn", "social security"),
    context=("ssn", "ssns", "social security", "social", "security", "ss#", "ss #", "ssid", "ss"),
    languages=("en",),
    prefilter=has_digits(4),
)

# Passport numbers differ by country (US 9 digits, UK 9, ES "AAA123456", KR "M123A4567", "C01X00T47"):
# 6-9 upper-case letters and digits with at least one digit, only beside a passport word.
PASSPORT_CONTEXT = ("passport", "passports", "pasaporte", "passaporte", "travel document", "여권", "여권번호",
                    "여권 번호")
PASSPORT = Recognizer(
    name="rules.passport",
    label="ID",
    type="PASSPORT",
    patterns=compile_patterns([(r"(?<![\w\-])(?=[A-Z]{0,8}\d)[A-Z0-9]{6,9}(?![\w\-])", 0.2, 0)]),
    context=PASSPORT_CONTEXT,
    prefilter=has_digits(1),
)

# ---------------------------------------------------------------- ID: United Kingdom
NHS_SPACED_SCORE = 0.55  # "943 476 5919", the way the NHS prints it, check digit valid
NHS_LOOSE_SCORE = 0.3  # one run or dashes, check digit valid: needs a context word
_NHS_CANDIDATE = re.compile(r"(?<![\w\-.])\d{3}([ \-]?)\d{3}\1\d{4}(?![\w\-]|[ .]\d)")


NHS_KEYS = ("nhs", "nhs number", "nhs no", "chi")


def checked_numbers(text: str, candidate: "re.Pattern[str]", valid, keys: Tuple[str, ...], spaced: float,
                    loose: float) -> Iterator[Tuple[int, int, float, bool]]:
    """The `candidate` numbers (group 1: the separator) whose check digit holds, scored `spaced` when spaced
    as printed and `loose` otherwise, and those that fail it right after one of `keys` (mistyped: still one)."""
    for m in scanning.finditer(candidate, text):
        if valid(m.group()):
            yield m.start(), m.end(), spaced if m.group(1) == " " else loose, True
        elif keyed_before(text, m.start(), keys):  # "NHS number: 123 456 7890", mistyped
            yield m.start(), m.end(), spaced, False


_TEN_DIGITS, _FOUR_DIGITS, _NHS_WORD = has_digits(10), has_digits(4), re.compile(r"(?i)\bnhs\b")
# the last digits given of an NHS number ("NHS no ending 5918"), as reminders and letters write them
_NHS_TAIL = re.compile(r"(?i)\bnhs\b[^\n.]{0,20}?" + last_digits(r"\d{4}"))


def _nhs_finder(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
    """NHS numbers whose mod-11 check digit holds (only the spaced 3-3-4 form stands alone), and the last
    four digits after the NHS's word."""
    yield from checked_numbers(text, _NHS_CANDIDATE, v.nhs_number_valid, NHS_KEYS, NHS_SPACED_SCORE,
                               NHS_LOOSE_SCORE)
    for m in _NHS_TAIL.finditer(text):
        yield m.start(1), m.end(1), 0.7, False


UK_NHS = Recognizer(
    name="rules.uk_nhs",
    label="ID",
    type="NHS",
    finder=_nhs_finder,
    needs=(_NHS_CANDIDATE, _NHS_TAIL),
    context=NHS_KEYS + ("health service",),
    # a US phone number in 3-3-4 passes the check one time in eleven
    negative_context=("phone", "tel", "call", "fax", "mobile", "cell", "contact"),
    prefilter=lambda text: _TEN_DIGITS(text) or (_FOUR_DIGITS(text) and _NHS_WORD.search(text) is not None),
)

UK_NINO = Recognizer(
    name="rules.uk_nino",
    label="ID",
    type="NINO",
    # "AB 12 34 56 C", "AB123456C" (one spacing throughout); the prefix rules are in the validator
    patterns=compile_patterns([(r"(?<![\w\-])[A-Z]{2}( ?)\d{2}\1\d{2}\1\d{2}\1[A-Z](?![\w\-])", 0.55, 0)]),
    validator=lambda value: None if v.uk_nino_valid(value) else False,
    keyed=("national insurance", "ni number", "ni no", "nino"),
    context=("national insurance", "ni number", "ni no", "nino", "insurance number"),
    prefilter=has_digits(6),
)

# A VAT registration number: a sole trader's names its owner ("VAT reg no: GB 123 4567 89"); the UK's nine
# digits (3-4-2, a branch's three more) after "GB", sure after a VAT word, alone in its printed layout
UK_VAT = Recognizer(
    name="rules.uk_vat",
    label="ID",
    type="VAT",
    patterns=compile_patterns([
        (r"(?i:\bvat)(?:[ \t]+(?i:reg(?:istration)?\.?|registered))?(?:[ \t]+(?i:no\.?|number|num|#))?[ \t]*(?:[:#]|[ \t]is)?[ \t]*"
         r"((?:GB|XI)?[ ]?\d{3}[ ]?\d{4}[ ]?\d{2}(?:[ ]?\d{3})?)(?![\w\-]|[ .]\d)", 0.85, 1),
        (r"(?<![\w\-])((?:GB|XI)[ ]?\d{3}[ ]\d{4}[ ]\d{2}(?:[ ]\d{3})?)(?![\w\-]|[ .]\d)", 0.6, 1),
    ]),
    context=("vat", "vat number", "vat reg", "hmrc"),
    prefilter=has_digits(9),
)

# Unique Taxpayer Reference: ten digits (sometimes "12345 67890", or with a trailing K), indistinguishable
# from any other number, so only beside a tax word.
UK_UTR = Recognizer(
    name="rules.uk_utr",
    label="ID",
    type="UTR",
    patterns=compile_patterns([(r"(?<![\w\-.])\d{5} ?\d{5}K?(?![\w\-]|[ .]\d)", 0.2, 0)]),
    context=("utr", "tax reference", "unique taxpayer", "taxpayer reference", "self assessment", "hmrc"),
    prefilter=has_digits(10),
)

# GB driving licence: "MORGA657054SM9IJ" (surname padded with 9s, birth date with month +50 for women,
# initials, a digit, two check characters, optionally followed by a two-digit issue number).
GB_DRIVING_LICENCE = Recognizer(
    name="rules.gb_driving_licence",
    label="ID",
    type="DRIVING_LICENCE",
    patterns=compile_patterns([(r"(?<![\w\-])[A-Z][A-Z9]{4}\d{6}[A-Z][A-Z9]\d[A-Z0-9]{2}(?![\w\-])", 0.6, 0)]),
    validator=lambda value: None if v.gb_driving_licence_plausible(value) else False,
    keyed=("driving licence", "driving license", "driver's license", "drivers license", "licence number",
           "license number"),
    context=("driving licence", "driving license", "driver's license", "drivers license", "licence", "license",
             "dvla", "licence number"),
    prefilter=has_digits(7),
)


# A vehicle's plate or registration after its label ("plate 7ABC123", "reg no. AB12 CDE", "registration:
# KA01 AB 1234") and a VIN after "VIN" (HIPAA's vehicle identifiers): letters and digits, both, in up to three
# groups; a company's registration number (digits only) or "plate 3" is none
_PLATE_LABEL = (r"(?i:(?<!alien[ ])(?<!vat[ ])\b(?:licen[cs]e[ \t]+plate|number[ \t]+plate|plate(?:[ \t]+(?:no\.?|number))?|"
                r"registration(?:[ \t]+(?:no\.?|number|mark|plate))?|reg\.?[ \t]+(?:no\.?|number|plate)|vrn))(?!\w)")  # not the "PLATE" of "PLATELETS 58,000"
# (nor an immigrant's "Alien Registration Number": `rules.us_a_number`; nor a "VAT reg no": `rules.uk_vat`)
_PLATE_VALUE = r"[A-Z0-9]{1,4}(?:[ \-]?[A-Z0-9]{1,4}){1,2}"


_COMPANY_NUMBER = re.compile(r"[A-Z]{2}\d{6}")  # a UK company's ("SC123456"), after "Registration Number"


_PARTIAL_PLATE = re.compile(r"(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{3,4}")  # "SK19", "7XR": letters and digits


def _plate_valid(value: str) -> bool:
    compact = value.replace(" ", "").replace("-", "")
    return 5 <= len(compact) <= 10 and any(c.isdigit() for c in compact) and any(c.isalpha() for c in compact) \
        and not _COMPANY_NUMBER.fullmatch(compact)


VEHICLE_PLATE = Recognizer(
    name="rules.vehicle_plate",
    label="ID",
    type="VEHICLE_ID",
    patterns=compile_patterns([
        (_PLATE_LABEL + r"[ \t]*(?:[:#=][ \t]*|is[ \t]+)?(" + _PLATE_VALUE + r")(?![\w\-])", 0.75, 1),
        (r"(?i:\bvin\b)[ \t]*(?:[:#=][ \t]*|is[ \t]+)?([A-HJ-NPR-Z0-9]{17})(?![\w\-])", 0.8, 1),
        # a UK plate of the current format ("WR19 KXL") beside a vehicle word, wherever the label stands
        (r"(?<![\w\-])([A-Z]{2}\d{2}[ ]?[A-Z]{3})(?![\w\-])", 0.2, 1),
        # the part of a plate a witness gives ("reg started with SK19", "plate ending in 7XR", "reg ending 7XR")
        (r"(?i:\b(?:reg(?:istration)?|plate)\b)[^\n.]{0,20}?\b(?i:start(?:ed|s|ing)?|began|begins|end(?:ed|s|ing)?)"
         r"[ \t]+(?:(?i:with|in)[ \t]+)?([A-Z0-9]{3,4})(?![\w\-])", 0.75, 1),
    ]),
    validator=lambda value: None if _plate_valid(value) or len(value) == 17 or _PARTIAL_PLATE.fullmatch(value) else False,
    context=("reg", "registration", "vehicle", "car", "van", "plate", "dvla", "parked", "driving"),
    prefilter=has_digits(1),
)


# ---------------------------------------------------------------- ID: India
AADHAAR_KEYS = ("aadhaar", "aadhar", "adhaar", "aadhaar number", "aadhaar no", "uid", "uidai")
AADHAAR_SPACED_SCORE = 0.5  # "2345 6789 0124", as the card prints it, check digit valid
AADHAAR_LOOSE_SCORE = 0.3  # one run or dashes, check digit valid: needs a context word
_AADHAAR_CANDIDATE = re.compile(r"(?<![\w\-.])[2-9]\d{3}([ \-]?)\d{4}\1\d{4}(?![\w\-]|[ .]\d)")
# the last digits alone, as a letter or a call gives them ("Aadhaar ending 4521", "Aadhaar no. XXXX XXXX 4521")
_AADHAAR_TAIL = re.compile(r"(?i)\b(?:aadhaa?r|adhaar|uid)\b[^\n.]{0,20}?" + last_digits(r"\d{4}"))
_AADHAAR_WORD = re.compile(r"(?i)aadhaa?r|adhaar|\buid\b")
_AADHAAR_MASKED = re.compile(r"(?<![\w*•])[xX*•]{4}[ \-]?[xX*•]{4}[ \-]?\d{4}(?![\w\-]|[ .]\d)")


def _aadhaar_finder(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
    """Aadhaar numbers whose Verhoeff check digit holds (only the spaced 4-4-4 form stands alone), a keyed
    one that fails it (mistyped), and, where an Aadhaar word is, the last four digits after it or behind X's."""
    yield from checked_numbers(text, _AADHAAR_CANDIDATE, v.in_aadhaar_valid, AADHAAR_KEYS, AADHAAR_SPACED_SCORE,
                               AADHAAR_LOOSE_SCORE)
    if _AADHAAR_WORD.search(text) is None:
        return  # the last digits alone are an Aadhaar number's only beside its word
    for m in _AADHAAR_TAIL.finditer(text):
        yield m.start(1), m.end(1), 0.7, False
    for m in _AADHAAR_MASKED.finditer(text):
        yield m.start(), m.end(), 0.7 if keyed_before(text, m.start(), AADHAAR_KEYS) else 0.3, False


IN_AADHAAR = Recognizer(
    name="rules.in_aadhaar",
    label="ID",
    type="AADHAAR",
    finder=_aadhaar_finder,
    needs=(_AADHAAR_CANDIDATE, _AADHAAR_TAIL, _AADHAAR_MASKED),
    context=AADHAAR_KEYS + ("unique identification",),
    negative_context=("phone", "tel", "call", "mobile", "order", "invoice"),
    prefilter=has_digits(4),
)

# Permanent Account Number: "ABCPK1234F"; the shape with its holder letter is rare outside PANs, a PAN
# word before it makes it sure
IN_PAN = Recognizer(
    name="rules.in_pan",
    label="ID",
    type="PAN",
    patterns=compile_patterns([
        (r"(?<![\w\-])[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z](?![\w\-])", 0.4, 0),
        # typed in lower case in a chat ("ur pan is abcpk1234f"): only beside a PAN word
        (r"(?<![\w\-])[a-z]{3}[pchfatbljg][a-z]\d{4}[a-z](?![\w\-])", 0.2, 0),
    ]),
    validator=lambda value: None if v.in_pan_valid(value.upper()) else False,
    context=("pan", "pan card", "pan no", "permanent account number", "income tax", "itr"),
    prefilter=has_digits(4),
)


# ---------------------------------------------------------------- ID: Canada, Australia, Ireland, US Medicare
def keyed_finder(candidate: "re.Pattern[str]", valid: Callable[[str], bool], key: "re.Pattern[str]",
                  alone: float, loose: float) -> Callable[[str, object], Iterator[Tuple[int, int, float, bool]]]:
    """A finder of `candidate` numbers: right after their key (`key` matches the text before, up to the
    number) they are one whether the check digit holds or not (0.85: mistyped, still one); elsewhere only
    when it holds, scored `alone` when printed with its spaces (group 1) and `loose` otherwise, so that a
    context word must add to a number with no spaces."""
    def find(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
        for m in scanning.finditer(candidate, text):
            ok = valid(m.group())
            if key.search(text, max(0, m.start() - 48), m.start()) is not None:
                yield m.start(), m.end(), 0.85, ok
            elif ok:
                yield m.start(), m.end(), alone if m.group(1) else loose, True
    return find


# what may stand between an identifier's key and the number: "SIN: ", "TFN is ", "Medicare card no. "
KEY_TAIL = r"(?:[ \t]*(?i:card|number|num|no\.?|#|is|was|[:=]))*[ \t]*\Z"
_NINE_IN_THREES = re.compile(r"(?<![\w\-.])\d{3}([ \-]?)\d{3}\1\d{3}(?![\w\-]|[ .]\d)")
# "SIN" in capitals only: the Spanish "sin" (without) is everywhere in Spanish text
_SIN_KEY = re.compile(r"(?:\bSIN|(?i:\bsocial[ \t]+insurance))" + KEY_TAIL)
CA_SIN = Recognizer(
    name="rules.ca_sin",
    label="ID",
    type="SIN",
    # nine digits in threes, Luhn check: stands alone only after its key (phone numbers and others share
    # the shape); a context word raises a spaced one that holds
    finder=keyed_finder(_NINE_IN_THREES, v.ca_sin_valid, _SIN_KEY, 0.3, 0.2),
    needs=(_NINE_IN_THREES,),
    context=("social insurance", "social insurance number", "service canada"),
    prefilter=has_digits(9),
)

_TFN_CANDIDATE = re.compile(r"(?<![\w\-.])\d{3}([ \-]?)\d{3}\1\d{2,3}(?![\w\-]|[ .]\d)")
_TFN_KEY = re.compile(r"(?i:\btfn|\btax[ \t]+file)" + KEY_TAIL)
AU_TFN = Recognizer(
    name="rules.au_tfn",
    label="ID",
    type="TFN",
    finder=keyed_finder(_TFN_CANDIDATE, v.au_tfn_valid, _TFN_KEY, 0.3, 0.2),
    needs=(_TFN_CANDIDATE,),
    context=("tfn", "tax file number", "tax file", "ato", "australian taxation office"),
    prefilter=has_digits(8),
)

# ten digits printed 4-5-1 as on the card ("2123 45670 1"), the person's number on the card maybe after it
_MEDICARE_CANDIDATE = re.compile(r"(?<![\w\-.])[2-6]\d{3}([ \-]?)\d{5}\1\d(?:[ \-/]?\d)?(?![\w\-]|[ .]\d)")
_MEDICARE_KEY = re.compile(r"(?i:\bmedicare)" + KEY_TAIL)
AU_MEDICARE = Recognizer(
    name="rules.au_medicare",
    label="ID",
    type="MEDICARE",
    finder=keyed_finder(_MEDICARE_CANDIDATE, v.au_medicare_valid, _MEDICARE_KEY, 0.5, 0.3),
    needs=(_MEDICARE_CANDIDATE,),
    context=("medicare", "medicare card", "irn"),
    prefilter=has_digits(10),
)

_ABN_CANDIDATE = re.compile(r"(?<![\w\-.])\d{2}([ ]?)\d{3}\1\d{3}\1\d{3}(?![\w\-]|[ .]\d)")
_ABN_KEY = re.compile(r"\bABN" + KEY_TAIL)
AU_ABN = Recognizer(
    name="rules.au_abn",
    label="ID",
    type="ABN",
    # an Australian Business Number: a sole trader's names its owner; its mod-89 check passes one
    # number in 89, so a spaced one stands alone
    finder=keyed_finder(_ABN_CANDIDATE, v.au_abn_valid, _ABN_KEY, 0.5, 0.3),
    needs=(_ABN_CANDIDATE,),
    context=("abn", "australian business number"),
    prefilter=has_digits(11),
)

# Ireland's Personal Public Service number: seven digits and a check letter, maybe a second letter
_PPS_CANDIDATE = re.compile(r"(?<![\w\-])\d{7}()[A-Wa-w][A-IWa-iw]?(?![\w\-])")
_PPS_KEY = re.compile(r"(?i:\bppsn?|\bpersonal[ \t]+public[ \t]+service)" + KEY_TAIL)
IE_PPS = Recognizer(
    name="rules.ie_pps",
    label="ID",
    type="PPSN",
    finder=keyed_finder(_PPS_CANDIDATE, v.ie_pps_valid, _PPS_KEY, 0.3, 0.3),
    needs=(_PPS_CANDIDATE,),
    context=("pps", "ppsn", "pps number", "personal public service", "revenue", "welfare"),
    prefilter=has_digits(7),
)

# the US Medicare Beneficiary Identifier ("1EG4-TE5-MK73"): its layout of digits and letters is its own
US_MBI = Recognizer(
    name="rules.us_mbi",
    label="ID",
    type="MBI",
    patterns=compile_patterns([
        (r"(?<![\w\-])[1-9][A-Z][A-Z\d]\d(-?)[A-Z][A-Z\d]\d\1[A-Z]{2}\d{2}(?![\w\-])", 0.55, 0)]),
    validator=lambda value: None if v.us_mbi_valid(value) else False,
    context=("mbi", "medicare", "beneficiary", "medicare number"),
    prefilter=has_digits(4),
)

# a US immigration file's Alien Registration Number ("A-Number: A 212-455-789", "A# 212455789"): the
# letter A, then eight or nine digits; only beside its key or an immigration word
_A_NUMBER_KEY = (r"(?:(?i:a[\-‐ ]?(?:number|no\.?)|a#|alien[ \t]+(?:registration[ \t]+)?(?:number|no\.?)"
                 r"|uscis[ \t]+(?:number|#|no\.?))[ \t]*[:#=]?[ \t]*)")
US_A_NUMBER = Recognizer(
    name="rules.us_a_number",
    label="ID",
    type="A_NUMBER",
    patterns=compile_patterns([
        (_A_NUMBER_KEY + r"(A[ \-#]{0,2}(?:\d{3}[ \-]?\d{3}[ \-]?\d{3}|\d{8})(?![\w\-]|[ .]\d))", 0.85, 1),
        (r"(?<![\w\-])(A[ \-#]{0,2}(?:\d{3}[ \-]?\d{3}[ \-]?\d{3}|\d{8})(?![\w\-]|[ .]\d))", 0.2, 1),
    ]),
    context=("a-number", "alien registration", "alien number", "uscis", "immigration", "green card",
             "permanent resident"),
    prefilter=has_digits(8),
)
