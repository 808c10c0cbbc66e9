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


# what a brand of clothing follows in a description ("wearing a grey North Face jacket", "in his Nike trainers")
BRAND_LEADS = frozenset("a an the his her their my your our wearing in new old".split())


def branded_garment(doc: Doc, start: int, end: int) -> bool:
    """Whether tokens start..end are a make of clothing, with its colours, right before the garment ("grey
    North Face" of "wearing a grey North Face jacket", "Nike" of "his Nike trainers", "trainers and a Superdry"
    of "black Nike trainers and a Superdry coat"): what someone wore, no person and no organisation of theirs.
    The make's words are capitalised, one to three of them, after an article, a possessive, a colour or
    "wearing" (not "gave Tom jacket")."""
    i, led = start, start > 0 and (doc[start - 1].lower_ in BRAND_LEADS or doc[start - 1].lower_ in COLOURS)
    while i < end and doc[i].is_lower and (doc[i].lower_ in COLOURS or doc[i].lower_ in GARMENTS
                                           or doc[i].lower_ in LINKS or doc[i].lower_ in BRAND_LEADS):
        led = led or doc[i].lower_ in BRAND_LEADS or doc[i].lower_ in COLOURS
        i += 1
    makes = [t for t in doc[i:end]]
    if not 1 <= len(makes) <= 3 or not all(t.is_alpha and t.text[:1].isupper() for t in makes):
        return False
    after = end
    while after < len(doc) and after - end < 3 and doc[after].lower_ in COLOURS:
        after += 1
    return led and after < len(doc) and doc[after].lower_ in GARMENTS
