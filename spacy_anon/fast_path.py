"""The structured-identifier fast path: e-mails, phones, cards, IBANs, national ids, IPs, URLs, dates,
times, record numbers and credentials, for logs, tickets and exports scrubbed by the gigabyte.

It is `spacy.blank(lang)` (its tokenizer also splitting keys from values: `structured_blank`) + `anon_rules` restricted to the structured recognizers + `anon_mask`: the same
recognizers, checksums, context rules and hidden forms, the same replacement memory and table, so its
output is that pipeline's, character for character (`tests/test_rules_fast_path.py`). What makes it
fast: each plain pattern runs once over a batch of texts joined (`batch_scan`; with the optional
Hyperscan prefilter, over the texts where it can match: `rules.prefilter`), short texts are scanned by
`re` without look-ups (`scanning.SHORT_TEXT`), a text in which nothing is found is returned as it is
(`anon_mask` would change nothing in it), and a text with matches is masked on the string, without a
Doc, where that gives anon_mask's result exactly (`mask.raw_text`; the first such text, and any the
string masker does not reproduce, go through the Doc).

Structured recognizers: every built-in recognizer of the categories CONTACT, ID, CODE and DATETIME that
"all" runs (`STRUCTURED_LABELS`); not names, places, postal codes, addresses, ages or amounts, which
need words or context rather than a shape.

    from spacy_anon.fast_path import anonymize_structured
    for anonymized, table in anonymize_structured(lines):
        ...
"""
import gc
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

import spacy
from spacy.language import Language
from spacy.util import compile_infix_regex, minibatch

from spacy_anon.doc_keys import MEMORY_KEY
from spacy_anon.errors import Errors
from spacy_anon.mask.raw_text import RawMasker, supported
from spacy_anon.mask.settings import MOVED_TO_OPERATORS
from spacy_anon.pipeline import load_keywords, mask_settings, route_settings
from spacy_anon.rules.matching import STRUCTURED_LABELS
from spacy_anon.rules.recognizers import BUILT_IN

RULES, MASK = "anon_rules", "anon_mask"
BATCH = 256  # texts scanned together
# what joins a key to its value and the parts of a path or a query in logs, exports and forms
# ("phone=+44 ...", "/customers/88231945/orders", "?from=2025-01-01&user_id=42871", "ip:10.2.3.4"): split
# off by the structured pipeline's tokenizer, so a match stops at its value; spaCy's English infixes
# split "=" and "/" only before a letter, and a match grows to its whole token ("card=4111...")
KEY_SEPARATORS = r"[=&?;|/,:]"


def structured_recognizers() -> Tuple[str, ...]:
    """The names of the structured recognizers (see the module's docstring)."""
    return tuple(r.name for r in BUILT_IN if not r.opt_in and r.label in STRUCTURED_LABELS)


def structured_pipeline(lang: str = "en", *, config: Optional[Dict[str, Any]] = None, recognizers: Any = None,
                        deny_list: Any = None, **mask_config: Any) -> Language:
    """`structured_blank(lang)` + `anon_rules` (the structured recognizers) + `anon_mask`, every keyword of
    `spacy_anon.load` routed to the component that owns it (`recognizers` and `deny_list` add to the
    rules, `rules` sets anon_rules' settings). `config` (overrides of a model's config) has no
    pipeline config to change here and is refused (E280)."""
    if config:
        raise ValueError(Errors.E280)
    unknown = sorted(set(mask_config) - set(mask_settings()) - set(MOVED_TO_OPERATORS))
    if unknown:
        raise TypeError(Errors.E050.format(names=", ".join(unknown), valid=", ".join(load_keywords())))
    settings = route_settings(dict(mask_config), recognizers, deny_list)
    nlp = structured_blank(lang)
    rules_cfg = {"recognizers": list(structured_recognizers()), **settings.get(RULES, {})}
    nlp.add_pipe(RULES, config=rules_cfg)
    nlp.add_pipe(MASK, config=settings.get(MASK, {}))
    return nlp


def structured_blank(lang: str = "en") -> Language:
    """`spacy.blank(lang)` whose tokenizer also splits at `KEY_SEPARATORS` (its language's infixes kept):
    the pipeline the structured components are added to."""
    nlp = spacy.blank(lang)
    infixes = list(nlp.Defaults.infixes or ()) + [KEY_SEPARATORS]
    nlp.tokenizer.infix_finditer = compile_infix_regex(infixes).finditer
    nlp.tokenizer.url_match = None  # "email=jo@x.com" and "/search?to=jo@x.com&cc=..." are URL-shaped tokens:
    return nlp  # the rules find URLs themselves, so a token that holds a key and a value is split as the rest


