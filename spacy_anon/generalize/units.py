"""Whole-unit generalization: titles of works, names and multiword expressions are replaced as one unit by
their class ("a film", "a television series", "a memoir") instead of word by word.

The word-by-word WordNet walk reads "Gia" as the Armed Islamic Group and splits "Salt in the Hem" into
"salt"; a unit keeps its class from, in order:

1. the context: a class noun that governs the span in its sentence ("the biographical cable films George
   Wallace (1997) and Gia (1998)" -> "film" for both; "the memoir Salt in the Hem" -> "memoir"; "the
   village of Tregaron" -> "village"), from the dependency parse when the pipeline has one, else from the
   tokens. It comes before the knowledge base because it is the text's own word for this mention, while a
   knowledge base matches strings (WikiActors' "George Wallace" is the politician, not the film);
2. the knowledge base (`spacy_anon.generalize.knowledge_base`), for the exact term;
3. WordNet, for a multiword name it knows as an instance ("Empire State Building" -> "skyscraper");
4. the NER label: PERSON "person"; for a place or organisation that the WordNet walk does not know, the
   gazetteer's class of a known place (`places`: "Lisboa" -> "city in Portugal") and ORG "organization".
   A place or organisation the walk knows ("Barcelona" > city, "Tidewater Theatre Company" > company) is
   left to the walk, whose `levels_up` and safety test then apply.

Names are never split: a PERSON is "person" unless the knowledge base has a class for that exact name.
No class shares a word with the span ("Gia" -> "film", never "Gia film"), and classes that say nothing
("thing", "entity", "group") are never returned. None leaves the span to the WordNet walk.
"""
from typing import Any, Dict, FrozenSet, Optional, Tuple

from spacy.tokens import Doc, Span, Token

from spacy_anon.doc_keys import SPAN_KEY
from spacy_anon.generalize.grammar import pluralize_word
from spacy_anon.generalize.knowledge_base import MEDIUM_HEADS, MEDIUM_MODIFIERS, leaks
from spacy_anon.generalize.places import generalize_place
from spacy_anon.generalize.vacuous import is_vacuous
from spacy_anon.generalize.wordnet import ROOTS, generalization_candidates, hypernym_candidates

# Class nouns that name what a title, place or organisation is, singular forms; plurals are derived.
WORK_CLASSES = (
    "film movie documentary series miniseries sitcom show serial drama comedy musical play opera ballet "
    "novel novella book memoir autobiography biography album song single poem magazine newspaper journal "
    "video game franchise trilogy sequel prequel episode anthology cartoon painting sculpture thriller "
    "epic biopic blockbuster adaptation remake "
    "character"
).split()
PLACE_CLASSES = (
    "village town city county borough parish suburb district province region island state kingdom "
    "republic municipality hamlet neighbourhood neighborhood river lake mountain valley country"
).split()
ORG_CLASSES = "band company studio network channel label university college school charity foundation club team".split()
SAME_PLURAL = frozenset(["series", "miniseries"])
# Spans with these labels are coarsened or masked elsewhere, never units.
NOT_UNITS = frozenset(["DATETIME", "AGE", "QUANTITY", "CODE", "CONTACT", "ID"])
NAME_LABELS = frozenset(["PERSON"])
LABEL_CLASSES: Dict[str, Dict[str, str]] = {
    "en": {"PERSON": "person", "ORG": "organization"},
    "es": {"PERSON": "persona", "ORG": "organización"},
    "pt": {"PERSON": "pessoa", "ORG": "organização"},
}
_ARTICLES = {"en": ("a", "an"), "es": ("un", "una"), "pt": ("um", "uma")}
QUOTES = frozenset(['"', "'", "“", "”", "‘", "’", "«", "»"])
_SENTENCE_ENDS = frozenset([".", "!", "?", ";", ":"])
LIST_SEPARATORS = frozenset([",", "and", "or", "&"])
# Lower-case words that occur inside titles ("Salt in the Hem", "Lookin' to Get Out").
TITLE_WORDS = frozenset("of in the a an and to on at for with from by".split())
_DETERMINERS = frozenset("the a an this that these those his her their its my our your".split())
_AFTER_CLASS_OK = frozenset(
    "about by in that which starring directed written from of with based set , . ; : ) ( and".split())
MAX_WALK = 40  # tokens looked at to the left of a span (a list of titles with their years)


def _plural(word: str) -> str:
    return word if word in SAME_PLURAL else pluralize_word(word)


