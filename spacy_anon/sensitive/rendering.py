"""A generalization as it stands in the text in place of the sensitive term: plural when the term is,
with "a"/"an" where English needs an article, capitalized at the start of a sentence."""
from spacy.tokens import Doc, Span

from spacy_anon.generalize.grammar import with_article
from spacy_anon.generalize.rendering import DETERMINERS
from spacy_anon.generalize.wordnet import noun_synsets
from spacy_anon.sensitive import clinical


def is_plural(word: str, spec) -> bool:
    """A lower-case word that WordNet (`spec`) knows only through a singular form ("drugs", not "diabetes")."""
    if not word.islower() or not word.endswith("s") or word.endswith("ss"):
        return False
    return not noun_synsets(word, spec, lemmatize=False) and bool(noun_synsets(word, spec))


def render(doc: Doc, span: Span, word: str, spec) -> str:
    """The replacement as it stands in the text: plural when the term is ("antiretroviral drugs" ->
    "drugs"), "a"/"an" before a bare singular noun phrase that ends at punctuation or a function word
    ("diagnosed with HIV." -> "with an infection."; "HIV positive" keeps no article), and a capital at
    the start of a sentence. `spec`: the WordNet that tells plurals."""
    last = span[-1].text
    plural = is_plural(last, spec)
    value = pluralize(word) if plural and not is_plural(word.rpartition(" ")[2], spec) else word
    before = doc[span.start - 1] if span.start > 0 else None
    after = doc[span.end] if span.end < len(doc) else None
    ends_phrase = after is None or after.is_punct or after.is_stop
    if not plural and ends_phrase and not has_determiner(doc, span.start) \
            and word.lower() not in clinical.ADJECTIVES and not word.lower().startswith("last "):
        value = with_article(value)
    if before is None or doc.text[:span.start_char].rstrip()[-1:] in ".!?":
        value = value[:1].upper() + value[1:]
    return value


def has_determiner(doc: Doc, start: int, reach: int = 3) -> bool:
    """A determiner opens the noun phrase that ends in the span: looking back over at most `reach` words
    that are neither function words nor punctuation ("a devout Catholic", "his HIV")."""
    i = start - 1
    while i >= 0 and start - i <= reach + 1:
        token = doc[i]
        if token.lower_ in DETERMINERS:
            return True
        if token.is_punct or token.is_stop:
            return False
        i -= 1
    return False


def pluralize(phrase: str) -> str:
    """English plural of a phrase's last word by spelling rules ("drug" -> "drugs", "agency" -> "agencies")."""
    head, sep, last = phrase.rpartition(" ")
    lower = last.lower()
    if lower.endswith("y") and len(lower) > 1 and lower[-2] not in "aeiou":
        last = last[:-1] + "ies"
    elif lower.endswith(("s", "x", "z", "ch", "sh")):
        last = last + "es"
    else:
        last = last + "s"
    return f"{head}{sep}{last}"
