"""The span filter that drops public references the tagger took for names: the organs of the court that
decides ("the European Commission of Human Rights", "the President of the Chamber", "a Chamber of the
Fourth Section", "Deputy Section Registrar"), a document's references to its own paragraphs ("see
paragraph 22 below") and a statute's title ("the Penal Code", "the Army Act 1955", "Turkish Criminal" before
"Code", "Fair Employment" before "(Northern Ireland) Act 1976"), also in its own language in brackets after the
English title ("(Ustawa o skardze na naruszenie prawa strony ...)").

Each names the same public thing in every case: the institution that hears it, a place in the text itself,
the law it applies; none is anyone's identifier. Court-judgment corpora mostly leave them unmarked (TAB's
58 judgments: the court's organs 11 times in 95, references to paragraphs 0 in 26, titles ending in "Act" or
"Code" 12 in 64), and a tagger trained on them marks them now and then. The courts a case went through
("the Court of Appeal", "the Ankara Martial Law Court") are no organs of the deciding court and stay: they
tell where a person's case was heard. A span that holds a given name, or a word no list here holds, is kept,
and so is a lone organ word that is also a surname ("Chambers", "Court") without an article before it: it may
be a person.
"""
import re
from typing import FrozenSet, List, Sequence

from spacy.tokens import Doc
from spacy.util import registry

from spacy_anon.errors import Errors
from spacy_anon.lexicon.generic_words import folded
from spacy_anon.tagger.span_filters.base import Scored, SpanFilter, TokenArrays, doc_rows

# an organ of the court that decides holds one of these, and only words of ORGAN_WORDS and LINKS
ORGAN_HEADS = frozenset("court chamber chambers commission section sections registrar registry".split())
ORGAN_WORDS = ORGAN_HEADS | frozenset(
    "european human rights president vice-president vice deputy delegate delegates secretary grand plenary "
    "rules addendum first second third fourth fifth former".split())
LINKS = frozenset("of the to a an - –".split())
# what joins the words of a statute's title ("Income and Corporation Taxes Act", "Offences Against the State Act")
TITLE_LINKS = LINKS | frozenset({"and", "against", "on", "for"})
# a reference to a paragraph of the document itself: a mark, a number, and only these words around them
PARAGRAPH_MARKS = frozenset("paragraph paragraphs para paras § §§".split())
REFERENCE_WORDS = PARAGRAPH_MARKS | frozenset("see above below and to cf also under - – , ( ) .".split())
PARAGRAPH_NUMBER = re.compile(r"\d{1,4}(?:\.\d{1,3})*[a-z]?")
# what a statute's title ends with when it carries no year ("the Penal Code", "the Aliens Act")
CODE_HEADS = frozenset("code act".split())
# the word a statute's title opens with in the languages of the court's member states, when the judgment
# gives the original in brackets ("(Ustawa o ...)", "(lag 1951:691 om ...)", "(Kanun ...)"); English
# words ("wet", "law") are left out: in brackets they may be anything
FOREIGN_STATUTE_WORDS = frozenset(
    "ustawa ustawy lag lagen gesetz gesetzes loi ley lei legge zakon zakona zákon törvény kanun kanunu "
    "lov loven laki wetboek".split())
# words after which a court's name goes on ("the Court of Appeal"): the span is a piece of it
NAME_GOES_ON = frozenset("of for".split())
YEAR = re.compile(r"(?:1[89]|20)\d\d")
POSSESSIVE_ENDINGS = frozenset("'s ’s ' ’".split())
ARTICLES = frozenset("the a an".split())


def paragraph_reference(words: Sequence[str]) -> bool:
    """Whether `words` (folded token texts) are a reference to paragraphs of the text ("see paragraph 22
    below", "paragraphs 21-23", "§ 4"): a mark, a number, nothing else but linking words. Pure function."""
    return any(w in PARAGRAPH_MARKS for w in words) and any(PARAGRAPH_NUMBER.fullmatch(w) for w in words) \
        and all(w in REFERENCE_WORDS or PARAGRAPH_NUMBER.fullmatch(w) for w in words)


def court_organ(words: Sequence[str]) -> bool:
    """Whether `words` (folded, no spaces) name an organ of the deciding court ("president of the
    chamber", "european commission of human rights"). Pure function."""
    return any(w in ORGAN_HEADS for w in words) and all(w in ORGAN_WORDS or w in LINKS for w in words) \
        and any(w not in LINKS for w in words)


def _title_word(text: str) -> bool:
    return text[:1].isupper() or bool(YEAR.fullmatch(text))


