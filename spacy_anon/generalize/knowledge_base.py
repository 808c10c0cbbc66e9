"""A knowledge base of classes for named entities (e.g. WikiActors' Wikipedia categories per term), used to
generalize a name or title by what it is ("Gia" -> "a film").

Generalization through a knowledge base (Dias, Mamede and Baptista, "Automated Anonymization of Text
Documents"): a term is replaced by its class in the knowledge base. Two sources are read:

- a file of your own: JSON `{"term": "class"}` or a CSV `term,class` (header optional);
- WikiActors' `entities_generalizations.csv`, whose `generalizations3` column lists the Wikipedia
  categories of the term's page. A class phrase is derived from them (`class_from_categories`):
  maintenance categories are dropped ("All articles ...", "Use dmy dates ...", "... births"), each
  remaining category gives its plural head noun ("1997 films" -> "film", "Villages in Ceredigion" ->
  "village", "2010s American drama television series" -> "television series"), checked against WordNet
  as a lower-case common noun, and the most frequent head wins (the more specific one on a tie).

No class may contain a word of its term ("Saturn Awards" never gives "award": `leaks`).
"""
import ast
import csv
import json
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Union

from spacy_anon.errors import Errors
from spacy_anon.generalize.wordnet import get_wordnet, hypernym_candidates, noun_base_forms, resolve_lexicon

# Categories that describe the article, not the thing ("All articles with dead external links").
_MAINTENANCE = re.compile(
    r"^(all |articles? |pages? |use |cs1|commons category|wikipedia|webarchive|infobox|album infoboxes|"
    r"biography with|living people|vague or|engvarb|flagicons|lists? of|short description|good articles|"
    r"featured |official website|coordinates|template|interlanguage|harv and sfn|incomplete|"
    r"accuracy|npov|orphaned|dead |unreferenced|wikidata|redirects|disambiguation|singlechart|"
    r"certification table|music infoboxes|film articles|television articles)"
    r"|articles|pages|wikidata|identifiers|infobox|template|-centric|\bdates\b|\bbirths$|\bdeaths$|"
    r"\bdebuts$|\bendings$|establishments|disestablishments|\bstubs$",
    re.IGNORECASE,
)
# A category's class phrase ends before its qualifier ("Films produced by Brian Grazer" -> "Films").
_QUALIFIER = re.compile(
    r"\s+(?:from|in|by|of|about|for|set|based|featuring|with|on|at|established|produced|directed|starring|"
    r"written|adapted|shot|filmed|that|who|which|to|awarded|introduced|created|published|released|"
    r"nominated|named|located)\b.*$",
    re.IGNORECASE,
)
_PAREN = re.compile(r"\s*\([^)]*\)")
# Heads that are plural nouns but no class of the thing itself ("American people of Irish descent").
WEAK_HEADS = frozenset(
    "people persons alumni members recipients winners nominees participants emigrants immigrants expatriates "
    "descendants residents natives works things topics terms lists categories debuts endings "
    "births deaths establishments introductions debut ending stubs years decades centuries names surnames "
    "types kinds".split()
)
# Plural forms that are their own singular.
SAME_PLURAL = frozenset(["series", "species"])
# Medium words kept before a head noun: "television series", "video game", "radio program".
MEDIUM_MODIFIERS = {"television": "television", "tv": "television", "radio": "radio", "web": "web",
                    "video": "video"}
MEDIUM_HEADS = frozenset(["series", "show", "program", "programme", "film", "game", "serial", "play",
                          "drama", "documentary", "miniseries", "sitcom", "special", "station", "channel",
                          "network", "personality", "presenter", "host"])
# WikiActors' `class` column: rows of these kinds are dates and words, not entities.
SKIPPED_ROW_CLASSES = frozenset(["YEAR", "DATE", "NUMBER", "STOPWORD", "PUNCT"])
_LEADING_ARTICLES = ("the ", "a ", "an ")
_FUNCTION_WORDS = frozenset("the a an of in on at to for and or by with from de del da do".split())


def term_key(text: str) -> str:
    """Matching key of a term: lower case, punctuation and "_" as spaces, no leading article
    ("The Truman Show" ~ "the_truman_show" -> "truman show"; "Mr. Popper's" ~ "mr._popper_'s")."""
    key = re.sub(r"[\W_]+", " ", text.lower()).strip()
    for article in _LEADING_ARTICLES:
        if key.startswith(article) and len(key) > len(article):
            key = key[len(article):]
            break
    return key


def _word_forms(text: str) -> set:
    """The words of a text in lower case with their singular forms ("Awards" -> {"awards", "award"})."""
    words = {w for w in re.split(r"[\W_]+", text.lower()) if w and w not in _FUNCTION_WORDS}
    return words | {b for w in words for b in noun_base_forms(w)}


