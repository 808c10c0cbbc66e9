"""Leak guard: what the detectors half found, masked whole before replacement.

Detectors miss forms of a value they found elsewhere or half of it: the surname before a possessive ("Peter
Maxwell's lawyer", tagged "Peter"), the name after a title tagged as the title alone ("Mr Fredin’s"),
the same name in capitals or lower case ("KOWALSKI", "kowalski"), or hidden by an invisible character
("Kow\u200balski"). A reader joins these at once; each is a leak. Two pure functions close them:

- `extend_name_mentions`: a person mention that is only a title grows over the capitalised words that
  follow it, and a mention right before a capitalised word with a possessive grows over that word.
- `join_hyphenated`: a mention that ends or starts at a word hyphenated across a line break
  ("Kowal-\nski") grows over the rest of that word, so no fragment stays in clear.
- `find_occurrences`: every other occurrence of a masked value, as a reader would see it (case, accents
  and invisible characters ignored; see `spacy_anon.text_views`), becomes a mention of the same entity.
  Words that are also common words ("Rose", "Young", "Will") are taken when capitalised inside a
  sentence; a person's name part among them also in lower case or opening a sentence where it is used as
  the name (`used_as_name`: "Later, smith agreed", "Baker said", "Cook to call back"), so "young people"
  and "the baker" are not masked because of a Mr Young or a Ms Baker, nor "THE BAKER" or "AFTER LONG
  DISCUSSION" in a line in capitals (there only how the word is used decides). Two or more consecutive
  name parts are taken in any case (`name_runs`: "silva santos"). An organisation's or place's mention
  that was itself typed in lower case and holds only common words ("town centre", "criminal group": a
  tagger's guess) is not taken where it is typed in lower case on a line written in mixed case: there it
  is prose, as the tagger's filter `drop_common_word_names` reads it. A capitalised name ("Green Park
  Cafe") is still taken in any case: a writer may type a name in lower case.
"""
import re
import unicodedata
from dataclasses import dataclass
from typing import AbstractSet, Any, Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from spacy_anon.casing import AS_WRITTEN, line_regime
from spacy_anon.coref.lexicon import PREDICATE_CUES, ROLE_NOUNS
from spacy_anon.coref.resolve import PREVIOUS_WORD, ordinary_before, plain_words, shouted
from spacy_anon.lexicon.eponyms import EPONYM_HEADS, LONE_EPONYMS
from spacy_anon.lexicon.generic_words import CHAT_SHORTHAND, GREETINGS, INTERJECTIONS, is_past_or_progressive
from spacy_anon.lexicon.honorifics import DEFAULT_HONORIFICS
from spacy_anon.mask.person_starts import CARE_GRADES
from spacy_anon.rules.recognizers.names import KINSHIP_WORDS
from spacy_anon.tagger.span_filters.names import PERSON_TITLES
from spacy_anon.text_views import TextView, dehyphenated_view, normalized_view

# Labels whose values repeat without pointing at anyone ("2015", "three", "40 years"): not swept.
UNSWEPT_LABELS = frozenset({"DATETIME", "QUANTITY", "AGE"})
# Labels of the names of organisations and places: a mention of them typed in lower case and made of common
# words is a tagger's guess ("town centre"), not a name that other lower-case uses of the words repeat
PROPER_LABELS = frozenset({"ORG", "LOC", "GPE", "FAC"})
# Labels whose values may be bare numbers worth sweeping (a record number); elsewhere "2005" is a year.
NUMERIC_LABELS = frozenset({"CONTACT", "ID", "CODE"})
# Name particles, too common across unrelated names to be swept alone ("van", "de la").
NAME_PARTICLES = frozenset(
    "de del della der den di da das do dos du la las le les los van von ter ten bin ben ibn al el "
    "mac mc st san santa y e".split())
MIN_TERM_LENGTH = 3
# common words a tagger puts in person mentions that are roles, not names ("Judge", "the applicant’s
# brother", "Lord Chief Justice"): their lower-case uses are never taken for the name
NOT_NAME_WORDS = PERSON_TITLES | frozenset(
    noun for roles in ROLE_NOUNS.values() for _, noun in roles) | frozenset(
    "chief clerk advocate counsel deputy officer court judges justices doctor nurse client witness "
    "solicitor barrister lawyer agent inspector sergeant constable member".split()) | frozenset(KINSHIP_WORDS)

