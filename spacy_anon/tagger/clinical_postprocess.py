"""Two corrections of CRF spans for clinical notes, where a held-out patient's tokens are unseen.

Names: a tagger that found "Crosson" in "spoke with Radu Crosson" but not the unseen given name "Radu"
leaves half a name in the clear (and "J" of "J SMITH"). A rare capitalised word or a capital initial
right before a person span, on the same line, is taken in as a span of its own, so propagation then
tags "Radu" wherever the note names him alone.

Dates: nursing notes are full of slashed number groups (blood pressures "129/78", blood gases
"7.42/56/96", vent settings, pain scores "8/10"); with a recall threshold the tagger marks some of them
as dates. A number group whose first number cannot be a month, a chain of blood-gas values or an "n/10"
next to a pain word is not a date.
"""
import re
from typing import Callable, List, Optional, Sequence, Tuple

from spacy_anon.rules.recognizers import pain_score_near

Scored = Tuple[int, int, str, float]

# words before a name that are not part of it (honorifics and roles); the rest is decided by frequency
NOT_GIVEN_NAMES = frozenset(
    "mr mrs ms miss mx dr drs prof sir dame madam nurse rn np pa md attending resident fellow intern "
    "doctor surgeon team pt patient son daughter wife husband mother father sister brother friend".split()
)
_NUMBER_GROUP_CHAR = re.compile(r"[\d/.]")


def _is_rare_word(lower: str, max_zipf: float) -> bool:
    from wordfreq import zipf_frequency

    return zipf_frequency(lower, "en") < max_zipf


def extend_names_left(
    words: Sequence[str], spans: Sequence[Scored], is_person: Callable[[str], bool], max_zipf: float = 3.0,
) -> List[Scored]:
    """spans plus, before each person span, a capital initial ("J", "W" of "W. MAROTTA") or a Title-case
    word rarer than `max_zipf` in English (wordfreq) that is no honorific or role, as a one-token span
    of the same label and score. Whitespace tokens without a line break are skipped; a line break, a
    token already in a span or anything else stops the search."""
    taken = set()
    for start, end, _, _ in spans:
        taken.update(range(start, end))
    added: List[Scored] = []
    for start, _, label, score in spans:
        if not is_person(label):
            continue
        j = start - 1
        while j >= 0 and not words[j].strip() and "\n" not in words[j]:
            j -= 1
        if j >= 1 and words[j] == "." and len(words[j - 1]) == 1:
            j -= 1  # "W." : the initial, not the dot
        if j < 0 or j in taken:
            continue
        word = words[j]
        initial = len(word) == 1 and "A" <= word <= "Z"
        given = (len(word) > 1 and word.isalpha() and word[0].isupper() and word[1:].islower()
                 and word.lower() not in NOT_GIVEN_NAMES and _is_rare_word(word.lower(), max_zipf))
        if initial or given:
            added.append((j, j + 1, label, score))
            taken.add(j)
    return sorted(list(spans) + added, key=lambda s: (s[0], s[1]))


def _number_group(text: str, start: int, end: int) -> Tuple[str, int, int]:
    """The run of digits, slashes and dots around text[start:end] (a dash separates two groups of a
    range), without edge dots or slashes."""
    while start > 0 and _NUMBER_GROUP_CHAR.match(text[start - 1]):
        start -= 1
    while end < len(text) and _NUMBER_GROUP_CHAR.match(text[end]):
        end += 1
    group = text[start:end]
    left = len(group) - len(group.lstrip("./"))
    return group.strip("./"), start + left, end


def implausible_date(text: str, start: int, end: int) -> Optional[str]:
    """Why the slashed number group around text[start:end] cannot be a date, or None if it can be one
    (or is no slashed group). Month/day, month/two-digit-year, month/day/year and two month/days back to
    back ("10/03/10/04") are dates."""
    group, g_start, g_end = _number_group(text, start, end)
    parts = group.split("/")
    if len(parts) < 2 or not all(parts):
        return None
    if not all(p.isdigit() for p in parts):
        return "blood gas" if len(parts) >= 3 and any("." in p for p in parts) else None
    nums = [int(p) for p in parts]
    months = nums[0::2]
    if len(parts) == 2 and not (1 <= nums[0] <= 12 and nums[1] >= 1):
        return "not a month"
    if len(parts) == 3 and not (1 <= nums[0] <= 12 and 1 <= nums[1] <= 31):
        return "not a month"
    if len(parts) >= 4 and not (len(parts) == 4 and all(1 <= m <= 12 for m in months)):
        return "number chain"
    if len(parts) == 2 and nums[1] == 10 and nums[0] <= 10 and pain_score_near(text, g_start, g_end):
        return "pain score"
    return None
