"""Secret keys: how hard one is to guess (an estimate) and how to make a strong one.

A key protects every keyed operator (pseudonym, hash, encrypt, keyed surrogates and date shifts): whoever
guesses it can recompute them for candidate values, or decrypt. A key's length alone says little
("aaaaaaaaaaaaaaaa" has 16 characters and no secret in it), so `estimated_bits` counts what an attacker
must guess: a key made of one shorter unit repeated counts as that unit, and a character that repeats the
one before or continues a run ("1234", "abcd", "9876") adds nothing. Each remaining character adds
log2 of the alphabet the key draws from (lower case, upper case, digits, punctuation, other). It is an
estimate that rejects the obvious, not a proof of strength: `new_key()` (`spacy-anon keygen`) gives
256 random bits.
"""
import base64
import math
import os
import string

MIN_KEY_BITS = 64
KEY_BYTES = 32


def new_key() -> str:
    """A strong key: 32 random bytes, base64url without padding (43 characters, 256 bits)."""
    return base64.urlsafe_b64encode(os.urandom(KEY_BYTES)).decode("ascii").rstrip("=")


def shortest_unit(key: str) -> str:
    """The shortest prefix whose repetition (the last copy possibly cut short) gives `key`."""
    for size in range(1, len(key)):
        if all(key[i] == key[i % size] for i in range(size, len(key))):
            return key[:size]
    return key


def _alphabet(chars: str) -> int:
    pools = ((string.ascii_lowercase, 26), (string.ascii_uppercase, 26), (string.digits, 10),
             (string.punctuation + " ", 33))
    size = sum(n for pool, n in pools if any(c in pool for c in chars))
    if any(ord(c) > 127 for c in chars):
        size += 100
    return max(size, 2)


def estimated_bits(key: str) -> float:
    """About how many bits of guessing `key` takes (see the module docstring)."""
    unit = shortest_unit(key)
    counted, step = 0, None
    for i, char in enumerate(unit):
        diff = ord(char) - ord(unit[i - 1]) if i else None
        if diff is not None and (diff == 0 or (abs(diff) == 1 and step == diff)):
            step = diff
            continue  # a repeat, or a run going on: guessed with the character before
        step = diff if diff is not None and abs(diff) == 1 else None
        counted += 1
    return counted * math.log2(_alphabet(unit))
