"""Readable `generalize` output: articles that agree, no doubled replacements, capitals where a sentence
starts ("an American actress" -> "a performer", "thing thing" -> "thing", "In 2015 a person founded")."""
import re
from typing import Any, List, Sequence, Tuple

from spacy_anon.generalize.grammar import indefinite_article

_ARTICLE_BEFORE = re.compile(r"(?:^|(?<=[\s(\[\"“']))([Aa]n?)\s+$")
_DETERMINER_WORDS = frozenset(
    "a an the this that these those my your his her its our their some any every each no another".split())
# After these words a singular count noun needs an article ("In 2015 a person founded", "as a performer").
_NP_OPENERS = frozenset(
    "in on at for with from by as of to into about like after before during under over between against "
    "is was are were be been being become became becomes".split())


# predicative adjectives a generalizer writes ("her partner is ill"): never given an article
_ADJECTIVES = frozenset({"ill", "unwell", "positive", "negative"})


def _bare_noun(replacement: str) -> bool:
    """A replacement made of lowercase words with no determiner of its own ("performer", "film actor")."""
    words = replacement.split()
    return bool(words) and all(w.isalpha() and w.islower() for w in words) \
        and words[0] not in _DETERMINER_WORDS and words[0] not in ("about", "some") and replacement not in _ADJECTIVES


def tidy_generalized(text: str, offsets: Sequence[Tuple[int, int]], replacements: Sequence[str],
                     generalized: Sequence[bool], lang: str = "en") -> List[Tuple[int, int, str, List[int]]]:
    """Readable `generalize` output. RETURNS segments (start, end, replacement, member indices), one per
    table row, in text order; offsets are character offsets in the ORIGINAL text.

    1. Adjacent generalized mentions with the same replacement (ignoring a leading "a"/"an" and case) and
       only whitespace between them become one segment: "Welsh actress" -> "a thing", not "thing thing";
       so does a person's name after a role ("the composer Dafydd Morrow" -> "the musician", not "the
       musician person").
    2. An "a"/"an" right before a generalized segment is made to agree with the replacement; the segment
       then starts at the article so the table still says exactly what was replaced
       ("an American actress" -> "a thing"; "a Oscar" -> "an award"). A replacement that already has an
       article takes the place of the text's one ("a a person" -> "a person").
    3. A bare singular replacement gets "a"/"an" when no determiner precedes it and it opens a noun
       phrase: at a sentence start, or after a preposition, a form of "be"/"become", or a year
       ("In 2015 person founded" -> "In 2015 a person founded").
    Non-generalized mentions are left as they are. Rules 2 and 3 are English grammar. In Spanish and
    Portuguese (rule 4), a replacement with its own indefinite article ("uma pessoa", "un lugar") after
    an article or a contraction of the text drops its article, and the text's one agrees with the
    replacement's gender and number: "o Papa Clemente VII" -> "a pessoa", "do Papa" -> "da pessoa",
    "del rey" -> "de la persona"; the segment then starts at the text's article. Portuguese "a"/"as"
    count as articles only where a sentence starts ("voltou a Lisboa" keeps its preposition "a").
    """
    segments: List[List[Any]] = []
    for i, ((start, end), rep, gen) in enumerate(zip(offsets, replacements, generalized)):
        if segments and gen and segments[-1][4] and not text[segments[-1][1]:start].strip():
            prev = segments[-1]
            same = _strip_article(prev[2]).lower() == _strip_article(rep).lower()
            named = _strip_article(rep).lower() == "person" and _bare_noun(_strip_article(prev[2]))
            if same or named:  # "the composer Dafydd Morrow": "the musician", not "the musician person"
                prev[1] = end
                prev[3].append(i)
                continue
        segments.append([start, end, rep, [i], gen])
    out: List[Tuple[int, int, str, List[int]]] = []
    last_end = 0
    for start, end, rep, members, gen in segments:
        if gen and rep and lang in ROMANCE_ARTICLES:
            start, rep = _agree_romance(text, last_end, start, rep, lang)
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
                    if starts_sentence(text, start):
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
    if starts_sentence(text, start):
        return True
    before = text[floor:start]
    m = re.search(r"(\w+)\W*$", before)
    if not m or not before[m.end(1):].strip() == "":
        return False  # punctuation right before (a quote, a bracket): leave it
    word = m.group(1)
    if word.lower() in _DETERMINER_WORDS or word.lower().endswith("'s"):
        return False
    return word.lower() in _NP_OPENERS or (word.isdigit() and len(word) == 4)