_WORD = re.compile(r"[^\W_]+")
_CAPITALISED = r"[^\W\d_](?:[\w\-]|['’](?![sS]\b))*"
# after a title: up to four capitalised words, stopping before a possessive
_AFTER_TITLE = re.compile(r"\.?[ \t]+(" + _CAPITALISED + r"(?:[ \t]+" + _CAPITALISED + r"){0,3})")
# after a name: one to three capitalised words ending in a possessive ("Maxwell's", "Jones'")
_BEFORE_POSSESSIVE = re.compile(r"[ \t]+([^\W\d_][\w\-]*(?:[ \t]+[^\W\d_][\w\-]*){0,2})(?=['’](?:[sS](?!\w)|\s|$))")
_SENTENCE_END = re.compile(r"[.!?:;]\s*$|^\s*$|\n\s*$")


def fold(word: str) -> str:
    """Lowercase without accents: how words are compared ("JOSÉ" ~ "josé" ~ "Jose")."""
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def _capitalised_words(phrase: str) -> bool:
    return all(w[:1].isupper() for w in phrase.split())


def _capitalised_prefix_end(m: "re.Match[str]") -> int:
    """End of the leading capitalised words of group 1 (the match end when none)."""
    end = m.start(1)
    for word in re.finditer(r"\S+", m.group(1)):
        if not word.group()[:1].isupper():
            break
        end = m.start(1) + word.end()
    return end


# a word right before a mention, on its line ("Bartholomew" of "Patient Bartholomew Quayle")
_WORD_BEFORE = re.compile(r"([^\W\d_][\w\-’']*)[ \t]+$")
MAX_GIVEN_NAMES_BEFORE = 2  # "Mary Anne Quayle"
# "I'm Callum", "that's Sam": a pronoun and verb, no given name; "C'mon Sarah", "G'day Mick": a letter, an
# apostrophe and a lower-case rest is a word, no "O'Brien"
_CONTRACTION = re.compile(r"['’](?:m|re|ve|ll|d)$|n['’]t$|^(?:that|it|he|she|what|who|here|there|where|let)['’]s$"
                          r"|^[^\W\d_]['’](?-i:[a-z]{2,})$", re.I)
CHAT_WORDS = GREETINGS | INTERJECTIONS | CHAT_SHORTHAND


def extend_name_mentions(text: str, mentions: Sequence[Tuple[int, int]],
                         honorifics: Iterable[str], is_given_name: Callable[[str], bool] = lambda word: False,
                         is_common: Callable[[str], bool] = lambda word: False) -> List[Tuple[int, int]]:
    """Person mentions (start, end) grown over the name words a detector left out.

    - a mention that is only titles ("Mr", "Dr.") takes the capitalised words right after it
      ("Mr Fredin’s opinion" -> "Mr Fredin");
    - a mention followed by capitalised words with a possessive takes them ("Peter Maxwell's" ->
      "Peter Maxwell");
    - a mention right after one or two capitalised words that are no common words, or are given names,
      takes them ("Patient Bartholomew Quayle", tagged "Quayle" -> "Bartholomew Quayle"); a given name
      that is also a common word ("Will", "May") only inside a sentence, where its capital says it is a
      name. Titles and role words ("Patient", "Judge") stop it.
    Other mentions come back unchanged. Offsets are character offsets in `text`; give the text as the
    detectors read it (`casing.reading_text`), so that a line in capitals or lower case shows its names
    capitalised.
    """
    titles = {fold(h).strip(".") for h in honorifics}
    out = []
    for start, end in mentions:
        words = [fold(w) for w in _WORD.findall(text[start:end])]
        new_end = end
        if words and all(w in titles for w in words):
            m = _AFTER_TITLE.match(text, end)
            if m and m.group(1)[:1].isupper():
                new_end = _capitalised_prefix_end(m)
        else:
            m = _BEFORE_POSSESSIVE.match(text, end)
            if m and _capitalised_words(m.group(1)):
                new_end = m.end(1)
        out.append((_given_names_before(text, start, titles, is_given_name, is_common), new_end))
    return out


def _given_names_before(text: str, start: int, titles: AbstractSet[str], is_given_name: Callable[[str], bool],
                        is_common: Callable[[str], bool]) -> int:
    """The start of the capitalised name words right before text[start:] (`start` when none)."""
    for _ in range(MAX_GIVEN_NAMES_BEFORE):
        m = _WORD_BEFORE.search(text, max(0, start - 40), start)
        if m is None:
            break
        word = m.group(1)
        folded = fold(word)
        if not word[:1].isupper() or folded in titles or _role_word(folded) or len(folded) < 2 or folded in CHAT_WORDS \
                or _CONTRACTION.search(word) or word in CARE_GRADES:  # "SN Okafor": a grade, no given name
            break  # a greeting or filler the reading text capitalised ("congrats tomek") is no given name
        word_or_verb = is_common(folded) or is_past_or_progressive(folded, is_common)  # "Met Sarah", "Called Sarah"
        if word_or_verb and (not is_given_name(folded) or _SENTENCE_END.search(text[max(0, m.start() - 40):m.start()])):
            break  # a word ("Yesterday Quayle"), or "May Quayle ..." opening a sentence: the capital says nothing
        start = m.start(1)
    return start