def anonymize_structured(texts: Iterable[str], nlp: Optional[Language] = None, *, memory: Any = None,
                         batch_size: int = BATCH) -> Iterator[Tuple[str, List[Dict[str, Any]]]]:
    """(anonymized text, replacement table) of each text, in order, streamed batch by batch.

    nlp: a pipeline of `structured_pipeline` (default: its default settings, English).
    memory: a `ReplacementMemory` shared by every text (one entity, one replacement across them);
        None: each text is its own document, as `anon_mask` does by default.
    Fail closed: a text the pipeline could not anonymize raises (E281); nothing of it is returned.
    """
    nlp = nlp if nlp is not None else _default_pipeline()
    rules, mask = _components(nlp)
    for batch in minibatch(texts, size=max(1, batch_size)):
        for text in batch:
            if not isinstance(text, str):
                raise TypeError(Errors.E282.format(kind=type(text).__name__))
        done: List[Tuple[str, List[Dict[str, Any]]]] = []
        collecting = gc.isenabled()
        gc.disable()  # a batch makes many short-lived objects: see `_batch_results`
        try:
            error = _batch_results(nlp, rules, mask, batch, memory, done)
        finally:
            if collecting:
                gc.enable()
        yield from done
        if error is not None:
            raise error


def _batch_results(nlp: Language, rules: Any, mask: Any, batch: Sequence[str], memory: Any,
                   done: List[Tuple[str, List[Dict[str, Any]]]]) -> Optional[Exception]:
    """Fill `done` with the (anonymized text, table) of the batch's texts, in order, up to the first
    that fails; RETURNS that failure (raised after the texts before it are given), or None.

    The cyclic garbage collector is paused for this call only (not while the caller reads the
    results): the batch's objects are freed by their reference counts, and the collections in the
    middle of batches took 2 to 8 % of the fast path's time (`benchmarks/fast_path_profile.py`).
    Whatever cycles a batch leaves are collected once the collector runs again."""
    try:
        found = rules.match_batch(batch)
        with nlp.memory_zone():  # the strings and lexemes of the batch's docs are freed after it
            for item in _masked(nlp, rules, mask, batch, found, memory):
                done.append(item)
    except Exception as err:  # noqa: BLE001  (re-raised by the caller after the texts before it)
        return err
    return None


def _masked(nlp: Language, rules: Any, mask: Any, batch: Sequence[str], found: Sequence[Any],
            memory: Any) -> Iterator[Tuple[str, List[Dict[str, Any]]]]:
    """(anonymized text, table) of each text of a batch whose rule matches were found: on the string
    (`mask.raw_text`) where that gives anon_mask's result exactly, else through a Doc."""
    shared = memory if memory is not None else (mask.memory if mask.consistency == "pipeline" else None)
    raw = _raw_masker(nlp, rules, mask)
    if raw is not None:
        raw.new_batch()
    for text, matches in zip(batch, found):
        if not matches and (shared is None or not mask.has_key() or shared.scope is not None):
            # nothing found, and no shared memory whose key scope this document would fix: anon_mask
            # would change nothing (`tests/test_rules_fast_path.py`)
            yield text, []
            continue
        # the first document with matches goes through the Doc path, so the component's once-per-run
        # checks and warnings (W101: no detector of names) still run
        done = raw.mask_text(text, matches, shared) if raw is not None and raw.warm and matches else None
        if done is not None:
            yield done
            continue
        if raw is not None and matches:
            raw.warm = True
        doc = nlp.make_doc(text)
        if memory is not None:
            doc.user_data[MEMORY_KEY] = memory
        doc = mask(rules(doc, matches=matches))
        if doc._.anon_status != "ok" or doc._.anon_text is None:
            raise ValueError(Errors.E281)
        yield doc._.anon_text, [dict(row) for row in doc._.anon_table]


def _components(nlp: Language) -> Tuple[Any, Any]:
    """The pipeline's anon_rules and anon_mask, when they are all it runs (else E283)."""
    if list(nlp.pipe_names) != [RULES, MASK]:
        raise ValueError(Errors.E283.format(pipes=", ".join(nlp.pipe_names) or "none"))
    return nlp.get_pipe(RULES), nlp.get_pipe(MASK)


_DEFAULT: List[Language] = []
_RAW: Dict[int, Tuple[Any, RawMasker]] = {}  # id(anon_mask) -> (the component, its raw-text masker)


def _raw_masker(nlp: Language, rules: Any, mask: Any) -> Optional[RawMasker]:
    """The string masker of the pipeline when its settings allow one (`raw_text.supported`, checked at
    every batch: a key or an allow list may be added between batches)."""
    if not supported(mask, rules):
        return None
    held = _RAW.get(id(mask))
    if held is None or held[0] is not mask:
        if len(_RAW) > 16:
            _RAW.clear()
        held = _RAW[id(mask)] = (mask, RawMasker(nlp, rules, mask))
    return held[1]


def _default_pipeline() -> Language:
    if not _DEFAULT:
        _DEFAULT.append(structured_pipeline())
    return _DEFAULT[0]


__all__ = ["STRUCTURED_LABELS", "anonymize_structured", "structured_pipeline", "structured_recognizers"]
