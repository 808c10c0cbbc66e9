"""What someone wore, described by its colour and kind ("GREY HOODIE", "a dark blue puffer jacket", "black
trainers"): an incident report's or a witness's description, which a tagger reads as a name in a line
typed in one case. It describes; it names no one (`span_kinds.decide_categories` drops such a span).
A company named like a garment ("Red Hat") is written in title case and is left alone."""
from typing import Sequence

from spacy.tokens import Doc

COLOURS = frozenset((
    "black", "white", "grey", "gray", "red", "blue", "green", "yellow", "orange", "purple", "pink", "brown", "navy",
    "beige", "cream", "maroon", "burgundy", "khaki", "olive", "tan", "silver", "gold", "dark", "light", "pale",
    "bright", "faded", "striped", "checked", "tartan", "camo", "camouflage", "denim", "leather", "wool", "woollen",
    "woolen", "cotton", "fleece", "padded", "puffer", "quilted", "hooded", "long", "short", "baggy", "tight",
    "high-vis", "hi-vis", "hi-viz", "reflective", "waterproof", "sleeveless", "zip-up",
))
GARMENTS = frozenset((
    "hoodie", "hoodies", "hoody", "jacket", "jackets", "coat", "coats", "jeans", "trousers", "joggers", "trackies",
    "tracksuit", "leggings", "shorts", "skirt", "dress", "shirt", "t-shirt", "tshirt", "tee", "top", "jumper",
    "sweater", "sweatshirt", "cardigan", "gilet", "parka", "anorak", "raincoat", "mac", "cap", "hat", "beanie",
    "balaclava", "scarf", "gloves", "trainers", "sneakers", "boots", "shoes", "sandals", "uniform", "overalls",
    "vest", "rucksack", "backpack", "handbag", "holdall", "bag",
))
LINKS = frozenset(("and", "&", "with", ",", "/"))  # "BLACK JEANS AND WHITE TRAINERS"


def worn_description(words: Sequence[str]) -> bool:
    """Whether `words` (a span's words) are colours, materials and cuts and at least one garment, written
    in lower case or in capitals (not "Red Hat")."""
    folded = [w.lower() for w in words]
    if not folded or len(folded) > 8 or not any(w in GARMENTS for w in folded) or folded[0] in LINKS:
        return False
    if not all(w.islower() or w.isupper() for w in words if w[:1].isalpha()):
        return False
    return all(w in COLOURS or w in GARMENTS or w in LINKS for w in folded)


def worn_span(doc: Doc, start: int, end: int) -> bool:
    """Whether tokens start..end are a `worn_description`, with the colours and garments right after them
    ("dark blue" of "a dark blue puffer jacket")."""
    stop = end
    while stop < len(doc) and stop - start < 8 and (doc[stop].lower_ in COLOURS or doc[stop].lower_ in GARMENTS):
        stop += 1
    return worn_description([t.text for t in doc[start:stop] if not t.is_space])
