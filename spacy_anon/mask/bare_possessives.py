"""A possessive typed without its apostrophe, as chats and texts do: "jakes bday", "sams party", "my mums
house". A tagger reads the word and the noun after it as one name (a place, a company); the word is a
given name and an "s" (the person, whose mention the span should be) or a kinship word and an "s" (no name
at all)."""
from typing import Callable, Optional, Tuple

from spacy.tokens import Doc

from spacy_anon.lexicon.company_names import company
from spacy_anon.lexicon.generic_words import zipf
from spacy_anon.lexicon.place_names import fold_accents, known_place_names
from spacy_anon.mask.person_starts import KIN
from spacy_anon.rules.recognizers.names import first_names

RARE_OWNER_ZIPF = 3.5  # a capitalised word no list holds, rarer than this, owning a home is a person's name ("Marjorie")
# what a person's possessive names in a chat: an event, a home, a relative
POSSESSED = frozenset("bday birthday party do house place flat gaff room car wedding funeral leaving hen stag "
                      "engagement christening baby mum mam mom dad nan brother sister bro sis wife husband bf gf "
                      "boyfriend girlfriend kids dog".split())


def bare_possessive(doc: Doc, start: int, end: int, is_given_name: Callable[[str], bool]) -> Optional[Tuple[str, int]]:
    """("person", k) when the span start..end is a lower-case given name with an "s" glued on, alone or with the
    noun it owns ("jakes", "jakes bday"), or a capitalised given name with its "'s" and such a noun
    ("Marjorie's house"): the person is token start to k; ("kin", start) for a kinship word
    so ("mums house"), which names no one; None otherwise."""
    tok = doc[start]
    noun = start + 2 if start + 1 < end and doc[start + 1].lower_ in ("'s", "’s") else start + 3 \
        if start + 2 < end and doc[start + 1].text in ("'", "’") and doc[start + 2].lower_ == "s" else -1
    if noun > 0 and end == noun + 1 and tok.is_title and tok.is_alpha and doc[noun].lower_ in POSSESSED \
            and (is_given_name(tok.lower_) or tok.lower_ in first_names() or (
                zipf(tok.lower_) < RARE_OWNER_ZIPF and fold_accents(tok.lower_) not in known_place_names()
                and not company(tok.text + "'s"))):
        return "person", start + 1  # "Marjorie's house" a tagger read as an organisation: Marjorie
    if end - start > 2 or not tok.is_lower or not tok.is_alpha or len(tok.text) < 4 or not tok.text.endswith("s") \
            or start + 1 >= len(doc) or doc[start + 1].lower_ not in POSSESSED or not tok.whitespace_:
        return None
    stem = tok.text[:-1]
    if stem in KIN:
        return "kin", start
    return ("person", start + 1) if is_given_name(stem) else None
