"""Values of a record written into text as JSON or a Python dict (`{"customer": "Fatima Zahra Benali",
"city": "Lyon"}`), or as the cells of a delimited table under its header row (a CSV export, a markdown
table: "first_name,last_name,company,city" above "Hannah,Okafor,Brightwave Media,Bristol"). A tagger trained
on prose reads the quotes, keys and separators as noise and finds a part of a name or none, under the wrong
label ("Benali" and "Lyon" were left in clear, "Hannah" and "Okafor" were places, "Bergen" a person); the
key says what its value is, so a value under a key that names a person (`NAME_KEYS`) is a person's name,
one under a key that names a place (`PLACE_KEYS`) a place and one under an organisation's (`ORG_KEYS`) an
organisation, whole. A value with a digit or "@" under a person's key is a contact or an identifier, left
to those recognizers ("contact": "07700 900123")."""
import re
from typing import FrozenSet, Iterator, List, Optional, Tuple

from spacy_anon.rules import scanning
from spacy_anon.rules.recognizers.base import Recognizer, finds

NAME_KEYS: FrozenSet[str] = frozenset((
    "name", "full name", "fullname", "first name", "firstname", "last name", "lastname", "surname",
    "given name", "given names", "forename", "forenames", "middle name", "maiden name", "customer",
    "customer name", "client", "client name", "patient", "patient name", "contact", "contact name",
    "employee", "employee name", "owner", "author", "manager", "next of kin", "nok", "emergency contact",
    "recipient", "sender", "spouse", "guardian", "parent", "doctor", "physician", "gp", "nombre", "apellido",
    "apellidos", "nome", "sobrenome", "cliente", "paciente"))
PLACE_KEYS: FrozenSet[str] = frozenset((
    "city", "town", "address", "street", "street address", "address line 1", "address line 2", "address1",
    "address2", "line1", "line2", "locality", "county", "district", "village", "birthplace", "place of birth",
    "ciudad", "cidade", "direccion", "dirección", "endereco", "endereço", "localidad"))
ORG_KEYS: FrozenSet[str] = frozenset((
    "company", "company name", "organisation", "organization", "organisation name", "organization name", "employer",
    "employer name", "business", "business name", "firm", "school", "university", "practice", "surgery", "hospital",
    "empresa", "compania", "compañía", "empregador"))
TABLE_KEYS = NAME_KEYS | PLACE_KEYS | ORG_KEYS
# a delimited table: a header line of keys, then rows with as many cells (`_table_fields`)
_SEPARATORS = (",", "\t", ";", "|")
_KEY_CELL = re.compile(r"[ \t]*[A-Za-z][A-Za-z0-9 _\-/()#.]{0,30}[ \t]*")
_RULE_LINE = re.compile(r"[ \t|:+\-=]*")  # a markdown table's line under its header: "|---|:--|"
_HAS_TABLE = re.compile(r"[,;\t|][^\n]*\n")  # a separator on a line that has another after it
MAX_TABLE_LINE = 2000  # characters: a longer line is prose or a blob, no table row
# a quoted key, a colon, a quoted value on one line (JSON, a Python dict, a JavaScript object)
_FIELD = re.compile(r"""(["'])([A-Za-z][A-Za-z_ \-]{0,28}[A-Za-z])\1[ \t]*:[ \t]*"""
                    r"""(?:"([^"\n\\]{1,120})"|'([^'\n\\]{1,120})')""")
_HAS_FIELD = finds(r"""["'][ \t]*:[ \t]*["']""")  # a quoted key's colon before a quoted value
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
FIELD_SCORE = 0.8


def field_key(key: str) -> str:
    """A key in the words of `NAME_KEYS` ("firstName", "first_name", "First-Name" -> "first name")."""
    return " ".join(_CAMEL.sub(" ", key).replace("_", " ").replace("-", " ").lower().split())


def _record_fields(text: str) -> Tuple[Tuple[str, int, int, str], ...]:
    """(key in words, value start, value end, value) of every quoted field; one scan for both recognizers."""
    out = []
    for m in _FIELD.finditer(text):
        group = 3 if m.group(3) is not None else 4  # "O'Neill" in double quotes, 'Ana' in single ones
        out.append((field_key(m.group(2)), m.start(group), m.end(group), m.group(group)))
    return tuple(out)