# "letters-" + a line break + letters: a word hyphenated across lines (group "head": the part before the
# hyphen, group "tail": the part after the break)
_WRAPPED_WORD = re.compile(r"(?P<head>[^\W\d_]+)-[ \t]*\r?\n[ \t]*(?P<tail>[^\W\d_]+)")
# what every wrapped word holds, found fast (it opens with a literal): most texts have none, and
# `_WRAPPED_WORD` alone tries each letter of each word
_HYPHEN_BREAK = re.compile(r"-[ \t]*\r?\n")


def join_hyphenated(text: str, mentions: Sequence[Tuple[int, int]]) -> List[Tuple[int, int]]:
    """Mentions (start, end) grown over the rest of a word hyphenated across a line break that they
    cut: "Kowal-" + "\nski" -> "Kowal-\nski" (also when a detector took "ski" alone). Others unchanged."""
    if "-" not in text or "\n" not in text or _HYPHEN_BREAK.search(text) is None:
        return list(mentions)
    wrapped = [(m.start("head"), m.end("head"), m.start("tail"), m.end("tail")) for m in _WRAPPED_WORD.finditer(text)]
    if not wrapped:
        return list(mentions)
    out = []
    for start, end in mentions:
        for head_start, head_end, tail_start, tail_end in wrapped:
            if head_start < end <= tail_start and start < head_end:  # ends after the head, before the tail
                end = tail_end
            if head_end <= start < tail_end and end > tail_start:  # starts in the break or the tail
                start = min(start, head_start)
        out.append((start, end))
    return out


def grow_pairs(doc: Any, pairs: Sequence[Tuple[Any, Any]], bounds: Sequence[Tuple[int, int]]) -> List[Tuple[Any, Any]]:
    """(candidate, original) pairs whose candidates take the new character `bounds` (one per pair); a
    grown candidate is a new span with the same label and attributes, its own original."""
    out = []
    for (cand, original), (start, end) in zip(pairs, bounds):
        if (start, end) == (cand.start_char, cand.end_char):
            out.append((cand, original))
            continue
        span = doc.char_span(start, end, label=cand.label_, alignment_mode="expand")
        if span is None:
            out.append((cand, original))
            continue
        for attr in ("anon_source", "anon_score", "anon_identifier", "anon_type"):
            setattr(span._, attr, getattr(cand._, attr))
        out.append((span, span))
    return out


def join_hyphenated_pairs(doc: Any, pairs: Sequence[Tuple[Any, Any]], text: str) -> List[Tuple[Any, Any]]:
    """`join_hyphenated` on (candidate, original) span pairs (anon_mask's leak guard)."""
    if "-" not in text or "\n" not in text:
        return list(pairs)
    return grow_pairs(doc, pairs, join_hyphenated(text, [(c.start_char, c.end_char) for c, _ in pairs]))


@dataclass(frozen=True)
class Term:
    """A masked value to look for elsewhere: its folded words, and whether a common word must be
    capitalised (and not open a sentence) to count."""

    words: Tuple[str, ...]
    entity: int  # index of the mention it came from
    capitalised_only: bool = False
    name_part: bool = False  # a common word that is part of a person's name: also taken where used as a name
    written_case: bool = False  # a name of common words: not taken typed in lower case on a mixed-case line
    exact: Optional[str] = None  # a person's initials ("KO"): taken only where written exactly so