def leaks(class_phrase: str, term: str) -> bool:
    """True when the class shares a word with the term ("Gia film" for "Gia"; "award" for "Saturn Awards"):
    such a class would repeat part of what it replaces."""
    return bool(_word_forms(class_phrase) & _word_forms(term))


@lru_cache(maxsize=8192)
def wordnet_common_noun(word: str, lang: str = "en") -> bool:
    """WordNet has `word` itself as a lower-case (common) noun lemma ("film", "village"; not "sery")."""
    wordnet = get_wordnet(resolve_lexicon(lang))
    return any(str(lemma) == word for ss in wordnet.synsets(word, pos="n") for lemma in ss.lemmas())


def _singular(word: str, is_noun: Callable[[str], bool]) -> Optional[str]:
    """The singular of a plural common noun ("films" -> "film", "series" -> "series"); None when `word`
    is not a plural noun (a topic category such as "Comedy" or "Stagecraft" names no class)."""
    if word in SAME_PLURAL:
        return word
    for base in noun_base_forms(word):
        if " " not in base and is_noun(base):
            return base
    return None


def is_maintenance(category: str) -> bool:
    """A Wikipedia maintenance or tracking category ("All articles with unsourced statements",
    "Use dmy dates from May 2018", "1975 births", "Living people")."""
    return bool(_MAINTENANCE.search(category.strip()))


def category_class(category: str, is_noun: Optional[Callable[[str], bool]] = None) -> Optional[str]:
    """The class phrase a Wikipedia category names: its plural head noun in the singular, with a medium
    word kept ("American biographical films" -> "film", "Villages in Ceredigion" -> "village",
    "2010s American drama television series" -> "television series"); None for maintenance and topic
    categories and for proper-name heads ("Golden Globe Awards")."""
    is_noun = is_noun or wordnet_common_noun
    if not category or is_maintenance(category):
        return None
    phrase = _QUALIFIER.sub("", _PAREN.sub("", category.strip()))
    words = phrase.split()
    if not words:
        return None
    head = words[-1]
    if len(words) > 1 and head[:1].isupper():
        return None  # "Screen Actors Guild Awards": a name, not a class
    head = head.lower()
    if head in WEAK_HEADS or not head.isalpha():
        return None
    singular = _singular(head, is_noun)
    if singular is None:
        return None
    if len(words) > 1:
        medium = MEDIUM_MODIFIERS.get(words[-2].lower())
        if medium and singular in MEDIUM_HEADS:
            return f"{medium} {singular}"
    return singular


def _specificity(class_phrase: str) -> int:
    """Depth in WordNet (longer hypernym chain = more specific); a compound counts one more than its head."""
    chain = hypernym_candidates(class_phrase)
    if chain:
        return len(chain)
    return len(hypernym_candidates(class_phrase.split()[-1])) + 1


def class_from_categories(
    categories: Iterable[str], term: str = "", is_noun: Optional[Callable[[str], bool]] = None
) -> Optional[str]:
    """The class of a term from its Wikipedia categories: the most frequent category head, the most specific
    one (deepest in WordNet) on a tie of three or more; None when no category names a class, on a tie of
    fewer than three (too little evidence), or when that class shares a
    word with the term (it would leak part of the term; the runner-up is not taken either).

    ["1997 films", "American biographical films", "Films directed by John Frankenheimer"] -> "film".
    """
    counts: Counter = Counter()
    first: Dict[str, int] = {}
    for i, category in enumerate(dict.fromkeys(categories)):
        cls = category_class(category, is_noun)
        if cls is None:
            continue
        counts[cls] += 1
        first.setdefault(cls, i)
    if not counts:
        return None
    ranked = counts.most_common(2)
    if len(ranked) == 2 and ranked[0][1] == ranked[1][1] and ranked[0][1] < 3:
        return None  # "writer" 2, "editor" 2 among 50 categories of a politician: no evidence of a class
    best = max(counts, key=lambda c: (counts[c], _specificity(c), -first[c]))
    # When the term's own words name its class ("Academy Award for Best Actress": awards), a runner-up
    # would be a guess from unrelated categories; the WordNet walk generalizes such a term better.
    return None if term and leaks(best, term) else best


def _parse_list(value: str) -> List[str]:
    """A Python-list string of the CSV ("['1997 films', ...]"); [] for "NONE", "" or anything else."""
    value = (value or "").strip()
    if not value.startswith("["):
        return []
    try:
        parsed = ast.literal_eval(value)
    except (ValueError, SyntaxError):
        return []
    return [str(item) for item in parsed if isinstance(item, str)] if isinstance(parsed, list) else []


def _yago_categories(value: str) -> List[str]:
    """YAGO's wikicat types as category names ("<wikicat_American_action_films>" -> "American action films")."""
    out = []
    for item in _parse_list(value):
        match = re.fullmatch(r"<wikicat_(.+)>", item.strip())
        if match:
            out.append(match.group(1).replace("_", " ").replace("&apos;", "'"))
    return out


