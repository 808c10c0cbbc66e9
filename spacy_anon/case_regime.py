"""Which case a line is typed in: as written, in capitals, or in lower case (`line_regime`). A line typed in
one case says nothing by its capitals, and `spacy_anon.casing` reads it truecased."""
import re

from spacy_anon.lexicon.generic_words import shouted_words_only

AS_WRITTEN, UPPER, LOWER = "as_written", "upper", "lower"
REGIMES = (AS_WRITTEN, UPPER, LOWER)

MIN_CASED_LETTERS = 6  # a line with fewer cased letters keeps its case ("OK", "Dr X"): too short to tell
UPPER_SHARE = 0.9  # share of a line's cased letters in capitals from which the line is in capitals
# a chunk that is an address ("jane.doe@example.com", "www.acme.com") keeps its case, which its detectors
# read ("c/o", "x1", a handle "@john_smith" and a chat's "thanks.john" are recased like words)
ADDRESS_CHUNK = re.compile(r"\w@\w|://|(?i:www\.|\.(?:com|org|net|edu|gov|info|biz|io|co|uk|ie|de|fr|es|eu)\b)")


def line_regime(line: str) -> str:
    """`UPPER` when nearly all of the line's cased letters are capitals, `LOWER` when none is, else
    `AS_WRITTEN`; a line with fewer than `MIN_CASED_LETTERS` cased letters is `AS_WRITTEN`. The letters of
    an address ("jane.doe@example.com", a URL) do not count: it keeps its case, and a short line around one
    ("cc jane.doe@example.com") is too short to tell."""
    regime = _regime_of_letters(line)
    if regime != AS_WRITTEN and ADDRESS_CHUNK.search(line):
        regime = _regime_of_letters(" ".join(chunk for chunk in line.split() if not ADDRESS_CHUNK.search(chunk)))
    return regime


_ASCII_UPPER = bytes(range(65, 91))
_ASCII_LOWER = bytes(range(97, 123))


def _regime_of_letters(line: str) -> str:
    if line.isascii():  # counted by deleting the letters in C (a Python step per character was a cost)
        raw = line.encode("ascii")
        upper = len(raw) - len(raw.translate(None, _ASCII_UPPER))
        cased = upper + len(raw) - len(raw.translate(None, _ASCII_LOWER))
    else:
        upper = sum(map(str.isupper, line))
        cased = upper + sum(map(str.islower, line))
    if cased < MIN_CASED_LETTERS:
        return AS_WRITTEN
    if upper >= UPPER_SHARE * cased:
        return UPPER
    return LOWER if upper == 0 or shouted_words_only(line) else AS_WRITTEN
