"""How a generalization is written in place of its span: the article ("moved to a city"), the number
("awards" -> "symbols"), a determiner the span opens with, and a capital at sentence start."""
from typing import Optional

from spacy.tokens import Span

from spacy_anon.generalize.grammar import indefinite_article, looks_plural, pluralize, with_article
from spacy_anon.generalize.mentions import at_sentence_start
from spacy_anon.generalize.vacuous import ORDINALS
from spacy_anon.generalize.wordnet import has_adjective_sense, is_noun_lemma, noun_base_forms, noun_senses
from spacy_anon.possessives import ends_with_possessive

DETERMINERS = frozenset(
    "a an the this that these those my your his her its our their whose which what some any every each "
    "no another either neither".split()
)
# Stop words that occur inside a noun phrase between its determiner and its head ("her first film role").
NP_INNER_STOP_WORDS = ORDINALS | frozenset("most more other own many several few whole same".split())


def is_plural_word(word: str, lang: str, lexicon, tag: str = "") -> bool:
    """Whether a word is a plural noun (its tag when there is one, else its spelling and WordNet)."""

    def singular(form: str) -> Optional[str]:
        for base in noun_base_forms(form):
            if noun_senses(base, lang, lexicon):
                return base
        return None

    return looks_plural(word, tag, lambda form: is_noun_lemma(form, lang, lexicon), singular)


def is_plural(span: Span, lang: str, lexicon) -> bool:
    """Whether the span's head noun is plural (its tag when a tagger ran, else its spelling and
    WordNet: "awards" is the plural of the lemma "award", "news" is a lemma of its own)."""
    head = span[-1]
    if lang != "en" or not head.is_alpha or (not head.tag_ and not head.is_lower):
        return False  # "Hackers" (a title) is not plural: without a tagger only common nouns count
    return is_plural_word(head.text, lang, lexicon, head.tag_)


def plural_name_head(span: Span, word: str, lang: str, lexicon) -> bool:
    """A name whose plural head is the replacement's noun ("three Academy Awards" -> "award"): the
    replacement is plural too ("a few awards"). Other capitalised heads are not read as plurals
    ("Hackers", a title)."""
    head = span[-1]
    if lang != "en" or len(span) < 2 or not head.is_alpha or head.is_lower:
        return False
    lower = head.lower_
    noun = word.split()[-1].lower()
    return lower != noun and noun in noun_base_forms(lower) and is_plural_word(lower, lang, lexicon)


def inside_noun_phrase(span: Span, reach: int = 3) -> bool:
    """The span ends a noun phrase a determiner opened a few words before ("her first film role",
    "an American actress"): the words in between are content words (or ordinals)."""
    doc = span.doc
    i = span.start - 1
    if i < 0 or not doc[i].is_alpha or doc[i].is_stop:
        return False
    if span[0].text[:1].isupper() and doc[i].is_lower:
        return False  # a name after a common noun is in apposition: "the films Gia (1998)" -> "a film"
    for j in range(i - 1, max(-1, i - 1 - reach), -1):
        token = doc[j]
        if token.lower_ in DETERMINERS or ends_with_possessive(doc, j):
            return True
        if not token.is_alpha or (token.is_stop and token.lower_ not in NP_INNER_STOP_WORDS):
            return False
    return False


def noun_like(token, lang: str, lexicon) -> bool:
    """Without a tagger: a lower-case word that WordNet has as a noun and not as an adjective
    ("Hollywood actress": the span modifies "actress", so no article before it)."""
    word = token.text
    if not token.is_alpha or not token.is_lower or token.is_stop or word.endswith(("ed", "ly")):
        return False
    return bool(noun_senses(word, lang, lexicon)) and \
        not has_adjective_sense(word, lexicon)


def render(span: Span, word: str, coarsened: bool, starts: frozenset = frozenset(),
           ends: frozenset = frozenset(), *, lang: str = "en", lexicon=None, article: bool = True) -> str:
    """Article, number and capitalisation of the replacement in its context.

    No article after a determiner, possessive or number, before a noun or another candidate span
    (the span is a modifier), after another candidate span, or on a plural. A plural head makes the
    replacement plural ("cities" -> "municipalities"); a determiner that opens the span itself
    ("her debut") is kept. starts / ends: token indices where other candidate spans start / end.
    """
    doc = span.doc
    out = word
    english = lang == "en"
    if english and not coarsened:
        own = span[0].lower_ in DETERMINERS or span[0].tag_ in ("DT", "PRP$", "WP$") or \
            span[0].text.endswith(("'s", "’s"))
        if own and len(span) > 1 and span[0].text[:1].isupper() and span[1].text[:1].isupper():
            own = False  # a word of a title ("The Purge", "My Week with Marilyn"), not the text's determiner
        plural = is_plural(span, lang, lexicon) or plural_name_head(span, word, lang, lexicon)
        already = not word[:1].isupper() and is_plural_word(word.split()[-1], lang, lexicon)
        if plural and not word[:1].isupper() and not already:
            out = pluralize(word)
        # a replacement that is already plural ("awards" from "Screen Actors Guild Awards for Best
        # Actor") takes no "a"/"an"
        plural = plural or already
        if own and len(span) > 1:
            det = span[0].text
            if det.lower() in ("a", "an"):
                det = indefinite_article(out) if not plural else ""
                det = det.capitalize() if span[0].text[:1].isupper() else det
            out = f"{det} {out}".strip()
            if at_sentence_start(span):
                out = out[:1].upper() + out[1:]
            return out
        if article:
            prev = doc[span.start - 1] if span.start > 0 else None
            nxt = doc[span.end] if span.end < len(doc) else None
            after_det = prev is not None and (
                prev.lower_ in DETERMINERS or prev.tag_ in ("DT", "PRP$", "WP$")
                or (prev.like_num and not (prev.text.isdigit() and len(prev.text) == 4))  # "two", not 2015
                or ends_with_possessive(doc, span.start - 1) or span.start in ends
                or (prev.text in ("-", "/", "–") and prev.idx + len(prev.text) == span.start_char))  # "joh-LEE"
            modifier = nxt is not None and (nxt.pos_ in ("NOUN", "PROPN") or span.end in starts
                                            or (not nxt.pos_ and noun_like(nxt, lang, lexicon)))
            if not (after_det or modifier or plural or inside_noun_phrase(span)):
                out = with_article(out)
    if at_sentence_start(span) and span.text[:1].isupper():
        out = out[:1].upper() + out[1:]
    return out


__all__ = ["DETERMINERS", "NP_INNER_STOP_WORDS", "inside_noun_phrase", "is_plural", "is_plural_word",
           "noun_like", "plural_name_head", "render"]
