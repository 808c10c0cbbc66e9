"""The span filter that drops names made of nothing but common words typed in lower case in a line
whose writer uses capitals: "We walked by the river to the park and then the church" (an ORG over
"river to the park and then the church"), "the police", "the children".

In a line written with capitals, a person's, a place's or an organisation's name carries one; what the
tagger reads as such a name in lower case is either a name of another language ("kammarrätten",
"yargıtay": no English word, kept) or English prose. Lines typed all in capitals or all in lower case
say nothing by case: there a span of common words is dropped only when one of them is a word no name
holds ("to", "then", "we": `PROSE_WORDS`), since a name may be a word ("coach will said"). A span that
holds a listed given name, a nationality, a language or a faith is kept in any line, and so is one
ending in a job noun or an occupation's ending ("the post of airline cabin crew trainer": a job,
which `anon_mask` types; "the river" is kept by that ending too). Descriptions under other labels
("police officers" as DEM, "a stolen vehicle" as MISC) are not this filter's.
"""
from typing import Callable, FrozenSet, List, Optional, Sequence, Tuple

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.casing import AS_WRITTEN, line_regime, written_words
from spacy_anon.errors import Errors
from spacy_anon.lexicon.category_words import JOB_NOUNS, trait_words
from spacy_anon.lexicon.common_nouns import KEPT
from spacy_anon.lexicon.company_names import COMPANIES
from spacy_anon.lexicon.generic_words import (CHAT_SHORTHAND, IMPERATIVES, INTERJECTIONS, IRREGULAR_VERBS,
                                              dictionary_test, zipf)
from spacy_anon.lexicon.given_names import english_given_names, english_surnames
from spacy_anon.lexicon.place_names import fold_accents, known_place_names
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, doc_rows, stop_words
from spacy_anon.tagger.span_filters.clinical_content import INSTITUTION_HEADS, OCCUPATION_ENDINGS


# function words no name holds (names hold "of", "the", "and", "for", "de"...): a span of common words
# with one of these in a line typed in lower case or capitals is a phrase ("river to the park and then")
PROSE_WORDS = frozenset("to then was were is are be been had has have did does do when while if but or so "
                        "because than into onto from by with at in on we i you he she they it "
                        "towards toward outside behind across got ran saw went came".split())


# verbs that a one-word span in a line of one case never names ("see u at glastonbury", "SEE FLOWSHEET");
# a listed given name among them ("will", "may") is kept before this is asked
LONE_VERBS = IMPERATIVES | IRREGULAR_VERBS | frozenset(
    "go get know think say come make take want need love like look give thank thanks feel try keep put".split())


# the tokens a verb follows and a name does not (spaCy splits "dont", "gonna", "gotta", "cant" so): "dont
# forget", "gonna miss you", "don't chase her", "never mind" (not "to", which a name follows: "talk to rose")
VERB_LEADS = frozenset("n't nt na ta gonna wanna gotta dont don't cant can't wont won't didnt didn't doesnt "
                       "doesn't shouldnt couldnt wouldnt must should would could might please never".split())
CHAT_WORDS = (INTERJECTIONS | CHAT_SHORTHAND) - {"ok", "okay"}  # "trivia book lol": no name holds these
_SENTENCE_ENDS = frozenset((".", ":", ";", "!", "?", "-", "–", "•", "*"))


def past_verb(words: Sequence[str], start: int, end: int, one_case: bool, names: FrozenSet[str]) -> int:
    """Where a span that opens right after a modal or a negation (`VERB_LEADS`) starts once its verb and the
    common words after it are left out ("dont forget his blue folder": `end`, nothing left; "dont tell john":
    at "john"); `start` when its first word is no verb (a stop word, a capitalised word where the writer uses
    capitals: `one_case` False). Given names (`names`) are kept. Pure function."""
    def common(k: int) -> bool:
        return common_words_only([words[k].lower()]) and (one_case or words[k].islower())
    if not common(start) or words[start].lower() in stop_words("en"):
        return start
    k = start + 1
    while k < end and common(k) and words[k].lower() not in names:
        k += 1
    return k


