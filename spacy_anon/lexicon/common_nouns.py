"""Common nouns that a case table learned from court judgments would capitalise, and the short names a
document defines: what truecasing (`spacy_anon.casing`) needs to leave "by the river" in lower case and
keep "the Galleries" a name.

The English case table counts how judgments write a word mid-sentence; there "River", "Park",
"Police", "Court" are mostly the heads of names ("Hyde Park", "the Court"), so a chat's "we walked by
the river to the park" was read "by the River to the Park". Pure functions.
"""
import re
from typing import Callable, FrozenSet, List, Sequence

from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.lexicon.institution_names import HEADS, RANKS

# words that keep the capital the table gives them after "the": a body's head ("the Council", "the
# Board", "the Government": the body a document deals with, which TAB's annotators mark as its name),
# an office or a rank that stands for its holder ("the President", "the Lord Justice Clerk", "the
# Captain"), and a region by its compass point ("the North", "the northern part of Cyprus")
KEPT = HEADS | RANKS | frozenset(DEFAULT_HONORIFICS) | frozenset(
    "government crown revenue president chancellor lord lady king queen prince princess minister secretary "
    "majesty highness honour lordship ladyship excellency holiness "
    "north south east west northern southern eastern western".split())
DETERMINERS = frozenset("the a an his her their my our your its this that".split())
_DEFINED_TERM = re.compile(r"[“\"‘'(]\s*the\s+([^\W\d_]+)\s*[”\"’')]|\b(?:known|referred to) as the ([^\W\d_]+)", re.I)


def defined_terms(text: str) -> FrozenSet[str]:
    """The words (lower case) that `text` defines as the short name of something it named before, in
    quotes or brackets, or after "known as": 'Sunderland City Council (“the Council”)', 'known as “the
    galleries”', 'a park known as the arena'."""
    return frozenset((m.group(1) or m.group(2)).lower() for m in _DEFINED_TERM.finditer(text))


def common_nouns_after_determiners(forms: Sequence[str], gaps: Sequence[str], tabled: Callable[[str], bool],
                                   is_dictionary: Callable[[str], bool],
                                   continues: Callable[[str], bool] = lambda lower: False) -> List[int]:
    """Indices k of the words whose form (`forms`: each word's usual form so far) is capitalised by the
    case table (`tabled(form)`; capitalised, not an acronym: "the IRA" stays), that are dictionary words and stand alone after a determiner, no name
    beside them: "by the river", "near the park", "THE POLICE". gaps[k]: the text between word k and
    k + 1; continues(word): whether a word after it may go on with a name (no function word, no verb:
    "the Royal ulster constabulary", not "the police came"). A body's head, an office, a rank and a
    compass point keep their capital ("the Council", "the President", `KEPT`), and so does a name's head ("Hyde Park", "the Home Office", "the House of Lords"); a
    name that is no dictionary word keeps it too ("the Hague")."""
    found = []
    for k in range(1, len(forms)):
        form = forms[k]
        if not form[:1].isupper() or form.isupper() or not tabled(form) or not is_dictionary(form.lower()) \
                or form.lower() in KEPT or forms[k - 1].lower() not in DETERMINERS or gaps[k - 1] != " ":
            continue
        if k + 1 < len(forms) and gaps[k] in (" ", "-") and (forms[k + 1][:1].isupper() or continues(forms[k + 1])):
            continue  # "the Home Office", "the River Thames", "the Royal ulster constabulary"
        if k >= 3 and forms[k - 2] in ("of", "for") and forms[k - 3][:1].isupper() and gaps[k - 2] == " ":
            continue  # "the Ministry of the Interior": the end of a name
        after = k + 3 if k + 3 < len(forms) and forms[k + 2] == "the" and gaps[k + 2] == " " else k + 2
        if after < len(forms) and forms[k + 1] in ("of", "for") and forms[after][:1].isupper() \
                and gaps[k] == " " and gaps[k + 1] == " ":
            continue  # "the House of Lords", "the Bank of England", "the Agent of the Government"
        found.append(k)
    return found


# words after which an adjective follows, never a name: "so nice", "really happy", "was pretty bad"
DEGREE_WORDS = frozenset(
    "so very really too quite pretty rather extremely super totally absolutely incredibly fairly somewhat "
    "how".split())
COPULAS = frozenset("is was were are be been being am seems seemed looks looked feel feels felt".split())


def adjectives_after_degree_words(forms: Sequence[str], gaps: Sequence[str], tabled: Callable[[str], bool],
                                  is_dictionary: Callable[[str], bool], is_given_name: Callable[[str], bool]) -> List[int]:
    """Indices k of the words the case table capitalises (`tabled(form)`) that are dictionary words and no
    given names, right after a degree word ("so Nice", "really Happy"), and of a degree word the table
    capitalises after a copula ("was Pretty bad"): an adjective there, not a place or a title ("Nice", "Happy
    Days", "Pretty Woman" in the texts the table counts)."""
    found = []
    for k in range(1, len(forms)):
        form, before = forms[k], forms[k - 1].lower()
        lower = form.lower()
        if not form[:1].isupper() or form.isupper() or not tabled(form) or not is_dictionary(lower) \
                or is_given_name(lower) or gaps[k - 1] != " ":
            continue
        if before in DEGREE_WORDS or (lower in DEGREE_WORDS and before in COPULAS):
            found.append(k)
    return found


# verbs the case table capitalises (from "the Contracting States", "the Rules of Court") that notes in
# capitals use as verbs: "CALLER STATES PT FELL", "MUM STATES THIS IS NOT TRUE"
TABLED_VERBS = frozenset(("states", "rules", "kicks"))


PRONOUNS = frozenset("he she they it i we you this that his her their".split())


def verbs_between_words(forms: Sequence[str], gaps: Sequence[str],
                        is_given_name: Callable[[str], bool] = lambda lower: False) -> List[int]:
    """Indices k of the words of `TABLED_VERBS` between two words with no capital of their own (a line's
    first word counts as one), or before a pronoun after a given name or a comma: a verb there ("Caller states
    pt", "Pt states pain", "Alan states he", "refused metformin, states she"), not the end of a name ("United
    States"; "Member States ARE" is a verb)."""
    return [k for k in range(len(forms) - 1)
            if forms[k].lower() in TABLED_VERBS and gaps[k] == " " and not forms[k + 1][:1].isupper()
            and (k == 0 or gaps[k - 1] == " " and (not forms[k - 1][:1].isupper() or forms[k + 1] in PRONOUNS
                                                   and is_given_name(forms[k - 1].lower()))
                 or gaps[k - 1] in (", ", "; ") and forms[k + 1] in PRONOUNS)]
