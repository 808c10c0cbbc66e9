"""Readable `generalize` output: articles that agree, no doubled replacements, capitals where a sentence
starts ("an American actress" -> "a performer", "thing thing" -> "thing", "In 2015 a person founded")."""
import re
from typing import Any, List, Sequence, Tuple

_ARTICLE_BEFORE = re.compile(r"(?:^|(?<=[\s(\[\"“']))([Aa]n?)\s+$")
_DETERMINER_WORDS = frozenset(
    "a an the this that these those my your his her its our their some any every each no another".split())
# After these words a singular count noun needs an article ("In 2015 a person founded", "as a performer").
_NP_OPENERS = frozenset(
    "in on at for with from by as of to into about like after before during under over between against "
    "is was are were be been being become became becomes".split())
_AN_A = ("uni", "use", "usu", "eu", "one", "once", "ure")
_AN_AN = ("hour", "honest", "honor", "honour", "heir")


def indefinite_article(word: str) -> str:
    """"a" or "an" for the word that follows it (simple spelling rules)."""
    lower = word.lower()
    if lower.startswith(_AN_AN):
        return "an"
    if lower.startswith(_AN_A):
        return "a"
    return "an" if lower[:1] in "aeiou" else "a"


def _bare_noun(replacement: str) -> bool:
    """A replacement made of lowercase words with no determiner of its own ("performer", "film actor")."""
    words = replacement.split()
    return bool(words) and all(w.isalpha() and w.islower() for w in words) \
        and words[0] not in _DETERMINER_WORDS and words[0] not in ("about", "some")


def tidy_generalized(text: str, offsets: Sequence[Tuple[int, int]], replacements: Sequence[str],
                     generalized: Sequence[bool], lang: str = "en") -> List[Tuple[int, int, str, List[int]]]:
    """Readable `generalize` output. RETURNS segments (start, end, replacement, member indices), one per
    table row, in text order; offsets are character offsets in the ORIGINAL text.

    1. Adjacent generalized mentions with the same replacement (ignoring a leading "a"/"an" and case) and
       only whitespace between them become one segment: "Welsh actress" -> "a thing", not "thing thing".
    2. An "a"/"an" right before a generalized segment is made to agree with the replacement; the segment
       then starts at the article so the table still says exactly what was replaced
       ("an American actress" -> "a thing"; "a Oscar" -> "an award"). A replacement that already has an
       article takes the place of the text's one ("a a person" -> "a person").
    3. A bare singular replacement gets "a"/"an" when no determiner precedes it and it opens a noun
       phrase: at a sentence start, or after a preposition, a form of "be"/"become", or a year
       ("In 2015 person founded" -> "In 2015 a person founded").
    Non-generalized mentions are left as they are. Rules 2 and 3 are English grammar: for any other
    `lang` only rule 1 applies (Portuguese "voltou a Lisboa" keeps its preposition "a").
    """
    segments: List[List[Any]] = []
    for i, ((start, end), rep, gen) in enumerate(zip(offsets, replacements, generalized)):
        if segments and gen and segments[-1][4] and not text[segments[-1][1]:start].strip():
            prev = segments[-1]
            if _strip_article(prev[2]).lower() == _strip_article(rep).lower():
                prev[1] = end
                prev[3].append(i)
                continue
        segments.append([start, end, rep, [i], gen])
    out: List[Tuple[int, int, str, List[int]]] = []
    last_end = 0
    for start, end, rep, members, gen in segments:
        if gen and rep and rep[:1].isalpha() and lang == "en":
            before = text[last_end:start]
            m = _ARTICLE_BEFORE.search(before)
            core = _strip_article(rep)
            if m and core and core[:1].isalpha():
                article = m.group(1)
                head = core.split()[0]
                wanted = indefinite_article(head)
                has_own = core != rep
                if has_own or (article.lower() != wanted and head[:1].isalpha()):
                    new = f"{wanted} {core}" if not core[:1].isupper() or has_own else f"{wanted} {core}"
                    if article[:1].isupper():
                        new = new[:1].upper() + new[1:]
                    start = last_end + m.start(1)
                    rep = new
            elif core != rep and _after_determiner(before):  # "joined the an organisation" -> "the organisation"
                rep = core
            elif _bare_noun(rep) and not rep.endswith("s") or (_bare_noun(rep) and rep.endswith(("ss", "us"))):
                if _opens_noun_phrase(text, last_end, start) and not text[end:end + 1].isalnum():
                    rep = f"{indefinite_article(rep)} {rep}"
                    if _starts_sentence(text, start):
                        rep = rep[:1].upper() + rep[1:]
        out.append((start, end, rep, members))
        last_end = end
    return out


_LAST_WORD = re.compile(r"(\w+(?:['’]s)?)[ \t]+$")


def _after_determiner(before: str) -> bool:
    """The text before a replacement ends with a determiner or a possessive ("the", "his", "Anna's")."""
    m = _LAST_WORD.search(before)
    if not m:
        return False
    word = m.group(1).lower()
    # "that" is left out: "said that a person" is a conjunction, not "that organisation"
    return (word in _DETERMINER_WORDS and word not in ("that", "a", "an")) or word.endswith(("'s", "’s"))


def _strip_article(rep: str) -> str:
    words = rep.split(" ", 1)
    if len(words) == 2 and words[0].lower() in ("a", "an"):
        return words[1]
    return rep


def _opens_noun_phrase(text: str, floor: int, start: int) -> bool:
    """No determiner before `start` and the previous word opens a noun phrase (see tidy_generalized)."""
    if _starts_sentence(text, start):
        return True
    before = text[floor:start]
    m = re.search(r"(\w+)\W*$", before)
    if not m or not before[m.end(1):].strip() == "":
        return False  # punctuation right before (a quote, a bracket): leave it
    word = m.group(1)
    if word.lower() in _DETERMINER_WORDS or word.lower().endswith("'s"):
        return False
    return word.lower() in _NP_OPENERS or (word.isdigit() and len(word) == 4)


def _starts_sentence(text: str, start: int) -> bool:
    i = start - 1
    while i >= 0 and text[i] in " \t\r\f\v":
        i -= 1
    return i < 0 or text[i] in ".!?\n"
