"""What the writer's own typing says about a word, for `generic_words.NameSignals`.

The CRF's span filters read a doc whose lines in lower case or in capitals were truecased
(`spacy_anon.casing`): there a capital is the truecaser's guess from its word table, which counts titles
("Happy", "Hotel", "Night" come out capitalised), not the writer's. So a capital the truecaser gave is
evidence of a name only with something more: a run of capitalised words ("County Administrative Board"),
a word no frequent English use explains, or a gazetteer name. And what the writer typed in lower case
stays a topic or a word: a lower-case hashtag ("#legday"), a surname of the gazetteer that is also a
frequent word ("her ring", "the park").
"""
from functools import lru_cache
from typing import Callable, FrozenSet, Optional, Sequence

from spacy.tokens import Doc

from spacy_anon.lexicon.category_words import ORG_HEADS
from spacy_anon.lexicon.generic_words import folded
from spacy_anon.rules.recognizers.addresses import STREET_TYPE_WORDS

# Words that head the names of organisations, public bodies and places ("Home Office", "Legal Aid Board",
# "Revolutionary Way", "ferry lane"): a capital the truecaser gave one of them is the table's record of a
# name, kept as evidence; frequent words of other kinds ("Happy", "Night") are not.
NAME_HEADS = ORG_HEADS | STREET_TYPE_WORDS | frozenset(
    "parliament government board committee assembly senate congress campaign movement party front arena "
    "stadium tribunal court council ministry department directorate inspectorate ombudsman".split())


def topic_tag(doc: Doc, written: Optional[Sequence[str]], i: int) -> bool:
    """Token i is a hashtag typed in lower case ("#legday", "#commuterlife"): a topic ("#Obama" may be a
    name). written: the tokens as typed (None: the doc's own)."""
    text = written[i] if written is not None else doc[i].text
    return i > 0 and doc[i - 1].text == "#" and not doc[i - 1].whitespace_ and text.islower()


def emphasis(doc: Doc, i: int) -> bool:
    """Token i, of four letters or more, is the only word in capitals where it stands ("UPDATE she's home",
    "from Leeds AGAIN"): typed so for emphasis. Two together may be a name ("STAR WARS", "WORST DRIVERS")."""
    for k in (i - 1, i + 1):
        if 0 <= k < len(doc) and doc[min(i, k)].whitespace_ and doc[k].is_alpha and len(doc[k]) > 1 \
                and doc[k].text.isupper():
            return False
    return len(doc[i]) >= 4


def capitalised_neighbour(doc: Doc, i: int, plain: Callable[[str, int], bool]) -> bool:
    """Token i has a capitalised word right before or after it, one space apart, that is no plain word
    (`plain(folded word, index)`: a stop word, greeting, shorthand...): the two run on as one name."""
    for k in (i - 1, i + 1):
        if 0 <= k < len(doc) and doc[min(i, k)].whitespace_ == " " and doc[k].is_alpha \
                and doc[k].text[:1].isupper() and not plain(folded(doc[k].text), k):
            return True
    return False


@lru_cache(maxsize=4)
def surnames_only(last_names: FrozenSet[str], first_names: FrozenSet[str]) -> FrozenSet[str]:
    """The gazetteer's surnames that are no given name ("park", "ring"; not "grace", "mark"), once per
    gazetteer (a frozenset keeps its hash)."""
    return frozenset(last_names) - frozenset(first_names)


def typed_word_evidence(w: str, plain: bool, is_common: Callable[[str], bool], name_word: Callable[[str], bool],
                        places: FrozenSet[str]) -> bool:
    """Whether folded word w, typed in lower case, is by itself evidence of a name: a gazetteer name or
    place, the head of an organisation or street name, or a word no dictionary lists; not a stop word,
    greeting or shorthand (`plain`). `name_tails` reads the core of a name on a line typed in lower case so."""
    if plain:
        return False
    return name_word(w) or w in places or w in NAME_HEADS or not is_common(w)

