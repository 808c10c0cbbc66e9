"""Restore what the `encrypt` strategy replaced: every encrypted token of an anonymized text that
verifies under the key becomes its original value again, wherever it now stands.

Tokens are found in the text itself, not at the table's offsets, so a token cut or altered by an edit
does not keep the others from being restored. AES-SIV authenticates: a token that was changed, cut, or
made with another key never decrypts to a wrong value, it fails. The table says which rows held a token
(their `replacement`): a row whose token is not found intact in the text is reported as failed, by its
index, never by its value.
"""
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from spacy_anon.generalize.grammar import indefinite_article
from spacy_anon.mask.operators.encrypt import PREFIX, PREFIX_V1, TOKEN, decrypt_token

ARTICLES = ("a", "an", "A", "An")


@dataclass(frozen=True)
class Restoration:
    """text: the text with every token that verified decrypted; restored: how many tokens were;
    failed: indices of the rows whose token could not be restored (cut, altered, another key);
    kept: rows of other strategies (their replacements cannot be undone)."""

    text: str
    restored: int
    failed: Tuple[int, ...]
    kept: int


def token_of_replacement(replacement: Any) -> Tuple[Optional[str], Optional[str]]:
    """(article or None, token) of a row's replacement that holds an encrypted token ("an ENC2:..." when
    anon_mask made an article agree with it); (None, None) for any other replacement."""
    if not isinstance(replacement, str):
        return None, None
    if TOKEN.fullmatch(replacement):
        return None, replacement
    article, _, rest = replacement.partition(" ")
    if article in ARTICLES and TOKEN.fullmatch(rest):
        return article, rest
    return None, None


def _token_starts(text: str) -> List[int]:
    """Where a token prefix (`ENC2:` or `ENC:`) starts in `text`, in order."""
    starts, pos = [], text.find("ENC")
    while pos >= 0:
        if text.startswith(PREFIX, pos) or text.startswith(PREFIX_V1, pos):
            starts.append(pos)
        pos = text.find("ENC", pos + 1)
    return starts


def restore_text(secret: bytes, anonymized: str, spans: Sequence[Mapping[str, Any]]) -> Restoration:
    """Decrypt every token of `anonymized` that verifies; `spans` are the record's table rows (they need
    only `replacement`; `anon_start` orders rows that hold the same token)."""
    wanted: Dict[str, List[Tuple[int, Optional[str]]]] = {}  # token -> (row, article), in text order
    order = sorted(range(len(spans)), key=lambda i: (spans[i].get("anon_start") or 0, i))
    for i in order:
        article, token = token_of_replacement(spans[i].get("replacement"))
        if token is not None:
            wanted.setdefault(token, []).append((i, article))
    pieces, pos, restored, matched = [], 0, 0, 0
    for start in _token_starts(anonymized):
        if start < pos:
            continue
        listed = [t for t in wanted if wanted[t] and anonymized.startswith(t, start)]
        found = TOKEN.match(anonymized, start)
        token = max(listed, key=len) if listed else (found.group() if found else "")
        try:
            value = decrypt_token(secret, token)
        except ValueError:
            continue  # not restorable: a row that expected a token here is reported below
        article = None
        if listed:  # equal tokens (equal values): the row that stood nearest
            rows = wanted[token]
            nearest = min(range(len(rows)), key=lambda k: abs((spans[rows[k][0]].get("anon_start") or 0) - start))
            _, article = rows.pop(nearest)
            matched += 1
        begin = start
        before = anonymized[:start]
        if article is not None and before.endswith(article + " "):  # the article anon_mask made agree
            begin = start - len(article) - 1
            agreeing = indefinite_article(value)
            value = f"{agreeing.capitalize() if article[0].isupper() else agreeing} {value}"
        pieces += [anonymized[pos:begin], value]
        pos = start + len(token)
        restored += 1
    pieces.append(anonymized[pos:])
    failed = tuple(sorted(i for rows in wanted.values() for i, _ in rows))
    return Restoration("".join(pieces), restored, failed, len(spans) - matched - len(failed))