def _cells(line: str, sep: str) -> List[Tuple[int, str]]:
    """(offset in the line, text) of each cell; a markdown row's outer bars open and close no cell."""
    cells, at = [], 0
    for cell in line.split(sep):
        cells.append((at, cell))
        at += len(cell) + len(sep)
    if sep == "|" and len(cells) > 2 and not cells[0][1].strip() and not cells[-1][1].strip():
        cells = cells[1:-1]
    return cells


def table_header(line: str) -> Optional[Tuple[str, Tuple[str, ...]]]:
    """(separator, keys in words) when `line` is a table's header row: two cells or more, each a short key,
    one of them a key of `TABLE_KEYS`; else None."""
    if len(line) > MAX_TABLE_LINE:
        return None
    for sep in _SEPARATORS:
        if sep in line:
            cells = [cell for _, cell in _cells(line, sep)]
            if len(cells) >= 2 and all(_KEY_CELL.fullmatch(cell) for cell in cells):
                keys = tuple(field_key(cell) for cell in cells)
                if any(key in TABLE_KEYS for key in keys):
                    return sep, keys
    return None


def _table_fields(text: str) -> List[Tuple[str, int, int, str]]:
    """(key in words, cell start, cell end, cell) of every cell of a delimited table's rows under a header
    of keys: the rows right after the header (a markdown rule line between) with as many cells and no
    quote (a quoted cell may hold the separator); a row of another shape ends the table."""
    out: List[Tuple[str, int, int, str]] = []
    header: Optional[Tuple[str, Tuple[str, ...]]] = None
    start = 0
    for line in text.split("\n"):
        if header is not None and not _RULE_LINE.fullmatch(line):
            sep, keys = header
            cells = _cells(line, sep) if len(line) <= MAX_TABLE_LINE and '"' not in line else []
            if len(cells) == len(keys):
                out.extend((key, start + at, start + at + len(cell), cell) for key, (at, cell) in zip(keys, cells)
                           if key in TABLE_KEYS)
            else:
                header = None
        if header is None:
            header = table_header(line)
        start += len(line) + 1
    return out


def _fields(text: str, keys: FrozenSet[str], person: bool) -> Iterator[Tuple[int, int, float, bool]]:
    for key, value_start, value_end, value in scanning.shared(text, "record_fields", lambda: _all_fields(text)):
        if key not in keys:
            continue
        start = value_start + len(value) - len(value.lstrip())
        end = value_end - (len(value) - len(value.rstrip()))
        if start >= end or not any(c.isalpha() for c in value):
            continue
        if person and (any(c.isdigit() for c in value) or "@" in value):
            continue
        yield start, end, FIELD_SCORE, True  # the key says what it is: the label holds against guesses


def _all_fields(text: str) -> Tuple[Tuple[str, int, int, str], ...]:
    """The quoted fields and, in a text of more than one line, the table cells: one scan for the recognizers."""
    found = _record_fields(text) if _HAS_FIELD(text) else ()
    return found + tuple(_table_fields(text)) if "\n" in text else found


def _may_hold(text: str) -> bool:
    return _HAS_FIELD(text) or ("\n" in text and _HAS_TABLE.search(text) is not None)


def _field_recognizer(name: str, label: str, fine_type: str, keys: FrozenSet[str], person: bool) -> Recognizer:
    return Recognizer(name=name, label=label, type=fine_type, finder=lambda text, options: _fields(text, keys, person),
                      needs=(_FIELD, _HAS_TABLE), prefilter=_may_hold)


FIELD_NAME = _field_recognizer("rules.field_name", "PERSON", "NAME", NAME_KEYS, True)
FIELD_PLACE = _field_recognizer("rules.field_place", "LOC", "PLACE", PLACE_KEYS, False)
FIELD_ORG = _field_recognizer("rules.field_org", "ORG", "ORGANIZATION", ORG_KEYS, False)
