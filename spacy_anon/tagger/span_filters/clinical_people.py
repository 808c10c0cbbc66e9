"""People the tagger names by given name and surname in a clinical note, whose surname is also a word.

The `clinical_notes` span filter keeps a piece of a name span only from evidence to evidence: a word no
dictionary lists, a title, a kin word. A surname that is also a word ("Mary Cook", "Rose Baker", "Kylie
Price", "Sean Green") has none, so the filter cut the span down to its given name or dropped it, and the
surname was then left in clear with every later mention of it ("Cook said nothing more", "later, cook
agreed"; found by the leak benchmark). When the tagger itself reads a given name and a surname as one
person, the surname is that evidence: a listed given name, then (after an initial at most) a listed
surname that is no clinical word ("Bernard Foley" stays the catheter's), stop word or modal, written as
a name where the note has capitals ("Mark Site" is no one: "site" is no listed surname).

Pure functions of `ClinicalEvidence` (`clinical_notes`), which calls `full_name` on the tagger's
person spans.
"""
import re
from typing import TYPE_CHECKING, Collection, List

from spacy_anon.rules.recognizers.names import world_given_names
from spacy_anon.tagger.span_filters.clinical_cues import NOT_NAMES, given_name

if TYPE_CHECKING:  # pragma: no cover
    from spacy_anon.tagger.span_filters.clinical_notes import ClinicalEvidence


# given names that are also modals, which the given-name list leaves out ("SON WILL CALL"): a given name
# only written so, in the middle of a sentence ("the witness Will Young")
MODAL_GIVEN_NAMES = frozenset({"Will", "May"})
INITIAL = re.compile(r"[A-Z]\.?")  # a middle initial ("MARY A. COOK", "Mary A Cook")


def name_words(ev: "ClinicalEvidence", start: int, end: int) -> List[int]:
    """The tokens of start..end that are not spaces."""
    return [k for k in range(start, end) if ev.words[k].strip()]


def surname(ev: "ClinicalEvidence", i: int) -> bool:
    """Token i can be the surname of a person just named by a given name: a listed surname (or a word
    no dictionary lists), no clinical word, stop word or modal; capitalised where the note has capitals."""
    word, w = ev.words[i], ev.lower[i]
    if len(w) < 2 or not word.replace("-", "").replace("'", "").isalpha():
        return False
    if w in ev.stops or w in NOT_NAMES or ev.clinical(i):
        return False
    written = ev.written[i]
    if ev.cased and not (written[:1].isupper() and not written[1:].isupper() or written.isupper()):
        return False
    return w in ev.names or ev.evidence(i)


def world_given_name(ev: "ClinicalEvidence", i: int) -> bool:
    """Token i is a given name of the world's lists that is no frequent word ("Aisha", "Chidi", "Priyanka"),
    written with a capital, no clinical word or stop word."""
    w = ev.lower[i]
    return (ev.written[i][:1].isupper() and ev.words[i].isalpha() and w in world_given_names()
            and w not in NOT_NAMES and w not in ev.stops and not ev.clinical(i))


def full_name(ev: "ClinicalEvidence", start: int, end: int, world: bool = False) -> bool:
    """Tokens start..end are one person written as given name, an optional initial (with its dot), and
    surname, on one line ("Mary Cook", "ROSE A. BAKER"); with `world`, the given name may be one of the
    world's lists (`world_given_name`: "Aisha Karimi")."""
    words = name_words(ev, start, end)
    if len(words) < 2 or len(words) > 4 or any("\n" in ev.words[k] for k in range(start, end)):
        return False
    first, last, middle = words[0], words[-1], words[1:-1]
    if middle and not INITIAL.fullmatch("".join(ev.written[k] for k in middle)):
        return False
    return (given_name(ev, first) or modal_given_name(ev, first, last) or world and world_given_name(ev, first)) \
        and surname(ev, last)


def modal_given_name(ev: "ClinicalEvidence", i: int, last: int) -> bool:
    """"Will" or "May" written so, inside a sentence, before a capitalised surname ("the witness Will
    Young"; not "Will check labs", "WILL FOLLOW", "son will call")."""
    if ev.written[i] not in MODAL_GIVEN_NAMES or not ev.written[last].istitle():
        return False
    j = ev.previous(i)
    return j >= 0 and (ev.words[j].isalpha() or ev.words[j] == ",")


def surname_after(ev: "ClinicalEvidence", start: int, end: int, taken: Collection[int]) -> int:
    """The end of a person span start..end that is a given name alone, grown over the surname after it on
    its line ("DAUGHTER SUSAN LANGLEY-PRICE UPDATED": the tagger read "SUSAN"): one word that `surname`
    takes, or a double-barrelled one (two words a hyphen glues, neither a clinical word, stop word or
    modal). `end` where none follows."""
    words = name_words(ev, start, end)
    if len(words) != 1 or not given_name(ev, words[0]) or end + 1 > len(ev.doc) or end in taken \
            or ev.doc[end - 1].whitespace_ != " ":
        return end
    barrelled = (end + 2 < len(ev.doc) and ev.words[end + 1] == "-" and not ev.doc[end].whitespace_
                 and not ev.doc[end + 1].whitespace_
                 and all(name_like(ev, k) for k in (end, end + 2)))
    if barrelled:
        return end + 3
    return end + 1 if surname(ev, end) else end


def name_like(ev: "ClinicalEvidence", i: int) -> bool:
    """Token i is a word of two letters or more, no clinical word, stop word or modal."""
    w = ev.lower[i]
    return len(w) >= 2 and ev.words[i].isalpha() and w not in ev.stops and w not in NOT_NAMES and not ev.clinical(i)
