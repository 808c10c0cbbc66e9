"""Turn text into the atomic vocabulary units of seed 003: stop words dropped, phrases kept whole.

Training (`vectors.train_vectors`) and detection (`component.DisclosureDetector`) both call
`chunk_doc`, so the embedding model and the detector always see the same units: "the New York Times"
becomes one unit with key "new_york_times". Two chunkers are available:

- "rule" (default): needs no model. Capitalised sequences (with inner connectors such as "of", "von",
  hyphens), dates ("August 23, 1976") and numbers become one unit each; lowercase content words are
  single units, or runs of them (`merge_lowercase=True`).
- "noun_chunks": a parser's `doc.noun_chunks` (stop words stripped at the edges), plus every remaining
  non-stop content token; falls back to "rule" when the doc has no dependency parse.

Everything is deterministic: same text, same units.
"""
from dataclasses import dataclass
from typing import Iterable, Iterator, List, Optional, Sequence

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Doc, Span

from spacy_anon.disclosure.nonnominal import NON_NOMINAL
from spacy_anon.errors import Errors
from spacy_anon.possessives import is_split_possessive_s, possessive_end

CHUNKERS = ("rule", "noun_chunks")

# Closed-class words that may sit inside a capitalised name ("Church of Scientology",
# "Claus von Stauffenberg", "Born on the Fourth of July" is split) but never start or end one.
NAME_CONNECTORS = frozenset(
    {"of", "de", "del", "della", "di", "da", "du", "des", "dos", "la", "le", "von", "van", "der",
     "den", "y", "&"}
)
# Function words: never content, even capitalised. Other spaCy stop words ("Top", "Few", "First")
# count as content when they are capitalised inside a name ("Top Gun", "A Few Good Men").
FUNCTION_WORDS = frozenset(
    """a an the this that these those some any each every either neither no nor not and or but if
    then than so as of in on at by for with from to into onto upon about above below between
    through during before after against among within without under over via per i me my mine we us
    our ours you your yours he him his she her hers it its they them their theirs who whom whose
    which what where when why how is are was were be been being am do does did done has have had
    having will would shall should can could may might must also too very just only even still yet
    there here all both while although though because since until unless whether however thus
    such own same other another 's ’s""".split()
)
MONTHS = frozenset(
    {"january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december", "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep",
     "sept", "oct", "nov", "dec"}
)
# Stop words that are never content, even when capitalised at the start of a sentence.
_STOP = frozenset(w.lower() for w in STOP_WORDS) | {"'s", "’s", "'", "’"}
_JOINERS = frozenset({"-", "–", "/", "."})
_TITLE_ARTICLES = frozenset({"The", "A", "An"})
_POSSESSIVE = frozenset({"'s", "’s", "'", "’"})
# Number words are spaCy stop words, but quantities disclose ("three children", "married twice").
NUMBER_WORDS = frozenset(
    """two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
    seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand
    million billion first second third fourth fifth sixth seventh eighth ninth tenth twice thrice
    dozen""".split()
)


@dataclass(frozen=True)
class Chunk:
    """One vocabulary unit: token offsets [start, end) in the doc, its key, and its kind."""

    start: int
    end: int
    key: str
    kind: str  # "name" | "date" | "number" | "word" | "phrase"
    nominal: bool = True  # noun-like (a disclosure candidate); False for verbs and adverbs

    def span(self, doc: Doc) -> Span:
        return doc[self.start:self.end]


def phrase_key(words: Iterable[str]) -> str:
    """The vocabulary key of a phrase: lowercased non-stop words joined by "_"."""
    parts = []
    for word in words:
        w = word.strip().lower()
        if not w or w in _STOP or not any(ch.isalnum() for ch in w):
            continue
        parts.append(w)
    return "_".join(parts)


def text_key(text: str) -> str:
    """Key of a free-text phrase (e.g. a subject name) using the same normalisation as chunks."""
    import re

    return phrase_key(re.findall(r"\w+(?:[-'’]\w+)*", text))


def _is_cap(text: str) -> bool:
    return text[:1].isupper() or (text[:1].isdigit() and any(c.isalpha() for c in text))


def _is_number(text: str) -> bool:
    return any(c.isdigit() for c in text) and all(c.isdigit() or c in ",.$%£€/:-–s" for c in text)


def _is_content(text: str) -> bool:
    return any(c.isalnum() for c in text) and text.lower() not in _STOP


def _is_name_word(text: str) -> bool:
    """A capitalised word that can be part of a name ("Top" in "Top Gun", not "The")."""
    return _is_cap(text) and any(c.isalnum() for c in text) and text.lower() not in FUNCTION_WORDS