def sweep_terms(mentions: Sequence[Tuple[str, str]], name_labels: Iterable[str], honorifics: Iterable[str],
                is_common: Callable[[str], bool], stop_words: AbstractSet[str] = frozenset(),
                initials: AbstractSet[int] = frozenset()) -> List[Term]:
    """The terms to sweep for, from (label, text) of the masked mentions (index = mention index).

    Person names give each name part and the whole name; other labels give the whole mention, except
    UNSWEPT_LABELS. Never swept on their own: titles, name particles, words under three letters,
    function words (`stop_words`: a tagger's "the Jolie" must not sweep every "the"), and bare numbers
    outside NUMERIC_LABELS (an ORG "2005" is a year elsewhere).
    is_common: whether a folded word is a common word of the language (then only its capitalised,
        not sentence-initial occurrences count).
    initials: the indices of the mentions that are a person's initials given after the name
        (`grouping.introduced_initials`): swept where written so, although under three letters.
    """
    name_labels = set(name_labels)
    titles = {fold(h).strip(".") for h in honorifics}
    terms: List[Term] = []
    seen: Set[Tuple[str, ...]] = set()

    def add(words: Tuple[str, ...], index: int, label: str, name_part: bool = False, typed_lower: bool = False) -> None:
        if not words or words in seen or sum(len(w) for w in words) < MIN_TERM_LENGTH:
            return
        if all(w in stop_words for w in words):
            return
        if len(words) == 1 and words[0].isdigit() and label not in NUMERIC_LABELS:
            return
        seen.add(words)
        # a device's or a test's eponym ("Foley", "Hickman") is read as a common word: taken where capitalised
        # inside a sentence or used as the name, not in "foley draining", "Hickman line flushed"
        common = len(words) == 1 and (is_common(words[0]) or words[0] in LONE_EPONYMS)
        prose = typed_lower and label in PROPER_LABELS and all(is_common(w) or w in stop_words for w in words)
        terms.append(Term(words, index, capitalised_only=common, name_part=common and name_part, written_case=prose))

    for index, (label, text) in enumerate(mentions):
        if label in UNSWEPT_LABELS:
            continue
        words = [fold(w) for w in _WORD.findall(text)]
        if label in name_labels:
            while words and words[0] in titles:
                words.pop(0)
            # a role, not a name: only roles ("Justice", "the applicant's brother"), or a role word before
            # the surname ("Judge" of "Judge Garlicki"; "King" of "Anne King" is the surname)
            role = all(_role_word(w) for w in words if len(w) > 1 and w not in stop_words)
            for k, word in enumerate(words):
                if len(word) >= MIN_TERM_LENGTH and word not in NAME_PARTICLES and word not in titles \
                        and not word.isdigit():
                    surname = k == len(words) - 1 and word in PERSON_TITLES  # "King" of "Anne King"
                    add((word,), index, label, name_part=not role and (surname or not _role_word(word)))
            parts = [w for w in words if len(w) > 1 and w not in stop_words or w in NAME_PARTICLES]
            if parts == words:  # "silva santos" of "João Pedro da Silva Santos", in any case
                for run in name_runs(words):
                    if not all(_role_word(w) for w in run):  # "chief justice" of "Lord Chief Justice": a role
                        add(run, index, label)
        add(tuple(words), index, label, typed_lower=not any(c.isupper() for c in text))
        if index in initials and label in name_labels and len(words) == 1 and _initials(text, stop_words, is_common) \
                and (words[0],) not in seen:  # not a title alone ("DR", "MR"): its words were removed
            seen.add((words[0],))
            terms.append(Term((words[0],), index, exact=text))
    return terms


def _initials(text: str, stop_words: AbstractSet[str], is_common: Callable[[str], bool]) -> bool:
    """Whether a person's mention is two capitals that make no word ("KO" for Kevin O'Donnell, given in
    brackets after the name and used after it): swept where written so, although under three letters
    ("OK", "ko" and "Ko" are not it; "AM", "US" and "IT" are words and never swept). Only initials a name
    introduced are asked: a note's "PT" that a tagger once took for a person is no one's initials."""
    return (len(text) == 2 and text.isalpha() and text.isupper() and text.isascii()
            and fold(text) not in stop_words and not is_common(fold(text)))


def _role_word(word: str) -> bool:
    return word in NOT_NAME_WORDS or word.endswith("s") and word[:-1] in NOT_NAME_WORDS  # "solicitors"


def name_runs(words: Sequence[str]) -> List[Tuple[str, ...]]:
    """The runs of two or more consecutive words of a name that neither start nor end with a particle,
    longest first ("joao pedro da silva santos" -> ..., "pedro da silva", "silva santos", ...): a reader
    knows the person by any two of them together, in any case, even where each alone is a common word."""
    runs = []
    for n in range(len(words) - 1, 1, -1):
        for i in range(len(words) - n + 1):
            run = tuple(words[i:i + n])
            if run[0] not in NAME_PARTICLES and run[-1] not in NAME_PARTICLES:
                runs.append(run)
    return runs