def _class_table() -> Dict[str, str]:
    table: Dict[str, str] = {}
    for word in WORK_CLASSES + PLACE_CLASSES + ORG_CLASSES:
        table[word] = word
        table.setdefault(_plural(word), word)
    table["movies"] = "movie"
    return table


CLASS_NOUNS: Dict[str, str] = _class_table()


def unit_generalization(span: Span, lang: str = "en", knowledge_base: Optional[Any] = None) -> Optional[str]:
    """The class of a span that is one unit (a title, a name, a multiword expression), without article;
    None when the span is not such a unit or its class is unknown (the WordNet walk decides then)."""
    found = unit_class(span, lang=lang, knowledge_base=knowledge_base)
    return found[0] if found else None


def unit_class(span: Span, lang: str = "en", knowledge_base: Optional[Any] = None) -> Optional[Tuple[str, str]]:
    """(class, source) for a unit span, source one of "context", "knowledge_base", "wordnet", "label";
    None when the span is no unit or no source knows its class."""
    if span.label_ in NOT_UNITS or not is_unit(span):
        return None
    text = span.text
    sources = (
        ("context", lambda: context_class(span)),
        ("knowledge_base", lambda: knowledge_base.lookup(text) if knowledge_base is not None else None),
        ("wordnet", lambda: wordnet_class(span, lang)),
        ("label", lambda: label_class(span, lang)),
    )
    for source, get in sources:
        cls = get()
        if cls and not is_vacuous(cls, span.label_, lang=lang) and not leaks(cls, text):
            return cls, source
    return None


# --------------------------------------------------------------------------------------------------
# What a unit is
# --------------------------------------------------------------------------------------------------
def _sentence_start(doc: Doc, i: int) -> bool:
    return i == 0 or doc[i].is_sent_start is True or doc[i - 1].text in _SENTENCE_ENDS or "\n" in doc[i - 1].text


def is_unit(span: Span) -> bool:
    """A name or title: a capitalised word that is not only the capital of a sentence start, or a quoted
    span ("Salt in the Hem", "Angelina Jolie", "Tregaron"); not a lower-case phrase ("cable films") nor a
    single sentence-initial word ("Detective")."""
    if span.label_ in NAME_LABELS:
        return True
    tokens = [t for t in span if t.lower_ not in _DETERMINERS or t.i != span.start]
    if not tokens:
        return False
    doc = span.doc
    quoted = span.start > 0 and doc[span.start - 1].text in QUOTES and span.end < len(doc) and (
        doc[span.end].text in QUOTES)
    if quoted:
        return True
    capitals = [t for t in tokens if t.text[:1].isupper()]
    if not capitals:
        return False
    if len(capitals) == 1 and len(tokens) == 1 and _sentence_start(doc, tokens[0].i):
        return False
    return True


# --------------------------------------------------------------------------------------------------
# 1. Context class nouns
# --------------------------------------------------------------------------------------------------
def _class_at(doc: Doc, i: int) -> Optional[str]:
    """The class named by a lower-case class noun at token i, with a medium word before it kept
    ("television series", "TV film" -> "television film"); None if doc[i] is no class noun."""
    token = doc[i]
    if not token.is_lower:
        return None
    cls = CLASS_NOUNS.get(token.lower_)
    if cls is None:
        return None
    if i > 0 and cls in MEDIUM_HEADS:
        medium = MEDIUM_MODIFIERS.get(doc[i - 1].lower_)
        if medium:
            return f"{medium} {cls}"
    return cls


def _title_shape(span: Span) -> bool:
    """A title by its shape: in quotes, or followed by a year in brackets ("Hackers (1995)")."""
    doc = span.doc
    if span.start > 0 and doc[span.start - 1].text in QUOTES:
        return True
    end = span.end
    return end + 1 < len(doc) and doc[end].text == "(" and doc[end + 1].text.isdigit()


def _covered(doc: Doc) -> FrozenSet[int]:
    spans = doc.spans[SPAN_KEY] if SPAN_KEY in doc.spans else ()
    return frozenset(i for s in spans for i in range(s.start, s.end))