def starts_sentence(text: str, start: int) -> bool:
    i = start - 1
    while i >= 0 and text[i] in " \t\r\f\v":
        i -= 1
    return i < 0 or text[i] in ".!?\n"


# Spanish and Portuguese articles and contractions: word -> (preposition, kind, gender, number).
_ROMANCE_FORMS = {
    "es": {"el": ("", "def", "m", "s"), "la": ("", "def", "f", "s"), "los": ("", "def", "m", "p"),
           "las": ("", "def", "f", "p"), "un": ("", "ind", "m", "s"), "una": ("", "ind", "f", "s"),
           "unos": ("", "ind", "m", "p"), "unas": ("", "ind", "f", "p"), "del": ("de", "def", "m", "s"),
           "al": ("a", "def", "m", "s")},
    "pt": {"o": ("", "def", "m", "s"), "a": ("", "def", "f", "s"), "os": ("", "def", "m", "p"),
           "as": ("", "def", "f", "p"), "um": ("", "ind", "m", "s"), "uma": ("", "ind", "f", "s"),
           "uns": ("", "ind", "m", "p"), "umas": ("", "ind", "f", "p")},
}
for _prep, _forms in (("de", ("do", "da", "dos", "das")), ("em", ("no", "na", "nos", "nas")),
                      ("a", ("ao", "à", "aos", "às")), ("por", ("pelo", "pela", "pelos", "pelas"))):
    for _form, (_g, _n) in zip(_forms, (("m", "s"), ("f", "s"), ("m", "p"), ("f", "p"))):
        _ROMANCE_FORMS["pt"][_form] = (_prep, "def", _g, _n)
for _prep, _forms in (("de", ("dum", "duma")), ("em", ("num", "numa"))):
    for _form, _g in zip(_forms, ("m", "f")):
        _ROMANCE_FORMS["pt"][_form] = (_prep, "ind", _g, "s")
ROMANCE_ARTICLES = tuple(_ROMANCE_FORMS)
# (preposition, kind, gender, number) -> the written form; Spanish writes "de la", "a la" apart.
_ROMANCE_WRITE = {lang: {v: k for k, v in forms.items()} for lang, forms in _ROMANCE_FORMS.items()}
_ROMANCE_WRITE["es"].update({("de", "def", "f", "s"): "de la", ("de", "def", "m", "p"): "de los",
                             ("de", "def", "f", "p"): "de las", ("a", "def", "f", "s"): "a la",
                             ("a", "def", "m", "p"): "a los", ("a", "def", "f", "p"): "a las"})
_WORD_BEFORE = re.compile(r"(?:^|(?<=[\s(\[\"“']))(\w+)[ \t]+$", re.UNICODE)


def _agree_romance(text: str, floor: int, start: int, rep: str, lang: str) -> Tuple[int, str]:
    """Rule 4 of `tidy_generalized`: (new start, new replacement) for one generalized segment."""
    forms = _ROMANCE_FORMS[lang]
    own, _, core = rep.partition(" ")
    own_form = forms.get(own.lower())
    if not core or own_form is None or own_form[0] or own_form[1] != "ind":
        return start, rep  # no indefinite article of its own ("cerca de 2000", "cidade")
    m = _WORD_BEFORE.search(text[floor:start])
    if not m:
        return start, rep
    word = m.group(1)
    text_form = forms.get(word.lower())
    if text_form is None:
        return start, rep
    if lang == "pt" and word.lower() in ("a", "as") and not starts_sentence(text, floor + m.start(1)):
        return start, rep  # "voltou a Lisboa": the preposition a, not the article
    prep, kind, _, _ = text_form
    agreed = _ROMANCE_WRITE[lang].get((prep, kind, own_form[2], own_form[3]), word)
    if word[:1].isupper():
        agreed = agreed[:1].upper() + agreed[1:]
    return floor + m.start(1), f"{agreed} {core}"


