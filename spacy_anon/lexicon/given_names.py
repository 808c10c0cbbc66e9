"""English given names and surnames. The given names with those that are also words ("Will", "May",
"Bill"), which Faker's lists leave out: after a title or a care role, a word of this list followed by a surname is a given name ("Nurse Will
Cook", "mr will smith"), while the same word elsewhere stays a word ("will be", "may go")."""
from functools import lru_cache
from typing import FrozenSet

from spacy_anon.lexicon.gazetteers import load_gazetteer

ENGLISH_FIRST_NAME_SOURCES = "faker:person.first_names:en_US,en_GB,en_IE"
ENGLISH_LAST_NAME_SOURCES = "faker:person.last_names:en_US,en_GB,en_IE"
# the short forms English speakers call each other by that Faker's lists leave out and no dictionary lists
# ("uncle pete", "ask gaz", "my mate kev"); not the short forms that are words or abbreviations ("tel", "val", "ed")
SHORT_GIVEN_NAMES = frozenset(
    "pete stevie davy gaz baz daz kev phil becca vicky liz lizzie jen freddie archie alfie ollie jonny mikey tash "
    "shaz trev nige gav tez bev jess abi steph mick kez".split())
WORD_GIVEN_NAMES = frozenset(
    "will may bill mark rose grace hope faith joy june april art pat ray dawn sue bob jack sunny robin rob "
    "holly ivy jade ruby amber heather olive lily daisy poppy violet hazel iris".split())


@lru_cache(maxsize=1)
def english_given_names() -> FrozenSet[str]:
    """Faker's English given names and `WORD_GIVEN_NAMES`, in lower case."""
    return load_gazetteer(ENGLISH_FIRST_NAME_SOURCES) | WORD_GIVEN_NAMES


@lru_cache(maxsize=1)
def english_surnames() -> FrozenSet[str]:
    """Faker's English surnames in lower case, also those that are words ("blades", "young")."""
    return load_gazetteer(ENGLISH_LAST_NAME_SOURCES)


# the words that say whose a relative is ("my husband", "her son")
POSSESSIVE_DETERMINERS = frozenset("my his her their our your its".split())

# the words a relative or a neighbour is named after ("son bill", "wife, rose", "NEIGHBOUR SUE")
KINSHIP_WORDS = (
    "son", "sons", "daughter", "daughters", "dtr", "husband", "wife", "brother", "sister", "mother", "father",
    "mom", "mum", "dad", "grandson", "granddaughter", "grandmother", "grandfather", "niece", "nephew",
    "aunt", "uncle", "cousin", "stepson", "stepdaughter", "fiance", "fiancé", "fiancee", "partner",
    "boyfriend", "girlfriend", "friend", "neighbor", "neighbour",
)