class KnowledgeBase:
    """term (matching key, see `term_key`) -> class phrase ("film", "television series").

    Load one with `KnowledgeBase.from_path`: a JSON object {term: class}, a CSV term,class, or WikiActors'
    entities_generalizations.csv (classes derived from Wikipedia categories).
    """

    def __init__(self, classes: Optional[Dict[str, str]] = None) -> None:
        self.classes: Dict[str, str] = {}
        for term, cls in (classes or {}).items():
            self.add(term, cls)

    def add(self, term: str, cls: str) -> None:
        """Record the class of a term (the first class given for a key is kept)."""
        key = term_key(term)
        cls = " ".join(str(cls).split())
        if key and cls:
            self.classes.setdefault(key, cls)

    def __len__(self) -> int:
        return len(self.classes)

    def __contains__(self, term: str) -> bool:
        return term_key(term) in self.classes

    def lookup(self, term: str) -> Optional[str]:
        """The class of a term, matched on `term_key` ("The Truman Show" finds "the_truman_show"); None if absent."""
        return self.classes.get(term_key(term))

    # -- reading -----------------------------------------------------------------------------------
    @classmethod
    def from_path(cls, path: Union[str, Path]) -> "KnowledgeBase":
        """Read a knowledge base: `.json` {term: class}; a CSV with columns term and generalizations3
        (WikiActors); otherwise a CSV/TSV term,class (header optional)."""
        path = Path(path)
        if not path.exists():
            raise ValueError(Errors.E330.format(path=str(path)))
        if path.suffix.lower() == ".json":
            try:
                data = json.loads(path.read_text(encoding="utf8"))
            except ValueError as err:
                raise ValueError(Errors.E331.format(path=str(path), why=f"invalid JSON ({err.msg})")) from None
            if isinstance(data, list):
                try:
                    data = {item["term"]: item["class"] for item in data}
                except (TypeError, KeyError):
                    data = None
            if not isinstance(data, dict):
                raise ValueError(Errors.E331.format(path=str(path), why="not an object of term -> class"))
            return cls({str(k): str(v) for k, v in data.items()})
        delimiter = "\t" if path.suffix.lower() == ".tsv" else ","
        with path.open(encoding="utf8", newline="") as handle:
            rows = list(csv.reader(handle, delimiter=delimiter))
        if not rows:
            return cls()
        header = [h.strip().lower() for h in rows[0]]
        if "term" in header and "generalizations3" in header:
            return cls.from_wikiactors_rows([dict(zip(header, row)) for row in rows[1:]])
        if "term" in header and "class" in header:
            t, c = header.index("term"), header.index("class")
            return cls({row[t]: row[c] for row in rows[1:] if len(row) > max(t, c)})
        if any(len(row) != 2 for row in rows if row):
            raise ValueError(Errors.E331.format(path=str(path), why="expected two columns term,class"))
        return cls({row[0]: row[1] for row in rows if row})

    @classmethod
    def from_wikiactors_rows(
        cls, rows: Sequence[Dict[str, str]], is_noun: Optional[Callable[[str], bool]] = None
    ) -> "KnowledgeBase":
        """Classes from rows of WikiActors' entities_generalizations.csv: the Wikipedia categories of
        `generalizations3` (YAGO's wikicat types of `generalizations2` where those are missing), pooled over
        the rows of a term, reduced by `class_from_categories`. Dates, numbers and stop words are skipped."""
        categories: Dict[str, List[str]] = {}
        names: Dict[str, str] = {}
        for row in rows:
            if (row.get("class") or "").strip().upper() in SKIPPED_ROW_CLASSES:
                continue
            term = (row.get("term") or "").replace("_", " ")
            key = term_key(term)
            if not key:
                continue
            cats = _parse_list(row.get("generalizations3", "")) or _yago_categories(row.get("generalizations2", ""))
            if not cats:
                continue
            categories.setdefault(key, []).extend(cats)
            names.setdefault(key, term)
            if "(" in term:  # "the_mask_(_1994" is also found as "The Mask"
                alias = term_key(term.split("(")[0])
                if alias and alias != key:
                    categories.setdefault(alias, []).extend(cats)
                    names.setdefault(alias, term)
        kb = cls()
        for key, cats in categories.items():
            found = class_from_categories(cats, names[key], is_noun)
            if found:
                kb.classes[key] = found
        return kb

    # -- writing -----------------------------------------------------------------------------------
    def to_disk(self, path: Union[str, Path]) -> None:
        """Write the knowledge base as JSON {term: class} (what `from_path` reads back, fast)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.classes, indent=1, sort_keys=True, ensure_ascii=False), encoding="utf8")