def name_key(words: Sequence[str]) -> str:
    """Key of a name: lowercased words, function words trimmed at the edges only."""
    parts = [w.lower() for w in words if any(c.isalnum() for c in w)]
    while parts and parts[0] in FUNCTION_WORDS:
        parts.pop(0)
    while parts and parts[-1] in FUNCTION_WORDS:
        parts.pop()
    return "_".join(parts)


def _attached(doc: Doc, i: int) -> bool:
    """True when token i is glued to token i+1 (no whitespace between them)."""
    return i + 1 < len(doc) and not doc[i].whitespace_


def _match_date(doc: Doc, i: int) -> int:
    """End index of a date starting at token i ("August 23, 1976", "23 August 1976", "May 1990"), or i."""
    n = len(doc)

    def is_day(j: int) -> bool:
        return j < n and doc[j].text.isdigit() and 1 <= int(doc[j].text) <= 31 and len(doc[j].text) <= 2

    def is_year(j: int) -> bool:
        return j < n and doc[j].text.isdigit() and len(doc[j].text) == 4

    def is_month(j: int) -> bool:
        return j < n and doc[j].lower_ in MONTHS and _is_cap(doc[j].text)

    if is_month(i):
        j = i + 1
        if is_day(j):
            j += 1
            if j < n and doc[j].text == ",":
                j += 1
            if is_year(j):
                return j + 1
            return i + 2
        if is_year(j):
            return j + 1
        return i
    if is_day(i) and is_month(i + 1):
        return i + 3 if is_year(i + 2) else i + 2
    return i


def rule_chunks(doc: Doc, merge_lowercase: bool = False) -> List[Chunk]:
    """Chunk a tokenised doc without any model (fast; deterministic)."""
    chunks: List[Chunk] = []
    n = len(doc)
    i = 0
    while i < n:
        tok = doc[i]
        text = tok.text
        # dates first: "August 23, 1976"
        end = _match_date(doc, i)
        if end > i:
            chunks.append(Chunk(i, end, phrase_key(t.text for t in doc[i:end]), "date"))
            i = end
            continue
        if _is_number(text):
            end = i + 1
            # glue "2010–2011", "US$200" style pieces written without spaces
            while end < n and _attached(doc, end - 1) and (
                _is_number(doc[end].text) or doc[end].text in _JOINERS
            ):
                end += 1
            while end - 1 > i and doc[end - 1].text in _JOINERS:
                end -= 1
            key = phrase_key(t.text for t in doc[i:end])
            if key:
                chunks.append(Chunk(i, end, key, "number"))
            i = end
            continue
        title_article = text in _TITLE_ARTICLES and i + 1 < n and _is_name_word(doc[i + 1].text) \
            and _match_date(doc, i + 1) == i + 1
        if title_article or (_is_name_word(text) and (
            _is_content(text) or (i + 1 < n and _is_name_word(doc[i + 1].text))
        )):
            # a capitalised article belongs to the name's span ("The Alchemist"), not to its key
            end = i + 1
            while end < n:
                nxt = doc[end].text
                if _is_name_word(nxt) and _match_date(doc, end) == end:
                    end += 1
                    continue
                if nxt in _JOINERS and _attached(doc, end - 1) and _attached(doc, end) and end + 1 < n \
                        and doc[end + 1].text[:1].isalnum():
                    end += 2  # "Five-0", "Gordon-Levitt", "U.S."
                    continue
                if nxt in _POSSESSIVE and not doc[end - 1].whitespace_:
                    after = possessive_end(doc, end)
                    if after == end:
                        after = end + 1  # an apostrophe inside a name: "O'Brien"
                    if after < n and _is_name_word(doc[after].text) and _match_date(doc, after) == after:
                        end = after + 1  # "Charlie's Angels"
                        continue
                    end = after  # "Spike Jonze's": the span keeps the possessive, the key does not
                    break
                if nxt.lower() in NAME_CONNECTORS and not _is_cap(nxt):
                    # "Church of Scientology", "Color of the Money": connector(s), then a name word
                    k = end + 1
                    if k < n and doc[k].lower_ in ("the", "la", "le"):
                        k += 1
                    if k < n and _is_name_word(doc[k].text) and _match_date(doc, k) == k:
                        end = k + 1
                        continue
                break
            key = name_key([t.text for t in doc[i:end]])
            if key:
                chunks.append(Chunk(i, end, key, "name"))
            i = end
            continue
        if text.lower() in NUMBER_WORDS:
            chunks.append(Chunk(i, i + 1, text.lower(), "number"))  # "three children", "first"
            i += 1
            continue
        if _is_content(text) and text[:1].isalpha() and not is_split_possessive_s(doc, i):
            end = i + 1
            while end < n:
                nxt = doc[end].text
                if nxt in _JOINERS and _attached(doc, end - 1) and _attached(doc, end) and end + 1 < n \
                        and doc[end + 1].text[:1].isalpha() and not _is_cap(doc[end + 1].text):
                    end += 2  # "anti-war", "comedy-drama"
                    continue
                if merge_lowercase and _is_content(nxt) and nxt[:1].isalpha() and nxt.islower() \
                        and not text.endswith("ly"):
                    end += 1
                    continue
                break
            key = phrase_key(t.text for t in doc[i:end])
            if key:
                chunks.append(Chunk(i, end, key, "word" if end == i + 1 else "phrase"))
            i = end
            continue
        i += 1
    return chunks


