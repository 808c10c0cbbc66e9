"""The rule-based resolver: pure functions over a text and its detected mentions.

Mentions are `(start, end, label)` character spans; entity keys come from a base grouper (name parts,
titles, initials, case and accents: `spacy_anon.name_part_grouper.v1`). On top of it the resolver

1. links acronyms and their expansions ("European Court of Human Rights" ~ "ECHR", also when the
   expansion is written once as "Prison Service Order (PSO)");
2. finds the forms of a detected name that the detectors left in clear ("Doe later refused");
3. links pronouns and nominal anaphora ("he", "ela", "the applicant", "el paciente") to the person
   mentioned most recently before them whose gender does not contradict theirs, within a few sentences;
   a role noun introduced with a name ('Mr X ("the applicant")', "the applicant, Mr X") refers to that
   person wherever it recurs.

The rules follow the classic knowledge-poor resolvers (recency and agreement filters, as in Mitkov's
and Lappin & Leass's work), without a parser: the default pipelines have none.
"""
import bisect
import re
import unicodedata
from dataclasses import dataclass
from itertools import accumulate
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from spacy_anon.coref.name_words import name_in_use
from spacy_anon.coref.lexicon import (FUNCTION_WORDS, ORDINARY_BEFORE, PREDICATE_CUES, PRONOUNS, ROLE_NOUNS,
                                      TITLE_GENDER, first_name_gender)

Mention = Tuple[int, int, str]  # start, end, label

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?;:])[\"”’)]*\s+(?=[\"“(]?[^\W\d_])|\n\s*\n")
_ABBREVIATION = re.compile(r"(?:\b(?:Mr|Mrs|Ms|Dr|Prof|Sr|Sra|Srta|St|No|nos?|pp?|cf|vs|v|Art|art)|\b[A-Z])\.$")
_PLAIN_WORD = re.compile(r"[^\W_]+")  # "Benham's" -> "Benham", "s"
_PLAIN_SPLIT = re.compile(r"([^\W_]+)")
MIN_PART = 3
# the word before a position, on its line or the line before ("the" of "the\nbaker")
PREVIOUS_WORD = re.compile(r"([^\W\d_]+)\.?[ \t]*(?:\r?\n[ \t]*)?$")


def fold(word: str) -> str:
    """Lowercase without accents ("Éla" -> "ela")."""
    if word.isascii():
        return word.lower()
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c)).lower()


class PlainWords:
    """The words of a text (runs of letters and digits: "the applicant’s" -> the, applicant, s) as lists
    of their texts, start and end offsets, found by one `re.split` (no match object per word), and
    their lower-cased and folded forms, made on first use for all words in one call."""

    __slots__ = ("texts", "starts", "ends", "_lower", "_folded")

    def __init__(self, text: str) -> None:
        parts = _PLAIN_SPLIT.split(text)  # text between words, word, text between words, ..., text
        bounds = list(accumulate(map(len, parts)))  # bounds[2 * i]: where word i starts
        self.texts: List[str] = parts[1::2]
        self.starts: List[int] = bounds[0:-1:2]
        self.ends: List[int] = bounds[1::2]
        self._lower: Optional[List[str]] = None
        self._folded: Optional[List[str]] = None

    def __len__(self) -> int:
        return len(self.texts)

    def lower(self) -> List[str]:
        """Each word lower-cased (joined by line breaks, which no word holds, and split again)."""
        if self._lower is None:
            self._lower = "\n".join(self.texts).lower().split("\n") if self.texts else []
        return self._lower

    def folded(self) -> List[str]:
        """`fold` of each word: the lower-cased form, folded again where a word is not ASCII."""
        if self._folded is None:
            folded = list(self.lower())
            for i, word in enumerate(self.texts):
                if not word.isascii():
                    folded[i] = fold(word)
            self._folded = folded
        return self._folded


