"""A product's make and model in a tagger's span ("Ford Focus", "black Samsung Galaxy S23"): the words
`lexicon.product_makes` reads, found among a span's tokens."""
from typing import Callable, List, Optional, Tuple

from spacy.tokens import Span, Token

from spacy_anon.lexicon import product_makes


def model_tokens(piece: Span, is_given_name: Callable[[str], bool]) -> Optional[Tuple[int, int]]:
    """The tokens of a product's make and model in `piece` (`product_makes.model_words`), or None."""
    if not any(t.lower_ in product_makes.FIRST_WORDS for t in piece[:4]):
        return None  # no make or model among its first words: most spans
    groups: List[List[Token]] = []  # words as written: "Mercedes-Benz" is one
    for token in piece:
        if groups and not groups[-1][-1].whitespace_ and (token.text == "-" or groups[-1][-1].text == "-" or (
                token.is_alpha and groups[-1][-1].is_digit)):  # "320d" of "BMW 320d", split by the tokenizer
            groups[-1].append(token)
        elif not token.is_punct:
            groups.append([token])
    found = product_makes.model_words(["".join(t.text for t in g) for g in groups], is_given_name)
    if found is None:
        return None
    return groups[found[0]][0].i, groups[found[1] - 1][-1].i + 1
