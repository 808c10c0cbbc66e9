"""A form's key made of ordinary words at the start of its line ("Lease Term:", "Date/Time:", "Security
Deposit:", "Reporting Officer:"), or an identifier scheme's name before its value ("National Insurance
number QQ 12 ..."): it names a field, the value after it is what may identify.

A tagger reads such a key as a name when its words are capitalised. Two to four dictionary words of
English before a line's colon, none a stop word ("He said this:") or a given name ("Rose Hill:", "Tom
Baker:"), are a key; a title, an office or a role before the rest ("Officer Cook:", "Judge Baker:") opens
a speaker's name, which stays one. Pure functions over the text and character offsets.
"""
import re
from typing import List, Optional, Tuple

from spacy_anon.lexicon.category_words import ORG_HEADS, ROLE_WORDS
from spacy_anon.lexicon.generic_words import dictionary_test, folded
from spacy_anon.lexicon.given_names import english_surnames
from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.rules.recognizers.names import first_names
from spacy_anon.tagger.span_filters.base import stop_words

# two to four words of letters, joined by spaces or a slash, then the colon right after them (not a URL's
# "://"; a title's " : " is no key); a party's number may follow a word ("Applicant 1 full name:")
_KEY = re.compile(r"[ \t]*([A-Za-z][A-Za-z'’\-]*(?:(?:[ \t]+|[ \t]*/[ \t]*)(?:[A-Za-z][A-Za-z'’\-]*|\d{1,2}(?=[ \t]))){1,3})"
                  r":(?!//)")
_SPLIT = re.compile(r"[ \t/]+")
FIELD_NOUNS = frozenset("name names address number email phone".split())
MAX_KEY = 60  # a key is short; the line start is looked for no further back
# offices and titles that open a speaker's name ("Judge Baker:", "Sheriff Hill:", "Reverend Cook:")
SPEAKER_LEADS = frozenset(DEFAULT_HONORIFICS) | ROLE_WORDS | frozenset(
    "president senator governor mayor chancellor minister judge justice sheriff councillor alderman bishop "
    "rabbi imam reverend pastor vicar chaplain deputy trooper captain lieutenant corporal private major "
    "general colonel commander chief doctor professor nurse".split())