def _after_verb_lead(words: Sequence[str], start: int) -> bool:
    """Whether token `start` follows a modal or a negation (`VERB_LEADS`; "don", "'", "t" of "don't" too)."""
    before = words[start - 1].lower() if start else ""
    return before in VERB_LEADS or (before == "t" and start >= 2 and words[start - 2] in ("'", "’"))


def _opens_sentence(words: Sequence[str], whitespace: Sequence[str], start: int) -> bool:
    """Whether token `start` opens a line or follows a sentence's end ("NEXT STEPS: STRATEGY MEETING")."""
    return start == 0 or words[start - 1] in _SENTENCE_ENDS or "\n" in whitespace[start - 1] \
        or "\n" in words[start - 1]


FREQUENT_ZIPF = 4.0  # a lone word this frequent in a line of one case is prose unless a name list has it


def frequent_word(lower: str) -> bool:
    """Whether a lower-case dictionary word is frequent in English (wordfreq Zipf >= `FREQUENT_ZIPF`) and no
    listed given name, surname, known place or company, and no body's head, office or rank ("states",
    "strategy"; not "baker", "reading", "government", "hospital"): alone at a sentence's start in a line of
    one case, a word a tagger took for a name."""
    return zipf(lower) >= FREQUENT_ZIPF and lower not in english_surnames() and lower not in english_given_names() \
        and fold_accents(lower) not in known_place_names() and lower not in COMPANIES and lower not in KEPT \
        and lower not in INSTITUTION_HEADS


COMMON_ZIPF = 5.0  # a word this frequent is the word, not the town that shares it ("police"; Police is in Poland)
# what a service writes down, named by its kind ("POLICE LOG", "incident report", "CCTV footage")
RECORD_NOUNS = frozenset(("log", "logs", "report", "reports", "record", "records", "notes", "file", "statement",
                          "footage", "sheet", "form", "entry", "register", "minutes", "summary", "chart"))


def record_kind(words: Sequence[str]) -> bool:
    """Whether lower-case `words` are a record named by who keeps it: two or three words, the last a
    `RECORD_NOUNS`, the others frequent words that name no one ("police log", "crime report"; not
    "leveson report", "leeds report"). Pure function."""
    return 2 <= len(words) <= 3 and words[-1] in RECORD_NOUNS and all(
        zipf(w) >= FREQUENT_ZIPF and w not in english_surnames() and w not in english_given_names()
        and (zipf(w) >= COMMON_ZIPF or fold_accents(w) not in known_place_names()) for w in words[:-1])


def common_word(lower: str) -> bool:
    """Whether a lower-case word is a dictionary word of English (WordNet's common words, not its proper
    names) or a function word: "river", "walked", "the". A place or a brand that English uses often
    ("leeds", "facebook") is none."""
    return lower in stop_words("en") or dictionary_test("en")(lower) or lower in IRREGULAR_VERBS \
        or lower in CHAT_WORDS  # "ran", "saw", "lol"


def common_words_only(words: Sequence[str], is_common: Callable[[str], bool] = common_word) -> bool:
    """Whether `words` (a span's tokens as written) hold a letter, no capital and no digit, and every
    word of letters is a common English word (`common_word`). Pure function."""
    lettered = [w for w in words if any(c.isalpha() for c in w)]
    if not lettered or any(c.isupper() or c.isdigit() for w in words for c in w):
        return False
    return all(w.strip("'’-").isalpha() and is_common(w.strip("'’-")) for w in lettered)


def job_like(words: Sequence[str]) -> bool:
    """Whether lower-case `words` end in a job noun or a word with an occupation's ending ("airline cabin
    crew trainer", "harbour pilot"): a job is a quasi-identifier, typed by `anon_mask` whatever the
    tagger's label. Pure function."""
    last = next((w for w in reversed(words) if w.isalpha()), "")
    return last in JOB_NOUNS or last.endswith(OCCUPATION_ENDINGS)


