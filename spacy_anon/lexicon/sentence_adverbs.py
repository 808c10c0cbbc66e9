"""English adverbs that open a sentence and never a name ("Later Green Park Cafe closed", "Soon Kowalski
denied it"): time, sequence and the writer's stance. A capitalised word before other capitalised words and a
verb reads like a given name ("Will Smith called"); these words are not names, so the tagger's span loses
them. A closed list, not every "-ly" word: "Daily", "Weekly", "Friendly", "Holy" open the names of papers,
societies and hospitals. None of them is a given name or surname of the shipped gazetteers (a test checks)."""
from typing import FrozenSet

OPENING_ADVERBS: FrozenSet[str] = frozenset("""
later then yesterday today tonight tomorrow soon afterwards afterward meanwhile meantime instead once again
also now thereafter subsequently previously earlier lately recently finally eventually initially originally
suddenly immediately shortly presently currently nowadays overnight sometimes usually normally typically
generally firstly secondly thirdly lastly unfortunately fortunately luckily sadly apparently obviously clearly
hopefully actually basically anyway anyhow however nevertheless nonetheless moreover furthermore besides
otherwise therefore thus hence accordingly consequently perhaps maybe honestly frankly surprisingly
interestingly unsurprisingly importantly similarly likewise alternatively additionally ultimately briefly
""".split())


# possessive determiners that open a sentence before a name ("My Tesco Clubcard number"); not "her", "his"
# ("Her Majesty's Prison Durham") nor "our" ("Our Lady of Lourdes Hospital"), which open names
OPENING_POSSESSIVES: FrozenSet[str] = frozenset({"my", "your", "their"})


def opening_adverb(word: str, sentence_start: bool) -> bool:
    """Whether `word` (lower case) is an adverb opening its sentence, never part of a name after it."""
    return sentence_start and word in OPENING_ADVERBS


def opening_word(word: str, sentence_start: bool) -> bool:
    """Whether `word` (lower case) opens its sentence and never a name: an adverb (`OPENING_ADVERBS`) or a
    possessive determiner (`OPENING_POSSESSIVES`)."""
    return sentence_start and (word in OPENING_ADVERBS or word in OPENING_POSSESSIVES)
