"""National and tax identifiers of Spain, Portugal and Brazil."""
import re
from typing import Iterator, Tuple

from spacy_anon.rules import validators as v
from spacy_anon.rules.recognizers.base import Recognizer, has_digits


_DNI_CANDIDATE = re.compile(r"(?<![\w\-])(?:\d{7,8}|[XYZxyz]\d{7})([\- ]?)([A-Za-z])(?![\w\-])")
DNI_SCORE = 0.85  # canonical form with a valid check letter
DNI_LOOSE_SCORE = 0.3  # lower-case letter or 7 digits ("12345678z", "1234567L"): needs a context word


def _dni_finder(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
    """Spanish DNI / NIE numbers whose mod-23 check letter is right. The canonical form (8 digits or
    X/Y/Z and 7 digits, upper-case letter) stands alone; a lower-case letter or a 7-digit DNI (written
    without its leading zero) needs a context word ("dni 12345678z")."""
    for m in _DNI_CANDIDATE.finditer(text):
        sep, letter = m.group(1), m.group(2)
        if letter.islower() and sep:
            continue  # "12345678 a": a number and a word
        if not v.es_dni_valid(m.group()):
            continue
        head = m.group()[:-1 - len(sep)]
        canonical = letter.isupper() and (len(head) == 8 and head[0] in "0123456789XYZ")
        yield m.start(), m.end(), DNI_SCORE if canonical else DNI_LOOSE_SCORE, True


ES_DNI = Recognizer(
    name="rules.es_dni",
    label="ID",
    type="DNI",
    finder=_dni_finder,
    context=("dni", "nie", "nif", "documento", "identidad", "pasaporte"),
    prefilter=has_digits(7),
)