def _walk_left(span: Span) -> Optional[str]:
    """Token patterns: "CLASS SPAN", "CLASS "SPAN"", "CLASS A (1997) and SPAN", "CLASS, SPAN (1995)",
    "PLACE-CLASS of SPAN"."""
    doc = span.doc
    i = span.start - 1
    if i >= 1 and doc[i].lower_ == "of":
        cls = _class_at(doc, i - 1)
        return cls if cls in PLACE_CLASSES else None
    while i >= 0 and doc[i].text in QUOTES:
        i -= 1
    if i >= 1 and doc[i].text == "," and _title_shape(span):
        cls = _class_at(doc, i - 1)
        if cls:
            return cls
    covered: Optional[FrozenSet[int]] = None
    crossed = False  # passed an earlier item of a list
    start = i
    while i >= 0 and start - i < MAX_WALK:
        token = doc[i]
        if token.text in _SENTENCE_ENDS or "\n" in token.text:
            return None
        cls = _class_at(doc, i)
        if cls is not None:
            # the noun must govern what follows it: "films George Wallace", not "the film and Smith";
            # a list needs a plural ("the films A and B"): after "the miniseries Lonesome Dove," comes
            # something else
            if doc[i + 1].lower_ in LIST_SEPARATORS:
                return None
            if crossed and (token.lower_ == cls.split()[-1] or token.lower_ in SAME_PLURAL):
                return None
            return cls
        lower = token.lower_
        if lower in LIST_SEPARATORS:
            crossed = True
        if token.text[:1].isupper() or token.like_num or token.text in QUOTES or token.text in "()[]" \
                or lower in LIST_SEPARATORS:
            i -= 1
            continue
        if covered is None:
            covered = _covered(doc)
        if token.i in covered:
            i -= 1
            continue
        if lower in TITLE_WORDS and i > 0 and doc[i - 1].text[:1].isupper() and doc[i + 1].text[:1].isupper():
            i -= 1  # a small word inside the title of an earlier item
            continue
        if lower in _LIST_OPENERS and _opens_list_of_class(doc, i):
            i -= 1  # "films such as X", "films including X", "such films as X"
            continue
        return None
    return None


# Words between a plural class noun and the list it opens: "films such as", "films including"; "as" only
# with "such" ("the film as Jack Dawson" names a role, not a list).
_LIST_OPENERS = frozenset(["such", "as", "including", "include", "includes", "like"])


def _opens_list_of_class(doc: Doc, i: int) -> bool:
    """doc[i] is a list opener that a class noun precedes within two words ("films such as", "films
    including", "such films as", "the series, including")."""
    if doc[i].lower_ == "as":
        if i >= 1 and doc[i - 1].lower_ == "such":
            return True  # "films such as": the walk goes on to "such", then the class noun
        return i >= 2 and doc[i - 2].lower_ == "such" and _class_at(doc, i - 1) is not None  # "such films as"
    for k in (i - 1, i - 2):
        if k < 0:
            return False
        if _class_at(doc, k) is not None:
            return True
        if doc[k].lower_ not in _LIST_OPENERS and doc[k].text != ",":
            return False
    return False


def _after(span: Span) -> Optional[str]:
    """An apposition after the span: "Salt in the Hem, a memoir about ..." -> "memoir"."""
    doc = span.doc
    j = span.end
    if j < len(doc) and doc[j].text in QUOTES:
        j += 1
    if j + 2 >= len(doc) or doc[j].text != "," or doc[j + 1].lower_ not in _DETERMINERS:
        return None
    for k in range(j + 2, min(j + 5, len(doc))):
        cls = _class_at(doc, k)
        if cls is not None:
            nxt = doc[k + 1].lower_ if k + 1 < len(doc) else "."
            return cls if nxt in _AFTER_CLASS_OK else None
        if not doc[k].is_alpha or not doc[k].is_lower:
            return None
    return None


def _parse_class(span: Span) -> Optional[str]:
    """From the dependency parse: the span's root is an apposition or object of "of" of a class noun, or a
    class noun is its compound/modifier; a conjunct takes the class of the first item of its list."""
    doc = span.doc
    root = span.root
    seen = 0
    while root.dep_ == "conj" and seen < 20 and root.head.i < root.i:
        root = root.head
        seen += 1
    head: Token = root.head
    if root.dep_ == "appos" and not (span.start <= head.i < span.end):
        cls = _class_at(doc, head.i)
        if cls:
            return cls
    if root.dep_ == "pobj" and head.lower_ == "of" and head.head.i < head.i:
        cls = _class_at(doc, head.head.i)
        if cls in PLACE_CLASSES:
            return cls
    for child in root.children:
        if child.dep_ in ("compound", "nmod", "appos") and child.i < root.i:
            cls = _class_at(doc, child.i)
            if cls:
                return cls
    return None