def noun_chunk_chunks(doc: Doc) -> List[Chunk]:
    """Parser noun chunks (stop words trimmed at the edges) plus all other content tokens."""
    chunks: List[Chunk] = []
    covered = [False] * len(doc)
    for nc in doc.noun_chunks:
        start, end = nc.start, nc.end
        while start < end and not _is_content(doc[start].text):
            start += 1
        while end > start and not _is_content(doc[end - 1].text):
            end -= 1
        if start >= end:
            continue
        key = phrase_key(t.text for t in doc[start:end])
        if key:
            chunks.append(Chunk(start, end, key, "phrase" if end - start > 1 else "word"))
            for k in range(start, end):
                covered[k] = True
    for tok in doc:
        if not covered[tok.i] and _is_content(tok.text) and not tok.is_punct and not tok.is_space \
                and not is_split_possessive_s(doc, tok.i):
            key = phrase_key([tok.text])
            if key:
                chunks.append(Chunk(tok.i, tok.i + 1, key, "word"))
    chunks.sort(key=lambda c: (c.start, c.end))
    return chunks


NOMINAL_POS = frozenset({"NOUN", "PROPN", "NUM", "ADJ", "X", "SYM"})
# Lowercase nouns ending in "ly" (everything else ending in "ly" is taken for an adverb).
_LY_NOUNS = frozenset(
    {"family", "assembly", "ally", "rally", "supply", "belly", "jelly", "lily", "bully", "fly",
     "monopoly", "anomaly", "homily", "melancholy", "italy", "july", "holly", "folly", "gully"}
)


def looks_nominal(doc: Doc, start: int, end: int, kind: str) -> bool:
    """Whether a unit is noun-like: names, dates, numbers always; other units by their POS tags when the
    doc has them, else unless every word is a listed verb/adverb (`nonnominal.NON_NOMINAL`) or ends in "ly"."""
    if kind in ("name", "date", "number"):
        return True
    if any(t.text in ("-", "–") for t in doc[start:end]):
        return True  # hyphenated compounds ("highest-paid", "comedy-drama") modify or name things
    if doc.has_annotation("POS"):
        return any(t.pos_ in NOMINAL_POS for t in doc[start:end])
    for tok in doc[start:end]:
        w = tok.lower_
        if not any(c.isalnum() for c in w) or w in _STOP:
            continue
        if w in NON_NOMINAL or (w.endswith("ly") and w not in _LY_NOUNS):
            continue
        return True
    return False


def chunk_doc(doc: Doc, chunker: str = "rule", merge_lowercase: bool = False) -> List[Chunk]:
    """The vocabulary units of a doc, in text order (same function for training and detection).

    Each unit carries `nominal` (see `looks_nominal`), which detection uses to skip verbs and adverbs.
    """
    if chunker not in CHUNKERS:
        raise ValueError(Errors.E405.format(chunker=chunker, chunkers=CHUNKERS))
    if chunker == "noun_chunks" and doc.has_annotation("DEP"):
        chunks = noun_chunk_chunks(doc)
    else:
        chunks = rule_chunks(doc, merge_lowercase=merge_lowercase)
    return [Chunk(c.start, c.end, c.key, c.kind, looks_nominal(doc, c.start, c.end, c.kind)) for c in chunks]


def chunk_keys(doc: Doc, chunker: str = "rule", merge_lowercase: bool = False) -> List[str]:
    return [c.key for c in chunk_doc(doc, chunker=chunker, merge_lowercase=merge_lowercase)]


def iter_chunked_texts(
    texts: Iterable[str],
    nlp=None,
    chunker: str = "rule",
    merge_lowercase: bool = False,
    batch_size: int = 256,
) -> Iterator[List[str]]:
    """Yield the list of unit keys of each text. `nlp` defaults to a blank English tokenizer.

    With chunker="noun_chunks" pass a pipeline with a parser (e.g. en_core_web_sm).
    """
    import spacy

    if nlp is None:
        nlp = spacy.blank("en")
    if chunker == "rule":
        docs: Iterable[Doc] = nlp.tokenizer.pipe(texts, batch_size=batch_size)
    else:
        docs = nlp.pipe(texts, batch_size=batch_size)
    for doc in docs:
        yield chunk_keys(doc, chunker=chunker, merge_lowercase=merge_lowercase)
