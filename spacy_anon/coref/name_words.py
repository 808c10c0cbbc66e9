"""Whether a word that is also an ordinary word ("will", "bill", "rose", "sunny") is used as the name of a
person the document names elsewhere ("Will Hargreaves", a speaker "will:").

Case tells nothing in chats, transcripts and signatures ("thanks will", "me and will"), and a capital
tells nothing at a sentence's start ("Will do."), so the word's neighbours decide: the other part of the
same name right after it, an "@" before it, a line of its own (a signature) or a speaker's label, a word
that addresses or introduces a person before it ("hi", "thanks", "ask", "son"), a comma or question mark
after it that closes an address ("not your card this time will, finance..."), or a verb after it that
only follows a name ("will said", "Bill has", "Rose stopped"). The modal verb, the noun and the adjective
keep their ordinary neighbours ("I will call", "a sunny day", "the bill is due") and stay in clear.
"""
import re
from typing import Callable, Sequence

from spacy_anon.coref.lexicon import ORDINARY_BEFORE

# words right before a name that address, introduce or relate a person ("hi will", "ask bill", "son Will")
ADDRESS_BEFORE = frozenset(
    "hi hey hello hiya dear thanks thx cheers bye ask asked ping tell told email emailed call called "
    "named cc attn coach son daughter brother sister wife husband mum mom dad nephew niece uncle aunt cousin "
    "grandson granddaughter partner boyfriend girlfriend colleague operator from".split())
# words right after a name that a modal verb, a noun or an adjective never has after it
PREDICATE_AFTER = frozenset(
    "said says is was has had did does asked told wrote replied stated says here agreed thinks thought "
    "wants wanted needs needed called rang phoned emailed mentioned confirmed will would".split())
# subjects before a modal "will" and what else makes a comma after the word no address ("I will, but")
SUBJECTS = frozenset("i you we they he she it who that there which s ll this".split())
_SPEAKER_AFTER = re.compile(r"[ \t]*:")
_LINE_BEFORE = re.compile(r"(?:^|\n)[ \t>*-]*\Z")
_LINE_AFTER = re.compile(r"[ \t]*[,.!]?[ \t]*(?:\n|\Z)")
_CLOSING_AFTER = re.compile(r"[ \t]*[,?!]")


def name_in_use(text: str, words: Sequence[str], folded: Sequence[str], starts: Sequence[int],
                ends: Sequence[int], k: int, is_part: Callable[[str], bool]) -> bool:
    """Whether word k of `text` (`words`, `folded`, `starts`, `ends`: `PlainWords` lists) is a name by its
    neighbours, where `is_part(folded_word)` tells a part of the same person's name."""
    start, end = starts[k], ends[k]
    before, after = text[max(0, start - 40):start], text[end:end + 40]
    previous = folded[k - 1] if k > 0 else ""
    following = folded[k + 1] if k + 1 < len(folded) else ""
    if start and text[start - 1] == "@":
        return True
    if k + 1 < len(words) and is_part(following) and text[end:starts[k + 1]].strip(" \t\"'“”") == "" \
            and words[k + 1][:1].isupper() == words[k][:1].isupper():
        return True  # "Will Hargreaves", "sunny okoye"
    at_line_start = _LINE_BEFORE.search(before) is not None
    if at_line_start and (_SPEAKER_AFTER.match(after) or _LINE_AFTER.match(after)):
        return True  # "will: fair", a signature "Will"
    if previous in ORDINARY_BEFORE or previous in SUBJECTS:
        return False  # "the bill", "a sunny day", "I will", "it's sunny"
    if previous in ADDRESS_BEFORE and text[ends[k - 1]:start].strip(" \t,") == "":
        return True
    if previous == "and" and k > 1 and folded[k - 2] == "me":
        return True  # "me and will"
    if _CLOSING_AFTER.match(after):
        return True  # "Will, can we push...", "this time will, finance were not happy"
    return following in PREDICATE_AFTER and text[end:starts[k + 1]].strip(" \t") == ""
