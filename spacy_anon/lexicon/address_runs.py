"""A street address typed in one case ("14 kilmore close in swords", "3 BIRCH LANE"), read as it is usually
written: the words between a house number and a street's type are the street's name, capitalised with the
type, and a known town right after it (after "in" or a comma) is capitalised too. Pure functions over a
line's letter runs (lower case) and the gaps between them."""
import re
from typing import Callable, List, Sequence, Tuple

_HOUSE_NUMBER = re.compile(r"(?:^|[\s,(])\d{1,5}[ \t]\Z")  # "14 ", "(22 ", ", 7 "; not "1990 " of a date's year
STREET_NAME_MAX = 3  # words of a street's name before its type ("upper little london road" is rare)
# what follows the heart's ST segment in a note: "12 LEAD SHOWS ST ELEVATION" is no "12 Lead Shows St"
ST_SEGMENT_WORDS = frozenset("elevation elevations depression depressions segment segments change changes wave "
                             "waves abnormality abnormalities".split())

SEGMENT_AFTER = re.compile(r"[ \t]+(?i:" + "|".join(sorted(ST_SEGMENT_WORDS)) + r")\b")  # " ELEVATION" after "ST"


def heart_segment(words: Sequence[str], gaps: Sequence[str], k: int) -> bool:
    """Whether word k is the "st" of an ECG's ST segment ("st elevation", "ST depression"): no street's type."""
    return words[k] == "st" and k + 1 < len(words) and gaps[k + 1] == " " and words[k + 1] in ST_SEGMENT_WORDS


def numbered_street_runs(words: Sequence[str], gaps: Sequence[str], street_types: frozenset,
                         is_function_word: Callable[[str], bool],
                         is_town: Callable[[str], bool]) -> List[Tuple[int, int]]:
    """(first, last) word indices of each street after a house number: one to `STREET_NAME_MAX` words joined
    by single spaces, then a street type ("kilmore close"), and the known town after it ("in swords",
    ", leeds") when there is one. `gaps[k]` is the text before word k (the line's start for word 0)."""
    runs: List[Tuple[int, int]] = []
    k = 0
    while k < len(words):
        if _HOUSE_NUMBER.search(gaps[k]) is None or words[k] in street_types or is_function_word(words[k]):
            k += 1
            continue
        end = next((j for j in range(k + 1, min(len(words), k + STREET_NAME_MAX + 1)) if words[j] in street_types
                    and all(gaps[i] == " " for i in range(k + 1, j + 1)) and not heart_segment(words, gaps, j)), None)
        if end is None or any(is_function_word(w) for w in words[k:end]):
            k += 1
            continue
        last = end
        if end + 2 < len(words) and words[end + 1] == "in" and gaps[end + 1] == gaps[end + 2] == " " \
                and is_town(words[end + 2]):
            last = end + 2  # "14 kilmore close in swords"
        elif end + 1 < len(words) and gaps[end + 1] == ", " and is_town(words[end + 1]):
            last = end + 1  # "22 oakfield road, leeds"
        runs.append((k, last))
        k = last + 1
    return runs


# street types no generic phrase ends with as often as a street's name does ("station road", "mill lane")
BARE_STREET_TYPES = frozenset("road street lane avenue crescent terrace".split())
# words before a street type that make it a phrase, not a name ("the main road", "a side street")
GENERIC_STREET_WORDS = frozenset("main side back dirt country slip busy same wrong next other quiet private public "
                                 "long narrow steep one-way access ring service trunk open".split())
_OWNERS = frozenset("the a an his her their my our your its this that every each any some".split())


def bare_street_runs(words: Sequence[str], gaps: Sequence[str], is_function_word: Callable[[str], bool]) -> List[Tuple[int, int]]:
    """(first, last) word indices of each street named without a house number: one word and a street type
    joined by a space, no determiner or possessive before it and no generic word in it ("ran towards station
    road", "lives on mill lane"; not "the main road", "a side street", "crossed the road"). `gaps[k]` is the
    text before word k."""
    return [(k - 1, k) for k in range(1, len(words))
            if words[k] in BARE_STREET_TYPES and gaps[k] == " " and not is_function_word(words[k - 1])
            and words[k - 1] not in GENERIC_STREET_WORDS and words[k - 1].isalpha()
            and (k < 2 or words[k - 2] not in _OWNERS or gaps[k - 1] != " ")]