def find_occurrences(text: str, terms: Sequence[Term], view: Optional[TextView] = None) -> List[Tuple[int, int, int]]:
    """(start, end, term index) of every occurrence of the terms in `text`, longest first where they
    overlap, as character offsets in `text`.

    Words are compared folded (case and accents ignored) in the normalized view of the text with words
    hyphenated across lines joined, so "Kow\u200balski", "KOWALSKI" and "Kowal-\nski" are occurrences of
    "kowalski". An occurrence must consist of whole
    words: "Maxwellton" is no occurrence of "Maxwell".
    """
    if not terms:
        return []
    view = view or dehyphenated_view(normalized_view(text))
    by_first: Dict[str, List[int]] = {}
    for i, term in enumerate(terms):
        by_first.setdefault(term.words[0], []).append(i)
    for firsts in by_first.values():
        firsts.sort(key=lambda i: -len(terms[i].words))
    # the words with their offsets and folded forms, made in bulk (`coref.resolve.plain_words`); only the
    # words that open a term are looked at in Python
    plain = plain_words(view.text)
    words, folded, starts, ends = plain.texts, plain.folded(), plain.starts, plain.ends
    found: List[Tuple[int, int, int]] = []
    after = 0  # words before this one are inside an occurrence found already
    for i in [i for i, word in enumerate(folded) if word in by_first]:
        if i < after:
            continue
        for t in by_first[folded[i]]:
            n = len(terms[t].words)
            if tuple(folded[i:i + n]) != terms[t].words or terms[t].exact is not None and words[i] != terms[t].exact:
                continue
            if terms[t].capitalised_only and not _capitalised_occurrence(view.text, starts[i], words[i]) \
                    and not (terms[t].name_part and used_as_name(view.text, starts[i], ends[i])):
                continue
            if n == 1 and terms[t].words[0] in LONE_EPONYMS and i + 1 < len(folded) and folded[i + 1] in EPONYM_HEADS:
                continue  # "Foley catheter", "Hickman line": the device, whoever was called so in the text
            if terms[t].name_part and n == 1 and shouted(words, i) and not used_as_name(view.text, starts[i], ends[i]):
                continue  # "THE COOK BROUGHT A TRAY", "AFTER LONG DISCUSSION": in capitals, its use decides
            if terms[t].written_case and all(w.islower() for w in words[i:i + n]) \
                    and line_regime(_line_at(view.text, starts[i])) == AS_WRITTEN:
                continue  # "the old town centre" where the writer capitalises names
            start, end = view.to_original(starts[i], ends[i + n - 1])
            found.append((start, end, t))
            after = i + n
            break
    return found


def _line_at(text: str, start: int) -> str:
    """The line of `text` that holds offset `start`."""
    begin = text.rfind("\n", 0, start) + 1
    end = text.find("\n", start)
    return text[begin:end if end >= 0 else len(text)]


def _capitalised_occurrence(view_text: str, start: int, word: str) -> bool:
    return word[:1].isupper() and not _SENTENCE_END.search(view_text[max(0, start - 40):start])


# words after a name in notes and reports that say what the person does or is ("Cook to call back",
# "Price aware of plan", "Baker wants to go home"), besides the predicates of `PREDICATE_CUES`
REPORT_CUES = frozenset("to aware wants asks states reports feels requests prefers here present".split())
_NEXT_WORD = re.compile(r"[ \t]*(?:\r?\n[ \t]*)?([^\W\d_]+)")
_POSSESSIVE_OR_PAUSE = re.compile(r"['’][sS]\b|[ \t]*(?:[,;:)!?]|\.(?!\w)|$)")


def used_as_name(text: str, start: int, end: int) -> bool:
    """Whether the common word text[start:end] (a known person's name part, in lower case or opening a
    sentence) is used as the name: "Later, smith agreed", "baker said", "Young's lawyer", "against baker.",
    but not "the baker sold", "young people", "will be", "was young". Undecided cases (a pause after it)
    count as the name: a leak is worse than an over-mask."""
    if ordinary_before(text, start):
        return False
    previous = PREVIOUS_WORD.search(text, max(0, start - 30), start)
    if previous is not None and fold(previous.group(1)) in DEFAULT_HONORIFICS:
        return True  # "Mr white", "Dr. young"
    if _POSSESSIVE_OR_PAUSE.match(text, end):
        return True
    following = _NEXT_WORD.match(text, end)
    if following is None:
        return True
    word = following.group(1)
    shouted = text[start:end].isupper() and word.isupper()  # "COOK AWARE": in capitals case says nothing
    if not word.islower() and not shouted:
        return False  # "young Harry", "will Smith": another name or a new sentence follows
    folded = fold(word)
    return folded in PREDICATE_CUES or folded in REPORT_CUES or (folded.endswith("ed") and len(folded) > 4)