def ordinary_before(text: str, start: int) -> bool:
    """Whether the word before text[start:] shows a common word's ordinary use ("the", "very", "was":
    `ORDINARY_BEFORE`)."""
    previous = PREVIOUS_WORD.search(text, max(0, start - 30), start)
    return previous is not None and fold(previous.group(1)) in ORDINARY_BEFORE


def shouted(words: Sequence[str], k: int) -> bool:
    """Whether word k is in capitals among words in capitals ("AFTER LONG DISCUSSION"), where case tells
    no name from a word; not a name in capitals inside a sentence ("Later COOK signed")."""
    if len(words[k]) < 2 or not words[k].isupper():
        return False
    return any(0 <= j < len(words) and len(words[j]) > 1 and words[j].isupper() and words[j].isalpha()
               for j in (k - 1, k + 1))


def plain_words(text: str) -> PlainWords:
    """The words of `text` (runs of letters and digits: "the applicant’s" -> the, applicant, s)."""
    return PlainWords(text)


def sentence_starts(text: str) -> List[int]:
    """Start offsets of the sentences of `text` (punctuation followed by a capitalised word; not after
    "Mr.", "No." or an initial)."""
    starts = [0]
    for m in _SENTENCE_BREAK.finditer(text):
        after_abbreviation = _ABBREVIATION.search(text[max(0, m.start() - 6):m.start()])
        if m.group().strip() == "" and "\n" not in m.group() and after_abbreviation:
            continue
        starts.append(m.end())
    return starts


def sentence_index(starts: Sequence[int], offset: int) -> int:
    """Index of the sentence containing `offset` (the last start at or before it; 0 before the first)."""
    return max(0, bisect.bisect_right(starts, offset) - 1) if starts else 0


def acronym(text: str) -> str:
    """Initials of the capitalised content words of a name of two or more of them, upper case
    ("European Court of Human Rights" -> "ECHR"; "" for shorter names)."""
    words = [w for w in _WORD.findall(text) if fold(w) not in FUNCTION_WORDS]
    if len(words) < 2 or not all(w[:1].isupper() for w in words):
        return ""
    return "".join(fold(w)[0] for w in words).upper()


def is_acronym(text: str) -> bool:
    """An all-capitals word of 2 to 8 letters ("ECHR", "PSO", "STJ")."""
    return 2 <= len(text) <= 8 and text.isalpha() and text.isupper()


def _free(start: int, end: int, taken: Sequence[Tuple[int, int]]) -> bool:
    return all(end <= s or start >= e for s, e in taken)


class Occupied:
    """The character ranges taken by spans, asked whether a range is free (overlaps none of them): the
    covered characters are marked in a byte array, so one question costs a search of the range in C, not
    a pass over every span (the mentions of a long judgment are checked for each of its words)."""

    def __init__(self, spans: Iterable[Tuple[int, int]] = ()) -> None:
        self._covered = bytearray()
        self._spans: List[Tuple[int, int]] = []  # every span, for an empty range asked about
        self._empty: List[Tuple[int, int]] = []  # empty spans: they take no character, yet block a range around them
        for start, end in spans:
            self.add(start, end)

    def add(self, start: int, end: int) -> None:
        self._spans.append((start, end))
        if end <= start:
            self._empty.append((start, end))
            return
        if end > len(self._covered):
            self._covered.extend(bytes(end - len(self._covered)))
        self._covered[start:end] = b"\x01" * (end - start)

    def free(self, start: int, end: int) -> bool:
        """Whether no span overlaps [start, end), as `all(end <= s or start >= e for s, e in spans)`."""
        if end <= start:
            return _free(start, end, self._spans)
        if self._covered.find(1, start, end) != -1:
            return False
        return not self._empty or _free(start, end, self._empty)