def common_words_key(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] lies in a key of two to four common words that opens its line, or a column
    after a run of spaces, before a colon (see the module)."""
    line_start = text.rfind("\n", max(0, start - MAX_KEY), start) + 1
    if line_start == 0 and start > MAX_KEY:
        return False
    colon = text.find(":", end, end + MAX_KEY)
    if colon < 0 or "\n" in text[end:colon]:
        return False
    key = _KEY.fullmatch(text, line_start, colon + 1)
    gap = max(text.rfind("  ", line_start, start), text.rfind("\t", line_start, start))
    if key is None and gap >= 0:  # a key that opens a form's column ("...   Date of issue: 04 JUN 2019")
        key = _KEY.fullmatch(text, gap, colon + 1)
    if key is None or not key.start(1) <= start or end > key.end(1):
        return False
    words = [w.lower().strip("'’-") for w in _SPLIT.split(key.group(1))]
    if words[0] in SPEAKER_LEADS and not words[1].isdigit():  # "Tenant 2 Email:" names no one
        return False
    stops, common, given = stop_words("en"), dictionary_test("en"), first_names()
    if words[-1] in FIELD_NOUNS:  # a stop word before a field's noun is the key's ("Full name:", "Last name:")
        stops = frozenset()
    inner = frozenset(words[1:-1]) & {"of", "for"}  # "Date of issue:", "Reason for visit:"
    return all(w.isdigit() or w in inner or (w and w not in stops and w not in given and common(w)) for w in words)


# the words of identifier schemes, and the key after them: "National Insurance | number", "Student | ID"
SCHEME_WORDS = frozenset("national insurance social security health service nhs tax vat passport driving licence license "
                         "student employee staff membership member customer policy pension benefit benefits medicare "
                         "medicaid taxpayer identity identification medical record unique personal public "
                         "provider blue badge "  # and a parking permit's "Blue Badge number"
                         # "Tax File Number", "Social Insurance Number", "Medicare Beneficiary Identifier",
                         # "Australian Business Number", "Alien Registration Number", "USCIS Receipt Number"
                         "file beneficiary australian business alien registration receipt uscis pps "
                         # "company EIN", "Steuer-ID", "Codice fiscale"
                         "company employer provider steuer codice "
                         "vehicle van car lorry".split())  # "van reg LK71 XRT"
SCHEME_KEY = re.compile(r"(?i)(?:[ \t]+|-)(?:number|no\.?|num|#|id|code|card|identifier|fiscale)\b")
# and schemes' abbreviations that are the key themselves ("ABN 51 824 753 556", "TFN: 123 456 782")
SCHEME_KEYS = frozenset("number no num id code card reference ref identifier abn acn tfn sin mbi ppsn chi "
                        "npi dea itin ein fein nric fin nhi bsn nir insee vat upn uln reg registration".split())
SCHEME_VALUE = re.compile(r"\.?(?:[ \t]*[:#]|[ \t]+is)?[ \t]*[A-Z0-9]")  # "Company No. 09876543"  # the value after its key ("is 12345 ...")


def identifier_scheme(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is made only of identifier schemes' words right before a number key
    ("National Insurance | number"), or ends in the key itself right before the value ("Your Unique
    Taxpayer Reference is 12345 67890", "National Insurance number QQ 12 ..."): a field key, not a body."""
    words = [folded(w) for w in text[start:end].split()]
    if not words or not all(w in SCHEME_WORDS or w in SCHEME_KEYS for w in words):
        return False
    return SCHEME_KEY.match(text, end) is not None or (words[-1] in SCHEME_KEYS and SCHEME_VALUE.match(text, end) is not None)


# a column of a form's row: the key's words, then its value, a number, an amount or a date ("Gross pay
# £2,841.67", "Period 08", "Pay date 28/11/2026"), with a run of spaces or the line's end around it
_GAP = re.compile(r"[ ]{2,}|\t|\n")
_COLUMN_CELL = re.compile(r"([A-Za-z][A-Za-z'’\-]*(?:[ ][A-Za-z][A-Za-z'’\-]*){0,2})[ ]+"
                          r"[£$€¥#]?[ ]?\d[\d,./:\-]*(?:[ ]?[A-Za-z%]{1,3})?")


_SMALL_NUMBER = re.compile(r"[ ]+\d{1,3}")
_KEY_CELL = re.compile(r"([A-Za-z][A-Za-z'’\-]*(?:[ ][A-Za-z][A-Za-z'’\-]*){0,2})")
_VALUE_START = re.compile(r"[£$€¥#]?[ ]?\d")


MAX_ROW = 300  # a form's or a table's row is short; a longer line is prose


def _row(text: str, start: int, end: int) -> Optional[Tuple[int, int]]:
    """(start, end) of the line holding text[start:end] when it is at most `MAX_ROW` characters long, else
    None. Searches no further than that either way, so a document of one long line costs no more per span."""
    line_start = text.rfind("\n", max(0, start - MAX_ROW), start) + 1
    if line_start == 0 and start > MAX_ROW:
        return None
    line_end = text.find("\n", end, end + MAX_ROW + 1)
    if line_end < 0:
        if end + MAX_ROW < len(text):
            return None
        line_end = len(text)
    return (line_start, line_end) if line_end - line_start <= MAX_ROW else None