class _Document:
    """What the filter reads of one document: its token texts, folded, and where lines and brackets are."""

    def __init__(self, doc: Doc):
        rows = doc_rows(doc)
        self.texts, self.space, self.whitespace = rows.words, rows.is_space, rows.whitespace
        self.n = len(self.texts)

    def words(self, start: int, end: int) -> List[str]:
        return [folded(self.texts[k]) for k in range(start, end) if not self.space[k]]

    def next_word(self, end: int) -> str:
        k = end
        while k < self.n and self.space[k] and "\n" not in self.texts[k]:
            k += 1
        return folded(self.texts[k]) if k < self.n and "\n" not in self.whitespace[end - 1] else ""

    def after_article(self, start: int) -> bool:
        """Whether "the", "a" or "an" stands right before start on its line ("the Chamber")."""
        k = start - 1
        while k >= 0 and self.space[k] and "\n" not in self.texts[k]:
            k -= 1
        return k >= 0 and "\n" not in self.whitespace[k] and folded(self.texts[k]) in ARTICLES

    def piece_of_name(self, start: int) -> bool:
        """Whether a capitalised word stands right before start on its line, or its possessive ("Supreme" +
        "Court", "Magistrate's" + "Court"): the span is the tail of a longer name."""
        k = start - 1
        if k < 0 or self.whitespace[k] != " ":
            return False
        if k >= 1 and self.texts[k] in POSSESSIVE_ENDINGS and self.whitespace[k - 1] == "":
            k -= 1
        elif k >= 2 and self.texts[k] == "s" and self.texts[k - 1] in POSSESSIVE_ENDINGS \
                and self.whitespace[k - 1] == self.whitespace[k - 2] == "":
            k -= 2  # the taggers' tokenizer splits "Magistrate's" into "Magistrate", "'", "s"
        return self.texts[k][:1].isupper() and folded(self.texts[k]) not in LINKS

    def law_title(self, start: int, end: int) -> bool:
        """Whether start:end is a statute's title, or its opening words: capitalised words ending in "Code"
        or "Act", with its year or not ("Penal Code", "1964 Nature Conservation Act", "Army Act 1955"), or
        followed on the line by at most a bracket and four capitalised words, then one ("Turkish Criminal" +
        "Code", "Fair Employment" + "(Northern Ireland) Act", "Offences Against" + "the State Act"); "and",
        "of", "the", "against", "on", "for" may join the words."""
        toks = [k for k in range(start, end) if not self.space[k]]
        if not any(_title_word(self.texts[k]) for k in toks) \
                or not all(_title_word(self.texts[k]) or folded(self.texts[k]) in TITLE_LINKS for k in toks):
            return False
        if folded(self.texts[toks[-1]]) in CODE_HEADS and len(toks) >= 2:
            return True
        if len(toks) >= 2 and YEAR.fullmatch(self.texts[toks[-1]]) and folded(self.texts[toks[-2]]) in CODE_HEADS:
            return True  # "Army Act 1955", "Act 1992"
        k, words, bracket = end, 0, False
        while k < self.n and words <= 4 and "\n" not in self.texts[k] and "\n" not in self.whitespace[k - 1]:
            text = self.texts[k]
            if folded(text) in CODE_HEADS and text[:1].isupper():
                return True
            if text == "(" and not bracket:
                bracket = True
            elif text == ")" and bracket:
                bracket = False
            elif not self.space[k]:
                if not text[:1].isupper() and folded(text) not in TITLE_LINKS:
                    return False
                words += 1
            k += 1
        return False

    def foreign_law_title(self, start: int) -> bool:
        """Whether the span opens right after a bracket with a statute's word of another language
        ("(Ustawa o skardze ...", "(lag 1951:691 om ..."): a statute's title in its own language."""
        k = start - 1
        return k >= 0 and self.texts[k] == "(" and folded(self.texts[start]) in FOREIGN_STATUTE_WORDS


def drop_public_references(doc: Doc, spans: List[Scored], labels: Sequence[str],
                           given: FrozenSet[str] = frozenset(), surnames: FrozenSet[str] = frozenset()) -> List[Scored]:
    """`spans` without those under `labels` that are a court's organ, a reference to paragraphs of the
    text or a statute's title (see the module); `given`: given names (lower case), which keep a span;
    `surnames` (lower case): a one-word organ that is a listed surname ("Chambers", "Court") is an organ
    only after an article ("the Chamber"), else it may be a person the tagger mislabelled."""
    if not spans or (doc.lang_ or "en") != "en":
        return spans
    text = _Document(doc)
    out: List[Scored] = []
    for span in spans:
        start, end, label, _ = span
        if label in labels:
            words = text.words(start, end)
            if words and not any(w in given for w in words):
                if paragraph_reference(words):
                    continue
                if court_organ(words) and text.next_word(end) not in NAME_GOES_ON \
                        and not text.piece_of_name(start) \
                        and not (len(words) == 1 and words[0] in surnames and not text.after_article(start)):
                    continue
                if label != "DEM" and (text.law_title(start, end) or text.foreign_law_title(start)):
                    continue
        out.append(span)
    return out


class DropPublicReferences(SpanFilter):
    """Spans under `labels` (the CRF's own) that name a court's organ, a paragraph of the text or a statute
    are dropped (`drop_public_references`)."""

    def __init__(self, labels: Sequence[str]):
        if isinstance(labels, str) or not all(isinstance(v, str) and v for v in labels):
            raise ValueError(Errors.E669.format(value=labels))
        self.labels = tuple(labels)
        self._names: tuple = (None, frozenset(), frozenset())  # (gazetteer terms, given names, surnames)

    def __call__(self, doc: Doc, tokens: TokenArrays, spans: List[Scored], tagger) -> List[Scored]:
        terms = getattr(tagger, "gazetteer_terms", {})
        if self._names[0] is not terms:  # built once per tagger, not per document
            self._names = (terms, frozenset(terms.get("first_names", ())), frozenset(terms.get("last_names", ())))
        return drop_public_references(doc, spans, self.labels, self._names[1], self._names[2])


@registry.misc("spacy_anon.drop_public_references.v1")
def make_drop_public_references(labels: Sequence[str] = ("ORG", "LOC", "MISC", "DEM", "QUANTITY", "CODE"),
                                ) -> DropPublicReferences:
    return DropPublicReferences(labels)