def find_acronyms(text: str, mentions: Sequence[Mention], labels: Iterable[str]) -> List[Tuple[int, int, int]]:
    """(start, end, index of the mention it abbreviates or expands) of acronyms and expansions in clear.

    - every occurrence of the acronym of a detected name (labels `labels`) is a mention of it;
    - a detected acronym is a mention of an expansion written before "(ACRONYM)" in the text, which
      then becomes a mention as well (returned with the acronym's index).
    """
    labels = set(labels)
    taken = Occupied((s, e) for s, e, _ in mentions)
    found: List[Tuple[int, int, int]] = []
    by_acronym: Dict[str, int] = {}
    expansions: Dict[str, Optional[Tuple[int, int]]] = {}  # the text is searched once per acronym
    for i, (s, e, label) in enumerate(mentions):
        if label not in labels:
            continue
        short = acronym(text[s:e])
        if short and short not in by_acronym:
            by_acronym[short] = i
        if is_acronym(text[s:e]) and text[s:e] not in by_acronym:
            if text[s:e] not in expansions:
                expansions[text[s:e]] = _expansion_before(text, text[s:e])
            expansion = expansions[text[s:e]]
            if expansion and taken.free(expansion[0], expansion[1]):
                found.append((expansion[0], expansion[1], i))
                taken.add(*expansion)
    for short, i in by_acronym.items():
        for start in standalone_occurrences(text, short):
            if taken.free(start, start + len(short)):
                found.append((start, start + len(short), i))
                taken.add(start, start + len(short))
    return sorted(found)


_WORD_OR_HYPHEN = re.compile(r"[\w-]")


def standalone_occurrences(text: str, word: str) -> List[int]:
    """Starts of `word` in `text` with no word character or hyphen just before or after it: the matches
    of `(?<![\\w-])WORD(?![\\w-])`, found with `str.find` (a pattern opening with a lookbehind is tried
    at every character). Occurrences that overlap are skipped as `re.finditer` skips them."""
    starts: List[int] = []
    size = len(word)
    if not size:
        return starts
    end = 0
    i = text.find(word)
    while i != -1:
        if i >= end and not (i and _WORD_OR_HYPHEN.match(text, i - 1)) and not _WORD_OR_HYPHEN.match(text, i + size):
            starts.append(i)
            end = i + size
        i = text.find(word, i + 1)
    return starts


def _expansion_before(text: str, short: str) -> Optional[Tuple[int, int]]:
    """The capitalised words right before "(SHORT)" whose initials spell SHORT, as (start, end)."""
    for m in re.finditer(r"\(\s*" + re.escape(short) + r"\s*\)", text):
        words = list(_WORD.finditer(text[max(0, m.start() - 200):m.start()]))
        base = max(0, m.start() - 200)
        letters = short.lower()
        picked: List[re.Match] = []
        for w in reversed(words):
            word = w.group()
            if fold(word) in FUNCTION_WORDS and picked:
                continue
            if not word[:1].isupper():
                break
            picked.append(w)
            if len(picked) == len(letters):
                break
        picked.reverse()
        if len(picked) == len(letters) and "".join(fold(w.group())[0] for w in picked) == letters:
            return base + picked[0].start(), base + picked[-1].end()
    return None


def is_title_only(text: str, honorifics: Iterable[str]) -> bool:
    """Whether a mention is only titles ("Mr", "Dr.", "Sra."): a detector's half of a name."""
    titles = {fold(h).strip(".") for h in honorifics}
    words = [fold(w) for w in _PLAIN_WORD.findall(text)]
    return bool(words) and all(w in titles for w in words)


_ALIAS = re.compile(r"\s*\(\s*(?:the\s+|o\s+|a\s+|el\s+|la\s+)?[\"“'‘]\s*(?:the\s+|o\s+|a\s+|el\s+|la\s+)?"
                    r"([^()\"“”'‘’]{1,80}?)\s*[\"”'’]\s*\)")
_OF = re.compile(r"\s+(?:of|de|do|da|dos|das|del)\s+")


