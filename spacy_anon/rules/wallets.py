"""Cryptocurrency wallet addresses: the checksums that tell a Bitcoin address from a random string.

Base58Check (legacy P2PKH "1..." and P2SH "3..." addresses): the last 4 bytes of the decoded address are
the first 4 bytes of SHA-256(SHA-256(version + payload)). Bech32 / Bech32m (SegWit "bc1..." addresses,
BIP-173 and BIP-350): a BCH checksum over the human-readable part and the data characters; witness
version 0 uses Bech32, versions 1-16 Bech32m. Ethereum addresses have no checksum that hashlib can
check (EIP-55 uses Keccak-256, which is not SHA3-256), so they are recognized by shape only.
"""
import hashlib
from typing import List, Optional

BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_BASE58_INDEX = {c: i for i, c in enumerate(BASE58_ALPHABET)}
BITCOIN_VERSIONS = (0x00, 0x05)  # mainnet P2PKH, P2SH

BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
_BECH32_INDEX = {c: i for i, c in enumerate(BECH32_CHARSET)}
_BECH32_GEN = (0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)
BECH32_CONST = 1
BECH32M_CONST = 0x2BC830A3


def base58_decode(value: str) -> Optional[bytes]:
    """The bytes a Base58 string encodes (leading "1"s are zero bytes), or None if a character is not
    in the alphabet."""
    number = 0
    for c in value:
        digit = _BASE58_INDEX.get(c)
        if digit is None:
            return None
        number = number * 58 + digit
    body = number.to_bytes((number.bit_length() + 7) // 8, "big") if number else b""
    return b"\x00" * (len(value) - len(value.lstrip("1"))) + body


def bitcoin_base58_valid(value: str) -> bool:
    """A mainnet P2PKH / P2SH address: 25 bytes, a known version byte and a matching double-SHA-256
    checksum."""
    raw = base58_decode(value)
    if raw is None or len(raw) != 25 or raw[0] not in BITCOIN_VERSIONS:
        return False
    return hashlib.sha256(hashlib.sha256(raw[:-4]).digest()).digest()[:4] == raw[-4:]


def _bech32_polymod(values: List[int]) -> int:
    chk = 1
    for v in values:
        top = chk >> 25
        chk = (chk & 0x1FFFFFF) << 5 ^ v
        for i, gen in enumerate(_BECH32_GEN):
            if (top >> i) & 1:
                chk ^= gen
    return chk


def bech32_valid(value: str, hrp: str = "bc") -> bool:
    """A SegWit address for `hrp`: one case, the checksum constant its witness version requires
    (Bech32 for version 0, Bech32m for 1-16) and a witness program of a possible length."""
    if value.lower() != value and value.upper() != value:
        return False  # mixed case is invalid in Bech32
    v = value.lower()
    sep = v.rfind("1")
    if v[:sep] != hrp or not 8 <= len(v) <= 90 or len(v) - sep - 1 < 7:
        return False
    try:
        data = [_BECH32_INDEX[c] for c in v[sep + 1:]]
    except KeyError:
        return False
    expanded = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    const = _bech32_polymod(expanded + data)
    version = data[0]
    if version > 16 or const != (BECH32_CONST if version == 0 else BECH32M_CONST):
        return False
    program_bits = (len(data) - 7) * 5  # the data after the version, less the 6 checksum characters
    program_bytes = program_bits // 8
    if program_bits % 8 > 4 or not 2 <= program_bytes <= 40:
        return False
    return version != 0 or program_bytes in (20, 32)