def column_key(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] lies in the key of a column of a form's row ("Gross" of "Gross pay
    £2,841.67   PAYE £362.40"): a row with a run of spaces or a tab between its columns, a column of one to
    three dictionary words, none a stop word or a given name, and its value in digits, in the column or the
    next one."""
    row = _row(text, start, end)
    if row is None or not _GAP.search(text, *row):
        return False
    line_start, line_end = row
    cell_start = max([line_start, *(m.end() for m in _GAP.finditer(text, line_start, start))])
    gap = _GAP.search(text, end, line_end)
    cell_end = gap.start() if gap else line_end
    if cell_start == line_start and cell_end == line_end:
        return False  # no column: a line of prose
    cell = _COLUMN_CELL.fullmatch(text, cell_start, cell_end)
    if cell is None and gap is not None and _VALUE_START.match(text, gap.end()):
        cell = _KEY_CELL.fullmatch(text, cell_start, cell_end)  # "Invoice total   £450.00": its value a column on
    if cell is None or start < cell.start(1):
        return False
    if end > cell.end(1) and not (end == cell.end() and _SMALL_NUMBER.fullmatch(text, cell.end(1), end)):
        return False  # the value is what may identify; a period's or a week's number ("Period 08") does not
    stops, common, given = stop_words("en"), dictionary_test("en"), first_names()
    words = [w.lower() for w in cell.group(1).split()]
    return all(w not in stops and w not in given and common(w) for w in words)


_COLUMN_GAP = re.compile(r"[ ]{3,}|\t")


def column_pieces(text: str, start: int, end: int) -> List[Tuple[int, int]]:
    """text[start:end] cut at a form row's column gaps (three spaces or a tab: "£2,841.67   PAYE £362.40   NI"
    of a payslip's row, which a tagger read as one amount), each piece without its spaces."""
    return _pieces_between(_COLUMN_GAP, text, start, end)


def _pieces_between(separator: "re.Pattern[str]", text: str, start: int, end: int) -> List[Tuple[int, int]]:
    """text[start:end] cut at each match of `separator`, the empty pieces left out."""
    pieces, at = [], start
    for sep in separator.finditer(text, start, end):
        pieces.append((at, sep.start()))
        at = sep.end()
    pieces.append((at, end))
    return [(s, e) for s, e in pieces if e > s]


def cell_pieces(text: str, start: int, end: int, label: str) -> List[Tuple[int, int]]:
    """text[start:end] cut into a row's cells: an amount at column gaps (`column_pieces`), a contact at its
    commas (a CSV row's "jo@x.com,(415) 555-0132": an e-mail address and a phone, which hold no comma)."""
    return _pieces_between(_CONTACT_COMMA if label == "CONTACT" else _COLUMN_GAP, text, start, end)


_CONTACT_COMMA = re.compile(r"[ \t]*,[ \t]*")


def plain_cell(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is the whole of a table row's cell (two spaces or more or a tab around it, the
    row's other cells too; a bracket may follow it in the cell) that holds one dictionary word, no stop word,
    given name, surname or organisation's head: a status or a kind ("Trial (day 2)", "Sentence" of a court
    list's row), not a name ("Valleys Bakery" of an employer's column is one)."""
    row = _row(text, start, end)
    if row is None:
        return False
    line_start, line_end = row
    before = text[line_start:start]
    after = text[end:line_end]
    if not (before == "" or _CELL_GAP_END.search(before)) or not _CELL_REST.match(after):
        return False
    if len(_GAP.findall(text, line_start, line_end)) < 2:
        return False  # one gap: a key and its value, or prose
    words = [w.lower() for w in text[start:end].split()]
    stops, common, given, surnames = stop_words("en"), dictionary_test("en"), first_names(), english_surnames()
    return len(words) == 1 and all(w.isalpha() and w not in stops and w not in given and w not in surnames
                                   and w not in ORG_HEADS and common(w) for w in words)  # not "Valleys Bakery"


_CELL_GAP_END = re.compile(r"(?:[ ]{2,}|\t)$")
_CELL_REST = re.compile(r"(?:[ ]\([^()\n]{1,20}\))?(?:[ ]{2,}|\t|[ \t]*$)")  # what may end the cell: "(day 2)"
