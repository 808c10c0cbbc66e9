"""Whether a capitalised phrase that anon_disclosure flags is a person's name by its shape: a known first
name followed by one to three capitalised words ("Brad Pitt", "Jennifer Aniston"), perhaps after a title
and before a number ("Queen Elizabeth II", "Governor Gray Davis"); "J. K. Rowling" is not caught (its
first word is an initial).

The scorer finds what discloses, not what it is; without a NER its spans are MISC. A MISC "Brad Pitt"
cannot be generalized to "a person" (a person word over something that is not a person is vacuous), so
it was tagged. Labelling it PERSON lets the generalizer write "a person" and lets anon_mask treat it as a
name (its parts are masked where they appear alone). Guards, so that titles and organisations stay MISC:
every word capitalised and alphabetic (hyphens and apostrophes inside a word allowed: "Gordon-Levitt",
"O'Brien"), no possessive ("Charlie's Angels"), the last word is no organisation, place or work word
("Jim Henson Company", "Martin Luther King Jr. Boulevard" is 5 words), and the phrase does not modify a
noun that follows it ("the Harry Potter films") nor follows "in", "on" or "the" ("starred in Harry
Potter", "won the Victoria Cross"). English texts only (the guards are English words).
"""
import re

from spacy.tokens import Span

from spacy_anon.rules.recognizers import first_names

_WORD = re.compile(r"^(?:Mc|Mac|O')?[^\W\d_a-z][^\W\d_A-Z]+(?:[-'’][^\W\d_a-z]?[^\W\d_A-Z]+)*$")
# Last words that make a capitalised phrase an organisation, place, prize or work, not a person.
NOT_NAME_HEADS = frozenset((
    "company companies records studios studio pictures films productions entertainment media group network "
    "university college school academy institute foundation fund trust guild association society "
    "council agency ministry department party magazine times journal herald tribune gazette theatre "
    "theater festival hospital cathedral museum club orchestra band army navy street road avenue "
    "boulevard square bridge center centre tower building river mountain island "
    "city county state award awards prize prizes medal trophy cup show series film movie book novel "
    "trilogy saga franchise universe war wars stories games game beach bay valley springs heights falls"
).split())
# Lower-case nouns that a name before them modifies ("the Harry Potter films").
_MODIFIED = frozenset((
    "film films movie movies series franchise book books novel novels character characters show shows "
    "saga trilogy sequel sequels universe role roles musical play comedy drama"
).split())
_DETERMINERS = frozenset(["the", "a", "an"])
# Titles and ranks before a first name ("Queen Elizabeth II", "Governor Gray Davis"), and what may end a name.
TITLES = frozenset((
    "sir dame lord lady queen king prince princess president governor senator congressman congresswoman mayor "
    "ambassador captain colonel general major lieutenant sergeant commander admiral detective agent marshal "
    "judge justice dr dr. doctor mr mr. mrs mrs. ms ms. professor prof prof. father reverend"
).split())
_SUFFIXES = frozenset(["ii", "iii", "iv", "jr", "jr.", "sr", "sr."])


def looks_like_person_name(span: Span) -> bool:
    """A first name followed by one to three capitalised words, not a title, organisation or place."""
    words = span.text.split()  # "Gordon-Levitt" is three tokens and one word
    if words and words[0].lower() in _DETERMINERS:
        return False  # "The Rock", "the Golden Gate": a determiner opens titles and places, not names
    size = len(words)
    while len(words) > 1 and words[0].lower() in TITLES:
        words = words[1:]  # "U.S. Marshal Samuel Gerard" is not matched: "U.S." is no title word
    if len(words) > 1 and words[-1].lower() in _SUFFIXES:
        words = words[:-1]
    least = 1 if len(words) < size else 2  # "Queen Elizabeth II": a title or a number makes one name enough
    if not least <= len(words) <= 4 or not all(_WORD.match(w) and not w.endswith(("'s", "’s")) for w in words):
        return False
    if words[0].lower() not in first_names() or words[-1].lower() in NOT_NAME_HEADS:
        return False
    doc = span.doc
    if doc.lang_ != "en":
        return False  # the first names are international, the guards below English
    if span.start > 0 and doc[span.start - 1].lower_ in ("in", "on", "the"):
        return False  # "starred in Harry Potter", "won the Victoria Cross": a title or a thing, not a person
    nxt = doc[span.end] if span.end < len(doc) else None
    if nxt is not None and (nxt.text in ("'s", "’s") and span.end + 1 < len(doc)
                            and doc[span.end + 1].lower_ in _MODIFIED or nxt.lower_ in _MODIFIED):
        return False
    return True


__all__ = ["NOT_NAME_HEADS", "TITLES", "looks_like_person_name"]