def context_class(span: Span) -> Optional[str]:
    """The class noun that governs the span in its sentence, or None."""
    doc = span.doc
    if doc.has_annotation("DEP"):
        cls = _parse_class(span)
        if cls:
            return cls
    found = _walk_left(span) or _after(span)
    if found is None and doc.lang_ == "en":  # the cue words and the classes they give are English
        found = cue_class(span)
    return found


# Words of a sentence that say which medium its titles belong to (`cue_class`).
FILM_CUES = frozenset("film films movie movies filmmaker box-office box office".split())
TV_CUES = frozenset("television tv series miniseries sitcom sitcoms episode episodes season seasons network "
                    "hbo nbc cbs abc fox bbc itv netflix".split())
STAGE_CUES = frozenset("play plays musical musicals broadway stage theatre theater west".split())
# Verbs and nouns of acting before "as": "played Lieutenant Pete Mitchell", "her role as Sarah Connor".
ROLE_CUES = frozenset("played plays playing portrayed portrays portraying starred stars starring co-starred "
                      "co-starring role roles cast voiced voices voicing appeared appearing appears reprised "
                      "reprising debut credits".split())
_DASHES = frozenset(["-", "–", "—"])
MEDIA = (("film", FILM_CUES), ("television series", TV_CUES), ("play", STAGE_CUES))
_PRIZE_WORDS = frozenset("award awards prize prizes medal honours honors".split())
_PLAYED = frozenset("played plays playing portrayed portrays portraying voiced voices voicing".split())


_YEAR_SHARERS = frozenset(["both", "all", "each"])


def title_year(span: Span) -> Optional[bool]:
    """The span is a title followed by its year in brackets, perhaps after the rest of the title
    ("Avengers: Age of Ultron (2015)", "The Faculty (both 1998)"): True when the year is a range ("Danger
    Mouse (2015–17)": a series that ran for years), False for one year, None when no year follows."""
    doc = span.doc
    j = span.end
    for _ in range(10):
        if j >= len(doc):
            return None
        token = doc[j]
        if token.text == "(":
            break
        if not (token.text[:1].isupper() or token.text in (":", "'s") or token.lower_ in TITLE_WORDS
                or (token.like_num and token.text.isdigit() and len(token.text) < 3)):  # "Terminator 2: ..."
            return None
        j += 1
    else:
        return None
    if j + 1 < len(doc) and doc[j + 1].lower_ in _YEAR_SHARERS:  # "(both 1994)", "(all in 2012)"
        j += 2 if j + 2 < len(doc) and doc[j + 2].lower_ == "in" else 1
    if j + 1 >= len(doc) or not doc[j + 1].text[:4].isdigit():
        return None
    year = doc[j + 1].text
    after = doc[j + 2].text if j + 2 < len(doc) else ""
    return any(d in year for d in _DASHES) or after in _DASHES or after.startswith(("–", "-"))


def _sentence_words(span: Span, reach: int = 60) -> Tuple[FrozenSet[str], FrozenSet[str]]:
    """The lower-case words of the span's sentence before it and after it (at most `reach` tokens each)."""
    doc = span.doc
    before, after = [], []
    i = span.start - 1
    while i >= 0 and span.start - i <= reach and not (doc[i].text in (".", "!", "?") or "\n" in doc[i].text):
        before.append(doc[i].lower_)
        i -= 1
    j = span.end
    while j < len(doc) and j - span.end <= reach and not (doc[j].text in (".", "!", "?") or "\n" in doc[j].text):
        after.append(doc[j].lower_)
        j += 1
    return frozenset(before), frozenset(after)