def short_forms(name: str, after: str = "") -> List[str]:
    """Shorter names a text gives an organisation or place `name` (`after`: the text that follows it):
    an alias defined right after it in parentheses and quotes whose words are all in the name
    ('Cosmesin Laboratorieprodukter A/S (“Cosmesin”)', 'European Commission of Human Rights (“the
    Commission”)'), and the head before "of" of a name of two or more capitalised words ("United
    Kingdom of Great Britain ..." -> "United Kingdom"). Folded, words joined by spaces."""
    words = [fold(w) for w in _PLAIN_WORD.findall(name)]
    forms = []
    m = _ALIAS.match(after)
    if m:
        alias = [fold(w) for w in _PLAIN_WORD.findall(m.group(1))]
        if alias and len(alias) < len(words) and all(w in words for w in alias):
            forms.append(" ".join(alias))
    head = _OF.split(name, maxsplit=1)[0]
    head_words = _PLAIN_WORD.findall(head)
    if head != name and len(head_words) >= 2 and all(w[:1].isupper() for w in head_words):
        forms.append(" ".join(fold(w) for w in head_words))
    return forms


def find_name_variants(text: str, mentions: Sequence[Mention], name_labels: Iterable[str],
                       honorifics: Iterable[str], is_common: Callable[[str], bool],
                       words: Optional[PlainWords] = None,
                       starts: Optional[Sequence[int]] = None) -> List[Tuple[int, int, int]]:
    """(start, end, index of a person mention) of name parts of detected people that no mention covers.

    A part is found capitalised, or in lower case where it is no common word ("priya") or where the
    document writes the name in lower case; a part that is a common word ("will", "sunny") or a
    two-letter name ("Ed") also anywhere its neighbours show a name (`name_words.name_in_use`: "thanks
    will", "From: Will Hargreaves", "coach will said").

    A part that is also a common word counts only when it is not at the start of a sentence, or, at the
    start, when the next word shows it is a subject ("Doe later refused"; `PREDICATE_CUES`), so "Young
    people" is no mention of a Mr Young.

    words, starts: `plain_words(text)` and `sentence_starts(text)` when the caller has them.
    """
    name_labels = set(name_labels)
    titles = {fold(h).strip(".") for h in honorifics}
    parts: Dict[str, int] = {}
    short: set = set()  # two-letter given names ("Ed"): found only as written, or by their neighbours
    for i, (s, e, label) in enumerate(mentions):
        if label not in name_labels:
            continue
        lower_case = text[s:e].islower()  # a name written in lower case ("will", "sunny_kapoor")
        for w in _PLAIN_WORD.findall(text[s:e]):
            f = fold(w)
            if f in titles or f in FUNCTION_WORDS or w.isdigit() or not (w[:1].isupper() or lower_case):
                continue
            if len(f) >= MIN_PART:
                parts.setdefault(f, i)
            elif len(w) == 2 and w[0].isupper() and w[1].islower():
                parts.setdefault(f, i)
                short.add(f)
    if not parts:
        return []
    # a mention of common words only ("Project Engineer") is likely no name: its parts need their capital
    wordy = {i for i, (s, e, label) in enumerate(mentions) if label in name_labels and len(_PLAIN_WORD.findall(
        text[s:e])) > 1 and all(is_common(fold(w)) for w in _PLAIN_WORD.findall(text[s:e]))}
    taken = Occupied((s, e) for s, e, _ in mentions)
    starts = set(sentence_starts(text) if starts is None else starts)
    lead = len(text) - len(text.lstrip())  # text[:i].strip() == "" exactly when i <= lead
    found = []
    words = plain_words(text) if words is None else words
    texts, folded, word_starts, word_ends = words.texts, words.folded(), words.starts, words.ends
    for k in [k for k, key in enumerate(folded) if key in parts]:  # in Python only the names' parts
        word, key, start, end = texts[k], folded[k], word_starts[k], word_ends[k]
        if not taken.free(start, end):
            continue
        common = is_common(key) or key in short
        if (common or not word[:1].isupper()) and parts[key] not in wordy and name_in_use(text, texts, folded, word_starts, word_ends, k,
                                                              parts.__contains__):
            found.append((start, end, parts[key]))  # "thanks will", "From: Will Hargreaves", "coach will said"
            continue
        if not word[:1].isupper() and start and text[start - 1] == "#":
            continue  # a hashtag ("#northline") is a topic
        if common and not word[:1].isupper() or key in short and not word.istitle():
            continue  # a lower-case word ("will") or "ED" needs its neighbours' word; "priya" does not
        if is_common(key):
            # in a line in capitals the capital says nothing ("AFTER LONG DISCUSSION"): as at a sentence's
            # start, the next word must show a subject ("LATER COOK SIGNED")
            loud = shouted(texts, k)
            if loud and ordinary_before(text, start):
                continue  # "A LONG DAY"
            if loud or start in starts or start <= lead:
                nxt = texts[k + 1] if k + 1 < len(texts) else ""
                if not ((nxt.islower() or loud and nxt.isupper())
                        and (fold(nxt) in PREDICATE_CUES or fold(nxt).endswith("ed"))):
                    continue
        found.append((start, end, parts[key]))
    return found


