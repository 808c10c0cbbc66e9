"""Values of a record written into text as JSON or a Python dict: `{"customer": "Fatima Zahra Benali",
"city": "Lyon"}`. A tagger trained on prose reads the quotes and keys as noise and finds a part of a name
or none ("Benali" and "Lyon" were left in clear); the key says what its value is, so a value under a key
that names a person (`NAME_KEYS`) is a person's name and one under a key that names a place
(`PLACE_KEYS`) a place, whole. A value with a digit or "@" under a person's key is a contact or an
identifier, left to those recognizers ("contact": "07700 900123")."""
import re
from typing import FrozenSet, Iterator, Tuple

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


def _fields(text: str, keys: FrozenSet[str], person: bool) -> Iterator[Tuple[int, int, float, bool]]:
    for key, value_start, value_end, value in scanning.shared(text, "record_fields", lambda: _record_fields(text)):
        if key not in keys:
            continue
        start = value_start + len(value) - len(value.lstrip())
        end = value_end - (len(value) - len(value.rstrip()))
        if start >= end or not any(c.isalpha() for c in value):
            continue
        if person and (any(c.isdigit() for c in value) or "@" in value):
            continue
        yield start, end, FIELD_SCORE, True  # the key says what it is: the label holds against guesses


def _field_recognizer(name: str, label: str, fine_type: str, keys: FrozenSet[str], person: bool) -> Recognizer:
    return Recognizer(name=name, label=label, type=fine_type, finder=lambda text, options: _fields(text, keys, person),
                      needs=(_FIELD,), prefilter=_HAS_FIELD)


FIELD_NAME = _field_recognizer("rules.field_name", "PERSON", "NAME", NAME_KEYS, True)
FIELD_PLACE = _field_recognizer("rules.field_place", "LOC", "PLACE", PLACE_KEYS, False)