def cue_class(span: Span) -> Optional[str]:
    """A class from cues of the sentence when no class noun governs the span:

    - a title followed by a range of years ("Danger Mouse (2015–17)"): "television series";
    - a name after "as" in a sentence about acting, or after "played", "portrayed", "voiced" ("played
      Lieutenant Pete Mitchell", "her role as Sarah Connor"): "character" (not an acronym, ORG or LOC);
    - a title followed by one year ("Patriot Games (1992)"): the medium the sentence names, when it names
      one only ("film" for "film", "films", "movie"; "television series" for "television", "series",
      "episode", a network; "play" for "stage", "Broadway"); with no medium named, "film" when the
      sentence speaks of a role ("a lead role in Liar Liar (1997)"), else the document's medium
      (`document_medium`); a sentence naming two media gives nothing. Names of prizes are no titles.

    Checked on WikiActors 50_eval against WikiActors' knowledge base (145 film, character or television
    series replacements whose exact term it has): 108 have its class; most others are titles it links to
    the novel or namesake ("Patriot Games" a novel, "Thor" a god); about 10 look wrong ("Yes Man" as a
    television series in a sentence about both).
    """
    if not span.text[:1].isupper():
        return None
    doc = span.doc
    before, after = _sentence_words(span)
    words = before | after
    ranged = title_year(span) if not any(t.lower_ in _PRIZE_WORDS for t in span) else None
    if ranged:
        return "television series"  # a title that ran for years: "voiced Danger Mouse (2015–17)"
    if span.label_ not in ("ORG", "LOC") and not any(t.is_upper and len(t) > 1 for t in span):
        i = span.start - 1
        while i >= 0 and span.start - i <= 4 and (doc[i].text[:1].isupper() or doc[i].text in QUOTES):
            i -= 1  # a rank or a nickname before the name: "as Detective Danny Williams"
        if i >= 0 and ((doc[i].lower_ == "as" and before & ROLE_CUES) or doc[i].lower_ in _PLAYED):
            return "character"  # "as Odysseus in Troy (2004)" is the character, not the film
    if ranged is not None:
        media = [cls for cls, cues in MEDIA if words & cues]
        if len(media) == 1:
            return media[0]
        if media:
            return None
        # no medium named: a role in a title of one year ("a lead role in Liar Liar (1997)") is a film
        # role (a series runs for years, "(2015–17)"); else the document's medium
        return "film" if before & ROLE_CUES else document_medium(doc)
    return None


def document_medium(doc: Doc) -> Optional[str]:
    """The medium of a title whose sentence names none: "film" when the document names films at least
    twice and no other medium; else None (a biography that says "series" three times and never "film"
    still listed Jim Carrey's films by their years only)."""
    key = "spacy_anon.document_medium"
    if key not in doc.user_data:
        counts = {cls: sum(1 for t in doc if t.lower_ in cues) for cls, cues in MEDIA}
        best = max(counts, key=counts.get)
        others = sum(v for k, v in counts.items() if k != best)
        # only "film": a biography that names no medium but television may still list its films by year
        doc.user_data[key] = best if best == "film" and counts[best] >= 2 and not others else None
    return doc.user_data[key]


# --------------------------------------------------------------------------------------------------
# 3. WordNet instances, 4. the NER label
# --------------------------------------------------------------------------------------------------
def _name_text(span: Span) -> str:
    words = [t.text for t in span]
    while words and words[0].lower() in _DETERMINERS:
        words = words[1:]
    return " ".join(words)


def wordnet_class(span: Span, lang: str = "en") -> Optional[str]:
    """The first hypernym of a multiword name WordNet knows ("Empire State Building" -> "skyscraper");
    never for persons (a name's class comes from a knowledge base only)."""
    if span.label_ in NAME_LABELS:
        return None
    text = _name_text(span)
    if len(text.split()) < 2 or not text[:1].isupper():
        return None
    try:
        chain = hypernym_candidates(text, lang)
    except Exception:  # no WordNet for this language: the other sources decide
        return None
    return chain[0] if chain else None


def _strip_article(phrase: str, lang: str) -> str:
    first, _, rest = phrase.partition(" ")
    return rest if rest and first.lower() in _ARTICLES.get(lang, ()) else phrase


def _walk_knows(text: str, lang: str) -> bool:
    """The WordNet walk has a class for the term ("Barcelona" > city; "University of Texas" > university);
    then the walk, with its levels and its safety test, decides."""
    try:
        candidates = generalization_candidates(text, lang=lang, simplify=True)
    except Exception:  # no WordNet for this language
        return False
    return any(c != ROOTS.get(lang) for c in candidates)


def label_class(span: Span, lang: str = "en") -> Optional[str]:
    """PERSON -> "person"; for places and organisations the WordNet walk does not know: LOC -> the
    gazetteer's "city in Spain" where the place is known ("Lisboa" -> "city in Portugal"), ORG ->
    "organization"; else None."""
    label = span.label_
    if label in NAME_LABELS:
        return LABEL_CLASSES.get(lang, LABEL_CLASSES["en"])[label]
    if label not in ("LOC", "ORG"):
        return None
    text = _name_text(span)
    if not text or _walk_knows(text, lang):
        return None
    if label == "LOC":
        place = generalize_place(text, lang)
        return _strip_article(place, lang) if place else None
    return LABEL_CLASSES.get(lang, LABEL_CLASSES["en"])["ORG"]