@dataclass
class Anaphor:
    """A pronoun or role noun phrase and the entity key it refers to (None: unresolved)."""

    start: int
    end: int
    kind: str  # "pronoun" or "nominal"
    gender: Optional[str]
    key: Optional[str] = None


def find_anaphora(text: str, lang: str, taken: Sequence[Tuple[int, int]] = (),
                  words: Optional[PlainWords] = None) -> List[Anaphor]:
    """Pronouns and definite role noun phrases of `lang` in `text`, outside the `taken` spans (words:
    `plain_words(text)` when the caller has them)."""
    found: List[Anaphor] = []
    pronouns = PRONOUNS.get(lang, {})
    roles = ROLE_NOUNS.get(lang, {})
    if not pronouns and not roles:
        return found
    free = Occupied(taken).free
    articles = {article for article, _ in roles}
    words = plain_words(text) if words is None else words
    lows, starts, ends = words.lower(), words.starts, words.ends
    for k in [k for k, low in enumerate(lows) if low in pronouns or low in articles]:
        low = lows[k]
        if low in pronouns and free(starts[k], ends[k]):
            found.append(Anaphor(starts[k], ends[k], "pronoun", pronouns[low]))
        elif low in articles and k + 1 < len(lows) and (low, lows[k + 1]) in roles:
            if text[ends[k]:starts[k + 1]].strip() == "" and free(starts[k], ends[k + 1]):
                found.append(Anaphor(starts[k], ends[k + 1], "nominal", roles[(low, lows[k + 1])]))
    return found


def mention_gender(text: str, start: int, end: int, lang: str,
                   honorifics: Iterable[str]) -> Tuple[Optional[str], Optional[str]]:
    """(gender shown by a title in or right before a person mention, gender of its first name).

    A title is firm evidence ("Mr", "Sra.", "o Papa"); a first name only a hint (Faker's lists give
    "Cameron" as a man's name), used to choose between candidates, never to rule one out.
    """
    before = _WORD.findall(text[max(0, start - 12):start])
    words = _WORD.findall(text[start:end])
    titles = {fold(h).strip(".") for h in honorifics} | set(TITLE_GENDER)
    title = None
    for w in ([before[-1]] if before else []) + words:
        title = TITLE_GENDER.get(fold(w))
        if title:
            break
    names = [w for w in words if fold(w) not in titles]
    first = first_name_gender(names[0], lang) if len(names) >= 2 else None
    return title, first


UNNAMED = "~"  # key prefix of a person known only by a role noun
Person = Tuple[int, int, str, Optional[str], Optional[str]]  # start, end, entity, title gender, first-name gender