def _line_text(words: Sequence[str], whitespace: Sequence[str], start: int, end: int) -> str:
    """The text of the line that holds tokens start..end-1 (`words` as written, `whitespace` after each)."""
    first = start
    while first > 0 and "\n" not in words[first - 1] and "\n" not in whitespace[first - 1]:
        first -= 1
    last = end
    while last < len(words) and "\n" not in words[last - 1] and "\n" not in whitespace[last - 1]:
        last += 1
    return "".join(words[k] + whitespace[k] for k in range(first, min(last, len(words))))


def drop_common_word_names(doc: Doc, spans: List[Scored], labels: Sequence[str],
                           written: Optional[List[str]] = None, names: FrozenSet[str] = frozenset()) -> List[Scored]:
    """`spans` without those under `labels` whose words are common English words typed in lower case in
    a line written with capitals (see the module). `written`: the tokens as written when `doc` is a
    recased reading (`casing.written_words`); `doc`'s own tokens otherwise. `names`: given names (lower
    case); a span holding one, or a nationality, language or faith, is kept ("saw ben", "paul walker",
    "german")."""
    if not spans or (doc.lang_ or "en") != "en":
        return spans
    rows = doc_rows(doc)
    words = written if written is not None else rows.words
    out: List[Scored] = []
    for span in spans:
        start, end, label, _ = span
        if label in labels and _after_verb_lead(words, start):
            one_case = line_regime(_line_text(words, rows.whitespace, start, end)) != AS_WRITTEN
            start = past_verb(words, start, end, one_case, names)
            if start == end:
                continue  # "gonna miss you", "don't chase her": a verb after a modal or a negation
            span = (start, end, label, span[3])
        if label in labels and common_words_only(typed := [w.lower() for w in words[start:end]]) \
                and not any(w in names or w in trait_words() for w in typed) \
                and not job_like(typed):
            if line_regime(_line_text(words, rows.whitespace, start, end)) == AS_WRITTEN:
                if typed == list(words[start:end]):
                    continue  # typed in lower case where the writer uses capitals
            elif any(w in PROSE_WORDS or w in CHAT_WORDS for w in typed) or record_kind(typed) or (len(typed) == 1 and (
                    typed[0] in LONE_VERBS or frequent_word(typed[0]) and _opens_sentence(words, rows.whitespace, start))):
                continue  # a line in one case: only a phrase, a lone verb or a frequent word that opens a
                # sentence and names nothing is sure to be no name ("see u", "STATES HE WAS", "STRATEGY MEETING")
        out.append(span)
    return out


class DropCommonWordNames(SpanFilter):
    """Spans under `labels` (the CRF's own) made of common words in lower case in a line written with
    capitals are dropped (`drop_common_word_names`)."""

    def __init__(self, labels: Sequence[str]):
        if isinstance(labels, str) or not all(isinstance(v, str) and v for v in labels):
            raise ValueError(Errors.E668.format(value=labels))
        self.labels = tuple(labels)
        self._names: Tuple[object, FrozenSet[str]] = (None, frozenset())  # (gazetteer terms, their given names)

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        terms = getattr(tagger, "gazetteer_terms", {})
        if self._names[0] is not terms:  # built once per tagger, not per document
            # given names only: surnames are words too often ("park", "church")
            self._names = (terms, frozenset(terms.get("first_names", ())))
        return drop_common_word_names(doc, spans, self.labels, written_words(doc), self._names[1])


@registry.misc("spacy_anon.drop_common_word_names.v1")
def make_drop_common_word_names(labels: Sequence[str] = ("PERSON", "PER", "ORG", "LOC")) -> DropCommonWordNames:
    return DropCommonWordNames(labels)