# ---------------------------------------------------------------------------------------------------------
# The article before any replacement: a function of the replacement only

# "a"/"an" right before a replacement, with at most an opening quote or bracket between them
_ARTICLE_THEN_GAP = re.compile(r"(?:^|(?<=[\s(\[\"“‘']))([Aa]n?)([ \t]+[\"“‘'(\[]?)$")
# letters whose English names start with a vowel sound ("an S-S-N", "an F-B-I")
_VOWEL_SOUND_LETTERS = frozenset("AEFHILMNORSX")
# the first word of a replacement after opening brackets or quotes and the decoration after them
# ("[**PESSOA5**]"); a replacement that starts with a filler ("****ican") has no readable first word
_FIRST_WORD = re.compile(r"(?:[\[(<{\"“‘']+[*#_ ]*)?([^\W_]+)")


def article_for_replacement(replacement: str) -> str:
    """"a" or "an" as the replacement is written, read from its first letters or digits, never from
    the text it hides: "[MISC_3]" -> "a", "[ORG_1]" -> "an", "<EMAIL>" -> "an", "***" -> "a",
    "SSN_1f3a" -> "an" (a capital word without a vowel is read letter by letter), "8 March" -> "an"."""
    m = _FIRST_WORD.match(replacement)
    if not m:
        return "a"  # no word at the start ("***", "[***]", "****ican" whose start is hidden): one fixed form
    word = m.group(1)
    if word[:1].isdigit():
        digits = re.match(r"\d+", word).group(0)
        # eight, eighty, eleven, eighteen (and their thousands and millions): the digits as read aloud
        lead = len(digits) % 3 or 3
        return "an" if digits.startswith("8") or (lead == 2 and digits[:2] in ("11", "18")) else "a"
    if word.isupper() and len(word) > 1 and not re.search(r"[AEIOUY]", word[:4]):
        return "an" if word[0] in _VOWEL_SOUND_LETTERS else "a"
    return indefinite_article(word)


def agree_articles(text: str, segments: Sequence[Tuple[int, int, str, List[int]]],
                   lang: str = "en") -> List[Tuple[int, int, str, List[int]]]:
    """The English "a"/"an" right before a replacement made to agree with the replacement as written, so
    that it tells nothing of the hidden word: "an American actress" -> "a [MISC_3] actress", not
    "an [MISC_3] actress". Works for every strategy (tags, fillers, pseudonyms, surrogates, a
    generalization that fell back to a tag). A changed segment starts at the article, so that the table
    still says exactly what was replaced. Lower-case "a"/"an" count everywhere, "A"/"An" only where a
    sentence starts ("Plan A [PERSON_1]" keeps its letter). Spanish and Portuguese articles are left as
    written (docs/components/anon_mask.md#articles-before-a-replacement). `segments`: (start, end,
    replacement, members) in text order, offsets in the ORIGINAL text; RETURNS the same list, changed."""
    if lang != "en":
        return list(segments)
    out: List[Tuple[int, int, str, List[int]]] = []
    last_end = 0
    for start, end, rep, members in segments:
        own = rep.split(" ", 1)[0] if rep else ""
        m = _ARTICLE_THEN_GAP.search(text, last_end, start) if rep and own not in ("a", "an", "the") else None
        if m is not None:
            article, gap = m.group(1), m.group(2)
            wanted = article_for_replacement(rep)
            capital = article[:1].isupper()
            if capital and not starts_sentence(text, m.start(1)):
                pass  # a capital letter mid-sentence is a name or a label ("Plan A"), not an article
            elif article.lower() != wanted:
                start = m.start(1)
                rep = (wanted.capitalize() if capital else wanted) + gap + rep
        out.append((start, end, rep, members))
        last_end = end
    return out
