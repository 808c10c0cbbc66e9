"""A company by its legal form: "GREENFIELD HOLDINGS LIMITED", "Bright Spark Electrical Ltd", "Ferri
Costruzioni SpA". The form names the words before it a firm's name, written in capitals or capitalised on one
line, whatever the line around it: a contract's parties in capitals inside a sentence in mixed case are what
a tagger trained on running text misses. A sole trader's or a small firm's name names its people."""
import re
from typing import Iterator, Tuple

from spacy_anon.rules.recognizers.base import Recognizer
from spacy.lang.en.stop_words import STOP_WORDS

# legal forms written as a firm writes them (capitalised or in capitals; "limited" in prose is a word)
# ("INC" in capitals is a note's "increased"; a full stop is an abbreviation's own, not "LIMITED." ending a
# sentence)
_FORM = re.compile(r"(?<![\w&])(?:LIMITED|Limited|LTD|PLC|Plc|plc|LLP|LLC|GmbH|GMBH|SpA|SARL|PTY"
                   r"|(?:Ltd|Inc|Pty)(?:\.(?=\W|$))?)(?![\w&])")
_WORD_BEFORE = re.compile(r"(?:(?P<word>[A-Z][A-Za-z'’\-]*|[A-Z]{2,}|&|and|AND)[ \t]+)$")
MAX_WORDS = 5
JOINING = frozenset(("&", "and", "AND"))  # not "of": "THE CASE OF TINNELLY AND SONS LTD"


def _companies(text: str, options: object) -> Iterator[Tuple[int, int, float, bool]]:
    """Each legal form with the capitalised words before it on its line (up to `MAX_WORDS`, "&" or "and"
    between two of them; no stop word first: "The", "BETWEEN"); in capitals two words at least."""
    for form in _FORM.finditer(text):
        start, words = form.start(), 0
        pos = form.start()
        while words < MAX_WORDS:
            before = _WORD_BEFORE.search(text, max(0, pos - 40), pos)
            if before is None:
                break
            word = before.group("word")
            if word in JOINING:
                pos = before.start()
                continue
            if word.lower() in STOP_WORDS or word.lower() in ("between", "by", "with"):
                break
            pos = start = before.start()
            words += 1
        if words >= (2 if form.group().isupper() else 1):  # in capitals, not "ROM LIMITED" of a note
            yield start, form.end(), 0.75, False


COMPANY_NAME = Recognizer(
    name="rules.company_name",
    label="ORG",
    type="ORGANIZATION",
    finder=_companies,
    needs=(_FORM,),
    languages=("en",),
)
