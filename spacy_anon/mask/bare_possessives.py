"""A possessive typed without its apostrophe, as chats and texts do: "jakes bday", "sams party", "my mums
house". A tagger reads the word and the noun after it as one name (a place, a company); the word is a
given name and an "s" (the person, whose mention the span should be) or a kinship word and an "s" (no name
at all)."""
from typing import Callable, Optional, Tuple

from spacy.tokens import Doc

from spacy_anon.mask.person_starts import KIN

# what a person's possessive names in a chat: an event, a home, a relative
POSSESSED = frozenset("bday birthday party do house place flat gaff room car wedding funeral leaving hen stag "
                      "engagement christening baby mum mam mom dad nan brother sister bro sis wife husband bf gf "
                      "boyfriend girlfriend kids dog".split())


def bare_possessive(doc: Doc, start: int, end: int, is_given_name: Callable[[str], bool]) -> Optional[Tuple[str, int]]:
    """("person", k) when the span start..end is a lower-case given name with an "s" glued on, alone or with the
    noun it owns ("jakes", "jakes bday"): the person is token start to k; ("kin", start) for a kinship word
    so ("mums house"), which names no one; None otherwise."""
    tok = doc[start]
    if end - start > 2 or not tok.is_lower or not tok.is_alpha or len(tok.text) < 4 or not tok.text.endswith("s") \
            or start + 1 >= len(doc) or doc[start + 1].lower_ not in POSSESSED or not tok.whitespace_:
        return None
    stem = tok.text[:-1]
    if stem in KIN:
        return "kin", start
    return ("person", start + 1) if is_given_name(stem) else None