def link_anaphora(text: str, lang: str, people: Sequence[Person], anaphora: List[Anaphor],
                  max_sentences: int = 2, starts: Optional[Sequence[int]] = None) -> List[Anaphor]:
    """Set `key` of each anaphor, from the person mentions (start, end, key, title gender, first-name
    gender) in text order.

    - A role noun defined next to a name ('Mr X ("the applicant")', "the applicant, Mr X", "Mr X, the
      applicant") refers to that person from then on; an undefined one is resolved like a pronoun, and
      then keeps that referent; nobody being in reach, it refers to the first person named, and with
      nobody named at all it is a person of its own (key `UNNAMED` + the role) whom pronouns can follow.
    - A pronoun refers to one of the people mentioned in the last `max_sentences` sentences (names and
      anaphora already linked count) whose gender does not contradict its own: the most salient (each
      mention counts 1 in the pronoun's sentence, half as much per sentence back), then the most
      recent. An entity's gender is its titles', else that
      of the first gendered pronoun linked to it; a first name's gender only breaks ties.
    starts: `sentence_starts(text)` when the caller has them.
    """
    starts = sentence_starts(text) if starts is None else starts
    firm: Dict[str, str] = {}
    hint: Dict[str, str] = {}
    for _, _, key, title, first in people:
        if title and key not in firm:
            firm[key] = title
        if first and key not in hint:
            hint[key] = first
    roles: Dict[str, str] = {}
    events = sorted([(s, e, key) for s, e, key, _, _ in people], key=lambda x: x[0])
    history: List[Tuple[int, str]] = []  # (end, key) of mentions seen so far
    p = 0
    for a in sorted(anaphora, key=lambda x: x.start):
        while p < len(events) and events[p][0] < a.start:
            history.append((events[p][1], events[p][2]))
            p += 1
        role = " ".join(fold(text[a.start:a.end]).split()) if a.kind == "nominal" else None  # "la paciente"
        if role is not None:
            defined = _apposition(text, a, events)
            if defined is not None:
                roles[role] = defined
                a.key = defined
            elif role in roles:
                a.key = roles[role]
        if a.key is None:
            a.key = _antecedent(a, history, firm, hint, starts, max_sentences)
        if a.key is None and role is not None and events and events[0][0] < a.start:
            a.key = next((key for _, _, key in events if a.gender is None or firm.get(key, a.gender) == a.gender), None)
        if a.key is None and role is not None:
            a.key = UNNAMED + role  # a person known only by the role ("the applicant", never named)
        if a.key is not None:
            if role is not None:
                roles.setdefault(role, a.key)
            if a.gender and a.key not in firm:
                firm[a.key] = a.gender
            history.append((a.end, a.key))
    return anaphora


def _antecedent(a: Anaphor, history: Sequence[Tuple[int, str]], firm: Dict[str, str], hint: Dict[str, str],
                starts: Sequence[int], max_sentences: int) -> Optional[str]:
    """The entity an anaphor refers to among those mentioned in reach (see `link_anaphora`): the most
    salient, each mention counting 1 in the anaphor's sentence and half as much per sentence back."""
    here = sentence_index(starts, a.start)
    salience: Dict[str, float] = {}
    latest: Dict[str, int] = {}
    for rank, (end, key) in enumerate(history):
        distance = here - sentence_index(starts, end - 1)
        if distance <= max_sentences and (a.gender is None or firm.get(key, a.gender) == a.gender):
            salience[key] = salience.get(key, 0.0) + 0.5 ** distance
            latest[key] = rank
    if not salience:
        return None

    def score(key: str) -> Tuple[int, float, int]:
        agrees = a.gender is None or key in firm or hint.get(key, a.gender) == a.gender
        return (int(agrees), salience[key], latest[key])

    return max(salience, key=score)


_APPOSITION_GAPS = frozenset({"(", "(\"", "(“", "('", "(‘", ","})


def _apposition(text: str, a: Anaphor, events: Sequence[Tuple[int, int, str]]) -> Optional[str]:
    """The person named right before ('Mr X ("the applicant")', "Mr X, the applicant") or right after
    ("the applicant, Mr X", "the applicant Mr X") a role noun phrase."""
    for s, e, key in events:
        if e <= a.start and a.start - e <= 4 and text[e:a.start].strip() in _APPOSITION_GAPS:
            return key
        if s >= a.end and s - a.end <= 2 and text[a.end:s].strip() in ("", ","):
            return key
    return None
